"""The @Tx.prim_func front end: statements, expressions, tile primitives, intrinsics."""

import re

import numpy as np
import pytest

import uop
from uop import tirx as Tx

N = 1024


@Tx.prim_func
def scale(A: Tx.Buffer((1024,), "float32"), B: Tx.Buffer((1024,), "float32")):
    with Tx.device_entry():
        bx = Tx.cta_id([8])
        tx = Tx.thread_id([128])
        i = bx * 128 + tx
        B[i] = A[i] * 2.0


def ops(f):
    """The op lines of a script (indentation dropped)."""
    return [l.strip() for l in f.script().splitlines()]


def test_contract_scale_as_written():
    text = scale.script()
    assert ops(scale) == [
        "tirx.prim_func @scale(%A: !tirx.buffer<1024xf32, global>, %B: !tirx.buffer<1024xf32, global>) {",
        "tirx.device_entry {",
        "%bx = tirx.scope_id_def kernel -> cta [8]",
        "%tx = tirx.scope_id_def cta -> thread [128]",
        "%c128 = arith.constant 128 : index",
        "%0 = arith.muli %bx, %c128 : index",
        "%i = arith.addi %0, %tx : index",
        "%1 = tirx.buffer_load %A[%i] : !tirx.buffer<1024xf32, global>",
        "%cst = arith.constant 2.0 : f32",
        "%2 = arith.mulf %1, %cst : f32",
        "tirx.buffer_store %2, %B[%i] : !tirx.buffer<1024xf32, global>",
        "}",
        "tirx.return",
        "}",
    ]
    assert uop.parse_verify(text)
    ptx = uop.compile(scale, target="ptx", chip="sm_80")
    assert isinstance(ptx, str)
    assert ".visible .entry scale(" in ptx and ".target sm_80" in ptx
    assert "st.global" in ptx and ".f32" in ptx


def test_prim_func_object():
    assert scale.name == "scale"
    assert str(scale) == scale.script()
    assert "prim_func" in repr(scale)
    assert "tirx.prim_func" in scale.verify()
    with pytest.raises(TypeError, match="uop.compile"):
        scale(None, None)


def test_intrinsics_outside_scripts_explain_themselves():
    with pytest.raises(RuntimeError, match="only has a meaning inside"):
        Tx.cta_id([8])
    with pytest.raises(RuntimeError, match="only has a meaning inside"):
        Tx.cta.copy(None, None)


def test_python_constants_and_helpers_parameterise_a_script():
    tile = 64

    def rows(n):
        return n * 2

    @Tx.prim_func
    def k(A: Tx.Buffer((N, N), "float16")):
        with Tx.device_entry():
            bx = Tx.cta_id([N // tile])
            tx = Tx.thread_id([rows(64)])
            S = Tx.alloc_shared((tile, tile), "float16")
            Tx.cta.copy(S, A[bx * tile:bx * tile + tile, 0:tile])

    lines = ops(k)
    assert "%bx = tirx.scope_id_def kernel -> cta [16]" in lines
    assert "%tx = tirx.scope_id_def cta -> thread [128]" in lines
    assert any(l.startswith("%S = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>") for l in lines)
    assert any("tirx.region %A[" in l and ": 64, %c0 : 64]" in l for l in lines)
    uop.parse_verify(k.script())


def test_loop_carried_values_and_if_results():
    @Tx.prim_func
    def k(A: Tx.Buffer((64, 64), "float32"), B: Tx.Buffer((64,), "float32")):
        with Tx.device_entry():
            tx = Tx.thread_id([64])
            acc = 0.0
            n = 0
            for j in range(64):
                acc = acc + A[tx, j]
                n += 1
            if tx < 32:
                r = acc
            else:
                r = -acc
            B[tx] = r + Tx.cast(n, "float32")

    text = k.script()
    assert "iter_args(%acc = %cst, %n = %c0) -> (f32, index)" in text
    assert "scf.yield" in text
    assert "= scf.if" in text and "-> (f32)" in text and "} else {" in text
    printed = uop.parse_verify(text)
    assert "scf.for" in printed and "scf.if" in printed


def test_static_if_and_unroll():
    DEBUG = False

    @Tx.prim_func
    def k(B: Tx.Buffer((4,), "float32")):
        with Tx.device_entry():
            tx = Tx.thread_id([32])
            for u in Tx.unroll(4):
                B[u] = 1.0 * u
            if DEBUG:
                B[0] = 9.0

    text = k.script()
    assert text.count("tirx.buffer_store") == 4
    assert "scf" not in text and "9.0" not in text
    uop.parse_verify(text)


def test_arith_mapping():
    @Tx.prim_func
    def k(A: Tx.Buffer((64,), "float32"), n: Tx.int32, m: Tx.index):
        with Tx.device_entry():
            tx = Tx.thread_id([64])
            a = tx // 4
            b = tx % 4
            c = n // 3
            d = n % 3
            e = Tx.cast(n, "index") + m
            f = tx < m and not (tx == 3) or tx >= 60
            g = Tx.max(tx, m)
            h = Tx.min(A[0], 1.0)
            x = Tx.exp(A[1]) + Tx.sqrt(A[2]) - Tx.log(A[3])
            y = A[4] if f else 0.5
            z = Tx.select(f, a, b)
            s = -A[5]
            t = Tx.cast(A[6], "int32")
            u = Tx.cast(tx, "float16")
            w: Tx.float16 = 1.5
            v = Tx.bind(a + b)

    text = k.script()
    for frag in ("arith.divui %tx", "arith.remui %tx", "arith.divsi %n", "arith.remsi %n",
                 "arith.index_cast %n : i32 to index", "arith.cmpi ult, %tx, %m : index",
                 "arith.cmpi eq, %tx", "arith.xori", "arith.cmpi uge, %tx", "arith.andi", "arith.ori",
                 "arith.maxui %tx, %m : index", "arith.minimumf", "math.exp", "math.sqrt", "math.log",
                 "arith.select %f", "arith.negf", "arith.fptosi", "arith.sitofp", "1.5 : f16",
                 'tirx.bind "v"'):
        assert frag in text, frag
    uop.parse_verify(text)


def test_tile_primitives():
    @Tx.prim_func
    def k(G: Tx.Buffer((128, 64), "float16")):
        with Tx.device_entry():
            bx = Tx.cta_id([4])
            tx = Tx.thread_id([256])
            As = Tx.alloc_shared((128, 64), "float16")
            Bs = Tx.alloc_shared((64, 128), "float16")
            Cl = Tx.alloc_local((128, 128), "float32")
            Hl = Tx.alloc_local((128, 128), "float16")
            Rl = Tx.alloc_local((128,), "float32")
            ws = Tx.alloc_shared((256,), "float32")
            bar = Tx.alloc_shared((1,), "int64")
            Tx.cta.copy(As, G[0:128, 0:64])
            Tx.warp.copy(As, G, dispatch="vectorized", config={"vec": 8}, workspace=[ws])
            Tx.thread.copy_async(As, G[0:128, 0:64], barrier=bar, dispatch="tma", multicast=False)
            Tx.cta.copy_async(As, G, dispatch="cp.async")
            Tx.wg.gemm(Cl, As, Bs, accum=True)
            Tx.warp.gemm(Hl, Bs, As, accum=True, transpose_A=True, transpose_B=True, dispatch="mma_sync")
            Tx.wg.gemm_async(Cl, Bs, Bs, accum=True, transpose_A=True, dispatch="wgmma", cta_group=1)
            Tx.cta.fill(Cl, 0.0)
            Tx.wg.cast(Hl, Cl)
            Tx.cta.exp(Cl, Cl)
            Tx.cta.unary("rsqrt", Cl, Cl)
            Tx.cta.add(Cl, Cl, Cl)
            Tx.cta.binary("sub", Cl, Cl, 1.0)
            Tx.wg.maximum(Cl, Cl, 0.0)
            Tx.cta.sum(Rl, Cl, axes=[-1])
            Tx.cta.reduce("max", Rl, Cl, axes=1)
            Tx.tile.cta.copy(As, G)

    lines = ops(k)
    expect = [
        "tirx.tile.copy <cta> %As, %0 : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>",
        'tirx.tile.copy <warp> %As, %G dispatch "vectorized" config {vec = 8 : i64} workspace(%ws : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>',
        'tirx.tile.copy_async <cta> %As, %G dispatch "cp.async" : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>',
        "tirx.tile.gemm <warpgroup> %Cl, %As, %Bs, accum %true : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>",
        'tirx.tile.gemm <warp> %Hl, %Bs, %As, accum %true transpose_A transpose_B dispatch "mma_sync" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<128x64xf16, shared>',
        'tirx.tile.gemm_async <warpgroup> %Cl, %Bs, %Bs, accum %true transpose_A dispatch "wgmma" config {cta_group = 1 : i64} : !tirx.buffer<128x128xf32, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<64x128xf16, shared>',
        "tirx.tile.fill <cta> %Cl, %cst : !tirx.buffer<128x128xf32, local>, f32",
        "tirx.tile.cast <warpgroup> %Hl, %Cl : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.unary exp <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.unary rsqrt <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.binary add <cta> %Cl, %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.binary maximum <warpgroup> %Cl, %Cl, %cst : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32",
        "tirx.tile.reduce sum <cta> %Rl, %Cl axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.reduce max <cta> %Rl, %Cl axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>",
        "tirx.tile.copy <cta> %As, %G : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>",
    ]
    for e in expect:
        assert e in lines, e
    assert any(l.startswith('tirx.tile.copy_async <thread> %As, %') and 'barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = false}' in l for l in lines)
    assert any(l.startswith("tirx.tile.binary sub <cta> %Cl, %Cl, %cst_") for l in lines)
    uop.parse_verify(k.script())


def test_views_layouts_and_tmem():
    acc = Tx.TileLayout((4, 2, 8, 4, 4, 2), (16, 2, "4@laneid", 4, (1, "laneid"), 1))
    assert acc.mlir() == "#tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>"
    assert Tx.TileLayout((8192,)).mlir() == "#tirx.tile<S[8192:1]>"
    assert Tx.TileLayout((4, 8), (1, 4), replica=(2, "4@warpid"), offsets=["5@warpid"]).mlir() == \
        "#tirx.tile<S[(4,8):(1,4)] + R[2:4@warpid] + 5@warpid>"
    assert Tx.SwizzleLayout(1, 2, 2, swizzle_inner=False).mlir() == \
        "#tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2, swizzle_inner = false>"

    @Tx.prim_func
    def k():
        with Tx.device_entry():
            w = Tx.warp_id([4])
            lane = Tx.lane_id()
            D = Tx.alloc_local((64,), "float32")
            Dv = D.view(128, 64, layout="#tirx.tile<S[(128,64):(1@tid_in_wg,1)]>")
            S = Tx.alloc_shared((128,), "float32")
            V = Tx.decl_buffer(S, (4, 4), strides=(32, 1), elem_offset=4)
            T = Tx.alloc_tmem((128, 128), "float32", layout="S[(128,128):(1@TLane,1@TCol)]",
                              allocated_addr=0)
            St = Tx.alloc_buffer((4, 8), Tx.float16, scope="shared", strides=[16, 2])

    lines = ops(k)
    assert "%w = tirx.scope_id_def cta -> warp [4]" in lines
    assert "%lane = tirx.scope_id_def warp -> thread [32]" in lines
    assert ("%Dv = tirx.decl_buffer %D : !tirx.buffer<64xf32, local> -> "
            "!tirx.buffer<128x64xf32, local, #tirx.tile<S[(128,64):(1@tid_in_wg,1)]>>") in lines
    assert ("%V = tirx.decl_buffer %S : !tirx.buffer<128xf32, shared> -> "
            "!tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>") in lines
    assert ("%T = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, "
            "#tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>") in lines
    assert "%St = tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, strides = [16, 2]>" in lines
    uop.parse_verify(k.script())


def test_scope_ids():
    @Tx.prim_func
    def k():
        with Tx.device_entry():
            bx, by = Tx.cta_id([8, 4], preferred=[8, 4])
            # The defs of one kernel agree on its launch (the verifier): a
            # grid of 8 x 4 CTAs, 4 x 4 clusters of 2, 256 threads per CTA.
            ids = Tx.cta_id([8, 4])
            cl = Tx.cluster_id([4, 4])
            cr = Tx.cta_id([2], parent="cluster")
            tx = Tx.thread_id([256])
            wg = Tx.warpgroup_id()
            w = Tx.warp_id()
            wiw = Tx.warp_id(parent="warpgroup")
            tiw = Tx.thread_id(parent="warpgroup")
            l0, l1 = Tx.lane_id([8, 4])
            kt = Tx.scope_id("kernel", "thread", [4096])

    lines = ops(k)
    for e in ("%bx, %by = tirx.scope_id_def kernel -> cta [8, 4] preferred [8, 4]",
              "%ids:2 = tirx.scope_id_def kernel -> cta [8, 4]",
              "%cl:2 = tirx.scope_id_def kernel -> cluster [4, 4]",
              "%cr = tirx.scope_id_def cluster -> cta [2]",
              "%tx = tirx.scope_id_def cta -> thread [256]",
              "%wg = tirx.scope_id_def cta -> warpgroup [2]",
              "%w = tirx.scope_id_def cta -> warp [8]",
              "%wiw = tirx.scope_id_def warpgroup -> warp [4]",
              "%tiw = tirx.scope_id_def warpgroup -> thread [128]",
              "%l0, %l1 = tirx.scope_id_def warp -> thread [8, 4]",
              "%kt = tirx.scope_id_def kernel -> thread [4096]"):
        assert e in lines, e
    uop.parse_verify(k.script())


def test_ptx_intrinsics():
    @Tx.prim_func
    def k():
        with Tx.device_entry():
            tx = Tx.thread_id([128])
            mbar = Tx.alloc_shared((1,), "int64")
            addr = Tx.address_of(mbar[0])
            bar = Tx.shared_ptr(addr)
            e = Tx.ptx.elect_sync()
            if e:
                Tx.ptx.mbarrier_init(bar, 1)
                tok = Tx.ptx.mbarrier_arrive(bar)
                tok2 = Tx.ptx.mbarrier_arrive_expect_tx(mbar, 4096)
                Tx.ptx.tcgen05_commit(mbar)
            Tx.ptx.fence_proxy_async()
            Tx.ptx.fence_mbarrier_init()
            Tx.ptx.mbarrier_try_wait_parity(bar, 0, 100)
            Tx.ptx.mbarrier_wait(mbar[0], 1)
            Tx.ptx.cp_async_commit_group()
            Tx.ptx.cp_async_wait_group(1)
            Tx.ptx.tcgen05_fence_before_thread_sync()
            Tx.ptx.tcgen05_fence_after_thread_sync()
            Tx.ptx.wgmma_fence()
            Tx.ptx.wgmma_commit_group()
            Tx.ptx.wgmma_wait_group(0)
            Tx.ptx.bar_sync()
            Tx.cuda.syncthreads()
            z = Tx.null_ptr()
            lane = Tx.ptx.lane_id()

    text = k.script()
    for frag in ("%addr = tirx.address_of %mbar[%c0] : !tirx.buffer<1xi64, shared>",
                 "%bar = llvm.inttoptr %addr : i64 to !llvm.ptr<3>",
                 "%e = nvvm.elect.sync -> i1", "scf.if %e {",
                 "nvvm.mbarrier.init %bar, %c1_i32 : !llvm.ptr<3>, i32",
                 "%tok = nvvm.mbarrier.arrive %bar : !llvm.ptr<3> -> i64",
                 "nvvm.mbarrier.arrive.expect_tx", "nvvm.tcgen05.commit",
                 "nvvm.fence.proxy", "nvvm.fence.mbarrier.init",
                 "nvvm.mbarrier.try_wait.parity %bar, %c0_i32, %c100_i32 : !llvm.ptr<3>, i32, i32",
                 "%c1000000_i32", "nvvm.cp.async.commit.group", "nvvm.cp.async.wait.group 1",
                 "nvvm.tcgen05.fence #nvvm.tcgen05_fence<before>", "nvvm.wgmma.fence.aligned",
                 "nvvm.wgmma.commit.group.sync.aligned", "nvvm.wgmma.wait.group.sync.aligned 0",
                 "nvvm.barrier0", "gpu.barrier", "%z = llvm.mlir.zero : !llvm.ptr<3>",
                 "%lane = nvvm.read.ptx.sreg.laneid : i32"):
        assert frag in text, frag
    uop.parse_verify(text)


def test_scalar_params_and_module():
    @Tx.prim_func
    def first(A: Tx.Buffer((16,), "int32"), n: Tx.int32, x: Tx.float32):
        with Tx.device_entry():
            tx = Tx.thread_id([16])
            A[tx] = n * 2

    @Tx.prim_func
    def second(B: Tx.Buffer((16,), "float32")):
        with Tx.device_entry():
            tx = Tx.thread_id([16])
            B[tx] = 0.0

    assert first.script().startswith(
        "tirx.prim_func @first(%A: !tirx.buffer<16xi32, global>, %n: i32, %x: f32) {")
    mod = Tx.IRModule(first, second)
    printed = mod.verify()
    assert "@first" in printed and "@second" in printed
    ptx = uop.compile(mod, target="ptx", chip="sm_80")
    assert ".entry first(" in ptx and ".entry second(" in ptx


def test_verifier_errors_point_at_the_script_line():
    @Tx.prim_func
    def bad(A: Tx.Buffer((64, 64), "float32")):
        with Tx.device_entry():
            tx = Tx.thread_id([100])
            S = Tx.alloc_shared((64, 64), "float32")
            Tx.warp.copy(S, A)  # MARK-verify

    from conftest import line_of
    with pytest.raises(uop.CompileError) as e:
        bad.verify()
    line = line_of(__file__, "# MARK-verify")
    # file:line:col, as `file:L:C:` or `loc("file":L:C)` depending on the printer.
    where = re.compile(rf'test_tirx_script\.py"?:{line}:\d+')
    assert where.search(e.value.diagnostics), e.value.diagnostics
    assert "warp" in e.value.diagnostics
    with pytest.raises(uop.CompileError) as e:
        uop.compile(bad, target="ptx")
    assert where.search(str(e.value))


def test_dtype_names():
    assert Tx.mlir_type("float16") == "f16" and Tx.mlir_type(Tx.bfloat16) == "bf16"
    assert Tx.mlir_type(np.float32) == "f32" and Tx.mlir_type("int64") == "i64"
    assert Tx.Buffer((2, 3), "float8_e4m3fn").mlir == "!tirx.buffer<2x3xf8E4M3FN, global>"
    with pytest.raises(ValueError):
        Tx.mlir_type("complex64")


def test_reference_is_a_typed_attribute():
    @Tx.prim_func(reference="gemm_nt")
    def k(A: Tx.Buffer((64,), "float32")):
        pass

    assert "attributes {tirx.reference = #tirx.reference<gemm_nt>}" in uop.parse_verify(k.script())
    with pytest.raises(ValueError, match="one of copy, gemm_nn, gemm_nt"):
        Tx.prim_func(reference="gemm")(k.func)


def test_cluster_view_swaps_halves_through_dsmem():
    # Each CTA of a pair loads its half of A and copies its peer's half out of
    # the peer's shared memory (Tx.cluster_view), as
    # test/Dialect/TIRx/Transforms/dispatch-cluster-view.mlir does in IR.
    @Tx.prim_func
    def swap(A: Tx.Buffer((256,), "float32"), B: Tx.Buffer((256,), "float32")):
        with Tx.device_entry():
            r = Tx.cta_id([2], parent="cluster")
            t = Tx.thread_id([128])
            S = Tx.alloc_shared((128,), "float32")
            D = Tx.alloc_shared((128,), "float32")
            Tx.cta.copy(S, A[r * 128:r * 128 + 128])
            Tx.ptx.cluster_arrive()
            Tx.ptx.cluster_wait()
            peer = Tx.cluster_view(S, 1 - r)
            Tx.cta.copy(D, peer)
            Tx.ptx.cluster_arrive()
            Tx.ptx.cluster_wait()
            Tx.cta.copy(B[r * 128:r * 128 + 128], D)

    lines = ops(swap)
    view = [l for l in lines if "tirx.cluster_view" in l]
    assert len(view) == 1 and view[0].startswith("%peer = tirx.cluster_view %S rank %")
    assert view[0].endswith(": !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared_cluster>")
    assert ("tirx.tile.copy <cta> %D, %peer : !tirx.buffer<128xf32, shared>, "
            "!tirx.buffer<128xf32, shared_cluster>") in lines
    uop.parse_verify(swap.script())
    # The view lowers to mapa and .shared::cluster loads; sm_80 has no clusters.
    ptx = uop.compile(swap, target="ptx", chip="sm_90a")
    assert "mapa.shared::cluster" in ptx and "ld.shared::cluster" in ptx
    with pytest.raises(uop.CompileError, match="clusters need sm_90 or newer"):
        uop.compile(swap, target="ptx", chip="sm_80")


def test_free_grid_tile_schedule_persistent_kernel():
    # A persistent kernel: the grid is free (None) and launches with its
    # preferred extent; Tx.tile_schedule gives each CTA its tiles in grouped
    # order and Tx.scope_extent reads the grid's size.
    @Tx.prim_func
    def fill(A: Tx.Buffer((32 * 16 * 128,), "float32"), N: Tx.Buffer((1,), "int32")):
        with Tx.device_entry():
            cta = Tx.cta_id([None], preferred=[6])
            t = Tx.thread_id([128])
            ctas = Tx.scope_extent(cta)
            for m, n, it in Tx.tile_schedule(cta, [32, 16], group=4):
                A[(m * 16 + n) * 128 + t] = Tx.cast(it, "float32")
            if cta == 0 and t == 0:
                N[0] = Tx.cast(ctas, "int32")

    lines = ops(fill)
    assert "%cta = tirx.scope_id_def kernel -> cta [?] preferred [6]" in lines
    assert "%ctas = tirx.scope_extent %cta" in lines
    sched = [l for l in lines if l.startswith("tirx.tile_schedule")]
    assert sched == ["tirx.tile_schedule %cta tiles [32, 16] group 4 (%m, %n, %it) {"]
    uop.parse_verify(fill.script())
    # The grid's size is read at run time: %nctaid.x, no compiled-in grid.
    ptx = uop.compile(fill, target="ptx", chip="sm_80")
    assert "%nctaid.x" in ptx
