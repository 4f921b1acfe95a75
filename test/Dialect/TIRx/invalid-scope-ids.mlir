// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier and parser rules of tirx.scope_id_def: one id per extent, positive
// extents, a matching preferred list, outer -> inner, and the fixed hardware
// group sizes (warp -> thread = 32, warpgroup -> thread = 128,
// warpgroup -> warp = 4).

tirx.prim_func @no_extent() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op needs at least one extent}}
    tirx.scope_id_def cta -> thread []
  }
  tirx.return
}

// -----

tirx.prim_func @ids_vs_extents() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op defines 1 ids for 2 extents}}
    %a = "tirx.scope_id_def"() <{parent = #tirx.scope<kernel>, child = #tirx.scope<cta>, extents = array<i64: 8, 4>}> : () -> index
  }
  tirx.return
}

// -----

tirx.prim_func @ids_vs_extents_more() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op defines 3 ids for 2 extents}}
    %a:3 = "tirx.scope_id_def"() <{parent = #tirx.scope<kernel>, child = #tirx.scope<cta>, extents = array<i64: 8, 4>}> : () -> (index, index, index)
  }
  tirx.return
}

// -----

// The custom form defines as many ids as extents; naming fewer fails.
tirx.prim_func @custom_form_result_count() {
  tirx.device_entry {
    // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
    %a = tirx.scope_id_def kernel -> cta [8, 4]
  }
  tirx.return
}

// -----

tirx.prim_func @ids_are_index() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op result #0 must be variadic of index, but got 'i32'}}
    %a = "tirx.scope_id_def"() <{parent = #tirx.scope<cta>, child = #tirx.scope<thread>, extents = array<i64: 128>}> : () -> i32
  }
  tirx.return
}

// -----

tirx.prim_func @zero_extent() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op extents must be positive, got 0}}
    %a, %b = tirx.scope_id_def kernel -> cta [8, 0]
  }
  tirx.return
}

// -----

tirx.prim_func @negative_extent() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op extents must be positive, got -4}}
    %a = tirx.scope_id_def cta -> thread [-4]
  }
  tirx.return
}

// -----

tirx.prim_func @preferred_count() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op has 1 preferred extents for 2 extents}}
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4] preferred [32]
  }
  tirx.return
}

// -----

tirx.prim_func @preferred_count_more() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op has 2 preferred extents for 1 extents}}
    %a = tirx.scope_id_def cta -> thread [128] preferred [64, 2]
  }
  tirx.return
}

// -----

tirx.prim_func @preferred_zero() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op preferred extents must be positive, got 0}}
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4] preferred [8, 0]
  }
  tirx.return
}

// -----

tirx.prim_func @inner_to_outer() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op scope pair thread -> cta must go from an outer scope to an inner one}}
    %a = tirx.scope_id_def thread -> cta [128]
  }
  tirx.return
}

// -----

tirx.prim_func @warp_to_warpgroup() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op scope pair warp -> warpgroup must go from an outer scope to an inner one}}
    %a = tirx.scope_id_def warp -> warpgroup [4]
  }
  tirx.return
}

// -----

tirx.prim_func @same_scope() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op scope pair cta -> cta must go from an outer scope to an inner one}}
    %a = tirx.scope_id_def cta -> cta [2]
  }
  tirx.return
}

// -----

// kernel is only ever an outer scope.
tirx.prim_func @kernel_inner() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op scope pair cluster -> kernel must go from an outer scope to an inner one}}
    %a = tirx.scope_id_def cluster -> kernel [2]
  }
  tirx.return
}

// -----

tirx.prim_func @kernel_kernel() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op scope pair kernel -> kernel must go from an outer scope to an inner one}}
    %a = tirx.scope_id_def kernel -> kernel [1]
  }
  tirx.return
}

// -----

tirx.prim_func @warp_size() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a warp has exactly 32 threads, extents give 16}}
    %a = tirx.scope_id_def warp -> thread [16]
  }
  tirx.return
}

// -----

// The product of several extents is what counts: 8 * 8 = 64.
tirx.prim_func @warp_size_product() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a warp has exactly 32 threads, extents give 64}}
    %a, %b = tirx.scope_id_def warp -> thread [8, 8]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroup_threads() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a warpgroup has exactly 128 threads, extents give 256}}
    %a = tirx.scope_id_def warpgroup -> thread [256]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroup_warps() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a warpgroup has exactly 4 warps, extents give 2}}
    %a = tirx.scope_id_def warpgroup -> warp [2]
  }
  tirx.return
}

// -----

tirx.prim_func @unknown_parent_scope() {
  tirx.device_entry {
    // expected-error @+1 {{unknown execution scope 'block'}}
    %a = tirx.scope_id_def block -> thread [128]
  }
  tirx.return
}

// -----

tirx.prim_func @unknown_child_scope() {
  tirx.device_entry {
    // expected-error @+1 {{unknown execution scope 'lane'}}
    %a = tirx.scope_id_def warp -> lane [32]
  }
  tirx.return
}
