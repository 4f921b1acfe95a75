from uop.dtypes import dtypes, DType  # noqa: F401
