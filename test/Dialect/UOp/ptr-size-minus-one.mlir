// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// PtrType stores "no size" as -1, but a size written in the text must be
// non-negative: `!uop.ptr<f32, global, -1>` is rejected by the parser rather
// than silently printed back as the unsized `!uop.ptr<f32, global>`.

// expected-error @+1 {{pointer size must be non-negative, got -1}}
func.func private @ptr_minus_one(!uop.ptr<f32, global, -1>)
