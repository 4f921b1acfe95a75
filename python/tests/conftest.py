"""pytest set-up: the package is imported from python/ of this checkout.

The native library comes from $UOP_BUILD_DIR/lib or <repo>/build/lib; tests do not
skip without it (CI builds it). Tests that need a GPU skip without one.
"""

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PYTHON_DIR.parent
EXAMPLES_DIR = REPO_ROOT / "examples" / "tirx"
sys.path.insert(0, str(PYTHON_DIR))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def normalize_mlir(printed):
    """A printed module in a form where local names do not matter.

    Constants are substituted into their uses (so where a constant is defined and
    how often does not matter), every other SSA value or block argument is renamed
    in order of first appearance, and blank lines and indentation are dropped.
    Both sides must have gone through the same printer (uopParseVerify).
    """
    consts, lines = {}, []
    for line in printed.splitlines():
        s = line.strip()
        if not s:
            continue
        m = re.match(r"(%[\w$.-]+) = arith\.constant (.+)$", s)
        if m:
            consts[m.group(1)] = "const<" + m.group(2) + ">"
            continue
        lines.append(s)
    names = {}

    def rename(m):
        base, suffix = m.group(1), m.group(2) or ""
        if base in consts:
            return consts[base] + suffix
        if base not in names:
            names[base] = f"%v{len(names)}"
        return names[base] + suffix

    return [re.sub(r"(%[\w$.-]+)(#\d+)?", rename, l) for l in lines]


def have_ptxas():
    p = os.environ.get("UOP_PTXAS")
    if p:
        return os.path.isfile(p) and os.access(p, os.X_OK)
    return shutil.which("ptxas") is not None or os.path.exists("/usr/local/cuda/bin/ptxas")


def line_of(path, marker):
    """The 1-based line of ``path`` that holds ``marker`` (lines calling line_of are skipped)."""
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        if marker in line and "line_of(" not in line:
            return n
    raise AssertionError(f"marker {marker!r} not found in {path}")


@pytest.fixture(scope="session")
def uop_module():
    import uop
    return uop
