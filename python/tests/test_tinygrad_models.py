"""tinygrad example models run on ``uop.Tensor`` / ``uop.nn`` / ``uop.jit``.

The model classes are copied verbatim from the pinned tinygrad checkout (cited per class) so the
test needs no checkout; the names they use (``nn``, ``Tensor``, ``TinyJit``, ``Context``) are
bound to uop's as python/tests/tinygrad_suite/shim does.
"""

import functools
from typing import Callable, Optional

import numpy as np

from uop import Jit as TinyJit
from uop import Tensor
import uop.nn as nn
from uop.nn import Linear

Variable = int  # gpt2.py's start_pos is a symbolic Variable there; a plain int here
MAX_CONTEXT = 16  # gpt2.py: getenv("MAX_CONTEXT", 128)
HALF = 0


def function(fn):
    # tinygrad's @function marks a graph-level call boundary (an optimisation only); uop has none,
    # so the copied class keeps the decorator and it is the identity here.
    return fn


# Copied verbatim from tinygrad examples/beautiful_mnist.py (class Model, layers and __call__;
# its train_step / get_test_acc sample MNIST with Tensor.randint and read a global `opt`, so the
# test writes its own jitted step with the same body on a fixed synthetic batch).
class Model:
  def __init__(self):
    self.layers: list[Callable[[Tensor], Tensor]] = [
      nn.Conv2d(1, 32, 5), Tensor.relu,
      nn.Conv2d(32, 32, 5), Tensor.relu,
      nn.BatchNorm(32), Tensor.max_pool2d,
      nn.Conv2d(32, 64, 3), Tensor.relu,
      nn.Conv2d(64, 64, 3), Tensor.relu,
      nn.BatchNorm(64), Tensor.max_pool2d,
      lambda x: x.flatten(1), nn.Linear(576, 10)]

  @function
  def __call__(self, x:Tensor) -> Tensor: return x.sequential(self.layers)


def _synthetic_mnist(n, seed=0):
    # Label = which of 10 vertical bands of the 28x28 image is brightest: a rule a conv net learns.
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 1, 28, 28)).astype(np.float32) * 0.3
    y = rng.integers(0, 10, n)
    for i, c in enumerate(y):
        x[i, 0, :, 1 + 2 * c:3 + 2 * c + 2] += 1.5
    return x, y.astype(np.int32)


def test_beautiful_mnist_adam_under_jit():
    model = Model()
    # BatchNorm's running stats and counter are buffers (tinygrad's is_param_(False)): with
    # requires_grad None, Adam took the int64 counter as a parameter (TypeError).
    for bn in (model.layers[4], model.layers[10]):
        assert all(t.requires_grad is False
                   for t in (bn.running_mean, bn.running_var, bn.num_batches_tracked))
    opt = nn.optim.Adam(nn.state.get_parameters(model))
    traces = []

    @TinyJit
    def train_step(X, Y):
        traces.append(1)  # runs only while tracing
        with nn.training():
            opt.zero_grad()
            loss = model(X).sparse_categorical_crossentropy(Y).backward()
            return loss.realize(*opt.schedule_step())

    xs, ys = _synthetic_mnist(16)
    X, Y = Tensor(xs), Tensor(ys)
    losses = [float(train_step(X, Y).numpy()) for _ in range(6)]
    print("beautiful_mnist losses:", losses)
    assert len(traces) == 1, f"jit traced {len(traces)} times"
    assert all(np.isfinite(losses)), losses
    assert losses[-1] < 0.7 * losses[0], losses
    # BatchNorm's in-place running-stat updates are jit state: each replay advances them.
    assert int(model.layers[4].num_batches_tracked.numpy()) == 6
    assert np.abs(model.layers[10].running_mean.numpy()).max() > 0


# Copied verbatim from tinygrad examples/gpt2.py (class Attention).
class Attention:
  def __init__(self, dim, n_heads):
    self.c_attn = Linear(dim, 3*dim, bias=True)
    self.c_proj = Linear(dim, dim, bias=True)
    self.n_heads = n_heads
    self.dim = dim
    self.head_dim = dim // n_heads

  def __call__(self, x:Tensor, start_pos:Variable, mask:Optional[Tensor]) -> Tensor:
    if HALF: x = x.half()
    xqkv = self.c_attn(x).reshape(None, None, 3, self.n_heads, self.head_dim)
    xq, xk, xv = [xqkv[:, :, i, :, :] for i in range(3)]
    bsz, seqlen, _, _ = xq.shape

    # create kv cache
    if not hasattr(self, "cache_kv"):
      self.cache_kv = Tensor.zeros(2, bsz, MAX_CONTEXT, self.n_heads, self.head_dim, dtype=x.dtype).contiguous().realize()

    # update the cache
    self.cache_kv[:, :, start_pos:start_pos+seqlen, :, :].assign(Tensor.stack(xk, xv)).realize()

    keys = self.cache_kv[0][:, :start_pos+seqlen, :, :]
    values = self.cache_kv[1][:, :start_pos+seqlen, :, :]

    xq, keys, values = xq.transpose(1, 2), keys.transpose(1, 2), values.transpose(1, 2)
    return self.c_proj(xq.scaled_dot_product_attention(keys, values, mask).transpose(1, 2).reshape(bsz, seqlen, self.dim))


def _attention_reference(w_attn, b_attn, w_proj, b_proj, xs, n_heads):
    # float64 numpy: causal attention over the whole sequence, returned per position.
    x = np.concatenate(xs, axis=1).astype(np.float64)
    bsz, t, dim = x.shape
    hd = dim // n_heads
    qkv = (x @ w_attn.T + b_attn).reshape(bsz, t, 3, n_heads, hd)
    q, k, v = (qkv[:, :, i].transpose(0, 2, 1, 3) for i in range(3))
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    s = s + np.triu(np.full((t, t), -np.inf), 1)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    o = (p @ v).transpose(0, 2, 1, 3).reshape(bsz, t, dim)
    return o @ w_proj.T + b_proj


def test_gpt2_attention_kv_cache_decode():
    dim, n_heads, bsz, prompt, steps = 32, 4, 2, 3, 4
    attn = Attention(dim, n_heads)
    rng = np.random.default_rng(1)
    xs = [rng.standard_normal((bsz, prompt, dim)).astype(np.float32)]
    xs += [rng.standard_normal((bsz, 1, dim)).astype(np.float32) for _ in range(steps)]
    outs, start_pos = [], 0
    for x in xs:
        seqlen = x.shape[1]
        # gpt2.py's Transformer: a causal mask for the prompt, none for one-token decode steps.
        mask = (Tensor.full((1, 1, seqlen, start_pos + seqlen), float("-inf")).triu(start_pos + 1)
                if seqlen > 1 else None)
        outs.append(attn(Tensor(x), start_pos, mask).numpy())
        start_pos += seqlen
    ref = _attention_reference(*(t.numpy().astype(np.float64) for t in
                                 (attn.c_attn.weight, attn.c_attn.bias, attn.c_proj.weight, attn.c_proj.bias)),
                               xs, n_heads)
    got = np.concatenate(outs, axis=1)
    np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
    # The cache holds every position's keys/values written through the sliced assign.
    cache = attn.cache_kv.numpy()
    assert not cache[:, :, start_pos:].any()
    assert cache[:, :, :start_pos].any(axis=(-1, -2)).all()


# ---------------------------------------------------------------------------
# LLaMA: tinygrad's extra/models/llama.py, read from the checkout in $UOP_TINYGRAD_DIR and run as
# written with uop's Tensor/nn/TinyJit bound to the names its `from tinygrad import ...` lines give.
# ---------------------------------------------------------------------------

LLAMA_CFG = dict(dim=32, hidden_dim=64, n_heads=4, n_kv_heads=2, norm_eps=1e-5, max_context=16)
LLAMA_BSZ, LLAMA_PROMPT, LLAMA_STEPS = 2, 3, 4


def _tinygrad_root():
    import os
    import pytest
    root = os.environ.get("UOP_TINYGRAD_DIR")
    if not root:
        pytest.skip("set UOP_TINYGRAD_DIR to a tinygrad checkout (pinned commit a9069c177a) to run "
                    "its extra/models/llama.py on uop.Tensor")
    return root


def _llama_namespace(root):
    """llama.py's globals: its code unmodified, its two tinygrad imports replaced by uop's names."""
    import os
    import re
    from uop.dtypes import dtypes
    path = os.path.join(root, "extra", "models", "llama.py")
    with open(path) as f:
        src = f.read()
    src, n = re.subn(r"^from tinygrad(\.helpers)? import .*$", "", src, flags=re.M)
    assert n == 2, f"{path}: expected its two `from tinygrad` import lines, found {n}"
    ns = dict(Tensor=Tensor, Variable=int, TinyJit=TinyJit, dtypes=dtypes, nn=nn, Device=None,
              getenv=lambda key, default=0: default, DEBUG=0, __name__="llama")
    exec(compile(src, path, "exec"), ns)
    return ns


def _llama_weights(seed=3):
    c, rng = LLAMA_CFG, np.random.default_rng(seed)
    hd = c["dim"] // c["n_heads"]

    def w(o, i):
        return (rng.standard_normal((o, i)) / np.sqrt(i)).astype(np.float32)
    return {"wq": w(c["n_heads"] * hd, c["dim"]), "wk": w(c["n_kv_heads"] * hd, c["dim"]),
            "wv": w(c["n_kv_heads"] * hd, c["dim"]), "wo": w(c["dim"], c["n_heads"] * hd),
            "w1": w(c["hidden_dim"], c["dim"]), "w2": w(c["dim"], c["hidden_dim"]),
            "w3": w(c["hidden_dim"], c["dim"]),
            "attention_norm": (1 + 0.1 * rng.standard_normal(c["dim"])).astype(np.float32),
            "ffn_norm": (1 + 0.1 * rng.standard_normal(c["dim"])).astype(np.float32)}


def _llama_inputs(seed=4):
    rng = np.random.default_rng(seed)
    d = LLAMA_CFG["dim"]
    xs = [rng.standard_normal((LLAMA_BSZ, LLAMA_PROMPT, d)).astype(np.float32)]
    return xs + [rng.standard_normal((LLAMA_BSZ, 1, d)).astype(np.float32) for _ in range(LLAMA_STEPS)]


# The same driver runs in this process on uop and in a subprocess on tinygrad (DRIVER below).
LLAMA_DRIVER = '''
def load_block(ns, Tensor, cfg, wts):
  blk = ns["TransformerBlock"](**cfg)
  a, f = blk.attention, blk.feed_forward
  for obj, name in ((a.wq, "wq"), (a.wk, "wk"), (a.wv, "wv"), (a.wo, "wo"), (f.w1, "w1"), (f.w2, "w2"), (f.w3, "w3"),
                    (blk.attention_norm, "attention_norm"), (blk.ffn_norm, "ffn_norm")):
    obj.weight = Tensor(wts[name])
  return blk

def run_block(ns, Tensor, blk, cfg, xs, step=None):
  # llama.py's Transformer.forward around one block: the rotary table, the prompt's causal mask,
  # no mask for one-token decode steps.
  freqs_cis = ns["precompute_freqs_cis"](cfg["dim"] // cfg["n_heads"], cfg["max_context"] * 2)
  outs, start_pos = [], 0
  for x in xs:
    seqlen = x.shape[1]
    fc = freqs_cis.shrink((None, (start_pos, start_pos+seqlen), None, None, None))
    if seqlen > 1:
      mask = Tensor.full((1, 1, seqlen, start_pos+seqlen), float("-inf")).triu(start_pos+1)
      outs.append(blk(Tensor(x), start_pos, fc, mask).numpy())
    else:
      outs.append((step or blk)(Tensor(x), start_pos, fc, None).numpy())
    start_pos += seqlen
  return outs
'''


def _llama_reference(wts, xs):
    """float64 numpy: the block over the whole sequence with a causal mask (what prompt + decode
    steps with a KV cache compute), rotary angles p * theta^(-2j/hd)."""
    c = LLAMA_CFG
    x = np.concatenate(xs, axis=1).astype(np.float64)
    w = {k: v.astype(np.float64) for k, v in wts.items()}
    bsz, t, dim = x.shape
    nh, nkv = c["n_heads"], c["n_kv_heads"]
    hd = dim // nh

    def rms(v, g):
        return v / np.sqrt((v * v).mean(-1, keepdims=True) + c["norm_eps"]) * g

    def rope(v):  # (b, t, heads, hd), pairs (2j, 2j+1) rotated by angle p * freq_j
        ang = np.arange(t)[:, None] * (1.0 / 10000.0 ** (np.arange(0, hd, 2) / hd))[None, :]
        cos, sin = np.cos(ang)[None, :, None, :], np.sin(ang)[None, :, None, :]
        a, b = v[..., 0::2], v[..., 1::2]
        return np.stack([a * cos - b * sin, a * sin + b * cos], -1).reshape(v.shape)

    h = rms(x, w["attention_norm"])
    q = rope((h @ w["wq"].T).reshape(bsz, t, nh, hd))
    k = rope((h @ w["wk"].T).reshape(bsz, t, nkv, hd))
    v = (h @ w["wv"].T).reshape(bsz, t, nkv, hd)
    rep = nh // nkv  # query head i reads kv head i // rep (llama.py's repeat_kv)
    k, v = np.repeat(k, rep, axis=2), np.repeat(v, rep, axis=2)
    q, k, v = (a.transpose(0, 2, 1, 3) for a in (q, k, v))
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd) + np.triu(np.full((t, t), -np.inf), 1)
    p = np.exp(s - s.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    hh = x + (p @ v).transpose(0, 2, 1, 3).reshape(bsz, t, dim) @ w["wo"].T
    n = rms(hh, w["ffn_norm"])
    g = n @ w["w1"].T
    return hh + ((g / (1 + np.exp(-g))) * (n @ w["w3"].T)) @ w["w2"].T


@functools.lru_cache(maxsize=None)
def _run_llama_uop(root, jitted=False):
    ns, drv = _llama_namespace(root), {}
    exec(LLAMA_DRIVER, drv)
    wts, xs = _llama_weights(), _llama_inputs()
    blk = drv["load_block"](ns, Tensor, LLAMA_CFG, wts)
    step = TinyJit(blk.__call__) if jitted else None
    return blk, wts, xs, drv["run_block"](ns, Tensor, blk, LLAMA_CFG, xs, step)


def test_llama_transformer_block_kv_cache_decode():
    root = _tinygrad_root()
    blk, wts, xs, outs = _run_llama_uop(root)
    got = np.concatenate(outs, axis=1)
    np.testing.assert_allclose(got, _llama_reference(wts, xs), rtol=1e-4, atol=1e-4)
    total = LLAMA_PROMPT + LLAMA_STEPS
    cache = blk.attention.cache_kv.numpy()
    assert cache.shape == (2, LLAMA_BSZ, LLAMA_CFG["max_context"], LLAMA_CFG["n_kv_heads"], 8)
    assert not cache[:, :, total:].any()
    assert cache[:, :, :total].any(axis=(-1, -2)).all()


TINYGRAD_LLAMA = '''
import sys, numpy as np
sys.path.insert(0, sys.argv[1])
from tinygrad import Tensor
import extra.models.llama as llama
drv = {}
exec(sys.argv[2], drv)
cfg = eval(sys.argv[3])
d = np.load(sys.argv[4])
wts = {k[2:]: d[k] for k in d.files if k.startswith("w:")}
xs = [d[f"x:{i}"] for i in range(sum(k.startswith("x:") for k in d.files))]
blk = drv["load_block"](vars(llama), Tensor, cfg, wts)
outs = drv["run_block"](vars(llama), Tensor, blk, cfg, xs)
np.save(sys.argv[5], np.concatenate(outs, axis=1))
'''


def test_llama_transformer_block_matches_tinygrad(tmp_path):
    """The same block, weights and inputs on tinygrad itself (its CPU device, in a subprocess)."""
    import os
    import subprocess
    import sys
    import pytest
    root = _tinygrad_root()
    wts, xs = _llama_weights(), _llama_inputs()
    inp, out = tmp_path / "in.npz", tmp_path / "out.npy"
    np.savez(inp, **{f"w:{k}": v for k, v in wts.items()}, **{f"x:{i}": x for i, x in enumerate(xs)})
    env = dict(os.environ, PYTHONPATH=root, DEV="CPU")
    r = subprocess.run([sys.executable, "-c", TINYGRAD_LLAMA, root, LLAMA_DRIVER, repr(LLAMA_CFG),
                        str(inp), str(out)], env=env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        pytest.skip(f"tinygrad from {root} does not run here (DEV=CPU): {r.stderr.strip()[-300:]}")
    ref = np.load(out)
    _, _, _, outs = _run_llama_uop(root)
    got = np.concatenate(outs, axis=1)
    print("llama block |uop - tinygrad| max:", np.abs(got - ref).max())
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)
    # and both against float64 numpy
    np.testing.assert_allclose(ref, _llama_reference(wts, xs), rtol=1e-4, atol=1e-4)


def test_llama_jitted_decode_stores_the_kv_cache_in_place(monkeypatch):
    """Decode steps under TinyJit: the first sequence traces each position, the second
    replays them; a replay stores the step's (2, bsz, 1, kv_heads, head_dim) slice into the
    cache's own buffer (no program output the size of the cache, the buffer unchanged)."""
    from uop import runtime
    stats = TinyJit.stats
    root = _tinygrad_root()
    ns, drv = _llama_namespace(root), {}
    exec(LLAMA_DRIVER, drv)
    blk = drv["load_block"](ns, Tensor, LLAMA_CFG, _llama_weights())
    step = TinyJit(blk.__call__)
    drv["run_block"](ns, Tensor, blk, LLAMA_CFG, _llama_inputs(seed=5), step)  # traces
    assert step.traces == LLAMA_STEPS
    sizes, run = [], runtime.Program.run

    def recording(self, inputs, out_shapes, out_dtypes):
        sizes.extend(int(np.prod(s)) for s in out_shapes)
        return run(self, inputs, out_shapes, out_dtypes)
    monkeypatch.setattr(runtime.Program, "run", recording)
    cache_kv, ptrs, stored, launched = blk.attention.cache_kv, [], [], []

    def watched(*args):
        b, n = stats.stored_bytes, len(sizes)
        out = step(*args)
        ptrs.append(cache_kv._node.data.ctypes.data)
        stored.append(stats.stored_bytes - b)
        launched.append(max(sizes[n:]))
        return out
    xs, copies = _llama_inputs(seed=6), stats.state_copies
    outs = drv["run_block"](ns, Tensor, blk, LLAMA_CFG, xs, watched)  # replays
    assert step.traces == LLAMA_STEPS
    np.testing.assert_allclose(np.concatenate(outs, axis=1), _llama_reference(_llama_weights(), xs),
                               rtol=1e-4, atol=1e-4)
    hd = LLAMA_CFG["dim"] // LLAMA_CFG["n_heads"]
    slice_bytes = 2 * LLAMA_BSZ * LLAMA_CFG["n_kv_heads"] * hd * 4
    assert stored == [slice_bytes] * LLAMA_STEPS
    # The prompt's eager assign (realized) gave the cache a new buffer: the first replay copies
    # it once into one the jit owns, the later replays store into that one; no replay launches a
    # program with an output as large as the cache.
    assert stats.state_copies - copies == 1
    assert len(set(ptrs[1:])) == 1, ptrs
    cache_size = int(np.prod(cache_kv.shape))
    assert max(launched) < cache_size, (launched, cache_size)


# ---------------------------------------------------------------------------
# GPT-2: tinygrad's examples/gpt2.py TransformerBlock read from the checkout, as written (its
# module-level imports replaced by uop's names; tiktoken/gguf/torch_load are not reached).
# ---------------------------------------------------------------------------

GPT2_DIM, GPT2_HEADS, GPT2_EPS = 32, 4, 1e-5


def _gpt2_namespace(root):
    import os
    import re
    from uop.dtypes import dtypes
    path = os.path.join(root, "examples", "gpt2.py")
    with open(path) as f:
        src = f.read()
    src, n = re.subn(r"^(from (tinygrad|extra)\S* import .*|with contextlib.suppress\(ImportError\): import tiktoken)$",
                     "", src, flags=re.M)
    assert n == 8, f"{path}: expected its 8 tinygrad/extra/tiktoken import lines, found {n}"
    unused = ("Device", "GlobalCounters", "UOp", "Timing", "JIT", "fetch", "colored", "trange", "gguf_load",
              "Embedding", "torch_load", "load_state_dict", "get_state_dict", "BenchEvent", "WallTimeEvent")
    ns = dict({k: None for k in unused}, Tensor=Tensor, TinyJit=TinyJit, Variable=int, dtypes=dtypes,
              Linear=nn.Linear, LayerNorm=nn.LayerNorm, DEBUG=0, getenv=lambda key, default=0: default,
              __name__="gpt2")
    exec(compile(src, path, "exec"), ns)
    return ns


GPT2_DRIVER = '''
def run_gpt2(ns, Tensor, wts, xs, dim, heads, eps):
  blk = ns["TransformerBlock"](dim, heads, eps)
  for key, w in wts.items():  # "attn.c_attn.weight" -> blk.attn.c_attn.weight
    *path, last = key.split(".")
    obj = blk
    for p in path: obj = getattr(obj, p)
    setattr(obj, last, Tensor(w))
  outs, start_pos = [], 0
  for x in xs:  # gpt2.py's Transformer.forward: a causal mask for the prompt, none after
    seqlen = x.shape[1]
    mask = Tensor.full((1, 1, seqlen, start_pos+seqlen), float("-inf")).triu(start_pos+1) if seqlen > 1 else None
    outs.append(blk(Tensor(x), start_pos, mask).numpy())
    start_pos += seqlen
  return outs
'''


def _gpt2_weights(seed=7):
    rng, d = np.random.default_rng(seed), GPT2_DIM
    shapes = {"attn.c_attn.weight": (3 * d, d), "attn.c_attn.bias": (3 * d,), "attn.c_proj.weight": (d, d),
              "attn.c_proj.bias": (d,), "mlp.c_fc.weight": (4 * d, d), "mlp.c_fc.bias": (4 * d,),
              "mlp.c_proj.weight": (d, 4 * d), "mlp.c_proj.bias": (d,), "ln_1.weight": (d,), "ln_1.bias": (d,),
              "ln_2.weight": (d,), "ln_2.bias": (d,)}
    w = {k: (rng.standard_normal(s) / np.sqrt(s[-1])).astype(np.float32) for k, s in shapes.items()}
    for k in ("ln_1.weight", "ln_2.weight"):
        w[k] += 1
    return w


def _gpt2_block_reference(w, xs):
    w = {k: v.astype(np.float64) for k, v in w.items()}
    x = np.concatenate(xs, axis=1).astype(np.float64)

    def ln(v, name):
        m = v.mean(-1, keepdims=True)
        return (v - m) / np.sqrt(((v - m) ** 2).mean(-1, keepdims=True) + GPT2_EPS) * w[name + ".weight"] + w[name + ".bias"]
    h = x + _attention_reference(w["attn.c_attn.weight"], w["attn.c_attn.bias"], w["attn.c_proj.weight"],
                                 w["attn.c_proj.bias"], [ln(x, "ln_1")], GPT2_HEADS)
    f = ln(h, "ln_2") @ w["mlp.c_fc.weight"].T + w["mlp.c_fc.bias"]
    f = 0.5 * f * (1 + np.tanh(np.sqrt(2 / np.pi) * (f + 0.044715 * f ** 3)))  # tinygrad's gelu
    return h + f @ w["mlp.c_proj.weight"].T + w["mlp.c_proj.bias"]


TINYGRAD_GPT2 = '''
import sys, numpy as np
sys.path.insert(0, sys.argv[1])
from tinygrad import Tensor
import examples.gpt2 as gpt2
drv = {}
exec(sys.argv[2], drv)
d = np.load(sys.argv[3])
wts = {k[2:]: d[k] for k in d.files if k.startswith("w:")}
xs = [d[f"x:{i}"] for i in range(sum(k.startswith("x:") for k in d.files))]
dim, heads, eps = eval(sys.argv[4])
np.save(sys.argv[5], np.concatenate(drv["run_gpt2"](vars(gpt2), Tensor, wts, xs, dim, heads, eps), axis=1))
'''


def test_gpt2_transformer_block_matches_numpy_and_tinygrad(tmp_path):
    """examples/gpt2.py's TransformerBlock (LayerNorms, Attention with its KV cache, the gelu MLP)
    over a 3-token prompt and 3 decode steps: float64 numpy, then tinygrad's own output."""
    import os
    import subprocess
    import sys
    import pytest
    root = _tinygrad_root()
    rng = np.random.default_rng(8)
    xs = [rng.standard_normal((2, 3, GPT2_DIM)).astype(np.float32)]
    xs += [rng.standard_normal((2, 1, GPT2_DIM)).astype(np.float32) for _ in range(3)]
    wts, drv = _gpt2_weights(), {}
    exec(GPT2_DRIVER, drv)
    got = np.concatenate(drv["run_gpt2"](_gpt2_namespace(root), Tensor, wts, xs, GPT2_DIM, GPT2_HEADS,
                                         GPT2_EPS), axis=1)
    np.testing.assert_allclose(got, _gpt2_block_reference(wts, xs), rtol=1e-4, atol=1e-4)
    inp, out = tmp_path / "in.npz", tmp_path / "out.npy"
    np.savez(inp, **{f"w:{k}": v for k, v in wts.items()}, **{f"x:{i}": x for i, x in enumerate(xs)})
    env = dict(os.environ, PYTHONPATH=root, DEV="CPU")
    r = subprocess.run([sys.executable, "-c", TINYGRAD_GPT2, root, GPT2_DRIVER, str(inp),
                        repr((GPT2_DIM, GPT2_HEADS, GPT2_EPS)), str(out)],
                       env=env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        pytest.skip(f"tinygrad from {root} does not run here (DEV=CPU): {r.stderr.strip()[-300:]}")
    ref = np.load(out)
    print("gpt2 block |uop - tinygrad| max:", np.abs(got - ref).max())
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)
