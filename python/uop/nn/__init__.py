"""``uop.nn``: tinygrad's layers over :class:`uop.Tensor` (docs/python.md, "uop.nn and
uop.nn.state").

Each layer has tinygrad's constructor, attribute names, parameter shapes and
initialisers, so that ``uop.nn.state.get_state_dict`` gives tinygrad's keys and
tinygrad model code runs as written. Two differences, both because a
``uop.Tensor`` is an immutable lazy value:

- Parameters are realized at construction: input arrays drawn in numpy from the
  package's counter-based generator (the bits ``Tensor.rand`` computes, advancing
  the same counter), not lazy ``Tensor.uniform`` graphs that every forward pass
  would recompute.
- BatchNorm's running statistics are updated in place (the tensor object keeps its
  identity, as tinygrad's ``assign``): the new value is realized and assigned
  (``Tensor.assign``, or ``uop.nn.state.replace`` where Tensor lacks it).

Training mode (BatchNorm's batch statistics) is ``Tensor.training``, set directly
or with ``with uop.nn.training():`` (tinygrad's ``Context(TRAINING=1)``).
"""

import contextlib
import importlib
import math
import numbers

import numpy as np

from .._ops import ArgumentError, TensorOps, random_bits_numpy
from ..tensor import Tensor
from . import state
from .state import _assign

__all__ = ["Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
           "ConvTranspose3d", "BatchNorm", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm",
           "LayerNorm2d", "RMSNorm", "GroupNorm", "InstanceNorm", "Embedding", "LSTMCell", "training",
           "state", "optim"]


def __getattr__(name):
    # optim is its own module (python/uop/nn/optim.py); loaded on first use, so that a
    # missing or broken optim does not break the layers
    if name == "optim":
        return importlib.import_module(".optim", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- training mode ------------------------------------------------------------------------

def is_training():
    """Whether layers run in training mode: ``Tensor.training`` (False when unset)."""
    return bool(getattr(Tensor, "training", False))


@contextlib.contextmanager
def training(mode=True):
    """``with uop.nn.training(): ...`` runs with ``Tensor.training = mode`` and restores
    the previous value (tinygrad's ``Context(TRAINING=1)``)."""
    old = getattr(Tensor, "training", False)
    Tensor.training = bool(mode)
    try:
        yield
    finally:
        Tensor.training = old


# -- realized initialisers ----------------------------------------------------------------

def _shape(shape, what):
    for s in shape:
        if not isinstance(s, (numbers.Integral, np.integer)) or isinstance(s, bool) or s < 0:
            raise ArgumentError(f"{what}: the parameter shape {tuple(shape)} must hold non-negative ints")
    return tuple(int(s) for s in shape)


def _uniform(shape, low, high, what, scale=None):
    """A realized float32 tensor uniform in [low, high) (times ``scale``):
    ``Tensor.uniform``'s values, computed in numpy from the same bits (the generator's
    counter advances as for one ``Tensor.rand`` call)."""
    shape = _shape(shape, what)
    n = math.prod(shape)
    seed, counter = TensorOps._seed, TensorOps._rng_counter
    TensorOps._rng_counter += 1
    if n == 0:
        return Tensor(np.zeros(shape, np.float32))
    bits = random_bits_numpy(n, seed, counter) >> np.uint32(8)      # 24 mantissa bits
    u = bits.astype(np.float32) * np.float32(2.0 ** -24)
    v = u * np.float32(high - low) + np.float32(low)
    if scale is not None:
        v = v * np.float32(scale)
    return Tensor(v.reshape(shape))


def _full(shape, value, dtype=np.float32):
    return Tensor(np.full(shape, value, dtype=dtype))


def _tuple(x, n, what):
    if isinstance(x, (numbers.Integral, np.integer)):
        return (int(x),) * n
    x = tuple(x)
    if not x or not all(isinstance(v, (numbers.Integral, np.integer)) for v in x):
        raise ArgumentError(f"{what}: expected an int or a tuple of ints, got {x!r}")
    return tuple(int(v) for v in x)


def _channels(x, c, what):
    if x.ndim < 2 or x.shape[1] != c:
        raise ArgumentError(f"{what}: expected input (N, {c}, ...), got shape {x.shape}")


# -- layers ---------------------------------------------------------------------------------

class Linear:
    """``x @ weight.T + bias``; weight (out, in) and bias (out,) uniform in
    +-1/sqrt(in_features) (tinygrad's and torch's)."""

    def __init__(self, in_features, out_features, bias=True):
        bound = 1 / math.sqrt(in_features) if in_features > 0 else 0.0
        self.weight = _uniform((out_features, in_features), -bound, bound, "Linear")
        self.bias = _uniform((out_features,), -bound, bound, "Linear") if bias else None

    def __call__(self, x):
        if x.shape[-1:] != self.weight.shape[1:]:
            raise ArgumentError(f"Linear: input {x.shape} does not end in in_features={self.weight.shape[1]}")
        return x.linear(self.weight.transpose(), self.bias)


class Conv2d:
    """Convolution over the trailing ``len(kernel_size)`` dims (an int: 2); weight
    (out, in / groups, *kernel) and bias uniform in +-1/sqrt(in * prod(kernel)).
    ``padding="same"`` pads (d (k - 1)) / 2 on each side, the odd one high (stride 1)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True):
        self.kernel_size = _tuple(kernel_size, 2, type(self).__name__)
        if groups < 1 or in_channels % groups or out_channels % groups:
            raise ArgumentError(f"{type(self).__name__}: in_channels={in_channels} and "
                                f"out_channels={out_channels} must divide into groups={groups}")
        if isinstance(padding, str):
            if padding.lower() != "same":
                raise ArgumentError(f"Invalid padding string {padding!r}, only 'same' is supported")
            if stride != 1:
                raise ArgumentError("padding='same' is not supported for strided convolutions")
            dil = _tuple(dilation, len(self.kernel_size), type(self).__name__)
            pad = [(d * (k - 1) // 2, d * (k - 1) - d * (k - 1) // 2)
                   for d, k in zip(dil[::-1], self.kernel_size[::-1])]  # torch order: last dim first
            padding = tuple(p for lo_hi in pad for p in lo_hi)
        self.stride, self.dilation, self.groups, self.padding = stride, dilation, groups, padding
        scale = 1 / math.sqrt(max(1, in_channels * math.prod(self.kernel_size)))
        self.weight = _uniform((out_channels, in_channels // groups, *self.kernel_size), -scale, scale,
                               type(self).__name__)
        self.bias = _uniform((out_channels,), -scale, scale, type(self).__name__) if bias else None

    def __call__(self, x):
        return x.conv2d(self.weight, self.bias, self.groups, self.stride, self.dilation, self.padding)


def Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True):
    """A :class:`Conv2d` with a 1-D kernel (tinygrad's: a function returning Conv2d)."""
    return Conv2d(in_channels, out_channels, (kernel_size,) if isinstance(kernel_size, numbers.Integral)
                  else kernel_size, stride, padding, dilation, groups, bias)


def Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True):
    """A :class:`Conv2d` with a 3-D kernel (``Tensor.conv2d`` is N-D)."""
    return Conv2d(in_channels, out_channels, _tuple(kernel_size, 3, "Conv3d"), stride, padding, dilation,
                  groups, bias)


class ConvTranspose2d(Conv2d):
    """Transposed convolution; weight (in, out / groups, *kernel) uniform in
    +-1/sqrt(in * prod(kernel)) (tinygrad's scale)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                 dilation=1, groups=1, bias=True):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias)
        scale = 1 / math.sqrt(max(1, in_channels * math.prod(self.kernel_size)))
        self.weight = _uniform((in_channels, out_channels // groups, *self.kernel_size), -scale, scale,
                               "ConvTranspose2d")
        self.output_padding = output_padding

    def __call__(self, x):
        return x.conv_transpose2d(self.weight, self.bias, self.groups, self.stride, self.dilation,
                                  self.padding, self.output_padding)


def ConvTranspose1d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                    groups=1, bias=True):
    return ConvTranspose2d(in_channels, out_channels, (kernel_size,) if isinstance(kernel_size, numbers.Integral)
                           else kernel_size, stride, padding, output_padding, dilation, groups, bias)


def ConvTranspose3d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                    groups=1, bias=True):
    return ConvTranspose2d(in_channels, out_channels, _tuple(kernel_size, 3, "ConvTranspose3d"), stride, padding,
                           output_padding, dilation, groups, bias)


class BatchNorm:
    """Batch normalization over dim 1 of (N, C, ...). In training mode (``Tensor.training``)
    it normalizes with the batch's statistics (biased variance) and, with
    ``track_running_stats``, updates ``running_mean`` / ``running_var`` (unbiased
    variance, ``momentum``) and ``num_batches_tracked`` in place; otherwise it uses the
    running statistics."""

    def __init__(self, sz, eps=1e-5, affine=True, track_running_stats=True, momentum=0.1):
        self.eps, self.track_running_stats, self.momentum = eps, track_running_stats, momentum
        self.weight = _full((sz,), 1.0) if affine else None
        self.bias = _full((sz,), 0.0) if affine else None
        self.num_batches_tracked = _full((), 0, np.int64)
        if track_running_stats:
            self.running_mean, self.running_var = _full((sz,), 0.0), _full((sz,), 1.0)
        # Buffers, not parameters (tinygrad's is_param_(False)): an optimizer given
        # get_parameters(model) must not step them.
        for t in (self.num_batches_tracked, getattr(self, "running_mean", None),
                  getattr(self, "running_var", None)):
            if t is not None:
                t.requires_grad = False

    def calc_stats(self, x):
        shape_mask = [1, -1, *([1] * (x.ndim - 2))]
        if self.track_running_stats and not is_training():
            return self.running_mean, self.running_var.reshape(shape_mask)
        reduce_axes = tuple(a for a in range(x.ndim) if a != 1)
        batch_mean = x.mean(axis=reduce_axes)
        y = x - batch_mean.detach().reshape(shape_mask)  # d(var)/d(mean) = 0
        return batch_mean, (y * y).mean(axis=reduce_axes)

    def __call__(self, x):
        c = (self.weight if self.weight is not None else getattr(self, "running_mean", None))
        if c is not None:
            _channels(x, c.shape[0], "BatchNorm")
        batch_mean, batch_var = self.calc_stats(x)
        if self.track_running_stats and is_training():
            n, ch = x.numel(), x.shape[1]
            if n <= ch:
                raise ArgumentError(f"BatchNorm: training needs more than one value per channel, got input {x.shape}")
            m = self.momentum
            _update(self.running_mean, (1 - m) * self.running_mean + m * batch_mean.detach())
            _update(self.running_var, (1 - m) * self.running_var + m * (n / (n - ch)) * batch_var.detach())
            _update(self.num_batches_tracked, self.num_batches_tracked + 1)
        return x.batchnorm(self.weight, self.bias, batch_mean, (batch_var + self.eps).rsqrt())


BatchNorm1d = BatchNorm2d = BatchNorm3d = BatchNorm


def _update(target, value):
    """``target.assign(value)`` with the value realized now: a running statistic that
    stayed lazy would chain every step's graph into the next."""
    _assign(target, value.cast(target.dtype).realize())


class GroupNorm:
    """Normalization over groups of channels of (N, C, ...), then a per-channel affine."""

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True):
        if num_groups < 1 or num_channels % num_groups:
            raise ArgumentError(f"GroupNorm: num_channels={num_channels} does not split into "
                                f"num_groups={num_groups}")
        self.num_groups, self.num_channels, self.eps = num_groups, num_channels, eps
        self.weight = _full((num_channels,), 1.0) if affine else None
        self.bias = _full((num_channels,), 0.0) if affine else None

    def __call__(self, x):
        _channels(x, self.num_channels, "GroupNorm")
        x = x.reshape(x.shape[0], self.num_groups, -1).layernorm(eps=self.eps).reshape(x.shape)
        if self.weight is None or self.bias is None:
            return x
        return x * self.weight.reshape(1, -1, *[1] * (x.ndim - 2)) + self.bias.reshape(1, -1, *[1] * (x.ndim - 2))


class InstanceNorm:
    """Normalization of each (sample, channel) over the spatial dims, then a per-channel affine."""

    def __init__(self, num_features, eps=1e-5, affine=True):
        self.num_features, self.eps = num_features, eps
        self.weight = _full((num_features,), 1.0) if affine else None
        self.bias = _full((num_features,), 0.0) if affine else None

    def __call__(self, x):
        _channels(x, self.num_features, "InstanceNorm")
        x = x.reshape(x.shape[0], self.num_features, -1).layernorm(eps=self.eps).reshape(x.shape)
        if self.weight is None or self.bias is None:
            return x
        return x * self.weight.reshape(1, -1, *[1] * (x.ndim - 2)) + self.bias.reshape(1, -1, *[1] * (x.ndim - 2))


class LayerNorm:
    """Normalization over the trailing ``normalized_shape`` dims, then an elementwise affine."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True):
        self.normalized_shape = _tuple(normalized_shape, 1, "LayerNorm")
        self.axis, self.eps = tuple(-1 - i for i in range(len(self.normalized_shape))), eps
        self.weight = _full(self.normalized_shape, 1.0) if elementwise_affine else None
        self.bias = _full(self.normalized_shape, 0.0) if elementwise_affine else None

    def __call__(self, x):
        if self.normalized_shape != x.shape[-len(self.normalized_shape):]:
            raise ArgumentError(f"LayerNorm: last dimensions of {x.shape} must match {self.normalized_shape}")
        x = x.layernorm(eps=self.eps, axis=self.axis)
        if self.weight is None or self.bias is None:
            return x
        return x * self.weight + self.bias


class LayerNorm2d(LayerNorm):
    """:class:`LayerNorm` over the channels of (N, C, H, W)."""

    def __call__(self, x):
        if x.ndim != 4:
            raise ArgumentError(f"LayerNorm2d: expected input (N, C, H, W), got shape {x.shape}")
        return super().__call__(x.permute(0, 2, 3, 1)).permute(0, 3, 1, 2)


class RMSNorm:
    """``x / sqrt(mean(x^2, -1) + eps) * weight``, computed in float32 and cast back."""

    def __init__(self, dim, eps=1e-6, elementwise_affine=True):
        self.eps = eps
        self.weight = _full((dim,), 1.0) if elementwise_affine else None

    def _norm(self, x):
        return x * (x.square().mean(-1, keepdim=True) + self.eps).rsqrt()

    def __call__(self, x):
        if self.weight is not None and x.shape[-1:] != self.weight.shape:
            raise ArgumentError(f"RMSNorm: input {x.shape} does not end in dim={self.weight.shape[0]}")
        x = self._norm(x.float()).cast(x.dtype)
        return x if self.weight is None else x * self.weight


class Embedding:
    """A lookup table (vocab_size, embed_size), glorot-uniform initialised; indices must
    be integers (out-of-range ones give zeros, as tinygrad's one-hot form)."""

    def __init__(self, vocab_size, embed_size):
        self.vocab_sz, self.embed_sz = vocab_size, embed_size
        bound = math.sqrt(6 / max(1, vocab_size + embed_size))
        # Tensor.glorot_uniform: uniform in [-1, 1) times the bound
        self.weight = _uniform((vocab_size, embed_size), -1.0, 1.0, "Embedding", scale=bound)

    def __call__(self, idx):
        if not isinstance(idx, Tensor):
            idx = Tensor(idx)
        if not idx.dtype.is_int:
            raise TypeError(f"Expected integer dtype for index in embedding, got {idx.dtype.name}")
        w = self.weight
        hit = Tensor.arange(w.shape[0]) == idx.unsqueeze(-1)           # (..., vocab)
        return hit.unsqueeze(-1).where(w, 0).sum(-2, dtype=w.dtype)    # (..., embed)


class LSTMCell:
    """One LSTM step: ``(h, c) = cell(x, (h, c))`` (``hc=None``: zeros). Gates i, f, g, o are
    the four row blocks of weight_ih (4 hidden, input) and weight_hh (4 hidden, hidden),
    uniform in +-1/sqrt(hidden_size) as tinygrad's and torch's; the biases start at zero."""

    def __init__(self, input_size, hidden_size, bias=True):
        if hidden_size < 1:
            raise ArgumentError(f"LSTMCell: hidden_size must be positive, got {hidden_size}")
        stdv = 1.0 / math.sqrt(hidden_size)
        self.weight_ih = _uniform((hidden_size * 4, input_size), -stdv, stdv, "LSTMCell")
        self.weight_hh = _uniform((hidden_size * 4, hidden_size), -stdv, stdv, "LSTMCell")
        self.bias_ih = _full((hidden_size * 4,), 0.0) if bias else None
        self.bias_hh = _full((hidden_size * 4,), 0.0) if bias else None

    def __call__(self, x, hc=None):
        if x.ndim != 2 or x.shape[1] != self.weight_ih.shape[1]:
            raise ArgumentError(f"LSTMCell: expected input (batch, {self.weight_ih.shape[1]}), got shape {x.shape}")
        if hc is None:
            zeros = Tensor.zeros(x.shape[0], self.weight_hh.shape[1], dtype=x.dtype)
            hc = (zeros, zeros)
        gates = x.linear(self.weight_ih.transpose(), self.bias_ih) + \
            hc[0].linear(self.weight_hh.transpose(), self.bias_hh)
        i, f, g, o = gates.chunk(4, dim=1)
        new_c = f.sigmoid() * hc[1] + i.sigmoid() * g.tanh()
        return o.sigmoid() * new_c.tanh(), new_c
