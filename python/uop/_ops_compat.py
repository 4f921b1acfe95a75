"""tinygrad's Tensor methods that :class:`uop.Tensor` gained for tinygrad compatibility
(found by running tinygrad's test_ops.py against it: python/tests/tinygrad_suite). Each is
built from the graph's primitive ops; ``TensorOps`` inherits :class:`CompatOps`.
"""

import math
import numbers

import numpy as np

from . import _graph as _g
from . import dtypes as _dt


def _asin_series(n=12):
    """asin(r) = r + r * sum_k c_k (r^2)^k, k = 1..n, highest first (Horner): on |r| <= 0.5
    the first term left out is below 1e-9 of the result."""
    c = [math.comb(2 * k, k) / (4 ** k * (2 * k + 1)) for k in range(n, 0, -1)]
    return tuple(c) + (0.0,)


_ASIN_SERIES = _asin_series()


class CompatOps:
    # The concrete tensor class: tensor.py registers Tensor here once it is defined, so that the
    # mixins (this class, _ops.TensorOps) build results without importing tensor.py, which
    # imports them.
    _tensor_cls = None

    # -- element-wise -------------------------------------------------------------------------
    def neg(self):
        return -self

    def clone(self):
        """Tensors are immutable values: a clone is the same value."""
        return self

    def mod(self, o):
        return self % o

    def fmod(self, o):
        """C's remainder (the sign of the dividend), as torch.fmod: ``remf`` / ``remsi``."""
        T = CompatOps._tensor_cls
        ab = self._operands(o, "fmod")
        a, b = ab
        if a.dtype.is_bool:
            a, b = a.cast(_dt.int32), b.cast(_dt.int32)
        return T._node_op("rem", a, b)

    def lshift(self, o):
        return self << o

    def rshift(self, o):
        return self >> o

    def log10(self):
        return self.log2() * math.log10(2)

    def isfinite(self):
        return (self.isinf() | self.isnan()).logical_not()

    def copysign(self, o):
        """The magnitude of ``self`` with the sign of ``o`` (-0.0 counts as negative), in
        float as torch."""
        a, b = self._float()._operands(o, "copysign")
        a, b = a._float(), b._float()
        neg = (b < 0) | ((b == 0) & (b.reciprocal() < 0))
        return neg.where(-a.abs(), a.abs())

    def logaddexp(self, o):
        """``log(exp(a) + exp(b))`` with the max taken out (an infinite max is left in)."""
        a, b = self._float()._operands(o, "logaddexp")
        a, b = a._float(), b._float()
        m = a.maximum(b)
        m = m.isinf().where(0, m)
        return ((a - m).exp() + (b - m).exp()).log() + m

    def _poly(self, coeffs):
        r = self * 0 + coeffs[0]
        for c in coeffs[1:]:
            r = r * self + c
        return r

    def asin(self):
        """A series on |x| <= 0.5 and ``pi/2 - 2 asin(sqrt((1 - |x|) / 2))`` beyond: no
        cancellation near 0 or 1 (|x| > 1 gives NaN through the square root)."""
        x = self._float()
        a = x.abs()
        big = a > 0.5
        r = big.where(((1 - a) / 2).sqrt(), a)
        s = r + r * (r * r)._poly(_ASIN_SERIES)
        return x.isnan().where(x, x.sign() * big.where(math.pi / 2 - 2 * s, s))

    def acos(self):
        return math.pi / 2 - self._float().asin()

    def atan(self):
        """Through asin on |x| <= 1 and ``pi/2 - atan(1/x)`` beyond (no overflow of x*x)."""
        x = self._float()
        a = x.abs()
        big = a > 1
        r = big.where(a.reciprocal(), a)
        s = (r / (1 + r * r).sqrt()).asin()
        return x.sign() * big.where(math.pi / 2 - s, s)

    def sinh(self):
        """``(e^x - e^-x) / 2``; a Taylor series below |x| = 0.5, where the difference cancels."""
        x = self._float()
        x2 = x * x
        series = x * (1 + x2 / 6 * (1 + x2 / 20 * (1 + x2 / 42 * (1 + x2 / 72))))
        return (x.abs() < 0.5).where(series, (x.exp() - (-x).exp()) / 2)

    def cosh(self):
        x = self._float()
        return (x.exp() + (-x).exp()) / 2

    def asinh(self):
        """``sign(x) log(|x| + sqrt(x^2 + 1))``: a series below 0.1 (the log would cancel),
        ``log(2|x|)`` above 1e10 (x^2 would overflow)."""
        x = self._float()
        a = x.abs()
        a2 = a * a
        mid = (a + (a2 + 1).sqrt()).log()
        small = a * (1 - a2 / 6 * (1 - a2 * 9 / 20))
        r = (a < 0.1).where(small, (a > 1e10).where(a.log() + math.log(2), mid))
        return x.isnan().where(x, x.sign() * r)

    def acosh(self):
        """``log(x + sqrt(x^2 - 1))``, ``log(2x)`` above 1e10; NaN below 1."""
        x = self._float()
        r = (x > 1e10).where(x.log() + math.log(2), (x + (x * x - 1).sqrt()).log())
        # NaN added, not selected: the gradient below 1 stays the formula's, as torch's
        # 1 / sqrt(x^2 - 1) (finite below -1)
        return r + (x < 1).where(float("nan"), 0)

    def atanh(self):
        """``log((1 + x) / (1 - x)) / 2``; a series below |x| = 0.1 (the log would cancel)."""
        x = self._float()
        x2 = x * x
        small = x * (1 + x2 * (1 / 3 + x2 * (1 / 5 + x2 / 7)))
        return (x.abs() < 0.1).where(small, ((1 + x) / (1 - x)).log() / 2)

    def isclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
        """torch's ``|a - b| <= atol + rtol |b|``; equal infinities are close."""
        a, b = self._operands(other, "isclose")
        near = (a - b).abs() <= atol + rtol * b.abs()
        if not a.dtype.is_float:
            return (a == b) | near
        # infinities are close only to themselves (inf vs -inf: inf <= inf would say yes)
        close = (a == b) | (a.isfinite() & b.isfinite() & near)
        return close | (a.isnan() & b.isnan()) if equal_nan else close

    def softmin(self, axis=-1):
        return (-self._float()).softmax(axis)

    def normalize(self, p=2.0, dim=1, eps=1e-12):
        """torch's ``F.normalize``: ``x / max(||x||_p, eps)`` along ``dim``."""
        x = self._float()
        if p == 0:  # torch: the count of non-zero elements
            norm = (x != 0).cast(x.dtype).sum(dim, keepdim=True)
        else:
            norm = (x.abs() ** p).sum(dim, keepdim=True) ** (1.0 / p)
        return x / norm.maximum(eps)

    # -- creation -----------------------------------------------------------------------------
    @classmethod
    def empty(cls, *shape, dtype=None, **_kwargs):
        """tinygrad's uninitialised tensor: zeros here (a graph has no uninitialised memory)."""
        return cls.zeros(*shape, dtype=dtype)

    @classmethod
    def normal(cls, *shape, mean=0.0, std=1.0, seed=None, dtype=None):
        return cls.randn(*shape, seed=seed, dtype=dtype) * std + mean

    @classmethod
    def scaled_uniform(cls, *shape, seed=None, dtype=None):
        """tinygrad's: uniform in [-1, 1) scaled by 1 / sqrt(numel)."""
        n = math.prod(_g._shape_args(shape, "scaled_uniform"))
        return cls.uniform(*shape, low=-1.0, high=1.0, seed=seed, dtype=dtype) * (max(n, 1) ** -0.5)

    @classmethod
    def glorot_uniform(cls, *shape, seed=None, dtype=None):
        """tinygrad's: uniform in [-1, 1) times sqrt(6 / (shape[0] + prod(shape[1:])))."""
        s = _g._shape_args(shape, "glorot_uniform")
        bound = math.sqrt(6 / max(1, s[0] + math.prod(s[1:]))) if s else 1.0
        return cls.uniform(*shape, low=-1.0, high=1.0, seed=seed, dtype=dtype) * bound

    @classmethod
    def kaiming_uniform(cls, *shape, a=0.01, seed=None, dtype=None):
        """torch's (and tinygrad's) kaiming_uniform, fan in = prod(shape[1:])."""
        s = _g._shape_args(shape, "kaiming_uniform")
        bound = math.sqrt(3.0) * math.sqrt(2.0 / (1 + a * a)) / math.sqrt(max(1, math.prod(s[1:])))
        return cls.uniform(*shape, low=-bound, high=bound, seed=seed, dtype=dtype)

    @classmethod
    def kaiming_normal(cls, *shape, a=0.01, seed=None, dtype=None):
        s = _g._shape_args(shape, "kaiming_normal")
        std = math.sqrt(2.0 / (1 + a * a)) / math.sqrt(max(1, math.prod(s[1:])))
        return cls.normal(*shape, mean=0.0, std=std, seed=seed, dtype=dtype)

    @classmethod
    def linspace(cls, start, stop, steps, dtype=None):
        """``steps`` values from ``start`` to ``stop`` inclusive, as torch.linspace: the first
        half ``start + step i``, the second ``stop - step (steps - 1 - i)`` (so both ends are
        exact); integer dtypes compute in float64 and truncate."""
        if not isinstance(steps, numbers.Integral) or steps < 0:
            raise _g.ArgumentError(f"linspace: steps must be a non-negative int, got {steps!r}")
        dtype = _dt.to_dtype(dtype) if dtype is not None else _dt.float32
        if dtype.is_bool:
            raise _g.ArgumentError("linspace: a bool result is not defined")
        if steps <= 1:
            return cls.full((steps,), start).cast(dtype)
        work = dtype if dtype.is_float and dtype.bits >= 32 else (
            _dt.float32 if dtype.is_float else _dt.float64)
        step = (stop - start) / (steps - 1)
        i = cls.arange(steps)
        lo = i.cast(work) * step + start
        hi = stop - (steps - 1 - i).cast(work) * step
        return (i < steps // 2).where(lo, hi).cast(dtype)

    # -- movement -----------------------------------------------------------------------------
    def roll(self, shifts, dims=None):
        """torch.roll: elements shifted along ``dims`` (all flattened when None), wrapping."""
        if dims is None:
            return self.flatten().roll(shifts, 0).reshape(self.shape)
        shifts = (shifts,) if isinstance(shifts, numbers.Integral) else tuple(shifts)
        dims = (dims,) if isinstance(dims, numbers.Integral) else tuple(dims)
        if len(shifts) != len(dims):
            raise _g.ArgumentError(f"roll: {len(shifts)} shifts for {len(dims)} dims")
        x = self
        for s, d in zip(shifts, dims):
            d = _g._axis(d, self.ndim, "roll")
            n = x.shape[d]
            s = s % n if n else 0
            if s:
                x = x[(slice(None),) * d + (slice(n - s, None),)].cat(
                    x[(slice(None),) * d + (slice(0, n - s),)], dim=d)
        return x

    def unfold(self, dim, size, step):
        """torch's ``unfold``: windows of ``size`` every ``step`` along ``dim``; dim keeps
        their count, a new last dim holds each window (the windows of :meth:`_pool`)."""
        ops = _g
        d = ops._axis(dim, max(self.ndim, 1), "unfold")
        n = self.shape[d] if self.ndim else 1
        if not isinstance(step, numbers.Integral) or step <= 0:
            raise ops.ArgumentError(f"unfold: step must be positive, got {step!r}")
        if not isinstance(size, numbers.Integral) or not 0 <= size <= n:
            raise ops.ArgumentError(f"unfold: size {size!r} is out of range for a dim of size {n}")
        count = (n - size) // step + 1
        rest = [s for i, s in enumerate(self.shape) if i != d]
        if size == 0:
            x = self.shrink([(0, 0) if i == d else None for i in range(self.ndim)])
            return x.reshape(*self.shape[:d], 1, *self.shape[d + 1:], 0).expand(
                *self.shape[:d], count, *self.shape[d + 1:], 0)
        order = [i for i in range(self.ndim) if i != d] + [d]
        w = self.permute(*order)._pool((size,), step)           # (*rest, count, size)
        nr = len(rest)
        return w.permute(*range(d), nr, *range(d, nr), nr + 1)

    def diagonal(self, offset=0, dim1=0, dim2=1):
        """torch.diagonal: the diagonal of dims ``dim1``, ``dim2`` as the last dim."""
        d1, d2 = _g._axis(dim1, self.ndim, "diagonal"), _g._axis(dim2, self.ndim, "diagonal")
        if d1 == d2:
            raise _g.ArgumentError("diagonal: dim1 and dim2 must differ")
        rest = [i for i in range(self.ndim) if i not in (d1, d2)]
        x = self.permute(*rest, d1, d2)
        r, c = x.shape[-2], x.shape[-1]
        lo, hi = (0, offset) if offset >= 0 else (-offset, 0)
        n = max(0, min(r - lo, c - hi))
        lead = x.shape[:-2]
        if n == 0:  # the offset is past the matrix
            return x.shrink([None] * len(rest) + [(0, 0), (0, 0)]).reshape(*lead, 0)
        x = x.shrink([None] * len(rest) + [(lo, lo + n), (hi, hi + n)])
        # the element (i, i) of an n x n block sits at i * (n + 1) of its flat form
        flat = x.reshape(*lead, n * n).pad([None] * len(lead) + [(0, n)])
        return flat.reshape(*lead, n, n + 1).shrink([None] * len(lead) + [None, (0, 1)]).reshape(*lead, n)

    def diag(self):
        """A 1-D tensor as a diagonal matrix (tinygrad's diag takes 1-D only)."""
        if self.ndim != 1:
            raise _g.ArgumentError(f"diag: expected a 1-D tensor, got shape {self.shape}")
        n = self.shape[0]
        T = type(self)
        eye = T.arange(n).reshape(n, 1) == T.arange(n).reshape(1, n)
        return eye.where(self.reshape(1, n).expand(n, n), 0)

    def repeat_interleave(self, repeats, dim=None):
        """Each element repeated ``repeats`` times along ``dim`` (flattened when None)."""
        x = self.flatten() if dim is None else self
        d = 0 if dim is None else _g._axis(dim, self.ndim, "repeat_interleave")
        s = x.shape
        y = x.unsqueeze(d + 1).expand(*s[:d + 1], repeats, *s[d + 1:])
        return y.reshape(*s[:d], s[d] * repeats, *s[d + 1:])

    def meshgrid(self, *args, indexing="ij"):
        if indexing not in ("ij", "xy"):
            raise _g.ArgumentError(f"meshgrid: indexing must be 'ij' or 'xy', got {indexing!r}")
        ts = [self, *args]
        if indexing == "xy" and len(ts) >= 2:
            ts[0], ts[1] = ts[1], ts[0]
        shape = tuple(t.numel() for t in ts)
        out = [t.reshape([-1 if i == k else 1 for i in range(len(ts))]).expand(shape)
               for k, t in enumerate(ts)]
        if indexing == "xy" and len(ts) >= 2:  # the first two inputs' grids swapped back
            out[0], out[1] = out[1], out[0]
        return tuple(out)

    def interpolate(self, size, mode="linear", align_corners=False):
        """Resize the trailing ``len(size)`` dims (torch's ``F.interpolate`` with ``size``):
        ``"linear"`` (bi-/trilinear over those dims, ``align_corners`` as torch),
        ``"nearest"`` and ``"nearest-exact"``; by gathers along each dim."""
        ops = _g
        if not isinstance(size, (tuple, list)) or not 0 < len(size) <= self.ndim or \
                not all(isinstance(v, numbers.Integral) and v >= 0 for v in size):
            raise ops.ArgumentError(f"interpolate: size {size!r} must be 1 to {self.ndim} non-negative ints")
        if mode not in ("linear", "nearest", "nearest-exact"):
            raise ops.ArgumentError(f"interpolate: mode {mode!r} is not linear, nearest or nearest-exact")
        if align_corners and mode != "linear":
            raise ops.ArgumentError("interpolate: align_corners needs mode='linear'")
        T = type(self)
        x = self._float() if mode == "linear" else self
        shape = list(self.shape)
        for i in range(-1, -len(size) - 1, -1):
            n_in, n_out = self.shape[i], size[i]
            view = [1] * self.ndim
            view[i] = shape[i] = n_out
            if mode == "linear":
                arr = T.arange(n_out)
                num, den = ((arr * (n_in - 1), max(n_out - 1, 1)) if align_corners
                            else ((arr * 2 + 1) * n_in - n_out, n_out * 2))
                num = num.clip(0, (n_in - 1) * den)
                low, high = (num // den).reshape(view).expand(shape), ((num + den - 1) // den).reshape(view).expand(shape)
                frac = ((num % den).cast(_dt.float32) / den).reshape(view).expand(shape)
                x = x.gather(i, low).lerp(x.gather(i, high), frac)
            else:
                arr = T.arange(n_out).cast(_dt.float32)
                src = (arr + 0.5) * (n_in / n_out) if mode == "nearest-exact" else arr * (n_in / n_out)
                x = x.gather(i, src.cast(_dt.int32).reshape(view).expand(shape))
        return x.cast(self.dtype)

    def logcumsumexp(self, axis=0):
        """``log(cumsum(exp(x)))`` along ``axis`` without overflow: each prefix's logsumexp
        (a lower-triangular mask of -inf, O(n^2) work per row)."""
        if self.ndim == 0:  # axes 0 and -1, as the other cumulative ops
            if axis not in (0, -1):
                raise _g.AxisError(f"logcumsumexp: axis {axis} is out of range for a 0-d tensor")
            return self._float().reshape(1).logcumsumexp(0).reshape(())
        d = _g._axis(axis, self.ndim, "logcumsumexp")
        x = self._float().transpose(d, -1)
        n = x.shape[-1]
        ar = type(self).arange(n)
        tri = ar.reshape(n, 1) >= ar.reshape(1, n)              # [i, j]: j <= i
        y = tri.where(x.unsqueeze(-2).expand(*x.shape[:-1], n, n), float("-inf"))
        return y.logsumexp(-1).transpose(d, -1)

    # -- data-dependent shapes (realize their input, as tinygrad's .item()) --------------------
    def masked_select(self, mask, size=None, fill_value=0):
        """The elements where ``mask`` (broadcast) is true, flattened; the count comes from
        the realized mask (so it is frozen in a ``uop.jit`` trace). ``size`` fixes the length:
        cut, or filled with ``fill_value``."""
        T = CompatOps._tensor_cls
        if not isinstance(mask, T) or not mask.dtype.is_bool:
            raise _g.ArgumentError("masked_select: the mask must be a bool tensor")
        m = np.broadcast_to(mask.numpy(), self.shape).reshape(-1)
        pos = np.flatnonzero(m).astype(np.int32)
        flat = self.reshape(-1)
        if size is None:
            return flat[T(pos)] if len(pos) else flat.shrink([(0, 0)])
        pos = pos[:size]
        if len(pos) == 0:
            return T.full((size,), fill_value).cast(self.dtype)
        got = flat[T(pos)]
        return got if len(pos) == size else got.pad([(0, size - len(pos))], value=fill_value).cast(self.dtype)

    def nonzero(self, size=None, fill_value=0):
        """int32 ``(count, ndim)`` coordinates of the non-zero elements, in C order (the
        count from the realized tensor); ``size`` cuts or fills with ``fill_value``."""
        T = CompatOps._tensor_cls
        coords = np.argwhere(self.numpy() != 0).astype(np.int32)  # (count, ndim)
        if size is not None:
            coords = coords[:size]
            if len(coords) < size:
                fill = np.full((size - len(coords), self.ndim), int(fill_value), np.int32)
                coords = np.concatenate([coords, fill])
        return T(coords)

    # -- sorting ------------------------------------------------------------------------------
    def sort(self, dim=-1, descending=False):
        """A stable sort along ``dim``: ``(values, indices)`` (int32), NaN last ascending and
        first descending, as torch. By ranks: each element's rank is the count of elements
        before it in the order (O(n^2) work per row), then one select per rank."""
        T = type(self)
        d = _g._axis(dim, self.ndim, "sort") if self.ndim else 0
        x = self.reshape(1) if self.ndim == 0 else self
        n = x.shape[d]
        if n == 0:
            return self, self._full_like(0, _dt.int32)
        xt = x.transpose(d, -1)
        xi, xj = xt.unsqueeze(-1), xt.unsqueeze(-2)           # [..., i, j]: element i against j

        def less(a, b):
            r = a < b
            return r | (a.isnan().logical_not() & b.isnan()) if a.dtype.is_float else r
        same = (xi == xj) | (xi.isnan() & xj.isnan()) if x.dtype.is_float else xi == xj
        before = less(xi, xj) if descending else less(xj, xi)  # j goes before i
        ar = T.arange(n)
        earlier = ar.reshape(n, 1) > ar.reshape(1, n)          # j < i
        rank = (before | (same & earlier)).cast(_dt.int32).sum(-1)   # [..., i]
        hit = rank.unsqueeze(-1) == ar                         # [..., i, k]
        idx = hit.where(ar.reshape(n, 1), 0).sum(-2).cast(_dt.int32)  # [..., k]
        idx = idx.transpose(d, -1)
        vals = x.gather(d, idx)
        return (vals.reshape(()), idx.reshape(())) if self.ndim == 0 else (vals, idx)

    def argsort(self, dim=-1, descending=False):
        return self.sort(dim, descending)[1]

    def topk(self, k, dim=-1, largest=True, sorted_=True):
        """The ``k`` largest (or smallest) along ``dim``, sorted, with their indices; ties
        keep the earlier index."""
        d = _g._axis(dim, self.ndim, "topk") if self.ndim else 0
        n = self.shape[d] if self.ndim else 1
        if not isinstance(k, numbers.Integral) or not 0 <= k <= n:
            raise _g.ArgumentError(f"topk: k={k!r} is out of range for a dim of size {n}")
        vals, idx = self.sort(dim, descending=largest)
        keep = [(0, k) if i == d else None for i in range(self.ndim)]
        return (vals.shrink(keep), idx.shrink(keep)) if self.ndim else (vals, idx)

    # -- scatter --------------------------------------------------------------------------------
    def _scatter_parts(self, dim, index, src, what):
        """The pieces of a scatter along ``dim``: src (..., m, 1) and the one-hot mask
        (..., m, n) of index, both with ``dim`` moved last (m: index's extent, n: self's)."""
        ops, T = _g, CompatOps._tensor_cls
        d = ops._axis(dim, self.ndim, what)
        if not isinstance(src, T):
            src = T.full(index.shape, src, dtype=self.dtype)
        if not (index.ndim == self.ndim == src.ndim):
            raise ops.ArgumentError(f"{what}: self {self.shape}, index {index.shape} and src {src.shape} "
                                    "must have one rank")
        if any((i != d and s < x) or r < x for i, (s, x, r) in enumerate(zip(self.shape, index.shape, src.shape))):
            raise ops.ArgumentError(f"{what}: index {index.shape} must fit src {src.shape} and self "
                                    f"{self.shape} outside dim {d}")
        if src.dtype is not self.dtype:
            raise ops.ArgumentError(f"{what}: src is {src.dtype.name}, self {self.dtype.name}")
        if not index.dtype.is_int:
            raise ops.IndexTypeError(f"{what}: index must hold integers, not {index.dtype.name}")
        src = src.shrink([(0, x) for x in index.shape])
        n = self.shape[d]
        mask = index.transpose(d, -1).unsqueeze(-1) == T.arange(n)
        return src.transpose(d, -1).unsqueeze(-1), mask, d

    def _scatter_back(self, r, d, fill):
        """``r`` (..., n), dim ``d`` last, back in self's layout, padded with ``fill``."""
        r = r.transpose(d, -1)
        return r.pad([(0, s - x) for s, x in zip(self.shape, r.shape)], value=fill)

    def scatter(self, dim, index, src, reduce=None):
        """torch's scatter: ``out[.., index[p], ..] = src[p]`` along ``dim`` (a repeated
        target takes the last source, as torch on the CPU); ``reduce="add"|"multiply"``
        with a scalar src accumulates instead."""
        if reduce not in (None, "add", "multiply"):
            raise TypeError(f"scatter: reduce must be None, 'add' or 'multiply', got {reduce!r}")
        if reduce is not None:
            if isinstance(src, CompatOps._tensor_cls):
                raise TypeError("scatter: reduce needs a scalar src; use scatter_reduce for tensors")
            return self.scatter_reduce(dim, index, CompatOps._tensor_cls.full(index.shape, src, dtype=self.dtype),
                                       "sum" if reduce == "add" else "prod")
        src, mask, d = self._scatter_parts(dim, index, src, "scatter")
        m = mask.shape[-2]
        pos = type(self).arange(m).reshape(m, 1)
        last = mask.where(pos, -1).max(-2, keepdim=True)              # (..., 1, n)
        pick = mask & (pos == last)
        value = pick.where(src, 0).sum(-2).cast(self.dtype)
        hit = self._scatter_back(mask.any(-2), d, False)
        return hit.where(self._scatter_back(value, d, 0), self)

    def scatter_reduce(self, dim, index, src, reduce, include_self=True):
        """torch's scatter_reduce: ``"sum"``, ``"prod"``, ``"mean"``, ``"amax"``, ``"amin"``
        of the sources landing on each target (and of self unless ``include_self=False``);
        targets no source reaches keep self."""
        if reduce not in ("sum", "prod", "mean", "amax", "amin"):
            raise _g.ArgumentError(f"scatter_reduce: reduce {reduce!r} is not sum, prod, mean, amax or amin")
        src, mask, d = self._scatter_parts(dim, index, src, "scatter_reduce")
        dt = self.dtype
        ident = {"sum": 0, "mean": 0, "prod": 1, "amax": dt.min, "amin": dt.max}[reduce]
        kind = {"sum": "add", "mean": "add", "prod": "mul", "amax": "max", "amin": "min"}[reduce]
        vals = mask.where(src, ident)
        r = vals._reduce(kind, -2, False, "scatter_reduce").cast(dt)
        hit = self._scatter_back(mask.any(-2), d, False)
        r = self._scatter_back(r, d, ident)
        base = self if include_self else hit.where(ident, self)
        if reduce in ("sum", "mean"):
            out = r + base
        elif reduce == "prod":
            out = r * base
        else:
            out = r.maximum(base) if reduce == "amax" else r.minimum(base)
        if reduce == "mean":
            count = self._scatter_back(mask.cast(_dt.int32).sum(-2), d, 0)
            count = count + (1 if include_self else hit.where(0, 1))
            out = out // count if dt.is_int else (out / count).cast(dt)
        return hit.where(out, self)

    # -- convolution ---------------------------------------------------------------------------
    def conv_transpose2d(self, weight, bias=None, groups=1, stride=1, dilation=1, padding=0,
                         output_padding=0):
        """Transposed convolution over the trailing dims (N-D, as :meth:`conv2d`), tinygrad's
        construction: the input dilated by ``stride`` (zeros between elements), the weight
        flipped with in/out channels swapped per group, then a convolution with padding
        ``(k - 1) d - p`` (plus ``output_padding`` on the high side)."""
        ops = _g
        hw = weight.shape[2:]
        n = len(hw)
        if self.ndim != n + 2 or self.shape[1] != weight.shape[0] or weight.shape[0] % groups:
            raise ops.ArgumentError(f"conv_transpose2d: input {self.shape} does not match the weight "
                                    f"{weight.shape} with groups={groups}")
        pads = self._pool_pads(padding, n, "conv_transpose2d")
        st, dl, op = (ops._tuple(v, n, "conv_transpose2d") for v in (stride, dilation, output_padding))
        cin, rcout = weight.shape[0], weight.shape[1]
        w = weight.reshape(groups, cin // groups, rcout, *hw).transpose(1, 2)
        w = w.flip(tuple(range(3, 3 + n))).reshape(groups * rcout, cin // groups, *hw)
        x = self
        if any(v > 1 for v in st):
            lead = x.shape[:2]
            x = x.reshape(*lead, *[v for k in x.shape[2:] for v in (k, 1)])
            x = x.pad([None, None] + [q for v in st for q in (None, (0, v - 1))])
            x = x.reshape(*lead, *[k * v for k, v in zip(self.shape[2:], st)])
            x = x.shrink([None, None] + [(0, k * v - (v - 1)) for k, v in zip(self.shape[2:], st)])
        conv_pads = [((k - 1) * d - lo, (k - 1) * d - hi + o)
                     for k, d, (lo, hi), o in zip(hw, dl, pads, op)]
        flat = [q for pair in reversed(conv_pads) for q in pair]
        return x.conv2d(w, bias=bias, groups=groups, dilation=dl, padding=flat)

    # -- losses -------------------------------------------------------------------------------
    def nll_loss(self, Y, weight=None, ignore_index=None, reduction="mean"):
        """torch's ``F.nll_loss`` on log-probabilities (N, C, ...) or (C,), class indices Y."""
        ax = 1 if self.ndim > 1 else 0
        C = self.shape[ax]
        T = type(self)
        shape = [C if i == ax else 1 for i in range(self.ndim)]
        mask = Y.unsqueeze(ax) == T.arange(C).reshape(shape)
        w = T.ones(C) if weight is None else weight
        wy = mask.where(w.reshape(shape), 0).sum(ax)
        if ignore_index is not None:
            wy = (Y != ignore_index).where(wy, 0)
        picked = mask.where(self._float(), 0).sum(ax)
        loss = -(picked * wy)
        if reduction == "none":
            return loss
        if reduction == "sum":
            return loss.sum()
        if reduction == "mean":
            return loss.sum() / wy.sum()
        raise _g.ArgumentError(f"nll_loss: reduction must be 'none', 'mean' or 'sum', got {reduction!r}")

    # -- padding modes ------------------------------------------------------------------------
    def pad(self, padding, mode="constant", value=0, **kwargs):
        """tinygrad's and torch's pad: ``padding`` one ``(low, high)`` (or None) per dim, or
        a flat ``(left, right, top, bottom, ...)`` from the last dim; negative amounts crop.
        ``mode``: ``"constant"`` (``value``), ``"reflect"``, ``"replicate"``, ``"circular"``.
        A non-string second argument is the value (the package's older ``pad(pads, value)``)."""
        if "pads" in kwargs:
            padding = kwargs.pop("pads")
        if kwargs:
            raise TypeError(f"pad: unexpected arguments {sorted(kwargs)}")
        if not isinstance(mode, str):
            mode, value = "constant", mode
        norm = self._pad_pairs(padding)
        if mode not in ("constant", "reflect", "replicate", "circular"):
            raise NotImplementedError(f"pad: mode {mode!r} is not constant, reflect, replicate or circular")
        grow = [(max(0, lo), max(0, hi)) for lo, hi in norm]

        def crop(x):
            c = [(max(0, -lo), s - max(0, -hi)) for s, (lo, hi) in zip(x.shape, norm)]
            if any(a > b for a, b in c):
                raise _g.ArgumentError(f"pad: cropping {tuple(padding)} exceeds the shape {self.shape}")
            return x.shrink(c) if any(v != (0, s) for v, s in zip(c, x.shape)) else x

        def grow_by(x):
            if mode == "constant":
                return x._pad(grow, value)
            for d, (lo, hi) in enumerate(grow):
                x = x._pad_mode_dim(d, lo, hi, mode)
            return x
        # torch: circular wraps the cropped input; reflect and replicate read the whole input
        return grow_by(crop(self)) if mode == "circular" else crop(grow_by(self))

    def _pad_pairs(self, pads):
        pads = list(pads)
        if pads and all(isinstance(p, (numbers.Integral, np.integer)) for p in pads):
            if len(pads) % 2 or len(pads) > 2 * self.ndim:
                raise _g.ArgumentError(
                    f"pad: a flat padding needs an even count of at most {2 * self.ndim} ints "
                    f"for a tensor of rank {self.ndim}, got {tuple(pads)}")
            flat = [(pads[i], pads[i + 1]) for i in range(0, len(pads), 2)]
            pads = [None] * (self.ndim - len(flat)) + flat[::-1]
        if len(pads) != self.ndim:
            raise _g.ArgumentError(f"pad: {len(pads)} (low, high) pairs for a tensor of rank {self.ndim}")
        return [(0, 0) if p is None else _g._pair(p, "pad") for p in pads]

    def _pad_mode_dim(self, d, lo, hi, mode):
        n = self.shape[d]
        if not lo and not hi:
            return self
        limit = n - 1 if mode == "reflect" else n
        if mode != "replicate" and (lo > limit or hi > limit):
            raise _g.ArgumentError(f"pad: {mode} padding ({lo}, {hi}) must be at most {limit} "
                                       f"for dim {d} of size {n}")
        if n == 0:
            raise _g.ArgumentError(f"pad: {mode} padding of the empty dim {d}")

        def part(a, b):
            return self[(slice(None),) * d + (slice(a, b),)]
        if mode == "reflect":
            left, right = part(1, lo + 1).flip(d), part(n - 1 - hi, n - 1).flip(d)
        elif mode == "circular":
            left, right = part(n - lo, n), part(0, hi)
        else:
            e = list(self.shape)
            left = part(0, 1).expand(*e[:d], lo, *e[d + 1:])
            right = part(n - 1, n).expand(*e[:d], hi, *e[d + 1:])
        pieces = ([left] if lo else []) + [self] + ([right] if hi else [])
        return pieces[0].cat(*pieces[1:], dim=d)
