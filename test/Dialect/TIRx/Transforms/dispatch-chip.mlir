// RUN: not uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_7x" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not uop-opt %s --tirx-dispatch-tile-primitives="chip=gfx90a" 2>&1 | FileCheck %s --check-prefix=GFX
// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_100a" | FileCheck %s --check-prefix=OK
//
// The chip option must name a chip of the chip table (GPUChip.h); anything
// else is one error on the prim_func, listing the known chips, before any
// tile op is touched. A suffixed chip is accepted.

// BAD: error: unknown chip 'sm_7x' (known: sm_75, sm_80, {{.*}}, sm_121f)
// GFX: error: unknown chip 'gfx90a' (known: sm_75,
// OK-LABEL: tirx.prim_func @f
// OK-NOT: tirx.tile.fill
// OK: tirx.buffer_store
tirx.prim_func @f(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    %x = arith.constant 1.0 : f32
    tirx.tile.fill <thread> %A, %x : !tirx.buffer<8xf32, global>, f32
  }
  tirx.return
}
