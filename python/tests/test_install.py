"""`pip install ./python` (pyproject.toml, setup.py) gives a package that works
outside the repository: installed into a fresh virtual environment with
Debian's setuptools and wheel, without network, it finds the build directory
recorded at install time and runs a graph (docs/python.md, "Installing")."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uop import _capi

PYTHON_DIR = Path(__file__).resolve().parent.parent


def _missing_tools():
    try:
        import venv  # noqa: F401
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
    except ImportError as e:
        return f"needs python3-venv, python3-setuptools and python3-wheel ({e})"
    return None


def _sources_and_venv(tmp_path):
    """A copy of the package sources (pip builds in the source tree, which must
    not gain files) and a fresh virtual environment that sees Debian's numpy."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy(PYTHON_DIR / name, src / name)
    shutil.copytree(PYTHON_DIR / "uop", src / "uop",
                    ignore=shutil.ignore_patterns("__pycache__", "_install.py"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    return src, venv


@pytest.mark.skipif(_missing_tools() is not None, reason=str(_missing_tools()))
def test_pip_install_finds_the_build(tmp_path):
    src, venv = _sources_and_venv(tmp_path)
    env = dict(os.environ, UOP_BUILD_DIR=str(_capi.build_dir()), PIP_NO_INDEX="1")
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-build-isolation",
                          "--no-index", str(src)], env=env, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr

    # Outside the repository, without UOP_BUILD_DIR and without PYTHONPATH.
    env = {k: v for k, v in os.environ.items() if k not in ("UOP_BUILD_DIR", "PYTHONPATH")}
    code = ("import numpy as np, uop\n"
            "print(uop.__file__)\n"
            "print(uop.build_dir())\n"
            "print(repr((uop.Tensor(np.arange(4, dtype=np.float32)) * 2 + 1).numpy().tolist()))\n")
    run = subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    file, build, values = run.stdout.splitlines()
    assert Path(file).is_relative_to(venv), file
    assert Path(build) == _capi.build_dir()
    assert values == "[1.0, 3.0, 5.0, 7.0]"


@pytest.mark.skipif(_missing_tools() is not None, reason=str(_missing_tools()))
def test_pip_install_without_a_build_says_what_to_build(tmp_path):
    src, venv = _sources_and_venv(tmp_path)
    env = dict(os.environ, UOP_BUILD_DIR=str(tmp_path / "no-build"))
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-build-isolation",
                          "--no-index", str(src)], env=env, capture_output=True, text=True)
    assert pip.returncode != 0
    assert "libUOpCAPI.so not found" in pip.stdout + pip.stderr
