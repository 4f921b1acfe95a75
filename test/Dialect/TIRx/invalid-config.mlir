// RUN: uop-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
//
// A tile primitive's config (#tirx.config, written `config {...}` on the op)
// takes the keys implementations read (commit, cta_group, multicast, vec),
// each with its own value rule; anything else would be silently ignored, so
// it is an error where it is written.

tirx.prim_func @unknown_key(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{unknown config key 'vector' (known: commit, cta_group, multicast, vec)}}
    tirx.tile.copy <thread> %A, %A config {vector = 4} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @key_twice(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config key 'vec' given twice}}
    tirx.tile.copy <thread> %A, %A config {vec = 4, vec = 8} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_not_power_of_two(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be a positive power-of-two integer (elements per access), got 3}}
    tirx.tile.copy <thread> %A, %A config {vec = 3} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_zero(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be a positive power-of-two integer (elements per access), got 0}}
    tirx.tile.copy <thread> %A, %A config {vec = 0} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_string(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be an integer, got "4"}}
    tirx.tile.copy <thread> %A, %A config {vec = "4"} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_bool(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be an integer, got true}}
    tirx.tile.copy <thread> %A, %A config {vec = true} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @multicast_zero(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config multicast must be a bool or a non-zero 16-bit mask of the cluster's CTAs, got 0 : i64}}
    tirx.tile.copy <thread> %A, %A config {multicast = 0} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

// -1 is how the attribute stores `true`: as a mask it is rejected.
tirx.prim_func @multicast_negative(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config multicast must be a bool or a non-zero 16-bit mask of the cluster's CTAs, got -1 : i64}}
    tirx.tile.copy <thread> %A, %A config {multicast = -1} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @multicast_wide(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config multicast must be a bool or a non-zero 16-bit mask of the cluster's CTAs, got 65536}}
    tirx.tile.copy <thread> %A, %A config {multicast = 65536} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @multicast_string(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config multicast must be an integer, got "all"}}
    tirx.tile.copy <thread> %A, %A config {multicast = "all"} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @cta_group_three(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config cta_group must be the integer 1 or 2, got 3}}
    tirx.tile.copy <thread> %A, %A config {cta_group = 3 : i64} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @cta_group_float(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config cta_group must be an integer, got 2.000000e+00 : f32}}
    tirx.tile.copy <thread> %A, %A config {cta_group = 2.0 : f32} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

// commit groups are cp.async's: other primitives have none to leave open.
tirx.prim_func @commit_not_async(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config commit applies to tirx.tile.copy_async (cp.async commit groups)}}
    tirx.tile.copy <thread> %A, %A config {commit = false} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @commit_int(%A: !tirx.buffer<64xf16, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf16, shared>
    // expected-error @+1 {{config commit must be a bool, got 0 : i64}}
    tirx.tile.copy_async <thread> %S, %A config {commit = 0} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
  }
  tirx.return
}

// -----

// The attribute alone (`#tirx.config<...>`) follows the same rules.
// expected-error @+1 {{config vec must be a positive power-of-two integer (elements per access), got 6}}
"test.op"() {config = #tirx.config<vec = 6>} : () -> ()

// -----

// expected-error @+1 {{unknown config key 'lanes'}}
"test.op"() {config = #tirx.config<lanes = 4>} : () -> ()
