"""matmul with broadcasting, linear, conv2d, pooling, layernorm, and two small models
(a 2-layer MLP and a tiny CNN) against numpy."""

import numpy as np
import pytest

from uop import Tensor

from helpers import check

RNG = np.random.default_rng(99)


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


@pytest.mark.parametrize("sa,sb", [
    ((3, 4), (4, 5)), ((4,), (4, 5)), ((3, 4), (4,)), ((4,), (4,)), ((2, 3, 4), (4, 5)),
    ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((1, 1), (1, 1)), ((6, 1, 2), (1, 2, 7)),
], ids=str)
def test_matmul_broadcasting(sa, sb):
    a, b = f32(*sa), f32(*sb)
    check(Tensor(a) @ Tensor(b), a @ b, rtol=1e-5, atol=1e-5)
    check(Tensor(a).dot(Tensor(b)), a @ b, rtol=1e-5, atol=1e-5)
    check(Tensor(a).matmul(b), a @ b, rtol=1e-5, atol=1e-5)


def test_matmul_dtypes_and_errors():
    i = RNG.integers(-5, 5, (3, 4)).astype(np.int32)
    j = RNG.integers(-5, 5, (4, 2)).astype(np.int32)
    check(Tensor(i) @ Tensor(j), i @ j, dtype="int32")
    a = f32(3, 4)
    check(Tensor(i) @ Tensor(a.T), i.astype(np.float32) @ a.T, rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="matmul: inner dimensions"):
        Tensor(f32(2, 3)) @ Tensor(f32(4, 2))
    with pytest.raises(ValueError, match="matmul: shapes"):
        Tensor(f32(2, 3, 4)) @ Tensor(f32(3, 4, 2))


def test_linear():
    x, w, b = f32(5, 8), f32(8, 3), f32(3)
    check(Tensor(x).linear(Tensor(w), Tensor(b)), x @ w + b, rtol=1e-5, atol=1e-5)
    check(Tensor(x).linear(Tensor(w)), x @ w, rtol=1e-5, atol=1e-5)
    check(Tensor(x[0]).linear(Tensor(x[1])), x[0] * x[1])


def conv2d_ref(x, w, b=None, stride=1, padding=0, dilation=1, groups=1):
    sy, sx = (stride, stride) if isinstance(stride, int) else stride
    py, px = (padding, padding) if isinstance(padding, int) else padding
    dy, dx = (dilation, dilation) if isinstance(dilation, int) else dilation
    x = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (py, py), (px, px)])
    n, cin, h, wd = x.shape
    cout, cg, kh, kw = w.shape
    oh = (h - dy * (kh - 1) - 1) // sy + 1
    ow = (wd - dx * (kw - 1) - 1) // sx + 1
    out = np.zeros((n, cout, oh, ow))
    og = cout // groups
    for o in range(cout):
        g = o // og
        for i in range(oh):
            for j in range(ow):
                patch = x[:, g * cg:(g + 1) * cg, i * sy:i * sy + dy * (kh - 1) + 1:dy,
                          j * sx:j * sx + dx * (kw - 1) + 1:dx]
                out[:, o, i, j] = (patch * w[o]).sum((1, 2, 3))
    if b is not None:
        out += b.reshape(1, -1, 1, 1)
    return out.astype(np.float32)


@pytest.mark.parametrize("cfg", [
    dict(), dict(stride=2), dict(padding=1), dict(stride=2, padding=1), dict(stride=(1, 2), padding=(2, 0)),
    dict(dilation=2), dict(groups=2), dict(stride=3), dict(stride=2, dilation=2, padding=2),
], ids=str)
def test_conv2d(cfg):
    x = f32(2, 4, 7, 8)
    w = f32(6, 4 // cfg.get("groups", 1), 3, 3)
    b = f32(6)
    check(Tensor(x).conv2d(Tensor(w), Tensor(b), **cfg), conv2d_ref(x, w, b, **cfg), rtol=1e-4, atol=1e-4)


def test_conv2d_1x1_and_full_kernel_and_errors():
    x = f32(1, 3, 5, 5)
    w1 = f32(2, 3, 1, 1)
    check(Tensor(x).conv2d(Tensor(w1)), conv2d_ref(x, w1), rtol=1e-4, atol=1e-5)
    wf = f32(2, 3, 5, 5)
    check(Tensor(x).conv2d(Tensor(wf)), conv2d_ref(x, wf), rtol=1e-4, atol=1e-4)
    with pytest.raises(ValueError, match="conv2d: input channels"):
        Tensor(x).conv2d(Tensor(f32(2, 4, 3, 3)))
    with pytest.raises(ValueError, match="larger than the input"):
        Tensor(x).conv2d(Tensor(f32(2, 3, 6, 6)))
    with pytest.raises(ValueError, match="of one rank"):
        Tensor(x[0]).conv2d(Tensor(w1))


def pool_ref(x, k, s, pad, fill, fn):
    x = np.pad(x.astype(np.float64), [(0, 0)] * (x.ndim - 2) + [(pad, pad), (pad, pad)], constant_values=fill)
    h, w = x.shape[-2:]
    oh, ow = (h - k) // s + 1, (w - k) // s + 1
    out = np.zeros(x.shape[:-2] + (oh, ow))
    for i in range(oh):
        for j in range(ow):
            out[..., i, j] = fn(x[..., i * s:i * s + k, j * s:j * s + k], axis=(-1, -2))
    return out.astype(np.float32)


@pytest.mark.parametrize("k,s,p", [(2, None, 0), (3, 1, 0), (3, 2, 1), (2, 1, 1), (3, 3, 0)], ids=str)
def test_pools(k, s, p):
    x = f32(2, 3, 7, 6)
    st = k if s is None else s
    check(Tensor(x).max_pool2d(k, s, padding=p), pool_ref(x, k, st, p, -np.inf, np.max))
    check(Tensor(x).avg_pool2d(k, s, padding=p), pool_ref(x, k, st, p, 0.0, np.mean), rtol=1e-5, atol=1e-6)
    if p:
        ones = pool_ref(np.ones_like(x), k, st, p, 0.0, np.sum)
        check(Tensor(x).avg_pool2d(k, s, padding=p, count_include_pad=False),
              pool_ref(x, k, st, p, 0.0, np.sum) / ones, rtol=1e-5, atol=1e-6)


def test_max_pool_integers():
    i = RNG.integers(-100, 100, (1, 1, 4, 4)).astype(np.int32)
    check(Tensor(i).max_pool2d(2, padding=1), pool_ref(i, 2, 2, 1, -2 ** 31, np.max).astype(np.int32))


@pytest.mark.parametrize("axis", [-1, 1, (1, 2)], ids=str)
def test_layernorm(axis):
    x = f32(3, 4, 5) * 3 + 1
    m = x.astype(np.float64).mean(axis, keepdims=True)
    v = x.astype(np.float64).var(axis, keepdims=True)
    check(Tensor(x).layernorm(axis), (x - m) / np.sqrt(v + 1e-5), rtol=1e-4, atol=1e-5)
    check(Tensor(x).layernorm(axis, eps=1e-3), (x - m) / np.sqrt(v + 1e-3), rtol=1e-4, atol=1e-5)


def test_batchnorm():
    x = f32(2, 3, 4, 4)
    w, b, mu, var = f32(3), f32(3), f32(3), np.abs(f32(3)) + 0.5
    inv = 1 / np.sqrt(var)
    exp = (x - mu.reshape(1, 3, 1, 1)) * inv.reshape(1, 3, 1, 1) * w.reshape(1, 3, 1, 1) + b.reshape(1, 3, 1, 1)
    check(Tensor(x).batchnorm(Tensor(w), Tensor(b), Tensor(mu), Tensor(inv)), exp, rtol=1e-5, atol=1e-5)


def test_mlp_forward():
    x = f32(16, 32)
    w1, b1 = f32(32, 64) * 0.2, f32(64) * 0.1
    w2, b2 = f32(64, 10) * 0.2, f32(10) * 0.1
    t = Tensor(x).linear(Tensor(w1), Tensor(b1)).relu().linear(Tensor(w2), Tensor(b2)).log_softmax()
    h = np.maximum(x.astype(np.float64) @ w1 + b1, 0) @ w2 + b2
    h = h - h.max(1, keepdims=True)
    exp = h - np.log(np.exp(h).sum(1, keepdims=True))
    check(t, exp, rtol=1e-4, atol=1e-4)
    check(t.argmax(1), exp.argmax(1).astype(np.int32))


def test_tiny_cnn_forward():
    x = f32(2, 1, 12, 12)
    c1w, c1b = f32(4, 1, 3, 3) * 0.5, f32(4) * 0.1
    c2w, c2b = f32(8, 4, 3, 3) * 0.3, f32(8) * 0.1
    fw, fb = f32(8 * 2 * 2, 10) * 0.2, f32(10) * 0.1
    t = Tensor(x).conv2d(Tensor(c1w), Tensor(c1b), padding=1).relu().max_pool2d(2)   # (2,4,6,6)
    t = t.conv2d(Tensor(c2w), Tensor(c2b)).gelu().avg_pool2d(2)                    # (2,8,2,2)
    t = t.flatten(1).linear(Tensor(fw), Tensor(fb)).softmax()
    h = conv2d_ref(x, c1w, c1b, padding=1).astype(np.float64)
    h = pool_ref(np.maximum(h, 0), 2, 2, 0, -np.inf, np.max).astype(np.float64)
    h = conv2d_ref(h, c2w, c2b).astype(np.float64)
    h = 0.5 * h * (1 + np.tanh(np.sqrt(2 / np.pi) * (h + 0.044715 * h ** 3)))
    h = pool_ref(h, 2, 2, 0, 0.0, np.mean).astype(np.float64).reshape(2, -1) @ fw + fb
    e = np.exp(h - h.max(1, keepdims=True))
    check(t, e / e.sum(1, keepdims=True), rtol=1e-4, atol=1e-5)


def test_random_conv_and_pool_configurations():
    rng = np.random.default_rng(4321)
    for _ in range(12):
        g = int(rng.choice([1, 2]))
        cin, cout = g * int(rng.integers(1, 3)), g * int(rng.integers(1, 3))
        kh, kw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        st = (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
        dil = (int(rng.integers(1, 3)), int(rng.integers(1, 3)))
        pad = (int(rng.integers(0, 3)), int(rng.integers(0, 3)))
        h, w = int(rng.integers(dil[0] * (kh - 1) + 1, 10)), int(rng.integers(dil[1] * (kw - 1) + 1, 10))
        x = rng.standard_normal((int(rng.integers(1, 3)), cin, h, w)).astype(np.float32)
        wt = rng.standard_normal((cout, cin // g, kh, kw)).astype(np.float32)
        cfg = dict(stride=st, dilation=dil, padding=pad, groups=g)
        check(Tensor(x).conv2d(Tensor(wt), **cfg), conv2d_ref(x, wt, **cfg), rtol=1e-4, atol=1e-4,
              reference=False)
        k, s = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        if k <= min(h, w):
            check(Tensor(x).max_pool2d(k, s), pool_ref(x, k, s, 0, -np.inf, np.max), reference=False)
            check(Tensor(x).avg_pool2d(k, s), pool_ref(x, k, s, 0, 0.0, np.mean), rtol=1e-5, atol=1e-6,
                  reference=False)
