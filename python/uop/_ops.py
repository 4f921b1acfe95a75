"""The composite part of :class:`uop.Tensor`: every method here is built from the
graph's primitive ops (elementwise, casts, movement, ``reduce_axis``), as tinygrad
builds its Tensor from its UOps. ``Tensor`` inherits :class:`TensorOps`.
"""

import math
import numbers

import numpy as np

from . import dtypes as _dt
from ._graph import (  # noqa: F401 - re-exported: uop._ops.ArgumentError is documented
    ArgumentError, AxisError, IndexTypeError, OpTypeError, _axis, _broadcast_shape, _const_node,
    _is_int, _norm_axes, _reduce_identity, _scalar_dtype, _shape_args, _sum_acc_dtype, _tuple)
from ._ops_compat import CompatOps
from .dtypes import bool_, float32, int32, to_dtype


def _ceildiv(a, b):
    return -(-a // b)


# ---------------------------------------------------------------------------
# The counter-based random generator (hash of (seed, counter, index))
# ---------------------------------------------------------------------------

_M1, _M2 = 0x7FEB352D, 0x846CA68B  # lowbias32 (Chris Wellons)


def _hash32_py(x):
    x &= 0xFFFFFFFF
    x ^= x >> 16
    x = (x * _M1) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * _M2) & 0xFFFFFFFF
    x ^= x >> 16
    return x


def random_key(seed, counter):
    """The two 32-bit keys of a ``rand`` call (Python integers)."""
    k0 = _hash32_py(_hash32_py(seed & 0xFFFFFFFF) ^ ((seed >> 32) & 0xFFFFFFFF) ^ 0x9E3779B9)
    k1 = _hash32_py(k0 ^ _hash32_py(counter + 0x632BE5AB))
    return k0, k1


def random_bits_numpy(n, seed, counter):
    """What ``rand``'s graph computes for the flat indices 0..n-1, in numpy (uint32)."""
    k0, k1 = random_key(seed, counter)

    def h(x):
        x = x ^ (x >> np.uint32(16))
        x = x * np.uint32(_M1)
        x = x ^ (x >> np.uint32(15))
        x = x * np.uint32(_M2)
        return x ^ (x >> np.uint32(16))

    with np.errstate(over="ignore"):
        i = np.arange(n, dtype=np.uint32)
        return h(h(i ^ np.uint32(k0)) + np.uint32(k1))


# mantissa bits of a uniform float in [0, 1) of each dtype (exact: no rounding up to 1)
_RAND_BITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 32}


class TensorOps(CompatOps):
    __slots__ = ()

    _seed = 0
    _rng_counter = 0

    # -- creation ------------------------------------------------------------
    @classmethod
    def full(cls, shape, fill_value, dtype=None):
        """A tensor of ``shape`` filled with ``fill_value`` (a splat constant)."""
        shape = _shape_args((shape,) if _is_int(shape) else tuple(shape), "full")
        if any(s < 0 for s in shape):
            raise ArgumentError(f"full: negative dimension in {shape}")
        d = to_dtype(dtype) if dtype is not None else _scalar_dtype(fill_value)
        return cls(_const_node(fill_value, shape, d))

    @classmethod
    def zeros(cls, *shape, dtype=None):
        return cls.full(_shape_args(shape, "zeros"), 0.0, dtype or float32)

    @classmethod
    def ones(cls, *shape, dtype=None):
        return cls.full(_shape_args(shape, "ones"), 1.0, dtype or float32)

    def full_like(self, fill_value, dtype=None):
        return type(self).full(self.shape, fill_value, dtype or self.dtype)

    def zeros_like(self, dtype=None):
        return self.full_like(0, dtype)

    def ones_like(self, dtype=None):
        return self.full_like(1, dtype)

    @classmethod
    def _iota(cls, n):
        """int32 0..n-1 in the graph: recursive doubling with pads and selects
        (2 log2(n) levels, no input array)."""
        if n == 1:
            return cls(_const_node(0, (1,), int32))
        h = n // 2
        lo = cls._iota(h)
        r = lo.cat(lo + h)
        if n % 2:
            r = r.cat(cls(_const_node(n - 1, (1,), int32)))
        return r

    @classmethod
    def arange(cls, start, stop=None, step=1, dtype=None):
        """``start, start + step, ...`` below ``stop`` (tinygrad's and numpy's arange):
        int32 for integer arguments, else float32."""
        if stop is None:
            start, stop = 0, start
        for v in (start, stop, step):
            if not isinstance(v, (numbers.Real, np.number)) or isinstance(v, (bool, np.bool_)):
                raise TypeError(f"arange: {v!r} is not a number")
        if step == 0:
            raise ArgumentError("arange: step must not be zero")
        n = max(0, math.ceil((stop - start) / step))
        is_int = all(_is_int(v) for v in (start, stop, step))
        last = start + (n - 1) * step if n else start
        if dtype is None and is_int:  # tinygrad: int32, or int64 when the range needs it
            d = int32 if all(_dt.int32.min <= v <= _dt.int32.max for v in (start, last)) else _dt.int64
        else:
            d = to_dtype(dtype) if dtype is not None else float32
        if n == 0:
            return cls.full((0,), 0, d)
        if is_int and d.is_int and not all(d.min <= v <= d.max for v in (start, last)):
            raise OverflowError(f"arange: the values {start} .. {last} do not fit {d.name}")
        idx = cls._iota(n)
        if is_int and not d.is_float:
            if (step, start) == (1, 0):
                return idx.cast(d)
            return (idx.cast(_dt.int64) * step + start).cast(d)  # int64: no wrap in the product
        f = idx.cast(d if d.is_float else float32)
        return (f * step + start).cast(d)

    @classmethod
    def eye(cls, n, m=None, dtype=None):
        m = n if m is None else m
        r = cls.arange(n).reshape(n, 1) == cls.arange(m).reshape(1, m)
        return r.cast(dtype or float32)

    @classmethod
    def manual_seed(cls, seed=0):
        """Set the seed of :meth:`rand` / :meth:`randn` and reset their counter."""
        TensorOps._seed = int(seed)
        TensorOps._rng_counter = 0

    @classmethod
    def _random_bits(cls, shape, seed):
        """uint32 hash bits, one per element: lowbias32(lowbias32(i ^ k0) + k1), where
        (k0, k1) hash (seed, counter); the counter advances per call without ``seed``."""
        if seed is None:
            seed, counter = TensorOps._seed, TensorOps._rng_counter
            TensorOps._rng_counter += 1
        else:
            counter = 0
        k0, k1 = random_key(int(seed), counter)
        n = math.prod(shape)
        u32 = _dt.uint32

        def h(x):
            x = x ^ (x >> 16)
            x = x * _M1
            x = x ^ (x >> 15)
            x = x * _M2
            return x ^ (x >> 16)

        i = cls._iota(n).cast(u32)
        return h(h(i ^ k0) + k1).reshape(shape)

    @classmethod
    def rand(cls, *shape, seed=None, dtype=None):
        """Uniform in [0, 1) from a counter-based hash in the graph (deterministic per
        seed: :meth:`manual_seed`, or ``seed=`` for one call)."""
        shape = _shape_args(shape, "rand")
        if any(v < 0 for v in shape):
            raise ArgumentError(f"rand: negative dimension in {shape}")
        d = to_dtype(dtype) if dtype is not None else float32
        if not d.is_float:
            raise TypeError(f"rand: {d.name} is not a float dtype")
        if math.prod(shape) == 0:
            return cls.full(shape, 0, d)
        bits = _RAND_BITS[d.name]
        x = cls._random_bits(shape, seed)
        if bits < 32:
            x = x >> (32 - bits)
        fd = _dt.float64 if d is _dt.float64 else float32
        return (x.cast(fd) * float(2.0 ** -bits)).cast(d)

    @classmethod
    def uniform(cls, *shape, low=0.0, high=1.0, seed=None, dtype=None):
        d = to_dtype(dtype) if dtype is not None else float32
        fd = _dt.float64 if d is _dt.float64 else float32
        return (cls.rand(*shape, seed=seed, dtype=fd) * (high - low) + low).cast(d)

    @classmethod
    def randn(cls, *shape, seed=None, dtype=None):
        """Standard normal by Box-Muller on two uniform draws (tinygrad's way)."""
        shape = _shape_args(shape, "randn")
        if any(v < 0 for v in shape):
            raise ArgumentError(f"randn: negative dimension in {shape}")
        d = to_dtype(dtype) if dtype is not None else float32
        if not d.is_float:
            raise TypeError(f"randn: {d.name} is not a float dtype")
        fd = _dt.float64 if d is _dt.float64 else float32
        if math.prod(shape) == 0:
            return cls.full(shape, 0, d)
        src = cls.rand(2, *shape, seed=seed, dtype=fd)
        u0, u1 = src[0], src[1]
        return ((u0 * (2 * math.pi)).cos() * ((1 - u1).log() * -2).sqrt()).cast(d)

    @classmethod
    def randint(cls, *shape, low=0, high=10, seed=None, dtype=None):
        """Integers uniform in [low, high) (int32)."""
        if high <= low:
            raise ArgumentError(f"randint: empty range [{low}, {high})")
        u = cls.rand(*shape, seed=seed, dtype=_dt.float64)
        return (u * (high - low)).floor().cast(dtype or int32) + low

    def rand_like(self, seed=None, dtype=None):
        return type(self).rand(self.shape, seed=seed, dtype=dtype or (self.dtype if self.dtype.is_float else None))

    def randn_like(self, seed=None, dtype=None):
        return type(self).randn(self.shape, seed=seed, dtype=dtype or (self.dtype if self.dtype.is_float else None))

    # -- elementwise built from primitives -----------------------------------
    def sigmoid(self):
        # exp(-|x|) only: 1 / (1 + exp(-x)) overflows for x << 0, and its gradient is
        # then 0 * inf = NaN where torch's is 0.
        # (a select, not -|x|: abs has no slope at 0)
        t = self._float()
        e = (t >= 0).where(-t, t).exp()
        return (t >= 0).where(1 / (1 + e), e / (1 + e))

    def silu(self):
        t = self._float()
        return t * t.sigmoid()

    swish = silu

    def gelu(self, approximate="tanh"):
        """tinygrad's default, the tanh approximation 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
        x^3))); ``approximate="none"`` is the exact 0.5 x (1 + erf(x / sqrt(2)))."""
        t = self._float()
        if approximate == "none":
            return 0.5 * t * (1 + (t * (1 / math.sqrt(2))).erf())
        if approximate != "tanh":
            raise ArgumentError(f"gelu: approximate must be 'tanh' or 'none', got {approximate!r}")
        return 0.5 * t * (1 + (math.sqrt(2 / math.pi) * (t + 0.044715 * t * t * t)).tanh())

    def quick_gelu(self):
        return self * (self * 1.702).sigmoid()

    def leaky_relu(self, neg_slope=0.01):
        # torch's select (x > 0): the gradient at 0 and at NaN is the slope
        return (self > 0).where(self, self * neg_slope)

    def elu(self, alpha=1.0):
        t = self._float()
        # torch's select (x > 0): the gradient at 0 is alpha, NaN at NaN. exp(x) only where
        # x <= 0: it overflows for large x, and 0 * inf is a NaN gradient
        pos = t > 0
        return pos.where(t, alpha * (pos.where(0, t).exp() - 1))

    def relu6(self):
        if not self.dtype.is_float:
            return self.relu().minimum(6)
        return self.hardtanh(0, 6)  # torch's relu6 is hardtanh(0, 6), gradient included

    def softplus(self, beta=1, threshold=20):
        """``log(1 + exp(beta x)) / beta`` (torch's ``softplus``): computed stably as
        ``(max(bx, 0) + log1p(exp(-|bx|))) / beta``, and ``x`` itself where ``bx > threshold``."""
        t = self._float()
        bx = t * beta
        e = (-bx.abs()).exp()                     # in (0, 1]: no overflow
        u = 1 + e
        # log1p(e) (Goldberg): log(u) * e / (u - 1) keeps e's digits that 1 + e rounds off
        # (the divisor is 1 where u == 1, so that the unused branch's gradient is not 0 * inf)
        log1p = (u == 1).where(e, u.log() * (e / (u == 1).where(1, u - 1)))
        # maximum, not relu: its tie split at 0 (0.5) is this form's gradient there
        r = (bx.maximum(0) + log1p) * (1 / beta)
        return (bx > threshold).where(t, r)

    def hardtanh(self, min_val=-1, max_val=1):
        """clip's value; torch's gradient: 0 on the bounds (clip's passes there) and at NaN."""
        if not self.dtype.is_float:
            return self.clip(min_val, max_val)
        inside = (self > min_val) & (self < max_val)
        return inside.where(self, self.detach().maximum(min_val).minimum(max_val))

    def reciprocal(self):
        return 1 / self._float()

    def square(self):
        return self * self

    def sign(self):
        """-1, 0 or 1 in the tensor's dtype (NaN stays NaN)."""
        r = (self > 0).where(1, (self < 0).where(-1, 0)).cast(self.dtype)
        # NaN's value passes, not its gradient (torch's sign has 0 everywhere)
        return self.isnan().where(self.detach(), r) if self.dtype.is_float else r

    def clip(self, min_=None, max_=None):
        if min_ is None and max_ is None:
            raise ArgumentError("clip: give min_ or max_")
        r = self
        if self.dtype.is_float:
            return self._clip_float(min_, max_)
        if min_ is not None:
            r = r.maximum(min_)
        if max_ is not None:
            r = r.minimum(max_)
        return r

    clamp = clip

    def _clip_float(self, lo, hi):
        """torch's clamp: the value min(max(x, lo), hi) (NaN propagates, hi wins where
        lo > hi); x's gradient where lo <= x <= hi, the bounds included, none at NaN; a
        Tensor bound's as torch's clamp_backward_min_max: lo's where x < lo < hi, hi's where
        x > hi or hi < lo (not at a NaN x, whose value stays NaN; torch gives hi one)."""
        T = type(self)
        d = self.detach()
        value = d if lo is None else d.maximum(lo.detach() if isinstance(lo, T) else lo)
        value = value if hi is None else value.minimum(hi.detach() if isinstance(hi, T) else hi)
        inside = None
        if lo is not None:
            inside = self >= lo
        if hi is not None:
            inside = (self <= hi) if inside is None else inside & (self <= hi)
        r = value
        if isinstance(hi, T):
            over = self > hi
            r = (over | ((lo > hi) & (self == self)) if lo is not None else over).where(hi, r)
        if isinstance(lo, T):
            under = self < lo
            r = (under & (lo < hi) if hi is not None else under).where(lo, r)
        return inside.where(self, r)

    def lerp(self, end, weight):
        return self + (end - self) * weight

    # -- reductions built from primitives ----------------------------------
    def mean(self, axis=None, keepdim=False, keepdims=None):
        keep = keepdim if keepdims is None else keepdims
        axes = _norm_axes(axis, self.ndim, "mean")
        n = math.prod(self.shape[a] for a in axes)
        t = self._float()
        if not axes:
            return t
        return t.sum(axes, keep) / float(n) if n else t.sum(axes, keep) * float("nan")

    def var(self, axis=None, keepdim=False, correction=1, keepdims=None):
        """Variance with tinygrad's default ``correction=1`` (numpy's ``ddof``)."""
        keep = keepdim if keepdims is None else keepdims
        axes = _norm_axes(axis, self.ndim, "var")
        n = math.prod(self.shape[a] for a in axes)
        t = self._float()
        d = t - t.mean(axes, keepdim=True)
        return (d * d).sum(axes, keep) / float(max(0, n - correction))

    def std(self, axis=None, keepdim=False, correction=1, keepdims=None):
        return self.var(axis, keepdim, correction, keepdims).sqrt()

    def _argext(self, kind, axis, keepdim):
        T = type(self)
        if axis is None:
            return self.flatten()._argext(kind, 0, False).reshape(() if not keepdim else (1,) * self.ndim)
        ax = _axis(axis, self.ndim, "arg" + kind)
        n = self.shape[ax]
        if n == 0:
            raise ArgumentError(f"arg{kind}: the axis {ax} is empty")
        m = self._minmax(kind, ax, True, None)
        hit = self == m
        if self.dtype.is_float:
            hit = hit | self.isnan()  # numpy: the first NaN
        # n - i counts down, so the largest marks the first hit
        idx = T.arange(n, 0, -1).reshape([n if i == ax else 1 for i in range(self.ndim)])
        first = hit.where(idx, 0).max(ax, keepdim)
        return (n - first).cast(int32)

    def argmax(self, axis=None, keepdim=False):
        """Index of the first maximum (of the first NaN, as numpy), int32."""
        return self._argext("max", axis, keepdim)

    def argmin(self, axis=None, keepdim=False):
        return self._argext("min", axis, keepdim)

    def softmax(self, axis=-1):
        t = self._float()
        # the max is detached, as tinygrad's: the same function, no round-off gradient through it
        e = (t - t.max(axis, keepdim=True).detach()).exp()
        return e / e.sum(axis, keepdim=True)

    def log_softmax(self, axis=-1):
        t = self._float()
        s = t - t.max(axis, keepdim=True).detach()
        return s - s.exp().sum(axis, keepdim=True).log()

    def logsumexp(self, axis=None, keepdim=False):
        t = self._float()
        m = t.max(axis, keepdim=True).detach()  # as tinygrad's
        m = m.isinf().where(0, m)  # all -inf (or +inf) rows: no inf - inf
        r = (t - m).exp().sum(axis, keepdim=True).log() + m
        if keepdim:
            return r
        axes = _norm_axes(axis, self.ndim, "logsumexp")
        return r.reshape([s for i, s in enumerate(r.shape) if i not in axes])

    def _cumulative(self, axis, kind, what):
        """A running reduction along ``axis``: a lower-triangular mask and one reduce
        (O(n^2) work per row)."""
        T = type(self)
        if self.ndim == 0:
            # torch and tinygrad: a 0-d tensor has the axes 0 and -1
            if not _is_int(axis):
                raise TypeError(f"{what}: axis must be an integer, not {axis!r}")
            if axis not in (0, -1):
                raise AxisError(f"{what}: axis {axis} is out of range for a 0-d tensor (0 or -1)")
            return self.reshape(1)._cumulative(0, kind, what).reshape(())   # the dtypes of 1-d
        ax = _axis(axis, self.ndim, what)
        n = self.shape[ax]
        x = self if kind in ("max", "min") else self.cast(_sum_acc_dtype(self.dtype))
        if n == 0:
            return x
        x = x.transpose(ax, -1)
        ar = T.arange(n)
        tri = ar.reshape(n, 1) >= ar.reshape(1, n)          # [i, j]: j <= i
        y = x.reshape(*x.shape[:-1], 1, n).expand(*x.shape[:-1], n, n)
        ident = _reduce_identity(kind, x.dtype)
        r = tri.where(y, T(_const_node(ident, y.shape, y.dtype)))._reduce(kind, -1, False, what)
        if x.dtype.is_bool:
            r = r.cast(bool_)
        if kind in ("add", "mul") and self.dtype in (_dt.float16, _dt.bfloat16):
            r = r.cast(self.dtype)
        return r.transpose(ax, -1)

    def cumsum(self, axis=0):
        """Running sum along ``axis`` (accumulates as :meth:`sum`)."""
        return self._cumulative(axis, "add", "cumsum")

    def cumprod(self, axis=0):
        return self._cumulative(axis, "mul", "cumprod")

    def _cumext(self, axis, kind):
        """(values, indices) of a running max or min, as tinygrad and torch return them."""
        T = type(self)
        what = "cum" + kind
        t = self.cast(_dt.uint8) if self.dtype.is_bool else self
        values = t._cumulative(axis, kind, what)
        if self.ndim == 0:
            idx = T(_const_node(0, (), int32))
        else:
            idx = values._cumext_indices(t, _axis(axis, self.ndim, what))
        return (values.cast(bool_) if self.dtype.is_bool else values), idx

    def _cumext_indices(self, x, ax):
        """torch's indices of running extremes ``self`` of ``x``: the last j <= i where
        x[j] equals the extreme (ties take the later index, NaN equal to NaN: torch moves
        the index to each later NaN)."""
        T = type(self)
        n = x.shape[ax]
        if n == 0:
            return T(_const_node(0, x.shape, int32))
        xt, vt = x.transpose(ax, -1), self.transpose(ax, -1)
        ar = T.arange(n)
        upto = ar.reshape(n, 1) <= ar.reshape(1, n)            # [j, i]: j <= i
        xj, vi = xt.unsqueeze(-1), vt.unsqueeze(-2)             # [..., j, i]
        same = xj == vi
        if x.dtype.is_float:
            same = same | (xj.isnan() & vi.isnan())
        last = (same & upto).where(ar.reshape(n, 1), -1).max(-2)
        return last.cast(int32).transpose(ax, -1)

    def cummax(self, axis=0):
        """Running maximum: ``(values, indices)`` (int32; NaN propagates), as tinygrad and
        torch. Indices follow torch: a tie takes the later index."""
        return self._cumext(axis, "max")

    def cummin(self, axis=0):
        """Running minimum: ``(values, indices)``, as :meth:`cummax`."""
        return self._cumext(axis, "min")

    @staticmethod
    def einsum(formula, *operands):
        """``Tensor.einsum("ij,jk->ik", a, b)``: each operand permuted and broadcast to all
        the letters, multiplied, summed over the letters not in the output. A letter twice
        in one operand takes its diagonal first (``ii->`` is the trace); ``...`` stands for
        the leading dims, broadcast right-aligned across operands (implicit output: first)."""
        T = TensorOps._tensor_cls
        if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
            operands = tuple(operands[0])  # torch's and tinygrad's einsum(formula, [a, b])
        ops = [o if isinstance(o, T) else T(o) for o in operands]
        f = formula.replace(" ", "")
        lhs, arrow, out = f.partition("->")
        ins = lhs.split(",")
        if len(ins) != len(ops):
            raise ArgumentError(f"einsum: {len(ins)} operands in {formula!r}, {len(ops)} given")
        ins, out, ell = TensorOps._einsum_ellipsis(ins, out, ops, f)
        if not arrow:
            counts = {}
            for c in "".join(ins):
                counts[c] = counts.get(c, 0) + 1
            out = ell + "".join(sorted(c for c, k in counts.items() if k == 1 and c not in ell))
        ins, ops = zip(*[TensorOps._einsum_diagonals(s_, o) for s_, o in zip(ins, ops)])
        sizes = {}
        for s_, o in zip(ins, ops):
            if len(s_) != o.ndim:
                raise ArgumentError(f"einsum: {s_!r} names {len(s_)} dims of a tensor of shape {o.shape}")
            for c, n in zip(s_, o.shape):
                if sizes.setdefault(c, n) != n and n != 1 and sizes[c] != 1:
                    raise ArgumentError(f"einsum: letter {c!r} has sizes {sizes[c]} and {n}")
                sizes[c] = max(sizes[c], n)
        for c in out:
            if c not in sizes:
                raise ArgumentError(f"einsum: output letter {c!r} is not in an input")
        letters = list(out) + sorted(set(sizes) - set(out))
        full = [sizes[c] for c in letters]
        prod = None
        for s_, o in zip(ins, ops):
            order = sorted(range(len(s_)), key=lambda i: letters.index(s_[i]))
            t = o.permute(order) if order else o
            present = [s_[i] for i in order]
            t = t.reshape([t.shape[present.index(c)] if c in present else 1 for c in letters])
            t = t._broadcast_to(full)
            prod = t if prod is None else prod * t
        red = tuple(range(len(out), len(letters)))
        return prod.sum(red) if red else prod

    @staticmethod
    def _einsum_ellipsis(ins, out, ops, f):
        """``...`` replaced by letters of their own (unused capitals), right-aligned: the
        operands' subscripts, the output's, and the ellipsis letters (all of them)."""
        if "." not in f:
            return ins, out, ""
        pool = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in f]
        counts = [o.ndim - (len(s_) - 3) if "..." in s_ else 0 for s_, o in zip(ins, ops)]
        if any(k < 0 for k in counts) or f.replace("...", "").count(".") or max(counts) > len(pool):
            raise ArgumentError(f"einsum: {f!r} does not match the operands' ranks")
        ell = "".join(pool[:max(counts)])
        ins = [s_.replace("...", ell[len(ell) - k:]) for s_, k in zip(ins, counts)]
        return ins, out.replace("...", ell), ell

    @staticmethod
    def _einsum_diagonals(s_, o):
        """A letter repeated in one operand: that operand's diagonal over those dims."""
        while len(set(s_)) != len(s_):
            c = next(ch for ch in s_ if s_.count(ch) > 1)
            p = s_.index(c)
            q = s_.index(c, p + 1)
            if o.shape[p] != o.shape[q]:
                raise ArgumentError(f"einsum: letter {c!r} has sizes {o.shape[p]} and {o.shape[q]}")
            o = o.diagonal(0, p, q)
            s_ = "".join(ch for i, ch in enumerate(s_) if i not in (p, q)) + c
        return s_, o

    # -- movement built from primitives ----------------------------------------
    def view(self, *shape):
        return self.reshape(*shape)

    def contiguous(self):
        return self

    def flatten(self, start_dim=0, end_dim=-1):
        if self.ndim == 0:
            return self.reshape(1)
        s, e = _axis(start_dim, self.ndim, "flatten"), _axis(end_dim, self.ndim, "flatten")
        if s > e:
            raise ArgumentError(f"flatten: start_dim {start_dim} is after end_dim {end_dim}")
        return self.reshape(*self.shape[:s], math.prod(self.shape[s:e + 1]), *self.shape[e + 1:])

    def unflatten(self, dim, sizes):
        d = _axis(dim, self.ndim, "unflatten")
        return self.reshape(*self.shape[:d], *sizes, *self.shape[d + 1:])

    def squeeze(self, dim=None):
        if dim is None:
            return self.reshape([s for s in self.shape if s != 1])
        # torch and tinygrad: a named dim whose size is not 1 is left in place
        dims = _norm_axes(dim, self.ndim, "squeeze")
        return self.reshape([s for i, s in enumerate(self.shape) if i not in dims or s != 1])

    def unsqueeze(self, dim):
        d = _axis(dim, self.ndim + 1, "unsqueeze")
        return self.reshape(*self.shape[:d], 1, *self.shape[d:])

    def repeat(self, *repeats):
        repeats = _shape_args(repeats, "repeat")
        if len(repeats) < self.ndim:
            raise ArgumentError(f"repeat: {len(repeats)} repeats for a tensor of rank {self.ndim}")
        base = (1,) * (len(repeats) - self.ndim) + self.shape
        unsq = [v for r, s in zip(repeats, base) for v in ((s,) if r == 1 else (1, s))]
        exp = [v for r, s in zip(repeats, base) for v in ((s,) if r == 1 else (r, s))]
        return self.reshape(unsq).expand(exp).reshape([r * s for r, s in zip(repeats, base)])

    def swapaxes(self, a, b):
        return self.transpose(a, b)

    def _stride(self, ax, step):
        """Every ``step``-th element of axis ``ax`` from the first (pad, reshape, shrink)."""
        n = self.shape[ax]
        if step == 1 or n == 0:
            return self
        out = _ceildiv(n, step)
        x = self.pad([(0, out * step - n) if i == ax else None for i in range(self.ndim)])
        x = x.reshape(*x.shape[:ax], out, step, *x.shape[ax + 1:])
        x = x.shrink([(0, 1) if i == ax + 1 else None for i in range(x.ndim)])
        return x.reshape(*self.shape[:ax], out, *self.shape[ax + 1:])

    def __getitem__(self, idx):
        """Indexing with ints, slices (any step; a negative one flips), ``None`` and
        ``...``, as numpy's basic indexing."""
        T = type(self)
        if not isinstance(idx, tuple):
            idx = (idx,)
        if any(isinstance(i, (T, np.ndarray, list, tuple)) for i in idx):
            return self._advanced_index(idx)
        for i in idx:
            if not (i is None or i is Ellipsis or isinstance(i, slice) or _is_int(i)):
                raise TypeError(f"index: {i!r} is not an int, a slice, None or ...")
        if sum(i is Ellipsis for i in idx) > 1:
            raise IndexError("index: an index can only have a single ellipsis (...)")
        n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
        if n_real > self.ndim:
            raise IndexError(f"index: too many indices: {n_real} for a tensor of rank {self.ndim}")
        if Ellipsis in idx:
            k = idx.index(Ellipsis)
            idx = idx[:k] + (slice(None),) * (self.ndim - n_real) + idx[k + 1:]
        else:
            idx = idx + (slice(None),) * (self.ndim - n_real)
        bounds, strides, flips, out_shape = [], [], [], []
        dim = 0
        for i in idx:
            if i is None:
                out_shape.append(1)
                continue
            n = self.shape[dim]
            if isinstance(i, slice):
                r = range(*i.indices(n))
                if len(r) == 0:
                    bounds.append((0, 0))
                    strides.append(1)
                    flips.append(False)
                elif r.step > 0:
                    bounds.append((r.start, r[-1] + 1))
                    strides.append(r.step)
                    flips.append(False)
                else:  # the same elements ascending, flipped afterwards
                    bounds.append((r[-1], r.start + 1))
                    strides.append(-r.step)
                    flips.append(True)
                out_shape.append(len(r))
            else:
                k = int(i)
                if not -n <= k < n:
                    raise IndexError(f"index {k} is out of bounds for axis {dim} with size {n}")
                k %= n
                bounds.append((k, k + 1))
                strides.append(1)
                flips.append(False)
            dim += 1
        x = self.shrink(bounds)
        for ax, st in enumerate(strides):
            if st != 1:  # a negative step's elements, ascending, then flipped below
                x = x._stride(ax, st)
        if any(flips):
            x = x.flip([ax for ax, f in enumerate(flips) if f])
        return x.reshape(out_shape)

    def _advanced_index(self, idx):
        """Advanced indexing as torch and tinygrad: integer tensors, arrays, lists and tuples
        broadcast together to a shape B (ints index first, as basic indices). The indexed dims are moved last and
        flattened, one flat index ``sum(I_j * stride_j)`` is taken (:meth:`_take`), and B sits
        where the indexed dims were when they are adjacent, else first. A negative index counts
        from the end; an index out of range gives 0 (no bounds check in the graph)."""
        T = TensorOps._tensor_cls
        conv = []
        for i in idx:
            if isinstance(i, (T, np.ndarray, list, tuple)):
                t = i if isinstance(i, T) else T(np.asarray(i))
                if not t.dtype.is_int:
                    raise IndexTypeError(f"index: a tensor index must hold integers, not {t.dtype.name}")
                conv.append(t)
            else:
                conv.append(i)
        if sum(i is Ellipsis for i in conv) > 1:
            raise IndexError("index: an index can only have a single ellipsis (...)")
        n_real = sum(1 for i in conv if i is not None and i is not Ellipsis)
        if n_real > self.ndim:
            raise IndexError(f"index: too many indices: {n_real} for a tensor of rank {self.ndim}")
        if Ellipsis in [i for i in conv if not isinstance(i, T)]:
            k = next(p for p, i in enumerate(conv) if i is Ellipsis)
            conv = conv[:k] + [slice(None)] * (self.ndim - n_real) + conv[k + 1:]
        # torch's and tinygrad's rule: ints are basic indices (their dims go first), so only the
        # tensors are advanced (numpy counts ints as advanced: x[1, :, t] then differs)
        ints = [p for p, i in enumerate(conv) if not isinstance(i, T) and _is_int(i)]
        y = self[tuple(slice(None) if isinstance(i, T) else i for i in conv)]
        conv = [i for p, i in enumerate(conv) if p not in ints]
        adv = [p for p, i in enumerate(conv) if isinstance(i, T)]
        # every entry left (slice, None, or ":" for a tensor) is one dim of y, in order
        sizes = [y.shape[p] for p in adv]
        flat, valid, shape, stride = None, None, (), 1
        for p, n in zip(reversed(adv), reversed(sizes)):
            i = conv[p]
            i = (i < 0).where(i + n, i)
            ok = (i >= 0) & (i < n)
            term = i * stride if stride != 1 else i
            flat = term if flat is None else flat + term
            valid = ok if valid is None else valid & ok
            stride *= n
        flat = valid.where(flat, stride)  # out of range: past the end, so _take gives 0
        rest = [d for d in range(y.ndim) if d not in adv]
        z = y.permute(*rest, *adv).reshape(*[y.shape[d] for d in rest], stride)
        r = z._take(len(rest), flat)                           # (rest..., *B)
        nr, nb = len(rest), flat.ndim
        k = adv[0] if adv == list(range(adv[0], adv[-1] + 1)) else 0
        return r.permute(*range(k), *range(nr, nr + nb), *range(k, nr))

    def cat(self, *others, dim=0):
        """Concatenate along ``dim`` (pads and selects: exact for every dtype)."""
        T = type(self)
        ts = [self] + [o if isinstance(o, T) else T(o) for o in others]
        ax = _axis(dim, self.ndim, "cat") if self.ndim else None
        if ax is None:
            raise AxisError("cat: zero-dimensional tensors cannot be concatenated")
        for t in ts[1:]:
            if t.ndim != self.ndim or any(a != b for i, (a, b) in enumerate(zip(t.shape, self.shape)) if i != ax):
                raise ArgumentError(f"cat: shapes {self.shape} and {t.shape} differ outside dim {ax}")
        d = ts[0].dtype
        for t in ts[1:]:
            d = _dt.promote(d, t.dtype)
        ts = [t.cast(d) for t in ts if t.shape[ax] > 0] or [ts[0].cast(d)]
        if len(ts) == 1:
            return ts[0]
        total = sum(t.shape[ax] for t in ts)
        out, off = None, 0
        for t in ts:
            pads = [(off, total - off - t.shape[ax]) if i == ax else None for i in range(t.ndim)]
            p = t.pad(pads)
            if out is None:
                out = p
            else:
                inside = t.full_like(True, bool_).pad(pads)
                out = inside.where(p, out)
            off += t.shape[ax]
        return out

    def stack(self, *others, dim=0):
        """``t.stack(a, b)``, ``Tensor.stack(t, a, b)`` or ``Tensor.stack((t, a, b))``."""
        T = TensorOps._tensor_cls
        if isinstance(self, (list, tuple)):  # Tensor.stack(sequence, dim=...)
            if others:
                raise ArgumentError("stack: give the tensors as one sequence or as arguments, not both")
            self, others = self[0], tuple(self[1:])
        ts = [self] + [o if isinstance(o, T) else T(o) for o in others]
        d = _axis(dim, self.ndim + 1, "stack")
        for t in ts[1:]:
            if t.shape != self.shape:
                raise ArgumentError(f"stack: shapes {self.shape} and {t.shape} differ")
        return ts[0].unsqueeze(d).cat(*[t.unsqueeze(d) for t in ts[1:]], dim=d)

    def chunk(self, chunks, dim=0):
        ax = _axis(dim, self.ndim, "chunk")
        step = _ceildiv(self.shape[ax], chunks)
        return [self[(slice(None),) * ax + (slice(i, i + step),)] for i in range(0, self.shape[ax], step)]

    def _take(self, axis, index):
        """``self`` indexed along ``axis`` by the integer tensor ``index`` (negative counts
        from the end): shape ``self.shape[:axis] + index.shape + self.shape[axis+1:]``.
        A one-hot mask and a sum (tinygrad's way); an out-of-range index gives 0."""
        T = type(self)
        n = self.shape[axis]
        a, b = self.shape[:axis], self.shape[axis + 1:]
        index = (index < 0).where(index + n, index)
        hot = index.reshape(*index.shape, 1) == T.arange(n)                   # (I..., n)
        hot = hot.reshape(*(1,) * len(a), *hot.shape, *(1,) * len(b))
        x = self.reshape(*a, *(1,) * index.ndim, n, *b)
        acc = _sum_acc_dtype(self.dtype)
        return hot.where(x.cast(acc), 0).sum(len(a) + index.ndim).cast(self.dtype)

    def gather(self, dim, index):
        """``out[i][j][k] = self[index[i][j][k]][j][k]`` for ``dim=0`` (torch's and tinygrad's
        gather): ``index`` has the rank of self and no larger dims except ``dim``."""
        T = type(self)
        if not isinstance(index, T):
            index = T(index)
        d = _axis(dim, self.ndim, "gather")
        if index.ndim != self.ndim or any(i > s for k, (s, i) in enumerate(zip(self.shape, index.shape)) if k != d):
            raise ArgumentError(f"gather: index {index.shape} does not fit self {self.shape} outside dim {d}")
        if not index.dtype.is_int:
            raise TypeError(f"gather: the index must hold integers, not {index.dtype.name}")
        n = self.shape[d]
        x = self.shrink([(0, i) if k != d else None for k, i in enumerate(index.shape)])
        x = x.unsqueeze(-1).transpose(-1, d)                                  # dim d -> last, size 1 at d
        idx = (index < 0).where(index + n, index)
        hot = idx.unsqueeze(-1) == T.arange(n)
        acc = _sum_acc_dtype(self.dtype)
        return hot.where(x.cast(acc), 0).sum(-1).cast(self.dtype)

    def one_hot(self, num_classes):
        """int32 one-hot vectors along a new last dim (tinygrad's ``one_hot``). ``num_classes``
        must be a non-negative int (tinygrad's rule; torch's -1, infer it from the data, would
        need the values: a ValueError here). A class value outside ``[0, num_classes)`` gives a
        row of zeros (the graph is lazy: the values are not checked)."""
        if not self.dtype.is_int:
            raise TypeError(f"one_hot: the classes must be integers, not {self.dtype.name}")
        if not _is_int(num_classes):
            raise TypeError(f"one_hot: num_classes must be an int, not {num_classes!r}")
        if num_classes < 0:
            raise ArgumentError(f"one_hot: num_classes must be non-negative, got {num_classes}")
        return (self.unsqueeze(-1) == type(self).arange(num_classes)).where(1, 0)

    def _tri(self, diagonal, upper):
        if self.ndim < 2:
            raise ArgumentError(f"{'triu' if upper else 'tril'}: needs at least 2 dims, got {self.shape}")
        T = type(self)
        r, c = self.shape[-2:]
        i, j = T.arange(r).reshape(r, 1), T.arange(c).reshape(1, c)
        mask = (j - i >= diagonal) if upper else (j - i <= diagonal)
        return mask.where(self, self.zeros_like())   # zeros of self's dtype: bool stays bool

    def tril(self, diagonal=0):
        return self._tri(diagonal, False)

    def triu(self, diagonal=0):
        return self._tri(diagonal, True)

    def scaled_dot_product_attention(self, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
                                     scale=None, enable_gqa=False):
        """softmax(q k^T * scale + mask) v over the last two dims, scale 1/sqrt(d) by default
        (torch's semantics: a bool mask keeps where true, a float mask is added; ``is_causal``
        keeps j <= i and excludes a mask; ``enable_gqa`` repeats each key/value head for its
        group of query heads, dim -3)."""
        T = type(self)
        if is_causal and attn_mask is not None:
            raise ArgumentError("scaled_dot_product_attention: give attn_mask or is_causal, not both")
        if dropout_p:
            raise NotImplementedError("scaled_dot_product_attention: dropout_p is not supported")
        if enable_gqa and key.ndim >= 3 and key.shape[-3] != self.shape[-3]:
            hq, hk = self.shape[-3], key.shape[-3]
            if hk == 0 or hq % hk:
                raise ArgumentError(f"scaled_dot_product_attention: {hq} query heads are not a "
                                    f"multiple of {hk} key/value heads")
            key, value = key.repeat_interleave(hq // hk, -3), value.repeat_interleave(hq // hk, -3)
        q = self._float()
        scale = 1 / math.sqrt(q.shape[-1]) if scale is None else scale
        scores = q @ key.transpose(-1, -2) * scale
        if is_causal:
            L, S = scores.shape[-2:]
            keep = T.ones(L, S, dtype=bool_).tril()
            scores = keep.where(scores, float("-inf"))
        if attn_mask is not None:
            if attn_mask.dtype.is_bool:
                scores = attn_mask.where(scores, float("-inf"))
            else:
                scores = scores + attn_mask
        return scores.softmax(-1) @ value

    def _reduction(self, r, reduction, what):
        if reduction == "mean":
            return r.mean()
        if reduction == "sum":
            return r.sum()
        if reduction == "none":
            return r
        raise ArgumentError(f"{what}: reduction must be 'mean', 'sum' or 'none', not {reduction!r}")

    def binary_crossentropy(self, Y, reduction="mean"):
        """-(y log p + (1 - y) log(1 - p)) of probabilities ``self``."""
        r = -(Y * self.log() + (1 - Y) * (1 - self).log())
        return self._reduction(r, reduction, "binary_crossentropy")

    def binary_crossentropy_logits(self, Y, reduction="mean", pos_weight=None):
        """The same on logits, computed stably: max(x, 0) - x y + log(1 + exp(-|x|)); with
        torch's ``pos_weight`` p: p y softplus(-x) + (1 - y) softplus(x)."""
        x = self._float()
        tail = (1 + (-x.abs()).exp()).log()
        if pos_weight is not None:
            r = pos_weight * Y * ((-x).maximum(0) + tail) + (1 - Y) * (x.maximum(0) + tail)
            return self._reduction(r, reduction, "binary_crossentropy_logits")
        r = x.maximum(0) - x * Y + tail  # maximum: the tie split at 0 is the gradient
        return self._reduction(r, reduction, "binary_crossentropy_logits")

    def cross_entropy(self, Y, reduction="mean", label_smoothing=0.0):
        """Cross entropy of logits ``self`` of shape (C,), (N, C) or (N, C, d1, ...) (the classes
        on axis 1, as torch and tinygrad) and ``Y``: class indices (integers, the shape of
        ``self`` without the class axis) or probabilities (floats, the shape of ``self``), with
        torch's label smoothing. Any other target shape raises (no broadcasting)."""
        T = type(self)
        if not isinstance(Y, T):
            Y = T(Y)
        if self.ndim == 0:
            raise ArgumentError("cross_entropy: the logits need a class axis, got a 0-d tensor")
        if not 0.0 <= label_smoothing <= 1.0:
            raise ArgumentError(f"cross_entropy: label_smoothing must be in [0, 1], got {label_smoothing}")
        ax = 0 if self.ndim == 1 else 1
        n = self.shape[ax]
        if Y.dtype.is_int:
            want = self.shape[:ax] + self.shape[ax + 1:]
            if Y.shape != want:
                raise ArgumentError(f"cross_entropy: class indices of shape {Y.shape} for logits of shape "
                                    f"{self.shape}; expected the shape {want} (the logits without axis {ax})")
            Y = Y.one_hot(n).cast(float32)
            if ax != Y.ndim - 1:
                Y = Y.permute(*range(ax), Y.ndim - 1, *range(ax, Y.ndim - 1))   # classes to axis 1
        elif Y.shape != self.shape:
            raise ArgumentError(f"cross_entropy: class probabilities of shape {Y.shape} for logits of "
                                f"shape {self.shape}; they must have the same shape (integer class "
                                "indices drop the class axis)")
        Y = Y * (1 - label_smoothing) + label_smoothing / n
        r = -(self.log_softmax(ax) * Y).sum(ax)
        return self._reduction(r, reduction, "cross_entropy")

    def sparse_categorical_crossentropy(self, Y, ignore_index=-1, label_smoothing=0.0, reduction="mean"):
        """tinygrad's: class indices ``Y``; entries equal to ``ignore_index`` count 0 and are
        left out of the mean."""
        T = type(self)
        if not isinstance(Y, T):
            Y = T(Y)
        logp = self.log_softmax(-1)
        keep = Y != ignore_index
        hot = (Y.unsqueeze(-1) == T.arange(self.shape[-1])) & keep.unsqueeze(-1)
        nll = -hot.where(logp, 0).sum(-1)
        smooth = -(logp.mean(-1)) * keep
        r = nll * (1 - label_smoothing) + smooth * label_smoothing
        if reduction == "mean":
            return r.sum() / keep.sum().maximum(1).cast(float32)
        return self._reduction(r, reduction, "sparse_categorical_crossentropy")

    # -- conveniences --------------------------------------------------------------
    def float(self):
        return self.cast(float32)

    def half(self):
        return self.cast(_dt.float16)

    def double(self):
        return self.cast(_dt.float64)

    def int(self):
        return self.cast(int32)

    def long(self):
        return self.cast(_dt.int64)

    def bool(self):
        return self.cast(bool_)

    def numel(self):
        return math.prod(self.shape)

    def element_size(self):
        return self.dtype.storage.itemsize

    def nbytes(self):
        return self.numel() * self.element_size()

    def realize(self, *others):
        """Compute now (CPU) and hold the result as an input array, in place; return self
        (tinygrad). ``requires_grad`` and ``.grad`` stay. Inside a ``uop.jit`` trace the jit
        records what it holds, so that a replay computes it again from the new arguments.
        ``Tensor.realize(a, b, ...)`` (tinygrad's form) realizes ``b, ...`` too."""
        for o in others:
            o.realize()
        old = self._node
        if old.op != "input":
            self._set_value(type(self)(self.numpy(), dtype=self.dtype)._node, note=False)
        from .jit import note_realize   # the module (the package's ``jit`` is the decorator)
        note_realize(self._node, old, self)
        return self

    def item(self):
        """The value of a one-element tensor as a Python scalar."""
        if self.numel() != 1:
            raise ArgumentError(f"item: the tensor has {self.numel()} elements, not 1")
        return self.numpy().reshape(()).item()

    def tolist(self):
        return self.numpy().tolist()

    def split(self, sizes, dim=0):
        """Pieces of ``sizes`` (an int: equal pieces, the last smaller) along ``dim``."""
        ax = _axis(dim, self.ndim, "split")
        n = self.shape[ax]
        if _is_int(sizes):
            if sizes < 1:
                raise ArgumentError(f"split: size {sizes} must be positive")
            sizes = [min(sizes, n - i) for i in range(0, n, sizes)]
        sizes = list(sizes)
        if sum(sizes) != n:
            raise ArgumentError(f"split: sizes {sizes} do not add up to dim {ax}'s {n}")
        out, off = [], 0
        for sz in sizes:
            out.append(self.shrink([(off, off + sz) if i == ax else None for i in range(self.ndim)]))
            off += sz
        return out

    def masked_fill(self, mask, value):
        return mask.where(value, self) if not isinstance(value, type(self)) else mask.where(value.cast(self.dtype), self)

    def dropout(self, p=0.5, training=False):
        """Inference: the identity (tinygrad's with ``Tensor.training`` false). In training mode
        keep each element with probability 1 - p (a ``rand`` mask) and scale by 1 / (1 - p)."""
        if not training or p == 0:
            return self
        if not 0 <= p < 1:
            raise ArgumentError(f"dropout: p={p} is not in [0, 1)")
        keep = type(self).rand(*self.shape) >= p
        return keep.where(self._float() * (1 / (1 - p)), 0.0)

    def var_mean(self, axis=None, keepdim=False, correction=1):
        return self.var(axis, keepdim, correction), self.mean(axis, keepdim)

    def std_mean(self, axis=None, keepdim=False, correction=1):
        return self.std(axis, keepdim, correction), self.mean(axis, keepdim)

    def hardsigmoid(self, alpha=1 / 6, beta=0.5):
        # torch's gradient: alpha strictly inside (0, 1), 0 on the bounds and at NaN
        t = self._float()
        if alpha == 1 / 6 and beta == 0.5:
            # torch's relu6(x + 3) / 6, bounds tested on x (alpha * -3 + beta is not 0 in f64)
            u, inside = t + 3, (t > -3) & (t < 3)
            return inside.where(u, u.detach().maximum(0).minimum(6)) / 6
        u = alpha * t + beta
        return ((u > 0) & (u < 1)).where(u, u.detach().maximum(0).minimum(1))

    def hardswish(self):
        # torch's (vectorized kernel's) selects: x * 0 below -3, x from 3, x (x + 3) / 6
        # between and at NaN; the gradient is -0.5 at -3, 1 at 3, NaN at NaN
        t = self._float()
        low, high = t < -3, t >= 3
        # the middle branch reads x only where it is taken: elsewhere its cotangent is 0,
        # and 0 times an infinite x would be a NaN gradient
        m = (low | high).where(0, t)
        # below -3 the value is x * 0 (torch's: -0 for finite x, NaN at -inf), no gradient
        return low.where(t.detach() * 0, high.where(t, m * (m + 3) * (1 / 6)))

    def logsigmoid(self):
        t = self._float()
        return -((-t).maximum(0) + (1 + (-t.abs()).exp()).log())  # the tie split at 0 is the gradient

    def mish(self):
        t = self._float()
        return t * t.softplus().tanh()

    def softsign(self):
        t = self._float()
        return t / (1 + t.abs())

    def celu(self, alpha=1.0):
        t = self._float()
        # torch's elu with the input scaled by 1 / alpha (gradient 1 at 0, NaN at NaN);
        # exp only of x <= 0 (see elu)
        pos = t > 0
        return pos.where(t, alpha * (pos.where(0, t / alpha).exp() - 1))

    def selu(self, alpha=1.67326, gamma=1.0507):
        t = self._float()
        # torch's select (x > 0): gamma * alpha at 0, NaN at NaN; exp only of x <= 0 (see elu)
        pos = t > 0
        return gamma * pos.where(t, alpha * (pos.where(0, t).exp() - 1))

    # -- matmul and nn ------------------------------------------------------------
    def dot(self, w):
        """numpy's matmul: 1-D operands are vectors, batch dims broadcast."""
        T = type(self)
        if not isinstance(w, T):
            w = T(w)
        if self.ndim == 0 or w.ndim == 0:
            raise ArgumentError(f"matmul: both operands need at least one dim, got shapes {self.shape} "
                             f"and {w.shape}")
        x = self.reshape(1, -1) if self.ndim == 1 else self
        y = w.reshape(-1, 1) if w.ndim == 1 else w
        k, k2 = x.shape[-1], y.shape[-2]
        if k != k2:
            raise ArgumentError(f"matmul: inner dimensions differ: {self.shape} @ {w.shape}")
        d = _dt.promote(x.dtype, y.dtype)
        x, y = x.cast(d), y.cast(d)
        batch = _broadcast_shape(x.shape[:-2], y.shape[:-2], "matmul")
        m, n = x.shape[-2], y.shape[-1]
        a = x.reshape(*x.shape[:-1], 1, k)._broadcast_to(batch + (m, n, k))
        b = y.transpose(-1, -2).reshape(*y.shape[:-2], 1, n, k)._broadcast_to(batch + (m, n, k))
        r = (a * b).sum(-1)
        if self.ndim == 1:
            r = r.reshape(*r.shape[:-2], r.shape[-1])
        if w.ndim == 1:
            r = r.reshape(*r.shape[:-1])
        return r

    def matmul(self, w):
        return self.dot(w)

    def __matmul__(self, o):
        return self.dot(o)

    def __rmatmul__(self, o):
        return type(self)(o).dot(self)

    def _broadcast_to(self, shape):
        shape = tuple(shape)
        src = (1,) * (len(shape) - self.ndim) + self.shape
        return self.reshape(src).expand(shape)

    def linear(self, weight, bias=None):
        """``self @ weight + bias`` (tinygrad's ``Tensor.linear``: weight is (in, out))."""
        r = self.dot(weight) if weight.ndim > 1 else self * weight
        return r if bias is None else r + bias

    def sequential(self, layers):
        x = self
        for f in layers:
            x = f(x)
        return x

    def layernorm(self, axis=-1, eps=1e-5):
        """(x - mean) / sqrt(var + eps) over ``axis`` (biased variance), no scale or shift."""
        t = self._float()
        y = t - t.mean(axis, keepdim=True)
        return y * ((y * y).mean(axis, keepdim=True) + eps).rsqrt()

    def batchnorm(self, weight, bias, mean, invstd, axis=1):
        """tinygrad's inference batchnorm: (x - mean) * invstd * weight + bias on ``axis``
        (an int or a tuple of axes; the statistics have those axes' sizes)."""
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        axes = {_axis(a, self.ndim, "batchnorm") for a in axes}
        shape = [s if i in axes else 1 for i, s in enumerate(self.shape)]
        x = self - mean.reshape(shape)
        if weight is not None:
            x = x * weight.reshape(shape)
        x = x * (invstd.reshape(shape) if isinstance(invstd, type(self)) else invstd)
        return x + bias.reshape(shape) if bias is not None else x

    def _pool(self, k_, stride=1, dilation=1):
        """Sliding windows over the last ``len(k_)`` dims with movement ops only
        (tinygrad's ``_pool``): shape (..., out dims..., kernel dims...)."""
        if self.ndim < len(k_):
            raise ArgumentError(f"pool: a {len(k_)}-D window on a tensor of rank {self.ndim}")
        s_, d_ = _tuple(stride, len(k_), "stride"), _tuple(dilation, len(k_), "dilation")
        if any(s < 1 for s in s_) or any(d < 1 for d in d_):
            raise ArgumentError(f"pool: stride {s_} and dilation {d_} must be positive")
        noop, i_ = [None] * (self.ndim - len(k_)), self.shape[-len(k_):]
        for k, d, i in zip(k_, d_, i_):
            if d * (k - 1) + 1 > i:
                raise ArgumentError(f"pool: the window {tuple(k_)} (dilation {d_}) is larger than the "
                                 f"input {tuple(i_)}")
        o_ = [_ceildiv(i - d * (k - 1), s) for i, d, k, s in zip(i_, d_, k_, s_)]
        nn_ = len(noop)
        if any(k > s for k, s in zip(k_, s_)) or any(d != 1 for d in d_):
            f_ = [1 + int(o * s > i - d * (k - 1)) for o, s, i, d, k in zip(o_, s_, i_, d_, k_)]
            x = self.repeat([1] * nn_ + [_ceildiv(k * (i * f + d), i) for k, i, d, f in zip(k_, i_, d_, f_)])
            x = x.shrink(noop + [(0, k * (i * f + d)) for k, i, d, f in zip(k_, i_, d_, f_)])
            x = x.reshape(*x.shape[:nn_], *[v for k, i, d, f in zip(k_, i_, d_, f_) for v in (k, i * f + d)])
            x = x.shrink(noop + [p for k, o, s in zip(k_, o_, s_) for p in ((0, k), (0, o * s))])
            x = x.reshape(*x.shape[:nn_], *[v for k, o, s in zip(k_, o_, s_) for v in (k, o, s)])
            x = x.shrink(noop + [p for k, o in zip(k_, o_) for p in ((0, k), (0, o), (0, 1))])
            x = x.reshape(*x.shape[:nn_], *[v for k, o in zip(k_, o_) for v in (k, o)])
            return x.permute(*range(nn_), *[nn_ + i * 2 + 1 for i in range(len(i_))],
                             *[nn_ + i * 2 for i in range(len(i_))])
        x = self.pad(noop + [(0, max(0, o * s - i)) for i, o, s in zip(i_, o_, s_)])
        x = x.shrink(noop + [(0, o * s) for o, s in zip(o_, s_)])
        x = x.reshape(*x.shape[:nn_], *[v for o, s in zip(o_, s_) for v in (o, s)])
        x = x.shrink(noop + [p for o, k in zip(o_, k_) for p in ((0, o), (0, k))])
        return x.permute(*range(nn_), *[nn_ + i * 2 for i in range(len(i_))],
                         *[nn_ + i * 2 + 1 for i in range(len(i_))])

    @staticmethod
    def _pool_pads(padding, n, what):
        """Per-dim (low, high) pads for the last ``n`` dims from an int, n ints, or
        2n ints (torch order: last dim first)."""
        if _is_int(padding):
            return [(int(padding), int(padding))] * n
        p = tuple(padding)
        if len(p) == n and all(_is_int(v) for v in p):
            return [(int(v), int(v)) for v in p]
        if len(p) == 2 * n and all(_is_int(v) for v in p):
            return [(int(p[2 * i]), int(p[2 * i + 1])) for i in range(n)][::-1]
        raise ArgumentError(f"{what}: padding {padding!r} is not an int, {n} ints or {2 * n} ints")

    def conv2d(self, weight, bias=None, groups=1, stride=1, dilation=1, padding=0):
        """Convolution (cross-correlation, as torch and tinygrad) over the trailing dims, as
        many as the weight has (tinygrad's conv2d is N-D: conv1d and conv3d too): input
        (N, Cin, *spatial), weight (Cout, Cin / groups, *kernel). Negative padding crops.
        Windows by :meth:`_pool`, one reduce over (Cin, *kernel)."""
        T = type(self)
        if not isinstance(weight, T):
            weight = T(weight)
        if self.ndim < 3 or weight.ndim != self.ndim:
            raise ArgumentError(f"conv2d: input {self.shape} and weight {weight.shape} must be (N, C, *spatial) "
                                "and (Cout, Cin/groups, *kernel) of one rank, at least 3")
        (bs, cin_), (cout, cin), hw = self.shape[:2], weight.shape[:2], weight.shape[2:]
        if groups < 1 or cin * groups != cin_ or cout % groups:
            raise ArgumentError(f"conv2d: input channels {cin_} do not match the weight {weight.shape} "
                                f"with groups={groups}")
        n = len(hw)
        pads = self._pool_pads(padding, n, "conv2d")
        x = self.pad([None, None] + pads)._pool(hw, stride, dilation)  # (bs, cin_, *o, *k)
        rcout, o = cout // groups, x.shape[2:2 + n]
        x = x.reshape(bs, groups, cin, 1, *o, *hw).expand(bs, groups, cin, rcout, *o, *hw)
        x = x.permute(0, 1, 3, *range(4, 4 + n), 2, *range(4 + n, 4 + 2 * n))  # (.., *o, cin, *k)
        w = weight.reshape(1, groups, rcout, *[1] * n, cin, *hw)
        ret = (x * w).sum(tuple(range(-1 - n, 0))).reshape(bs, cout, *o)
        return ret if bias is None else ret + bias.reshape(1, -1, *[1] * n)

    def _pool_setup(self, kernel_size, stride, padding, dilation, ceil_mode, what):
        """The window, stride and per-dim (low, high) pads of a pooling op; with ``ceil_mode``
        the high pads grow so the last partial window is kept (torch's rule: a window must
        start inside the input or its low padding). Returns (k, stride, pads, extra)."""
        k = _tuple(kernel_size, 2, what) if _is_int(kernel_size) else _tuple(kernel_size, len(kernel_size), what)
        n = len(k)
        st = _tuple(stride if stride is not None else k, n, what)
        d = _tuple(dilation, n, what)
        pads = self._pool_pads(padding, n, what)
        extra = [0] * n
        if ceil_mode:
            for i, (size, kk, s, dd, (lo, hi)) in enumerate(zip(self.shape[-n:], k, st, d, pads)):
                span = size + lo + hi - dd * (kk - 1) - 1
                o = -(-span // s) + 1
                if (o - 1) * s >= size + lo:
                    o -= 1
                extra[i] = max(0, (o - 1) * s + dd * (kk - 1) + 1 - (size + lo + hi))
        return k, st, d, pads, extra

    def max_pool2d(self, kernel_size=(2, 2), stride=None, dilation=1, padding=0, ceil_mode=False,
                   return_indices=False):
        """Max over windows of the trailing ``len(kernel_size)`` dims (an int: 2); padding
        counts as -inf (integers: their minimum). ``return_indices``: also each maximum's
        flat index into the pooled dims (int32; the first maximum of a window, as torch)."""
        k, st, d, pads, extra = self._pool_setup(kernel_size, stride, padding, dilation, ceil_mode, "max_pool2d")
        fill = float("-inf") if self.dtype.is_float else (
            0 if self.dtype.is_unsigned or self.dtype.is_bool else int(np.iinfo(self.dtype.np).min))
        full = [None] * (self.ndim - len(k)) + [(lo, hi + e) for (lo, hi), e in zip(pads, extra)]
        x = self.pad(full, value=fill) if any(p != (0, 0) for p in full if p) else self
        axes = tuple(range(-len(k), 0))
        w = x._pool(k, st, d)
        m = w.max(axes)
        if not return_indices:
            return m
        sp = self.shape[-len(k):]
        T = type(self)
        idx = T.arange(math.prod(sp)).reshape(*sp).pad(full[-len(k):], value=-1)._pool(k, st, d)
        n = math.prod(k)
        hit = w == m.reshape(*m.shape, *[1] * len(k))
        if self.dtype.is_float:
            hit = hit | w.isnan()
        hit = hit.reshape(*hit.shape[:-len(k)], n)
        first = n - hit.where(T.arange(n, 0, -1), 0).max(-1)          # the first hit's position
        pick = first.unsqueeze(-1) == T.arange(n)
        at = pick.where(idx.reshape(*idx.shape[:-len(k)], n), 0).sum(-1).cast(int32)
        return m, at

    def max_unpool2d(self, indices, kernel_size=(2, 2), stride=None, dilation=1, padding=0, output_size=None):
        """torch's max_unpool2d: zeros of the unpooled size, each value put at its flat index
        (from ``max_pool2d(..., return_indices=True)``) in the trailing dims."""
        nk = 2 if _is_int(kernel_size) else len(kernel_size)
        k = _tuple(kernel_size, nk, "max_unpool2d")
        st = _tuple(stride if stride is not None else k, nk, "max_unpool2d")
        dl = _tuple(dilation, nk, "max_unpool2d")
        pads = self._pool_pads(padding, nk, "max_unpool2d")
        if output_size is None:
            output_size = [(i - 1) * s - lo - hi + d * (kk - 1) + 1
                           for i, s, (lo, hi), d, kk in zip(self.shape[-nk:], st, pads, dl, k)]
        out_sp = tuple(output_size)[-nk:]
        lead = self.shape[:-nk]
        vals = self.reshape(*lead, -1)
        zeros = type(self).zeros(*lead, math.prod(out_sp), dtype=self.dtype)
        return zeros.scatter(-1, indices.reshape(*lead, -1), vals).reshape(*lead, *out_sp)

    def avg_pool2d(self, kernel_size=(2, 2), stride=None, dilation=1, padding=0, count_include_pad=True,
                   ceil_mode=False):
        """Mean over windows (as :meth:`max_pool2d`): zero padding, counted
        (``count_include_pad``) or not; the part a ``ceil_mode`` window hangs past the
        padding is never counted (torch's divisor)."""
        k, st, d, pads, extra = self._pool_setup(kernel_size, stride, padding, dilation, ceil_mode, "avg_pool2d")
        axes = tuple(range(-len(k), 0))
        lead = [None] * (self.ndim - len(k))
        x = self._float()
        s = x.pad(lead + [(lo, hi + e) for (lo, hi), e in zip(pads, extra)])._pool(k, st, d).sum(axes)
        if count_include_pad and not any(extra):
            return s / float(math.prod(k))
        ones = x.full_like(1.0)
        if count_include_pad:  # the padding counts, the ceil extension does not
            ones = ones.pad(lead + pads, value=1.0)
            count = ones.pad(lead + [(0, e) for e in extra])
        else:
            count = ones.pad(lead + [(lo, hi + e) for (lo, hi), e in zip(pads, extra)])
        return s / count._pool(k, st, d).sum(axes)
