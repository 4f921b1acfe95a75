"""``uop.nn``: tinygrad's layers over :class:`uop.Tensor` (docs/python.md)."""
