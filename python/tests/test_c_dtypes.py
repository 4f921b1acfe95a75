"""The C backend's dtypes and ALU ops, checked numerically against numpy.

Each test writes a tensor-level program, compiles it with
`uop-opt --uop-to-program=target=cpu | uop-translate --uop-to-c | cc -shared`,
calls the `uop_<name>_packed` entry (inputs then outputs, one array of
pointers) through ctypes on numpy arrays and compares with numpy. f16 and bf16
are 16-bit patterns in C that compute in float and round to nearest even:
numpy has float16; bf16 is rounded here from exact float64 values.
Unsigned dtypes are signless integers whose ops say unsigned (divui, cmpi ult,
uitofp, ...); the buffers hold numpy's unsigned arrays bit for bit.
"""

import ctypes
import hashlib
import math
import os
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("UOP_BUILD_DIR", REPO / "build"))
BIN = BUILD / "bin"

# MLIR spelling, numpy storage dtype (bf16: its bits as uint16).
DT = {
    "f16": ("f16", np.float16), "bf16": ("bf16", np.uint16),
    "f32": ("f32", np.float32), "f64": ("f64", np.float64),
    "i1": ("i1", np.bool_),
    "i8": ("i8", np.int8), "i16": ("i16", np.int16), "i32": ("i32", np.int32),
    "i64": ("i64", np.int64),
    "u8": ("i8", np.uint8), "u16": ("i16", np.uint16), "u32": ("i32", np.uint32),
    "u64": ("i64", np.uint64),
}
FLOATS = ["f16", "bf16", "f32", "f64"]
SIGNED = ["i8", "i16", "i32", "i64"]
UNSIGNED = ["u8", "u16", "u32", "u64"]
INTS = ["i1"] + SIGNED + UNSIGNED
WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "i1": 1, "i8": 8,
         "i16": 16, "i32": 32, "i64": 64, "u8": 8, "u16": 16, "u32": 32, "u64": 64}

_cache = {}


def compile_c(src, name, tmp_dir):
    """The ctypes entry of `src`'s function `name` as generated C."""
    key = hashlib.sha1(src.encode()).hexdigest()[:16]
    if key in _cache:
        return _cache[key]
    prog = subprocess.run([str(BIN / "uop-opt"), "--uop-to-program=target=cpu"],
                          input=src, capture_output=True, text=True)
    assert prog.returncode == 0, prog.stderr
    c = subprocess.run([str(BIN / "uop-translate"), "--uop-to-c"],
                       input=prog.stdout, capture_output=True, text=True)
    assert c.returncode == 0, c.stderr
    cfile, so = tmp_dir / f"{key}.c", tmp_dir / f"{key}.so"
    cfile.write_text(c.stdout)
    cc = subprocess.run([os.environ.get("CC", "cc"), "-std=c11", "-O2", "-Wall", "-Werror",
                         "-shared", "-fPIC", str(cfile), "-o", str(so), "-lm"],
                        capture_output=True, text=True)
    assert cc.returncode == 0, cc.stderr
    fn = getattr(ctypes.CDLL(str(so)), f"uop_{name}_packed")
    fn.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    fn.restype = None
    _cache[key] = fn
    return fn


@pytest.fixture(scope="module")
def tmp_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("c_dtypes")


def run(tmp_dir, body, ins, outs, arrays):
    """Runs `body` (ops over %a0.. returning %r0..) on `arrays`: outputs."""
    n = len(arrays[0])
    ty = lambda d: f"tensor<{n}x{DT[d][0]}>"
    args = ", ".join(f"%a{i}: {ty(d)}" for i, d in enumerate(ins))
    res = ", ".join(ty(d) for d in outs)
    rets = ", ".join(f"%r{i}" for i in range(len(outs)))
    body = body.replace("T(", "tensor<%dx" % n).replace("N)", ">")
    src = (f"func.func @k({args}) -> ({res}) {{\n{body}\n"
           f"  return {rets} : {res}\n}}\n")
    fn = compile_c(src, "k", tmp_dir)
    ins_np = [np.ascontiguousarray(a, dtype=DT[d][1]) for a, d in zip(arrays, ins)]
    outs_np = [np.zeros(n, dtype=DT[d][1]) for d in outs]
    ptrs = (ctypes.c_void_p * (len(ins_np) + len(outs_np)))(
        *[a.ctypes.data for a in ins_np + outs_np])
    fn(ptrs)
    return outs_np


def t(d, n="{n}"):
    return f"tensor<{n}x{DT[d][0]}>"


CASTS = {"extf", "truncf", "sitofp", "uitofp", "fptosi", "fptoui", "extsi", "extui",
         "trunci", "bitcast"}


def unary(tmp_dir, op, src, dst, x):
    """`op` (a cast from dtype `src` to `dst`, or a unary op) on `x`."""
    n = len(x)
    if op.split(".")[1] in CASTS:
        body = f"  %r0 = {op} %a0 : {t(src, n)} to {t(dst, n)}"
    else:
        body = f"  %r0 = {op} %a0 : {t(src, n)}"
    return run(tmp_dir, body, [src], [dst], [x])[0]


# ---------------------------------------------------------------- references

def round_to_format(x, prec, emin):
    """float64 `x` rounded to nearest even with `prec` significant bits and
    smallest normal exponent `emin` (subnormals below it), as float64; overflow
    beyond the largest finite value becomes inf. Exact: scaling by powers of
    two and np.rint (half to even) are exact in float64 for these sizes."""
    x = np.asarray(x, dtype=np.float64)
    out = x.copy()
    fin = np.isfinite(x) & (x != 0)
    _, e = np.frexp(x[fin])  # x = m * 2**e, 0.5 <= |m| < 1
    q = np.maximum(e - prec, emin - prec + 1)
    out[fin] = np.rint(np.ldexp(x[fin], -q)) * np.ldexp(1.0, q)
    return out


def bf16_bits_from_f64(x):
    """float64 -> bf16 bits, rounded once to nearest even (NaN: quiet, sign kept)."""
    x = np.asarray(x, dtype=np.float64)
    r = round_to_format(x, 8, -126)
    big = np.abs(r) >= 2.0 ** 128  # rounded past the largest finite bf16
    r = np.where(big, np.copysign(np.inf, x), r)
    with np.errstate(over="ignore", invalid="ignore"):
        bits = (r.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    f32bits = x.astype(np.float32).view(np.uint32)
    bits[nan] = ((f32bits[nan] >> 16) | 0x40).astype(np.uint16)
    return bits


def bf16_to_f64(bits):
    with np.errstate(invalid="ignore"):
        return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(
            np.float32).astype(np.float64)


def f16_bits_from_f64(x):
    """float64 -> f16 bits rounded once to nearest even (independent of numpy)."""
    x = np.asarray(x, dtype=np.float64)
    r = round_to_format(x, 11, -14)
    r = np.where(np.abs(r) >= 65536.0, np.copysign(np.inf, x), r)
    return r.astype(np.float16).view(np.uint16)  # exact: r is an f16 value


def to_f64(arr, d):
    """Values of a numpy buffer of dtype `d` as float64 (bf16 decoded)."""
    if d == "bf16":
        return bf16_to_f64(arr)
    return np.asarray(arr).astype(np.float64)


def from_f64(x, d):
    """Exact-or-rounded float64 values as dtype `d`'s buffer (RNE)."""
    if d == "bf16":
        return bf16_bits_from_f64(x)
    if d == "f16":
        return f16_bits_from_f64(x).view(np.float16)
    return np.asarray(x).astype(DT[d][1])


def same_bits(got, want):
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype.itemsize == w.dtype.itemsize
    u = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[g.dtype.itemsize]
    gb, wb = g.view(u), w.view(u)
    bad = np.nonzero(gb != wb)[0]
    assert bad.size == 0, (f"{bad.size} of {g.size} differ; first at {bad[0]}: "
                           f"got {hex(int(gb[bad[0]]))} want {hex(int(wb[bad[0]]))}")


# ------------------------------------------------- conversion helpers, exhaustive

ALL16 = np.arange(65536, dtype=np.uint32).astype(np.uint16)


def test_f16_to_f32_all_patterns(tmp_dir):
    got = unary(tmp_dir, "arith.extf", "f16", "f32", ALL16.view(np.float16))
    same_bits(got, ALL16.view(np.float16).astype(np.float32))


def test_f32_to_f16_all_patterns_and_ties(tmp_dir):
    h = ALL16.view(np.float16)
    f = h.astype(np.float32)
    # Every f16 value, the midpoints between neighbours (ties to even), the
    # points just beside them, and random float bit patterns.
    fin = np.sort(np.unique(f[np.isfinite(f)]))
    mid = ((fin[:-1].astype(np.float64) + fin[1:]) / 2).astype(np.float32)
    near = np.concatenate([np.nextafter(mid, np.float32(np.inf)),
                           np.nextafter(mid, np.float32(-np.inf))])
    rnd = np.random.default_rng(0).integers(0, 2**32, 200000, dtype=np.uint64)
    edge = np.array([65504, 65519.99, 65520, 65536, 1e30, 2.0**-24, 2.0**-25,
                     1.5 * 2.0**-25, 2.0**-26, 1e-40, -0.0], dtype=np.float32)
    x = np.concatenate([f, mid, near, rnd.astype(np.uint32).view(np.float32), edge])
    got = unary(tmp_dir, "arith.truncf", "f32", "f16", x)
    with np.errstate(over="ignore"):
        same_bits(got, x.astype(np.float16))
    ok = ~np.isnan(x)
    same_bits(got[ok].view(np.uint16), f16_bits_from_f64(x[ok]))


def test_bf16_to_f32_all_patterns(tmp_dir):
    got = unary(tmp_dir, "arith.extf", "bf16", "f32", ALL16)
    same_bits(got, (ALL16.astype(np.uint32) << 16).view(np.float32))


def test_f32_to_bf16_all_patterns_and_ties(tmp_dir):
    f = (ALL16.astype(np.uint32) << 16).view(np.float32)
    # Every bf16 value, the ties (low half 0x8000), one off either side and
    # random float bit patterns.
    hi = ALL16.astype(np.uint32) << 16
    ties = np.concatenate([hi | 0x8000, hi | 0x7fff, hi | 0x8001]).view(np.float32)
    rnd = np.random.default_rng(1).integers(0, 2**32, 200000, dtype=np.uint64)
    x = np.concatenate([f, ties, rnd.astype(np.uint32).view(np.float32)])
    got = unary(tmp_dir, "arith.truncf", "f32", "bf16", x)
    nan = np.isnan(x)
    same_bits(got[~nan], bf16_bits_from_f64(x[~nan].astype(np.float64)))
    # NaN stays NaN with its sign (quieted).
    assert np.all(np.isnan(bf16_to_f64(got[nan])))
    assert np.array_equal(got[nan] >> 15, (x[nan].view(np.uint32) >> 31).astype(np.uint16))
    # And every bf16 pattern survives bf16 -> f32 -> bf16 (arith folds the
    # pair, NaN payloads included).
    back = run(tmp_dir, "  %x = arith.extf %a0 : T(bf16N) to T(f32N)\n"
                        "  %r0 = arith.truncf %x : T(f32N) to T(bf16N)",
               ["bf16"], ["bf16"], [ALL16])[0]
    same_bits(back, ALL16)


def test_f16_round_trip_all_patterns(tmp_dir):
    back = run(tmp_dir, "  %x = arith.extf %a0 : T(f16N) to T(f32N)\n"
                        "  %r0 = arith.truncf %x : T(f32N) to T(f16N)",
               ["f16"], ["f16"], [ALL16.view(np.float16)])[0]
    same_bits(back, ALL16.view(np.float16))


@pytest.mark.parametrize("dst", ["f16", "bf16"])
def test_f64_to_half_rounds_once(tmp_dir, dst):
    # Values just above a tie of the half format that round to the tie in
    # f32: rounding f64 -> f32 -> half would round them down to even.
    prec, emin = (11, -14) if dst == "f16" else (8, -126)
    rng = np.random.default_rng(2)
    base = rng.uniform(1, 2, 3000) * np.ldexp(1.0, rng.integers(-20, 15, 3000))
    ulp = np.ldexp(1.0, np.frexp(base)[1] - prec)
    tie = round_to_format(base, prec, emin) + ulp / 2
    x = np.concatenate([tie, tie + ulp * 2.0**-30, tie - ulp * 2.0**-30,
                        rng.standard_normal(3000) * 1e3, [1e300, -1e300, 1e-300, 0.0, -0.0,
                                                          np.inf, -np.inf]])
    got = unary(tmp_dir, "arith.truncf", "f64", dst, x)
    want = bf16_bits_from_f64(x) if dst == "bf16" else f16_bits_from_f64(x)
    same_bits(got.view(np.uint16), want)
    if dst == "f16":
        same_bits(got, x.astype(np.float16))  # numpy also rounds f64 once


# ----------------------------------------------------------- casts, all pairs

def ref_round_int(v, prec, emin, emax):
    """An integer rounded to a float format, exactly (Python ints)."""
    out = []
    for n in v:
        n = int(n)
        if n == 0:
            out.append(0.0)
            continue
        a, s = abs(n), -1.0 if n < 0 else 1.0
        shift = max(a.bit_length() - prec, 0)
        q, r = divmod(a, 1 << shift)
        half = (1 << shift) >> 1
        if shift and (r > half or (r == half and q & 1)):
            q += 1
        val = q * (1 << shift)
        out.append(s * math.inf if val.bit_length() - 1 > emax else s * float(val))
    return np.array(out)


def int_inputs(d, rng, n=600):
    if d == "i1":
        return rng.integers(0, 2, n).astype(bool)
    info = np.iinfo(DT[d][1])
    edge = [info.min, info.max, 0, 1, info.max - 1, info.min + 1]
    if WIDTH[d] >= 32:  # ties and near-ties of f16/bf16/f32 roundings
        edge += [(1 << 24) + (1 << 16), (1 << 24) + (1 << 16) + 1, (1 << 24) + 1, (1 << 25) + 3,
                 (1 << 31) - 1, 65519, 65520, 65504]
    edge = [e for e in edge if info.min <= e <= info.max]
    r = rng.integers(info.min, info.max, n, dtype=DT[d][1], endpoint=True)
    small = rng.integers(max(info.min, -300), min(info.max, 300), n // 3, endpoint=True)
    return np.concatenate([np.array(edge, dtype=DT[d][1]), r, small.astype(DT[d][1])])


def float_inputs(d, rng, lo, hi, n=600):
    """`n` finite values of dtype `d` (as stored) in [lo, hi]: edge values,
    integers and uniform ones, rounded to `d` and kept if still in range."""
    x = np.concatenate([[0.0, -0.0, lo, hi, 0.5, -0.5, 1.5, -2.5, 2.5],
                        np.trunc(rng.uniform(lo, hi, n // 2)), rng.uniform(lo, hi, 3 * n)])
    x = x.astype(np.float32).astype(np.float64) if d == "f32" else x
    stored = bf16_bits_from_f64(x) if d == "bf16" else x.astype(DT[d][1])
    v = to_f64(stored, d)
    keep = (v >= lo) & (v <= hi)
    out = stored[keep][:n]
    assert len(out) == n
    return out


def cast_op(s, d):
    sf, df = s in FLOATS, d in FLOATS
    if sf and df:
        return "arith.extf" if WIDTH[d] > WIDTH[s] else "arith.truncf"
    if sf:
        return "arith.fptoui" if d in UNSIGNED or d == "i1" else "arith.fptosi"
    if df:
        return "arith.uitofp" if s in UNSIGNED or s == "i1" else "arith.sitofp"
    if WIDTH[d] > WIDTH[s]:
        return "arith.extui" if s in UNSIGNED or s == "i1" else "arith.extsi"
    return "arith.trunci"


PAIRS = [(s, d) for s in FLOATS + INTS for d in FLOATS + INTS
         if s != d and DT[s][0] != DT[d][0]]


@pytest.mark.parametrize("s,d", PAIRS, ids=[f"{s}-{d}" for s, d in PAIRS])
def test_cast(tmp_dir, s, d):
    rng = np.random.default_rng(WIDTH[s] * 100 + WIDTH[d])
    if s in FLOATS and d in INTS:
        # In range of the destination (out of range is poison).
        if d == "i1":
            lo, hi = 0.0, 1.99
        else:
            info = np.iinfo(DT[d][1])
            lo, hi = float(max(info.min, -60000)), float(min(info.max, 60000))
            if s == "bf16" or s == "f16":
                lo, hi = max(lo, -60000.0), min(hi, 60000.0)
        x = float_inputs(s, rng, lo, hi)
        want = np.trunc(to_f64(x, s))
        want = (want != 0) if d == "i1" else want.astype(DT[d][1])
    else:
        x = int_inputs(s, rng) if s in INTS else float_inputs(s, rng, -3e4, 3e4)
        xv = to_f64(x, s) if s in FLOATS else None
        if s in FLOATS and d in FLOATS:
            want = from_f64(xv, d)
        elif s in INTS and d in FLOATS:
            iv = x.astype(np.int64) if s == "i1" else x
            prec, emin, emax = {"f16": (11, -14, 15), "bf16": (8, -126, 127),
                                "f32": (24, -126, 127), "f64": (53, -1022, 1023)}[d]
            vals = ref_round_int([int(v) for v in iv], prec, emin, emax)
            want = (bf16_bits_from_f64(vals) if d == "bf16" else vals.astype(DT[d][1]))
        else:  # integer to integer: the bits, sign- or zero-extended or cut
            want = x.astype(np.int64 if s != "u64" else np.uint64).astype(DT[d][1]) \
                if d != "i1" else (x.astype(np.uint64) & 1).astype(bool)
    if {s, d} == {"f16", "bf16"}:  # no direct arith cast: through f32
        got = run(tmp_dir, f"  %x = arith.extf %a0 : T({s}N) to T(f32N)\n"
                           f"  %r0 = arith.truncf %x : T(f32N) to T({d}N)", [s], [d], [x])[0]
    else:
        got = unary(tmp_dir, cast_op(s, d), s, d, x)
    same_bits(got, want)


def test_i1_casts_are_signed_where_the_op_says_so(tmp_dir):
    # An i1 `true` is -1 as a signed value: extsi/sitofp give -1, extui/uitofp 1.
    b = np.array([True, False, True, False])
    got = run(tmp_dir,
              "  %r0 = arith.extsi %a0 : T(i1N) to T(i32N)\n"
              "  %r1 = arith.sitofp %a0 : T(i1N) to T(f32N)\n"
              "  %r2 = arith.extui %a0 : T(i1N) to T(i32N)\n"
              "  %r3 = arith.uitofp %a0 : T(i1N) to T(f32N)\n"
              "  %r4 = arith.sitofp %a0 : T(i1N) to T(f16N)",
              ["i1"], ["i32", "f32", "i32", "f32", "f16"], [b])
    assert got[0].tolist() == [-1, 0, -1, 0]
    assert got[1].tolist() == [-1.0, 0.0, -1.0, 0.0]
    assert got[2].tolist() == [1, 0, 1, 0]
    assert got[3].tolist() == [1.0, 0.0, 1.0, 0.0]
    assert got[4].tolist() == [-1.0, 0.0, -1.0, 0.0]


def test_trunci_to_i1_keeps_bit_zero(tmp_dir):
    x = np.array([0, 1, 2, 3, -1, -2, 4, 5], dtype=np.int32)
    got = unary(tmp_dir, "arith.trunci", "i32", "i1", x)
    assert got.tolist() == [bool(v & 1) for v in x.tolist()]


BITCASTS = [("f32", "i32"), ("i32", "f32"), ("f64", "i64"), ("i64", "f64"),
            ("f16", "i16"), ("i16", "f16"), ("bf16", "i16"), ("i16", "bf16"),
            ("f16", "bf16"), ("bf16", "f16")]


@pytest.mark.parametrize("s,d", BITCASTS, ids=[f"{s}-{d}" for s, d in BITCASTS])
def test_bitcast(tmp_dir, s, d):
    bits = np.random.default_rng(3).integers(0, 2**63, 512, dtype=np.uint64)
    x = bits.astype({16: np.uint16, 32: np.uint32, 64: np.uint64}[WIDTH[s]]).view(DT[s][1])
    got = unary(tmp_dir, "arith.bitcast", s, d, x)
    same_bits(got, x)


# -------------------------------------------------------------- ALU on halves

HALF_UNARY = {
    "math.floor": np.floor, "math.ceil": np.ceil, "math.trunc": np.trunc,
    "math.round": lambda x: np.copysign(np.floor(np.abs(x) + 0.5), x),
    "math.roundeven": np.rint, "math.absf": np.abs, "arith.negf": np.negative,
    "math.sqrt": np.sqrt, "math.rsqrt": lambda x: 1 / np.sqrt(x),
    "math.exp": np.exp, "math.exp2": np.exp2, "math.log": np.log, "math.log2": np.log2,
    "math.sin": np.sin, "math.cos": np.cos, "math.tanh": np.tanh,
    "math.erf": np.vectorize(math.erf),
}
# Correctly rounded in float (C and numpy alike): equal bits after rounding.
EXACT = {"math.floor", "math.ceil", "math.trunc", "math.round", "math.roundeven",
         "math.absf", "arith.negf", "math.sqrt", "arith.addf", "arith.subf",
         "arith.mulf", "arith.divf", "arith.remf", "arith.maximumf", "arith.minimumf",
         "arith.maxnumf", "arith.minnumf", "select"}
HALF_BINARY = {
    "arith.addf": np.add, "arith.subf": np.subtract, "arith.mulf": np.multiply,
    "arith.divf": np.divide, "arith.remf": np.fmod, "math.powf": np.power,
    # IEEE maximum/minimum: +0 is above -0 (numpy's maximum keeps either).
    "arith.maximumf": lambda a, b: np.where(a == b, np.where(np.signbit(a), b, a),
                                            np.maximum(a, b)),
    "arith.minimumf": lambda a, b: np.where(a == b, np.where(np.signbit(a), a, b),
                                            np.minimum(a, b)),
    "arith.maxnumf": np.fmax, "arith.minnumf": np.fmin,
}
POSITIVE = {"math.sqrt", "math.rsqrt", "math.log", "math.log2", "math.powf"}


def half_ulps(got, want, d):
    """Distance in units of the last place of two half buffers (bit patterns)."""
    g = np.asarray(got).view(np.uint16).astype(np.int64)
    w = np.asarray(want).view(np.uint16).astype(np.int64)
    key = lambda b: np.where(b & 0x8000, -(b & 0x7fff), b)  # monotone order
    return np.abs(key(g) - key(w))


@pytest.mark.parametrize("d", ["f16", "bf16"])
@pytest.mark.parametrize("op", list(HALF_UNARY) + list(HALF_BINARY) + ["math.fma", "select"])
def test_half_alu(tmp_dir, op, d):
    rng = np.random.default_rng(len(op))
    lo, hi = (0.01, 30.0) if op in POSITIVE else (-30.0, 30.0)
    if op in ("math.exp", "math.exp2"):
        lo, hi = -10.0, 10.0
    n = 2048
    xs = [float_inputs(d, rng, lo, hi, n)[:n] for _ in range(3)]
    if op == "math.powf":
        xs[1] = float_inputs(d, rng, -3.0, 3.0, n)[:n]
    vals = [to_f64(x, d).astype(np.float32) for x in xs]  # exact
    if op in HALF_UNARY:
        body, nin = f"  %r0 = {op} %a0 : T({DT[d][0]}N)", 1
        want = HALF_UNARY[op](vals[0].astype(np.float64) if op == "math.round" else vals[0])
    elif op in HALF_BINARY:
        body, nin = f"  %r0 = {op} %a0, %a1 : T({DT[d][0]}N)", 2
        want = HALF_BINARY[op](vals[0], vals[1])
    elif op == "math.fma":
        body, nin = f"  %r0 = math.fma %a0, %a1, %a2 : T({DT[d][0]}N)", 3
        want = (vals[0].astype(np.float64) * vals[1] + vals[2]).astype(np.float32)
    else:
        body = (f"  %c = arith.cmpf olt, %a0, %a1 : T({DT[d][0]}N)\n"
                f"  %r0 = arith.select %c, %a0, %a1 : T(i1N), T({DT[d][0]}N)")
        nin, want = 2, np.where(vals[0] < vals[1], vals[0], vals[1])
    want = np.asarray(want, dtype=np.float32).astype(np.float64)
    got = run(tmp_dir, body, [d] * nin, [d], xs[:nin])[0]
    want_bits = bf16_bits_from_f64(want) if d == "bf16" else f16_bits_from_f64(want)
    ulps = half_ulps(got, want_bits, d)
    # Transcendentals: libm and numpy may differ by an ulp of float, which can
    # move the half result by one.
    assert ulps.max() <= (0 if op in EXACT else 1), (op, d, int(ulps.argmax()))


def test_half_compare_and_reduce(tmp_dir):
    rng = np.random.default_rng(5)
    x = rng.uniform(-4, 4, 64).astype(np.float16)
    y = rng.uniform(-4, 4, 64).astype(np.float16)
    got = run(tmp_dir, "  %r0 = arith.cmpf ole, %a0, %a1 : T(f16N)", ["f16", "f16"], ["i1"], [x, y])[0]
    assert np.array_equal(got, x <= y)
    # A sum reduction accumulates in f16: each add rounds.
    src = ("func.func @s(%a: tensor<4x16xf16>) -> tensor<4xf16> {\n"
           "  %r = uop.reduce_axis add %a [1] : tensor<4x16xf16> -> tensor<4xf16>\n"
           "  return %r : tensor<4xf16>\n}\n")
    fn = compile_c(src, "s", tmp_dir)
    a = rng.uniform(-4, 4, (4, 16)).astype(np.float16)
    out = np.zeros(4, dtype=np.float16)
    fn((ctypes.c_void_p * 2)(a.ctypes.data, out.ctypes.data))
    want = np.abs(a.astype(np.float64)).sum(axis=1)
    # The order of the adds is the compiler's; each rounding is half an ulp.
    assert np.all(np.abs(out.astype(np.float64) - a.astype(np.float64).sum(axis=1))
                  <= 16 * want * 2.0**-11 + 1e-3)


# ------------------------------------------------------------ integer ALU ops

def int_ref(op, a, b, d):
    """`op` on two integer buffers of dtype `d`, element by element in Python
    integers: the result's bits as dtype `d`."""
    w = WIDTH[d]
    mask = (1 << w) - 1
    sgn = lambda v: v - (1 << w) if v >> (w - 1) else v
    def one(x, y):
        ux, uy = int(x) & mask, int(y) & mask
        sx, sy = sgn(ux), sgn(uy)
        tdiv = lambda p, q: abs(p) // abs(q) * (1 if (p < 0) == (q < 0) else -1)
        return {
            "arith.addi": lambda: ux + uy, "arith.subi": lambda: ux - uy,
            "arith.muli": lambda: ux * uy,
            "arith.divui": lambda: ux // uy, "arith.remui": lambda: ux % uy,
            "arith.maxui": lambda: max(ux, uy), "arith.minui": lambda: min(ux, uy),
            "arith.maxsi": lambda: max(sx, sy), "arith.minsi": lambda: min(sx, sy),
            "arith.divsi": lambda: tdiv(sx, sy),
            "arith.remsi": lambda: sx - tdiv(sx, sy) * sy,
            "arith.floordivsi": lambda: sx // sy,
            "arith.ceildivsi": lambda: -((-sx) // sy),
            "arith.shli": lambda: ux << uy, "arith.shrui": lambda: ux >> uy,
            "arith.shrsi": lambda: sx >> uy,
            "arith.andi": lambda: ux & uy, "arith.ori": lambda: ux | uy,
            "arith.xori": lambda: ux ^ uy,
        }[op]() & mask
    u = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[w]
    return np.array([one(x, y) for x, y in zip(a.tolist(), b.tolist())], dtype=u).view(DT[d][1])


INT_BINARY = ["arith.addi", "arith.subi", "arith.muli", "arith.divui", "arith.remui",
              "arith.maxui", "arith.minui", "arith.maxsi", "arith.minsi", "arith.divsi",
              "arith.remsi", "arith.floordivsi", "arith.ceildivsi", "arith.shli",
              "arith.shrui", "arith.shrsi", "arith.andi", "arith.ori", "arith.xori"]


@pytest.mark.parametrize("d", SIGNED + UNSIGNED)
@pytest.mark.parametrize("op", INT_BINARY)
def test_int_binary(tmp_dir, op, d):
    rng = np.random.default_rng(WIDTH[d])
    a, b = int_inputs(d, rng), int_inputs(d, np.random.default_rng(WIDTH[d] + 1))
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    w = WIDTH[d]
    u = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[w]
    s = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[w]
    if op in ("arith.shli", "arith.shrui", "arith.shrsi"):
        b = (b.view(u) % u(w)).astype(u).view(b.dtype)  # a count >= width is poison
    if "div" in op or "rem" in op:
        b = np.where(b == 0, b.dtype.type(3), b)
        if op.endswith("si"):  # INT_MIN / -1 is undefined
            b = np.where((a.view(s) == np.iinfo(s).min) & (b.view(s) == -1), b.dtype.type(7), b)
    got = run(tmp_dir, f"  %r0 = {op} %a0, %a1 : T({DT[d][0]}N)", [d, d], [d], [a, b])[0]
    same_bits(got, int_ref(op, a, b, d))


@pytest.mark.parametrize("d", SIGNED)
def test_absi(tmp_dir, d):
    x = int_inputs(d, np.random.default_rng(9))
    got = unary(tmp_dir, "math.absi", d, d, x)
    with np.errstate(over="ignore"):
        same_bits(got, np.abs(x))  # |INT_MIN| wraps to INT_MIN in both


@pytest.mark.parametrize("d", SIGNED + UNSIGNED)
@pytest.mark.parametrize("pred", ["ult", "ule", "ugt", "uge", "slt", "sge", "eq"])
def test_cmpi(tmp_dir, pred, d):
    a, b = int_inputs(d, np.random.default_rng(1)), int_inputs(d, np.random.default_rng(2))
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    u = np.dtype({8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[WIDTH[d]])
    s = np.dtype({8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}[WIDTH[d]])
    x, y = (a.view(u), b.view(u)) if pred[0] == "u" else (a.view(s), b.view(s))
    want = {"ult": x < y, "ule": x <= y, "ugt": x > y, "uge": x >= y, "slt": x < y,
            "sge": x >= y, "eq": x == y}[pred]
    got = run(tmp_dir, f"  %r0 = arith.cmpi {pred}, %a0, %a1 : T({DT[d][0]}N)",
              [d, d], ["i1"], [a, b])[0]
    assert np.array_equal(got, want)


def test_bool_arith_wraps_mod_2(tmp_dir):
    # addi on i1 is xor, muli is and; maxsi takes the signed maximum (false > true).
    a = np.array([False, False, True, True])
    b = np.array([False, True, False, True])
    got = run(tmp_dir, "  %r0 = arith.addi %a0, %a1 : T(i1N)\n"
                       "  %r1 = arith.muli %a0, %a1 : T(i1N)\n"
                       "  %r2 = arith.maxsi %a0, %a1 : T(i1N)\n"
                       "  %r3 = arith.cmpi slt, %a0, %a1 : T(i1N)",
              ["i1", "i1"], ["i1", "i1", "i1", "i1"], [a, b])
    assert got[0].tolist() == (a ^ b).tolist()
    assert got[1].tolist() == (a & b).tolist()
    assert got[2].tolist() == (a & b).tolist()  # max(-1, x) is x
    assert got[3].tolist() == (a & ~b).tolist()  # -1 < 0


# --------------------------------------------------------- f32/f64 math ops

F_UNARY = dict(HALF_UNARY, **{"math.expm1": np.expm1, "math.log10": np.log10,
                              "math.log1p": np.log1p, "math.tan": np.tan,
                              "math.atan": np.arctan, "math.cbrt": np.cbrt})
F_BINARY = dict(HALF_BINARY, **{"math.atan2": np.arctan2, "math.copysign": np.copysign})


@pytest.mark.parametrize("d", ["f32", "f64"])
@pytest.mark.parametrize("op", list(F_UNARY) + list(F_BINARY) + ["math.fma"])
def test_float_alu(tmp_dir, op, d):
    rng = np.random.default_rng(len(op) + WIDTH[d])
    lo, hi = (0.01, 30.0) if op in POSITIVE or op in ("math.log10", "math.log1p") else (-30.0, 30.0)
    if op in ("math.exp", "math.exp2", "math.expm1"):
        lo, hi = -10.0, 10.0
    xs = [float_inputs(d, rng, lo, hi, 1000)[:1000] for _ in range(3)]
    if op == "math.powf":
        xs[1] = float_inputs(d, rng, -3.0, 3.0, 1000)[:1000]
    v = [x.astype(np.float64) for x in xs]
    if op in F_UNARY:
        body, nin = f"  %r0 = {op} %a0 : T({d}N)", 1
        want = F_UNARY[op](v[0])
    elif op in F_BINARY:
        body, nin = f"  %r0 = {op} %a0, %a1 : T({d}N)", 2
        want = F_BINARY[op](v[0], v[1])
    else:
        body, nin = f"  %r0 = math.fma %a0, %a1, %a2 : T({d}N)", 3
        want = np.array([float(Fraction(a) * Fraction(b) + Fraction(c))
                         for a, b, c in zip(*v)])
    got = run(tmp_dir, body, [d] * nin, [d], xs[:nin])[0].astype(np.float64)
    if op in EXACT or op == "math.copysign" or (op == "math.fma" and d == "f64"):
        # Correctly rounded: the float64 reference rounded to the type.
        same_bits(got, np.asarray(want).astype(DT[d][1]).astype(np.float64))
    else:
        eps = 4 * np.finfo(DT[d][1]).eps
        assert np.all(np.abs(got - want) <= eps * np.maximum(np.abs(want), 1e-30) + 1e-300), op
