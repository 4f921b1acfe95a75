"""realize() of slice assigns outside uop.jit stores the slices into the tensor's buffer
(_mutable.py's _store_slice): several assigns before one realize, slices of reshaped and
permuted views, bfloat16. Every result is compared with numpy doing the same stores; the
aliasing cases check that whatever still reads an old value (a lazy tensor, a held view or
value, an alias, an array from numpy(), the caller's array) keeps it."""

import numpy as np
import pytest

import uop
from uop import Tensor
from uop._mutable import StoreStats


def realized(a, dtype=None):
    return Tensor(a, dtype=dtype).contiguous().realize()


def rnd(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


@pytest.fixture(autouse=True)
def _reset_stats():
    StoreStats.reset()


def test_several_assigns_before_one_realize_store_only_the_slices():
    a = rnd(4, 6)
    t, want = realized(a), a.copy()
    t[1:3, 2:4].assign(np.ones((2, 2), np.float32))
    t[0].assign(np.full(6, 7, np.float32))
    t[3, ::-2].assign(np.arange(3, dtype=np.float32))
    t[1:3, 3:5].assign(np.full((2, 2), -1, np.float32))     # overlaps the first store
    want[1:3, 2:4] = 1
    want[0] = 7
    want[3, ::-2] = np.arange(3)
    want[1:3, 3:5] = -1
    t.realize()
    np.testing.assert_array_equal(t.numpy(), want)
    assert t._node.op == "input"
    assert StoreStats.stored_bytes == (4 + 6 + 3 + 4) * 4 and StoreStats.copies == 1
    buf = id(t._node.data)
    for step in range(3):                                    # later rounds: in place
        t[step].assign(np.full(6, step, np.float32))
        t[step + 1, :2] += 1
        want[step] = step
        want[step + 1, :2] += 1
        t.realize()
        np.testing.assert_array_equal(t.numpy(), want)
        assert id(t._node.data) == buf
    assert StoreStats.copies == 1
    assert StoreStats.stored_bytes == (17 + 3 * (6 + 2)) * 4


def test_values_read_the_state_before_their_own_store():
    a = rnd(5, 3)
    t, want = realized(a), a.copy()
    t[1] += 1
    t[2] += t[1]                    # reads the state after the first store
    t[0:2].assign(t[1:3] * 2)       # reads both stores; overlaps them
    t[4] = t[0] - t[4]
    want[1] += 1
    want[2] += want[1]
    want[0:2] = want[1:3] * 2
    want[4] = want[0] - want[4]
    t.realize()
    np.testing.assert_allclose(t.numpy(), want, rtol=1e-6)
    assert StoreStats.copies == 1 and StoreStats.stored_bytes == (3 + 3 + 6 + 3) * 4


def test_a_value_that_is_a_view_of_the_tensor():
    """t[0] = t[1]: the value is a view of t itself; realizing it must not realize t from
    inside t's own store (that stored twice and copied the buffer twice)."""
    a = rnd(3, 4)
    t, want = realized(a), a.copy()
    t[0] = t[1]
    t[2] = t[0] * 2
    want[0] = want[1]
    want[2] = want[0] * 2
    t.realize()
    np.testing.assert_array_equal(t.numpy(), want)
    assert StoreStats.stored_bytes == 2 * 4 * 4 and StoreStats.copies == 1


def test_readers_of_old_values_keep_them():
    a = rnd(4, 3)
    t = realized(a)
    snap = t.numpy()                              # an array numpy() gave out
    t[0].assign(np.zeros(3, np.float32))
    mid = t * 1                                   # a lazy reader of the state between stores
    row = t[1]
    row += 5                                      # a held view, assigned through
    v = t[0] + t[2]                               # a held value computed from a state
    t[3].assign(v)
    t[0].assign(np.ones(3, np.float32))
    t.realize()
    want = a.copy()
    want[0] = 0
    want_mid = want.copy()
    want[1] += 5
    want[3] = want[0] + want[2]
    want[0] = 1
    np.testing.assert_allclose(t.numpy(), want, rtol=1e-6)
    np.testing.assert_array_equal(snap, a)
    np.testing.assert_array_equal(mid.numpy(), want_mid)
    np.testing.assert_allclose(row.numpy(), a[1] + 5, rtol=1e-6)
    np.testing.assert_allclose(v.numpy(), want_mid[0] + want_mid[2], rtol=1e-6)
    # the readers were live, so this realize computed the whole tensor: nothing stored
    assert StoreStats.stored_bytes == 0
    del mid, row
    # with the readers gone the next one stores; an alias sharing the buffer keeps its value
    alias = Tensor.zeros(4, 3)
    alias.assign(t)
    kept = t.numpy()
    t[2, 1:].assign(np.full(2, 9, np.float32))
    t[1, :1].assign(np.full(1, 8, np.float32))
    t.realize()
    want[2, 1:] = 9
    want[1, :1] = 8
    np.testing.assert_allclose(t.numpy(), want, rtol=1e-6)
    np.testing.assert_allclose(alias.numpy(), kept)
    assert StoreStats.stored_bytes == 3 * 4 and StoreStats.copies == 1


def test_a_tensor_sharing_the_node_sees_no_store():
    a = rnd(3, 4)
    t = realized(a)
    t[0].assign(np.zeros(4, np.float32))
    same = Tensor(t)                               # the same node: its value is this state
    t[1].assign(np.ones(4, np.float32))
    t.realize()
    want = a.copy()
    want[0] = 0
    np.testing.assert_array_equal(same.numpy(), want)
    want[1] = 1
    np.testing.assert_array_equal(t.numpy(), want)


def test_the_callers_array_is_never_written():
    user = np.zeros((4, 6), np.float32)
    t = Tensor(user)
    t[1:3].assign(np.ones((2, 6), np.float32))
    t.reshape(2, 12)[1, 3:7].assign(np.full(4, 2, np.float32))
    t.realize()
    assert not user.any()
    want = np.zeros((4, 6), np.float32)
    want[1:3] = 1
    want.reshape(2, 12)[1, 3:7] = 2
    np.testing.assert_array_equal(t.numpy(), want)
    assert StoreStats.copies == 1


@pytest.mark.parametrize("view,stored", [
    (lambda t: t.reshape(2, 12)[:, 3:5], True),
    (lambda t: t.reshape(2, 2, 6).permute(2, 0, 1)[1:4, 1], True),
    (lambda t: t.flatten()[5:17:3], True),
    (lambda t: t.T[1:3, ::2], True),
    (lambda t: t.unsqueeze(0)[0, 1:3, 4:], True),
    (lambda t: t.flip(1)[:2, :3], True),
    (lambda t: t.reshape(4, 3, 2).shrink(((1, 3), None, (1, 2))), True),
    # a reshape of a permuted view: not a view of the buffer, the whole tensor is computed
    (lambda t: t.permute(1, 0).reshape(3, 8)[2, 1:6], False),
], ids=["reshape", "reshape_permute", "flatten_step", "T", "unsqueeze", "flip", "reshape_shrink",
        "permute_reshape"])
def test_a_slice_of_a_moved_view_stores_only_the_slice(view, stored):
    a = rnd(4, 6)
    t, want = realized(a), a.copy()
    shape = view(t).shape
    v = rnd(*shape, seed=1)
    view(t).assign(v)
    # the same view of numpy's array (a view of it, the same elements)
    np_view = view(Tensor(np.arange(24, dtype=np.float32).reshape(4, 6))).numpy().astype(int)
    want.reshape(-1)[np_view.reshape(-1)] = v.reshape(-1)
    t.realize()
    np.testing.assert_array_equal(t.numpy(), want)
    assert StoreStats.stored_bytes == (v.size * 4 if stored else 0)
    assert StoreStats.copies == int(stored)


def test_bfloat16_slices_are_stored():
    a = rnd(4, 6)
    t = realized(a, dtype=uop.bfloat16)
    want = t.numpy().astype(np.float32)
    v = rnd(2, 2, seed=3)
    t[1:3, 2:4].assign(Tensor(v, dtype=uop.bfloat16))
    t[0] += 1
    t.T[5, ::3].assign(Tensor(np.array([1.5, -2.25], np.float32), dtype=uop.bfloat16))
    bf = lambda x: Tensor(np.asarray(x, np.float32), dtype=uop.bfloat16).numpy().astype(np.float32)
    want[1:3, 2:4] = bf(v)
    want[0] = bf(want[0] + 1)
    want.T[5, ::3] = [1.5, -2.25]
    t.realize()
    np.testing.assert_array_equal(t.numpy().astype(np.float32), want)
    assert t.dtype is uop.bfloat16
    assert StoreStats.stored_bytes == (4 + 6 + 2) * 2 and StoreStats.copies == 1
    # the stored values are bfloat16's: a program reading the buffer sees the same
    np.testing.assert_array_equal((t * 1).numpy().astype(np.float32), want)


def test_a_whole_tensor_assign_in_between_computes_the_whole_tensor():
    a = rnd(3, 3)
    t = realized(a)
    t[0].assign(np.zeros(3, np.float32))
    t.assign(t * 2)
    t[1].assign(np.ones(3, np.float32))
    t.realize()
    want = a.copy()
    want[0] = 0
    want *= 2
    want[1] = 1
    np.testing.assert_allclose(t.numpy(), want, rtol=1e-6)
    assert StoreStats.stored_bytes == 0
