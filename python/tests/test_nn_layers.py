"""uop.nn's layers against torch.nn.functional (torch 1.13) with the same weights copied
in: forward values, BatchNorm's train / eval modes and running statistics, the
parameters' names, shapes, dtypes and initial ranges (tinygrad's), and bad input."""

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
F = torch.nn.functional

from uop import Tensor, nn  # noqa: E402
from uop.nn.state import get_state_dict  # noqa: E402

RNG = np.random.default_rng(44)
TOL = dict(rtol=1e-5, atol=1e-5)


def f32(*shape, scale=1.0):
    return (RNG.standard_normal(shape) * scale).astype(np.float32)


def give(layer, **arrays):
    """Set the layer's tensors to these arrays; returns torch copies of them."""
    out = {}
    for k, a in arrays.items():
        setattr(layer, k, Tensor(a))
        out[k] = torch.from_numpy(a.copy())
    return out


def close(t, expected, **tol):
    got = t.numpy()
    exp = expected.detach().numpy() if isinstance(expected, torch.Tensor) else expected
    assert got.shape == exp.shape, (got.shape, exp.shape)
    np.testing.assert_allclose(got, exp, **(tol or TOL))


# -- forward values against torch ----------------------------------------------------------

@pytest.mark.parametrize("bias", [True, False])
def test_linear(bias):
    lin = nn.Linear(6, 4, bias=bias)
    w = give(lin, weight=f32(4, 6), **({"bias": f32(4)} if bias else {}))
    x = f32(2, 3, 6)
    close(lin(Tensor(x)), F.linear(torch.from_numpy(x), w["weight"], w.get("bias")))


@pytest.mark.parametrize("make,ref,x,cfg", [
    (nn.Conv1d, F.conv1d, (2, 4, 11), dict(kernel_size=3, stride=2, padding=1, dilation=2, groups=2)),
    (nn.Conv2d, F.conv2d, (2, 4, 7, 6), dict(kernel_size=(3, 2), stride=(2, 1), padding=(1, 0), groups=2)),
    (nn.Conv2d, F.conv2d, (1, 3, 6, 7), dict(kernel_size=(4, 3), padding="same", dilation=(2, 1))),
    (nn.Conv3d, F.conv3d, (1, 2, 4, 5, 4), dict(kernel_size=(2, 3, 2), stride=1, padding=1)),
], ids=["conv1d", "conv2d", "conv2d_same", "conv3d"])
def test_conv(make, ref, x, cfg):
    cin, cout = x[1], 6 if cfg.get("groups", 1) == 2 else 4
    conv = make(cin, cout, **cfg)
    kshape = conv.weight.shape
    w = give(conv, weight=f32(*kshape), bias=f32(cout))
    kw = {k: v for k, v in cfg.items() if k != "kernel_size"}
    xa = f32(*x)
    close(conv(Tensor(xa)), ref(torch.from_numpy(xa), w["weight"], w["bias"], **kw))


@pytest.mark.parametrize("make,ref,x,cfg", [
    (nn.ConvTranspose1d, F.conv_transpose1d, (2, 4, 5),
     dict(kernel_size=3, stride=2, padding=1, output_padding=1, groups=2)),
    (nn.ConvTranspose2d, F.conv_transpose2d, (1, 4, 4, 3),
     dict(kernel_size=(3, 2), stride=(2, 3), padding=(1, 0), dilation=(1, 2))),
], ids=["convT1d", "convT2d"])
def test_conv_transpose(make, ref, x, cfg):
    conv = make(x[1], 6, **cfg)
    assert conv.weight.shape[:2] == (x[1], 6 // cfg.get("groups", 1))   # (in, out / groups, *k)
    w = give(conv, weight=f32(*conv.weight.shape), bias=f32(6))
    kw = {k: v for k, v in cfg.items() if k != "kernel_size"}
    xa = f32(*x)
    close(conv(Tensor(xa)), ref(torch.from_numpy(xa), w["weight"], w["bias"], **kw))


@pytest.mark.parametrize("shape,via", [((8, 3), "auto"), ((4, 3, 5), "auto"), ((2, 3, 4, 5), "auto"),
                                       ((4, 3, 5), "replace")], ids=str)
def test_batchnorm_train_and_eval(shape, via, monkeypatch):
    """Two training steps (batch statistics, running stats with momentum and the unbiased
    variance, num_batches_tracked) and then eval with the running stats, against torch;
    the statistics set through Tensor.assign where Tensor has it ("auto"), or through
    state.replace."""
    if via == "replace":
        monkeypatch.setattr(Tensor, "assign", None, raising=False)
    bn = nn.BatchNorm(3, eps=1e-3, momentum=0.2)
    tw = give(bn, weight=f32(3), bias=f32(3))
    rm, rv = torch.zeros(3), torch.ones(3)
    stats_obj = bn.running_mean                      # in-place update: the object is kept
    with nn.training():
        for step in range(2):
            x = f32(*shape, scale=2.0) + 1
            ref = F.batch_norm(torch.from_numpy(x), rm, rv, tw["weight"], tw["bias"], training=True,
                               momentum=0.2, eps=1e-3)
            close(bn(Tensor(x)), ref)
            close(bn.running_mean, rm)
            close(bn.running_var, rv)
            assert int(bn.num_batches_tracked.numpy()) == step + 1
    assert bn.running_mean is stats_obj
    x = f32(*shape)
    ref = F.batch_norm(torch.from_numpy(x), rm, rv, tw["weight"], tw["bias"], training=False, eps=1e-3)
    close(bn(Tensor(x)), ref)
    close(bn.running_mean, rm)                       # eval leaves the statistics alone


def test_batchnorm_no_affine_no_running_stats():
    bn = nn.BatchNorm2d(3, affine=False, track_running_stats=False)
    assert bn.weight is None and bn.bias is None and not hasattr(bn, "running_mean")
    x = f32(2, 3, 4, 4)
    ref = F.batch_norm(torch.from_numpy(x), None, None, training=True, eps=1e-5)
    close(bn(Tensor(x)), ref)   # batch statistics even outside training mode


def test_batchnorm_errors():
    bn = nn.BatchNorm(3)
    with pytest.raises(ValueError, match="expected input \\(N, 3"):
        bn(Tensor(f32(2, 4, 5)))
    with nn.training(), pytest.raises(ValueError, match="more than one value per channel"):
        bn(Tensor(f32(1, 3)))
    assert int(bn.num_batches_tracked.numpy()) == 0


@pytest.mark.parametrize("affine", [True, False])
def test_layernorm(affine):
    ln = nn.LayerNorm((3, 4), eps=1e-4, elementwise_affine=affine)
    tw = give(ln, weight=f32(3, 4), bias=f32(3, 4)) if affine else {}
    x = f32(2, 5, 3, 4, scale=3.0) + 2
    ref = F.layer_norm(torch.from_numpy(x), (3, 4), tw.get("weight"), tw.get("bias"), eps=1e-4)
    close(ln(Tensor(x)), ref)
    with pytest.raises(ValueError, match="must match \\(3, 4\\)"):
        ln(Tensor(f32(2, 4, 3)))


def test_layernorm2d():
    ln = nn.LayerNorm2d(3)
    tw = give(ln, weight=f32(3), bias=f32(3))
    x = f32(2, 3, 4, 5)
    ref = F.layer_norm(torch.from_numpy(x).permute(0, 2, 3, 1), (3,), tw["weight"], tw["bias"]).permute(0, 3, 1, 2)
    close(ln(Tensor(x)), ref)


def test_rmsnorm():
    rms = nn.RMSNorm(6, eps=1e-5)
    w = f32(6)
    give(rms, weight=w)
    x = f32(3, 4, 6, scale=2.0)
    xd = x.astype(np.float64)
    ref = xd / np.sqrt((xd * xd).mean(-1, keepdims=True) + 1e-5) * w
    close(rms(Tensor(x)), ref.astype(np.float32))
    half = Tensor(x.astype(np.float16))
    out = nn.RMSNorm(6, elementwise_affine=False)(half)   # computed in float32, cast back
    assert out.dtype.name == "float16"
    np.testing.assert_allclose(out.numpy().astype(np.float64),
                               (xd / np.sqrt((xd * xd).mean(-1, keepdims=True) + 1e-6)), rtol=2e-3, atol=2e-3)


def test_groupnorm_and_instancenorm():
    gn = nn.GroupNorm(2, 6, eps=1e-4)
    tw = give(gn, weight=f32(6), bias=f32(6))
    x = f32(2, 6, 3, 5, scale=2.0) + 1
    close(gn(Tensor(x)), F.group_norm(torch.from_numpy(x), 2, tw["weight"], tw["bias"], eps=1e-4))
    inorm = nn.InstanceNorm(6)
    tw = give(inorm, weight=f32(6), bias=f32(6))
    close(inorm(Tensor(x)), F.instance_norm(torch.from_numpy(x), weight=tw["weight"], bias=tw["bias"]))
    close(nn.InstanceNorm(6, affine=False)(Tensor(x)), F.instance_norm(torch.from_numpy(x)))
    with pytest.raises(ValueError, match="does not split into num_groups=4"):
        nn.GroupNorm(4, 6)
    with pytest.raises(ValueError, match="expected input \\(N, 6"):
        gn(Tensor(f32(2, 5, 3)))


def test_embedding():
    emb = nn.Embedding(7, 3)
    w = give(emb, weight=f32(7, 3))
    idx = RNG.integers(0, 7, (2, 5)).astype(np.int32)
    close(emb(Tensor(idx)), F.embedding(torch.from_numpy(idx.astype(np.int64)), w["weight"]), rtol=0, atol=0)
    close(emb(Tensor(idx.astype(np.int64))[0]), w["weight"][torch.from_numpy(idx[0].astype(np.int64))], rtol=0, atol=0)
    with pytest.raises(TypeError, match="integer dtype"):
        emb(Tensor(idx.astype(np.float32)))


# -- parameters: tinygrad's names, shapes, dtypes and initialisers -------------------------------

# from tinygrad's get_state_dict of the same layers (tinygrad/nn at the pinned commit)
TINYGRAD_KEYS = {
    "lin.weight": (5, 3), "lin.bias": (5,), "c1.weight": (6, 2, 3), "c1.bias": (6,),
    "c2.weight": (6, 4, 3, 2), "c2.bias": (6,), "c3.weight": (4, 2, 2, 3, 3), "c3.bias": (4,),
    "ct1.weight": (4, 3, 3), "ct1.bias": (6,), "ct2.weight": (4, 6, 3, 3), "ct2.bias": (6,),
    "bn.weight": (5,), "bn.bias": (5,), "bn.num_batches_tracked": (), "bn.running_mean": (5,),
    "bn.running_var": (5,), "ln.weight": (3, 4), "ln.bias": (3, 4), "ln2.weight": (3,), "ln2.bias": (3,),
    "rms.weight": (7,), "gn.weight": (6,), "gn.bias": (6,), "inn.weight": (3,), "inn.bias": (3,),
    "emb.weight": (11, 4)}


def test_parameter_names_shapes_and_init():
    Tensor.manual_seed(0)
    layers = dict(lin=nn.Linear(3, 5), c1=nn.Conv1d(4, 6, 3, groups=2), c2=nn.Conv2d(4, 6, (3, 2)),
                  c3=nn.Conv3d(2, 4, (2, 3, 3)), ct1=nn.ConvTranspose1d(4, 6, 3, groups=2),
                  ct2=nn.ConvTranspose2d(4, 6, 3), bn=nn.BatchNorm(5), ln=nn.LayerNorm((3, 4)),
                  ln2=nn.LayerNorm2d(3), rms=nn.RMSNorm(7), gn=nn.GroupNorm(2, 6), inn=nn.InstanceNorm(3),
                  emb=nn.Embedding(11, 4))
    sd = get_state_dict(layers)
    assert {k: v.shape for k, v in sd.items()} == TINYGRAD_KEYS
    assert list(sd) == list(TINYGRAD_KEYS)
    assert sd["bn.num_batches_tracked"].dtype.name == "int64"
    assert all(v.dtype.name == "float32" for k, v in sd.items() if k != "bn.num_batches_tracked")
    vals = {k: v.numpy() for k, v in sd.items()}
    # uniform bounds: Linear 1/sqrt(in), conv 1/sqrt(in * prod(k)) (ConvTranspose too), Embedding glorot
    for key, bound in [("lin.weight", 1 / math.sqrt(3)), ("lin.bias", 1 / math.sqrt(3)),
                       ("c2.weight", 1 / math.sqrt(24)), ("c3.weight", 1 / math.sqrt(36)),
                       ("ct2.weight", 1 / math.sqrt(36)), ("ct1.bias", 1 / math.sqrt(12)),
                       ("emb.weight", math.sqrt(6 / 15))]:
        v = vals[key]
        assert np.abs(v).max() <= bound, key
        if v.size >= 15:
            assert np.abs(v).max() > 0.5 * bound and v.min() < 0 < v.max(), key
        assert len(np.unique(v)) == v.size, key            # drawn, not constant
    for key in ("bn.weight", "bn.running_var", "ln.weight", "rms.weight", "gn.weight", "inn.weight"):
        assert (vals[key] == 1).all(), key
    for key in ("bn.bias", "bn.running_mean", "ln.bias", "gn.bias", "inn.bias", "bn.num_batches_tracked"):
        assert (vals[key] == 0).all(), key


def test_init_is_tensor_uniform_with_the_same_seed():
    """The realized initialisers draw Tensor.uniform's values (same seed, same counter), to
    the last bit of u * (high - low) + low, which the compiled code may fuse."""
    Tensor.manual_seed(7)
    lin = nn.Linear(5, 4)
    Tensor.manual_seed(7)
    b = 1 / math.sqrt(5)
    ulp = dict(rtol=0, atol=1.2e-7)
    np.testing.assert_allclose(lin.weight.numpy(), Tensor.uniform(4, 5, low=-b, high=b).numpy(), **ulp)
    np.testing.assert_allclose(lin.bias.numpy(), Tensor.uniform(4, low=-b, high=b).numpy(), **ulp)
    Tensor.manual_seed(7)
    emb = nn.Embedding(6, 3)
    Tensor.manual_seed(7)
    np.testing.assert_allclose(emb.weight.numpy(), Tensor.glorot_uniform(6, 3).numpy(), **ulp)
    assert not np.array_equal(nn.Linear(5, 4).weight.numpy(), lin.weight.numpy())  # the counter moved


def test_constructor_errors():
    with pytest.raises(ValueError, match="only 'same' is supported"):
        nn.Conv2d(2, 2, 3, padding="valid")
    with pytest.raises(ValueError, match="strided"):
        nn.Conv2d(2, 2, 3, stride=2, padding="same")
    with pytest.raises(ValueError, match="groups=2"):
        nn.Conv2d(3, 4, 3, groups=2)
    with pytest.raises(ValueError, match="in_features=3"):
        nn.Linear(3, 2)(Tensor(f32(2, 4)))
    with pytest.raises(AttributeError, match="no attribute 'Conv9d'"):
        nn.Conv9d  # noqa: B018


def test_small_cnn_end_to_end():
    """Conv -> BatchNorm (eval) -> relu -> GroupNorm -> flatten -> Linear, as torch.nn."""
    tconv, tbn = torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.BatchNorm2d(4)
    tgn, tlin = torch.nn.GroupNorm(2, 4), torch.nn.Linear(4 * 5 * 5, 3)
    with torch.no_grad():
        tbn.running_mean.uniform_(-1, 1)
        tbn.running_var.uniform_(0.5, 2)
        tbn.weight.uniform_(0.5, 1.5)
        tgn.bias.uniform_(-1, 1)
    tbn.eval()
    conv, bn, gn, lin = nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.GroupNorm(2, 4), nn.Linear(100, 3)
    for ours, theirs in [(conv, tconv), (bn, tbn), (gn, tgn), (lin, tlin)]:
        for k, v in theirs.state_dict().items():
            setattr(ours, k, Tensor(v.numpy()))
    x = f32(2, 3, 5, 5)
    ref = tlin(tgn(tbn(tconv(torch.from_numpy(x))).relu()).flatten(1))
    close(lin(gn(bn(conv(Tensor(x))).relu()).flatten(1)), ref, rtol=1e-4, atol=1e-5)
