// A flat tirx kernel (after tirx-lower-layouts) for the downstream pass.
tirx.prim_func @scale(%A: !tirx.buffer<256xf32, global>, %x: f32)
    attributes {tirx.block_dims = array<i64: 256>} {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    %c0 = arith.constant 0 : index
    %v = tirx.buffer_load %A[%c0] : !tirx.buffer<256xf32, global>
    %w = arith.mulf %v, %x : f32
    tirx.buffer_store %w, %S[%c0] : !tirx.buffer<256xf32, shared>
    %u = tirx.buffer_load %S[%c0] : !tirx.buffer<256xf32, shared>
    tirx.buffer_store %u, %A[%c0] : !tirx.buffer<256xf32, global>
  }
  tirx.return
}
