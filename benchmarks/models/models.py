"""The benchmark's models: weights made with numpy, and one forward pass per API.

``make_data(name)`` returns ``(input, weights)`` as float32 arrays (deterministic:
one seeded generator per model). ``tiny_forward(T, name, W)`` builds the forward pass
on a tinygrad-style ``Tensor`` class ``T`` (``uop.Tensor`` and ``tinygrad.Tensor``
share the API, so both run the same code); ``torch_forward(torch, name, W)`` is the
same model written by hand with ``torch.nn.functional`` (no torchvision). Linear
weights are stored (in, out) and applied as ``x @ W`` everywhere.
"""

import math

import numpy as np

# (block count per stage, channels per stage) of ResNet-18.
RESNET_STAGES = [(2, 64), (2, 128), (2, 256), (2, 512)]
BN_EPS = 1e-5
GPT2 = dict(T=128, d=768, H=12)
LLAMA = dict(T=128, d=512, H=8, hidden=1408)
MODELS = ["mnist", "resnet18", "gpt2_block", "llama_block"]


def _normal(rng, shape, fan_in):
    return (rng.standard_normal(shape) * math.sqrt(2.0 / fan_in)).astype(np.float32)


def _bn(rng, W, name, c):
    W[name + ".w"] = (1 + 0.1 * rng.standard_normal(c)).astype(np.float32)
    W[name + ".b"] = (0.1 * rng.standard_normal(c)).astype(np.float32)
    W[name + ".mean"] = (0.1 * rng.standard_normal(c)).astype(np.float32)
    W[name + ".var"] = (1 + 0.1 * np.abs(rng.standard_normal(c))).astype(np.float32)


def _conv(rng, W, name, cout, cin, k):
    W[name] = _normal(rng, (cout, cin, k, k), cin * k * k)


def _resnet_weights(rng):
    W = {}
    _conv(rng, W, "stem", 64, 3, 7)
    _bn(rng, W, "stem.bn", 64)
    cin = 64
    for s, (blocks, c) in enumerate(RESNET_STAGES):
        for b in range(blocks):
            p = f"l{s}.{b}"
            _conv(rng, W, p + ".c1", c, cin, 3)
            _bn(rng, W, p + ".bn1", c)
            _conv(rng, W, p + ".c2", c, c, 3)
            _bn(rng, W, p + ".bn2", c)
            if cin != c:
                _conv(rng, W, p + ".down", c, cin, 1)
                _bn(rng, W, p + ".down.bn", c)
            cin = c
    W["fc.w"] = _normal(rng, (512, 1000), 512)
    W["fc.b"] = (0.01 * rng.standard_normal(1000)).astype(np.float32)
    return W


def _gpt2_weights(rng):
    d = GPT2["d"]
    W = {"ln1.w": (1 + 0.1 * rng.standard_normal(d)).astype(np.float32),
         "ln1.b": (0.1 * rng.standard_normal(d)).astype(np.float32),
         "ln2.w": (1 + 0.1 * rng.standard_normal(d)).astype(np.float32),
         "ln2.b": (0.1 * rng.standard_normal(d)).astype(np.float32),
         "qkv.w": _normal(rng, (d, 3 * d), d), "qkv.b": np.zeros(3 * d, np.float32),
         "proj.w": _normal(rng, (d, d), d), "proj.b": np.zeros(d, np.float32),
         "fc.w": _normal(rng, (d, 4 * d), d), "fc.b": np.zeros(4 * d, np.float32),
         "out.w": _normal(rng, (4 * d, d), 4 * d), "out.b": np.zeros(d, np.float32)}
    W["mask"] = np.triu(np.full((GPT2["T"],) * 2, -1e9, np.float32), 1)
    return W


def _llama_weights(rng):
    d, h, T = LLAMA["d"], LLAMA["hidden"], LLAMA["T"]
    hd = d // LLAMA["H"]
    W = {"norm1.w": (1 + 0.1 * rng.standard_normal(d)).astype(np.float32),
         "norm2.w": (1 + 0.1 * rng.standard_normal(d)).astype(np.float32),
         "wq": _normal(rng, (d, d), d), "wk": _normal(rng, (d, d), d),
         "wv": _normal(rng, (d, d), d), "wo": _normal(rng, (d, d), d),
         "w1": _normal(rng, (d, h), d), "w3": _normal(rng, (d, h), d), "w2": _normal(rng, (h, d), h)}
    # RoPE tables (rotate-half form), precomputed like LLaMA's freqs_cis.
    freqs = 1.0 / (10000.0 ** (np.arange(0, hd, 2) / hd))
    ang = np.outer(np.arange(T), freqs)
    W["cos"] = np.cos(np.concatenate([ang, ang], -1)).astype(np.float32)
    W["sin"] = np.sin(np.concatenate([ang, ang], -1)).astype(np.float32)
    W["mask"] = np.triu(np.full((T, T), -1e9, np.float32), 1)
    return W


def make_data(name):
    """(input, weights) of model ``name``, the same bytes on every call."""
    rng = np.random.default_rng(1 + MODELS.index(name))
    if name == "mnist":
        W = {}
        _conv(rng, W, "c1", 32, 1, 3)
        _conv(rng, W, "c2", 64, 32, 3)
        W["c1.b"] = (0.1 * rng.standard_normal(32)).astype(np.float32)
        W["c2.b"] = (0.1 * rng.standard_normal(64)).astype(np.float32)
        W["fc.w"] = _normal(rng, (1600, 10), 1600)
        W["fc.b"] = (0.1 * rng.standard_normal(10)).astype(np.float32)
        return rng.standard_normal((64, 1, 28, 28)).astype(np.float32), W
    if name == "resnet18":
        return rng.standard_normal((1, 3, 224, 224)).astype(np.float32), _resnet_weights(rng)
    if name == "gpt2_block":
        return rng.standard_normal((1, GPT2["T"], GPT2["d"])).astype(np.float32), _gpt2_weights(rng)
    return rng.standard_normal((1, LLAMA["T"], LLAMA["d"])).astype(np.float32), _llama_weights(rng)


# ---- tinygrad-style Tensor API (uop.Tensor and tinygrad.Tensor) ----

def _tiny_bn(x, W, p):
    shape = (1, -1, 1, 1)
    return (x - W[p + ".mean"].reshape(shape)) * W[p + ".scale"].reshape(shape) \
        + W[p + ".b"].reshape(shape)


def _tiny_resnet(x, W):
    x = _tiny_bn(x.conv2d(W["stem"], stride=2, padding=3), W, "stem.bn").relu()
    x = x.max_pool2d(kernel_size=(3, 3), stride=2, padding=1)
    cin = 64
    for s, (blocks, c) in enumerate(RESNET_STAGES):
        for b in range(blocks):
            p, stride = f"l{s}.{b}", 2 if cin != c else 1
            y = _tiny_bn(x.conv2d(W[p + ".c1"], stride=stride, padding=1), W, p + ".bn1").relu()
            y = _tiny_bn(y.conv2d(W[p + ".c2"], padding=1), W, p + ".bn2")
            if cin != c:
                x = _tiny_bn(x.conv2d(W[p + ".down"], stride=2), W, p + ".down.bn")
            x, cin = (x + y).relu(), c
    return x.mean(axis=(2, 3)) @ W["fc.w"] + W["fc.b"]


def _heads(x, H):
    B, T, d = x.shape
    return x.reshape(B, T, H, d // H).permute(0, 2, 1, 3)


def _merge(x):
    B, H, T, hd = x.shape
    return x.permute(0, 2, 1, 3).reshape(B, T, H * hd)


def _tiny_attn(q, k, v, mask):
    s = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(q.shape[-1])) + mask
    return s.softmax(-1) @ v


def _tiny_gpt2(x, W):
    d, H = GPT2["d"], GPT2["H"]
    h = x.layernorm(eps=1e-5) * W["ln1.w"] + W["ln1.b"]
    qkv = h @ W["qkv.w"] + W["qkv.b"]
    q, k, v = (_heads(qkv[:, :, i * d:(i + 1) * d], H) for i in range(3))
    x = x + _merge(_tiny_attn(q, k, v, W["mask"])) @ W["proj.w"] + W["proj.b"]
    h = x.layernorm(eps=1e-5) * W["ln2.w"] + W["ln2.b"]
    return x + (h @ W["fc.w"] + W["fc.b"]).gelu() @ W["out.w"] + W["out.b"]


def _tiny_rope(x, W):
    half = x.shape[-1] // 2
    rot = (-x[:, :, :, half:]).cat(x[:, :, :, :half], dim=-1)
    return x * W["cos"] + rot * W["sin"]


def _tiny_rms(x, w):
    return x * ((x * x).mean(axis=-1, keepdim=True) + 1e-6).rsqrt() * w


def _tiny_llama(x, W):
    H = LLAMA["H"]
    h = _tiny_rms(x, W["norm1.w"])
    q, k, v = (_heads(h @ W[n], H) for n in ("wq", "wk", "wv"))
    q, k = _tiny_rope(q, W), _tiny_rope(k, W)
    x = x + _merge(_tiny_attn(q, k, v, W["mask"])) @ W["wo"]
    h = _tiny_rms(x, W["norm2.w"])
    return x + ((h @ W["w1"]).silu() * (h @ W["w3"])) @ W["w2"]


def tiny_forward(T, name, Wnp):
    """x -> output Tensor of model ``name`` on Tensor class ``T``; the weights become
    Tensors once (BN's inverse std is folded in numpy, outside the timed call)."""
    Wnp = dict(Wnp)
    for k in [k for k in Wnp if k.endswith(".var")]:
        Wnp[k[:-4] + ".scale"] = (Wnp[k[:-4] + ".w"] / np.sqrt(Wnp[k] + BN_EPS)).astype(np.float32)
    W = {k: T(v) for k, v in Wnp.items()}
    if name == "mnist":
        def f(x):
            x = x.conv2d(W["c1"], W["c1.b"]).relu().max_pool2d((2, 2))
            x = x.conv2d(W["c2"], W["c2.b"]).relu().max_pool2d((2, 2))
            return x.flatten(1) @ W["fc.w"] + W["fc.b"]
        return f
    body = {"resnet18": _tiny_resnet, "gpt2_block": _tiny_gpt2, "llama_block": _tiny_llama}[name]
    return lambda x: body(x, W)


# ---- PyTorch, by hand with torch.nn.functional ----

def _torch_resnet(torch, F, x, W):
    def bn(x, p):
        return F.batch_norm(x, W[p + ".mean"], W[p + ".var"], W[p + ".w"], W[p + ".b"],
                            training=False, eps=BN_EPS)
    x = F.max_pool2d(F.relu(bn(F.conv2d(x, W["stem"], stride=2, padding=3), "stem.bn")), 3, 2, 1)
    cin = 64
    for s, (blocks, c) in enumerate(RESNET_STAGES):
        for b in range(blocks):
            p, stride = f"l{s}.{b}", 2 if cin != c else 1
            y = F.relu(bn(F.conv2d(x, W[p + ".c1"], stride=stride, padding=1), p + ".bn1"))
            y = bn(F.conv2d(y, W[p + ".c2"], padding=1), p + ".bn2")
            if cin != c:
                x = bn(F.conv2d(x, W[p + ".down"], stride=2), p + ".down.bn")
            x, cin = F.relu(x + y), c
    return x.mean(dim=(2, 3)) @ W["fc.w"] + W["fc.b"]


def _torch_attn(F, q, k, v, mask):
    s = q @ k.transpose(-1, -2) * (1.0 / math.sqrt(q.shape[-1])) + mask
    return F.softmax(s, -1) @ v


def _torch_gpt2(torch, F, x, W):
    d, H = GPT2["d"], GPT2["H"]
    h = F.layer_norm(x, (d,), W["ln1.w"], W["ln1.b"], 1e-5)
    q, k, v = (_heads(t, H) for t in (h @ W["qkv.w"] + W["qkv.b"]).split(d, dim=-1))
    x = x + _merge(_torch_attn(F, q, k, v, W["mask"])) @ W["proj.w"] + W["proj.b"]
    h = F.layer_norm(x, (d,), W["ln2.w"], W["ln2.b"], 1e-5)
    return x + F.gelu(h @ W["fc.w"] + W["fc.b"], approximate="tanh") @ W["out.w"] + W["out.b"]


def _torch_llama(torch, F, x, W):
    H = LLAMA["H"]

    def rms(x, w):
        return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + 1e-6) * w

    def rope(x):
        half = x.shape[-1] // 2
        return x * W["cos"] + torch.cat([-x[..., half:], x[..., :half]], -1) * W["sin"]
    h = rms(x, W["norm1.w"])
    q, k, v = (_heads(h @ W[n], H) for n in ("wq", "wk", "wv"))
    x = x + _merge(_torch_attn(F, rope(q), rope(k), v, W["mask"])) @ W["wo"]
    h = rms(x, W["norm2.w"])
    return x + (F.silu(h @ W["w1"]) * (h @ W["w3"])) @ W["w2"]


def torch_forward(torch, name, Wnp):
    F = torch.nn.functional
    W = {k: torch.from_numpy(v) for k, v in Wnp.items()}
    if name == "mnist":
        def f(x):
            x = F.max_pool2d(F.relu(F.conv2d(x, W["c1"], W["c1.b"])), 2)
            x = F.max_pool2d(F.relu(F.conv2d(x, W["c2"], W["c2.b"])), 2)
            return x.flatten(1) @ W["fc.w"] + W["fc.b"]
        return f
    body = {"resnet18": _torch_resnet, "gpt2_block": _torch_gpt2, "llama_block": _torch_llama}[name]
    return lambda x: body(torch, F, x, W)
