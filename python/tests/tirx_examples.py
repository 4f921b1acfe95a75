"""The kernels of examples/tirx/*.mlir written as TIRx Python scripts.

Each script emits the same ops in the same order as its .mlir file, so the two
print to the same module (test_tirx_examples.py compares them).
"""

from uop import tirx as Tx

# -- examples/tirx/copy.mlir ----------------------------------------------------

SW128_F32_64x128 = Tx.ComposeLayout(Tx.SwizzleLayout(2, 3, 3), Tx.TileLayout((64, 128), (128, 1)))


@Tx.prim_func(reference="copy")
def copy(A: Tx.Buffer((8192, 128), "float32"), B: Tx.Buffer((8192, 128), "float32")):
    with Tx.device_entry():
        bx = Tx.cta_id([128])
        tx = Tx.thread_id([256])
        S = Tx.alloc_shared((64, 128), "float32", layout=SW128_F32_64x128)
        row = bx * 64
        src = A[row:row + 64, 0:128]
        dst = B[row:row + 64, 0:128]
        Tx.cta.copy(S, src)
        Tx.cta.copy(dst, S)


# -- examples/tirx/copy_tma.mlir ------------------------------------------------

@Tx.prim_func(reference="copy")
def copy_tma(A: Tx.Buffer((8192, 128), "float32"), B: Tx.Buffer((8192, 128), "float32")):
    with Tx.device_entry():
        by, bx = Tx.cta_id([64, 4])
        tx = Tx.thread_id([128])
        S = Tx.alloc_shared((128, 32), "float32",
                            layout=Tx.ComposeLayout(Tx.SwizzleLayout(2, 3, 3),
                                                    Tx.TileLayout((128, 32), (32, 1))))
        mbar = Tx.alloc_shared((1,), "int64")
        row = by * 128
        col = bx * 32
        leader = tx == 0
        baddr = Tx.address_of(mbar[0])
        bar = Tx.shared_ptr(baddr)
        if leader:
            Tx.ptx.mbarrier_init(bar, 1)
            # Make the initialised barrier visible to the async proxy (TMA
            # completes on it) before anyone uses it.
            Tx.ptx.fence_mbarrier_init()
        Tx.cuda.syncthreads()
        gA = A[row:row + 128, col:col + 32]
        if leader:
            Tx.thread.copy_async(S, gA, barrier=mbar, dispatch="tma")
        Tx.ptx.mbarrier_try_wait_parity(bar, 0, 1000000)
        gB = B[row:row + 128, col:col + 32]
        Tx.cta.copy(gB, S)


# -- examples/tirx/gemm_mma_sync.mlir --------------------------------------------

# The m16n8 accumulator fragment: element (r, c) on lane (r % 8) * 4 + (c % 8) / 2.
MMA_ACC = Tx.TileLayout((4, 2, 8, 4, 4, 2), (16, 2, "4@laneid", 4, "1@laneid", 1))
BM, BN, BK, N = 128, 128, 32, 4096


@Tx.prim_func(name="gemm", reference="gemm_nn")
def gemm_mma_sync(A: Tx.Buffer((N, N), "float16"), B: Tx.Buffer((N, N), "float16"),
                  C: Tx.Buffer((N, N), "float32")):
    with Tx.device_entry():
        by, bx = Tx.cta_id([N // BM, N // BN])
        warp = Tx.warp_id([8])
        lane = Tx.lane_id([32])
        As = Tx.alloc_shared((2, BM, BK), "float16")
        Bs = Tx.alloc_shared((2, BK, BN), "float16")
        acc = Tx.alloc_local((64, 32), "float32", layout=MMA_ACC)
        Tx.warp.fill(acc, 0.0)
        m0 = by * BM
        n0 = bx * BN
        wm = warp // 4
        wn = warp % 4
        wrow = wm * 64
        wcol = wn * 32
        # Prologue: stage 0 holds K = 0..31.
        gA0 = A[m0:m0 + BM, 0:BK]
        gB0 = B[0:BK, n0:n0 + BN]
        sA0 = As[0, 0:BM, 0:BK]
        sB0 = Bs[0, 0:BK, 0:BN]
        Tx.cta.copy_async(sA0, gA0)
        Tx.cta.copy_async(sB0, gB0)
        for k0 in range(0, N, BK):
            kt = k0 // BK
            stage = kt % 2
            next = 1 - stage
            kn = k0 + BK
            more = kn < N
            if more:
                gA = A[m0:m0 + BM, kn:kn + BK]
                gB = B[kn:kn + BK, n0:n0 + BN]
                sA = As[next, 0:BM, 0:BK]
                sB = Bs[next, 0:BK, 0:BN]
                Tx.cta.copy_async(sA, gA)
                Tx.cta.copy_async(sB, gB)
                Tx.ptx.cp_async_wait_group(2)
            else:
                Tx.ptx.cp_async_wait_group(0)
            Tx.cuda.syncthreads()
            wA = As[stage, wrow:wrow + 64, 0:BK]
            wB = Bs[stage, 0:BK, wcol:wcol + 32]
            Tx.warp.gemm(acc, wA, wB, accum=True)
            Tx.cuda.syncthreads()
        row = m0 + wrow
        col = n0 + wcol
        gC = C[row:row + 64, col:col + 32]
        Tx.warp.copy(gC, acc)


# -- examples/tirx/gemm_mma_sync_pipelined.mlir ----------------------------------

STAGES = 4
# Stage tiles XOR-swizzled in 16-byte chunks: A's 64-byte rows chunk ^= (row / 2) % 4,
# B's 256-byte rows chunk ^= row % 8 (conflict-free ldmatrix).
SW_A = Tx.ComposeLayout(Tx.SwizzleLayout(3, 2, 3), Tx.TileLayout((STAGES * BM, BK), (BK, 1)))
SW_B = Tx.ComposeLayout(Tx.SwizzleLayout(3, 3, 4), Tx.TileLayout((STAGES * BK, BN), (BN, 1)))
# A warp's 64x64 accumulator: 8 m16n8 fragment columns.
MMA_ACC_64 = Tx.TileLayout((4, 2, 8, 8, 4, 2), (32, 2, "4@laneid", 4, "1@laneid", 1))


@Tx.prim_func(name="gemm", reference="gemm_nn")
def gemm_mma_sync_pipelined(A: Tx.Buffer((N, N), "float16"), B: Tx.Buffer((N, N), "float16"),
                            C: Tx.Buffer((N, N), "float32")):
    with Tx.device_entry():
        by, bx = Tx.cta_id([N // BM, N // BN])
        warp = Tx.warp_id([4])
        lane = Tx.lane_id([32])
        As = Tx.alloc_shared((STAGES, BM, BK), "float16", layout=SW_A)
        Bs = Tx.alloc_shared((STAGES, BK, BN), "float16", layout=SW_B)
        acc = Tx.alloc_local((64, 64), "float32", layout=MMA_ACC_64)
        Tx.warp.fill(acc, 0.0)
        m0 = by * BM
        n0 = bx * BN
        wm = warp // 2
        wn = warp % 2
        wrow = wm * 64
        wcol = wn * 64
        # Prologue: stages 0..2 take K tiles 0..2, one commit group each.
        for s in range(0, STAGES - 1):
            k = s * BK
            gA = A[m0:m0 + BM, k:k + BK]
            gB = B[k:k + BK, n0:n0 + BN]
            sA = As[s, 0:BM, 0:BK]
            sB = Bs[s, 0:BK, 0:BN]
            Tx.cta.copy_async(sA, gA, commit=False)
            Tx.cta.copy_async(sB, gB)
        for k0 in range(0, N, BK):
            kt = k0 // BK
            stage = kt % STAGES
            # Tile kt is here once at most the two newest groups pend; the
            # barrier publishes it and frees the stage the last step read.
            Tx.ptx.cp_async_wait_group(STAGES - 2)
            Tx.cuda.syncthreads()
            kn = k0 + (STAGES - 1) * BK
            more = kn < N
            if more:
                ktn = kt + (STAGES - 1)
                next = ktn % STAGES
                gA = A[m0:m0 + BM, kn:kn + BK]
                gB = B[kn:kn + BK, n0:n0 + BN]
                sA = As[next, 0:BM, 0:BK]
                sB = Bs[next, 0:BK, 0:BN]
                Tx.cta.copy_async(sA, gA, commit=False)
                Tx.cta.copy_async(sB, gB, commit=False)
            Tx.ptx.cp_async_commit_group()
            wA = As[stage, wrow:wrow + 64, 0:BK]
            wB = Bs[stage, 0:BK, wcol:wcol + 64]
            Tx.warp.gemm(acc, wA, wB, accum=True)
        row = m0 + wrow
        col = n0 + wcol
        gC = C[row:row + 64, col:col + 64]
        Tx.warp.copy(gC, acc)


# -- examples/tirx/gemm_wgmma.mlir -----------------------------------------------

def sw128(shape):
    """A 128-byte swizzled bf16 row-major tile."""
    strides = []
    acc = 1
    for s in reversed(shape):
        strides.insert(0, acc)
        acc *= s
    return Tx.ComposeLayout(Tx.SwizzleLayout(3, 3, 3), Tx.TileLayout(shape, strides))


WGMMA_ACC = Tx.TileLayout((4, 2, 8, 4, 4, 2), ("1@wid_in_wg", 2, "4@laneid", 4, "1@laneid", 1))


@Tx.prim_func(name="gemm", reference="gemm_nt")
def gemm_wgmma(A: Tx.Buffer((4096, 4096), "bfloat16"), B: Tx.Buffer((4096, 4096), "bfloat16"),
               C: Tx.Buffer((4096, 4096), "float32")):
    with Tx.device_entry():
        by, bx = Tx.cta_id([32, 128])
        tx = Tx.thread_id([256])
        wg = Tx.warpgroup_id([2])
        As = Tx.alloc_shared((2, 128, 64), "bfloat16", layout=sw128((2, 128, 64)))
        Bs = Tx.alloc_shared((2, 32, 64), "bfloat16", layout=sw128((2, 32, 64)))
        full0 = Tx.alloc_shared((1,), "int64")
        full1 = Tx.alloc_shared((1,), "int64")
        acc = Tx.alloc_local((64, 32), "float32", layout=WGMMA_ACC)
        m0 = by * 128
        n0 = bx * 32
        wrow = wg * 64
        leader = tx == 0
        f0 = Tx.address_of(full0[0])
        f1 = Tx.address_of(full1[0])
        p0 = Tx.shared_ptr(f0)
        p1 = Tx.shared_ptr(f1)
        if leader:
            # Each stage's two TMA boxes arrive on its barrier.
            Tx.ptx.mbarrier_init(p0, 2)
            Tx.ptx.mbarrier_init(p1, 2)
            # Make the initialised barrier visible to the async proxy (TMA
            # completes on it) before anyone uses it.
            Tx.ptx.fence_mbarrier_init()
        Tx.cuda.syncthreads()
        if leader:
            gA0 = A[m0:m0 + 128, 0:64]
            gB0 = B[n0:n0 + 32, 0:64]
            sA0 = As[0, 0:128, 0:64]
            sB0 = Bs[0, 0:32, 0:64]
            Tx.thread.copy_async(sA0, gA0, barrier=full0, dispatch="tma")
            Tx.thread.copy_async(sB0, gB0, barrier=full0, dispatch="tma")
        for k0 in range(0, 4096, 64):
            kt = k0 // 64
            stage = kt % 2
            use = kt // 2
            parity = use % 2
            phase = Tx.cast(parity, "int32")
            in0 = stage == 0
            kn = k0 + 64
            more = kn < 4096
            issue = leader and more
            if issue:
                if in0:
                    qA1 = A[m0:m0 + 128, kn:kn + 64]
                    qB1 = B[n0:n0 + 32, kn:kn + 64]
                    nA1 = As[1, 0:128, 0:64]
                    nB1 = Bs[1, 0:32, 0:64]
                    Tx.thread.copy_async(nA1, qA1, barrier=full1, dispatch="tma")
                    Tx.thread.copy_async(nB1, qB1, barrier=full1, dispatch="tma")
                else:
                    qA0 = A[m0:m0 + 128, kn:kn + 64]
                    qB0 = B[n0:n0 + 32, kn:kn + 64]
                    nA0 = As[0, 0:128, 0:64]
                    nB0 = Bs[0, 0:32, 0:64]
                    Tx.thread.copy_async(nA0, qA0, barrier=full0, dispatch="tma")
                    Tx.thread.copy_async(nB0, qB0, barrier=full0, dispatch="tma")
            fa = f0 if in0 else f1
            fp = Tx.shared_ptr(fa)
            Tx.ptx.mbarrier_try_wait_parity(fp, phase, 1000000)
            accum = k0 != 0
            wA = As[stage, wrow:wrow + 64, 0:64]
            wB = Bs[stage, 0:32, 0:64]
            Tx.wg.gemm_async(acc, wA, wB, accum=accum, transpose_B=True)
            Tx.cuda.syncthreads()
        row = m0 + wrow
        gC = C[row:row + 64, n0:n0 + 32]
        Tx.wg.copy(gC, acc)


# -- examples/tirx/gemm_tcgen05.mlir -----------------------------------------------

TMEM_128x32 = Tx.TileLayout((128, 32), ("1@TLane", "1@TCol"))


@Tx.prim_func(name="gemm", reference="gemm_nt")
def gemm_tcgen05(A: Tx.Buffer((4096, 4096), "bfloat16"), B: Tx.Buffer((4096, 4096), "bfloat16"),
                 C: Tx.Buffer((4096, 4096), "float32")):
    with Tx.device_entry():
        by, bx = Tx.cta_id([32, 128])
        tx = Tx.thread_id([128])
        As = Tx.alloc_shared((2, 128, 64), "bfloat16", layout=sw128((2, 128, 64)))
        Bs = Tx.alloc_shared((2, 32, 64), "bfloat16", layout=sw128((2, 32, 64)))
        D = Tx.alloc_tmem((128, 32), "float32", layout=TMEM_128x32)
        full0 = Tx.alloc_shared((1,), "int64")
        full1 = Tx.alloc_shared((1,), "int64")
        empty0 = Tx.alloc_shared((1,), "int64")
        empty1 = Tx.alloc_shared((1,), "int64")
        done = Tx.alloc_shared((1,), "int64")
        m0 = by * 128
        n0 = bx * 32
        leader = tx == 0
        af0 = Tx.address_of(full0[0])
        af1 = Tx.address_of(full1[0])
        ae0 = Tx.address_of(empty0[0])
        ae1 = Tx.address_of(empty1[0])
        ad = Tx.address_of(done[0])
        pf0 = Tx.shared_ptr(af0)
        pf1 = Tx.shared_ptr(af1)
        pe0 = Tx.shared_ptr(ae0)
        pe1 = Tx.shared_ptr(ae1)
        pd = Tx.shared_ptr(ad)
        if leader:
            # Two TMA boxes arrive on a full barrier; one commit on an empty one.
            Tx.ptx.mbarrier_init(pf0, 2)
            Tx.ptx.mbarrier_init(pf1, 2)
            Tx.ptx.mbarrier_init(pe0, 1)
            Tx.ptx.mbarrier_init(pe1, 1)
            Tx.ptx.mbarrier_init(pd, 1)
            # Make the initialised barriers visible to the async proxy (TMA
            # completes on them) before anyone uses them.
            Tx.ptx.fence_mbarrier_init()
        Tx.cuda.syncthreads()
        Dr = D[0:128, 0:32]
        if leader:
            pgA = A[m0:m0 + 128, 0:64]
            pgB = B[n0:n0 + 32, 0:64]
            psA = As[0, 0:128, 0:64]
            psB = Bs[0, 0:32, 0:64]
            Tx.tile.copy_async(psA, pgA, barrier=full0, dispatch="tma")
            Tx.tile.copy_async(psB, pgB, barrier=full0, dispatch="tma")
            for k0 in range(0, 4096, 64):
                kt = k0 // 64
                stage = kt % 2
                in0 = stage == 0
                use = kt // 2
                parity = use % 2
                phase = Tx.cast(parity, Tx.int32)
                kn = k0 + 64
                more = kn < 4096
                if more:
                    # The other stage was last read by step k - 1's MMAs.
                    started = k0 > 0
                    if started:
                        prev = kt - 1
                        puse = prev // 2
                        ppar = puse % 2
                        pphase = Tx.cast(ppar, Tx.int32)
                        ea = Tx.select(in0, ae1, ae0)
                        ep = Tx.shared_ptr(ea)
                        Tx.ptx.mbarrier_try_wait_parity(ep, pphase, 1000000)
                    if in0:
                        xgA = A[m0:m0 + 128, kn:kn + 64]
                        xgB = B[n0:n0 + 32, kn:kn + 64]
                        xsA = As[1, 0:128, 0:64]
                        xsB = Bs[1, 0:32, 0:64]
                        Tx.tile.copy_async(xsA, xgA, barrier=full1, dispatch="tma")
                        Tx.tile.copy_async(xsB, xgB, barrier=full1, dispatch="tma")
                    else:
                        ygA = A[m0:m0 + 128, kn:kn + 64]
                        ygB = B[n0:n0 + 32, kn:kn + 64]
                        ysA = As[0, 0:128, 0:64]
                        ysB = Bs[0, 0:32, 0:64]
                        Tx.tile.copy_async(ysA, ygA, barrier=full0, dispatch="tma")
                        Tx.tile.copy_async(ysB, ygB, barrier=full0, dispatch="tma")
                fa = Tx.select(in0, af0, af1)
                fp = Tx.shared_ptr(fa)
                Tx.ptx.mbarrier_try_wait_parity(fp, phase, 1000000)
                accum = k0 != 0
                wA = As[stage, 0:128, 0:64]
                wB = Bs[stage, 0:32, 0:64]
                Tx.tile.gemm_async(Dr, wA, wB, accum=accum, transpose_B=True, dispatch="tcgen05",
                                   cta_group=1)
                ea = Tx.select(in0, ae0, ae1)
                ep = Tx.shared_ptr(ea)
                Tx.ptx.tcgen05_commit(ep)
            # The accumulator's own barrier: one commit after the last MMA.
            Tx.ptx.tcgen05_commit(pd)
        # Everyone waits for phase 0 of `done`.
        Tx.ptx.mbarrier_try_wait_parity(pd, 0, 1000000)
        gC = C[m0:m0 + 128, n0:n0 + 32]
        Tx.wg.copy(gC, Dr)


# -- examples/tirx/seed_fragment.mlir ---------------------------------------------

SW128_F16 = Tx.ComposeLayout(Tx.SwizzleLayout(per_element=3, swizzle_len=3, atom_len=3),
                             Tx.TileLayout((128, 64), (64, 1)))


@Tx.prim_func
def gemm_compute(A: Tx.Buffer((128, 64), "float16"), B: Tx.Buffer((128, 64), "float16")):
    with Tx.device_entry():
        bx = Tx.cta_id([1])
        warp = Tx.warp_id([4])
        lane = Tx.lane_id()
        Asmem = Tx.alloc_shared((128, 64), "float16", layout=SW128_F16)
        Bsmem = Tx.alloc_shared((128, 64), "float16", layout=SW128_F16)
        tmem = Tx.alloc_tmem((128, 128), "float32", layout=Tx.TileLayout("S[(128,128):(1@TLane,1@TCol)]"),
                             allocated_addr=0)
        mbar = Tx.alloc_shared((1,), "int64")
        D = tmem[0:128, 0:128]
        Ar = Asmem[0:128, 0:64]
        Br = Bsmem[0:128, 0:64]
        Tx.tile.gemm_async(D, Ar, Br, accum=True, transpose_B=True, dispatch="tcgen05", cta_group=1)
        bar = Tx.null_ptr()
        Tx.ptx.tcgen05_commit(bar)


# (script, example file, chip)
EXAMPLES = [
    (copy, "copy.mlir", "sm_80"),
    (copy_tma, "copy_tma.mlir", "sm_90a"),
    (gemm_mma_sync, "gemm_mma_sync.mlir", "sm_80"),
    (gemm_mma_sync_pipelined, "gemm_mma_sync_pipelined.mlir", "sm_80"),
    (gemm_wgmma, "gemm_wgmma.mlir", "sm_90a"),
    (gemm_tcgen05, "gemm_tcgen05.mlir", "sm_100a"),
    (gemm_compute, "seed_fragment.mlir", "sm_100a"),
]
