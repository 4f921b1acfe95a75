// RUN: uop-opt %s --uop-to-nvvm="chip=sm_80" -verify-diagnostics
//
// Symbolic shapes run on the CPU only: the GPU path says so at the kernel's
// DEFINE_VAR (located at the function that declares the variable) instead
// of failing on its unsized buffers.
// expected-error @+1 {{convert-uop-to-tirx: shape variable 'n' (symbolic shapes) has no GPU lowering yet; compile for target=cpu, or give the program static shapes}}
func.func @scale(%x: tensor<?xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 1024>]} {
  %e = math.exp %x : tensor<?xf32, #uop.sym<"n">>
  return %e : tensor<?xf32, #uop.sym<"n">>
}
