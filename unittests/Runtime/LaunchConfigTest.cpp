//===- LaunchConfigTest.cpp - launches configured by the host IR ----------===//
//
// The runtime configures a launch from gpu.launch_func's operands only
// (evaluateLaunchConfig): constants, or arith on the host function's shape
// variables. A host function whose launch grid is edited to differ from the
// kernel's own gpu.known_grid_size runs on the operand's grid, on the PTX
// emulator behind the CUDA driver API (libuop-emu-cuda.so).
//
//===----------------------------------------------------------------------===//

#include "uop/Pipelines/Pipelines.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/GPUProgram.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

using namespace mlir;

namespace {

/// Four CTAs of 128 threads, each writing 1.0 to its own 128 elements.
constexpr const char *kFill = R"mlir(
tirx.prim_func @host(%A: !tirx.buffer<512xf32, global>) {
  tirx.launch @fill(%A) : (!tirx.buffer<512xf32, global>)
  tirx.return
}
tirx.prim_func @fill(%A: !tirx.buffer<512xf32, global>) {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [4]
    %t = tirx.scope_id_def cta -> thread [128]
    %c128 = arith.constant 128 : index
    %base = arith.muli %b, %c128 : index
    %i = arith.addi %base, %t : index
    %x = arith.constant 1.0 : f32
    tirx.buffer_store %x, %A[%i] : !tirx.buffer<512xf32, global>
  }
  tirx.return
}
)mlir";

/// A lowered-style host function: the grid is the elements over 128,
/// rounded up, of shape variable %n; the kernel says its grid is [4].
constexpr const char *kSymbolic = R"mlir(
module attributes {gpu.container_module} {
  func.func @host(%n: index, %s: i32) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c2 = arith.constant 2 : index
    %g = arith.ceildivui %n, %c128 : index
    %gy = arith.index_cast %s : i32 to index
    %bytes = arith.constant 4096 : i32
    gpu.launch_func @k::@f clusters in (%c2, %c1, %c1)
        blocks in (%g, %gy, %c2) threads in (%c128, %c1, %c1)
        dynamic_shared_memory_size %bytes
    return
  }
  gpu.module @k {
    gpu.func @f() kernel attributes {known_grid_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
}
)mlir";

/// The module's first gpu.launch_func.
gpu::LaunchFuncOp firstLaunch(ModuleOp m) {
  gpu::LaunchFuncOp found;
  m.walk([&](gpu::LaunchFuncOp l) {
    if (!found)
      found = l;
  });
  return found;
}

class LaunchConfigTest : public ::testing::Test {
protected:
  LaunchConfigTest() {
    DialectRegistry registry;
    uop::registerCompilerDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  MLIRContext ctx;
};

TEST_F(LaunchConfigTest, ArithOnShapeVariables) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kSymbolic, &ctx);
  ASSERT_TRUE(m);
  auto host = m->lookupSymbol<func::FuncOp>("host");
  llvm::DenseMap<Value, int64_t> known{{host.getArgument(0), 1000},
                                       {host.getArgument(1), 3}};
  llvm::Expected<uop::LaunchConfig> c =
      uop::evaluateLaunchConfig(firstLaunch(*m), known);
  ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(c->grid[0], 8u); // ceil(1000 / 128), not the kernel's 4
  EXPECT_EQ(c->grid[1], 3u);
  EXPECT_EQ(c->grid[2], 2u);
  EXPECT_EQ(c->block[0], 128u);
  EXPECT_EQ(c->cluster[0], 2u);
  EXPECT_EQ(c->cluster[1], 1u);
  EXPECT_EQ(c->shared, 4096u);
}

TEST_F(LaunchConfigTest, Errors) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kSymbolic, &ctx);
  ASSERT_TRUE(m);
  auto host = m->lookupSymbol<func::FuncOp>("host");
  gpu::LaunchFuncOp launch = firstLaunch(*m);
  // A shape variable without a value: the parameter is named.
  llvm::Expected<uop::LaunchConfig> c =
      uop::evaluateLaunchConfig(launch, llvm::DenseMap<mlir::Value, int64_t>());
  ASSERT_FALSE(bool(c));
  EXPECT_NE(llvm::toString(c.takeError())
                .find("its grid is computed by a "
                      "parameter of the host"),
            std::string::npos);
  // A grid of 0 CTAs (n = 0) is out of range.
  c = uop::evaluateLaunchConfig(
      launch, {{host.getArgument(0), 0}, {host.getArgument(1), 1}});
  ASSERT_FALSE(bool(c));
  EXPECT_NE(llvm::toString(c.takeError()).find("its grid is 0, not from 1"),
            std::string::npos);
}

/// The host function of kFill lowered by tirx-to-nvvm, its grid operand
/// replaced by `grid`, run on the emulator: the CTAs that ran wrote 1.0.
static void runFillOnGrid(MLIRContext &ctx, int64_t grid,
                          std::vector<float> &out) {
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(kFill, &ctx);
  ASSERT_TRUE(m);
  ASSERT_FALSE(bool(uop::runPipeline(*m, "tirx-to-nvvm", [](OpPassManager &pm) {
    uop::tirx::TIRxToNVVMPipelineOptions options;
    options.chip = "sm_80";
    uop::tirx::buildTIRxToNVVMPipeline(pm, options);
  })));
  gpu::LaunchFuncOp launch = firstLaunch(*m);
  ASSERT_TRUE(launch);
  OpBuilder b(launch);
  launch.getGridSizeXMutable().assign(
      arith::ConstantIndexOp::create(b, launch.getLoc(), grid));
  llvm::Expected<uop::LaunchConfig> config =
      uop::evaluateLaunchConfig(launch, llvm::DenseMap<mlir::Value, int64_t>());
  ASSERT_TRUE(bool(config)) << llvm::toString(config.takeError());
  EXPECT_EQ(config->grid[0], static_cast<unsigned>(grid));

  auto cu = uop::CudaDriver::open();
  ASSERT_TRUE(bool(cu)) << llvm::toString(cu.takeError());
  {
    uop::GPUProgram program(**cu);
    ASSERT_FALSE(bool(program.load(*m, "sm_80")));
    auto ptr = (*cu)->alloc(out.size() * sizeof(float));
    ASSERT_TRUE(bool(ptr));
    ASSERT_FALSE(bool((*cu)->memset8(*ptr, 0, out.size() * sizeof(float))));
    uop::DeviceBuffer buffer{*ptr, static_cast<int64_t>(out.size()),
                             Float32Type::get(&ctx)};
    ASSERT_FALSE(bool(program.addLaunch(uop::findKernel(*m, "fill"),
                                        {uop::KernelArg(buffer)}, *config)));
    ASSERT_FALSE(bool(program.launchAll()));
    ASSERT_FALSE(bool((*cu)->synchronize()));
    ASSERT_FALSE(
        bool((*cu)->copyToHost(out.data(), *ptr, out.size() * sizeof(float))));
    ASSERT_FALSE(bool((*cu)->free(*ptr)));
  }
}

TEST_F(LaunchConfigTest, LaunchRunsOnTheOperandsGrid) {
  // The kernel's known grid is 4; the host IR says 2 (then 3).
  setenv("UOP_CUDA_DRIVER", UOP_EMU_CUDA_LIBRARY, 1);
  setenv("UOP_CUDA_LOAD", "ptx", 1);
  for (int64_t grid : {2, 3}) {
    std::vector<float> out(512, 0.0f);
    runFillOnGrid(ctx, grid, out);
    int64_t ones = 0;
    for (float x : out)
      ones += x == 1.0f;
    EXPECT_EQ(ones, grid * 128) << "grid " << grid;
    EXPECT_EQ(out[grid * 128 - 1], 1.0f);
    EXPECT_EQ(out[grid * 128], 0.0f);
  }
}

} // namespace
