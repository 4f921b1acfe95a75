// RUN: uop-opt %s | FileCheck %s --strict-whitespace
//
// Regression test (was: cosmetic): the custom form of tile.unary / tile.binary / tile.reduce
// prints two spaces before the kind (`tirx.tile.unary  exp <cta>`): the
// EnumAttr's own printer adds a space after the op printer's. It round-trips,
// but differs from the documented form `tirx.tile.unary exp <cta>`.

// CHECK: tirx.tile.unary exp <cta> %
// CHECK: tirx.tile.binary add <cta> %
// CHECK: tirx.tile.reduce sum <cta> %
tirx.prim_func @kinds() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<4x4xf32, local>
    %R = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    tirx.tile.unary exp <cta> %C, %C : !tirx.buffer<4x4xf32, local>, !tirx.buffer<4x4xf32, local>
    tirx.tile.binary add <cta> %C, %C, %C : !tirx.buffer<4x4xf32, local>, !tirx.buffer<4x4xf32, local>, !tirx.buffer<4x4xf32, local>
    tirx.tile.reduce sum <cta> %R, %C axes [1] : !tirx.buffer<4xf32, local>, !tirx.buffer<4x4xf32, local>
  }
  tirx.return
}
