#!/usr/bin/env python3
"""Runs tinygrad's layer tests (test/backend/test_nn.py), unmodified, against ``uop.Tensor`` and
``uop.nn`` with PyTorch as the reference, and classifies every test as run_suite.py does for
test_ops.py.

    UOP_TINYGRAD_DIR=/path/to/tinygrad /usr/bin/python3 python/tests/tinygrad_suite/run_nn_suite.py

The stand-in ``tinygrad`` package (``shim/``) forwards ``tinygrad.nn`` / ``tinygrad.nn.state`` /
``tinygrad.nn.optim`` to ``uop.nn`` / ``uop.nn.state`` / ``uop.nn.optim`` and ``TinyJit`` to
``uop.Jit``; ``Context(TRAINING=...)`` is ``uop.nn.training``. ``shim/test/helpers.py`` stands in
for tinygrad's test/helpers.py (its decorators; ``check_schedule`` raises). test_nn.py's class is
marked slow, so RUN_SLOW=1 is set.

Outcomes (pass / mismatch / unsupported / excluded / skipped) mean what run_suite.py's docstring
says; ``excluded`` here is a test of tinygrad's internals (its schedule and kernel counts, several
devices), listed in EXCLUDED with the reason. Without a tinygrad checkout the script says so and
exits 0. ``--json FILE`` writes every record; ``--fail-on-mismatch`` exits 1 on any mismatch.
"""

import argparse
import importlib.util
import json
import os
import re
import signal
import sys
import time
import unittest
import multiprocessing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_suite  # noqa: E402
from run_suite import HERE, PINNED_COMMIT, PYTHON_DIR  # noqa: E402

REASON_SCHEDULE = ("tinygrad internals: counts the kernels and ops of tinygrad's schedule "
                   "(test.helpers.check_schedule, engine.realize.run_linear, GlobalCounters)")
REASON_DEVICES = "devices: shards over several devices (Tensor.shard / shard_); uop runs on one CPU device"
EXCLUDED = {
    "test_embedding_one_kernel": REASON_SCHEDULE,
    "test_embedding_one_kernel_fused": REASON_SCHEDULE,
    "test_embedding_one_kernel_fused_noopt": REASON_SCHEDULE,
    "test_load_state_dict_sharded_model": REASON_DEVICES,
    "test_load_state_dict_sharded_dict": REASON_DEVICES,
    "test_load_state_dict_sharded_model_dict_same_axis": REASON_DEVICES,
    "test_load_state_dict_sharded_model_dict_different_axis": REASON_DEVICES,
}

CATEGORIES = [
    ("batchnorm", r"batchnorm"),
    ("conv", r"conv"),
    ("state dict", r"load"),
    ("norm", r"norm"),
    ("embedding", r"embedding"),
    ("lstm", r"lstm"),
    ("linear", r"linear"),
]


def category(name):
    short = name.split(".")[-1][len("test_"):]
    return next((cat for cat, pattern in CATEGORIES if re.search(pattern, short)), "other")


def find_test_file(root):
    for rel in ("test/backend/test_nn.py", "test/unit/test_nn.py", "test/test_nn.py"):
        if (Path(root) / rel).is_file():
            return Path(root) / rel
    return None


def load_module(test_file):
    os.environ["RUN_SLOW"] = "1"
    run_suite._torch_polyfills()
    sys.path[:0] = [str(HERE / "shim"), str(PYTHON_DIR)]
    spec = importlib.util.spec_from_file_location("tinygrad_test_nn", test_file)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_names(mod):
    names = []
    for obj in vars(mod).values():
        if isinstance(obj, type) and issubclass(obj, unittest.TestCase) and obj.__module__ == mod.__name__:
            names += [f"{obj.__name__}.{n}" for n in unittest.TestLoader().getTestCaseNames(obj)]
    return names


_MOD = None
_LOAD_ERROR = None


def _init(test_file):
    # an exception escaping a pool initializer restarts the worker forever: keep it for run_one
    global _MOD, _LOAD_ERROR
    try:
        _MOD = load_module(test_file)
    except Exception as e:  # noqa: BLE001 - whatever the test file's imports raise
        _LOAD_ERROR = f"{type(e).__name__}: {e}"


def run_one(args):
    name, timeout = args
    short = name.split(".")[-1]
    if short in EXCLUDED:
        return {"test": name, "outcome": "excluded", "detail": EXCLUDED[short],
                "category": category(name), "seconds": 0.0}
    if _LOAD_ERROR is not None:
        return {"test": name, "outcome": "unsupported", "detail": f"test_nn.py does not import: {_LOAD_ERROR}",
                "category": category(name), "seconds": 0.0}
    cls_name, meth = name.split(".")
    case = getattr(_MOD, cls_name)(meth)
    result = run_suite._Result()
    start = time.monotonic()
    signal.signal(signal.SIGALRM, run_suite._alarm)
    signal.alarm(timeout)
    try:
        case.run(result)
    except run_suite._Timeout:  # fired outside the test's own try (set-up, tear-down)
        result.outcome = ("unsupported", "timeout")
    finally:
        signal.alarm(0)
    return {"test": name, "outcome": result.outcome[0], "detail": result.outcome[1],
            "category": category(name), "seconds": round(time.monotonic() - start, 2)}


def run(test_file, names, jobs, timeout, progress=True):
    """Every named test's record, in order."""
    out = []
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs, initializer=_init, initargs=(test_file,), maxtasksperchild=10) as pool:
        for rec in pool.imap(run_one, [(n, timeout) for n in names]):
            out.append(rec)
            if progress:
                print(f"{rec['outcome']:<11} {rec['test']} ({rec['seconds']} s) {rec['detail'][:160]}",
                      flush=True)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tinygrad", default=os.environ.get("UOP_TINYGRAD_DIR"),
                    help="a tinygrad checkout (default: $UOP_TINYGRAD_DIR)")
    ap.add_argument("-k", dest="pattern", help="only tests whose name matches this regex")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per test")
    ap.add_argument("--json", help="write every test's record here")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--fail-on-mismatch", action="store_true")
    args = ap.parse_args(argv)
    if not args.tinygrad:
        print("tinygrad nn suite skipped: set UOP_TINYGRAD_DIR (or --tinygrad) to a tinygrad checkout "
              f"(pinned commit {PINNED_COMMIT})")
        return 0
    test_file = find_test_file(args.tinygrad)
    if test_file is None:
        print(f"error: no test/backend/test_nn.py under {args.tinygrad}", file=sys.stderr)
        return 2
    try:
        names = test_names(load_module(test_file))
    except Exception as e:  # noqa: BLE001 - e.g. an ImportError of a name uop.nn lacks
        print(f"error: {test_file} does not import: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    if args.pattern:
        names = [n for n in names if re.search(args.pattern, n)]
    records = run(test_file, names, args.jobs, args.timeout, progress=not args.quiet)
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1) + "\n")
    print(run_suite.summary(records))
    for r in records:
        if r["outcome"] == "mismatch":
            print(f"MISMATCH {r['test']}: {r['detail']}")
    return 1 if args.fail_on_mismatch and any(r["outcome"] == "mismatch" for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
