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
