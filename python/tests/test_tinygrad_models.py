"""tinygrad example models run on ``uop.Tensor`` / ``uop.nn`` / ``uop.jit``.

The model classes are copied verbatim from the pinned tinygrad checkout (cited per class) so the
test needs no checkout; the names they use (``nn``, ``Tensor``, ``TinyJit``, ``Context``) are
bound to uop's as python/tests/tinygrad_suite/shim does.
"""

from typing import Callable

import numpy as np

from uop import Jit as TinyJit
from uop import Tensor
import uop.nn as nn


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
    # tinygrad marks BatchNorm's running stats and num_batches_tracked is_param_(False); uop.nn's
    # BatchNorm leaves requires_grad None, so Adam took the int64 counter as a parameter (TypeError).
    for bn in (model.layers[4], model.layers[10]):
        for t in (bn.running_mean, bn.running_var, bn.num_batches_tracked):
            t.requires_grad = False
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
