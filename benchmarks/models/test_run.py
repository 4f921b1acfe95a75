"""Checks of the model benchmark: the MNIST model runs on uop.Tensor and PyTorch and
agrees, and an output that differs beyond the tolerance makes the comparison fail.

    UOP_BUILD_DIR=build /usr/bin/python3 -m pytest -q benchmarks/models/test_run.py
"""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402


def test_mnist_uop_matches_torch(tmp_path):
    pytest.importorskip("torch")
    p = subprocess.run([sys.executable, str(HERE / "run.py"), "--models", "mnist", "--repeat", "1",
                        "--frameworks", "uop,torch", "--data", str(tmp_path)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "check mnist: uop vs torch" in p.stdout and " ok" in p.stdout
    out, ref = np.load(tmp_path / "out.uop.mnist.npy"), np.load(tmp_path / "out.torch.mnist.npy")
    assert out.shape == (64, 10)
    np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4)


def test_mismatch_fails(tmp_path):
    ref = np.linspace(-2, 2, 20, dtype=np.float32).reshape(2, 10)
    np.save(tmp_path / "out.torch.mnist.npy", ref)
    results = {"torch": {"models": {"mnist": {}}}, "uop": {"models": {"mnist": {}}}}
    np.save(tmp_path / "out.uop.mnist.npy", ref + 1e-5)
    assert run.compare(results, tmp_path, ["mnist"], 1e-3)
    np.save(tmp_path / "out.uop.mnist.npy", ref + 0.1)
    assert not run.compare(results, tmp_path, ["mnist"], 1e-3)
    nan = ref.copy()
    nan[0, 0] = np.nan
    np.save(tmp_path / "out.uop.mnist.npy", nan)
    assert not run.compare(results, tmp_path, ["mnist"], 1e-3)
