"""An assign at a position held by a 0-d integer tensor (``cache[:, pos] = kv``, tinygrad's
setitem with a tensor index): lazily a where over the axis, stored as a slice by realize()
and by a uop.jit replay, which reads the position from the call's argument, so a decode step
traces once for every position and stores only the slice. Compared with numpy."""

import numpy as np
import pytest

import uop
from uop import Tensor
from uop._mutable import StoreStats


def pos(p, dtype=np.int32):
    return Tensor(np.array(p, dtype))


def test_assign_at_tensor_positions_lazy_and_stored():
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    steps = [(2, 10.0), (-1, 20.0), (7, 30.0), (-7, 40.0), (0, 50.0)]  # 7, -7: outside, no write
    want = a.copy()
    for p, val in steps:
        if -6 <= p < 6:
            want[:, p] = val
    want.T[3, 1:3] = 60
    want.reshape(2, 12)[1, 5] = 70

    def run(t, realize_each):
        for p, val in steps:
            t[:, pos(p)] = np.full(4, val, np.float32)
            if realize_each:
                t.realize()
        t.T[pos(3, np.int64), 1:3] = np.full(2, 60, np.float32)   # through a permuted view
        t.reshape(2, 12)[1, pos(5, np.int8)] = 70.0                # through a reshaped view
        return t

    lazy = run(Tensor(a).contiguous().realize(), False)
    np.testing.assert_array_equal(lazy.numpy(), want)        # the where merge, not realized
    StoreStats.reset()
    lazy.realize()                                          # all seven stores in one realize
    np.testing.assert_array_equal(lazy.numpy(), want)
    assert StoreStats.stored_bytes == (3 * 4 + 2 + 1) * 4
    StoreStats.reset()
    each = run(Tensor(a).contiguous().realize(), True)
    np.testing.assert_array_equal(each.realize().numpy(), want)
    assert StoreStats.stored_bytes == (3 * 4 + 2 + 1) * 4 and StoreStats.copies == 1


def test_position_values_read_earlier_stores():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = Tensor(a).contiguous().realize()
    t[:, pos(1)] = np.full(3, -1, np.float32)
    t[pos(2)] += t[pos(0)]
    t[pos(0), pos(3)] = t[1, 1] * 10
    w = a.copy()
    w[:, 1] = -1
    w[2] += w[0]
    w[0, 3] = w[1, 1] * 10
    np.testing.assert_array_equal(t.realize().numpy(), w)


def test_other_tensor_indices_still_raise():
    t = Tensor(np.zeros((3, 4), np.float32))
    with pytest.raises(NotImplementedError, match="advanced indexing"):
        t[Tensor(np.array([0, 2]))] = 1.0
    with pytest.raises(TypeError, match="must hold integers"):
        t[Tensor(np.array(True))] = 1.0                     # a bool is not a position


def test_jitted_decode_step_traces_once_and_stores_the_slice():
    T, d = 8, 4
    rng = np.random.default_rng(0)
    wq = rng.standard_normal((d, d)).astype(np.float32)

    class Decoder:
        def __init__(self):
            self.cache = Tensor.zeros(1, T, d).contiguous().realize()

        @uop.jit
        def step(self, x, p):
            self.cache[:, p] = (x @ Tensor(wq)).reshape(1, d)
            return ((Tensor.arange(T).reshape(1, T, 1) <= p).where(self.cache, 0)).sum(1)

    m, ref = Decoder(), np.zeros((1, T, d), np.float32)
    stats, addresses = uop.Jit.stats, []
    order = [0, 1, 2, 3, 5, 4, -2, 9, 7]      # -2 is 6; 9 is outside the cache: nothing stored
    for p in order:
        x = rng.standard_normal((1, 1, d)).astype(np.float32)
        before, copies = stats.stored_bytes, stats.state_copies
        out = m.step(Tensor(x), pos(p))
        q = p % T if -T <= p < T else None
        if q is not None:
            ref[:, q] = (x @ wq).reshape(1, d)
        visible = (np.arange(T) <= p).reshape(1, T, 1)
        np.testing.assert_allclose(out.numpy(), np.where(visible, ref, 0).sum(1), rtol=1e-5, atol=1e-5)
        assert stats.stored_bytes - before == (d * 4 if q is not None else 0)
        addresses.append(m.cache._node.data.ctypes.data)
        if len(addresses) > 2:
            assert stats.state_copies == copies            # in place after the first replay
    assert m.step.traces == 1
    assert len(set(addresses[1:])) == 1
    np.testing.assert_allclose(m.cache.numpy(), ref, rtol=1e-5, atol=1e-6)


def test_jitted_bfloat16_cache_is_stored_in_place():
    T, d = 6, 4
    cache = Tensor.zeros(1, T, d, dtype=uop.bfloat16).contiguous().realize()

    @uop.jit
    def step(x, p):
        cache[:, p] = x
        return cache.sum(1)

    stats, ref, addresses = uop.Jit.stats, np.zeros((1, T, d), np.float32), []
    for p in [0, 3, -1, 2, 4, 5, 1]:
        x = Tensor(np.full((1, d), p + 0.3, np.float32), dtype=uop.bfloat16)
        before = stats.stored_bytes
        out = step(x, pos(p))
        ref[:, p] = x.numpy().astype(np.float32)
        np.testing.assert_array_equal(cache.numpy().astype(np.float32), ref)
        np.testing.assert_allclose(out.numpy().astype(np.float32), ref.sum(1), rtol=1e-2)
        assert stats.stored_bytes - before == d * 2          # bfloat16's two bytes per element
        addresses.append(cache._node.data.ctypes.data)
    assert step.traces == 1 and cache.dtype is uop.bfloat16
    assert len(set(addresses[1:])) == 1
