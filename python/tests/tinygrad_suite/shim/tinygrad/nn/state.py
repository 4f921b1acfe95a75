"""tinygrad.nn.state: uop.nn.state, forwarded."""

from uop.nn.state import *  # noqa: F401,F403
