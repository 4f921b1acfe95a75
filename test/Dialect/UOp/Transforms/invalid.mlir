// Failures of the uop pipeline passes (and of convert-uop-to-tirx, which the
// cuda pipeline runs after them): each is a diagnostic at the op (or
// function) it is about. One split-file section per pass, each run with
// -split-input-file -verify-diagnostics. (Those of --uop-to-c are in
// test/Target/C/invalid.mlir; a bad target= option is the option parser's
// error, test/Pipelines/target-option.mlir.)
//
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/rangeify.mlir -split-input-file --uop-rangeify -verify-diagnostics
// RUN: uop-opt %t/split-kernels.mlir -split-input-file --uop-split-kernels -verify-diagnostics
// RUN: uop-opt %t/expand.mlir -split-input-file --uop-expand -verify-diagnostics
// RUN: uop-opt %t/gpudims.mlir -split-input-file --uop-gpudims -verify-diagnostics
// RUN: uop-opt %t/linearize.mlir -split-input-file --uop-linearize -verify-diagnostics
// RUN: uop-opt %t/uop-to-tirx.mlir -split-input-file --convert-uop-to-tirx -verify-diagnostics

//--- rangeify.mlir
// uop-rangeify: a non-splat tensor constant, an op it has no index form for,
// a non-tensor value, dynamic shapes, a non-tensor argument. (Zero extents
// work: test/Integration/zero-extent.mlir.)

func.func @non_splat_constant(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{cannot rangeify a non-splat tensor constant; pass the data as a function argument}}
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s = arith.addf %a, %c : tensor<2xf32>
  %k = uop.contiguous %s : tensor<2xf32>
  return %k : tensor<2xf32>
}

// -----

func.func @unsupported_op(%a: tensor<2xf32>) -> tensor<2xbf16> {
  // expected-error @+1 {{uop-rangeify cannot lower this op to index arithmetic}}
  %d = uop.precast %a : tensor<2xf32> -> tensor<2xbf16>
  return %d : tensor<2xbf16>
}

// -----

func.func @scalar_result(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{uop-rangeify expects tensor-level ops with one ranked tensor result}}
  %x = arith.constant 1.0 : f32
  %c = uop.contiguous %a : tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// expected-error @+1 {{uop-rangeify: the dynamic dimensions of 'tensor<?xf32>' need variables: give the type a #uop.sym encoding}}
func.func @dynamic_shape(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = uop.contiguous %a : tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

// expected-error @+1 {{uop-rangeify: argument 1 is not a ranked tensor}}
func.func @scalar_argument(%a: tensor<2xf32>, %x: f32) -> tensor<2xf32> {
  %c = uop.contiguous %a : tensor<2xf32>
  return %c : tensor<2xf32>
}

//--- split-kernels.mlir
// uop-split-kernels on hand-written BUFFERIZE IR: every result must be a
// BUFFERIZE; and on a function that was not rangeified.

// expected-error @+1 {{uop-split-kernels: result is not a BUFFERIZE}}
func.func @result_not_bufferized(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, U0, loop
  %i = uop.index %a[%r] : tensor<4xf32> -> f32
  %v = uop.load %a, %i : tensor<4xf32> -> f32
  %b = uop.bufferize %v[%r] opts <> : f32 -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// A tensor-level function that was not rangeified: no BUFFERIZE.
// expected-error @+1 {{uop-split-kernels found no BUFFERIZE; run uop-rangeify first}}
func.func @not_rangeified(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// A local BUFFERIZE would live in the kernel that reads it; the pass made it
// a global buffer of a kernel of its own.
func.func @local_bufferize(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, U0, loop
  %i = uop.index %a[%r] : tensor<4xf32> -> f32
  %v = uop.load %a, %i : tensor<4xf32> -> f32
  // expected-error @+1 {{uop-split-kernels: a BUFFERIZE into addrspace local is not supported (only global buffers become kernels)}}
  %t = uop.bufferize %v[%r] opts <addrspace = local> : f32 -> tensor<4xf32>
  %r1 = uop.range %c4, U1, loop
  %j = uop.index %t[%r1] : tensor<4xf32> -> f32
  %w = uop.load %t, %j : tensor<4xf32> -> f32
  %b = uop.bufferize %w[%r1] opts <> : f32 -> tensor<4xf32>
  return %b : tensor<4xf32>
}

//--- expand.mlir
// uop-expand: an upcast range needs a constant extent, and only REDUCE and
// END may close one.

uop.function @variable_upcast(%out: !uop.ptr<f32, global, 64>) {
  %n = uop.define_var "n" [1, 4]
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c16, R0, loop
  // expected-error @+1 {{uop-expand: an upcast/unroll range needs a constant extent}}
  %j = uop.range %n, R1, upcast
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  %e = uop.end %s[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

uop.function @closed_by_store(%out: !uop.ptr<f32, global, 16>) {
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %j = uop.range %c4, R0, upcast
  %o = uop.index %out[%j] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{uop-expand: cannot expand a range closed by this op}}
  %s = uop.store %o, %one [%j] : f32
  uop.sink %s : !uop.void info <name = "k">
}

// -----

// A value that escapes the upcast range (here %x, stored outside it). This
// was the pass's own diagnostic, on the op the escaping value reaches outside
// the range (the END that closes only R0); the verifier now rejects the
// kernel first, on the first use of %x after the END that closes R1 (what
// the SINK collects may not read a range an END closes).
uop.function @escapes(%out: !uop.ptr<f32, global, 16>, %last: !uop.ptr<index, global, 4>) {
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %j = uop.range %c4, R1, upcast
  %m = arith.muli %i, %c4 : index
  %x = arith.addi %m, %j : index
  %o = uop.index %out[%x] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %o, %one : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %s[%i, %j] : !uop.void
  // The lanes of %x meet nowhere: this STORE is not inside the upcast range.
  %l = uop.index %last[%i] : !uop.ptr<index, global, 4> -> index
  // expected-error @+1 {{'uop.store' op uses a value that reads range R1 outside the loop of the 'uop.end' that closes it}}
  %t = uop.store %l, %x : index
  %f = uop.end %t[%i] : !uop.void
  uop.sink %e, %f : !uop.void, !uop.void info <name = "k">
}

//--- gpudims.mlir
// uop-gpudims: at most three local ranges (a fourth global range stays a
// loop; see gpudims.mlir).

uop.function @four_local(%out: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %a = uop.range %c2, R0, local
  %b = uop.range %c2, R1, local
  %c = uop.range %c2, R2, local
  // expected-error @+1 {{uop-gpudims: more than three threadIdx dimensions}}
  %d = uop.range %c2, R3, local
  %o = uop.index %out[%a, %b, %c, %d] : !uop.ptr<f32, global, 16> -> f32
  %s = uop.store %o, %one : f32
  %e = uop.end %s[%a, %b, %c, %d] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

//--- linearize.mlir
// uop-linearize (KernelSchedule): REDUCE left, ranges that do not nest, two
// ENDs of a range in different loops, a range without END, a STORE that
// closes ranges, a kernel no schedule calls.

uop.function @reduce_left(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %k = uop.range %c8, R1, reduce
  %m = arith.muli %i, %c8 : index
  %a = arith.addi %m, %k : index
  %x = uop.index %in[%a] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  // expected-error @+1 {{cannot schedule a REDUCE; run uop-devectorize first}}
  %r = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %s = uop.store %o, %r : f32
  %e = uop.end %s[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "reduce_left">
}
uop.function @main(%a: !uop.ptr<f32, global, 8>, %b: !uop.ptr<f32, global, 64>) {
  %c = uop.call @reduce_left(%a, %b) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

// R2 is closed inside R1 only, but R1 is itself closed inside R0: the loops
// do not nest. (uop-linearize said so: "ranges do not nest"; the verifier now
// rejects the kernel first, since the second STORE, which the SINK collects,
// reads R1 outside the loop of the END that closes it.)
uop.function @not_nested(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %j = uop.range %c8, R1, loop
  %m = arith.muli %i, %c8 : index
  %a = arith.addi %m, %j : index
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  // expected-note @+1 {{range closed here}}
  %e1 = uop.end %s[%i, %j] : !uop.void
  %k = uop.range %c8, R2, loop
  %n = arith.muli %k, %c8 : index
  // expected-error @+1 {{'arith.addi' op uses a value that reads range R1 outside the loop of the 'uop.end' that closes it}}
  %b = arith.addi %n, %j : index
  %o2 = uop.index %out[%b] : !uop.ptr<f32, global, 64> -> f32
  %s2 = uop.store %o2, %one : f32
  %e2 = uop.end %s2[%k] : !uop.void
  uop.sink %e1, %e2 : !uop.void, !uop.void info <name = "not_nested">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %c = uop.call @not_nested(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

// Two ENDs of R1: one inside R0, one outside it.
uop.function @two_ends(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %j = uop.range %c8, R1, loop
  %m = arith.muli %i, %c8 : index
  %a = arith.addi %m, %j : index
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  // expected-error @+1 {{this END closes a range inside different loops than another END of the same range}}
  %e1 = uop.end %s[%j] : !uop.void
  %e2 = uop.end %e1[%i] : !uop.void
  %o2 = uop.index %out[%j] : !uop.ptr<f32, global, 64> -> f32
  %s2 = uop.store %o2, %one : f32
  %e3 = uop.end %s2[%j] : !uop.void
  uop.sink %e2, %e3 : !uop.void, !uop.void info <name = "two_ends">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %c = uop.call @two_ends(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

// An END of an END of the same range: no loop of R0 is left to close.
uop.function @end_of_end(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  %e1 = uop.end %s[%i] : !uop.void
  // expected-error @+1 {{this END closes a range that an END it depends on already closed}}
  %e2 = uop.end %e1[%i] : !uop.void
  uop.sink %e2 : !uop.void info <name = "end_of_end">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %c = uop.call @end_of_end(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

uop.function @never_closed(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  // expected-error @+1 {{range is never closed by an END}}
  %i = uop.range %c8, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "never_closed">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %c = uop.call @never_closed(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

uop.function @store_closes(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  // expected-error @+1 {{cannot schedule a STORE that closes ranges; close them with END}}
  %s = uop.store %o, %one [%i] : f32
  uop.sink %s : !uop.void info <name = "store_closes">
}
uop.function @main(%a: !uop.ptr<f32, global, 64>) {
  %c = uop.call @store_closes(%a) : (!uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}

// -----

// expected-error @+1 {{uop-linearize: kernel @uncalled is not called by a schedule function}}
uop.function @uncalled(%out: !uop.ptr<f32, global, 64>) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "uncalled">
}

//--- uop-to-tirx.mlir
// convert-uop-to-tirx: multi-index INDEX, two thread dimensions, a gap in the block dimensions, unsized parameters, two
// schedules.

uop.function @multi_index(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %b = uop.special %c8, blockIdx.x
  %t = uop.special %c8, threadIdx.x
  %x = uop.index %in[%b, %t] : !uop.ptr<f32, global, 64> -> f32
  // expected-error @+1 {{convert-uop-to-tirx: LOAD needs a single-index INDEX; run uop-devectorize first}}
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %m = arith.muli %b, %c8 : index
  %a = arith.addi %m, %t : index
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %v : f32
  uop.sink %s : !uop.void info <name = "multi_index">
}

// -----

uop.function @two_thread_dims(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %x = uop.special %c8, threadIdx.x
  // expected-error @+1 {{convert-uop-to-tirx: one thread dimension is supported}}
  %y = uop.special %c8, threadIdx.y
  %m = arith.muli %y, %c8 : index
  %a = arith.addi %m, %x : index
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "two_thread_dims">
}

// -----

uop.function @gap(%out: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %x = uop.special %c8, blockIdx.x
  // expected-error @+1 {{convert-uop-to-tirx: SPECIAL dimensions must start at x without gaps}}
  %z = uop.special %c8, blockIdx.z
  %m = arith.muli %z, %c8 : index
  %a = arith.addi %m, %x : index
  %o = uop.index %out[%a] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "gap">
}

// -----

// expected-error @+1 {{convert-uop-to-tirx: kernel parameters must be sized !uop.ptr (or carry uop.capacity), got '!uop.ptr<f32, global>'}}
uop.function @unsized(%out: !uop.ptr<f32, global>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "unsized">
}

// -----

// Local memory belongs to one kernel (DEFINE_LOCAL): a local parameter or
// schedule BUFFER became a global buffer.
// expected-error @+1 {{convert-uop-to-tirx: kernel parameters must be global buffers, got '!uop.ptr<f32, local, 4>'}}
uop.function @local_param(%out: !uop.ptr<f32, local, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, local, 4> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "local_param">
}

// -----

uop.function @local_buffer(%a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CUDA"
  %u = uop.unique 0
  // expected-error @+1 {{convert-uop-to-tirx: a schedule BUFFER must be a sized global !uop.ptr, got '!uop.ptr<f32, local, 4>'}}
  %b = uop.buffer %u, %d size 4 : !uop.ptr<f32, local, 4>
  uop.sink
}

// -----

uop.function @first(%a: !uop.ptr<f32, global, 4>) {
  uop.sink
}
// expected-error @+1 {{convert-uop-to-tirx: one schedule function per module is supported}}
uop.function @second(%a: !uop.ptr<f32, global, 4>) {
  uop.sink
}
