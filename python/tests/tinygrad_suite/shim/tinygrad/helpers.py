"""The names test_ops.py and test_nn.py import from tinygrad.helpers."""

import contextlib
import os


def getenv(key, default=0):
    return type(default)(os.environ.get(key, default))


class _Dev:
    """tinygrad's DEV: which interface/renderer runs (ours: the C renderer on the CPU)."""
    interface = ""
    renderer = "C"
    device = "CPU"


DEV = _Dev()
DEBUG = getenv("DEBUG")
IMAGE = 0


@contextlib.contextmanager
def Context(**kwargs):
    """tinygrad's scoped settings. TRAINING is uop.nn's training mode (``uop.nn.training``); the
    others (NOOPT=1 ...) are the tinygrad compiler's, which uop has none of to change."""
    if "TRAINING" not in kwargs:
        yield
        return
    from uop.nn import training
    with training(bool(kwargs["TRAINING"])):
        yield


class GlobalCounters:
    """tinygrad's operation and kernel counters: uop does not count, so they stay 0 (the tests that
    read them are excluded in run_nn_suite.py)."""
    global_ops = global_mem = kernel_count = 0

    @classmethod
    def reset(cls):
        cls.global_ops = cls.global_mem = cls.kernel_count = 0
