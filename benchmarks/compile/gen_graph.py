#!/usr/bin/env python3
"""Writes a tensor-level uop graph of about N ops for the compile benchmark.

The graph is a chain of 10-op blocks on 64x64 f32 tensors; each block ends in
a row reduction read back through RESHAPE + EXPAND, so every block is its own
kernel boundary (as in softmax):

    t = relu(x * a + b); x = (t - expand(sum(t, 1))) * 0.5

usage: gen_graph.py N > graph.mlir
"""
import sys

n = int(sys.argv[1])
blocks = max(1, n // 10)
T = "tensor<64x64xf32>"
out = [f"func.func @graph(%x0: {T}, %a: {T}, %b: {T}) -> {T} {{",
       f"  %zero = arith.constant dense<0.0> : {T}",
       f"  %half = arith.constant dense<0.5> : {T}"]
x = "%x0"
for i in range(blocks):
    out += [
        f"  %m{i} = arith.mulf {x}, %a : {T}",
        f"  %s{i} = arith.addf %m{i}, %b : {T}",
        f"  %t{i} = arith.maximumf %s{i}, %zero : {T}",
        f"  %r{i} = uop.reduce_axis add %t{i} [1] : {T} -> tensor<64xf32>",
        f"  %rr{i} = uop.reshape %r{i} : tensor<64xf32> -> tensor<64x1xf32>",
        f"  %re{i} = uop.expand %rr{i} : tensor<64x1xf32> -> {T}",
        f"  %d{i} = arith.subf %t{i}, %re{i} : {T}",
        f"  %h{i} = arith.mulf %d{i}, %half : {T}",
        f"  %n{i} = math.absf %h{i} : {T}",
        f"  %x{i + 1} = arith.minimumf %n{i}, %h{i} : {T}",
    ]
    x = f"%x{i + 1}"
out += [f"  return {x} : {T}", "}"]
print("\n".join(out))
