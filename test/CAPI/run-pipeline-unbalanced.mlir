// RUN: rm -rf %t && split-file %s %t
// RUN: %host_cc -std=c11 %t/driver.c -I%uop_src_root/include -L%uop_libs -lUOpCAPI -Wl,-rpath,%uop_libs -o %t/driver
// RUN: %t/driver | FileCheck %s
//
// Regression test for a fixed bug, as it was reported:
// uop::runPipeline (lib/Runtime/Compile.cpp), behind uopRunPipeline and
// uop.run_pipeline / uop.compile(pipeline=...) in Python, strips a
// "builtin.module(" ... ")" wrapper with
//
//   if (inner.consume_front("builtin.module(") && inner.consume_back(")"))
//
// consume_front has already shortened `inner` when consume_back fails, so a
// pipeline that lacks its closing parenthesis is accepted as the text after
// "builtin.module(": "builtin.module(" runs nothing and succeeds, and
// "builtin.module(uop-to-program{target=cpu}" runs the CPU pipeline.
// (")" or an extra ")" are rejected as unbalanced, as they should be.)
// Expected: both strings are rejected as malformed pipelines (rc=1).

// CHECK: empty-open: rc=1
// CHECK: missing-close: rc=1

//--- driver.c
#include "uop-c/Compiler.h"
#include <stdio.h>

static const char *kModule =
    "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %e = math.exp %a : tensor<4xf32>\n"
    "  return %e : tensor<4xf32>\n"
    "}\n";

static void run(UOpCompiler *c, const char *label, const char *pipeline) {
  char *out = NULL, *diag = NULL;
  size_t len = 0;
  int rc = uopRunPipeline(c, kModule, pipeline, &out, &len, &diag);
  printf("%s: rc=%d\n", label, rc);
  uopFree(out);
  uopFree(diag);
}

int main(void) {
  UOpCompiler *c = uopCompilerCreate();
  run(c, "empty-open", "builtin.module(");
  run(c, "missing-close", "builtin.module(uop-to-program{target=cpu}");
  uopCompilerDestroy(c);
  return 0;
}
