// RUN: not uop-opt %s --uop-to-nvvm=chip=sm_9999 2>&1 | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// uop-to-nvvm checks only the spelling of `chip` (sm_<N>[a]): `chip=garbage`
// is "error: unknown chip 'garbage'", but sm_9999 (no such GPU) passes, LLVM's
// NVPTX backend prints an unlocated "'sm_9999' is not a recognized processor
// for this target (ignoring processor)" once per function, and uop-opt and
// uop-translate --mlir-to-ptx --chip=sm_9999 exit 0 with `.target sm_9999`,
// which ptxas then rejects ("Unsupported .target"). uop.compile(...,
// chip="sm_9999") likewise returns that PTX. (sm_20, too old for the
// instructions used, is accepted the same way.) Expected: a located error
// naming the chip, as for `garbage`, and a non-zero exit.

// CHECK: error: {{.*}}sm_9999
func.func @f(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = math.exp %a : tensor<64xf32>
  return %e : tensor<64xf32>
}
