// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of IF and ENDIF.

func.func @if_condition_i32(%c: i32) {
  // expected-error @+1 {{'uop.if' op condition must be i1, got 'i32'}}
  %if = uop.if %c : i32
  return
}

// -----

func.func @if_condition_vector(%c: vector<4xi1>) {
  // expected-error @+1 {{'uop.if' op condition must be i1, got 'vector<4xi1>'}}
  %if = uop.if %c : vector<4xi1>
  return
}

// -----

func.func @if_condition_index(%c: index, %s: !uop.void) {
  // expected-error @+1 {{'uop.if' op condition must be i1, got 'index'}}
  %if = uop.if %c (%s : !uop.void) : index
  return
}

// -----

func.func @if_result_not_void(%c: i1) {
  // expected-error @+1 {{'uop.if' op result #0 must be !uop.void, but got 'i1'}}
  %if = "uop.if"(%c) : (i1) -> i1
  return
}

// -----

func.func @endif_of_non_if(%v: !uop.void) {
  // expected-error @+1 {{'uop.endif' op must refer to a uop.if}}
  %e = uop.endif %v
  return
}

// -----

func.func @endif_of_endif(%c: i1) {
  %if = uop.if %c : i1
  %e0 = uop.endif %if
  // expected-error @+1 {{'uop.endif' op must refer to a uop.if}}
  %e1 = uop.endif %e0
  return
}

// -----

func.func @endif_of_value(%c: i1) {
  // expected-error @+1 {{'uop.endif' op operand #0 must be !uop.void, but got 'i1'}}
  %e = "uop.endif"(%c) : (i1) -> !uop.void
  return
}

// -----

// An IF needs the ENDIF that ends what it guards.
func.func @if_without_endif(%c: i1) {
  // expected-error @+1 {{'uop.if' op has no uop.endif}}
  %if = uop.if %c : i1
  return
}

// -----

uop.function @if_without_endif_in_kernel(%p: !uop.ptr<f32, global, 4>, %c: i1) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %i = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
  %s = uop.store %i, %one : f32
  // expected-error @+1 {{'uop.if' op has no uop.endif}}
  %if = uop.if %c (%s : !uop.void) : i1
  uop.sink %if : !uop.void info <name = "k">
}

// -----

func.func @if_with_two_endifs(%c: i1) {
  // expected-error @+1 {{'uop.if' op has 2 uop.endif ops; expected one}}
  %if = uop.if %c : i1
  // expected-note @+1 {{uop.endif here}}
  %e0 = uop.endif %if
  // expected-note @+1 {{uop.endif here}}
  %e1 = uop.endif %if
  return
}

// -----

// In a LINEAR, IF ... ENDIF and RANGE ... END nest: a range opened inside
// the IF must close before its ENDIF.
func.func @linear_endif_crosses_range() -> !uop.void {
  %l = uop.linear {
  ^bb0(%c: i1, %q: !uop.ptr<f32, global>):
    %c4 = arith.constant 4 : index
    %if = uop.if %c : i1
    // expected-note @+1 {{opened here}}
    %r = uop.range %c4, R0, loop
    %i = uop.index %q[%r] : !uop.ptr<f32, global> -> f32
    %z = arith.constant 0.0 : f32
    %s = uop.store %i, %z : f32
    // expected-error @+1 {{'uop.endif' op closes its uop.if while a uop.range opened inside it is open}}
    %end = uop.endif %if
    %e = uop.end %s[%r] : !uop.void
  }
  return %l : !uop.void
}

// -----

// A range opened before the IF must not close inside it.
func.func @linear_end_inside_if() -> !uop.void {
  %l = uop.linear {
  ^bb0(%c: i1, %q: !uop.ptr<f32, global>):
    %c4 = arith.constant 4 : index
    %r = uop.range %c4, R0, loop
    // expected-note @+1 {{uop.if opened here}}
    %if = uop.if %c : i1
    %i = uop.index %q[%r] : !uop.ptr<f32, global> -> f32
    %z = arith.constant 0.0 : f32
    %s = uop.store %i, %z : f32
    // expected-error @+1 {{'uop.end' op closes a uop.range opened before a uop.if that is still open}}
    %e = uop.end %s[%r] : !uop.void
    %end = uop.endif %if
  }
  return %l : !uop.void
}

