"""Bad shapes and arguments of Tensor ops raise ValueError / TypeError at once."""

import numpy as np
import pytest

import uop
from uop import Tensor

X = Tensor(np.ones((2, 3, 4), np.float32))


@pytest.mark.parametrize("build", [
    lambda: X + Tensor(np.ones((3, 3), np.float32)),
    lambda: X * Tensor(np.ones((5,), np.float32)),
    lambda: Tensor(np.ones((2, 3), np.float32)) @ Tensor(np.ones((4, 2), np.float32)),
    lambda: X @ X,
    lambda: Tensor(np.ones(3, np.float32)) @ Tensor(np.ones((4, 2), np.float32)),
    lambda: Tensor(np.float32(1.0)) @ Tensor(np.ones((1, 2), np.float32)),
    lambda: X.reshape(5, 5),
    lambda: X.reshape(-1, -1),
    lambda: X.reshape(7, -1),
    lambda: X.permute(0, 1),
    lambda: X.permute(0, 0, 1),
    lambda: X.expand(2, 5, 4),
    lambda: X.expand(3, 4),
    lambda: X.pad([(1, 1)]),
    lambda: X.pad([(0, 0), (-4, 0), (0, 0)]),  # crops more than the dim holds
    lambda: X.shrink([(0, 2), (2, 1), (0, 4)]),
    lambda: X.shrink([(0, 2), (0, 4), (0, 4)]),
    lambda: X.shrink([(0, 2)]),
    lambda: X.sum(axis=3),
    lambda: X.max(axis=(0, 0)),
    lambda: X.flip(-4),
], ids=lambda f: "")
def test_bad_shapes_raise_value_error(build):
    with pytest.raises(ValueError):
        build()


def test_error_messages_name_the_shapes():
    with pytest.raises(ValueError, match=r"\(2, 3, 4\).*\(1, 3, 3\)|cannot be broadcast"):
        X + Tensor(np.ones((3, 3), np.float32))
    with pytest.raises(ValueError, match="inner dimensions"):
        Tensor(np.ones((2, 3), np.float32)) @ Tensor(np.ones((4, 2), np.float32))


@pytest.mark.parametrize("build", [
    lambda: X.cast("complex64"),
    lambda: Tensor("abc"),
    lambda: Tensor(np.array(["a"])),
    lambda: X.reshape(2.5, 2),
])
def test_bad_types_raise_type_error(build):
    with pytest.raises(TypeError):
        build()


def test_int64_values_that_do_not_fit():
    with pytest.raises(ValueError, match="int32"):
        Tensor(np.array([2 ** 40]), dtype="int32")
    assert Tensor(np.array([2 ** 40])).dtype is uop.int64  # int64 arrays stay int64


def test_unknown_device():
    with pytest.raises(ValueError, match="unknown device"):
        (X + 1).numpy(device="tpu")


def test_lazy_tensor_has_no_truth_value():
    with pytest.raises(TypeError):
        bool(X)
