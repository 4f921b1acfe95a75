//===- TIRxViewOps.td - views of buffer regions -------------*- tablegen -*-===//
//
// tirx.region_view: a DeclBuffer of a BufferRegion, laid out by the slice of
// the source's layout; tirx.cluster_view: another CTA's copy of a shared
// buffer. Their own file (and generated header, TIRxViews.h) so
// that only its users depend on it.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXVIEWOPS_TD
#define UOP_DIALECT_TIRX_IR_TIRXVIEWOPS_TD

include "uop/Dialect/TIRx/IR/TIRxBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TIRxView_Buffer : Type<CPred<"::llvm::isa<::uop::tirx::BufferType>($_self)">,
                           "!tirx.buffer", "::uop::tirx::BufferType">;
def TIRxView_Region : Type<CPred<"::llvm::isa<::uop::tirx::RegionType>($_self)">,
                           "!tirx.region", "::uop::tirx::RegionType">;

def TIRx_RegionViewOp : Op<TIRx_Dialect, "region_view", [Pure]> {
  let summary = "DeclBuffer of a BufferRegion: a view laid out by the slice";
  let description = [{
    A buffer over a region of another, sharing its data: the view's shape is
    the region's extents, and its layout is the slice of the source's layout
    (the algebra's Slice, `uop::tirx::sliceLayout`, defined for every
    LayoutAttrInterface attribute; a source without a layout slices its
    row-major or strided map) at the region's constant mins, so element y of
    the view is element min + y of the source.

    ```mlir
    %r = tirx.region %S[%c0 : 64, %c32 : 32] : !tirx.buffer<64x64xf32, shared>
    %V = tirx.region_view %r : !tirx.region<64x32, !tirx.buffer<64x64xf32, shared>>
           -> !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)] + 32>>
    ```

    It has no strides or elem_offset of its own (the slice places it);
    tirx-dispatch-tile-primitives and tirx-lower-layouts rewrite it into
    `tirx.decl_buffer` of the region's buffer with the sliced layout.
  }];
  let arguments = (ins TIRxView_Region:$region);
  let results = (outs TIRxView_Buffer:$result);
  let assemblyFormat = "$region attr-dict `:` qualified(type($region)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TIRx_ClusterViewOp : Op<TIRx_Dialect, "cluster_view", [Pure]> {
  let summary = "another CTA's copy of a shared buffer (distributed shared memory)";
  let description = [{
    In a cluster every CTA has its own copy of each shared buffer.
    `tirx.cluster_view %S rank %r` is the copy of the CTA of rank `%r` in
    the cluster (`%cluster_ctarank`): a buffer of scope `shared_cluster`
    with `%S`'s shape, dtype, layout, strides and elem_offset whose
    accesses reach that CTA's shared memory through distributed shared
    memory (the address is `mapa.shared::cluster`, loads and stores are
    `ld.shared::cluster` / `st.shared::cluster`). Tile ops take it as any
    buffer: `tirx.tile.copy <cta> %S, %peer` pulls the peer's tile into
    this CTA's, `tirx.tile.copy <cta> %peer, %S` pushes this CTA's into the
    peer's; at cluster scope the cluster's threads share the elements.
    Ordering between the CTAs is the program's (`nvvm.cluster.arrive` /
    `nvvm.cluster.wait`), as in CUDA.

    ```mlir
    %peer = tirx.cluster_view %S rank %r
        : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared_cluster>
    ```

    The source is a shared `tirx.alloc_buffer` (it sits at the same offset
    in every CTA), a `cluster -> cta` scope id is in force, and a constant
    rank is below the cluster's CTA count.
  }];
  let arguments = (ins TIRxView_Buffer:$source, I32:$rank);
  let results = (outs TIRxView_Buffer:$result);
  let assemblyFormat = "$source `rank` $rank attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

#endif // UOP_DIALECT_TIRX_IR_TIRXVIEWOPS_TD
