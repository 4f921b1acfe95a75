// uop-run writes the outputs of a kernel whose buffers span the host's
// last-level cache with streaming stores; UOP_STREAM_STORE_BYTES overrides
// that size (0: never). Each setting computes the same numbers:
// RUN: env UOP_STREAM_STORE_BYTES=0 uop-run %s --target cpu --check --repeat 1 | FileCheck %s
// RUN: env UOP_STREAM_STORE_BYTES=1 uop-run %s --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env -u UOP_STREAM_STORE_BYTES uop-run %s --target cpu --check --repeat 1 | FileCheck %s
// CHECK: check=pass
// The C it builds (kept by a CC wrapper) streams at 1 byte and not at 0; by
// default a kernel of 300 KiB fits in any last-level cache:
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '#!/bin/sh\nfor a in "$@"; do case "$a" in *.c) cp "$a" "$KEEP";; esac; done\nexec cc "$@"\n' > %t/keep-cc && chmod +x %t/keep-cc
// RUN: env CC=%t/keep-cc KEEP=%t/on.c UOP_STREAM_STORE_BYTES=1 uop-run %s --target cpu --repeat 1 | FileCheck %s --check-prefix=RAN
// RUN: FileCheck %s --check-prefix=ON < %t/on.c
// RUN: env CC=%t/keep-cc KEEP=%t/off.c UOP_STREAM_STORE_BYTES=0 uop-run %s --target cpu --repeat 1 | FileCheck %s --check-prefix=RAN
// RUN: FileCheck %s --check-prefix=OFF < %t/off.c
// RUN: env -u UOP_STREAM_STORE_BYTES CC=%t/keep-cc KEEP=%t/default.c uop-run %s --target cpu --repeat 1 | FileCheck %s --check-prefix=RAN
// RUN: FileCheck %s --check-prefix=OFF < %t/default.c
// RAN: time_ms_median=
// ON: UOP_STREAM_STORE(uoph_f32x{{[0-9]+}}, (p0 + v{{[0-9]+}}),
// ON: uoph_stream_fence();
// OFF: static void uopk_
// OFF-NOT: UOP_STREAM_STORE(
// A malformed value is an error, not a guess:
// RUN: env UOP_STREAM_STORE_BYTES=8M not uop-run %s --target cpu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env UOP_STREAM_STORE_BYTES=-1 not uop-run %s --target cpu 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: UOP_STREAM_STORE_BYTES must be a byte count (0 or more)

func.func @fma(%a: tensor<96x200xf32>, %b: tensor<96x200xf32>, %c: tensor<96x200xf32>) -> tensor<96x200xf32> {
  %m = arith.mulf %a, %b : tensor<96x200xf32>
  %s = arith.addf %m, %c : tensor<96x200xf32>
  return %s : tensor<96x200xf32>
}
