"""A bad buffer type in a Tx script is located at the script's line (issue 42, item 10).

Types are parsed where they are written in the generated MLIR, and a parameter's buffer
type has no ``loc(...)`` of its own, so its errors said ``input:1:35`` (a column of the
generated ``tirx.prim_func`` line). They now point at the parameter's annotation.
"""

import re

import pytest

import uop
from uop import tirx as Tx
from conftest import line_of


def test_bad_buffer_parameter_is_located_at_its_annotation():
    @Tx.prim_func
    def k(A: Tx.Buffer((4,), "float32"), B: Tx.Buffer((4,), "float32", strides=[1, 2])):  # MARK-buf
        with Tx.device_entry():
            tx = Tx.thread_id([4])
            B[tx] = A[tx]

    line = line_of(__file__, "# MARK-buf")
    for call in (k.verify, lambda: uop.compile(k, target="ptx"), lambda: Tx.IRModule(k).verify()):
        with pytest.raises(uop.CompileError) as e:
            call()
        d = e.value.diagnostics
        # The second parameter's annotation, not the first's and not the generated text.
        m = re.search(rf"test_tirx_buffer_location\.py:{line}:(\d+): error: expected 1 strides, got 2", d)
        assert m, d
        src = open(__file__).read().splitlines()[line - 1]
        assert src[int(m.group(1)) - 1:].startswith('Tx.Buffer((4,), "float32", strides'), d
        assert "input:" not in d, d
