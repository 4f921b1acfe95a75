// RUN: uop-translate %s -split-input-file --uop-to-c -verify-diagnostics
//
// --uop-to-c: SPECIAL (a cuda kernel), a dtype C has no type for, a CALL
// without PROGRAM, local memory passed between kernels (it became malloc'd
// global memory).

uop.function @k(%p: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %t = uop.special %c64, threadIdx.x
  %o = uop.index %p[%t] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %d = uop.device "CPU"
  %l = uop.linear @k {
  ^bb0(%p: !uop.ptr<f32, global, 64>):
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    // expected-error @+1 {{uop-to-c: SPECIAL has no CPU meaning; compile for target=cpu (no uop-gpudims)}}
    %t = uop.special %c64, threadIdx.x
    %o = uop.index %p[%t] : !uop.ptr<f32, global, 64> -> f32
    %s = uop.store %o, %one : f32
  }
  %pr = uop.program @k device %d linear %l
  %c = uop.call @k(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

uop.function @h(%p: !uop.ptr<f16, global, 64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f16
  %o = uop.index %p[%c0] : !uop.ptr<f16, global, 64> -> f16
  %s = uop.store %o, %one : f16
  uop.sink %s : !uop.void info <name = "h">
}
uop.function @main(%a: !uop.ptr<f16, global, 64>) {
  %d = uop.device "CPU"
  // expected-error @+1 {{uop-to-c: unsupported dtype 'f16' (supported: f32, f64, i1, i8, i16, i32, i64, index)}}
  %l = uop.linear @h {
  ^bb0(%p: !uop.ptr<f16, global, 64>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f16
    %o = uop.index %p[%c0] : !uop.ptr<f16, global, 64> -> f16
    %s = uop.store %o, %one : f16
  }
  %pr = uop.program @h device %d linear %l
  %c = uop.call @h(%a) : (!uop.ptr<f16, global, 64>)
  uop.sink %c : !uop.void
}

// -----

uop.function @k(%p: !uop.ptr<f32, global, 64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %p[%c0] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  // expected-error @+1 {{uop-to-c: kernel @k has no PROGRAM in this schedule}}
  %c = uop.call @k(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

uop.function @k(%p: !uop.ptr<f32, local, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %p[%c0] : !uop.ptr<f32, local, 4> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @main(%a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  // expected-error @+1 {{uop-to-c: kernel parameters must be global !uop.ptr, got '!uop.ptr<f32, local, 4>'}}
  %l = uop.linear @k {
  ^bb0(%p: !uop.ptr<f32, local, 4>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %o = uop.index %p[%c0] : !uop.ptr<f32, local, 4> -> f32
    %s = uop.store %o, %one : f32
  }
  %pr = uop.program @k device %d linear %l
  %u = uop.unique 0
  %b = uop.buffer %u, %d size 4 : !uop.ptr<f32, local, 4>
  %c = uop.call @k(%b) : (!uop.ptr<f32, local, 4>)
  uop.sink %c : !uop.void
}

// -----

uop.function @main(%a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  %u = uop.unique 0
  // expected-error @+1 {{uop-to-c: a schedule BUFFER must be a global !uop.ptr, got '!uop.ptr<f32, local, 4>'}}
  %b = uop.buffer %u, %d size 4 : !uop.ptr<f32, local, 4>
  uop.sink
}
