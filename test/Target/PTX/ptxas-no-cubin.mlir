// --mlir-to-cubin checks what ptxas wrote: a ptxas that exits 0 with an
// empty file (UOP_PTXAS=/bin/true) or a file that is not ELF is an error,
// not an empty cubin; an unusable TMPDIR is named with the reason.
// RUN: uop-opt %uop_src_root/examples/tirx/copy.mlir --tirx-to-nvvm="chip=sm_80" > %t.mlir
// RUN: env UOP_PTXAS=/bin/true not uop-translate --mlir-to-cubin %t.mlir -o %t.cubin 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: ptxas (/bin/true) exited 0 but wrote an empty file as the cubin
// RUN: printf '#!/bin/sh\nwhile [ "$1" != -o ]; do shift; done\necho text > "$2"\n' > %t.fake-ptxas && chmod +x %t.fake-ptxas
// RUN: env UOP_PTXAS=%t.fake-ptxas not uop-translate --mlir-to-cubin %t.mlir -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOTELF
// NOTELF: error: ptxas ({{.*}}fake-ptxas) exited 0 but wrote no ELF file as the cubin
// RUN: env TMPDIR=%t.missing UOP_PTXAS=/bin/true not uop-translate --mlir-to-cubin %t.mlir -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOTMP
// NOTMP: error: cannot create temporary files for ptxas in {{.*}}missing: No such file or directory (set TMPDIR to a writable directory)
