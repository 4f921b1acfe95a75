#!/usr/bin/env python3
"""The conventions a reviewer would otherwise check by hand (issue 43, step 1).

  check_style.py ROOT

Rules, each failure printed as `path: [rule] message`, exit status 1:
- long-file: a .cpp/.h/.td/.py under lib/, include/, tools/ or python/uop has
  at most 1,200 lines, unless test/Style/long-files.txt lists it with a reason;
  a listed file that is no longer that long must leave the list.
- transform-test: each lib/**/Transforms/X.cpp has a test file or directory
  under test/ named after X or after its pass (case, `-` and `_` ignored; a
  file name may go on: lower-layouts-errors.mlir names LowerLayouts), and each
  lib/Conversion/XToY has test/Conversion/XToY.
- pass-description: each pass in a Passes.td says in its `description`
  whether it is "pattern-based" or "a walker, because ...".
"""
import os
import re
import sys

MAX_LINES = 1200
SOURCE_DIRS = ["lib", "include", "tools", "python/uop"]
SOURCE_EXTS = (".cpp", ".h", ".td", ".py")

# Transforms files that are not a pass of their own, and passes whose tests
# carry another name: the reason says where they are tested.
NOT_A_PASS = {
    "RangeUtils": "helpers of uop-rangeify and uop-split-kernels, tested "
                  "through rangeify*.mlir and split-kernels*.mlir",
    "OptimizeApply": "the option appliers of uop-optimize, tested through "
                     "optimize*.mlir",
}
TEST_NAMES = {
    "DispatchTilePrimitives": ("dispatch", "one test per implementation "
                               "family: dispatch-<family>.mlir"),
    "ConvHeuristic": ("optimize-conv", "uop-optimize's convolution tile: "
                      "optimize-conv.mlir, optimize-conv-kernel.mlir"),
}


def norm(name):
    return re.sub(r"[-_]", "", name).lower()


def rel(root, path):
    return os.path.relpath(path, root)


def walk_files(root, top):
    for dirpath, dirnames, files in os.walk(os.path.join(root, top)):
        dirnames.sort()
        for f in sorted(files):
            yield os.path.join(dirpath, f)


def check_long_files(root):
    errors = []
    listed = {}
    list_path = os.path.join(root, "test", "Style", "long-files.txt")
    if os.path.exists(list_path):
        for n, line in enumerate(open(list_path), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, _, reason = line.partition(":")
            if not reason.strip():
                errors.append(f"test/Style/long-files.txt:{n}: [long-file] "
                              f"{path} is listed without a reason")
            listed[path.strip()] = n
    seen = set()
    for top in SOURCE_DIRS:
        for f in walk_files(root, top):
            if not f.endswith(SOURCE_EXTS):
                continue
            lines = sum(1 for _ in open(f, errors="replace"))
            path = rel(root, f)
            if lines > MAX_LINES and path not in listed:
                errors.append(f"{path}: [long-file] {lines} lines, over "
                              f"{MAX_LINES}: split it (or list it in "
                              f"test/Style/long-files.txt with a reason)")
            if lines <= MAX_LINES and path in listed:
                errors.append(f"{path}: [long-file] {lines} lines, no longer "
                              f"over {MAX_LINES}: remove it from "
                              f"test/Style/long-files.txt")
            seen.add(path)
    for path, n in listed.items():
        if path in seen:
            continue
        errors.append(f"test/Style/long-files.txt:{n}: [long-file] {path} "
                      f"does not exist: remove it from the list")
    return errors


def pass_flags(root):
    """Passes.td def name -> pass flag."""
    flags = {}
    for top in ["include", "lib"]:
        for f in walk_files(root, top):
            if os.path.basename(f) == "Passes.td":
                for m in re.finditer(r'def\s+(\w+)\s*:\s*Pass<"([^"]+)"',
                                     open(f).read()):
                    flags[m.group(1)] = m.group(2)
    return flags


def test_names(root):
    """Normalized names a test file or directory under test/ answers to."""
    names = set()
    skip = os.path.join(root, "test", "Style")
    for dirpath, dirnames, files in os.walk(os.path.join(root, "test")):
        if dirpath.startswith(skip):
            continue
        for d in dirnames:
            names.add(norm(d))
        for f in files:
            words = re.split(r"[-_.]", f.split(".")[0])
            for k in range(1, len(words) + 1):
                names.add(norm("".join(words[:k])))
    return names


def check_transform_tests(root):
    errors = []
    names = test_names(root)
    flags = pass_flags(root)
    for f in walk_files(root, "lib"):
        if os.path.basename(os.path.dirname(f)) != "Transforms" or \
                not f.endswith(".cpp"):
            continue
        stem = os.path.basename(f)[:-4]
        if stem in NOT_A_PASS:
            continue
        candidates = {norm(stem)}
        if stem in TEST_NAMES:
            candidates.add(norm(TEST_NAMES[stem][0]))
        for m in re.finditer(r"GEN_PASS_DEF_(\w+)", open(f).read()):
            for name, flag in flags.items():
                if name.upper() == m.group(1):
                    candidates.add(norm(flag))
                    # Without its dialect prefix (uop-, tirx-).
                    candidates.add(norm(re.sub(r"^[a-z0-9]+-", "", flag)))
        if not candidates & names:
            errors.append(f"{rel(root, f)}: [transform-test] no test file or "
                          f"directory under test/ named after {stem} or its "
                          f"pass")
    conv = os.path.join(root, "lib", "Conversion")
    tests = os.path.join(root, "test", "Conversion")
    have = {norm(d) for d in os.listdir(tests)} if os.path.isdir(tests) else set()
    if os.path.isdir(conv):
        for d in sorted(os.listdir(conv)):
            if os.path.isdir(os.path.join(conv, d)) and norm(d) not in have:
                errors.append(f"lib/Conversion/{d}: [transform-test] no "
                              f"test/Conversion/{d}")
    return errors


def check_pass_descriptions(root):
    errors = []
    for top in ["include", "lib"]:
        for f in walk_files(root, top):
            if os.path.basename(f) != "Passes.td":
                continue
            text = open(f).read()
            defs = list(re.finditer(r'^def\s+(\w+)\s*:\s*Pass<"([^"]+)"',
                                    text, re.M))
            for i, m in enumerate(defs):
                end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
                body = text[m.end():end]
                line = text.count("\n", 0, m.start()) + 1
                d = re.search(r"let\s+description\s*=\s*\[\{(.*?)\}\]", body,
                              re.S)
                words = " ".join(d.group(1).split()).lower() if d else ""
                if "pattern-based" not in words and \
                        "a walker, because" not in words:
                    errors.append(f"{rel(root, f)}:{line}: [pass-description] "
                                  f"{m.group(2)}: the description must say "
                                  f"\"pattern-based\" or \"a walker, because "
                                  f"...\"")
    return errors


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: check_style.py ROOT")
    root = os.path.abspath(sys.argv[1])
    errors = (check_long_files(root) + check_transform_tests(root) +
              check_pass_descriptions(root))
    for e in errors:
        print(e)
    print(f"style: {len(errors)} violation(s)" if errors else "style: ok")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
