#!/usr/bin/env python3
"""Generate python/uop/_alu_table.py from include/uop/Support/ALUOps.def.

The .def is the one table of uop's ALU ops (issue 43, step 2); Python's view
of it is generated, never edited by hand:

    scripts/gen-alu-table.py            # rewrite python/uop/_alu_table.py
    scripts/gen-alu-table.py --check    # exit 1 when the checked-in copy differs

test/Style/alu-table.test runs --check.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEF = os.path.join(ROOT, "include", "uop", "Support", "ALUOps.def")
OUT = os.path.join(ROOT, "python", "uop", "_alu_table.py")
FIELDS = ("ns", "op", "name", "arity", "signature", "c_form", "c_spelling", "cost",
          "tirx_kind", "py_name", "notes")
TOKEN = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[A-Za-z0-9_]+)\s*(,|\))')


def parse_rows(text):
    """The UOP_ALU_OP(...) rows of the .def, each a dict of FIELDS."""
    rows = []
    # Comments and the #define documentation are not rows.
    text = re.sub(r"//[^\n]*", "", text)
    for m in re.finditer(r"^UOP_ALU_OP\(", text, re.M):
        pos, args = m.end(), []
        while True:
            t = TOKEN.match(text, pos)
            if not t:
                raise SystemExit(f"ALUOps.def: cannot parse the row at offset {m.start()}")
            tok = t.group(1)
            args.append(tok[1:-1].replace('\\"', '"') if tok.startswith('"') else tok)
            pos = t.end()
            if t.group(2) == ")":
                break
        if len(args) != len(FIELDS):
            raise SystemExit(f"ALUOps.def: row {args[:3]} has {len(args)} fields, not {len(FIELDS)}")
        row = dict(zip(FIELDS, args))
        row["arity"] = int(row["arity"])
        rows.append(row)
    return rows


def render(rows):
    out = ['"""uop\'s ALU ops: generated from include/uop/Support/ALUOps.def by',
           "scripts/gen-alu-table.py. Do not edit; regenerate.",
           "",
           "ALU_OPS: one dict per row (name, arity, signature, c_form, c_spelling, cost,",
           "tirx_kind, py_name, notes). BY_PY_NAME: {dtype class: {graph op: MLIR op}},",
           "the classes float, int, signed and unsigned of python/uop/_emit.py.",
           '"""',
           "",
           "ALU_OPS = ("]
    for r in rows:
        fields = ", ".join(f"{k!r}: {r[k]!r}" for k in FIELDS[2:])
        out.append(f"    {{{fields}}},")
    out.append(")")
    out.append("")
    by = {}
    for r in rows:
        if r["py_name"]:
            cls, op = r["py_name"].split(":")
            by.setdefault(cls, {})[op] = r["name"]
    out.append("BY_PY_NAME = {")
    for cls in sorted(by):
        out.append(f"    {cls!r}: {{")
        for op in sorted(by[cls]):
            out.append(f"        {op!r}: {by[cls][op]!r},")
        out.append("    },")
    out.append("}")
    out.append("")
    out.append("TRANSCENDENTAL = frozenset((")
    for r in rows:
        if r["cost"] == "Transcendental":
            out.append(f"    {r['name']!r},")
    out.append("))")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the checked-in copy instead of writing it")
    ap.add_argument("--def-file", default=DEF)
    ap.add_argument("--output", default=OUT)
    args = ap.parse_args()
    with open(args.def_file) as f:
        text = render(parse_rows(f.read()))
    if args.check:
        try:
            with open(args.output) as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            print(f"{os.path.relpath(args.output, ROOT)} is out of date: run scripts/gen-alu-table.py",
                  file=sys.stderr)
            return 1
        print("alu-table: in sync")
        return 0
    with open(args.output, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
