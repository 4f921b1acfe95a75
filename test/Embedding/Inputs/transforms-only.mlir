// a // 20 -> 0 and a % 20 -> a for a in [0, 7] (uop-simplify).
uop.function @div_mod_remove() {
  %c20 = arith.constant 20 : index
  %a = uop.define_var "a" [0, 7]
  %d = arith.divui %a, %c20 : index
  %m = arith.remui %a, %c20 : index
  uop.sink %d, %m : index, index
}

// cta -> thread becomes gpu.thread_id (tirx-lower-scope-ids).
tirx.prim_func @tid(%out: !tirx.buffer<128xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %v = arith.constant 1.0 : f32
    tirx.buffer_store %v, %out[%t] : !tirx.buffer<128xf32, global>
  }
  tirx.return
}
