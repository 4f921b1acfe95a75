// The example of ARCHITECTURE.md: on shape 8x16,
// S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid puts
// (i, j) at laneid = 4i + (j/2 mod 4), m = j mod 2, warpid in {j/8 + 5, j/8 + 9}.
// RUN: uop-translate --tirx-layout-table %s | FileCheck %s

// CHECK: buffer !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>>
// CHECK-NEXT: (0, 0) -> laneid=0 m=0 warpid=5 | laneid=0 m=0 warpid=9
// CHECK-NEXT: (0, 1) -> laneid=0 m=1 warpid=5 | laneid=0 m=1 warpid=9
// CHECK-NEXT: (0, 2) -> laneid=1 m=0 warpid=5 | laneid=1 m=0 warpid=9
// CHECK:      (0, 7) -> laneid=3 m=1 warpid=5 | laneid=3 m=1 warpid=9
// CHECK-NEXT: (0, 8) -> laneid=0 m=0 warpid=6 | laneid=0 m=0 warpid=10
// CHECK:      (3, 13) -> laneid=14 m=1 warpid=6 | laneid=14 m=1 warpid=10
// CHECK:      (7, 15) -> laneid=31 m=1 warpid=6 | laneid=31 m=1 warpid=10
// CHECK-NOT: (8,
tirx.prim_func @f(%A: !tirx.buffer<128xf32, global>) {
  tirx.device_entry {
    %r = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>>
  }
  tirx.return
}
