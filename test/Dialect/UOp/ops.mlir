// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --emit-bytecode | uop-opt | FileCheck %s
// RUN: uop-opt %s --verify-roundtrip | FileCheck %s
//
// Every op of the uop dialect at least once, printed in its custom form and
// round-tripped through the generic form, its own output and bytecode.

// CHECK-LABEL: uop.function @kernel
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 4096>, %[[A:.*]]: !uop.ptr<f32, global, 4096>, %[[B:.*]]: !uop.ptr<f16, global>)
// CHECK-SAME: attributes {info = #uop.call_info<name = "kernel", grad_tag = "g", metadata = ["m0"], precompile = true, precompile_backward = true>}
uop.function @kernel(%out: !uop.ptr<f32, global, 4096>, %a: !uop.ptr<f32, global, 4096>, %b: !uop.ptr<f16, global>) attributes {info = #uop.call_info<name = "kernel", grad_tag = "g", metadata = ["m0"], precompile = true, precompile_backward = true>} {
  // CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
  // CHECK-DAG: %[[F0:.*]] = arith.constant 0.000000e+00 : f32
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %f0 = arith.constant 0.0 : f32
  // CHECK: %[[DEV:.*]] = uop.device "CUDA"
  %dev = uop.device "CUDA"
  // CHECK: %[[P0:.*]] = uop.param 0 size 4096 device %[[DEV]] : !uop.ptr<f32, global, 4096>
  %p0 = uop.param 0 size 4096 device %dev : !uop.ptr<f32, global, 4096>
  // CHECK: uop.param 1 size 16 : !uop.ptr<f32, global>
  %p1 = uop.param 1 size 16 : !uop.ptr<f32, global>
  // CHECK: %[[R0:.*]] = uop.range %[[C64]], R0, global
  %r0 = uop.range %c64, R0, global
  // CHECK: %[[R1:.*]] = uop.range %[[C64]], R1, local deps(%[[R0]])
  %r1 = uop.range %c64, R1, local deps(%r0)
  // CHECK: %[[R2:.*]] = uop.range %[[C64]], U2, reduce
  %r2 = uop.range %c64, U2, reduce
  // CHECK: uop.special %[[C64]], blockIdx.x
  %bx = uop.special %c64, blockIdx.x
  // CHECK: %[[N:.*]] = uop.define_var "n"[1, 128]
  %n = uop.define_var "n" [1, 128]
  // CHECK: uop.bind %[[N]], %[[C4]]
  %nb = uop.bind %n, %c4
  // CHECK: %[[I:.*]] = uop.index %[[A]][%[[R0]], %[[R2]]] : !uop.ptr<f32, global, 4096> -> f32
  %i = uop.index %a[%r0, %r2] : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[G:.*]] = arith.cmpi ult, %[[R0]], %[[C64]] : index
  %g = arith.cmpi ult, %r0, %c64 : index
  // CHECK: %[[IG:.*]] = uop.index %[[A]][%[[R0]]] gate %[[G]] : !uop.ptr<f32, global, 4096> -> f32
  %ig = uop.index %a[%r0] gate %g : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[X:.*]] = uop.load %[[A]], %[[I]] : !uop.ptr<f32, global, 4096> -> f32
  %x = uop.load %a, %i : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[Y:.*]] = uop.load %[[A]], %[[IG]] alt %[[F0]] : !uop.ptr<f32, global, 4096> -> f32
  %y = uop.load %a, %ig alt %f0 : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
  %m = arith.mulf %x, %y : f32
  // CHECK: %[[ACC:.*]] = uop.reduce add %[[M]][%[[R2]]] : f32
  %acc = uop.reduce add %m [%r2] : f32
  // CHECK: uop.pointer_index %[[B]], %[[C4]] : !uop.ptr<f16, global>
  %pi = uop.pointer_index %b, %c4 : !uop.ptr<f16, global>
  // CHECK: %[[O:.*]] = uop.index %[[OUT]][%[[R0]], %[[R1]]] : !uop.ptr<f32, global, 4096> -> f32
  %o = uop.index %out[%r0, %r1] : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[S:.*]] = uop.store %[[O]], %[[ACC]][%[[R0]], %[[R1]]] : f32
  %s = uop.store %o, %acc [%r0, %r1] : f32
  // CHECK: %[[E:.*]] = uop.end %[[S]][%[[R0]], %[[R1]]] : !uop.void
  %e = uop.end %s [%r0, %r1] : !uop.void
  // CHECK: %[[LDS:.*]] = uop.define_local 0 : !uop.ptr<f32, local, 256>
  %lds = uop.define_local 0 : !uop.ptr<f32, local, 256>
  // CHECK: uop.define_reg size 8 id 0 : !uop.ptr<f32, reg, 8>
  %reg = uop.define_reg size 8 id 0 : !uop.ptr<f32, reg, 8>
  // CHECK: uop.define_reg size 4 id 1 : !uop.ptr<vector<4xf32>, reg>
  %reg2 = uop.define_reg size 4 id 1 : !uop.ptr<vector<4xf32>, reg>
  // CHECK: uop.barrier %[[LDS]](%[[S]] : !uop.void) : !uop.ptr<f32, local, 256>
  %bar = uop.barrier %lds (%s : !uop.void) : !uop.ptr<f32, local, 256>
  // CHECK: uop.after %[[P0]](%[[E]] : !uop.void) : !uop.ptr<f32, global, 4096>
  %aft = uop.after %p0 (%e : !uop.void) : !uop.ptr<f32, global, 4096>
  // The IF runs after the loops the STORE closes: its condition reads none.
  // CHECK: %[[OK:.*]] = arith.cmpi ult, %[[N]], %[[C64]] : index
  %ok = arith.cmpi ult, %n, %c64 : index
  // CHECK: %[[IF:.*]] = uop.if %[[OK]](%[[S]] : !uop.void) : i1
  %if = uop.if %ok (%s : !uop.void) : i1
  // CHECK: %[[EIF:.*]] = uop.endif %[[IF]]
  %eif = uop.endif %if
  // CHECK: uop.custom "printf(\22%d\22, {0});"(%[[C4]]) : (index) -> !uop.void
  %cu = uop.custom "printf(\"%d\", {0});" (%c4) : (index) -> !uop.void
  // CHECK: uop.customi "({0} + {1})"(%[[X]], %[[Y]]) : (f32, f32) -> f32
  %ci = uop.customi "({0} + {1})" (%x, %y) : (f32, f32) -> f32
  // CHECK: uop.sink %[[E]], %[[EIF]] : !uop.void, !uop.void info <name = "kernel", dont_use_locals = true, applied_opts = [<UPCAST, 0, 4>]>
  uop.sink %e, %eif : !uop.void, !uop.void info <name = "kernel", dont_use_locals = true, applied_opts = [#uop.opt<UPCAST, 0, 4>]>
}

// Vector ops, expansion and tensor cores.
// CHECK-LABEL: func.func @vectors
// CHECK-SAME: (%[[S0:.*]]: f32, %[[S1:.*]]: f32, %[[H:.*]]: vector<8xf16>, %[[F:.*]]: vector<8xf32>, %[[BUF:.*]]: !uop.ptr<f32, global>, %[[IDX:.*]]: index)
func.func @vectors(%s0: f32, %s1: f32, %h: vector<8xf16>, %f: vector<8xf32>, %buf: !uop.ptr<f32, global>, %idx: index) -> vector<8xf32> {
  // CHECK: %[[V:.*]] = uop.vectorize %[[S0]], %[[S1]], %[[S0]], %[[S1]] : vector<4xf32>
  %v = uop.vectorize %s0, %s1, %s0, %s1 : vector<4xf32>
  // CHECK: uop.gep %[[V]] [0] : vector<4xf32> -> f32
  %e0 = uop.gep %v [0] : vector<4xf32> -> f32
  // CHECK: uop.gep %[[V]] [0, 2] : vector<4xf32> -> vector<2xf32>
  %e02 = uop.gep %v [0, 2] : vector<4xf32> -> vector<2xf32>
  // CHECK: %[[K:.*]] = uop.vconst dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
  %k = uop.vconst dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  // CHECK: uop.cat %[[V]], %[[K]] : vector<4xf32>, vector<4xf32> -> vector<8xf32>
  %cat = uop.cat %v, %k : vector<4xf32>, vector<4xf32> -> vector<8xf32>
  // CHECK: %[[I0:.*]] = uop.index %[[BUF]][%[[IDX]]] : !uop.ptr<f32, global> -> f32
  %i0 = uop.index %buf[%idx] : !uop.ptr<f32, global> -> f32
  // CHECK: %[[I1:.*]] = uop.index %[[BUF]][%[[IDX]]] : !uop.ptr<f32, global> -> vector<2xf32>
  %i1 = uop.index %buf[%idx] : !uop.ptr<f32, global> -> vector<2xf32>
  // CHECK: uop.ptrcat %[[I0]], %[[I1]] : f32, vector<2xf32> -> vector<3xf32>
  %pc = uop.ptrcat %i0, %i1 : f32, vector<2xf32> -> vector<3xf32>
  // CHECK: %[[U:.*]] = uop.unroll %[[V]] [(0, 4)] : vector<4xf32> -> f32
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  // CHECK: uop.contract %[[U]] [(0, 2), (1, 2)] : f32 -> vector<4xf32>
  %c = uop.contract %u [(0, 2), (1, 2)] : f32 -> vector<4xf32>
  // The default threads = 32 is elided.
  // CHECK: %[[D:.*]] = uop.wmma %[[H]], %[[H]], %[[F]] <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(0, 8)], upcast_b = [(1, 8)], upcast_c = [(2, 8)], reduce_axes = [(3, 2)], tile_grid = [1, 1]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  %d = uop.wmma %h, %h, %f <name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 32, upcast_a = [(0, 8)], upcast_b = [(1, 8)], upcast_c = [(2, 8)], reduce_axes = [(3, 2)], tile_grid = [1, 1]> : vector<8xf16>, vector<8xf16>, vector<8xf32>
  // CHECK: return %[[D]] : vector<8xf32>
  return %d : vector<8xf32>
}

// Tensor level.
// CHECK-LABEL: func.func @tensors
// CHECK-SAME: (%[[T:.*]]: tensor<10x20xf32>, %[[XS:.*]]: f32)
func.func @tensors(%t: tensor<10x20xf32>, %x: f32) {
  // CHECK: %[[UQ:.*]] = uop.unique 0
  %u = uop.unique 0
  // CHECK: %[[LU:.*]] = uop.lunique 1
  %lu = uop.lunique 1
  // CHECK: %[[CPU:.*]] = uop.device "CPU"
  %dev = uop.device "CPU"
  // CHECK: %[[BUFT:.*]] = uop.buffer %[[UQ]], %[[CPU]] size 200 : tensor<10x20xf32>
  %buf = uop.buffer %u, %dev size 200 : tensor<10x20xf32>
  // CHECK: uop.buffer %[[LU]], %[[CPU]] size 64 : !uop.ptr<f32, global, 64>
  %pbuf = uop.buffer %lu, %dev size 64 : !uop.ptr<f32, global, 64>
  // CHECK: uop.reduce_axis add %[[T]] [1] : tensor<10x20xf32> -> tensor<10xf32>
  %ra = uop.reduce_axis add %t [1] : tensor<10x20xf32> -> tensor<10xf32>
  // CHECK: uop.reduce_axis max %[[T]] [0, 1] : tensor<10x20xf32> -> tensor<f32>
  %rm = uop.reduce_axis max %t [0, 1] : tensor<10x20xf32> -> tensor<f32>
  %c10 = arith.constant 10 : index
  // CHECK: %[[R:.*]] = uop.range %{{.*}}, U0, loop
  %r = uop.range %c10, U0, loop
  // CHECK: uop.bufferize %[[XS]][%[[R]]] opts <device = "CPU", addrspace = local, removable = false> : f32 -> tensor<10xf32>
  %bz = uop.bufferize %x [%r] opts <device = "CPU", addrspace = local, removable = false> : f32 -> tensor<10xf32>
  // CHECK: uop.bufferize %[[XS]][%[[R]]] : f32 -> !uop.ptr<f32, global>
  %bz2 = uop.bufferize %x [%r] : f32 -> !uop.ptr<f32, global>
  // CHECK: uop.reshape %[[T]] : tensor<10x20xf32> -> tensor<200xf32>
  %rs = uop.reshape %t : tensor<10x20xf32> -> tensor<200xf32>
  // CHECK: uop.permute %[[T]] [1, 0] : tensor<10x20xf32> -> tensor<20x10xf32>
  %pm = uop.permute %t [1, 0] : tensor<10x20xf32> -> tensor<20x10xf32>
  // CHECK: %[[T1:.*]] = uop.shrink %[[T]] [0, 0] to [1, 20] : tensor<10x20xf32> -> tensor<1x20xf32>
  %t1 = uop.shrink %t [0, 0] to [1, 20] : tensor<10x20xf32> -> tensor<1x20xf32>
  // CHECK: uop.expand %[[T1]] : tensor<1x20xf32> -> tensor<10x20xf32>
  %ex = uop.expand %t1 : tensor<1x20xf32> -> tensor<10x20xf32>
  // CHECK: uop.pad %[[T]] low [1, 0] high [0, 2] : tensor<10x20xf32> -> tensor<11x22xf32>
  %pd = uop.pad %t low [1, 0] high [0, 2] : tensor<10x20xf32> -> tensor<11x22xf32>
  // CHECK: uop.flip %[[T]] [true, false] : tensor<10x20xf32>
  %fl = uop.flip %t [true, false] : tensor<10x20xf32>
  // CHECK: %[[CP:.*]] = uop.copy %[[T]], %[[CPU]] : tensor<10x20xf32>
  %cp = uop.copy %t, %dev : tensor<10x20xf32>
  // CHECK: uop.buffer_view %[[BUFT]] size 20 offset 40 : tensor<10x20xf32> -> tensor<20xf32>
  %bv = uop.buffer_view %buf size 20 offset 40 : tensor<10x20xf32> -> tensor<20xf32>
  // CHECK: %[[MS:.*]] = uop.mstack %[[T]], %[[T]] : tensor<10x20xf32>
  %ms = uop.mstack %t, %t : tensor<10x20xf32>
  // CHECK: %[[SEL:.*]] = uop.mselect %[[MS]][1] : tensor<10x20xf32>
  %sel = uop.mselect %ms [1] : tensor<10x20xf32>
  // CHECK: uop.multi %[[T]], %[[T]] axis 0 : tensor<10x20xf32>, tensor<10x20xf32> -> tensor<20x20xf32>
  %mu = uop.multi %t, %t axis 0 : tensor<10x20xf32>, tensor<10x20xf32> -> tensor<20x20xf32>
  // CHECK: uop.multi %[[T]] : tensor<10x20xf32> -> tensor<10x20xf32>
  %mu1 = uop.multi %t : tensor<10x20xf32> -> tensor<10x20xf32>
  // CHECK: uop.group(%[[CP]], %[[SEL]]) : tensor<10x20xf32>, tensor<10x20xf32>
  %gr = uop.group(%cp, %sel) : tensor<10x20xf32>, tensor<10x20xf32>
  // CHECK: uop.detach %[[T]] : tensor<10x20xf32>
  %de = uop.detach %t : tensor<10x20xf32>
  // CHECK: uop.contiguous %[[T]] : tensor<10x20xf32>
  %co = uop.contiguous %t : tensor<10x20xf32>
  // CHECK: uop.contiguous_backward %[[T]] : tensor<10x20xf32>
  %cb = uop.contiguous_backward %t : tensor<10x20xf32>
  // CHECK: uop.precast %[[T]] : tensor<10x20xf32> -> tensor<10x20xf16>
  %pr = uop.precast %t : tensor<10x20xf32> -> tensor<10x20xf16>
  // CHECK: uop.allreduce add %[[T]], %[[CPU]] : tensor<10x20xf32>
  %al = uop.allreduce add %t, %dev : tensor<10x20xf32>
  // CHECK: %[[TU:.*]] = uop.tuple(%[[T]], %[[XS]]) : tensor<10x20xf32>, f32
  %tu = uop.tuple(%t, %x) : tensor<10x20xf32>, f32
  // CHECK: uop.get_tuple %[[TU]][1] : f32
  %gt = uop.get_tuple %tu[1] : f32
  // CHECK: uop.custom_function enc_dec(%[[T]]) : (tensor<10x20xf32>)
  %cf = uop.custom_function enc_dec(%t) : (tensor<10x20xf32>)
  // CHECK: uop.custom_function graph(%[[XS]]) : (f32)
  %cf2 = uop.custom_function graph(%x) : (f32)
  return
}

// Callable IR.
// CHECK-LABEL: uop.function @callee
// CHECK-NEXT: uop.sink
// CHECK-NEXT: }
uop.function @callee(%p: !uop.ptr<f32, global>, %n: index) {
  uop.sink
}

// CHECK-LABEL: func.func @callable
// CHECK-SAME: (%[[PP:.*]]: !uop.ptr<f32, global>, %[[NN:.*]]: index)
func.func @callable(%p: !uop.ptr<f32, global>, %n: index) {
  // CHECK: uop.call @callee(%[[PP]], %[[NN]]) info <name = "callee"> : (!uop.ptr<f32, global>, index)
  %call = uop.call @callee(%p, %n) info <name = "callee"> : (!uop.ptr<f32, global>, index)
  // CHECK: uop.call @callee(%[[PP]], %[[NN]]) : (!uop.ptr<f32, global>, index)
  %call2 = uop.call @callee(%p, %n) : (!uop.ptr<f32, global>, index)
  // CHECK: %[[CUDA:.*]] = uop.device "CUDA"
  %dev = uop.device "CUDA"
  // CHECK: %[[LIN:.*]] = uop.linear @callee {
  // CHECK-NEXT: ^bb0(%{{.*}}: !uop.ptr<f32, global>):
  // CHECK-NEXT: arith.constant 1 : index
  // CHECK-NEXT: }
  %lin = uop.linear @callee {
  ^bb0(%lp: !uop.ptr<f32, global>):
    %c = arith.constant 1 : index
  }
  // CHECK: %[[SRC:.*]] = uop.source "extern \22C\22 __global__ void callee() {}"
  %src = uop.source "extern \"C\" __global__ void callee() {}"
  // CHECK: %[[BIN:.*]] = uop.program_binary "\7FELF"
  %bin = uop.program_binary "\7FELF"
  // CHECK: uop.program @callee device %[[CUDA]]{{$}}
  %p0 = uop.program @callee device %dev
  // CHECK: uop.program @callee device %[[CUDA]] linear %[[LIN]]{{$}}
  %p1 = uop.program @callee device %dev linear %lin
  // CHECK: uop.program @callee device %[[CUDA]] linear %[[LIN]] source %[[SRC]]{{$}}
  %p2 = uop.program @callee device %dev linear %lin source %src
  // CHECK: uop.program @callee device %[[CUDA]] linear %[[LIN]] source %[[SRC]] binary %[[BIN]]
  %p3 = uop.program @callee device %dev linear %lin source %src binary %bin
  return
}
