// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of tirx.prim_func, tirx.return and tirx.device_entry.

// expected-error @+1 {{'tirx.prim_func' op buffer parameters live in global memory, got '!tirx.buffer<4xf32, shared>'}}
tirx.prim_func @shared_param(%a: !tirx.buffer<4xf32, shared>) {
  tirx.return
}

// -----

// expected-error @+1 {{'tirx.prim_func' op buffer parameters live in global memory, got '!tirx.buffer<32xf32, local>'}}
tirx.prim_func @local_param(%n: index, %a: !tirx.buffer<32xf32, local>) {
  tirx.return
}

// -----

// expected-error @+1 {{'tirx.prim_func' op buffer parameters live in global memory, got '!tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>'}}
tirx.prim_func @tmem_param(%g: !tirx.buffer<4xf32, global>, %a: !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>) {
  tirx.return
}

// -----

// A prim_func needs a body.
// expected-error @+1 {{'tirx.prim_func' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
tirx.prim_func @no_body(index)

// -----

// The entry block arguments are the parameters.
// expected-error @+1 {{'tirx.prim_func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('index')}}
"tirx.prim_func"() <{function_type = (index) -> (), sym_name = "mismatch"}> ({
^bb0(%a: i32):
  "tirx.return"() : () -> ()
}) : () -> ()

// -----

tirx.prim_func @no_return() {
  // expected-error @+1 {{block with no terminator}}
  tirx.device_entry {
  }
}

// -----

tirx.prim_func @return_missing_value() -> index {
  // expected-error @+1 {{'tirx.return' op operand types do not match the prim_func's results}}
  tirx.return
}

// -----

tirx.prim_func @return_extra_value(%n: index) {
  // expected-error @+1 {{'tirx.return' op operand types do not match the prim_func's results}}
  tirx.return %n : index
}

// -----

tirx.prim_func @return_wrong_type(%n: index) -> i32 {
  // expected-error @+1 {{'tirx.return' op operand types do not match the prim_func's results}}
  tirx.return %n : index
}

// -----

tirx.prim_func @return_wrong_order(%n: index, %x: f32) -> (index, f32) {
  // expected-error @+1 {{'tirx.return' op operand types do not match the prim_func's results}}
  tirx.return %x, %n : f32, index
}

// -----

// return ends a prim_func, not a device_entry.
tirx.prim_func @return_in_device_entry() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.return' op expects parent op 'tirx.prim_func'}}
    tirx.return
  }
  tirx.return
}

// -----

func.func @return_in_func() {
  // expected-error @+1 {{'tirx.return' op expects parent op 'tirx.prim_func'}}
  tirx.return
}

// -----

// device_entry sits directly in a prim_func.
tirx.prim_func @nested_device_entry(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'tirx.device_entry' op expects parent op 'tirx.prim_func'}}
    tirx.device_entry {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @device_entry_in_device_entry() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.device_entry' op expects parent op 'tirx.prim_func'}}
    tirx.device_entry {
    }
  }
  tirx.return
}

// -----

func.func @device_entry_in_func() {
  // expected-error @+1 {{'tirx.device_entry' op expects parent op 'tirx.prim_func'}}
  tirx.device_entry {
  }
  return
}

// -----

// device_entry has one block and no terminator.
tirx.prim_func @device_entry_terminator() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.return' op expects parent op 'tirx.prim_func'}}
    "tirx.return"() : () -> ()
  }
  tirx.return
}

// -----

// prim_func is isolated from above.
func.func @isolated() {
  %c = arith.constant 0 : index
  "builtin.module"() ({
    // expected-note @+1 {{required by region isolation constraints}}
    tirx.prim_func @inner() {
      tirx.device_entry {
        // expected-error @+1 {{'arith.addi' op using value defined outside the region}}
        %x = arith.addi %c, %c : index
      }
      tirx.return
    }
  }) : () -> ()
  return
}
