"""The parser's intrinsic and tile tables agree with themselves and with the Tx namespaces."""

import inspect
import string

from uop import tirx as Tx
from uop.tirx._parser.intrinsics import INTRINSICS, Intrinsic, NvvmOp
from uop.tirx._parser.tiles import TILE_PRIMITIVES


def test_every_script_stub_has_a_table_entry():
    names = list(Tx._INTRINSICS) + [f"ptx.{n}" for n in Tx.PTX_OPS] + \
            [f"cuda.{n}" for n in Tx.CUDA_OPS]
    assert sorted(names) == sorted(INTRINSICS)
    assert Tx.ptx.bar_sync._tx_intrinsic == "ptx.bar_sync"
    assert Tx.cta_id._tx_intrinsic == "cta_id"


def test_nvvm_templates_name_exactly_their_arguments():
    for name, spec in INTRINSICS.items():
        assert isinstance(spec, (Intrinsic, NvvmOp)), name
        if not isinstance(spec, NvvmOp):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(spec.text) if f}
        params = inspect.signature(spec.sig).parameters
        assert fields == {p for p, _ in spec.args}, name
        assert all(p in params for p, _ in spec.args), name


def test_tile_table_covers_every_scope_method():
    kinds = Tx.UNARY_KINDS + Tx.BINARY_KINDS + Tx.REDUCE_KINDS
    assert len(set(kinds)) == len(kinds)
    assert set(TILE_PRIMITIVES) == set(Tx.TILE_OPS) | set(kinds)
    for op in TILE_PRIMITIVES:
        prim = getattr(Tx.cta, op)
        assert (prim.scope, prim.op) == ("cta", op)
