// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// PROGRAM: stages run SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY; each stage
// needs the one before it and must be made by the right op.

uop.function @k() {
  uop.sink
}

func.func @source_without_linear() {
  %d = uop.device "CUDA"
  %s = uop.source "__global__ void k() {}"
  // expected-error @+1 {{'uop.program' op has a SOURCE stage but no LINEAR stage; stages run SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY}}
  %p = uop.program @k device %d source %s
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @binary_without_source() {
  %d = uop.device "CUDA"
  %l = uop.linear @k {
  }
  %b = uop.program_binary "\00\01"
  // expected-error @+1 {{'uop.program' op has a PROGRAM_BINARY stage but no SOURCE stage; stages run SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY}}
  %p = uop.program @k device %d linear %l binary %b
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @binary_alone() {
  %d = uop.device "CUDA"
  %b = uop.program_binary "\00\01"
  // expected-error @+1 {{'uop.program' op has a PROGRAM_BINARY stage but no SOURCE stage}}
  %p = uop.program @k device %d binary %b
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @device_not_device(%d: !uop.void) {
  // expected-error @+1 {{'uop.program' op device must be a uop.device}}
  %p = uop.program @k device %d
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @linear_not_linear() {
  %d = uop.device "CUDA"
  %s = uop.source "code"
  // expected-error @+1 {{'uop.program' op linear stage must be a uop.linear}}
  %p = uop.program @k device %d linear %s
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @source_not_source() {
  %d = uop.device "CUDA"
  %l = uop.linear @k {
  }
  %b = uop.program_binary "\00"
  // expected-error @+1 {{'uop.program' op source stage must be a uop.source}}
  %p = uop.program @k device %d linear %l source %b
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @binary_not_binary() {
  %d = uop.device "CUDA"
  %l = uop.linear @k {
  }
  %s = uop.source "code"
  // expected-error @+1 {{'uop.program' op binary stage must be a uop.program_binary}}
  %p = uop.program @k device %d linear %l source %s binary %s
  return
}

// -----

func.func @kernel_unknown() {
  %d = uop.device "CUDA"
  // expected-error @+1 {{'uop.program' op 'missing' does not name a uop.function}}
  %p = uop.program @missing device %d
  return
}

// -----

func.func @not_a_kernel() {
  return
}

func.func @kernel_is_func() {
  %d = uop.device "CUDA"
  // expected-error @+1 {{'uop.program' op 'not_a_kernel' does not name a uop.function}}
  %p = uop.program @not_a_kernel device %d
  return
}

// -----

// A FUNCTION whose body does not end in a SINK is no kernel root. The
// FUNCTION verifier rejects it itself, so a PROGRAM naming it never gets to
// report "kernel has no SINK".
// expected-error @+1 {{'uop.function' op body must end in a uop.sink}}
uop.function @no_sink() {
  llvm.unreachable
}

func.func @kernel_without_sink() {
  %d = uop.device "CUDA"
  %p = uop.program @no_sink device %d
  return
}

// -----

uop.function @k() {
  uop.sink
}

func.func @stage_not_void(%x: index) {
  %d = uop.device "CUDA"
  // expected-error @+1 {{'uop.program' op operand #1 must be !uop.void, but got 'index'}}
  %p = "uop.program"(%d, %x) <{kernel = @k, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!uop.void, index) -> !uop.void
  return
}

// -----

func.func @linear_two_blocks() {
  // expected-error @+1 {{'uop.linear' op expects region #0 to have 0 or 1 blocks}}
  %l = "uop.linear"() ({
  ^bb0:
    %a = "uop.device"() <{specs = ["A"]}> : () -> !uop.void
  ^bb1:
    %b = "uop.device"() <{specs = ["B"]}> : () -> !uop.void
  }) : () -> !uop.void
  return
}

// -----

func.func @linear_not_void() {
  // expected-error @+1 {{'uop.linear' op result #0 must be !uop.void, but got 'index'}}
  %l = "uop.linear"() ({
  }) : () -> index
  return
}

// -----

func.func @source_not_string() {
  // expected-error @+1 {{invalid properties {code = 1 : i64} for op uop.source: Invalid attribute `code` in property conversion: 1 : i64}}
  %s = "uop.source"() <{code = 1 : i64}> : () -> !uop.void
  return
}

// -----

// LINEAR's optional `kernel` symbol is verified (SymbolUserOpInterface), like
// PROGRAM's kernel: `uop.linear @nope {}` is rejected when @nope does not name
// a uop.function.

func.func @linear_of_unknown_kernel() -> !uop.void {
  // expected-error @+1 {{'uop.linear' op 'nope' does not name a uop.function}}
  %l = uop.linear @nope {
  }
  return %l : !uop.void
}
