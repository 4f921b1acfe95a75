"""``uop.nn.optim``: tinygrad's optimizers (SGD, LARS, Adam, AdamW, LAMB) over
:class:`uop.Tensor`, with tinygrad's constructor signatures and update formulas.

An optimizer takes a list of Tensors. Those whose ``requires_grad`` is None become
True (tinygrad); the ones with True are the parameters, the others buffers that
``step()`` realizes. ``step()`` assigns each parameter its new value
(``t.assign(t.detach() - update)``, so the update is not differentiated) and realizes
the parameters and the optimizer's state; inside a ``uop.jit`` function these assigns
are the state that each replay reads and writes back (docs/python.md, "Mutable tensors
and uop.nn.optim"). The state (lr, momentum, m, v, b1 ** t) is float32 as in
tinygrad, or float64 when a parameter is float64.
"""

import numpy as np

from .. import dtypes as _dt
from ..tensor import Tensor

__all__ = ["Optimizer", "OptimizerGroup", "SGD", "LARS", "Muon", "Adam", "AdamW", "LAMB"]


def _dedup(xs):
    seen, out = set(), []
    for x in xs:
        if id(x) not in seen:
            seen.add(id(x))
            out.append(x)
    return out


class Optimizer:
    """The base class: ``params``, ``buffers``, ``lr`` (a Tensor of shape (1,)),
    ``zero_grad()``, ``step()``, ``schedule_step()``."""

    def __init__(self, params, lr, device=None, fused=False):
        if fused:
            raise NotImplementedError("fused optimizers (tinygrad's FUSE_OPTIM) are not supported")
        if not isinstance(lr, (int, float, np.floating, np.integer)) or isinstance(lr, bool):
            raise TypeError(f"lr must be a number, not {type(lr).__name__}")
        if lr < 0:
            raise ValueError(f"Invalid learning rate: {lr}")
        params = list(params)
        for x in params:
            if not isinstance(x, Tensor):
                raise TypeError(f"optimizer params must be Tensors, not {type(x).__name__}")
            if x.requires_grad is None:  # put into an optimizer: a parameter (tinygrad)
                x.requires_grad = True
        self.params = _dedup(x for x in params if x.requires_grad)
        if not self.params:
            raise ValueError("optimizer must have at least one param")
        self.buffers = _dedup(x for x in params if not x.requires_grad)
        for x in self.params:
            if not x.dtype.is_float:
                raise TypeError(f"optimizer params must be float tensors, not {x.dtype.name}")
        # float32 (tinygrad's), float64 when a parameter is
        self.state_dtype = _dt.float64 if any(x.dtype is _dt.float64 for x in self.params) else _dt.float32
        # lr is a tensor (tinygrad): a scheduler may assign it between steps; realized, so that
        # a jitted step reads it at each replay (a buffer) instead of freezing it
        self.lr = Tensor(np.array([lr]), dtype=self.state_dtype).realize()

    def _state(self, t):
        return Tensor.zeros(*t.shape, dtype=self.state_dtype)

    def zero_grad(self):
        """Set the gradients of all parameters to None."""
        for p in self.params:
            p.grad = None

    def step(self):
        """One update of every parameter (computed now)."""
        Tensor.realize(*self.schedule_step())

    def schedule_step(self):
        """Assign the updates; return the tensors that need realizing (state and params)."""
        for t in self.params:
            if t.grad is None:
                raise RuntimeError("optimizer step: a parameter has no .grad (call backward() first; "
                                   f"parameter of shape {t.shape})")
        updates, extra = self._step(self.params, [t.grad for t in self.params])
        for t, up in zip(self.params, updates):
            t.assign(self._apply_update(t, up))
        return list(extra) + self.params + self.buffers

    def _step(self, params, grads):
        raise NotImplementedError(f"{type(self).__name__} does not define _step")

    @staticmethod
    def _apply_update(t, up):
        if up.shape != t.shape:  # a 0-d parameter times the (1,) learning rate
            up = up.reshape(t.shape)
        return t.detach() - up.cast(t.dtype)


class OptimizerGroup(Optimizer):
    """Several optimizers stepped as one."""

    def __init__(self, *optimizers):  # pylint: disable=super-init-not-called
        self.optimizers = optimizers
        self.params = [p for o in optimizers for p in o.params]
        self.buffers = [b for o in optimizers for b in o.buffers]

    def __getitem__(self, i):
        return self.optimizers[i]

    def zero_grad(self):
        for o in self.optimizers:
            o.zero_grad()

    def schedule_step(self):
        return [x for o in self.optimizers for x in o.schedule_step()]


def SGD(params, lr=0.001, momentum=0.0, weight_decay=0.0, nesterov=False, classic=False, device=None,
        fused=False):
    """SGD with optional momentum (``nesterov``) and weight decay, as torch.optim.SGD
    (dampening 0). ``classic`` applies the learning rate before the momentum."""
    return LARS(params, lr, momentum, weight_decay, 0, None, nesterov, classic=classic, pre_wd=True,
                tcoef=0.0, device=device, fused=fused)


def Muon(params, lr=0.001, momentum=0.95, weight_decay=0.1, ns_steps=5,
         ns_coefficients=(3.4445, -4.775, 2.0315), nesterov=True, device=None, fused=False):
    """SGD with momentum, a Newton-Schulz orthogonalisation of the update and weight decay
    after the momentum (tinygrad's Muon)."""
    return LARS(params, lr, momentum, weight_decay, ns_steps, ns_coefficients, nesterov, classic=False,
                pre_wd=False, tcoef=0.0, device=device, fused=fused)


def newton_schulz(x, steps, params, eps=1.0e-7):
    """tinygrad's ``Tensor.newton_schulz``: ``steps`` iterations of the odd polynomial with
    coefficients ``params`` on ``x`` scaled to unit Frobenius norm (last two dims)."""
    if x.ndim < 2:
        raise ValueError("newton_schulz: needs a tensor of two or more dims")
    if x.shape[-2] > x.shape[-1]:
        return newton_schulz(x.transpose(-2, -1), steps, params, eps).transpose(-2, -1)
    g = x / (x.square().sum(axis=(-2, -1), keepdim=True).sqrt() + eps)
    for _ in range(steps):
        terms = []
        for i, p in enumerate(params):
            t = g
            for _ in range(i):
                t = (g @ g.transpose(-2, -1)) @ t
            terms.append(p * t)
        g = terms[0]
        for t in terms[1:]:
            g = g + t
    return g


class LARS(Optimizer):
    """Layer-wise Adaptive Rate Scaling (LARS); ``tcoef=0`` is SGD, ``ns_coefficients`` Muon."""

    def __init__(self, params, lr=0.001, momentum=0.9, weight_decay=1e-4, ns_steps=0, ns_coefficients=None,
                 nesterov=False, classic=True, pre_wd=True, tcoef=0.001, device=None, fused=False):
        if momentum < 0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, lr, device, fused)
        self.momentum, self.wd, self.nesterov, self.classic, self.tcoef = \
            momentum, weight_decay, nesterov, classic, tcoef
        self.ns_steps, self.ns_coefficients, self.pre_wd = ns_steps, ns_coefficients, pre_wd
        self.b = [self._state(t) for t in self.params] if self.momentum else []

    def _step(self, params, grads):
        ret = []
        for i, (t, g) in enumerate(zip(params, grads)):
            g = g.cast(self.b[i].dtype if self.b else g.dtype)
            if self.tcoef != 0:
                r1 = t.detach().square().sum().sqrt()
                r2 = g.square().sum().sqrt()
                r = (r1 > 0).where((r2 > 0).where(self.tcoef * r1 / (r2 + self.wd * r1), 1.0), 1.0)
            else:
                r = 1.0
            if self.pre_wd and self.wd > 0:
                g = g + self.wd * t.detach().cast(g.dtype)
            if self.classic:  # classic momentum: the learning rate before it
                g = g * r * self.lr
            if self.momentum:
                # b starts at zero: the first step's b is g, as torch's
                self.b[i].assign(self.momentum * self.b[i] + g)
                g = (g + self.momentum * self.b[i]) if self.nesterov else self.b[i]
            if self.ns_coefficients:
                g = newton_schulz(g.reshape(g.shape[0], -1), self.ns_steps, self.ns_coefficients).reshape(g.shape)
            if not self.classic:
                g = g * r * self.lr
            if not self.pre_wd and self.wd > 0:
                # Muon's decay after the momentum: t (1 - lr wd) - update. (tinygrad computes
                # this t and then drops it: its Muon does not decay.)
                g = g + (self.wd * self.lr) * t.detach().cast(g.dtype)
            ret.append(g.cast(t.dtype))
        return ret, self.b


def AdamW(params, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, weight_decay=0.01, device=None, fused=False):
    """AdamW (decoupled weight decay), as torch.optim.AdamW."""
    return LAMB(params, lr, b1, b2, eps, weight_decay, adam=True, device=device, fused=fused)


def Adam(params, lr=0.001, b1=0.9, b2=0.999, eps=1e-8, device=None, fused=False):
    """Adam, as torch.optim.Adam."""
    return LAMB(params, lr, b1, b2, eps, 0.0, adam=True, device=device, fused=fused)


class LAMB(Optimizer):
    """LAMB: Adam/AdamW's update scaled by the trust ratio ||t|| / ||update||
    (``adam=True``: ratio 1, which is Adam/AdamW)."""

    def __init__(self, params, lr=0.001, b1=0.9, b2=0.999, eps=1e-6, weight_decay=0.0, adam=False, device=None,
                 fused=False):
        if weight_decay < 0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        for name, b in (("b1", b1), ("b2", b2)):
            if not 0 <= b < 1:
                raise ValueError(f"Invalid {name} value: {b}")
        super().__init__(params, lr, device, fused)
        self.b1, self.b2, self.eps, self.wd, self.adam = b1, b2, eps, weight_decay, adam
        # b1 ** step and b2 ** step, as tensors (a jitted step reads and updates them)
        self.b1_t, self.b2_t = (Tensor.ones(1, dtype=self.state_dtype, requires_grad=False) for _ in (b1, b2))
        self.m = [self._state(t) for t in self.params]
        self.v = [self._state(t) for t in self.params]

    def _step(self, params, grads):
        ret = []
        self.b1_t *= self.b1
        self.b2_t *= self.b2
        for i, (t, g) in enumerate(zip(params, grads)):
            g = g.cast(self.m[i].dtype)
            self.m[i].assign(self.b1 * self.m[i] + (1.0 - self.b1) * g)
            self.v[i].assign(self.b2 * self.v[i] + (1.0 - self.b2) * (g * g))
            m_hat = self.m[i] / (1.0 - self.b1_t)
            v_hat = self.v[i] / (1.0 - self.b2_t)
            up = (m_hat / (v_hat.sqrt() + self.eps)) + self.wd * t.detach().cast(g.dtype)
            if not self.adam:
                r1 = t.detach().cast(g.dtype).square().sum().sqrt()
                r2 = up.square().sum().sqrt()
                r = (r1 > 0).where((r2 > 0).where(r1 / r2, 1.0), 1.0)
            else:
                r = 1.0
            ret.append((self.lr * r * up).cast(t.dtype))
        return ret, [self.b1_t, self.b2_t] + self.m + self.v
