/*===- capi-run-test.c - compile once, run many: the C API's executables --===*\
|* Run by test/CAPI/capi-run.test. With an argument, writes the reduction's *|
|* module to that file (for uop-run) and exits.                              *|
\*===----------------------------------------------------------------------===*/

#include "uop-c/Compiler.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *kReduce =
    "func.func @reduce(%a: tensor<8x16xf32>) -> tensor<8xf32> {\n"
    "  %s = uop.reduce_axis add %a [1] : tensor<8x16xf32> -> tensor<8xf32>\n"
    "  return %s : tensor<8xf32>\n"
    "}\n";

/* Row sums of an n x 4 tensor, n a shape variable. */
static const char *kRowSum =
    "func.func @rowsum(%x: tensor<?x4xf32, #uop.sym<\"n\">>) -> "
    "tensor<?xf32, #uop.sym<\"n\">>\n"
    "    attributes {uop.vars = [#uop.var<\"n\", 1, 64>]} {\n"
    "  %s = uop.reduce_axis add %x [1] : tensor<?x4xf32, #uop.sym<\"n\">> -> "
    "tensor<?xf32, #uop.sym<\"n\">>\n"
    "  return %s : tensor<?xf32, #uop.sym<\"n\">>\n"
    "}\n";

static void report(const char *what, int rc, char *diag) {
  printf("%s: rc=%d\n", what, rc);
  if (rc && diag)
    printf("%s\n", diag);
  uopFree(diag);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    FILE *f = fopen(argv[1], "w");
    if (!f)
      return 1;
    fputs(kReduce, f);
    return fclose(f) != 0;
  }
  UOpCompiler *c = uopCompilerCreate();
  UOpExecutable *exe = NULL;
  char *diag = NULL;
  int rc = uopCompile(c, kReduce, "reduce", "cpu", NULL, &exe, &diag);
  report("compile", rc, diag);

  /* Timing reruns the last run's buffers: before any run there are none. */
  double early = -1;
  diag = NULL;
  rc = uopExecutableTime(exe, 3, &early, &diag);
  report("time-before-run", rc, diag);

  /* One compile, two runs on different data. */
  float in[8 * 16], out[8] = {0};
  for (int i = 0; i < 8 * 16; ++i)
    in[i] = (float)(i % 16) / 16.0f;
  const void *ins[] = {in};
  void *outs[] = {out};
  diag = NULL;
  rc = uopExecutableRun(exe, ins, 1, outs, 1, NULL, 0, &diag);
  printf("run1: rc=%d row0=%.4f row7=%.4f\n", rc, out[0], out[7]);
  uopFree(diag);
  for (int i = 0; i < 8 * 16; ++i)
    in[i] = (float)(i / 16);
  diag = NULL;
  rc = uopExecutableRun(exe, ins, 1, outs, 1, NULL, 0, &diag);
  printf("run2: rc=%d row0=%.4f row7=%.4f\n", rc, out[0], out[7]);
  uopFree(diag);

  double ms = -1;
  diag = NULL;
  rc = uopExecutableTime(exe, 3, &ms, &diag);
  printf("time: rc=%d timed=%d\n", rc, ms >= 0);
  uopFree(diag);

  diag = NULL;
  rc = uopExecutableRun(exe, ins, 2, outs, 1, NULL, 0, &diag);
  report("run-wrong-arity", rc, diag);
  uopExecutableDestroy(exe);

  exe = NULL, diag = NULL;
  rc = uopCompile(c, kReduce, "nope", "cpu", NULL, &exe, &diag);
  report("compile-missing-entry", rc, diag);
  printf("no-executable=%d\n", exe == NULL);

  diag = NULL;
  rc = uopCompile(c, "func.func @f() {\n  %x = uop.bogus\n}\n", NULL, "cpu",
                  NULL, &exe, &diag);
  report("compile-bad-ir", rc, diag);

  /* Shape variables: n = 3, then n = 5, one compile. */
  exe = NULL, diag = NULL;
  rc = uopCompile(c, kRowSum, NULL, "cpu", NULL, &exe, &diag);
  report("compile-symbolic", rc, diag);
  float x[5 * 4], sums[5] = {0};
  for (int i = 0; i < 5 * 4; ++i)
    x[i] = (float)i;
  const void *xs[] = {x};
  void *ss[] = {sums};
  for (int64_t n = 3; n <= 5; n += 2) {
    diag = NULL;
    rc = uopExecutableRun(exe, xs, 1, ss, 1, &n, 1, &diag);
    printf("symbolic n=%lld: rc=%d last=%.1f\n", (long long)n, rc,
           sums[n - 1]);
    uopFree(diag);
  }
  int64_t big = 65;
  diag = NULL;
  rc = uopExecutableRun(exe, xs, 1, ss, 1, &big, 1, &diag);
  report("symbolic-out-of-bounds", rc, diag);
  uopExecutableDestroy(exe);

  /* C source through the runtime's compiler. */
  UOpLibrary *lib = NULL;
  diag = NULL;
  rc = uopLoadC("int twice(int x) { return 2 * x; }\n", &lib, &diag);
  report("load-c", rc, diag);
  int (*twice)(int) = (int (*)(int))uopLibrarySymbol(lib, "twice");
  printf("twice(21)=%d missing=%d\n", twice ? twice(21) : -1,
         uopLibrarySymbol(lib, "thrice") == NULL);
  uopLibraryDestroy(lib);
  lib = NULL, diag = NULL;
  rc = uopLoadC("this is not C\n", &lib, &diag);
  printf("load-bad-c: rc=%d says-compiler-failed=%d no-library=%d\n", rc,
         diag && strstr(diag, "C compiler failed") != NULL, lib == NULL);
  uopFree(diag);

  uopCompilerDestroy(c);
  return 0;
}
