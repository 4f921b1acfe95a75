"""tinygrad.nn: uop.nn's layers (python/uop/nn), forwarded."""

from uop.nn import *  # noqa: F401,F403
from uop.nn import __all__  # noqa: F401
from . import state  # noqa: F401
