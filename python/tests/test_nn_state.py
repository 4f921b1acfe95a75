"""uop.nn.state: tinygrad's state-dict keys, load_state_dict (checks, in-place values,
consume, strict), the safetensors format (bit-exact round trips of every dtype, an
independent reader and writer, malformed files) and torch_load against torch.save."""

import collections
import json
import pickle
import struct

import numpy as np
import pytest

from uop import Tensor, nn
from uop.nn.state import (SafetensorsError, get_parameters, get_state_dict, load_state_dict, safe_load,
                          safe_load_metadata, safe_save, torch_load)

RNG = np.random.default_rng(4401)


def f32(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


@pytest.fixture(params=["auto", "replace"])
def inplace(request, monkeypatch):
    """Values set in place through Tensor.assign where Tensor has it ("auto"), or through
    state.replace (both paths of state._assign)."""
    if request.param == "replace":
        monkeypatch.setattr(Tensor, "assign", None, raising=False)
    return request.param


# -- state-dict keys -------------------------------------------------------------------------

P = collections.namedtuple("P", ["a", "b"])


class Block:
    def __init__(self):
        self.norm = nn.LayerNorm(4)
        self.proj = nn.Linear(4, 4, bias=False)


class Net:
    def __init__(self):
        self.embed = nn.Embedding(10, 4)
        self.blocks = [Block(), Block()]
        self.heads = {"cls": nn.Linear(4, 3), "aux": (nn.RMSNorm(4), nn.GroupNorm(2, 4))}
        self.bn = nn.BatchNorm2d(4)
        self.pair = P(Tensor.ones(2), [Tensor.zeros(1)])
        self.od = collections.OrderedDict(z=nn.InstanceNorm(4, affine=False), y=nn.Conv1d(4, 4, 3))
        self.scale = Tensor.ones(())
        self.n = 3

    def __call__(self, idx):
        x = self.embed(idx)
        for b in self.blocks:
            x = x + b.proj(b.norm(x))
        return self.heads["cls"](self.heads["aux"][0](x)) * self.scale


# printed by tinygrad's get_state_dict for the same Net (tinygrad/nn/state.py at the pinned commit)
TINYGRAD_KEYS = [
    "embed.weight", "blocks.0.norm.weight", "blocks.0.norm.bias", "blocks.0.proj.weight",
    "blocks.1.norm.weight", "blocks.1.norm.bias", "blocks.1.proj.weight", "heads.cls.weight",
    "heads.cls.bias", "heads.aux.0.weight", "heads.aux.1.weight", "heads.aux.1.bias", "bn.weight",
    "bn.bias", "bn.num_batches_tracked", "bn.running_mean", "bn.running_var", "pair.a", "pair.b.0",
    "od.y.weight", "od.y.bias", "scale"]


def test_state_dict_keys_are_tinygrads():
    net = Net()
    sd = get_state_dict(net)
    assert list(sd) == TINYGRAD_KEYS
    assert sd["heads.cls.weight"] is net.heads["cls"].weight
    assert get_parameters(net) == list(sd.values()) and len(get_parameters(net)) == 22
    assert list(get_state_dict(net.blocks, prefix="m.")) == [
        "m.0.norm.weight", "m.0.norm.bias", "m.0.proj.weight", "m.1.norm.weight", "m.1.norm.bias",
        "m.1.proj.weight"]
    assert get_state_dict(net.scale) == {"": net.scale}


def test_tied_weights_and_cycles():
    a = nn.Linear(2, 2)
    b = nn.Linear(2, 2)
    b.weight = a.weight            # tied: one tensor under two names
    a.parent = [a, b]              # a cycle back to a: not followed again
    sd = get_state_dict({"a": a, "b": b})
    assert sd["a.weight"] is sd["b.weight"]
    assert sorted(sd) == ["a.bias", "a.parent.1.bias", "a.parent.1.weight", "a.weight", "b.bias", "b.weight"]


# -- load_state_dict -------------------------------------------------------------------------

def test_load_state_dict_in_place(inplace):
    src, dst = Net(), Net()
    params_before = get_parameters(dst)              # e.g. an optimizer's list
    idx = Tensor(RNG.integers(0, 10, (2, 3)).astype(np.int32))
    ret = load_state_dict(dst, get_state_dict(src), verbose=False)
    assert ret == params_before                       # the model's own tensors, in place
    for a, b in zip(get_parameters(src), params_before):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    np.testing.assert_array_equal(dst(idx).numpy(), src(idx).numpy())


def test_load_state_dict_checks_before_loading():
    net = Net()
    before = {k: v.numpy() for k, v in get_state_dict(net).items()}
    sd = {k: Tensor(np.full(v.shape, 7, v.dtype.np)) for k, v in get_state_dict(Net()).items()}
    missing = dict(sd)
    del missing["bn.running_var"]
    with pytest.raises(KeyError, match="lacks 1 of the model's 22 keys: \\['bn.running_var'\\]"):
        load_state_dict(net, missing, verbose=False)
    bad = dict(sd, **{"od.y.weight": Tensor(f32(4, 4, 2))})
    with pytest.raises(ValueError, match="Shape mismatch in layer `od.y.weight`: Expected shape \\(4, 4, 3\\)"):
        load_state_dict(net, bad, verbose=False)
    with pytest.raises(TypeError, match="`scale` is a str"):
        load_state_dict(net, dict(sd, scale="x"), verbose=False)
    for k, v in get_state_dict(net).items():          # nothing was loaded by the failed calls
        np.testing.assert_array_equal(v.numpy(), before[k])
    # non-strict: missing keys keep their values; unknown keys are ignored; (1,) fits ()
    partial = {"embed.weight": sd["embed.weight"], "scale": Tensor(np.array([5.0], np.float32)),
               "not.a.key": Tensor(f32(3))}
    ret = load_state_dict(net, partial, strict=False, verbose=False)
    assert len(ret) == 2 and net.scale.shape == () and float(net.scale.numpy()) == 5.0
    assert (net.embed.weight.numpy() == 7).all()
    np.testing.assert_array_equal(net.bn.running_var.numpy(), before["bn.running_var"])


def test_load_state_dict_consume_realize_and_requires_grad(capsys, inplace):
    net = nn.Linear(3, 2)
    net.weight.requires_grad = True
    sd = {"weight": Tensor(f32(2, 3)) * 2, "bias": Tensor(f32(2)), "extra": Tensor(f32(1))}
    want = sd["weight"].numpy()
    load_state_dict(net, sd, consume=True)
    assert list(sd) == ["extra"]
    assert "loaded 2 tensors" in capsys.readouterr().out
    assert net.weight._node.op == "input"              # realized: the graph was computed once
    np.testing.assert_array_equal(net.weight.numpy(), want)
    assert net.weight.requires_grad is True and net.bias.requires_grad is None
    x = Tensor(f32(4, 3))
    net(x).sum().backward()
    np.testing.assert_allclose(net.weight.grad.numpy(), np.broadcast_to(x.numpy().sum(0), (2, 3)), rtol=1e-5)
    with pytest.raises(TypeError, match="must be a dict"):
        load_state_dict(net, [1, 2])


def test_batchnorm_stats_update_seen_through_state_dict(inplace):
    bn = nn.BatchNorm(3)
    sd = get_state_dict(bn)                           # taken before training
    with nn.training():
        bn(Tensor(f32(4, 3) + 2))
    assert int(sd["num_batches_tracked"].numpy()) == 1
    assert abs(float(sd["running_mean"].numpy().mean()) - 0.2) < 0.1


# -- safetensors ---------------------------------------------------------------------------

def every_dtype():
    """One array per uop dtype with its edge values (NaN payloads, -0.0, inf, min / max)."""
    out = {}
    for name, dt in [("f16", np.float16), ("f32", np.float32), ("f64", np.float64)]:
        info = np.finfo(dt)
        edge = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, info.max, info.min, info.tiny,
                         info.smallest_subnormal], dt)
        u = {np.float16: np.uint16, np.float32: np.uint32, np.float64: np.uint64}[dt]
        payload = np.array([-1], np.int64).astype(u).view(dt)   # an all-ones NaN payload
        out[name] = np.concatenate([edge, payload, RNG.standard_normal(6).astype(dt)]).reshape(4, 4)
    for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        info = np.iinfo(dt)
        out[np.dtype(dt).name] = np.concatenate(
            [np.array([info.min, info.max, 0, 1], dt), RNG.integers(info.min, info.max, 5, dtype=dt)])
    out["bool"] = np.array([[True, False, True], [False, False, True]])
    out["scalar"] = np.array(3.5, np.float32)
    out["empty"] = np.zeros((0, 3), np.int16)
    return out


def test_safetensors_round_trip_every_dtype_bit_exact(tmp_path):
    arrays = every_dtype()
    tensors = {k: Tensor(v) for k, v in arrays.items()}
    # bfloat16: every non-NaN bit pattern in a sample (a bf16 tensor holds one canonical NaN)
    bits = RNG.integers(0, 1 << 16, 300, dtype=np.uint32).astype(np.uint16)
    bits = bits[(bits & 0x7F80) != 0x7F80]
    bf = (bits.astype(np.uint32) << 16).view(np.float32)
    tensors["bf16"] = Tensor(bf, dtype="bfloat16")
    tensors["lazy"] = Tensor(arrays["f32"]) * 2 + 1     # a graph, computed on save
    path = tmp_path / "all.safetensors"
    safe_save(tensors, str(path), metadata={"format": "pt", "n": 3})
    back = safe_load(path)
    assert list(back) == list(tensors)
    for k, t in tensors.items():
        got, want = back[k], t.numpy()
        assert got.dtype is t.dtype and got.shape == t.shape, k
        assert got.numpy().tobytes() == want.tobytes(), k   # bit-exact, NaN payloads included
    assert (back["bf16"].numpy().view(np.uint32) >> 16).astype(np.uint16).tobytes() == bits.tobytes()
    t, start, header = safe_load_metadata(path)
    assert header["__metadata__"] == {"format": "pt", "n": 3}
    assert t.dtype.name == "uint8" and t.shape == (path.stat().st_size,) and start % 8 == 0
    assert safe_load(t)["uint8"].numpy().tobytes() == arrays["uint8"].tobytes()


def test_safe_save_read_by_an_independent_reader(tmp_path):
    arrays = {"w": f32(3, 2), "idx": np.array([1, -7, 9], np.int64), "m": np.array([True, False]),
              "h": f32(5).astype(np.float16)}
    path = tmp_path / "x.safetensors"
    safe_save({k: Tensor(v) for k, v in arrays.items()}, path)
    raw = path.read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    assert n % 8 == 0 and 8 + n <= len(raw)
    header = json.loads(raw[8:8 + n])
    codes = {"w": ("F32", "<f4"), "idx": ("I64", "<i8"), "m": ("BOOL", "|u1"), "h": ("F16", "<f2")}
    end = 0
    for k, a in arrays.items():
        e = header[k]
        assert e["dtype"] == codes[k][0] and e["shape"] == list(a.shape)
        lo, hi = e["data_offsets"]
        assert lo == end                                  # packed in order, no gaps
        end = hi
        data = np.frombuffer(raw[8 + n + lo:8 + n + hi], dtype=codes[k][1]).reshape(a.shape)
        np.testing.assert_array_equal(data.astype(a.dtype), a)
    assert 8 + n + end == len(raw) and "__metadata__" not in header


def test_safe_load_of_an_independent_writer(tmp_path):
    """A file written here by hand: data out of header order, metadata, an unpadded header."""
    a, b = np.arange(6, dtype="<i4").reshape(2, 3), np.array([1.5, -2.0], "<f8")
    data = b.tobytes() + a.tobytes()
    header = {"a": {"dtype": "I32", "shape": [2, 3], "data_offsets": [16, 40]},
              "__metadata__": {"who": "test"},
              "b": {"dtype": "F64", "shape": [2], "data_offsets": [0, 16]}}
    j = json.dumps(header).encode()
    path = tmp_path / "y.safetensors"
    path.write_bytes(struct.pack("<Q", len(j)) + j + data)
    got = safe_load(str(path))
    assert sorted(got) == ["a", "b"]
    np.testing.assert_array_equal(got["a"].numpy(), a)
    np.testing.assert_array_equal(got["b"].numpy(), b)
    assert got["a"].dtype.name == "int32" and got["b"].dtype.name == "float64"


def _file(header, data=b"", length=None):
    j = json.dumps(header).encode() if not isinstance(header, bytes) else header
    return struct.pack("<Q", len(j) if length is None else length) + j + data


@pytest.mark.parametrize("raw,msg", [
    (b"", "too short"),
    (b"\x10\x00\x00", "too short"),
    (_file({}, length=1 << 40), "runs past the end"),
    (_file(b"{not json"), "not valid JSON"),
    (_file(b"\xff\xfe{}"), "not valid JSON"),
    (_file([1, 2]), "a JSON list, not an object"),
    (_file({"x": {"dtype": "F32", "shape": [2]}}), "expected an object with dtype"),
    (_file({"x": {"dtype": "C64", "shape": [1], "data_offsets": [0, 8]}}, b"\0" * 8), "dtype 'C64'"),
    (_file({"x": {"dtype": "F8_E4M3", "shape": [1], "data_offsets": [0, 1]}}, b"\0"), "dtype 'F8_E4M3'"),
    (_file({"x": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}}, b"\0" * 4), "non-negative"),
    (_file({"x": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, b"\0" * 5), "outside the 5 data"),
    (_file({"x": {"dtype": "F32", "shape": [2], "data_offsets": [4, 0]}}, b"\0" * 8), "outside"),
    (_file({"x": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}, b"\0" * 8), "needs 12"),
    (_file({"x": {"dtype": "F32", "shape": [2], "data_offsets": [0]}}, b"\0" * 8), "pair of integers"),
], ids=["empty", "short", "bad_length", "not_json", "not_utf8", "list", "no_offsets", "unknown_dtype",
        "fp8", "neg_shape", "truncated", "reversed", "size", "offsets"])
def test_malformed_safetensors(tmp_path, raw, msg):
    path = tmp_path / "bad.safetensors"
    path.write_bytes(raw)
    with pytest.raises(SafetensorsError, match=msg) as e:
        safe_load(path)
    assert isinstance(e.value, ValueError)


def test_truncated_safe_save_file(tmp_path):
    path = tmp_path / "t.safetensors"
    safe_save({"a": Tensor(f32(4, 4)), "b": Tensor(f32(8))}, path)
    raw = path.read_bytes()
    for cut in (len(raw) - 1, len(raw) - 40, 12, 7):
        path.write_bytes(raw[:cut])
        with pytest.raises(SafetensorsError):
            safe_load(path)


def test_safe_save_errors(tmp_path):
    p = tmp_path / "e.safetensors"
    with pytest.raises(TypeError, match="'a' is a ndarray, not a Tensor"):
        safe_save({"a": np.zeros(2)}, p)
    with pytest.raises(ValueError, match="not a valid tensor name"):
        safe_save({"__metadata__": Tensor(f32(2))}, p)
    with pytest.raises(TypeError, match="not JSON-serialisable"):
        safe_save({"a": Tensor(f32(2))}, p, metadata={"x": object()})
    with pytest.raises(TypeError, match="expected a file name"):
        safe_load(3.5)


def test_model_through_safetensors(tmp_path):
    src, dst = Net(), Net()
    path = tmp_path / "net.safetensors"
    safe_save(get_state_dict(src), path)
    load_state_dict(dst, safe_load(path), verbose=False)
    idx = Tensor(RNG.integers(0, 10, (3,)).astype(np.int32))
    np.testing.assert_array_equal(dst(idx).numpy(), src(idx).numpy())
    assert dst.bn.num_batches_tracked.dtype.name == "int64"


# -- torch_load --------------------------------------------------------------------------------

def test_torch_load_zip_format(tmp_path):
    torch = pytest.importorskip("torch")
    base = torch.arange(24, dtype=torch.float32).reshape(4, 6)
    sd = collections.OrderedDict(
        w=torch.randn(3, 4), t=base.t(), view=base[1:, 2:5], h=torch.randn(5).half(),
        bf=torch.randn(4).bfloat16(), i=torch.tensor([1, -2, 3]), b=torch.tensor([True, False]),
        s=torch.tensor(2.5), p=torch.nn.Parameter(torch.ones(2)), e=torch.zeros(0, 2),
        u8=torch.tensor([0, 255], dtype=torch.uint8), d=torch.randn(2, dtype=torch.float64))
    path = tmp_path / "m.pth"
    torch.save(sd, path)
    got = torch_load(path)
    assert list(got) == list(sd)
    for k, v in sd.items():
        want = v.detach().float().numpy() if v.dtype == torch.bfloat16 else v.detach().numpy()
        assert got[k].shape == tuple(v.shape), k
        np.testing.assert_array_equal(got[k].numpy(), want, err_msg=k)
    assert got["bf"].dtype.name == "bfloat16" and got["i"].dtype.name == "int64"
    # a checkpoint: a module's state dict (an OrderedDict with _metadata), ints, numpy values
    lin = torch.nn.Linear(2, 3)
    torch.save({"model": lin.state_dict(), "epoch": 3, "arr": np.arange(3.0)}, tmp_path / "ck.pth")
    ck = torch_load(tmp_path / "ck.pth")
    assert ck["epoch"] == 3 and ck["arr"].tolist() == [0.0, 1.0, 2.0]
    np.testing.assert_array_equal(ck["model"]["weight"].numpy(), lin.weight.detach().numpy())
    torch.save(lin, tmp_path / "module.pth")                 # a pickled module: its class is refused
    with pytest.raises(pickle.UnpicklingError, match="torch.nn.modules.linear.Linear is not supported"):
        torch_load(tmp_path / "module.pth")
    legacy = tmp_path / "old.pth"
    torch.save(sd, legacy, _use_new_zipfile_serialization=False)
    with pytest.raises(NotImplementedError, match="zip format"):
        torch_load(legacy)
