"""The package's layering: the method mixins and the graph module do not import tensor.py.

``Tensor`` (tensor.py) inherits its methods from mixins (``_ops.TensorOps``,
``_ops_compat.CompatOps``) that build results through the class tensor.py registers
(``CompatOps._tensor_cls``); the node, shape helpers and exception classes they share live in
``_graph.py``. An import of tensor.py from any of them, even inside a function, brings back the
circle (issue 43, step 8).
"""

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "uop"


def imported_modules(path):
    """Every module a file imports, at any depth, relative ones as ``.name``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out += [base] if node.module else [base + a.name for a in node.names]
    return out


@pytest.mark.parametrize("name", ["_ops.py", "_ops_compat.py", "_graph.py"])
def test_mixins_and_graph_do_not_import_tensor(name):
    mods = imported_modules(PKG / name)
    bad = [m for m in mods if m in (".tensor", "uop.tensor") or m.endswith(".tensor")]
    assert not bad, f"{name} imports {bad}"


def test_graph_imports_only_dtypes_from_the_package():
    mods = [m for m in imported_modules(PKG / "_graph.py") if m.startswith(".")]
    assert set(mods) <= {".dtypes"}, mods


def test_tensor_class_is_registered_for_the_mixins():
    import uop
    from uop._ops_compat import CompatOps
    assert CompatOps._tensor_cls is uop.Tensor
    # A mixin method that builds a new tensor from a non-tensor self (Tensor.stack(seq)).
    import numpy as np
    s = uop.Tensor.stack([uop.Tensor(np.ones(2, np.float32)), uop.Tensor(np.zeros(2, np.float32))])
    assert isinstance(s, uop.Tensor)
    np.testing.assert_array_equal(s.numpy(), [[1, 1], [0, 0]])
