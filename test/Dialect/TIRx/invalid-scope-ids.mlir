// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier and parser rules of tirx.scope_id_def: one id per extent, positive
// extents, a matching preferred list, outer -> inner, and the fixed hardware
// group sizes (warp -> thread = 32, warpgroup -> thread = 128,
// warpgroup -> warp = 4), and the hardware's limits: at most 1024 threads per
// CTA, a grid of at most 3 dimensions within CUDA's extents, no extents whose
// product overflows int64.

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

// -----

tirx.prim_func @grid_4d() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a grid has at most 3 dimensions, got 4}}
    %a, %b, %c, %d = tirx.scope_id_def kernel -> cta [2, 2, 2, 2]
  }
  tirx.return
}

// -----

tirx.prim_func @clusters_4d() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a grid has at most 3 dimensions, got 4}}
    %a, %b, %c, %d = tirx.scope_id_def kernel -> cluster [2, 2, 2, 2]
  }
  tirx.return
}

// -----

// At most 1024 threads per CTA (no NVIDIA GPU can launch more): 2048 threads
// given directly, as 32 x 64 threads, as 64 warps or as 16 warpgroups are
// rejected; exactly 1024 threads (32 warps) are fine.
tirx.prim_func @threads_2048() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a CTA has at most 1024 threads, the scope ids give 2048}}
    %t = tirx.scope_id_def cta -> thread [2048]
  }
  tirx.return
}

// -----

tirx.prim_func @warps_64() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a CTA has at most 1024 threads, the scope ids give 2048}}
    %w = tirx.scope_id_def cta -> warp [64]
  }
  tirx.return
}

// -----

tirx.prim_func @threads_2d() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a CTA has at most 1024 threads, the scope ids give 2048}}
    %x, %y = tirx.scope_id_def cta -> thread [32, 64]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroups_16() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a CTA has at most 1024 threads, the scope ids give 2048}}
    %g = tirx.scope_id_def cta -> warpgroup [16]
  }
  tirx.return
}

// -----

// Issue 13: 2^56 warpgroups are 2^63 threads, which wrapped to -2^63 in
// int64 and passed the 1024-thread check.
tirx.prim_func @warpgroups_wrap() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a CTA has at most 1024 threads, the scope ids give more than 2^63}}
    %g = tirx.scope_id_def cta -> warpgroup [72057594037927936]
  }
  tirx.return
}

// -----

tirx.prim_func @extents_overflow() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op the product of the extents [4294967296, 4294967296] overflows 64 bits}}
    %a, %b = tirx.scope_id_def kernel -> thread [4294967296, 4294967296]
  }
  tirx.return
}

// -----

// The grid is checked where it is declared, against CUDA's limits (x below
// 2^31, y and z below 65536), rather than when the launch dimensions are
// narrowed to 32 bits.
tirx.prim_func @grid_x() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op grid dimension x is at most 2^31 - 1, got 4294967297}}
    %b = tirx.scope_id_def kernel -> cta [4294967297]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_y() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op grid dimension y is at most 65535, got 70000}}
    %x, %y = tirx.scope_id_def kernel -> cta [4, 70000]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_limits() {
  tirx.device_entry {
    %x, %y, %z = tirx.scope_id_def kernel -> cta [2147483647, 65535, 65535]
    %t = tirx.scope_id_def cta -> thread [1024]
  }
  tirx.return
}

// -----

// Only the grid may be free: a CTA's threads are compiled into the kernel.
tirx.prim_func @free_threads() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op only the grid's extents (kernel -> cta, kernel -> cluster) may be free ('?'), not those of cta -> thread}}
    %t = tirx.scope_id_def cta -> thread [?] preferred [128]
  }
  tirx.return
}

// -----

tirx.prim_func @free_cluster_shape() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op only the grid's extents (kernel -> cta, kernel -> cluster) may be free ('?'), not those of cluster -> cta}}
    %r = tirx.scope_id_def cluster -> cta [?] preferred [2]
  }
  tirx.return
}

// -----

// A free extent launches with its preferred extent, so it needs one.
tirx.prim_func @free_without_preferred() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op a free extent ('?') needs a preferred extent to launch with}}
    %b = tirx.scope_id_def kernel -> cta [?]
  }
  tirx.return
}

// -----

tirx.prim_func @free_preferred_too_large() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.scope_id_def' op preferred grid dimension y is at most 65535, got 70000}}
    %bx, %by = tirx.scope_id_def kernel -> cta [4, ?] preferred [4, 70000]
  }
  tirx.return
}

// -----

// Preferred extents are sizes, never free.
tirx.prim_func @free_preferred() {
  tirx.device_entry {
    // expected-error @+1 {{expected integer value}}
    %b = tirx.scope_id_def kernel -> cta [?] preferred [?]
  }
  tirx.return
}

// -----

// tirx.scope_extent reads the extent of a scope id, nothing else.
tirx.prim_func @extent_of_other() {
  tirx.device_entry {
    %n = arith.constant 4 : index
    // expected-error @+1 {{'tirx.scope_extent' op expects a scope id, a result of tirx.scope_id_def}}
    %e = tirx.scope_extent %n
  }
  tirx.return
}
