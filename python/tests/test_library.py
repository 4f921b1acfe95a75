"""Finding libUOpCAPI.so: $UOP_BUILD_DIR, else <repo>/build; otherwise ImportError."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import uop
from conftest import PYTHON_DIR, REPO_ROOT


def run_import(env_build_dir, code="import uop; print(uop.LIBRARY)"):
    env = dict(os.environ)
    if env_build_dir is None:
        env.pop("UOP_BUILD_DIR", None)
    else:
        env["UOP_BUILD_DIR"] = str(env_build_dir)
    env["PYTHONPATH"] = str(PYTHON_DIR)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def test_library_is_loaded_from_the_build_dir():
    expected = Path(os.environ.get("UOP_BUILD_DIR") or REPO_ROOT / "build").resolve()
    assert uop.LIBRARY == expected / "lib" / "libUOpCAPI.so"
    assert uop.build_dir() == expected


def test_missing_library_raises_import_error_saying_what_to_build(tmp_path):
    p = run_import(tmp_path)
    assert p.returncode != 0
    assert "ImportError" in p.stderr
    assert "UOpCAPI" in p.stderr and "ninja -C" in p.stderr
    assert str(tmp_path) in p.stderr


def test_env_var_selects_the_build_dir():
    p = run_import(uop.build_dir())
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == str(uop.LIBRARY)


@pytest.mark.skipif(not (REPO_ROOT / "build" / "lib" / "libUOpCAPI.so").is_file(),
                    reason="the default build directory has no library")
def test_default_build_dir_without_env_var():
    p = run_import(None)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == str((REPO_ROOT / "build" / "lib" / "libUOpCAPI.so").resolve())


def test_compilers_are_independent():
    a, b = uop.Compiler(), uop.Compiler()
    text = "func.func @f(%x: f32) -> f32 { return %x : f32 }"
    assert a.parse_verify(text) == b.parse_verify(text)
    del a
    assert "func.func @f" in b.parse_verify(text)


def test_parse_errors_carry_diagnostics():
    with pytest.raises(uop.CompileError) as e:
        uop.parse_verify("func.func @f( {")
    assert "error" in e.value.diagnostics
    assert isinstance(e.value, RuntimeError)
