// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of RANGE, END, SPECIAL, DEFINE_VAR and BIND.

func.func @range_negative_end() {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'uop.range' op end must be non-negative, got -1}}
  %r = uop.range %c, R0, loop
  return
}

// -----

func.func @range_dep_not_a_range(%n: index) {
  %c = arith.constant 4 : index
  // expected-error @+1 {{'uop.range' op deps must be uop.range results}}
  %r = uop.range %c, R0, loop deps(%n)
  return
}

// -----

// The ODS constraint: RANGE counts in index.
func.func @range_end_not_index(%n: i32) {
  // expected-error @+1 {{'uop.range' op operand #0 must be index, but got 'i32'}}
  %r = "uop.range"(%n) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (i32) -> index
  return
}

// -----

func.func @range_result_not_index(%n: index) {
  // expected-error @+1 {{'uop.range' op result #0 must be index, but got 'i64'}}
  %r = "uop.range"(%n) <{axis_id = #uop.axis_id<R0>, axis_type = #uop<axis_type loop>}> : (index) -> i64
  return
}

// -----

func.func @range_missing_axis_type(%n: index) {
  // expected-error @+1 {{'uop.range' op requires attribute 'axis_type'}}
  %r = "uop.range"(%n) <{axis_id = #uop.axis_id<R0>}> : (index) -> index
  return
}

// -----

func.func @end_without_ranges(%v: !uop.void) {
  // expected-error @+1 {{'uop.end' op must close at least one range}}
  %e = uop.end %v : !uop.void
  return
}

// -----

func.func @end_of_non_range(%v: !uop.void, %i: index) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, loop
  // expected-error @+1 {{'uop.end' op range operand #1 must be the result of a uop.range}}
  %e = uop.end %v [%r, %i] : !uop.void
  return
}

// -----

func.func @end_result_not_void(%v: !uop.void) {
  %c = arith.constant 4 : index
  %r = uop.range %c, R0, loop
  // expected-error @+1 {{'uop.end' op result #0 must be !uop.void, but got 'index'}}
  %e = "uop.end"(%v, %r) : (!uop.void, index) -> index
  return
}

// -----

// The dimension is an enum: an unknown name fails to parse, quoted or not.
func.func @special_unknown_dim() {
  %c = arith.constant 32 : index
  // expected-error @+3 {{expected ::uop::SpecialDim to be one of: blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z}}
  // The enum parser also reports at the next token.
  // expected-error @+2 {{failed to parse UOp_SpecialDimAttr parameter}}
  %s = uop.special %c, "laneIdx.x"
  return
}

// -----

func.func @special_tinygrad_name() {
  %c = arith.constant 32 : index
  // expected-error @+3 {{expected ::uop::SpecialDim to be one of: blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z}}
  // The enum parser also reports at the next token.
  // expected-error @+2 {{failed to parse UOp_SpecialDimAttr parameter}}
  %s = uop.special %c, gidx0
  return
}

// -----

func.func @special_empty_dim() {
  %c = arith.constant 32 : index
  // expected-error @+3 {{expected ::uop::SpecialDim to be one of: blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x, threadIdx.y, threadIdx.z}}
  // The enum parser also reports at the next token.
  // expected-error @+2 {{failed to parse UOp_SpecialDimAttr parameter}}
  %s = uop.special %c, ""
  return
}

// -----

func.func @special_end_not_index(%n: i64) {
  // expected-error @+1 {{'uop.special' op operand #0 must be index, but got 'i64'}}
  %s = "uop.special"(%n) <{dim = #uop<special_dim threadIdx.x>}> : (i64) -> index
  return
}

// -----

func.func @define_var_empty_name() {
  // expected-error @+1 {{'uop.define_var' op needs a non-empty variable name}}
  %v = uop.define_var "" [1, 128]
  return
}

// -----

func.func @define_var_min_above_max() {
  // expected-error @+1 {{'uop.define_var' op min 5 exceeds max 1}}
  %v = uop.define_var "n" [5, 1]
  return
}

// -----

func.func @bind_non_var(%x: index) {
  %c = arith.constant 4 : index
  // expected-error @+1 {{'uop.bind' op must bind a uop.define_var}}
  %b = uop.bind %x, %c
  return
}

// -----

func.func @bind_out_of_bounds() {
  %v = uop.define_var "batch_size" [1, 128]
  %c = arith.constant 200 : index
  // expected-error @+1 {{'uop.bind' op value 200 is outside the bounds [1, 128] of 'batch_size'}}
  %b = uop.bind %v, %c
  return
}

// -----

func.func @bind_below_bounds() {
  %v = uop.define_var "batch_size" [1, 128]
  %c = arith.constant 0 : index
  // expected-error @+1 {{'uop.bind' op value 0 is outside the bounds [1, 128] of 'batch_size'}}
  %b = uop.bind %v, %c
  return
}

// -----

// BIND: var, value and result share one type (index).
func.func @bind_value_not_index(%x: i32) {
  %v = uop.define_var "n" [1, 128]
  // expected-error @+1 {{'uop.bind' op operand #1 must be index, but got 'i32'}}
  %b = "uop.bind"(%v, %x) : (index, i32) -> index
  return
}

// -----

// A RANGE is read only inside its loop: here out[i] = sum over i of in[i]
// reads R0 again after the REDUCE that closed it (the CUDA path compiled it
// to out[i] = in[i]).
uop.function @range_read_after_reduce(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, reduce
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  // expected-note @+1 {{range closed here}}
  %s = uop.reduce add %v [%i] : f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.store' op reads range R0 after the 'uop.reduce' that closes it}}
  %st = uop.store %oi, %s : f32
  uop.sink %st : !uop.void info <name = "k">
}

// -----

// The same after an END: the second store waits for the loop (AFTER) and
// indexes with its range.
uop.function @range_read_after_end(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c16 = arith.constant 16 : index
  %i = uop.range %c16, R0, loop
  %ii = uop.index %in[%i] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 16> -> f32
  %oi = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %oi, %v : f32
  // expected-note @+1 {{range closed here}}
  %e = uop.end %st [%i] : !uop.void
  %done = uop.after %out (%e : !uop.void) : !uop.ptr<f32, global, 16>
  // expected-error @+1 {{'uop.index' op reads range R0 after the 'uop.end' that closes it}}
  %again = uop.index %done[%i] : !uop.ptr<f32, global, 16> -> f32
  %st2 = uop.store %again, %v : f32
  uop.sink %st2 : !uop.void info <name = "k">
}
