"""A stand-in for the ``tinygrad`` package, just wide enough for tinygrad's test/backend/test_ops.py
to import and run against ``uop.Tensor`` (python/tests/tinygrad_suite/run_suite.py puts it first on
sys.path). ``Tensor`` is ``uop.Tensor`` itself: nothing of tinygrad's is reimplemented here."""

from uop import Tensor
from uop.dtypes import dtypes

from .device import Device
from .helpers import Context

__all__ = ["Tensor", "Device", "dtypes", "Context"]
