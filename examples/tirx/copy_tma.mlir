// A TMA copy kernel (sm_90a): each CTA fetches a 128x32 f32 tile of A with
// one cp.async.bulk.tensor into 128-byte-swizzled shared memory, completing
// on an mbarrier, then its 128 threads write the tile to B with 16-byte
// stores. Thread 0 initialises the mbarrier and issues the copy; every
// thread waits on phase 0.
//
// The kernel takes A's tensor map as an extra parameter (a pointer to the
// encoded map in device global memory), listed in the kernel's
// `tirx.tensor_maps` attribute for the launcher.
//
//   uop-opt --tirx-to-nvvm="chip=sm_90a" examples/tirx/copy_tma.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_90a
tirx.prim_func @copy_tma(%A: !tirx.buffer<8192x128xf32, global>,
                         %B: !tirx.buffer<8192x128xf32, global>)
    attributes {tirx.reference = #tirx.reference<copy>} {
  tirx.device_entry {
    %by, %bx = tirx.scope_id_def kernel -> cta [64, 4]
    %tx = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %one = arith.constant 1 : i32
    %phase = arith.constant 0 : i32
    %ticks = arith.constant 1000000 : i32
    %row = arith.muli %by, %c128 : index
    %col = arith.muli %bx, %c32 : index
    %leader = arith.cmpi eq, %tx, %c0 : index
    %baddr = tirx.address_of %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %bar = llvm.inttoptr %baddr : i64 to !llvm.ptr<3>
    scf.if %leader {
      nvvm.mbarrier.init %bar, %one : !llvm.ptr<3>, i32
      // Make the initialised barrier visible to the async proxy (TMA
      // completes on it) before anyone uses it.
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    %gA = tirx.region %A[%row : 128, %col : 32] : !tirx.buffer<8192x128xf32, global>
    scf.if %leader {
      tirx.tile.copy_async <thread> %S, %gA barrier %mbar : !tirx.buffer<1xi64, shared> dispatch "tma"
          : !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>, !tirx.region<128x32, !tirx.buffer<8192x128xf32, global>>
    }
    nvvm.mbarrier.try_wait.parity %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
    %gB = tirx.region %B[%row : 128, %col : 32] : !tirx.buffer<8192x128xf32, global>
    tirx.tile.copy <cta> %gB, %S : !tirx.region<128x32, !tirx.buffer<8192x128xf32, global>>, !tirx.buffer<128x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,32):(32,1)]>>>
  }
  tirx.return
}
