// A tiled copy kernel (sm_80): each of 128 CTAs stages a 64x128 f32 tile of A
// through 128-byte-swizzled shared memory and writes it to B. 256 threads per
// CTA cooperate on each cta-scope tile copy.
//
//   uop-opt --tirx-to-nvvm="chip=sm_80" examples/tirx/copy.mlir \
//     | uop-translate --mlir-to-ptx --chip=sm_80
tirx.prim_func @copy(%A: !tirx.buffer<8192x128xf32, global>,
                     %B: !tirx.buffer<8192x128xf32, global>)
    attributes {tirx.reference = #tirx.reference<copy>} {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [128]
    %tx = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %row = arith.muli %bx, %c64 : index
    %src = tirx.region %A[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    %dst = tirx.region %B[%row : 64, %c0 : 128] : !tirx.buffer<8192x128xf32, global>
    tirx.tile.copy <cta> %S, %src : !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>, !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>
    tirx.tile.copy <cta> %dst, %S : !tirx.region<64x128, !tirx.buffer<8192x128xf32, global>>, !tirx.buffer<64x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,128):(128,1)]>>>
  }
  tirx.return
}
