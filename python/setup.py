"""setuptools hook: writes uop/_install.py with the build directory whose
libUOpCAPI.so the installed package loads. It is $UOP_BUILD_DIR at install
time, else the repository's build/ beside this file. The configuration itself
is in pyproject.toml."""

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _build_dir():
    env = os.environ.get("UOP_BUILD_DIR")
    path = Path(env).expanduser().resolve() if env else HERE.parent / "build"
    if not (path / "lib" / "libUOpCAPI.so").is_file():
        raise SystemExit(f"uop: {path}/lib/libUOpCAPI.so not found: build the project first "
                         "(`ninja -C build UOpCAPI uop-run`) or set UOP_BUILD_DIR")
    return path


class BuildPy(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "uop" / "_install.py"
        target.write_text('"""Written by setup.py at install time."""\n'
                          f"BUILD_DIR = {str(_build_dir())!r}\n")


setup(cmdclass={"build_py": BuildPy})
