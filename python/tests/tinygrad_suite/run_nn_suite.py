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

import importlib.util
import os
import re
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run_suite  # noqa: E402
from run_suite import HERE, PYTHON_DIR  # noqa: E402

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
    if _LOAD_ERROR is not None and name.split(".")[-1] not in EXCLUDED:
        return {"test": name, "outcome": "unsupported", "detail": f"test_nn.py does not import: {_LOAD_ERROR}",
                "category": category(name), "seconds": 0.0}
    return run_suite.run_case(_MOD, name, timeout, EXCLUDED, category)


def run(test_file, names, jobs, timeout, progress=True, forward_only=False):
    """Every named test's record, in order (``forward_only``: the shared main's; unused)."""
    return run_suite.run_pool(run_one, names, timeout, jobs, _init, (test_file,), 10, progress,
                              show_seconds=True)


NN = run_suite.Suite(__doc__, "tinygrad nn suite",
                     ("test/backend/test_nn.py", "test/unit/test_nn.py", "test/test_nn.py"), 300,
                     lambda test_file, _forward_only: test_names(load_module(test_file)), run,
                     missing="test/backend/test_nn.py")


def find_test_file(root):
    return NN.find(root)


if __name__ == "__main__":
    sys.exit(run_suite.main(suite=NN))
