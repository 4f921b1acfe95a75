"""Checks how the kernels of a PTX file reach dynamic shared memory.

Usage: check_dynamic_shared.py NVVM.mlir KERNELS.ptx

NVVM.mlir is the tirx-to-nvvm output the PTX was translated from: its
kernels' `tirx.dynamic_shared_bytes` say which ones are launched with dynamic
shared memory. For each kernel of the PTX, prints one line:

  KERNEL: dynamic N bytes through .extern .shared SYM[], static [VARS]
  KERNEL: static [VARS]

and a line starting with ERROR for each violation of:
- a shared variable without a size (`[]`) is `.extern`, and an `.extern
  .shared` one has none: PTX places such a variable after all static shared
  memory, at the start of the dynamic block, so no static variable overlaps
  it. A sized `.shared` variable that the kernel addresses as the dynamic
  block (upstream's internal `__dynamic_shmem__N`, printed as a 1-byte static
  variable) is placed among the static ones, and the dynamic block then
  overlaps those after it.
- a kernel with dynamic shared memory reaches it through such an `.extern`
  variable, and a kernel without does not.
"""

import re
import sys

DECL = re.compile(
    r"^\s*(?P<quals>(?:\.(?:extern|visible|weak|common)\s+)*)\.shared\s+"
    r"(?:\.align\s+\d+\s+)?(?:\.v\d\s+)?\.\w+\s+(?P<name>[\w$]+)"
    r"(?P<dims>(?:\[\d*\])*)\s*;")
ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([\w$]+)")
WORD = re.compile(r"[A-Za-z_$][\w$]*")


def kernels_with_dynamic_shared(mlir):
    dynamic = {}
    for line in mlir.splitlines():
        fn = re.search(r"llvm\.func @([\w$]+)\(", line)
        size = re.search(r"tirx\.dynamic_shared_bytes = (\d+)", line)
        if fn and size:
            dynamic[fn.group(1)] = int(size.group(1))
    return dynamic


def main():
    mlir = open(sys.argv[1]).read()
    ptx = open(sys.argv[2]).read().splitlines()
    dynamic = kernels_with_dynamic_shared(mlir)
    extern, static = set(), set()
    for line in ptx:
        m = DECL.match(line)
        if not m:
            continue
        name, dims = m.group("name"), m.group("dims")
        is_extern = ".extern" in m.group("quals")
        unsized = "[]" in dims
        if is_extern != unsized:
            print("ERROR: .shared %s is %s but %s" %
                  (name, "extern" if is_extern else "not extern",
                   "unsized" if unsized else "sized"))
        if name.startswith("__dynamic_shmem") and not (is_extern and unsized):
            print("ERROR: the dynamic shared memory symbol %s is a static "
                  ".shared variable: ptxas places it among the static ones, "
                  "which the dynamic block then overlaps" % name)
        (extern if is_extern else static).add(name)
    # Each entry's body: from its .entry line to the next one.
    bodies, current = {}, None
    for line in ptx:
        m = ENTRY.match(line)
        if m:
            current = m.group(1)
            bodies[current] = set()
        elif current:
            bodies[current].update(WORD.findall(line))
    for kernel, words in bodies.items():
        uses_extern = sorted(extern & words)
        uses_static = sorted(static & words)
        if kernel in dynamic:
            if not uses_extern:
                print("ERROR: %s has %d bytes of dynamic shared memory but "
                      "reaches no .extern .shared variable" %
                      (kernel, dynamic[kernel]))
            print("%s: dynamic %d bytes through .extern .shared %s, static "
                  "[%s]" % (kernel, dynamic[kernel],
                            ", ".join(s + "[]" for s in uses_extern),
                            ", ".join(uses_static)))
        else:
            if uses_extern:
                print("ERROR: %s has no dynamic shared memory but reaches %s" %
                      (kernel, ", ".join(uses_extern)))
            print("%s: static [%s]" % (kernel, ", ".join(uses_static)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
