// RUN: uop-opt %s -split-input-file -uop-stream-stores="min-footprint=2048" | FileCheck %s
// RUN: uop-opt %s -split-input-file -uop-stream-stores="min-footprint=0" | FileCheck %s --check-prefix=OFF
// RUN: uop-opt %s -split-input-file -uop-stream-stores | FileCheck %s --check-prefix=DEFAULT
//
// uop-stream-stores marks a vector store nontemporal when the kernel's
// global parameters span at least min-footprint bytes (default 32 MiB) and
// the kernel does not read the store's buffer. With min-footprint 0 or the
// default nothing here is marked.
// OFF-NOT: nontemporal
// DEFAULT-NOT: nontemporal

// 2 x 256 f32 = 2048 bytes; the output is written once a vector at a time:
// it streams.
// CHECK-LABEL: uop.function @big
// CHECK: uop.store %{{.*}}, %{{.*}} nontemporal : vector<4xf32>
uop.function @big(%out: !uop.ptr<f32, global, 256>, %in: !uop.ptr<f32, global, 256>) {
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %r = uop.range %c64, R0, loop
  %o = arith.muli %r, %c4 : index
  %i = uop.index %in[%o] : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %j = uop.index %out[%o] : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %s = uop.store %j, %v : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "big">
}

// -----

// 1020 + 1024 bytes: below min-footprint.
// CHECK-LABEL: uop.function @small
// CHECK-NOT: nontemporal
uop.function @small(%out: !uop.ptr<f32, global, 255>, %in: !uop.ptr<f32, global, 256>) {
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %r = uop.range %c63, R0, loop
  %o = arith.muli %r, %c4 : index
  %i = uop.index %in[%o] : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %j = uop.index %out[%o] : !uop.ptr<f32, global, 255> -> vector<4xf32>
  %s = uop.store %j, %v : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "small">
}

// -----

// A small output of a kernel whose input fills the footprint (a row
// reduction's) streams too: nothing could have kept it cached.
// CHECK-LABEL: uop.function @small_out
// CHECK: uop.store %{{.*}}, %{{.*}} nontemporal : vector<4xf32>
uop.function @small_out(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 512>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, loop
  %o = arith.muli %r, %c4 : index
  %i = uop.index %in[%o] : !uop.ptr<f32, global, 512> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 512> -> vector<4xf32>
  %j = uop.index %out[%o] : !uop.ptr<f32, global, 16> -> vector<4xf32>
  %s = uop.store %j, %v : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "small_out">
}

// -----

// A scalar store: the C writes it an element at a time.
// CHECK-LABEL: uop.function @scalar
// CHECK-NOT: nontemporal
uop.function @scalar(%out: !uop.ptr<f32, global, 256>, %in: !uop.ptr<f32, global, 256>) {
  %c256 = arith.constant 256 : index
  %r = uop.range %c256, R0, loop
  %i = uop.index %in[%r] : !uop.ptr<f32, global, 256> -> f32
  %v = uop.load %in, %i : !uop.ptr<f32, global, 256> -> f32
  %j = uop.index %out[%r] : !uop.ptr<f32, global, 256> -> f32
  %s = uop.store %j, %v : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "scalar">
}

// -----

// A gated store writes only some of its lines.
// CHECK-LABEL: uop.function @gated
// CHECK-NOT: nontemporal
uop.function @gated(%out: !uop.ptr<f32, global, 256>, %in: !uop.ptr<f32, global, 256>) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %r = uop.range %c64, R0, loop
  %o = arith.muli %r, %c4 : index
  %g = arith.cmpi ult, %r, %c32 : index
  %i = uop.index %in[%o] : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %j = uop.index %out[%o] gate %g : !uop.ptr<f32, global, 256> -> vector<4xf32>
  %s = uop.store %j, %v : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "gated">
}

// -----

// The kernel reads its output back (as a K-blocked matmul does): it stays
// in the cache.
// CHECK-LABEL: uop.function @readback
// CHECK-NOT: nontemporal
uop.function @readback(%out: !uop.ptr<f32, global, 512>) {
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %r = uop.range %c128, R0, loop
  %o = arith.muli %r, %c4 : index
  %i = uop.index %out[%o] : !uop.ptr<f32, global, 512> -> vector<4xf32>
  %v = uop.load %out, %i : !uop.ptr<f32, global, 512> -> vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  %s = uop.store %i, %w : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "readback">
}
