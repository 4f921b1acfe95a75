"""tinygrad.nn.optim: uop.nn.optim, forwarded."""

from uop.nn.optim import *  # noqa: F401,F403
