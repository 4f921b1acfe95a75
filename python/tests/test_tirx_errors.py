"""Script errors: TxScriptError (a SyntaxError) naming this file and the offending line."""

import os

import pytest

from uop import tirx as Tx
from conftest import line_of


def check(excinfo, marker, match=None):
    e = excinfo.value
    assert isinstance(e, SyntaxError) and isinstance(e, Tx.TxScriptError)
    assert os.path.basename(e.filename) == "test_tirx_errors.py"
    assert e.lineno == line_of(__file__, marker), (e.lineno, str(e))
    assert "test_tirx_errors.py" in str(e) and f"line {e.lineno}" in str(e)
    assert e.text is not None and marker in e.text
    if match:
        assert match in e.msg, e.msg


def test_while_loop():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((4,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([4])
                while tx < 4:  # ERR-while
                    A[tx] = 0.0
    check(e, "# ERR-while", "while loops are not supported")


def test_undefined_name():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((4,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([4])
                A[tx] = undefined_thing * 2.0  # ERR-name  # noqa: F821
    check(e, "# ERR-name", "name 'undefined_thing' is not defined")


def test_wrong_number_of_indices():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((4, 4), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([4])
                A[tx] = 1.0  # ERR-rank
    check(e, "# ERR-rank", "1 indices for a buffer of rank 2")


def test_constant_index_out_of_bounds():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((4,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([4])
                x = A[7]  # ERR-bounds
    check(e, "# ERR-bounds", "out of bounds")


def test_slice_without_static_extent():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64, 64), "float32"), n: Tx.index):
            with Tx.device_entry():
                tx = Tx.thread_id([32])
                S = Tx.alloc_shared((64, 64), "float32")
                Tx.cta.copy(S, A[tx:n, 0:64])  # ERR-slice
    check(e, "# ERR-slice", "static extent")


def test_store_of_the_wrong_type():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = tx  # ERR-store
    check(e, "# ERR-store", "expected f32")


def test_float_constant_with_an_index():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                i = tx * 2.5  # ERR-mix
    check(e, "# ERR-mix", "Tx.cast")


def test_unknown_tx_function():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.not_an_intrinsic([64])  # ERR-attr
    check(e, "# ERR-attr", "not_an_intrinsic")


def test_unknown_tile_primitive():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                Tx.cta.transmogrify(A, A)  # ERR-tile
    check(e, "# ERR-tile", "transmogrify")


def test_tile_operand_must_be_a_buffer():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                Tx.cta.copy(A, 1.0)  # ERR-operand
    check(e, "# ERR-operand", "must be a buffer or a region")


def test_tile_bad_arguments():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                Tx.cta.copy(A)  # ERR-args
    check(e, "# ERR-args", "missing a required argument")


def test_missing_annotation():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A):  # ERR-annot
            pass
    check(e, "# ERR-annot", "needs an annotation")


def test_scope_id_outside_device_entry():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            tx = Tx.thread_id([64])  # ERR-outside
    check(e, "# ERR-outside", "device_entry")


def test_loop_local_name_after_the_loop():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                for i in range(4):
                    t = A[i]
                A[tx] = t  # ERR-scope
    check(e, "# ERR-scope", "defined in the body of the loop")


def test_return_value():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            return 5  # ERR-return
    check(e, "# ERR-return", "return nothing")


def test_unsupported_expression():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                f = (lambda x: x)  # ERR-lambda
    check(e, "# ERR-lambda", "`Lambda` expressions are not supported")


def test_store_into_a_slice():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[0:32] = 0.0  # ERR-slicestore
    check(e, "# ERR-slicestore", "tile primitive")


def test_nested_device_entry():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                with Tx.device_entry():  # ERR-nest
                    pass
    check(e, "# ERR-nest", "do not nest")


def test_dynamic_unroll():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                for i in Tx.unroll(tx):  # ERR-unroll
                    A[i] = 0.0
    check(e, "# ERR-unroll", "constant bounds")


def test_buffer_reassigned_in_a_loop():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32"), B: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                X = A
                for i in range(2):  # ERR-rebind
                    X = B
    check(e, "# ERR-rebind", "only scalars can be loop-carried")


def test_python_errors_in_constant_expressions():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64 // 0])  # ERR-zero
    check(e, "# ERR-zero", "ZeroDivisionError")


def test_condition_must_be_boolean():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                if tx:  # ERR-cond
                    A[tx] = 0.0
    check(e, "# ERR-cond", "expected i1")


def test_integer_true_division():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                h = tx / 2  # ERR-div
    check(e, "# ERR-div", "use `//`")


def test_bad_buffer_annotation_shape():
    with pytest.raises(ValueError, match="positive extents"):
        Tx.Buffer((0, 4), "float32")
    with pytest.raises(ValueError, match="storage scope"):
        Tx.Buffer((4,), "float32", "texture")


def test_cluster_view_of_a_local_buffer():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                r = Tx.cta_id([2], parent="cluster")
                L = Tx.alloc_local((8,), "float32")
                v = Tx.cluster_view(L, r)  # ERR-cview
    check(e, "# ERR-cview", "cluster_view views a shared buffer, not a local buffer")


def test_shared_cluster_is_not_allocated():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                S = Tx.alloc_buffer((8,), "float32", scope="shared_cluster")  # ERR-scl
    check(e, "# ERR-scl", "view one with Tx.cluster_view(S, rank)")


def test_free_extent_off_the_grid():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                t = Tx.thread_id([None], preferred=[128])  # ERR-free
    check(e, "# ERR-free", "only the grid's extents (kernel -> cta, kernel -> cluster) may be free")


def test_free_extent_needs_preferred():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                b = Tx.cta_id([None])  # ERR-pref
    check(e, "# ERR-pref", "a free extent (None) needs preferred=[...] extents")


def test_tile_schedule_binds_three_names():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                b = Tx.cta_id([8])
                for m, n in Tx.tile_schedule(b, [4, 4]):  # ERR-ts
                    pass
    check(e, "# ERR-ts", "a tile schedule binds three names")


def test_tile_schedule_outside_a_loop():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k():
            with Tx.device_entry():
                b = Tx.cta_id([8])
                s = Tx.tile_schedule(b, [4, 4])  # ERR-tsx
    check(e, "# ERR-tsx", "Tx.tile_schedule(...) only appears as")


def test_tile_schedule_carries_nothing():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((16,), "float32")):
            with Tx.device_entry():
                b = Tx.cta_id([8])
                x = Tx.bind(0)
                for m, n, it in Tx.tile_schedule(b, [4, 4]):  # ERR-tsc
                    x = x + m
    check(e, "# ERR-tsc", "'x' is reassigned in the tile schedule's body")


def test_scope_extent_of_a_buffer():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((16,), "float32")):
            with Tx.device_entry():
                n = Tx.scope_extent(A)  # ERR-se
    check(e, "# ERR-se", "scope_extent takes a scope id")
