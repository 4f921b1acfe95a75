"""A short subset of tinygrad's test_ops.py, run unmodified against uop.Tensor with torch as the
reference (tinygrad_suite/run_suite.py runs all of it). Skipped, with the reason, without a
tinygrad checkout in $UOP_TINYGRAD_DIR or without torch."""

import sys
from pathlib import Path

from helpers import tinygrad_test_file

sys.path.insert(0, str(Path(__file__).resolve().parent / "tinygrad_suite"))
import run_suite  # noqa: E402

SUBSET = [
    "TestOps.test_add", "TestOps.test_mul", "TestOps.test_div", "TestOps.test_pow",
    "TestOps.test_exp", "TestOps.test_sigmoid", "TestOps.test_sum_simple", "TestOps.test_max",
    "TestOps.test_small_cumsum", "TestOps.test_small_cummax", "TestOps.test_small_cummin",
    "TestOps.test_argmax", "TestOps.test_matmul_simple", "TestOps.test_transpose",
    "TestOps.test_slice_in_bounds_1dim", "TestOps.test_conv2d_bs_1_cin_1",
    "TestOps.test_max_pool2d_simple", "TestOps.test_log_softmax_other_axis",
    "TestOps.test_cross_entropy_class_indices", "TestOps.test_tril", "TestOps.test_cast",
]


def _checkout():
    return tinygrad_test_file(run_suite, "test_ops.py")


def test_tinygrad_test_ops_subset():
    test_file = _checkout()
    records = run_suite.run(test_file, SUBSET, jobs=1, timeout=120, progress=False)
    bad = [f"{r['test']}: {r['outcome']} {r['detail']}" for r in records if r["outcome"] != "pass"]
    assert not bad, "\n".join(bad)


def test_classification_of_a_mismatch_and_an_exception():
    # the runner's verdicts themselves: a wrong value is a mismatch, our exception unsupported
    def verdict(fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - whatever the test raised
            return run_suite.classify(e, e.__traceback__)[0]
        return "pass"
    import numpy as np
    from uop import Tensor
    assert verdict(lambda: np.testing.assert_allclose(np.ones(2), np.zeros(2))) == "mismatch"
    assert verdict(lambda: Tensor(np.ones(3, np.float32)).reshape(2, 2)) == "unsupported"


def test_a_failing_subtest_is_not_a_pass():
    import unittest

    class Case(unittest.TestCase):
        def test_it(self):
            with self.subTest(k=1):
                raise ValueError("inside a subTest")

    result = run_suite._Result()
    Case("test_it").run(result)
    assert result.outcome[0] == "unsupported", result.outcome
