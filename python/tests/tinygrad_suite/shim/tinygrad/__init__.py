"""A stand-in for the ``tinygrad`` package, just wide enough for tinygrad's test/backend/test_ops.py
and test_nn.py to import and run against ``uop.Tensor`` (python/tests/tinygrad_suite/run_suite.py and
run_nn_suite.py put it first on sys.path). ``Tensor`` is ``uop.Tensor`` itself, ``TinyJit`` is
``uop.Jit`` and ``tinygrad.nn`` is ``uop.nn``: nothing of tinygrad's is reimplemented here."""

from uop import Jit as TinyJit
from uop import Tensor
from uop.dtypes import dtypes

from .device import Device
from .helpers import Context

__all__ = ["Tensor", "Device", "dtypes", "Context", "TinyJit"]
