"""Mutable tensors (issue 44): Tensor.assign, assign through basic-indexing and movement views, the
in-place operators, realize() in place, and uop.jit replaying assigns (state tensors,
assigned arguments, .grad, a KV-cache decode step, the method form)."""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

RNG = np.random.default_rng(44)


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# -- assign ----------------------------------------------------------------------------------

def test_assign_rebinds_the_value_and_keeps_old_dependents():
    a, b = f32(3, 4), f32(3, 4)
    x = Tensor(a)
    y = x * 2                                  # computed from the old value
    assert x.assign(Tensor(b) + 1) is x        # returns the tensor itself
    np.testing.assert_allclose(x.numpy(), b + 1, rtol=1e-6)
    np.testing.assert_allclose(y.numpy(), a * 2, rtol=1e-6)
    z = x * 3                                  # computed from the new value
    x.assign(Tensor(a))
    np.testing.assert_allclose(z.numpy(), (b + 1) * 3, rtol=1e-6)
    # broadcast values, scalars and lists take the tensor's dtype
    x.assign(Tensor(np.float32(5)))
    np.testing.assert_array_equal(x.numpy(), np.full((3, 4), 5, np.float32))
    x.assign(-1.5)
    np.testing.assert_array_equal(x.numpy(), np.full((3, 4), -1.5, np.float32))
    x.assign([1, 2, 3, 4])
    np.testing.assert_array_equal(x.numpy(), np.tile(np.arange(1, 5, dtype=np.float32), (3, 1)))
    assert x.assign(x) is x                    # a self assign is nothing


def test_assign_errors():
    x = Tensor(f32(3, 4))
    with pytest.raises(ValueError, match=r"assign: a value of shape \(2, 4\)"):
        x.assign(Tensor(f32(2, 4)))
    with pytest.raises(RuntimeError, match="dtype mismatch, the tensor is float32 and the value int32"):
        x.assign(Tensor(np.ones((3, 4), np.int32)))
    i = Tensor(np.arange(4, dtype=np.int32))
    with pytest.raises(ValueError, match="dtype mismatch"):
        i /= 2                                 # true division makes floats (tinygrad: an error too)
    with pytest.raises(NotImplementedError, match="advanced indexing"):
        x[Tensor(np.array([0, 2]))].assign(Tensor(f32(2, 4)))
    with pytest.raises(NotImplementedError, match="advanced indexing"):
        x[Tensor(np.array([0, 2]))] = 1.0       # item assignment through a tensor index
    x[0] = 1.0                                  # through a basic index: tinygrad's item assignment
    np.testing.assert_array_equal(x.numpy()[0], np.ones(4, np.float32))
    np.testing.assert_array_equal(i.numpy(), np.arange(4))   # unchanged by the failed ops


@pytest.mark.parametrize("index", [
    (slice(None), slice(1, 3)), 2, (1, 4), -1, (slice(None, None, 2),), (slice(None, None, -1), 0),
    (slice(4, 0, -3), slice(1, None, 2)), (Ellipsis, 0), (None, slice(1, 3), None, 2),
    (slice(1, 2), Ellipsis, None), (slice(2, 2),), Ellipsis, slice(None)])
def test_assign_through_a_view_writes_the_base(index):
    a = f32(5, 6)
    x = Tensor(a)
    before = x + 0
    view = x[index]
    v = f32(*view.shape)
    assert view.assign(Tensor(v)) is view
    e = a.copy()
    e[index] = v.reshape(e[index].shape)
    np.testing.assert_array_equal(x.numpy(), e)
    np.testing.assert_array_equal(view.numpy(), v)
    np.testing.assert_array_equal(before.numpy(), a)


# Views made by movement ops write through; each case: (uop view, numpy view of the same elements)
MOVE_VIEWS = {
    "reshape": (lambda t: t.reshape(6, 2, 5), lambda a: a.reshape(6, 2, 5)),
    "reshape_slice": (lambda t: t.reshape(3, 20)[1:, 5:12], lambda a: a.reshape(3, 20)[1:, 5:12]),
    "flatten": (lambda t: t.flatten()[7:31:3], lambda a: a.reshape(-1)[7:31:3]),
    "view_unsqueeze": (lambda t: t.view(60).unsqueeze(0), lambda a: a.reshape(1, 60)),
    "squeeze": (lambda t: t[:, 2:3].squeeze(1), lambda a: a[:, 2]),
    "permute": (lambda t: t.permute(2, 0, 1), lambda a: a.transpose(2, 0, 1)),
    "transpose_row": (lambda t: t.transpose(0, 2)[1], lambda a: a.transpose(2, 1, 0)[1]),
    "T_reshape": (lambda t: t.T.reshape(20, 3), lambda a: a.T.reshape(20, 3)),
    "shrink": (lambda t: t.shrink(((1, 3), None, (2, 4))), lambda a: a[1:3, :, 2:4]),
    "flip": (lambda t: t.flip(1)[:, :2], lambda a: a[:, ::-1][:, :2]),
    "permute_flip_reshape": (lambda t: t.permute(1, 0, 2).flip(0).reshape(4, 15)[::2],
                             lambda a: a.transpose(1, 0, 2)[::-1].reshape(4, 15)[::2]),
}


@pytest.mark.parametrize("name", sorted(MOVE_VIEWS))
def test_assign_through_a_movement_view_writes_the_base(name):
    make, np_view = MOVE_VIEWS[name]
    a = f32(3, 4, 5)
    x = Tensor(a).contiguous().realize()
    before = x * 1
    view = make(x)
    v = f32(*view.shape)
    assert view.assign(Tensor(v)) is view
    e = a.copy()
    # numpy's reshape of a transposed array copies: write through a view of an index array instead
    idx = np_view(np.arange(a.size).reshape(a.shape))
    e.reshape(-1)[idx.reshape(-1)] = v.reshape(-1)
    np.testing.assert_array_equal(x.numpy(), e)
    np.testing.assert_array_equal(view.numpy(), v)
    np.testing.assert_array_equal(before.numpy(), a)
    view += 1                                  # the in-place operators write through too
    e.reshape(-1)[idx.reshape(-1)] += 1
    np.testing.assert_array_equal(x.numpy(), e)


def test_nested_views_and_in_place_operators():
    a = np.arange(24, dtype=np.float32).reshape(4, 6)
    x, e = Tensor(a), a.copy()
    x[1][2:5].assign(Tensor(np.full(3, 9, np.float32)))
    e[1][2:5] = 9
    x[2:, ::2][0, 1:].assign(-7.0)
    e[2:, ::2][0, 1:] = -7
    np.testing.assert_array_equal(x.numpy(), e)
    x += 1
    x -= Tensor(a)
    x *= 2
    x /= 4
    e = (e + 1 - a) * 2 / 4
    np.testing.assert_allclose(x.numpy(), e, rtol=1e-6)
    x[1:3, 4] += 10                            # the view's iadd writes into x; x[...] = view is nothing
    x[0] *= Tensor(np.arange(6, dtype=np.float32))
    e[1:3, 4] += 10
    e[0] *= np.arange(6)
    np.testing.assert_allclose(x.numpy(), e, rtol=1e-6)
    b = Tensor(np.array([True, False, True]))
    b |= Tensor(np.array([False, True, False]))
    b ^= True
    np.testing.assert_array_equal(b.numpy(), [False, False, False])
    m = Tensor(np.eye(3, dtype=np.float32) * 2)
    m @= Tensor(np.eye(3, dtype=np.float32) * 3)
    np.testing.assert_array_equal(m.numpy(), np.eye(3) * 6)


def test_realize_in_place_keeps_autograd_state():
    a = f32(3)
    x = Tensor(a) * 2
    y = x + 1
    r = x.realize()
    assert r is x and x._node.op == "input"
    np.testing.assert_allclose(x.numpy(), a * 2, rtol=1e-6)
    np.testing.assert_allclose(y.numpy(), a * 2 + 1, rtol=1e-6)
    w = Tensor(a, requires_grad=True)
    (w * w).sum().backward()
    w.assign(w.detach() * 3).realize()
    assert w.requires_grad is True and w._node.op == "input"
    np.testing.assert_allclose(w.grad.numpy(), 2 * a, rtol=1e-6)   # .grad stays
    i = Tensor(np.arange(3)) + 1
    j = Tensor(np.arange(3)) * 1
    assert Tensor.realize(i, j) is i and j._node.op == "input"      # tinygrad's form


def test_realize_stores_a_slice_assign_in_place():
    """t[index].assign(v).realize() outside uop.jit computes the slice and stores it into the
    tensor's buffer (after one copy into a buffer realize owns), not a program over the whole
    tensor; whatever still reads the old value (a lazy tensor, an alias, the caller's array)
    keeps it: then the whole tensor is computed, as before."""
    from uop._mutable import StoreStats
    StoreStats.reset()
    cache = Tensor.zeros(2, 8, 3).contiguous().realize()
    want = np.zeros((2, 8, 3), np.float32)
    bufs = set()
    for p in range(6):
        v = f32(2, 1, 3)
        cache[:, p:p + 1].assign(Tensor(v) * 2).realize()     # a KV-cache decode step
        want[:, p:p + 1] = v * 2
        np.testing.assert_array_equal(cache.numpy(), want)
        assert cache._node.op == "input"
        bufs.add(id(cache._node.data))
    assert len(bufs) == 1                     # one buffer, written in place
    assert StoreStats.copies == 1 and StoreStats.stored_bytes == 6 * 2 * 3 * 4
    old = cache * 1                           # reads the old value: not stored in place
    alias = Tensor.zeros(2, 8, 3)
    alias.assign(cache)                       # shares the buffer
    cache[1, 7].assign(Tensor(np.full(3, 5, np.float32))).realize()
    np.testing.assert_array_equal(old.numpy(), want)
    np.testing.assert_array_equal(alias.numpy(), want)
    want[1, 7] = 5
    np.testing.assert_array_equal(cache.numpy(), want)
    assert StoreStats.stored_bytes == 6 * 2 * 3 * 4
    user = np.zeros((4, 3), np.float32)       # the caller's array is never written
    t = Tensor(user)
    t[::-2, 1:].assign(Tensor(np.ones((2, 2), np.float32))).realize()
    assert not user.any()
    e = np.zeros((4, 3), np.float32)
    e[::-2, 1:] = 1
    np.testing.assert_array_equal(t.numpy(), e)
    assert StoreStats.copies == 2
    b = Tensor(np.zeros(4, np.float32), dtype=uop.bfloat16)  # bfloat16 (its bits): computed
    b[1:3].assign(Tensor(np.array([1.5, 2.5], np.float32), dtype=uop.bfloat16)).realize()
    np.testing.assert_array_equal(b.numpy().astype(np.float32), [0, 1.5, 2.5, 0])


def test_assign_to_a_parameter_is_a_leaf_for_autograd():
    a = f32(4)
    w = Tensor(a, requires_grad=True)
    (w * w).sum().backward()
    w.assign(w.detach() - 0.25 * w.grad)       # an optimizer step: w = a / 2
    assert w.requires_grad is True
    w.grad = None
    (w * w * w).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), 3 * (a / 2) ** 2, rtol=1e-5, atol=1e-6)
    # no gradient flows into an assigned value (tinygrad: assign is not differentiated)
    p = Tensor(a, requires_grad=True)
    buf = Tensor.zeros(4)
    buf.assign(p * 2)
    assert buf.requires_grad is None
    q = Tensor(a, requires_grad=True)
    (buf * q).sum().backward()
    np.testing.assert_allclose(q.grad.numpy(), 2 * a, rtol=1e-6)
    np.testing.assert_array_equal(p.grad.numpy(), np.zeros(4))


# -- uop.jit replays assigns -----------------------------------------------------------------

def test_jit_writes_back_captured_state_and_arguments():
    acc = Tensor.zeros(3)
    count = Tensor(np.zeros((), np.float32))

    last = Tensor.zeros(3)

    def f(x, out):
        last.assign(x)                         # the argument's array itself
        acc.assign(acc + x)
        count.assign(count + 1)
        out.assign(x * 2)                      # an assigned argument: the caller's tensor
        return (acc * 1).realize()

    jf = uop.jit(f)
    xs = [f32(3) for _ in range(4)]
    total = np.zeros(3, np.float32)
    for x in xs:
        out = Tensor(np.zeros(3, np.float32))
        got = jf(Tensor(x), out)
        total = total + x
        np.testing.assert_allclose(got.numpy(), total, rtol=1e-6)
        np.testing.assert_allclose(out.numpy(), x * 2, rtol=1e-6)
        np.testing.assert_array_equal(last.numpy(), x)
    assert jf.traces == 1
    np.testing.assert_allclose(acc.numpy(), total, rtol=1e-6)
    assert count.item() == 4
    acc.assign(Tensor(np.ones(3, np.float32)))   # a change outside is read by the next replay
    jf(Tensor(xs[0]), Tensor(np.zeros(3, np.float32)))
    np.testing.assert_allclose(acc.numpy(), 1 + xs[0], rtol=1e-6)
    # a tensor made inside the function is not state
    jg = uop.jit(lambda x: Tensor.zeros(3).assign(x + 1) * 2)
    for x in xs:
        np.testing.assert_allclose(jg(Tensor(x)).numpy(), (x + 1) * 2, rtol=1e-6)
    assert jg.traces == 1


def test_jit_kv_cache_decode_step():
    d, t = 4, 6
    wq = f32(d, d)

    class Decoder:
        def __init__(self):
            self.cache = Tensor.zeros(1, t, d)

        @uop.jit
        def step(self, x, pos):            # pos a Python int: a trace per position
            self.cache[:, pos:pos + 1].assign(x @ Tensor(wq))
            return self.cache[:, :pos + 1].sum(1)

        @uop.jit
        def step_fixed(self, x, pos):      # pos a Tensor: one trace, replayed
            slot = Tensor.arange(t).reshape(1, t, 1) == pos
            self.cache.assign(slot.where(x @ Tensor(wq), self.cache))
            return ((Tensor.arange(t).reshape(1, t, 1) <= pos).where(self.cache, 0)).sum(1)

    a, b = Decoder(), Decoder()
    ref = np.zeros((1, t, d), np.float32)
    for p in range(t):
        x = f32(1, 1, d)
        ref[:, p:p + 1] = x @ wq
        want = ref[:, :p + 1].sum(1)
        np.testing.assert_allclose(a.step(Tensor(x), p).numpy(), want, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(b.step_fixed(Tensor(x), Tensor(np.array(p, np.int32))).numpy(), want,
                                   rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(a.cache.numpy(), ref, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(b.cache.numpy(), ref, rtol=1e-5, atol=1e-6)
    assert a.step.traces == t and b.step_fixed.traces == 1
    # each instance has its own recordings; the class attribute is the unbound jit
    c = Decoder()
    c.step_fixed(Tensor(f32(1, 1, d)), Tensor(np.array(0, np.int32)))
    assert c.step_fixed.traces == 1 and b.step_fixed.traces == 1 and Decoder.step_fixed.traces == 0
    np.testing.assert_allclose(b.cache.numpy(), ref, rtol=1e-5, atol=1e-6)   # c's call left b alone
    launches = runtime.stats.launches
    b.step_fixed(Tensor(f32(1, 1, d)), Tensor(np.array(2, np.int32)))
    assert runtime.stats.launches == launches + 2      # the output and the cache's write-back


def test_jit_backward_agrees_with_plain_calls():
    # backward() inside a jitted function is recorded as a VJP program and replayed
    def step(x):
        x.requires_grad = True
        (x * x).sum().backward()
        return x.grad

    jstep = uop.jit(step)
    for _ in range(3):
        a = f32(3)
        np.testing.assert_allclose(jstep(Tensor(a)).numpy(), 2 * a, rtol=1e-6)
    assert jstep.traces == 1
    w = Tensor(f32(3, 2), requires_grad=True)

    def grads(x, dy):
        y = (x @ w).tanh()
        gw, gx = y.gradient(w, x, gradient=dy * 2)
        return gw, gx, y

    jg = uop.jit(grads)
    for _ in range(3):
        x, dy = Tensor(f32(4, 3)), Tensor(f32(4, 2))
        for got, want in zip(jg(x, dy), grads(x, dy)):
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    assert jg.traces == 1


def test_jit_reads_weights_by_reference_and_accumulates_grads():
    wa = f32(3)
    w = Tensor(wa, requires_grad=True)
    predict = uop.jit(lambda x: x * w)          # w has requires_grad: read at each replay
    x = Tensor(f32(3))
    np.testing.assert_allclose(predict(x).numpy(), x.numpy() * wa, rtol=1e-6)
    w.assign(w.detach() + 1)                   # changed outside the jit
    np.testing.assert_allclose(predict(x).numpy(), x.numpy() * (wa + 1), rtol=1e-6)
    assert predict.traces == 1

    # backward without zero_grad sums into an existing .grad: a replay reads the .grad it
    # has now (a .grad that was None at the trace traces again once it is not: eager sums)
    v = Tensor(wa, requires_grad=True)
    v.grad = Tensor.zeros(3)

    def accumulate(x):
        (x * v).sum().backward()

    jacc = uop.jit(accumulate)
    total = np.zeros(3, np.float32)
    for _ in range(4):
        a = f32(3)
        total = total + a
        assert jacc(Tensor(a)) is None
        np.testing.assert_allclose(v.grad.numpy(), total, rtol=1e-5)
    assert jacc.traces == 1
    v.grad = None                   # a replay that would read a missing .grad traces again
    jacc(Tensor(wa))
    np.testing.assert_allclose(v.grad.numpy(), wa, rtol=1e-6)
    assert jacc.traces == 2


def test_jit_reads_buffers_that_another_jit_updates():
    # a realized buffer (tinygrad's idiom) is read at each replay, not frozen: one jitted
    # function writes it, another reads it
    cache = Tensor.zeros(4, 3).contiguous().realize()
    write = uop.jit(lambda row, v: cache.assign((Tensor.arange(4).reshape(4, 1) == row).where(v, cache)))
    read = uop.jit(lambda q: cache @ q)
    want = np.zeros((4, 3), np.float32)
    q = f32(3)
    for row in range(4):
        v = f32(3)
        want[row] = v
        write(Tensor(np.array(row, np.int32)), Tensor(v))
        np.testing.assert_allclose(read(Tensor(q)).numpy(), want @ q, rtol=1e-5, atol=1e-6)
    assert write.traces == 1 and read.traces == 1


@pytest.mark.parametrize("dtype", ["bfloat16", "float16", "int32", "float64"])
def test_jit_state_of_each_dtype(dtype):
    dt = getattr(uop, dtype)
    acc = Tensor.zeros(2, 6, dtype=dt).contiguous().realize()

    def f(x):
        acc[:, ::2].assign(acc[:, ::2] + x)    # a strided view of the state
        return acc[:, 1:2].assign(x[:, :1]) * 1

    jf = uop.jit(f)
    want = np.zeros((2, 6))
    for k in range(3):
        x = np.arange(6).reshape(2, 3) + k
        want[:, ::2] += x
        want[:, 1] = x[:, 0]
        np.testing.assert_array_equal(jf(Tensor(x, dtype=dt)).numpy(), x[:, :1])
        np.testing.assert_array_equal(acc.numpy(), want)
    assert jf.traces == 1 and acc.dtype is dt


def test_jit_keeps_alive_only_what_it_reads():
    import gc
    import weakref

    unrelated = Tensor(f32(100)).realize()          # a buffer the function does not read
    gone = weakref.ref(unrelated)

    class Model:
        def __init__(self):
            self.w = Tensor(f32(3), requires_grad=True)

        @uop.jit
        def f(self, x):
            return x * self.w

    m = Model()
    x = Tensor(f32(3))
    np.testing.assert_allclose(m.f(x).numpy(), x.numpy() * m.w.numpy(), rtol=1e-6)
    instance = weakref.ref(m)
    del unrelated, m
    gc.collect()
    assert gone() is None and instance() is None
    assert not Model.f._instances                    # the per-instance jit went with it


def test_realize_of_a_view_realizes_its_base():
    # tinygrad: t[a:b].assign(v).realize() writes the buffer; the base holds an array after it,
    # so a loop of slice assigns (an eager KV cache) does not grow the base's graph
    a = f32(8, 3)
    x, e = Tensor(a).contiguous().realize(), a.copy()
    for i in range(4):
        v = f32(1, 3)
        x[i:i + 1].assign(Tensor(v)).realize()
        e[i:i + 1] = v
        assert x._node.op == "input"
    x.reshape(24)[3:6].assign(Tensor(np.ones(3, np.float32))).realize()
    e.reshape(24)[3:6] = 1
    assert x._node.op == "input"
    np.testing.assert_array_equal(x.numpy(), e)
