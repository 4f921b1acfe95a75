// RUN: uop-opt %s --split-input-file --verify-diagnostics --tirx-lower-scope-ids --convert-tirx-to-gpu
//
// What convert-tirx-to-gpu refuses in host code.


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

// -----

// ret_type: a buffer host code allocates is freed before it returns.
tirx.prim_func @host() -> !tirx.buffer<4xf32, global> {
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  // expected-error @+1 {{host code returns only the buffers it was passed: this one is allocated here and freed before the function returns}}
  tirx.return %t : !tirx.buffer<4xf32, global>
}

// -----

// ret_type: what the caller can receive.
// expected-error @+1 {{host code that launches kernels returns integer, index or float scalars and global buffers, got 'vector<4xf32>'}}
tirx.prim_func @host(%v: vector<4xf32>) -> vector<4xf32> {
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  tirx.return %v : vector<4xf32>
}
