"""uop._alu_table, generated from include/uop/Support/ALUOps.def.

The checked-in module is in sync with the .def, and the tables
python/uop/_emit.py builds from it (per graph op and dtype class) give the
spellings it names.
"""

import subprocess
import sys
from pathlib import Path

from uop import _alu_table, _emit

REPO = Path(__file__).resolve().parents[2]


def test_generated_module_is_in_sync():
    r = subprocess.run([sys.executable, str(REPO / "scripts" / "gen-alu-table.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_python_names_match_emit_tables():
    by = _alu_table.BY_PY_NAME
    assert all(by["float"][k] == v for k, v in _emit._FLOAT_BIN.items())
    assert all(by["int"][k] == v for k, v in _emit._INT_BIN.items())
    assert all(by["signed"][k] == v for k, v in _emit._SIGNED_BIN.items())
    assert all(by["unsigned"][k] == v for k, v in _emit._UNSIGNED_BIN.items())
    for op, mnemonic in _emit._MATH_UNARY.items():
        assert by["float"][op] == "math." + mnemonic, op


def test_every_row_has_a_c_form_but_the_listed_gaps():
    gaps = {r["name"] for r in _alu_table.ALU_OPS if r["c_form"] == "None"}
    assert gaps == {"arith.ceildivui"}


def test_tirx_script_operators_are_table_rows():
    """The tirx parser's operators read the table: every op they emit is a row, and the places where a
    script's semantics are its own (docs/python.md) stay so."""
    import ast

    from uop.tirx._parser import expressions as ex

    rows = {r["name"] for r in _alu_table.ALU_OPS}
    emitted = [op for ops in ex._ARITH.values() for op in ops if op is not None]
    assert emitted and all(op in rows for op in emitted), set(emitted) - rows
    index, signed, flt, i1 = zip(*(ex._ARITH[k] for k in (ast.FloorDiv, ast.Pow, ast.Add, ast.RShift)))
    assert index == ("arith.divui", None, "arith.addi", "arith.shrui")
    assert signed == ("arith.divsi", None, "arith.addi", "arith.shrsi")  # `//` truncates, as C
    assert flt == (None, "math.powf", "arith.addf", None)
    assert i1 == (None, None, None, None)
    assert ex._ARITH[ast.BitXor][3] == "arith.xori"
    assert [ex._alu(c, "max") for c in ("float", "unsigned", "signed")] == \
        ["arith.maximumf", "arith.maxui", "arith.maxsi"]
