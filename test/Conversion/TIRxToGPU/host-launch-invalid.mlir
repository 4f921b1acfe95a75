// RUN: uop-opt %s --split-input-file --verify-diagnostics --tirx-lower-scope-ids --convert-tirx-to-gpu
//
// What convert-tirx-to-gpu refuses in host code.


// A kernel that uses TMA takes tensor maps the host code does not build yet.
tirx.prim_func @host(%a: !tirx.buffer<64x64xf32, global>) {
  // expected-error @+1 {{launching a kernel that uses tensor maps from host code is not supported yet}}
  tirx.launch @tma(%a) : (!tirx.buffer<64x64xf32, global>)
  tirx.return
}
tirx.prim_func @tma(%a: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %m = tirx.tensor_map %a box [32, 32] swizzle 0 : !tirx.buffer<64x64xf32, global> -> !llvm.ptr
    %p = llvm.ptrtoint %m : !llvm.ptr to i64
  }
  tirx.return
}

// -----

// The runtime passes buffers and scalars to host code, nothing else.
// expected-error @+1 {{host code that launches kernels takes buffers and integer, index or float scalars, got 'vector<4xf32>'}}
tirx.prim_func @host(%v: vector<4xf32>) {
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  tirx.return
}

// -----

// Host code is a launch sequence: computing on the host is not executed.
tirx.prim_func @host(%n: index) {
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  // expected-error @+1 {{host code that launches kernels holds only tirx.alloc_buffer, tirx.launch and constants}}
  %m = arith.addi %n, %n : index
  tirx.return
}
