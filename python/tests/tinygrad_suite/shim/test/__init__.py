"""A stand-in for tinygrad's ``test`` package: only ``test.helpers``."""
