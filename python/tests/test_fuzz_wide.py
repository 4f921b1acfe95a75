"""Wider seeded random tensor programs than test_fuzz.py.

Each program is a DAG over a pool of values (a value can feed several
consumers): sub/div/neg/sqrt/log/exp, max and min with two-sided
broadcasting, casts to float64 and int32 and back, integer arithmetic, mean,
matmul of small shapes (1-sized dims included), transpose + reshape mixes,
pads under reductions, flips of reduced values and 0-d results.

The expected value is computed with numpy in float64 from the exact inputs,
together with a rigorous first-order bound on the rounding error of a float32
(or float64) evaluation in any order (``err``). A compiled result must lie
within a small multiple of that bound (plus a tiny relative floor), so long
reductions and cancellations do not give false alarms while a wrong index, a
lost lane or a wrong identity does not pass. Integer results must be exact.

``UOP_FUZZ_SEEDS=N`` runs N seeds instead of the CI-sized default.
"""

import os
import subprocess

import numpy as np
import pytest

import uop
from uop import Tensor

from conftest import have_ptxas

U32 = 2.0 ** -24
U64 = 2.0 ** -53
DIMS = (1, 1, 2, 3, 4, 5, 7, 8, 12, 13, 16)
MAX_ELEMS = 4096


class V:
    """A value of the program: the Tensor, its exact value and an error bound."""

    __slots__ = ("t", "r", "e", "dt")

    def __init__(self, t, r, e, dt):
        self.t, self.r, self.e, self.dt = t, np.asarray(r, np.float64), np.asarray(e, np.float64), dt
        assert self.t.shape == self.r.shape == self.e.shape, (t.shape, self.r.shape, self.e.shape)

    @property
    def u(self):
        return U64 if self.dt == "f64" else (U32 if self.dt == "f32" else 0.0)

    @property
    def shape(self):
        return self.r.shape


def _ulp(v, r):
    return v.u * np.abs(r)


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.pool = []

    # -- helpers -------------------------------------------------------------
    def rand_shape(self, ndim=None):
        rng = self.rng
        if ndim is None:
            ndim = int(rng.integers(0, 4))
        while True:
            s = tuple(int(rng.choice(DIMS)) for _ in range(ndim))
            if int(np.prod(s)) <= MAX_ELEMS // 4:
                return s

    def new_input(self, shape, kind="f32"):
        rng = self.rng
        if kind == "i32":
            a = rng.integers(-8, 9, size=shape).astype(np.int32)
            return V(Tensor(a), a, np.zeros(shape), "i32")
        a = rng.uniform(-1, 1, size=shape)
        if kind == "q":  # quarters: exact in float32, for casts to int32
            a = np.round(a * 16) / 4
        a = a.astype(np.float64 if kind == "f64" else np.float32)
        return V(Tensor(a), a.astype(np.float64), np.zeros(shape), "f64" if kind == "f64" else "f32")

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.pool if pred(v)]
        if not cands:
            return None
        # Prefer recent values, but reuse old ones too (fan-out).
        w = np.arange(1, len(cands) + 1, dtype=np.float64) ** 2
        return cands[int(self.rng.choice(len(cands), p=w / w.sum()))]

    def partner_shape(self, shape):
        """A shape that broadcasts with ``shape`` (maybe on both sides)."""
        rng = self.rng
        s = list(shape)
        for i in range(len(s)):
            c = rng.integers(0, 4)
            if c == 0:
                s[i] = 1
            elif c == 1 and s[i] == 1:
                s[i] = int(rng.choice((2, 3, 5)))
        if s and rng.integers(0, 3) == 0:
            s = s[int(rng.integers(0, len(s) + 1)):]
        s = tuple(s)
        full = np.broadcast_shapes(shape, s)
        return s if int(np.prod(full)) <= MAX_ELEMS else tuple(shape)

    def const(self, c, dt):
        return float(np.float32(c)) if dt == "f32" else float(c)

    def fit(self, v):
        """Scale ``v`` into [-4, 4] (so exp/mul chains stay finite)."""
        m = float(np.max(np.abs(v.r))) if v.r.size else 0.0
        if m <= 4 or v.dt == "i32":
            return v
        k = 2.0 ** -int(np.ceil(np.log2(m / 4)))  # a power of two: exact
        return V(v.t * k, v.r * k, v.e * k, v.dt)

    # -- ops -----------------------------------------------------------------
    def binary(self, a, b, op):
        dt = a.dt if a.dt == b.dt else ("f64" if "f64" in (a.dt, b.dt) else "f32")
        if dt != a.dt:
            a = self.cast(a, dt)
        if dt != b.dt:
            b = self.cast(b, dt)
        ar, br = np.broadcast_arrays(a.r, b.r)
        ae, be = np.broadcast_arrays(a.e, b.e)
        tmp = V(a.t, a.r, a.e, dt)
        if op == "add":
            t, r, e = a.t + b.t, ar + br, ae + be
        elif op == "sub":
            t, r, e = a.t - b.t, ar - br, ae + be
        elif op == "mul":
            t, r, e = a.t * b.t, ar * br, np.abs(ar) * be + np.abs(br) * ae + ae * be
        elif op == "div":
            # b is away from zero: |b| >= 0.5 by construction.
            t, r = a.t / b.t, ar / br
            lo = np.abs(br) - be
            e = (ae + np.abs(r) * be) / lo
        elif op == "max":
            t, r, e = a.t.maximum(b.t), np.maximum(ar, br), np.maximum(ae, be)
        elif op == "min":
            t, r, e = -((-a.t).maximum(-b.t)), np.minimum(ar, br), np.maximum(ae, be)
        else:
            raise AssertionError(op)
        if dt == "i32":
            assert np.all(np.abs(r) < 2 ** 30), "int32 values stay small"
            return V(t, r, np.zeros_like(r), dt)
        return V(t, r, e + _ulp(tmp, r), dt)

    def cast(self, v, dt):
        if dt == v.dt:
            return v
        if dt == "i32":
            assert not np.any(v.e), "fptosi only of exact values"
            r = np.trunc(v.r)
            return V(v.t.cast("int32"), r, np.zeros_like(r), "i32")
        if v.dt == "i32":
            return V(v.t.cast("float32" if dt == "f32" else "float64"), v.r, np.zeros_like(v.r), dt)
        if dt == "f64":
            return V(v.t.cast("float64"), v.r, v.e, "f64")
        return V(v.t.cast("float32"), v.r, v.e + U32 * np.abs(v.r), "f32")

    def positive(self, v):
        """x*x + 0.5: a value >= 0.5 (for div, log, sqrt)."""
        sq = self.binary(v, v, "mul")
        c = V(Tensor(0.5, dtype="float64" if v.dt == "f64" else "float32"), np.float64(0.5), 0.0, v.dt)
        return self.binary(sq, c, "add")

    def unary(self, v, op):
        if v.dt == "i32":
            v = self.cast(v, "f32")
        u = v.u
        if op == "neg":
            return V(-v.t, -v.r, v.e, v.dt)
        if op == "exp":
            v = self.fit(v)
            r = np.exp(v.r)
            return V(v.t.exp(), r, r * (np.expm1(v.e) + 2 * u), v.dt)
        p = self.positive(self.fit(v))
        if op == "sqrt":
            r = np.sqrt(p.r)
            return V(p.t.sqrt(), r, p.e / (2 * np.sqrt(p.r - p.e)) + 2 * u * r, p.dt)
        if op == "log":
            r = np.log(p.r)
            return V(p.t.log(), r, p.e / (p.r - p.e) + 2 * u * np.abs(r) + 2 * u, p.dt)
        raise AssertionError(op)

    def reduce(self, v, kind, axes, keep):
        n = int(np.prod([v.shape[a] for a in axes])) if axes else 1
        if kind == "sum":
            t = v.t.sum(axis=axes, keepdim=keep)
            r = v.r.sum(axis=axes, keepdims=keep)
            e = v.e.sum(axis=axes, keepdims=keep) + n * v.u * np.abs(v.r).sum(axis=axes, keepdims=keep)
        elif kind == "max":
            t = v.t.max(axis=axes, keepdim=keep)
            r = v.r.max(axis=axes, keepdims=keep)
            e = v.e.max(axis=axes, keepdims=keep)
        else:  # mean
            if v.dt == "i32":
                v = self.cast(v, "f32")
            t = v.t.mean(axis=axes, keepdim=keep)
            r = v.r.mean(axis=axes, keepdims=keep)
            e = (v.e.sum(axis=axes, keepdims=keep) + (n + 2) * v.u * np.abs(v.r).sum(axis=axes, keepdims=keep)) / n
            e = e + 2 * v.u * np.abs(r)
        return V(t, r, e, v.dt)

    def matmul(self, a, b):
        if a.dt == "i32":
            a = self.cast(a, "f32")
        if b.dt == "i32":
            b = self.cast(b, "f32")
        if a.dt != b.dt:
            a, b = self.cast(a, "f64"), self.cast(b, "f64")
        k = a.shape[1]
        r = a.r @ b.r
        e = np.abs(a.r) @ b.e + a.e @ np.abs(b.r) + a.e @ b.e + (k + 1) * a.u * (np.abs(a.r) @ np.abs(b.r))
        return V(a.t @ b.t, r, e, a.dt)

    def movement(self, v):
        rng = self.rng
        nd = len(v.shape)
        c = int(rng.integers(0, 6))
        if c == 0 and nd >= 2:  # transpose + reshape
            order = tuple(int(i) for i in rng.permutation(nd))
            v = V(v.t.permute(*order), v.r.transpose(order), v.e.transpose(order), v.dt)
            new = self.refactor(v.shape)
            return V(v.t.reshape(*new), v.r.reshape(new), v.e.reshape(new), v.dt)
        if c == 1:  # reshape
            new = self.refactor(v.shape)
            return V(v.t.reshape(*new), v.r.reshape(new), v.e.reshape(new), v.dt)
        if c == 2 and nd >= 1:  # pad
            pads = [(int(rng.integers(0, 4)), int(rng.integers(0, 4))) for _ in range(nd)]
            full = [s + lo + hi for s, (lo, hi) in zip(v.shape, pads)]
            if np.prod(full) > MAX_ELEMS:
                return v
            return V(v.t.pad(pads), np.pad(v.r, pads), np.pad(v.e, pads), v.dt)
        if c == 3 and nd >= 1:  # shrink (often to single elements)
            bounds = []
            for s in v.shape:
                lo = int(rng.integers(0, s))
                hi = lo + 1 if rng.integers(0, 3) == 0 else int(rng.integers(lo + 1, s + 1))
                bounds.append((lo, hi))
            sl = tuple(slice(lo, hi) for lo, hi in bounds)
            return V(v.t.shrink(bounds), v.r[sl], v.e[sl], v.dt)
        if c == 4 and nd >= 1:  # flip one or more axes
            axes = tuple(int(a) for a in np.nonzero(rng.integers(0, 2, size=nd))[0]) or (nd - 1,)
            return V(v.t.flip(axes), np.flip(v.r, axes), np.flip(v.e, axes), v.dt)
        if c == 5:  # expand with a new leading dim
            n = int(rng.choice((1, 2, 3)))
            if n * v.r.size > MAX_ELEMS:
                return v
            new = (n,) + v.shape
            return V(v.t.expand(*new), np.broadcast_to(v.r, new), np.broadcast_to(v.e, new), v.dt)
        return v

    def refactor(self, shape):
        """Another shape with the same element count (1s inserted, dims merged or split)."""
        rng = self.rng
        n = int(np.prod(shape))
        c = int(rng.integers(0, 4))
        if c == 0:
            return (n,)
        if c == 1:
            s = list(shape)
            s.insert(int(rng.integers(0, len(s) + 1)), 1)
            return tuple(s)
        if c == 2:
            divs = [d for d in range(2, n) if n % d == 0]
            if divs:
                d = int(rng.choice(divs))
                return (d, n // d) if rng.integers(0, 2) else (n // d, 1, d)
            return (1, n)
        s = [d for d in shape if d != 1]
        return tuple(s) if s else ()

    # -- the program -----------------------------------------------------------
    def step(self):
        rng = self.rng
        c = int(rng.choice(16, p=_STEP_WEIGHTS))
        v = self.pick()
        if c <= 3:  # float binary with broadcasting
            op = ("add", "sub", "mul", "div", "max", "min")[int(rng.integers(0, 6))]
            if rng.integers(0, 2):
                b = self.pick(lambda w: _bcastable(w.shape, v.shape))
            else:
                b = None
            if b is None or b is v and op == "div":
                b = self.new_input(self.partner_shape(v.shape), "f64" if rng.integers(0, 6) == 0 else "f32")
            if b.dt == "i32" and op in ("div",):
                b = self.cast(b, "f32")
            if op == "div":
                b = self.positive(self.fit(b))
                if rng.integers(0, 2):
                    b = V(-b.t, -b.r, b.e, b.dt)
            if v.dt == "i32" and b.dt == "i32" and op == "div":
                v = self.cast(v, "f32")
            if op == "mul":
                v, b = self.fit(v), self.fit(b)
                if v.dt == b.dt == "i32" and np.max(np.abs(v.r), initial=0) * np.max(np.abs(b.r), initial=0) > 2 ** 24:
                    v = self.cast(v, "f32")
            out = self.binary(v, b, op)
        elif c == 4:
            out = self.unary(v, ("neg", "exp", "sqrt", "log")[int(rng.integers(0, 4))])
        elif c == 5 and v.shape:
            nd = len(v.shape)
            k = int(rng.integers(1, nd + 1))
            axes = tuple(sorted(int(a) for a in rng.choice(nd, size=k, replace=False)))
            kind = ("sum", "max", "mean")[int(rng.integers(0, 3))]
            out = self.reduce(v, kind, axes, bool(rng.integers(0, 2)))
            if rng.integers(0, 2) and out.shape:  # flip of a reduced value
                ax = int(rng.integers(0, len(out.shape)))
                out = V(out.t.flip(ax), np.flip(out.r, ax), np.flip(out.e, ax), out.dt)
        elif c in (6, 7, 14, 15):
            out = self.movement(v)
        elif c == 8:  # pad then reduce
            if not v.shape:
                v = V(v.t.reshape(1), v.r.reshape(1), v.e.reshape(1), v.dt)
            pads = [(int(rng.integers(0, 3)), int(rng.integers(0, 3))) for _ in v.shape]
            if np.prod([s + a + b for s, (a, b) in zip(v.shape, pads)]) > MAX_ELEMS:
                return
            p = V(v.t.pad(pads), np.pad(v.r, pads), np.pad(v.e, pads), v.dt)
            ax = int(rng.integers(0, len(p.shape)))
            out = self.reduce(p, ("sum", "max")[int(rng.integers(0, 2))], (ax,), False)
        elif c == 9:  # matmul of small random shapes
            m, k, n = (int(rng.choice((1, 1, 2, 3, 5, 8, 16, 17, 32))) for _ in range(3))
            if m * n * k > MAX_ELEMS:
                return
            if v.r.size == m * k and rng.integers(0, 2):
                a = V(v.t.reshape(m, k), v.r.reshape(m, k), v.e.reshape(m, k), v.dt)
            else:
                a = self.new_input((m, k))
            b = self.pick(lambda w: w.r.size == k * n and w is not v)
            if b is not None and rng.integers(0, 2):
                b = V(b.t.reshape(k, n), b.r.reshape(k, n), b.e.reshape(k, n), b.dt)
            elif rng.integers(0, 2):
                bt = self.new_input((n, k))
                b = V(bt.t.T, bt.r.T, bt.e.T, bt.dt)
            else:
                b = self.new_input((k, n))
            out = self.matmul(self.fit(a), self.fit(b))
        elif c == 10:  # float64 round trip or an f64 branch
            if v.dt == "f64":
                out = self.cast(v, "f32")
            else:
                w = self.cast(v, "f64")
                out = self.binary(w, self.new_input(self.partner_shape(w.shape), "f64"), "add")
                if rng.integers(0, 2):
                    out = self.cast(out, "f32")
        elif c == 11:  # an integer subgraph (from exact quarters), cast back to float
            q = self.new_input(self.rand_shape(), "q")
            i = self.cast(q, "i32")
            j = self.new_input(self.partner_shape(i.shape), "i32")
            op = ("add", "sub", "mul", "max", "min")[int(rng.integers(0, 5))]
            k = self.binary(i, j, op)
            if rng.integers(0, 2) and k.shape:
                k = self.reduce(k, ("sum", "max")[int(rng.integers(0, 2))], (0,), False)
            out = self.cast(k, ("f32", "f64", "i32")[int(rng.integers(0, 3))])
        elif c == 12:  # combine two pool values (fan-out of both)
            b = self.pick(lambda w: _bcastable(w.shape, v.shape) and w.dt != "i32")
            if b is None:
                return
            out = self.binary(v, b, ("add", "sub", "max", "min")[int(rng.integers(0, 4))])
        else:  # scalar constant
            if v.dt == "i32":
                out = V(v.t + 3, v.r + 3, v.e, "i32")
            else:
                cst = self.const(float(rng.choice((0.5, 2.0, -1.5, 0.1, 3.0))), v.dt)
                if rng.integers(0, 2):
                    out = self.binary(v, V(Tensor(cst, dtype="float64" if v.dt == "f64" else "float32"),
                                           np.float64(cst), 0.0, v.dt), "mul")
                else:
                    out = V(cst - v.t, cst - v.r, v.e + v.u * np.abs(cst - v.r), v.dt)
        if out.r.size > MAX_ELEMS:
            return
        self.pool.append(out)


_STEP_WEIGHTS = np.array([1, 1, 1, 1, 1.5, 1.5, 1, 1, 1, 1, 0.7, 0.7, 1, 0.7, 1, 1])
_STEP_WEIGHTS = _STEP_WEIGHTS / _STEP_WEIGHTS.sum()


def _bcastable(a, b):
    try:
        s = np.broadcast_shapes(a, b)
    except ValueError:
        return False
    return int(np.prod(s)) <= MAX_ELEMS


def random_program(seed):
    rng = np.random.default_rng(seed)
    g = Gen(rng)
    kind = "i32" if rng.integers(0, 10) == 0 else ("f64" if rng.integers(0, 8) == 0 else "f32")
    g.pool.append(g.new_input(g.rand_shape(int(rng.integers(0, 4))), kind))
    for _ in range(int(rng.integers(3, 20))):
        g.step()
    out = g.pool[-1]
    # Keep more of the DAG alive: fold a few other values in, each reduced
    # (or read through a movement op) to something that broadcasts.
    for _ in range(int(rng.integers(0, 4))):
        w = g.pick(lambda x: x is not out)
        if w is None:
            break
        if not _bcastable(w.shape, out.shape) or np.broadcast_shapes(w.shape, out.shape) != out.shape:
            if w.shape:
                w = g.reduce(w, ("sum", "max")[int(rng.integers(0, 2))], tuple(range(len(w.shape))), False)
        out = g.binary(out, w, ("add", "max", "sub")[int(rng.integers(0, 3))])
    # Sometimes a 0-d result.
    if out.shape and rng.integers(0, 6) == 0:
        out = g.reduce(out, ("sum", "max")[int(rng.integers(0, 2))], tuple(range(len(out.shape))), False)
    if out.t._node.op == "input":  # leaves need no compilation: add something
        out = g.unary(out, "neg")
    return out


def check_close(got, v, text):
    assert got.shape == v.shape, (got.shape, v.shape, text)
    if v.dt == "i32":
        np.testing.assert_array_equal(got, v.r.astype(np.int32), err_msg=text)
        return
    got = got.astype(np.float64)
    scale = float(np.sqrt(np.mean(v.r ** 2))) if v.r.size else 0.0
    # The rounding-error bound, the output's own rounding, and a small floor.
    tol = 4 * v.e + 2 * v.u * np.abs(v.r) + 8 * v.u * scale + 1e-30
    bad = ~(np.abs(got - v.r) <= tol)
    if np.any(bad):
        idx = tuple(int(i[0]) for i in np.nonzero(bad))
        raise AssertionError(f"{int(bad.sum())} of {bad.size} elements differ; first at {idx}: "
                             f"got {got[idx]!r} expected {v.r[idx]!r} (tol {tol[idx]:.3g})\n{text}")


N_SEEDS = int(os.environ.get("UOP_FUZZ_SEEDS", "60"))
N_PTX = int(os.environ.get("UOP_FUZZ_PTX_SEEDS", "12"))
SEED0 = int(os.environ.get("UOP_FUZZ_SEED0", "0"))


@pytest.mark.parametrize("seed", range(SEED0, SEED0 + N_SEEDS))
def test_wide_program_cpu(seed):
    v = random_program(seed)
    text = v.t.to_mlir()
    got = v.t.numpy(device="cpu")
    assert got.dtype == v.t.dtype.np
    check_close(got, v, text)
    # The package's own numpy reference agrees too.
    check_close(v.t.reference(), v, "reference():\n" + text)


_PTXAS = "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None


@pytest.mark.skipif(not have_ptxas(), reason="ptxas (CUDA toolkit) not found")
@pytest.mark.parametrize("seed", range(SEED0, SEED0 + N_PTX))
def test_wide_program_ptx_assembles(seed, tmp_path):
    import shutil
    ptxas = os.environ.get("UOP_PTXAS") or _PTXAS or shutil.which("ptxas")
    v = random_program(seed)
    ptx = uop.compile(v.t, target="ptx", chip="sm_80")
    assert ".entry" in ptx
    path = tmp_path / "k.ptx"
    path.write_text(ptx)
    res = subprocess.run([ptxas, "-arch=sm_80", str(path), "-o", str(tmp_path / "k.cubin")],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr + "\n" + v.t.to_mlir()
