// RUN: uop-opt %s -allow-unregistered-dialect | FileCheck %s
// RUN: uop-opt %s -allow-unregistered-dialect | uop-opt -allow-unregistered-dialect | FileCheck %s
//
// A tile op's config is a #tirx.config: written as a dictionary (values
// may carry a type, as a dictionary allows), printed typed, keys in
// alphabetical order, a set key kept even when false.

// CHECK-LABEL: tirx.prim_func @configs
tirx.prim_func @configs(%A: !tirx.buffer<64xf16, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf16, shared>
    // CHECK: tirx.tile.copy <thread> %{{.*}}, %{{.*}} config {vec = 4} :
    tirx.tile.copy <thread> %S, %A config {vec = 4 : i64} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy <thread> %{{.*}}, %{{.*}} config {cta_group = 2, vec = 8} :
    tirx.tile.copy <thread> %S, %A config {vec = 8, cta_group = 2} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy_async <thread> %{{.*}}, %{{.*}} config {commit = false} :
    tirx.tile.copy_async <thread> %S, %A config {commit = false} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy_async <thread> %{{.*}}, %{{.*}} config {commit = true, multicast = true} :
    tirx.tile.copy_async <thread> %S, %A config {multicast = true, commit = true} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy_async <thread> %{{.*}}, %{{.*}} config {multicast = false} :
    tirx.tile.copy_async <thread> %S, %A config {multicast = false} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy_async <thread> %{{.*}}, %{{.*}} config {cta_group = 1, multicast = 65535} :
    tirx.tile.copy_async <thread> %S, %A config {"cta_group" = 1 : i32, multicast = 0xffff} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // An empty config is kept as written.
    // CHECK: tirx.tile.copy <thread> %{{.*}}, %{{.*}} config {} :
    tirx.tile.copy <thread> %S, %A config {} : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
    // CHECK: tirx.tile.copy <thread> %{{.*}}, %{{.*}} :
    tirx.tile.copy <thread> %S, %A : !tirx.buffer<64xf16, shared>, !tirx.buffer<64xf16, global>
  }
  tirx.return
}

// The attribute alone.
// CHECK: "test.op"() {a = #tirx.config<commit = false, multicast = 5, vec = 2>, b = #tirx.config<multicast = true>, c = #tirx.config<>}
"test.op"() {a = #tirx.config<vec = 2, multicast = 5, commit = false>, b = #tirx.config<multicast = true>, c = #tirx.config<>} : () -> ()
