// RUN: uop-opt %s --split-input-file --verify-diagnostics --tirx-lower-scope-ids --convert-tirx-to-gpu
//
// What convert-tirx-to-gpu refuses in host code.


// A kernel that uses TMA takes tensor maps the host code does not build yet.
tirx.prim_func @host(%a: !tirx.buffer<64x64xf32, global>) {
  // expected-error @+1 {{launching a kernel that uses tensor maps from host code is not supported yet}}
  tirx.launch @tma(%a) : (!tirx.buffer<64x64xf32, global>)
  tirx.return
}
tirx.prim_func @tma(%a: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %m = tirx.tensor_map %a box [32, 32] swizzle 0 : !tirx.buffer<64x64xf32, global> -> !llvm.ptr
    %p = llvm.ptrtoint %m : !llvm.ptr to i64
  }
  tirx.return
}
