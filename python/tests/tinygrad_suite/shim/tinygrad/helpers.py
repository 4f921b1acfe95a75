"""The names test_ops.py imports from tinygrad.helpers."""

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
def Context(**_kwargs):
    """tinygrad's scoped settings (NOOPT=1 ...): the uop compiler has none of them to change."""
    yield
