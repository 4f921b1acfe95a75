"""Script errors found by fuzzing the Tx front end: each used to escape as a bare Python
exception (ValueError, TypeError, OverflowError) from inside the parser. They must be
TxScriptErrors naming this file and the offending line. The end of the file runs a small
seeded mutation fuzzer over a few scripts with the same requirement."""

import ast
import copy
import importlib.util
import os
import random
import sys

import pytest

import uop
from uop import tirx as Tx
from conftest import line_of


def check(excinfo, marker, match=None):
    e = excinfo.value
    assert isinstance(e, SyntaxError) and isinstance(e, Tx.TxScriptError)
    assert os.path.basename(e.filename) == "test_tirx_errors_more.py"
    assert e.lineno == line_of(__file__, marker), (e.lineno, str(e))
    assert e.text is not None and marker in e.text
    if match:
        assert match in e.msg, e.msg


def test_unknown_dtype_in_an_annotation():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                x: 3 = 1.0  # ERR-annot-dtype
    check(e, "# ERR-annot-dtype", "unknown dtype 3")


def test_unknown_dtype_in_a_cast():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = Tx.cast(tx, "nope")  # ERR-cast-dtype
    check(e, "# ERR-cast-dtype", "unknown dtype 'nope'")


def test_cast_of_a_python_list():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = Tx.cast([1, 2], "float32")  # ERR-cast-list
    check(e, "# ERR-cast-list", "expected a scalar")


def test_math_of_a_python_module():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = Tx.exp(Tx)  # ERR-exp-module
    check(e, "# ERR-exp-module", "needs a scalar")


def test_abs_and_max_of_python_non_numbers():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = Tx.abs([1.0])  # ERR-abs-list
    check(e, "# ERR-abs-list", "needs a scalar")
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k2(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = Tx.max(None, 1.0)  # ERR-max-none
    check(e, "# ERR-max-none", "TypeError")


def test_python_float_of_none():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                A[tx] = float(None)  # ERR-float-none
    check(e, "# ERR-float-none", "TypeError")


def test_alloc_with_a_non_integer_address():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                T = Tx.alloc_tmem((128, 64), "float32", allocated_addr=Tx.shared_ptr)  # ERR-addr
    check(e, "# ERR-addr", "allocated_addr must be an integer")


def test_alloc_with_an_infinite_extent():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64,), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                S = Tx.alloc_shared((float("inf"), 4), "float32")  # ERR-inf
    check(e, "# ERR-inf", "must be an integer")


def test_reduce_axes_not_a_list():
    with pytest.raises(Tx.TxScriptError) as e:
        @Tx.prim_func
        def k(A: Tx.Buffer((64, 64), "float32")):
            with Tx.device_entry():
                tx = Tx.thread_id([64])
                S = Tx.alloc_shared((64, 64), "float32")
                Tx.cta.reduce("sum", S, S, axes=Tx)  # ERR-axes
    check(e, "# ERR-axes", "reduce axes")


def test_buffer_type_checks_its_integers():
    with pytest.raises(TypeError, match="must be an integer"):
        Tx.Buffer((4, 2.5), "float32")
    with pytest.raises(TypeError, match="elem_offset must be an integer"):
        Tx.Buffer((4,), "float32", elem_offset="x")
    # Integral floats and numpy integers are fine.
    import numpy as np
    assert Tx.Buffer((4.0, np.int64(2)), "float32").shape == (4, 2)


# -- a light mutation fuzzer -----------------------------------------------------------

_SEEDS = [
    '''
@Tx.prim_func
def k(A: Tx.Buffer((1024,), "float32"), B: Tx.Buffer((1024,), "float32")):
    with Tx.device_entry():
        bx = Tx.cta_id([8])
        tx = Tx.thread_id([128])
        i = bx * 128 + tx
        B[i] = A[i] * 2.0
''',
    '''
@Tx.prim_func
def k(A: Tx.Buffer((64, 64), "float16"), B: Tx.Buffer((64, 64), "float32"), n: Tx.int32):
    with Tx.device_entry():
        bx = Tx.cta_id([4])
        tx = Tx.thread_id([128])
        S = Tx.alloc_shared((16, 64), "float16")
        acc: Tx.float32 = 0.0
        for j in range(0, 64, 2):
            v = Tx.cast(A[bx * 16 + tx // 8, j], "float32")
            if v > 0.5 and j < 32:
                acc = acc + Tx.exp(v)
            elif v < -0.5:
                acc = Tx.max(acc, v)
            else:
                acc += 1.0
        for u in Tx.unroll(4):
            B[bx, u] = acc if tx == 0 else -acc
        Tx.cta.copy(S[0:16, 0:64], A[bx * 16:bx * 16 + 16, 0:64])
        Tx.cta.reduce("sum", S, S, axes=[1])
        Tx.cuda.syncthreads()
''',
]

_EXPRS = ["A", "A[0]", "A[0, 0]", "1.5", "'str'", "None", "[1, 2]", "(1, 2)", "lambda q: q", "Tx.cta_id",
          "Tx.nope", "x.y", "A[::2]", "A[...]", "{1: 2}", "A[1:2]", "A[tx:]", "-A", "not A", "A + 1", "tx @ tx",
          "1 < tx < A", "tx in A", "Tx.cast(tx)", "Tx.cast(tx, 'nope')", "Tx.max(tx)", "Tx.exp()", "Tx.exp(Tx)",
          "Tx.thread_id([0])", "Tx.cta_id(['a'])", "Tx.alloc_shared((4,), 'nope')", "Tx.alloc_shared(4)",
          "Tx.alloc_shared((-4,), 'float32')", "A.view(2, 2)", "A.nope", "int(tx)", "float(A)", "float(None)",
          "max(tx, tx, tx)", "abs([1])", "len(A)", "range(3)", "tx(3)", "Tx.bind()", "Tx.address_of(tx)",
          "Tx.cta.copy(A)", "Tx.cta.fill(A, 'x')", "Tx.cta.reduce('sum', A, A, axes='x')", "Tx.tile.nope(A)",
          "Tx.ptx.mbarrier_init()", "Tx.scope_id('a', 'b', [1])", "2 ** 70", "1e400", "float('nan')",
          "tx // 0", "1 // 0", "tx << 70", "~1.5", "A[1.5]", "A['a']", "A[None]", "A[10000]", "A and A",
          "tx or 1.5", "Tx.unroll(3)", "Tx.device_entry()", "Tx.float32", "uop", "Tx", "Tx.cta"]
_STMTS = ["del tx", "assert tx", "import os", "x = y = 1", "x, = A", "A[1:2] = 3.0", "A.b = 1", "A[0] = 'a'",
          "A[0] = A", "tx += 1.5", "tx: 3 = 1", "A[0]: Tx.float32 = 1.0", "print(tx)",
          "with Tx.device_entry():\n    pass", "for (a, b) in range(3):\n    pass",
          "for i in range(0, 4, 0):\n    pass", "for i in Tx.unroll(tx):\n    pass", "for i in A:\n    pass",
          "for i in range(3):\n    break", "while True:\n    pass", "if A:\n    pass",
          "if tx > 1:\n    z = 1\nelse:\n    z = 1.5", "return 3", "x = Tx.bind(A)", "a, b = Tx.cta_id([2])",
          "x = A.view(4, layout=3)", "x = Tx.alloc_buffer((4,), 'float32', scope='nope')"]


def _mutate(tree, rng):
    fdef = tree.body[0]
    for _ in range(rng.randint(1, 3)):
        nodes = [x for st in fdef.body for x in ast.walk(st)]
        if rng.random() < 0.5:
            cands = [(p, f, i) for p in nodes for f, v in ast.iter_fields(p)
                     for i, c in (enumerate(v) if isinstance(v, list) else [(None, v)])
                     if isinstance(c, ast.expr)]
            if not cands:
                continue
            p, f, i = rng.choice(cands)
            new = ast.parse(rng.choice(_EXPRS), mode="eval").body
            if i is None:
                setattr(p, f, new)
            else:
                getattr(p, f)[i] = new
        else:
            cands = [(p, f) for p in nodes + [fdef] for f, v in ast.iter_fields(p)
                     if isinstance(v, list) and v and isinstance(v[0], ast.stmt)
                     and not (p is fdef and f != "body")]
            p, f = rng.choice(cands)
            body = getattr(p, f)
            j = rng.randrange(len(body))
            new = ast.parse(rng.choice(_STMTS)).body
            if rng.random() < 0.5:
                body[j:j + 1] = new
            else:
                body[j:j] = new
    return ast.fix_missing_locations(tree)


N_FUZZ = int(os.environ.get("UOP_TX_FUZZ_SEEDS", "60"))


@pytest.mark.parametrize("seed", range(N_FUZZ))
def test_mutated_scripts_fail_only_with_script_errors(seed, tmp_path):
    rng = random.Random(seed)
    tree = _mutate(ast.parse(copy.deepcopy(rng.choice(_SEEDS))), rng)
    code = "from uop import tirx as Tx\n" + ast.unparse(tree) + "\n"
    try:
        compile(code, "mutant", "exec")
    except SyntaxError:
        pytest.skip("the mutant is not Python")
    path = tmp_path / f"mutant_{seed}.py"
    path.write_text(code)
    spec = importlib.util.spec_from_file_location(f"mutant_{seed}", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
        mod.k.script(locations=True)
    except Tx.TxScriptError as e:
        assert e.filename == str(path) and e.lineno, repr(e)
        assert "cannot translate this statement (" not in str(e), \
            f"an internal parser error, caught only by the safety net:\n{code}\n{e}"
    except uop.CompileError:
        pass
