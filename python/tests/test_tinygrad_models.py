"""tinygrad example models run on ``uop.Tensor`` / ``uop.nn`` / ``uop.jit``.

The model classes are copied verbatim from the pinned tinygrad checkout (cited per class) so the
test needs no checkout; the names they use (``nn``, ``Tensor``, ``TinyJit``, ``Context``) are
bound to uop's as python/tests/tinygrad_suite/shim does.
"""

from typing import Callable, Optional

import numpy as np

from uop import Jit as TinyJit
from uop import Tensor
import uop.nn as nn
from uop.nn import Linear

Variable = int  # gpt2.py's start_pos is a symbolic Variable there; a plain int here
MAX_CONTEXT = 16  # gpt2.py: getenv("MAX_CONTEXT", 128)
HALF = 0


def function(fn):
    # tinygrad's @function marks a graph-level call boundary (an optimisation only); uop has none,
    # so the copied class keeps the decorator and it is the identity here.
    return fn


# Copied verbatim from tinygrad examples/beautiful_mnist.py (class Model, layers and __call__;
# its train_step / get_test_acc sample MNIST with Tensor.randint and read a global `opt`, so the
# test writes its own jitted step with the same body on a fixed synthetic batch).
class Model:
  def __init__(self):
    self.layers: list[Callable[[Tensor], Tensor]] = [
      nn.Conv2d(1, 32, 5), Tensor.relu,
      nn.Conv2d(32, 32, 5), Tensor.relu,
      nn.BatchNorm(32), Tensor.max_pool2d,
      nn.Conv2d(32, 64, 3), Tensor.relu,
      nn.Conv2d(64, 64, 3), Tensor.relu,
      nn.BatchNorm(64), Tensor.max_pool2d,
      lambda x: x.flatten(1), nn.Linear(576, 10)]

  @function
  def __call__(self, x:Tensor) -> Tensor: return x.sequential(self.layers)


def _synthetic_mnist(n, seed=0):
    # Label = which of 10 vertical bands of the 28x28 image is brightest: a rule a conv net learns.
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 1, 28, 28)).astype(np.float32) * 0.3
    y = rng.integers(0, 10, n)
    for i, c in enumerate(y):
        x[i, 0, :, 1 + 2 * c:3 + 2 * c + 2] += 1.5
    return x, y.astype(np.int32)


def test_beautiful_mnist_adam_under_jit():
    model = Model()
    # BatchNorm's running stats and counter are buffers (tinygrad's is_param_(False)): with
    # requires_grad None, Adam took the int64 counter as a parameter (TypeError).
    for bn in (model.layers[4], model.layers[10]):
        assert all(t.requires_grad is False
                   for t in (bn.running_mean, bn.running_var, bn.num_batches_tracked))
    opt = nn.optim.Adam(nn.state.get_parameters(model))
    traces = []

    @TinyJit
    def train_step(X, Y):
        traces.append(1)  # runs only while tracing
        with nn.training():
            opt.zero_grad()
            loss = model(X).sparse_categorical_crossentropy(Y).backward()
            return loss.realize(*opt.schedule_step())

    xs, ys = _synthetic_mnist(16)
    X, Y = Tensor(xs), Tensor(ys)
    losses = [float(train_step(X, Y).numpy()) for _ in range(6)]
    print("beautiful_mnist losses:", losses)
    assert len(traces) == 1, f"jit traced {len(traces)} times"
    assert all(np.isfinite(losses)), losses
    assert losses[-1] < 0.7 * losses[0], losses
    # BatchNorm's in-place running-stat updates are jit state: each replay advances them.
    assert int(model.layers[4].num_batches_tracked.numpy()) == 6
    assert np.abs(model.layers[10].running_mean.numpy()).max() > 0


# Copied verbatim from tinygrad examples/gpt2.py (class Attention).
class Attention:
  def __init__(self, dim, n_heads):
    self.c_attn = Linear(dim, 3*dim, bias=True)
    self.c_proj = Linear(dim, dim, bias=True)
    self.n_heads = n_heads
    self.dim = dim
    self.head_dim = dim // n_heads

  def __call__(self, x:Tensor, start_pos:Variable, mask:Optional[Tensor]) -> Tensor:
    if HALF: x = x.half()
    xqkv = self.c_attn(x).reshape(None, None, 3, self.n_heads, self.head_dim)
    xq, xk, xv = [xqkv[:, :, i, :, :] for i in range(3)]
    bsz, seqlen, _, _ = xq.shape

    # create kv cache
    if not hasattr(self, "cache_kv"):
      self.cache_kv = Tensor.zeros(2, bsz, MAX_CONTEXT, self.n_heads, self.head_dim, dtype=x.dtype).contiguous().realize()

    # update the cache
    self.cache_kv[:, :, start_pos:start_pos+seqlen, :, :].assign(Tensor.stack(xk, xv)).realize()

    keys = self.cache_kv[0][:, :start_pos+seqlen, :, :]
    values = self.cache_kv[1][:, :start_pos+seqlen, :, :]

    xq, keys, values = xq.transpose(1, 2), keys.transpose(1, 2), values.transpose(1, 2)
    return self.c_proj(xq.scaled_dot_product_attention(keys, values, mask).transpose(1, 2).reshape(bsz, seqlen, self.dim))


def _attention_reference(w_attn, b_attn, w_proj, b_proj, xs, n_heads):
    # float64 numpy: causal attention over the whole sequence, returned per position.
    x = np.concatenate(xs, axis=1).astype(np.float64)
    bsz, t, dim = x.shape
    hd = dim // n_heads
    qkv = (x @ w_attn.T + b_attn).reshape(bsz, t, 3, n_heads, hd)
    q, k, v = (qkv[:, :, i].transpose(0, 2, 1, 3) for i in range(3))
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    s = s + np.triu(np.full((t, t), -np.inf), 1)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    o = (p @ v).transpose(0, 2, 1, 3).reshape(bsz, t, dim)
    return o @ w_proj.T + b_proj


def test_gpt2_attention_kv_cache_decode():
    dim, n_heads, bsz, prompt, steps = 32, 4, 2, 3, 4
    attn = Attention(dim, n_heads)
    rng = np.random.default_rng(1)
    xs = [rng.standard_normal((bsz, prompt, dim)).astype(np.float32)]
    xs += [rng.standard_normal((bsz, 1, dim)).astype(np.float32) for _ in range(steps)]
    outs, start_pos = [], 0
    for x in xs:
        seqlen = x.shape[1]
        # gpt2.py's Transformer: a causal mask for the prompt, none for one-token decode steps.
        mask = (Tensor.full((1, 1, seqlen, start_pos + seqlen), float("-inf")).triu(start_pos + 1)
                if seqlen > 1 else None)
        outs.append(attn(Tensor(x), start_pos, mask).numpy())
        start_pos += seqlen
    ref = _attention_reference(*(t.numpy().astype(np.float64) for t in
                                 (attn.c_attn.weight, attn.c_attn.bias, attn.c_proj.weight, attn.c_proj.bias)),
                               xs, n_heads)
    got = np.concatenate(outs, axis=1)
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
    # The cache holds every position's keys/values written through the sliced assign.
    cache = attn.cache_kv.numpy()
    assert not cache[:, :, start_pos:].any()
    assert cache[:, :, :start_pos].any(axis=(-1, -2)).all()
