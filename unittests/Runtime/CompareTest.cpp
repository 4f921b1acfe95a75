//===- CompareTest.cpp - uop-run --check's judgement of float outputs -----===//
//
// compare() against a reference alone, and with the spread of a perturbed
// evaluation: the spread admits rounding the data amplify and nothing more.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/HostData.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace uop;

namespace {
HostTensor floats(std::vector<double> v) {
  HostTensor h;
  h.shape = {(int64_t)v.size()};
  h.data = std::move(v);
  return h;
}

class CompareTest : public ::testing::Test {
protected:
  DType f32() { return DType{mlir::Builder(&context).getF32Type()}; }
  mlir::MLIRContext context;
};

TEST_F(CompareTest, ReferenceAloneJudgesAgainstTheTypesTolerance) {
  HostTensor ref = floats({1, 2, 3, 4});
  Comparison ok, off;
  compare(floats({1, 2, 3, 4.00001}), ref, f32(), ok);
  compare(floats({1, 2, 3, 4.001}), ref, f32(), off);
  EXPECT_EQ(ok.bad, 0);
  EXPECT_EQ(off.bad, 1);
  EXPECT_FALSE(off.spread);
}

TEST_F(CompareTest, SpreadAdmitsAmplifiedRoundingOnly) {
  // Element 3's value depends on rounding: a correct evaluation lands 1e-3
  // away. The others agree to 1e-7; their spread is floored by the RMS.
  HostTensor ref = floats({1, 2, 3, 4});
  HostTensor perturbed = floats({1, 2, 3, 4.001});
  Comparison amplified, elsewhere, tooFar;
  compare(floats({1, 2, 3, 3.995}), ref, f32(), amplified, 0, &perturbed);
  EXPECT_EQ(amplified.bad, 0);
  ASSERT_TRUE(amplified.spread);
  // RMS of the spread (5e-4) over the RMS of the reference (2.74).
  EXPECT_NEAR(*amplified.spread, 5e-4 / std::sqrt(7.5), 1e-9);
  // The RMS floor (5e-4 x 8) admits 4e-3 at element 0, not 5e-3.
  compare(floats({1.003, 2, 3, 4}), ref, f32(), elsewhere, 0, &perturbed);
  EXPECT_EQ(elsewhere.bad, 0);
  compare(floats({1.005, 2, 3, 4}), ref, f32(), tooFar, 0, &perturbed);
  EXPECT_EQ(tooFar.bad, 1);
  // Eight times element 3's spread and no further.
  Comparison beyond;
  compare(floats({1, 2, 3, 4.0082}), ref, f32(), beyond, 0, &perturbed);
  EXPECT_EQ(beyond.bad, 1);
}

TEST_F(CompareTest, SpreadNeverExcusesAMissingElement) {
  HostTensor ref = floats({1, 2, 3, 4});
  HostTensor perturbed = floats({1e3, 2, 3, 4});
  Comparison c;
  compare(floats({NAN, 2, 3, 4}), ref, f32(), c, 0, &perturbed);
  EXPECT_EQ(c.bad, 1);
}
} // namespace
