#!/usr/bin/env python3
"""Runs tinygrad's operator tests (test/backend/test_ops.py), unmodified, against ``uop.Tensor``
with PyTorch as the reference, with its backward checks (``--forward-only``: without), and
classifies every test.

    UOP_TINYGRAD_DIR=/path/to/tinygrad /usr/bin/python3 python/tests/tinygrad_suite/run_suite.py

A stand-in ``tinygrad`` package (``shim/``) maps ``tinygrad.Tensor`` to ``uop.Tensor`` and
``dtypes`` to ``uop.dtypes.dtypes``; tinygrad's own code is never imported. ``--forward-only``
sets test_ops.py's ``FORWARD_ONLY=1``, which turns off its backward checks; the gradients come
from the ``uop-gradient`` pass (docs/python.md, "Autograd").

Each test is one of:
  pass         the forward results equal torch's (tinygrad's tolerances)
  mismatch     a value, shape or dtype differs from torch's, or torch raises and we do not
               (a silent wrong result: each is a bug)
  unsupported  uop.Tensor raised (a missing op or keyword, another exception class ...)
  excluded     not measurable here, with the reason (EXCLUDED below; tinygrad internals,
               autograd, or torch 1.13 lacking the reference op)
  skipped      the test skipped itself (its own skipIf on this device)

Without a tinygrad checkout the script says so and exits 0. ``--json FILE`` writes every test's
outcome; ``--fail-on-mismatch`` exits 1 when any test mismatches.
"""

import argparse
import collections
import importlib.util
import json
import math
import multiprocessing
import os
import re
import signal
import sys
import time
import traceback
import unittest
from pathlib import Path

# The tinygrad commit the suite was pinned to (its test/backend/test_ops.py, 427 tests).
PINNED_COMMIT = "a9069c177a9da9cca18593edf55acd2e6073cca6"
HERE = Path(__file__).resolve().parent
PYTHON_DIR = HERE.parent.parent

REASON_AUTOGRAD = "forward only: the test's own body calls backward()/gradient()"
REASON_TORCH = "reference: torch 1.13 lacks the op or keyword the test calls"
# Tests whose own body differentiates (FORWARD_ONLY does not reach them): excluded only with
# --forward-only.
EXCLUDED_FORWARD_ONLY = {name: REASON_AUTOGRAD for name in (
    "test_cmp_ne_backwards", "test_cmp_lt_backwards", "test_round_quantization_gradient",
    "test_pow_zero_tensor", "test_pow_const_direct", "test_sigmoid_extreme",
    "test_sigmoid_alt_extreme")}
EXCLUDED = {
    "test_linspace": "reference: torch 1.13's integer linspace is not the truncated exact value "
                     "(its vectorised path truncates each chunk's base: linspace(5, -5, 20, int32)[10] "
                     "is -1, exact -0.263 truncates to 0); the float cases pass",
}

# Category of a test by its name: the first pattern that matches.
CATEGORIES = [
    ("conv/pool", r"conv|pool|interpolate|unfold|padding_add"),
    ("matmul/einsum", r"matmul|dot|einsum|gemm|matvec|mulacc"),
    ("nn functions", r"softmax|softmin|entropy|loss|attention|one_hot|normalize|logsumexp|"
                     r"logcumsumexp|masked|nonzero|isclose"),
    ("indexing", r"slice|index|gather|scatter|where|tril|triu|diag|topo_sort"),
    ("reduce", r"sum|prod|max|min|mean|var|std|arg|cum|any|all|sort|topk|reduce"),
    ("movement", r"reshape|permute|transpose|expand|pad|shrink|flip|cat|stack|split|chunk|squeeze|"
                 r"flatten|repeat|roll|view|detach|meshgrid|broadcast"),
    ("creation", r"full|zeros|ones|arange|eye|rand|empty|linspace|like|negative_dims"),
    ("dtypes", r"cast|bitcast|int_or|_int|uint|dtype"),
    ("binary", r"add|sub|mul|div|pow|mod|cmp|maximum|minimum|xor|and|or|shift|lerp|copysign|clip|"
               r"hardtanh|logaddexp"),
]


def category(name):
    short = name.split(".")[-1][len("test_"):]
    for cat, pattern in CATEGORIES:
        if re.search(pattern, short):
            return cat
    return "unary"


def find_test_file(root):
    return OPS.find(root)


def _torch_polyfills():
    """What test_ops.py calls of torch 2 that torch 1.13 (Debian 12) lacks, written after
    torch 2's documented semantics, so those tests measure uop rather than torch's age:
    F.scaled_dot_product_attention (the reference code of its documentation), var/std/
    std_mean with ``correction=``/``keepdim=`` but no dim, any/all over a tuple of dims, and
    cummax/cummin's dim check on 0-d tensors."""
    import torch
    import torch.nn.functional as F

    def sdpa(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None, enable_gqa=False):
        if is_causal and attn_mask is not None:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True")
        L, S = q.size(-2), k.size(-2)
        scale = 1 / math.sqrt(q.size(-1)) if scale is None else scale
        bias = torch.zeros(L, S, dtype=q.dtype)
        if is_causal:
            bias = bias.masked_fill(~torch.ones(L, S, dtype=torch.bool).tril(), float("-inf"))
        if attn_mask is not None:
            bias = bias.masked_fill(~attn_mask, float("-inf")) if attn_mask.dtype == torch.bool \
                else bias + attn_mask
        if enable_gqa:
            k = k.repeat_interleave(q.size(-3) // k.size(-3), -3)
            v = v.repeat_interleave(q.size(-3) // v.size(-3), -3)
        return torch.softmax(q @ k.transpose(-2, -1) * scale + bias, dim=-1) @ v

    def dim_none(fn):
        def wrapped(x, *args, **kw):
            try:
                return fn(x, *args, **kw)
            except TypeError:
                if args or "dim" in kw:
                    raise
                return fn(x, *args, dim=None, **kw)
        return wrapped

    def tuple_dims(fn):
        def wrapped(x, *args, **kw):
            dims = kw.pop("axis", kw.pop("dim", args[0] if args else None))
            args = args[1:] if args else ()
            if isinstance(dims, (tuple, list)):
                keep = kw.get("keepdim", False)
                order = sorted({d % max(x.dim(), 1) for d in dims}, reverse=True)
                for d in order:
                    x = fn(x, d, keepdim=True)
                for d in ([] if keep else order):
                    x = x.squeeze(d)
                return x
            return fn(x, *args, **kw) if dims is None else fn(x, dims, *args, **kw)
        return wrapped

    def checked_cum(fn):
        def wrapped(x, dim, *args, **kw):
            if x.dim() == 0 and dim not in (0, -1):
                raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got {dim})")
            return fn(x, dim, *args, **kw)
        return wrapped

    if not hasattr(F, "scaled_dot_product_attention"):
        F.scaled_dot_product_attention = sdpa
    if torch.__version__.startswith("1."):
        for name in ("var", "std"):
            setattr(torch.Tensor, name, dim_none(getattr(torch.Tensor, name)))
        torch.std_mean = dim_none(torch.std_mean)
        for name in ("any", "all"):
            setattr(torch.Tensor, name, tuple_dims(getattr(torch.Tensor, name)))
        torch.cummax, torch.cummin = checked_cum(torch.cummax), checked_cum(torch.cummin)


_FORWARD_ONLY = False


def load_module(test_file, forward_only=False):
    global _FORWARD_ONLY
    _FORWARD_ONLY = forward_only
    if forward_only:
        os.environ["FORWARD_ONLY"] = "1"
    else:
        os.environ.pop("FORWARD_ONLY", None)
    _torch_polyfills()
    sys.path[:0] = [str(HERE / "shim"), str(PYTHON_DIR)]
    spec = importlib.util.spec_from_file_location("tinygrad_test_ops", test_file)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_names(mod):
    names = []
    for cls in (mod.TestOps, getattr(mod, "TestOpsUint8", None)):
        if cls is not None:
            names += [f"{cls.__name__}.{n}" for n in unittest.TestLoader().getTestCaseNames(cls)]
    return names


class _Timeout(Exception):
    pass


def _is_reference_error(exc, frames):
    """An exception of torch's side: torch 1.13 lacks an op, keyword or overload the test uses."""
    try:
        import torch
    except ImportError:
        torch = None
    if any("/torch/" in f.filename for f in frames) and not any("/python/uop/" in f.filename
                                                                 for f in frames):
        return True
    if torch is not None and isinstance(exc, AttributeError) and (exc.obj is torch or isinstance(exc.obj, torch.Tensor)
                                            or getattr(exc.obj, "__name__", "").startswith("torch")):
        return True
    if any("/python/uop/" in f.filename for f in frames):
        return False
    # torch's own argument parser and kernel dispatch (builtins: no Python frame of torch)
    return bool(re.search(r"received an invalid combination of arguments|"
                          r"\" not implemented for '|module 'torch", str(exc)))


def classify(exc, tb):
    """(outcome, detail) of a failed test from its exception."""
    frames = traceback.extract_tb(tb)
    inner = frames[-1].filename if frames else ""
    first = (str(exc).splitlines() or [""])[0][:240]
    if isinstance(exc, _Timeout):
        return "unsupported", "timeout"
    if any(f.name == "helper_test_exception" and "torch_cm" in (f.line or "") for f in frames):
        return "excluded", f"{REASON_TORCH} (torch 1.13 does not raise: {first})"
    if _is_reference_error(exc, frames):
        return "excluded", f"{REASON_TORCH} ({type(exc).__name__}: {first})"
    ours = "/python/uop/" in inner
    if isinstance(exc, AssertionError) and "does not match" in first:  # assertRaisesRegex
        return "unsupported", f"error message differs: {first}"
    if not ours and (isinstance(exc, AssertionError) or first.startswith("forward pass failed")):
        kind = ("no exception" if "not raised" in first else "shape" if "shape mismatch" in first
                else "dtype" if "dtype mismatch" in first else "value")
        return "mismatch", f"{kind}: {' '.join(str(exc).split())[:400]}"
    where = next((f"{Path(f.filename).name}:{f.lineno}" for f in reversed(frames)
                  if "/python/uop/" in f.filename), "")
    expected = any(f.name == "helper_test_exception" for f in frames)
    tag = " (raised where test expects another class)" if expected else ""
    return "unsupported", f"{type(exc).__name__}: {first}{tag} [{where}]"


class _Result(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.outcome = ("pass", "")

    def addError(self, test, err):
        self.outcome = classify(err[1], err[2])

    def addFailure(self, test, err):
        self.outcome = classify(err[1], err[2])

    def addSubTest(self, test, subtest, err):
        # a failing `with self.subTest(...)` block is reported here, not through addFailure
        if err is not None and self.outcome[0] == "pass":
            self.outcome = classify(err[1], err[2])

    def addSkip(self, test, reason):
        self.outcome = ("skipped", reason)


_MOD = None


def _alarm(*_):
    raise _Timeout()


def run_case(mod, name, timeout, excluded, category):
    """The record of test ``name`` (``Class.method`` of ``mod``): excluded by its short name,
    else run under a ``timeout``-second SIGALRM and classified."""
    short = name.split(".")[-1]
    if short in excluded:
        return {"test": name, "outcome": "excluded", "detail": excluded[short],
                "category": category(name), "seconds": 0.0}
    cls_name, meth = name.split(".")
    case = getattr(mod, cls_name)(meth)
    result = _Result()
    start = time.monotonic()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    try:
        case.run(result)
    except _Timeout:  # fired outside the test's own try (set-up, tear-down)
        result.outcome = ("unsupported", "timeout")
    finally:
        signal.alarm(0)
    return {"test": name, "outcome": result.outcome[0], "detail": result.outcome[1],
            "category": category(name), "seconds": round(time.monotonic() - start, 2)}


def run_one(args):
    name, timeout = args
    excluded = dict(EXCLUDED, **(EXCLUDED_FORWARD_ONLY if _FORWARD_ONLY else {}))
    return run_case(_MOD, name, timeout, excluded, category)


def _init(test_file, forward_only):
    global _MOD
    _MOD = load_module(test_file, forward_only)


def run_pool(run_one, names, timeout, jobs, init, initargs, maxtasksperchild, progress,
             show_seconds=False):
    """Every named test's record, in order: ``run_one((name, timeout))`` in ``jobs`` forked
    workers set up by ``init(*initargs)``; one progress line per test."""
    out = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs, initializer=init, initargs=initargs,
                  maxtasksperchild=maxtasksperchild) as pool:
        for rec in pool.imap(run_one, [(n, timeout) for n in names]):
            out.append(rec)
            if progress:
                secs = f" ({rec['seconds']} s)" if show_seconds else ""
                print(f"{rec['outcome']:<11} {rec['test']}{secs} {rec['detail'][:160]}", flush=True)
    return out


def run(test_file, names, jobs, timeout, progress=True, forward_only=False):
    """Every named test's record, in order."""
    return run_pool(run_one, names, timeout, jobs, _init, (test_file, forward_only), 40, progress)


OUTCOMES = ("pass", "mismatch", "unsupported", "excluded", "skipped")


def summary(records):
    """Counts overall and by category, as text (a Markdown table)."""
    by = collections.defaultdict(collections.Counter)
    for r in records:
        by[r["category"]][r["outcome"]] += 1
        by["all"][r["outcome"]] += 1
    lines = ["| category | " + " | ".join(OUTCOMES) + " | pass % of measurable |",
             "|---|" + "---|" * (len(OUTCOMES) + 1)]
    for cat in sorted(by, key=lambda c: (c == "all", c)):
        c = by[cat]
        measurable = c["pass"] + c["mismatch"] + c["unsupported"]
        pct = f"{100.0 * c['pass'] / measurable:.0f}%" if measurable else "-"
        lines.append(f"| {cat} | " + " | ".join(str(c[o]) for o in OUTCOMES) + f" | {pct} |")
    return "\n".join(lines)


class Suite:
    """What ``main`` needs of one tinygrad test file: the runner's docstring (its first line is
    the --help description), what it is called in messages, where the file may be under a
    checkout, the per-test timeout, whether it takes --forward-only, and its runner:
    ``names(test_file, forward_only)`` (raises if the file does not import) and
    ``run(test_file, names, jobs, timeout, progress, forward_only)`` (the records)."""

    def __init__(self, doc, label, rel_paths, timeout, names, run, forward_only=False,
                 missing=None):
        self.doc, self.label, self.rel_paths, self.timeout = doc, label, rel_paths, timeout
        self.names, self.run, self.forward_only = names, run, forward_only
        self.missing = missing or " or ".join(rel_paths)  # the not-found error names these

    def find(self, root):
        return next((Path(root) / rel for rel in self.rel_paths if (Path(root) / rel).is_file()), None)


def main(argv=None, suite=None):
    """The command line of run_suite.py (``suite`` None: test_ops.py) and run_nn_suite.py."""
    suite = suite or OPS
    ap = argparse.ArgumentParser(description=suite.doc.split("\n")[0])
    ap.add_argument("--tinygrad", default=os.environ.get("UOP_TINYGRAD_DIR"),
                    help="a tinygrad checkout (default: $UOP_TINYGRAD_DIR)")
    ap.add_argument("-k", dest="pattern", help="only tests whose name matches this regex")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=suite.timeout, help="seconds per test")
    ap.add_argument("--json", help="write every test's record here")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--fail-on-mismatch", action="store_true")
    if suite.forward_only:
        ap.add_argument("--forward-only", action="store_true",
                        help="turn off test_ops.py's backward checks (its FORWARD_ONLY=1)")
    args = ap.parse_args(argv)
    forward_only = getattr(args, "forward_only", False)
    if not args.tinygrad:
        print(f"{suite.label} skipped: set UOP_TINYGRAD_DIR (or --tinygrad) to a tinygrad checkout "
              f"(pinned commit {PINNED_COMMIT})")
        return 0
    test_file = suite.find(args.tinygrad)
    if test_file is None:
        print(f"error: no {suite.missing} under {args.tinygrad}", file=sys.stderr)
        return 2
    try:
        names = suite.names(test_file, forward_only)
    except Exception as e:  # noqa: BLE001 - e.g. an ImportError of a name uop lacks
        print(f"error: {test_file} does not import: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    if args.pattern:
        names = [n for n in names if re.search(args.pattern, n)]
    records = suite.run(test_file, names, args.jobs, args.timeout, progress=not args.quiet,
                        forward_only=forward_only)
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1) + "\n")
    print(summary(records))
    for r in records:
        if r["outcome"] == "mismatch":
            print(f"MISMATCH {r['test']}: {r['detail']}")
    return 1 if args.fail_on_mismatch and any(r["outcome"] == "mismatch" for r in records) else 0


OPS = Suite(__doc__, "tinygrad suite", ("test/backend/test_ops.py", "test/test_ops.py"), 120,
            lambda test_file, forward_only: test_names(load_module(test_file, forward_only)), run,
            forward_only=True)


if __name__ == "__main__":
    sys.exit(main())
