// RUN: uop-opt %s -split-input-file -verify-diagnostics --convert-tirx-to-gpu
//
// convert-tirx-to-gpu expects the earlier tirx passes to have run; whatever
// they leave behind is an error on the op that is left.

tirx.prim_func @tile_left(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{tile primitive left; run tirx-dispatch-tile-primitives first}}
    tirx.tile.copy <thread> %A, %A : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @scope_id_left() {
  tirx.device_entry {
    // expected-error @+1 {{scope id left; run tirx-lower-scope-ids first}}
    %t = tirx.scope_id_def cta -> thread [128]
  }
  tirx.return
}

// -----

// Tensor memory has 512 columns: 600 columns round up to 1024.
tirx.prim_func @tmem_too_wide() {
  tirx.device_entry {
    // expected-error @+1 {{tensor memory has 512 columns, the buffer needs 1024}}
    %t = tirx.alloc_buffer : !tirx.buffer<128x600xf32, tmem, #tirx.tile<S[(128,600):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// and 128 lanes.
tirx.prim_func @tmem_too_many_lanes() {
  tirx.device_entry {
    // expected-error @+1 {{a tmem buffer needs a layout over at most 128 TLanes and some TCols}}
    %t = tirx.alloc_buffer : !tirx.buffer<256x32xf32, tmem, #tirx.tile<S[(256,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// An address_of through a layout has to be flattened by tirx-lower-layouts.
tirx.prim_func @address_of_not_flat(%i: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    // expected-error @+1 {{expected a flat access; run tirx-lower-layouts first}}
    %a = tirx.address_of %S[%i, %i] : !tirx.buffer<64x64xbf16, shared>
  }
  tirx.return
}

// -----

// expected-error @+1 {{expected one tirx.device_entry per prim_func, got 2}}
tirx.prim_func @two_device_entries() {
  tirx.device_entry {
  }
  tirx.device_entry {
  }
  tirx.return
}

// -----

tirx.prim_func @not_flat(%A: !tirx.buffer<8x8xf32, global>, %i: index) {
  tirx.device_entry {
    // expected-error @+1 {{expected a flat access; run tirx-lower-layouts first}}
    %v = tirx.buffer_load %A[%i, %i] : !tirx.buffer<8x8xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @not_flat_store(%i: index, %x: f32) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<4x4xf32, shared>
    // expected-error @+1 {{expected a flat access; run tirx-lower-layouts first}}
    tirx.buffer_store %x, %S[%i, %i] : !tirx.buffer<4x4xf32, shared>
  }
  tirx.return
}

// -----

// Any other tirx op left (here a region that still has a user) is reported
// as the first op the walk cannot convert.
tirx.prim_func @region_with_user(%A: !tirx.buffer<8x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{cannot convert this op to the gpu dialect}}
    %r = tirx.region %A[%c0 : 4, %c0 : 4] : !tirx.buffer<8x8xf32, global>
    %f = arith.constant 0.0 : f32
    tirx.tile.fill <thread> %r, %f : !tirx.region<4x4, !tirx.buffer<8x8xf32, global>>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @vector_not_flat(%A: !tirx.buffer<8x8xf32, global>, %i: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected a flat access; run tirx-lower-layouts first}}
    %v = tirx.vector_load %A[%i, %c0] : !tirx.buffer<8x8xf32, global> -> vector<4xf32>
  }
  tirx.return
}

// -----

tirx.prim_func @vector_store_not_flat(%A: !tirx.buffer<8x8xf32, global>, %i: index, %v: vector<4xf32>) {
  tirx.device_entry {
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{expected a flat access; run tirx-lower-layouts first}}
    tirx.vector_store %v, %A[%i, %c4] : vector<4xf32>, !tirx.buffer<8x8xf32, global>
  }
  tirx.return
}

// -----

// A value the device region uses from the host part must be a pure scalar
// computation to move into the kernel; a buffer read on the host is not.
tirx.prim_func @outer_not_pure(%A: !tirx.buffer<16xf32, global>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the device region uses this value from the host part of the prim_func; only pure scalar computations can move into the kernel}}
  %x = tirx.buffer_load %A[%c0] : !tirx.buffer<16xf32, global>
  tirx.device_entry {
    tirx.buffer_store %x, %A[%c0] : !tirx.buffer<16xf32, global>
  }
  tirx.return
}

// -----

// Beyond 48 KiB shared memory becomes dynamic (dynamic-shared.mlir), up to
// the 227 KiB a CTA can opt into (with the 1024-byte realignment pad):
// 256x256 f32 needs 256 KiB.
// expected-error @+1 {{the kernel needs 262144 bytes of shared memory; a CTA has at most 232448}}
tirx.prim_func @smem_256k() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<256x256xf32, shared>
  }
  tirx.return
}

// -----

// Exactly 48 KiB (two allocations) is fine; local buffers do not count.
tirx.prim_func @smem_48k() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x128xf32, shared>
    %T = tirx.alloc_buffer : !tirx.buffer<32x128xf32, shared>
    %L = tirx.alloc_buffer : !tirx.buffer<1024xf32, local>
  }
  tirx.return
}

// -----

// The seed's allocated_addr places a shared buffer; it must be 16-byte
// aligned.
tirx.prim_func @unaligned_addr() {
  tirx.device_entry {
    // expected-error @+1 {{allocated_addr of a shared buffer must be a multiple of 16 bytes, got 8}}
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, allocated_addr = 8>
  }
  tirx.return
}

// -----

// Two placed buffers may not overlap.
tirx.prim_func @overlapping_addr() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, allocated_addr = 0>
    // expected-error @+1 {{allocated_addr 128 overlaps another shared buffer at 0}}
    %T = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, allocated_addr = 128>
  }
  tirx.return
}

// -----

// A pipeline's barriers live in the kernel's shared memory.
// expected-error @+1 {{a kernel parameter cannot be a pipeline: declare it in the kernel with tirx.pipeline.init}}
tirx.prim_func @pipeline_param(%p: !tirx.pipeline<stages = 2, producers = 1, consumers = 1>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %s = tirx.pipeline.consumer_wait %p[%c0] : !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}
