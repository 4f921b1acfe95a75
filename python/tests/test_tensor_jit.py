"""Compile once, run many: the compile cache keyed by the MLIR text, uop.jit, and
compiler errors located at the Python call that built the op."""

import numpy as np
import pytest

import uop
from uop import Tensor, runtime

from conftest import line_of

RNG = np.random.default_rng(3)


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def test_second_run_of_the_same_graph_does_not_compile():
    w = f32(8, 4)

    def model(x):
        return (Tensor(x) @ Tensor(w)).relu().sum(1) * 0.25

    x1, x2 = f32(3, 8), f32(3, 8)
    model(x1).numpy()                      # compiled (or already in the cache)
    before = runtime.stats.compiles
    hits = runtime.stats.hits
    got = model(x2).numpy()                # new data, the same structure: no compile
    assert runtime.stats.compiles == before
    assert runtime.stats.hits == hits + 1
    np.testing.assert_allclose(got, np.maximum(x2 @ w, 0).sum(1) * 0.25, rtol=1e-5, atol=1e-6)
    model(f32(5, 8)).numpy()               # another shape: another program
    assert runtime.stats.compiles == before + 1


def test_different_constants_or_dtypes_compile_again():
    x = f32(4)
    (Tensor(x) * 2).numpy()
    n = runtime.stats.compiles
    (Tensor(x) * 3).numpy()
    (Tensor(x.astype(np.float64)) * 2).numpy()
    assert runtime.stats.compiles == n + 2


def test_jit_traces_once_per_signature():
    w1, w2 = f32(6, 5), f32(5, 2)
    calls = []

    @uop.jit
    def mlp(x):
        calls.append(1)
        return x.linear(Tensor(w1)).relu().linear(Tensor(w2)).softmax()

    def ref(x):
        h = np.maximum(x @ w1, 0) @ w2
        e = np.exp(h - h.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)

    xs = [f32(4, 6) for _ in range(4)]
    out = mlp(Tensor(xs[0]))
    assert isinstance(out, Tensor)
    np.testing.assert_allclose(out.numpy(), ref(xs[0]), rtol=1e-5, atol=1e-6)
    compiles = runtime.stats.compiles
    launches = runtime.stats.launches
    for x in xs[1:]:
        np.testing.assert_allclose(mlp(Tensor(x)).numpy(), ref(x), rtol=1e-5, atol=1e-6)
    assert len(calls) == 1 and mlp.traces == 1          # the Python function ran once
    assert runtime.stats.compiles == compiles            # no compile after the first call
    assert runtime.stats.launches == launches + 3        # one launch per call
    mlp(Tensor(f32(7, 6)))                               # a new shape traces again
    assert mlp.traces == 2
    mlp.reset()
    mlp(Tensor(xs[0]))
    assert mlp.traces == 3


def test_jit_multiple_outputs_args_and_lazy_inputs():
    @uop.jit
    def f(a, b, scale=1.0):
        s = (a + b) * scale
        return s.max(0), s.argmax(0), a

    a, b = f32(3, 4), f32(3, 4)
    for _ in range(2):
        m, i, same = f(Tensor(a), Tensor(b), scale=2.0)
        np.testing.assert_allclose(m.numpy(), ((a + b) * 2).max(0), rtol=1e-6)
        np.testing.assert_array_equal(i.numpy(), ((a + b) * 2).argmax(0))
        np.testing.assert_array_equal(same.numpy(), a)
    assert f.traces == 1
    f(Tensor(a), Tensor(b), scale=3.0)   # another non-tensor argument: another trace
    assert f.traces == 2
    m, _, _ = f(Tensor(a) * 1.0, Tensor(b))   # lazy arguments are realized first
    np.testing.assert_allclose(m.numpy(), (a + b).max(0), rtol=1e-6)


def test_jit_rejects_non_tensor_results_and_gpus():
    with pytest.raises(TypeError, match="must return Tensors"):
        uop.jit(lambda x: 3)(Tensor(f32(2)))
    with pytest.raises(NotImplementedError):
        uop.jit(device="cuda")(lambda x: x)


def test_compile_error_names_the_python_line():
    i = Tensor(np.arange(6, dtype=np.int32))
    j = Tensor(np.arange(6, dtype=np.int32) % 3)
    t = (i ** j) + 1  # MARK-IPOWI
    with pytest.raises(uop.CompileError) as e:
        uop.compile(t, target="ptx")
    line = line_of(__file__, "MARK-IPOWI")
    assert f"test_tensor_jit.py\":{line}" in t.to_mlir(locations=True)
    assert f"test_tensor_jit.py:{line}:0: error" in e.value.diagnostics
    assert "math.ipowi" in e.value.diagnostics


def test_located_error_after_a_failed_cpu_compile(monkeypatch):
    # The CPU path compiles the location-free text (the cache key); on an error it
    # compiles the graph again with locations and raises that located error.
    t = Tensor(f32(4)) * 2  # MARK-CPU
    real = runtime.compile_program

    def failing(text, entry="main", target="cpu"):
        if "loc(" not in text:
            raise uop.CompileError("pass pipeline", "input:3:5: error: injected")
        raise uop.CompileError("pass pipeline", text.split("loc(")[1].split(")")[0] + ": error: injected")

    monkeypatch.setattr(runtime, "compile_program", failing)
    runtime.clear_cache()
    with pytest.raises(uop.CompileError) as e:
        t.numpy()
    assert f"test_tensor_jit.py\":{line_of(__file__, 'MARK-CPU')}" in e.value.diagnostics
    monkeypatch.setattr(runtime, "compile_program", real)


def test_graph_build_errors_name_the_call():
    x = Tensor(f32(2, 3))
    with pytest.raises(ValueError, match=r"^\+: shapes \(2, 3\) and \(1, 4\)"):
        x + Tensor(f32(4))
    with pytest.raises(ValueError, match="^where: shapes"):
        (x > 0).where(x, Tensor(f32(5)))
    with pytest.raises(ValueError, match="^matmul"):
        x @ x
    with pytest.raises(TypeError, match=r"^\^: not defined on float32"):
        x ^ 1
    with pytest.raises(ValueError, match="^conv2d"):
        x.conv2d(x)


def test_jit_keyword_tensors_are_inputs_and_arrays_are_refused():
    @uop.jit
    def f(a, b=None):
        return a * b

    x, y1, y2 = f32(3), f32(3), f32(3)
    np.testing.assert_allclose(f(Tensor(x), b=Tensor(y1)).numpy(), x * y1, rtol=1e-6)
    np.testing.assert_allclose(f(Tensor(x), b=Tensor(y2)).numpy(), x * y2, rtol=1e-6)  # replayed
    assert f.traces == 1
    with pytest.raises(TypeError, match="numpy array"):
        f(x, b=Tensor(y1))
    with pytest.raises(NotImplementedError, match="container"):
        uop.jit(lambda ts: ts[0])([Tensor(x)])


# -- issue 41, item 3: a replay equals a plain call ------------------------------------------

def _agree(fn, calls, traces=None, rtol=1e-5, atol=1e-5):
    """``uop.jit(fn)`` gives what ``fn`` gives for each ``(args, kwargs)`` of ``calls``."""
    jf = uop.jit(fn)
    for args, kwargs in calls:
        want = fn(*args, **kwargs)
        got = jf(*args, **kwargs)
        want = list(want) if isinstance(want, (tuple, list)) else [want]
        got = list(got) if isinstance(got, (tuple, list)) else [got]
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g.shape == w.shape and g.dtype is w.dtype
            np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=rtol, atol=atol)
    if traces is not None:
        assert jf.traces == traces
    return jf


def test_jit_aliased_arguments_are_part_of_the_signature():
    def g(a, b):
        return a - b

    t, x, y = (Tensor(f32(3, 4)) for _ in range(3))
    jg = uop.jit(g)
    np.testing.assert_array_equal(jg(t, t).numpy(), np.zeros((3, 4), np.float32))
    # the replay of g(t, t) computed y - y (zeros) here
    np.testing.assert_allclose(jg(x, y).numpy(), x.numpy() - y.numpy(), rtol=1e-6)
    assert jg.traces == 2
    np.testing.assert_array_equal(jg(y, y).numpy(), np.zeros((3, 4), np.float32))   # replays g(t, t)
    np.testing.assert_allclose(jg(y, x).numpy(), y.numpy() - x.numpy(), rtol=1e-6)  # replays g(x, y)
    assert jg.traces == 2
    # the same tensor passed twice, through two Tensor objects or two keyword arguments
    _agree(lambda a, b, c=None: a * b + c, [((t, Tensor(t)), {"c": t}), ((x, y), {"c": x}),
                                            ((y, y), {"c": y}), ((x, y), {"c": t})], traces=3)
    # a lazy argument passed twice is realized once, and aliases
    z = Tensor(x.numpy()) * 2
    jg2 = uop.jit(g)
    np.testing.assert_array_equal(jg2(z, z).numpy(), np.zeros((3, 4), np.float32))
    np.testing.assert_allclose(jg2(x, y).numpy(), x.numpy() - y.numpy(), rtol=1e-6)


def test_jit_realize_at_the_end_reads_the_new_inputs():
    xs = [Tensor(f32(5)) for _ in range(3)]
    # the replay returned the first call's 2 * x again
    _agree(lambda x: (x * 2).realize(), [((x,), {}) for x in xs], traces=1)
    _agree(lambda x: x.realize(), [((x,), {}) for x in xs], traces=1)
    _agree(lambda x: x.realize().realize() + 1, [((x,), {}) for x in xs], traces=1)


def test_jit_realize_midway_reads_the_new_inputs():
    w, b = Tensor(f32(6, 4)), Tensor(f32(4))

    def model(x):
        h = (x @ w).realize()                  # midway
        h = (h + b).relu().realize()
        return h.softmax(-1), h.sum(0)

    _agree(model, [((Tensor(f32(3, 6)),), {}) for _ in range(3)], traces=1)


def test_jit_captured_tensors_stay_frozen_and_are_not_arguments():
    wa = f32(4, 4)
    w = Tensor(wa)
    lazy_w = Tensor(wa) * 0.5                  # a lazy capture
    xs = [Tensor(f32(4, 4)) for _ in range(3)]
    # w passed as the argument on the first call: it was taken for the argument
    # everywhere, and f(x) replayed x + x @ x
    _agree(lambda x: x + x @ w, [((w,), {})] + [((x,), {}) for x in xs], traces=1)
    _agree(lambda x: (x - lazy_w).realize() * w, [((w,), {})] + [((x,), {}) for x in xs], traces=1)

    # a capture realized inside the function depends on no argument: computed once, frozen
    def f(x):
        return x * (w * 3).realize()

    jf = _agree(f, [((x,), {}) for x in xs], traces=1)
    launches = runtime.stats.launches
    jf(xs[0])
    assert runtime.stats.launches == launches + 1


def test_jit_constants_and_non_tensor_arguments():
    xs = [Tensor(f32(2, 3)) for _ in range(3)]
    calls = [((x,), {"scale": s, "axis": a}) for x in xs for s in (1.5, 2.0) for a in (0, 1)]
    _agree(lambda x, scale=1.0, axis=0: (x * scale + 3).cumsum(axis).realize() - 1, calls, traces=4)
    # a function whose result is a constant or does not read its argument
    _agree(lambda x: Tensor.ones(2, 3) * 7, [((x,), {}) for x in xs], traces=1)


def test_jit_nested_jit_and_dtypes():
    @uop.jit
    def inner(a, b):
        return (a * b).realize() + 1

    def outer(x, y):
        return inner(x, y).sum(1), inner(y, y)

    xs = [(Tensor(f32(3, 2)), Tensor(f32(3, 2))) for _ in range(3)]
    _agree(outer, [(xy, {}) for xy in xs], traces=1)
    ints = [Tensor(np.arange(6, dtype=np.int32).reshape(2, 3) * k) for k in (1, 2, 3)]
    _agree(lambda i: (i * 3).realize() // 2, [((i,), {}) for i in ints], traces=1)
    halves = [Tensor(f32(4).astype(np.float16)) for _ in range(3)]
    _agree(lambda h: (h * h).realize().cast(uop.float32).exp(), [((h,), {}) for h in halves], traces=1,
           rtol=2e-3)


@pytest.mark.parametrize("model", ["mlp", "attention", "conv"])
def test_jit_small_models_agree_with_plain_calls(model):
    rng = np.random.default_rng(41)

    def w(*shape):
        return Tensor(rng.standard_normal(shape).astype(np.float32) * 0.5)

    if model == "mlp":
        w1, b1, w2 = w(8, 16), w(16), w(16, 4)

        def fn(x):
            h = x.linear(w1, b1).gelu().realize()
            return h.linear(w2).log_softmax(-1)

        shape = (5, 8)
    elif model == "attention":
        wq, wk, wv, wo = w(8, 8), w(8, 8), w(8, 8), w(8, 8)

        def fn(x):
            h = x.layernorm()
            q, k, v = (h @ wq).realize(), h @ wk, h @ wv
            a = q.scaled_dot_product_attention(k, v, is_causal=True)
            return x + (a @ wo).realize()

        shape = (2, 6, 8)
    else:
        k1, k2 = w(4, 3, 3, 3), w(2, 4, 1, 1)

        def fn(x):
            h = x.conv2d(k1, padding=1).relu().realize()
            return h.max_pool2d().conv2d(k2).mean((2, 3))

        shape = (2, 3, 6, 6)
    xs = [Tensor(rng.standard_normal(shape).astype(np.float32)) for _ in range(3)]
    _agree(fn, [((x,), {}) for x in xs], traces=1, rtol=1e-4, atol=1e-5)


# -- state stored in place: a jitted decode step's KV cache --------------------

@pytest.fixture
def launches(monkeypatch):
    """The output shapes of every program launch (Program.run), in order."""
    shapes = []
    run = runtime.Program.run

    def recording(self, inputs, out_shapes, out_dtypes):
        shapes.extend(tuple(s) for s in out_shapes)
        return run(self, inputs, out_shapes, out_dtypes)
    monkeypatch.setattr(runtime.Program, "run", recording)
    return shapes


def _decode_step(cache, w):
    @uop.jit
    def step(x, pos):
        kv = x @ w
        cache[:, pos:pos + 1].assign(Tensor.stack(kv, kv * 2)).realize()
        return cache[0, :pos + 1].sum(0)
    return step


def test_jit_kv_cache_is_stored_in_place_on_replay(launches):
    stats = uop.Jit.stats
    cache = Tensor.zeros(2, 16, 4).contiguous().realize()
    w = f32(4, 4)
    step = _decode_step(cache, Tensor(w))
    ref = np.zeros((2, 16, 4))
    for rnd in range(3):  # round 0 traces each position, rounds 1-2 replay
        for pos in range(4):
            x = f32(1, 4)
            kv = x.astype(np.float64) @ w
            ref[0, pos], ref[1, pos] = kv[0], 2 * kv[0]
            copies, stored, n = stats.state_copies, stats.stored_bytes, len(launches)
            got = step(Tensor(x), pos).numpy()
            np.testing.assert_allclose(got, ref[0, :pos + 1].sum(0), rtol=1e-5, atol=1e-5)
            if rnd:
                # one store of the (2, 1, 4) slice into the same buffer, no copy of the cache,
                # and no launch with an output the size of the cache
                assert stats.state_copies == copies
                assert stats.stored_bytes - stored == 2 * 4 * 4
                assert cache._node.data.ctypes.data == ptr
                assert all(int(np.prod(s)) < 2 * 16 * 4 for s in launches[n:]), launches[n:]
            ptr = cache._node.data.ctypes.data
    assert step.traces == 4
    np.testing.assert_allclose(cache.numpy(), ref, rtol=1e-5, atol=1e-5)


def test_jit_in_place_store_copies_when_another_graph_reads_the_cache():
    cache = Tensor.zeros(2, 8, 4).contiguous().realize()
    w = f32(4, 4)
    step = _decode_step(cache, Tensor(w))
    xs = [f32(1, 4) for _ in range(3)]
    for x in xs:
        step(Tensor(x), 1)
    snap = cache[1] * 1  # lazy: reads the cache's current buffer
    before = snap.numpy()
    ptr = cache._node.data.ctypes.data
    step(Tensor(f32(1, 4)), 1)
    assert cache._node.data.ctypes.data != ptr  # the replay wrote a copy
    np.testing.assert_array_equal(snap.numpy(), before)  # the old value stayed
    del snap
    ptr = cache._node.data.ctypes.data
    x = f32(1, 4)
    step(Tensor(x), 1)
    assert cache._node.data.ctypes.data == ptr  # only the cache holds it again: in place
    np.testing.assert_allclose(cache.numpy()[1, 1], 2 * (x @ w)[0], rtol=1e-5)


def test_jit_in_place_stores_read_and_overlap_like_numpy():
    state = Tensor(f32(6, 5)).contiguous().realize()

    @uop.jit
    def step(x):
        state[1:3] += x                 # reads the slice it stores
        state[2:5, ::2].assign(state[1:4, 1:4] * 2)  # overlaps the first store, reads it
        state[::-1][0].assign(x[0])     # a flipped view: row 5
        return state.sum(1)

    stats = uop.Jit.stats
    ref = state.numpy().astype(np.float64)
    for i in range(4):
        stored = stats.stored_bytes
        x = f32(2, 5)
        ref[1:3] += x
        ref[2:5, ::2] = ref[1:4, 1:4] * 2
        ref[5] = x[0]
        np.testing.assert_allclose(step(Tensor(x)).numpy(), ref.sum(1), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(state.numpy(), ref, rtol=1e-5, atol=1e-5)
        # in place: the two slices, and all of state[::-1] (a view of a view stores its base view)
        assert stats.stored_bytes - stored == 4 * (2 * 5 + 3 * 3 + 6 * 5)
    assert step.traces == 1


def test_jit_store_with_a_stale_read_falls_back_to_a_copy():
    stats = uop.Jit.stats
    state = Tensor(f32(4, 3)).contiguous().realize()

    @uop.jit
    def step(x):
        before = state.sum(0)           # the value before the store: an in-place store
        state[1:2].assign(x)            # before computing it would change it
        return before, state.sum(0)

    ref = state.numpy().astype(np.float64)
    for _ in range(3):
        x = f32(1, 3)
        copies = stats.state_copies
        b, a = step(Tensor(x))
        np.testing.assert_allclose(b.numpy(), ref.sum(0), rtol=1e-5, atol=1e-5)
        ref[1:2] = x
        np.testing.assert_allclose(a.numpy(), ref.sum(0), rtol=1e-5, atol=1e-5)
        assert stats.state_copies == copies  # the copy path: no in-place store at all


def test_jit_replays_assigns_through_movement_views():
    # a permute/reshape view's assign rewrites the whole base (the write-back path, not a store)
    a = f32(3, 4)
    state = Tensor(a).contiguous().realize()

    @uop.jit
    def step(x):
        state.T[1:3].assign(x)
        state.reshape(12)[0:2] += 1
        return state.sum(0)

    ref = a.astype(np.float64)
    for _ in range(4):
        x = f32(2, 3)
        ref.T[1:3] = x
        ref.reshape(12)[0:2] += 1
        np.testing.assert_allclose(step(Tensor(x)).numpy(), ref.sum(0), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(state.numpy(), ref, rtol=1e-6)
    assert step.traces == 1


def test_jit_stores_through_permuted_and_flipped_views_in_place():
    stats = uop.Jit.stats
    a = f32(4, 5, 3)
    state = Tensor(a).contiguous().realize()

    @uop.jit
    def step(x, y):
        state.permute(2, 0, 1)[1, 1:3].assign(x)   # a (2, 5) slice of state[1:3, :, 1]
        state.flip(1)[:, 0:2, ::2] += y            # columns 4 and 3, channels 0 and 2
        return state.sum(2)

    ref = a.astype(np.float64)
    for i in range(4):
        x, y = f32(2, 5), f32(4, 2, 2)
        ref.transpose(2, 0, 1)[1, 1:3] = x
        ref[:, ::-1][:, 0:2, ::2] += y
        stored = stats.stored_bytes
        np.testing.assert_allclose(step(Tensor(x), Tensor(y)).numpy(), ref.sum(2), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(state.numpy(), ref, rtol=1e-6)
        assert stats.stored_bytes - stored == 4 * (2 * 5 + 4 * 2 * 2)  # only the two slices
    assert step.traces == 1
