// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// A tile primitive's config takes the keys implementations read (vec,
// multicast, cta_group, commit), each with its own value rule; anything else would
// be silently ignored, so it is an error.

tirx.prim_func @unknown_key(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{unknown config key 'vector' (known: vec, multicast, cta_group, commit)}}
    tirx.tile.copy <thread> %A, %A config {vector = 4} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_not_power_of_two(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be a positive power-of-two integer (elements per access), got 3 : i64}}
    tirx.tile.copy <thread> %A, %A config {vec = 3} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_zero(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be a positive power-of-two integer}}
    tirx.tile.copy <thread> %A, %A config {vec = 0} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @vec_string(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config vec must be a positive power-of-two integer}}
    tirx.tile.copy <thread> %A, %A config {vec = "4"} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
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

tirx.prim_func @multicast_wide(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{config multicast must be a bool or a non-zero 16-bit mask}}
    tirx.tile.copy <thread> %A, %A config {multicast = 65536} : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
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
