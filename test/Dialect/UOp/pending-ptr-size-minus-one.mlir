// XFAIL: *
// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// BUG: PtrType stores "no size" as -1 and its verifier only rejects
// size < -1, so the text `!uop.ptr<f32, global, -1>` is accepted and
// silently printed back as the unsized `!uop.ptr<f32, global>`, although the
// diagnostic for -2 says "pointer size must be non-negative". An explicit
// size in the text should be non-negative.

// expected-error @+1 {{pointer size must be non-negative}}
func.func private @ptr_minus_one(!uop.ptr<f32, global, -1>)
