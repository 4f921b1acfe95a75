"""uop.Tensor on edge-case shapes: 0-d arrays, empty tensors, 1-sized dims."""

import numpy as np
import pytest

from uop import Tensor


def test_a_0d_array_stays_0d():
    # np.ascontiguousarray makes 0-d arrays 1-d; an input of shape () must keep it.
    a = np.array(2.5, np.float32)
    t = Tensor(a)
    assert t.shape == () and t.ndim == 0
    assert "tensor<f32>" in (t + 1).to_mlir()
    got = (t + 1).numpy()
    assert got.shape == () and got == np.float32(3.5)
    assert t.numpy().shape == ()
    b = np.array(3.0)  # float64
    assert Tensor(b).shape == () and (Tensor(b) * Tensor(a)).numpy() == 7.5


def test_a_0d_array_broadcasts():
    a = np.array(2.0, np.float32)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal((Tensor(x) * Tensor(a)).numpy(), x * 2)


E = np.zeros((0, 5), np.float32)
X = np.arange(5, dtype=np.float32)

EMPTY_CASES = {
    "sum_empty_axis": (lambda: Tensor(E).sum(0), E.sum(0)),
    "sum_all_empty": (lambda: Tensor(E).sum(), np.float32(0)),
    "max_empty_axis": (lambda: Tensor(E).max(0), np.full(5, -np.inf, np.float32)),
    "mean_empty_axis": (lambda: Tensor(E).mean(0), np.full(5, np.nan, np.float32)),
    "sum_other_axis": (lambda: Tensor(E).sum(1), E.sum(1)),
    "elementwise": (lambda: (Tensor(E) + 1).exp(), np.exp(E + 1)),
    "pad_of_empty": (lambda: Tensor(E).pad([(1, 2), None]), np.pad(E, [(1, 2), (0, 0)])),
    "mixed_with_data": (lambda: (Tensor(E).sum(0) + Tensor(X)) * 2, (E.sum(0) + X) * 2),
    "shrink_to_empty": (lambda: Tensor(X).shrink([(2, 2)]), X[2:2]),
    "int_max_empty": (lambda: Tensor(np.zeros((3, 0), np.int32)).max(1),
                      np.full(3, np.iinfo(np.int32).min, np.int32)),
}


@pytest.mark.parametrize("name", sorted(EMPTY_CASES))
def test_empty_tensors(name):
    build, expected = EMPTY_CASES[name]
    t = build()
    got = t.numpy()
    assert got.shape == np.shape(expected)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(got, expected)
        np.testing.assert_array_equal(t.reference(), expected)


def test_unit_dims_everywhere():
    a = np.random.default_rng(0).uniform(-1, 1, (1, 7, 1)).astype(np.float32)
    t = Tensor(a)
    r = (t.permute(2, 0, 1).reshape(7, 1) @ Tensor(np.ones((1, 1), np.float32))).sum(axis=0, keepdim=True)
    np.testing.assert_allclose(r.numpy(), a.reshape(7, 1).sum(0, keepdims=True), rtol=1e-6)


# -- argument checking found by poking at the API ---------------------------------------

def test_int_scalars_must_fit_in_int32():
    with pytest.raises(ValueError, match="does not fit in int32"):
        Tensor(2 ** 40)
    with pytest.raises(ValueError, match="does not fit in int32"):
        Tensor(np.arange(3, dtype=np.int32)) + 2 ** 31  # used to wrap to -2**31 silently
    assert Tensor(-2 ** 31).numpy() == -2 ** 31
    # A float tensor takes the value as a float.
    a = np.ones(2, np.float32)
    np.testing.assert_array_equal((Tensor(a) + 2 ** 40).numpy(), a + np.float32(2 ** 40))


def test_pad_and_shrink_take_integer_pairs():
    t = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="1.5 is not an integer"):
        t.pad([(1.5, 1), None])
    with pytest.raises(TypeError, match="1.5 is not an integer"):
        t.shrink([(0, 1.5), None])
    with pytest.raises(ValueError, match=r"\(low, high\) pair"):
        t.pad([(1,), (1, 1)])
    assert t.pad([(np.int64(1), 0), [0, 2]]).shape == (3, 5)


def test_maximum_is_a_method_not_an_operator():
    t = Tensor(np.array([[0.0, 5.0, 1.0]], np.float32))
    # A list is an input array; other objects are a TypeError (not a NotImplemented result).
    np.testing.assert_array_equal(t.maximum([1, 2, 3]).numpy(), [[1, 5, 3]])
    with pytest.raises(TypeError, match="maximum"):
        t.maximum("x")


def test_axis_must_be_an_int_or_a_tuple():
    t = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="axis must be"):
        t.sum(axis=1.5)
