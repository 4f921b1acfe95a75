// RUN: uop-translate %s -split-input-file --uop-to-c -verify-diagnostics
//
// --uop-to-c: SPECIAL (a cuda kernel), a dtype C has no type for, a CALL
// without PROGRAM, local memory passed between kernels (it became malloc'd
// global memory), an op with no C form (math.ipowi), a truncf rounding other
// than to nearest even.

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

uop.function @h(%p: !uop.ptr<i4, global, 64>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i4
  %o = uop.index %p[%c0] : !uop.ptr<i4, global, 64> -> i4
  %s = uop.store %o, %one : i4
  uop.sink %s : !uop.void info <name = "h">
}
uop.function @main(%a: !uop.ptr<i4, global, 64>) {
  %d = uop.device "CPU"
  // expected-error @+1 {{uop-to-c: unsupported dtype 'i4' (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64, index)}}
  %l = uop.linear @h {
  ^bb0(%p: !uop.ptr<i4, global, 64>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i4
    %o = uop.index %p[%c0] : !uop.ptr<i4, global, 64> -> i4
    %s = uop.store %o, %one : i4
  }
  %pr = uop.program @h device %d linear %l
  %c = uop.call @h(%a) : (!uop.ptr<i4, global, 64>)
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

// -----

uop.function @p(%o: !uop.ptr<i32, global, 4>, %a: !uop.ptr<i32, global, 4>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %a[%c0] : !uop.ptr<i32, global, 4> -> i32
  %x = uop.load %a, %i : !uop.ptr<i32, global, 4> -> i32
  %y, %ov = arith.addui_extended %x, %x : i32, i1
  %oi = uop.index %o[%c0] : !uop.ptr<i32, global, 4> -> i32
  %s = uop.store %oi, %y : i32
  uop.sink %s : !uop.void info <name = "p">
}
uop.function @main(%o: !uop.ptr<i32, global, 4>, %a: !uop.ptr<i32, global, 4>) {
  %d = uop.device "CPU"
  %l = uop.linear @p {
  ^bb0(%po: !uop.ptr<i32, global, 4>, %pa: !uop.ptr<i32, global, 4>):
    %c0 = arith.constant 0 : index
    %i = uop.index %pa[%c0] : !uop.ptr<i32, global, 4> -> i32
    %x = uop.load %pa, %i : !uop.ptr<i32, global, 4> -> i32
    // expected-error @+1 {{uop-to-c: no C form for this op}}
    %y, %ov = arith.addui_extended %x, %x : i32, i1
    %oi = uop.index %po[%c0] : !uop.ptr<i32, global, 4> -> i32
    %s = uop.store %oi, %y : i32
  }
  %pr = uop.program @p device %d linear %l
  %c = uop.call @p(%o, %a) : (!uop.ptr<i32, global, 4>, !uop.ptr<i32, global, 4>)
  uop.sink %c : !uop.void
}

// -----

uop.function @t(%o: !uop.ptr<f16, global, 4>, %a: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %i = uop.index %a[%c0] : !uop.ptr<f32, global, 4> -> f32
  %x = uop.load %a, %i : !uop.ptr<f32, global, 4> -> f32
  %y = arith.truncf %x toward_zero : f32 to f16
  %oi = uop.index %o[%c0] : !uop.ptr<f16, global, 4> -> f16
  %s = uop.store %oi, %y : f16
  uop.sink %s : !uop.void info <name = "t">
}
uop.function @main(%o: !uop.ptr<f16, global, 4>, %a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  %l = uop.linear @t {
  ^bb0(%po: !uop.ptr<f16, global, 4>, %pa: !uop.ptr<f32, global, 4>):
    %c0 = arith.constant 0 : index
    %i = uop.index %pa[%c0] : !uop.ptr<f32, global, 4> -> f32
    %x = uop.load %pa, %i : !uop.ptr<f32, global, 4> -> f32
    // expected-error @+1 {{uop-to-c: truncf rounds to nearest even only}}
    %y = arith.truncf %x toward_zero : f32 to f16
    %oi = uop.index %po[%c0] : !uop.ptr<f16, global, 4> -> f16
    %s = uop.store %oi, %y : f16
  }
  %pr = uop.program @t device %d linear %l
  %c = uop.call @t(%o, %a) : (!uop.ptr<f16, global, 4>, !uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

// -----

// A vector the C has no vector type for (three lanes) reaching --uop-to-c:
// uop-devectorize splits such vectors into lanes.
uop.function @v3(%p: !uop.ptr<f32, global, 3>) {
  %c0 = arith.constant 0 : index
  %o = uop.index %p[%c0] : !uop.ptr<f32, global, 3> -> vector<3xf32>
  %v = uop.load %p, %o : !uop.ptr<f32, global, 3> -> vector<3xf32>
  %w = arith.addf %v, %v : vector<3xf32>
  %s = uop.store %o, %w : vector<3xf32>
  uop.sink %s : !uop.void info <name = "v3">
}
uop.function @main(%a: !uop.ptr<f32, global, 3>) {
  %d = uop.device "CPU"
  %l = uop.linear @v3 {
  ^bb0(%p: !uop.ptr<f32, global, 3>):
    %c0 = arith.constant 0 : index
    %o = uop.index %p[%c0] : !uop.ptr<f32, global, 3> -> vector<3xf32>
    // expected-error @+1 {{uop-to-c: no C vector type for 'vector<3xf32>' (vectors of f32 or f64 with a power-of-two number of lanes, at most 256 bytes); split it into lanes with uop-devectorize}}
    %v = uop.load %p, %o : !uop.ptr<f32, global, 3> -> vector<3xf32>
    %w = arith.addf %v, %v : vector<3xf32>
    %s = uop.store %o, %w : vector<3xf32>
  }
  %pr = uop.program @v3 device %d linear %l
  %c = uop.call @v3(%a) : (!uop.ptr<f32, global, 3>)
  uop.sink %c : !uop.void
}

// -----

// atan (a C library call) on a vector reaching --uop-to-c:
// uop-devectorize{keep-vectors} computes it lane by lane.
uop.function @vatan(%p: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %v = uop.load %p, %o : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %w = math.atan %v : vector<4xf32>
  %s = uop.store %o, %w : vector<4xf32>
  uop.sink %s : !uop.void info <name = "vatan">
}
uop.function @main(%a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  %l = uop.linear @vatan {
  ^bb0(%p: !uop.ptr<f32, global, 4>):
    %c0 = arith.constant 0 : index
    %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> vector<4xf32>
    %v = uop.load %p, %o : !uop.ptr<f32, global, 4> -> vector<4xf32>
    // expected-error @+1 {{uop-to-c: no C form for this op on vectors; split them into lanes (uop-devectorize without keep-vectors)}}
    %w = math.atan %v : vector<4xf32>
    %s = uop.store %o, %w : vector<4xf32>
  }
  %pr = uop.program @vatan device %d linear %l
  %c = uop.call @vatan(%a) : (!uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

// -----

// exp on an f64 vector: the polynomial helpers are f64 only.
uop.function @vexp64(%p: !uop.ptr<f64, global, 4>) {
  %c0 = arith.constant 0 : index
  %o = uop.index %p[%c0] : !uop.ptr<f64, global, 4> -> vector<4xf64>
  %v = uop.load %p, %o : !uop.ptr<f64, global, 4> -> vector<4xf64>
  %w = math.exp %v : vector<4xf64>
  %s = uop.store %o, %w : vector<4xf64>
  uop.sink %s : !uop.void info <name = "vexp64">
}
uop.function @main(%a: !uop.ptr<f64, global, 4>) {
  %d = uop.device "CPU"
  %l = uop.linear @vexp64 {
  ^bb0(%p: !uop.ptr<f64, global, 4>):
    %c0 = arith.constant 0 : index
    %o = uop.index %p[%c0] : !uop.ptr<f64, global, 4> -> vector<4xf64>
    %v = uop.load %p, %o : !uop.ptr<f64, global, 4> -> vector<4xf64>
    // expected-error @+1 {{uop-to-c: no C form for this op on f64 vectors; split them into lanes (uop-devectorize without keep-vectors)}}
    %w = math.exp %v : vector<4xf64>
    %s = uop.store %o, %w : vector<4xf64>
  }
  %pr = uop.program @vexp64 device %d linear %l
  %c = uop.call @vexp64(%a) : (!uop.ptr<f64, global, 4>)
  uop.sink %c : !uop.void
}
