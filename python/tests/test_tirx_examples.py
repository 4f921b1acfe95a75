"""The kernels of examples/tirx/ as Python scripts: same module, same PTX."""

import pytest

import uop
from conftest import EXAMPLES_DIR, have_ptxas, normalize_mlir
from tirx_examples import EXAMPLES

IDS = [path for _, path, _ in EXAMPLES]


@pytest.mark.parametrize("script,path,chip", EXAMPLES, ids=IDS)
def test_script_prints_the_example_module(script, path, chip):
    mine = uop.parse_verify(script.script())
    theirs = uop.parse_verify((EXAMPLES_DIR / path).read_text())
    assert normalize_mlir(mine) == normalize_mlir(theirs)


@pytest.mark.parametrize("script,path,chip", EXAMPLES, ids=IDS)
def test_script_and_example_compile_to_the_same_ptx(script, path, chip):
    mine = uop.compile(script, target="ptx", chip=chip)
    theirs = uop.compile((EXAMPLES_DIR / path).read_text(), target="ptx", chip=chip)
    assert isinstance(mine, str) and ".entry" in mine
    assert mine == theirs


def test_located_script_prints_the_same_module():
    script = EXAMPLES[2][0]
    assert uop.parse_verify(script.script(locations=True)) == uop.parse_verify(script.script())
    assert 'loc("' in script.script(locations=True) and 'loc(' not in script.script()


@pytest.mark.skipif(not have_ptxas(), reason="needs ptxas (CUDA toolkit)")
@pytest.mark.parametrize("script,path,chip", [e for e in EXAMPLES if e[1] in ("copy.mlir",
                                                                             "gemm_mma_sync.mlir")],
                         ids=["copy.mlir", "gemm_mma_sync.mlir"])
def test_cubin(script, path, chip):
    cubin = uop.compile(script, target="cubin", chip=chip)
    assert isinstance(cubin, bytes)
    assert cubin[:4] == b"\x7fELF"


def test_normalizer_sees_differences():
    text = (EXAMPLES_DIR / "copy.mlir").read_text()
    changed = text.replace("%row = arith.muli %bx, %c64", "%row = arith.muli %bx, %c0")
    assert changed != text
    assert normalize_mlir(uop.parse_verify(text)) != normalize_mlir(uop.parse_verify(changed))
