// XFAIL: *
// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
//
// PENDING BUG (ptxas rejects our PTX): shared allocations become static
// `.shared` arrays, and static shared memory is limited to 48 KiB per kernel.
// A 128x128 f32 shared tile (64 KiB, well within sm_80's 164 KiB per CTA)
// goes through the whole pipeline without complaint, then ptxas fails:
//   ptxas error : Entry function 'k' uses too much shared data
//   (0x10000 bytes, 0xc000 max)
// Expected: PTX that ptxas accepts (dynamic shared memory for large
// allocations) -- or, at the least, a diagnostic from our pipeline instead
// of PTX that cannot be assembled.
tirx.prim_func @k(%A: !tirx.buffer<128x128xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<128x128xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<128x128xf32, shared>, !tirx.buffer<128x128xf32, global>
    tirx.tile.copy <cta> %A, %S : !tirx.buffer<128x128xf32, global>, !tirx.buffer<128x128xf32, shared>
  }
  tirx.return
}
