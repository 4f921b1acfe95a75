// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of tirx.launch (host code launching a kernel) and of global
// allocations, which only host code makes.

tirx.prim_func @k(%a: !tirx.buffer<4xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [4]
  }
  tirx.return
}
tirx.prim_func @in_kernel(%a: !tirx.buffer<4xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [4]
  }
  // expected-error @+1 {{'tirx.launch' op launches kernels from host code: a prim_func without a device_entry}}
  tirx.launch @k(%a) : (!tirx.buffer<4xf32, global>)
  tirx.return
}

// -----

tirx.prim_func @host(%a: !tirx.buffer<4xf32, global>) {
  // expected-error @+1 {{'tirx.launch' op 'nowhere' does not name a tirx.prim_func}}
  tirx.launch @nowhere(%a) : (!tirx.buffer<4xf32, global>)
  tirx.return
}

// -----

tirx.prim_func @other_host(%a: !tirx.buffer<4xf32, global>) {
  tirx.return
}
tirx.prim_func @host(%a: !tirx.buffer<4xf32, global>) {
  // expected-error @+1 {{'tirx.launch' op 'other_host' is host code (no tirx.device_entry)}}
  tirx.launch @other_host(%a) : (!tirx.buffer<4xf32, global>)
  tirx.return
}

// -----

tirx.prim_func @k(%a: !tirx.buffer<4xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [4]
  }
  tirx.return
}
tirx.prim_func @host(%a: !tirx.buffer<4xf32, global>) {
  // expected-error @+1 {{'tirx.launch' op passes 2 arguments to 'k', which takes 1}}
  tirx.launch @k(%a, %a) : (!tirx.buffer<4xf32, global>, !tirx.buffer<4xf32, global>)
  tirx.return
}

// -----

tirx.prim_func @k(%a: !tirx.buffer<4xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [4]
  }
  tirx.return
}
tirx.prim_func @host(%a: !tirx.buffer<8xf32, global>) {
  // expected-error @+1 {{'tirx.launch' op argument #0 has type '!tirx.buffer<8xf32, global>', 'k' expects '!tirx.buffer<4xf32, global>'}}
  tirx.launch @k(%a) : (!tirx.buffer<8xf32, global>)
  tirx.return
}

// -----

tirx.prim_func @k(%a: vector<4xf32>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [4]
  }
  tirx.return
}
tirx.prim_func @host(%n: vector<4xf32>) {
  // expected-error @+1 {{'tirx.launch' op passes global buffers and integer, index or float scalars, got 'vector<4xf32>'}}
  tirx.launch @k(%n) : (vector<4xf32>)
  tirx.return
}

// -----

// Host code may allocate global memory (for the kernels it launches).
tirx.prim_func @host_alloc() {
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  tirx.return
}
tirx.prim_func @kernel_host_part() {
  // A prim_func with a device_entry is a kernel, outside its device region too.
  // expected-error @+1 {{'tirx.alloc_buffer' op cannot allocate global memory inside a kernel; pass the buffer as a prim_func parameter}}
  %t = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  tirx.device_entry {
    %i = tirx.scope_id_def cta -> thread [4]
  }
  tirx.return
}
