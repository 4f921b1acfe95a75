"""A short subset of tinygrad's test_nn.py, run unmodified against uop.Tensor / uop.nn with torch as
the reference (tinygrad_suite/run_nn_suite.py runs all of it). Skipped, with the reason, without a
tinygrad checkout in $UOP_TINYGRAD_DIR or without torch."""

import sys
from pathlib import Path

from helpers import tinygrad_test_file

sys.path.insert(0, str(Path(__file__).resolve().parent / "tinygrad_suite"))
import run_nn_suite  # noqa: E402

SUBSET = [
    "TestNN.test_linear", "TestNN.test_conv1d", "TestNN.test_conv2d_same_padding_invalid_stride",
    "TestNN.test_conv2d_same_padding_invalid_padding_str", "TestNN.test_layernorm_forward",
    "TestNN.test_embedding", "TestNN.test_embedding_shape", "TestNN.test_load_state_dict",
    "TestNN.test_load_state_dict_shape_mismatch", "TestNN.test_load_conv_num_batches_tracked",
    "TestNN.test_lstm_cell",
]


def _checkout():
    return tinygrad_test_file(run_nn_suite, "test_nn.py")


def test_tinygrad_test_nn_subset():
    test_file = _checkout()
    records = run_nn_suite.run(test_file, SUBSET + ["TestNN.test_embedding_one_kernel"], jobs=1,
                               timeout=120, progress=False)
    bad = [f"{r['test']}: {r['outcome']} {r['detail']}" for r in records[:-1] if r["outcome"] != "pass"]
    assert not bad, "\n".join(bad)
    # a test of tinygrad's schedule is excluded with its reason, not run
    assert records[-1]["outcome"] == "excluded" and "schedule" in records[-1]["detail"], records[-1]


def test_excluded_names_are_tests_of_test_nn():
    # an exclusion that names no test (renamed upstream) would silently stop excluding it
    test_file = _checkout()
    text = test_file.read_text()
    missing = [n for n in run_nn_suite.EXCLUDED if f"def {n}(" not in text]
    assert not missing, f"EXCLUDED names tests test_nn.py lacks: {missing}"
