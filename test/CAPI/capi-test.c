/*===- capi-test.c - exercises the uop-mlir C API -------------------------===*\
|* Run by test/CAPI/capi.test; every step prints what a binding would see.   *|
\*===----------------------------------------------------------------------===*/

#include "uop-c/Compiler.h"

#include <stdio.h>
#include <string.h>

static const char *kReduce =
    "func.func @reduce(%a: tensor<8x16xf32>) -> tensor<8xf32> {\n"
    "  %s = uop.reduce_axis add %a [1] : tensor<8x16xf32> -> tensor<8xf32>\n"
    "  return %s : tensor<8xf32>\n"
    "}\n";

static const char *kScale =
    "tirx.prim_func @scale(%A: !tirx.buffer<1024xf32, global>,\n"
    "                      %B: !tirx.buffer<1024xf32, global>) {\n"
    "  tirx.device_entry {\n"
    "    %bx = tirx.scope_id_def kernel -> cta [8]\n"
    "    %tx = tirx.scope_id_def cta -> thread [128]\n"
    "    %c128 = arith.constant 128 : index\n"
    "    %b = arith.muli %bx, %c128 : index\n"
    "    %i = arith.addi %b, %tx : index\n"
    "    %v = tirx.buffer_load %A[%i] : !tirx.buffer<1024xf32, global>\n"
    "    %two = arith.constant 2.0 : f32\n"
    "    %w = arith.mulf %v, %two : f32\n"
    "    tirx.buffer_store %w, %B[%i] : !tirx.buffer<1024xf32, global>\n"
    "  }\n"
    "  tirx.return\n"
    "}\n";

static void show(const char *what, int rc, char *out, char *diag) {
  printf("%s: rc=%d\n", what, rc);
  if (rc && diag)
    printf("%s", diag);
  if (!rc && out)
    printf("%s\n", out);
  uopFree(out);
  uopFree(diag);
}

int main(void) {
  UOpCompiler *c = uopCompilerCreate();
  char *out = NULL, *diag = NULL;
  size_t len = 0;

  int rc = uopParseVerify(c, kReduce, &out, &len, &diag);
  show("parse", rc, out, diag);

  out = diag = NULL;
  rc = uopParseVerify(c, "func.func @bad(%a: tensor<8xf32>) {\n"
                         "  %s = uop.reduce_axis add %a [3] : tensor<8xf32> -> tensor<f32>\n"
                         "  return\n}\n",
                      &out, &len, &diag);
  show("verify-error", rc, out, diag);

  out = diag = NULL;
  rc = uopRunPipeline(c, kReduce, "builtin.module(uop-to-program{target=cpu})",
                      &out, &len, &diag);
  char *program = out;
  printf("pipeline: rc=%d has-linear=%d\n", rc,
         program && strstr(program, "uop.linear") != NULL);
  uopFree(diag);

  out = diag = NULL;
  rc = uopTranslate(c, program, "c", NULL, &out, &len, &diag);
  show("to-c", rc, out, diag);
  uopFree(program);

  out = diag = NULL;
  rc = uopRunPipeline(c, kReduce, "no-such-pass", &out, &len, &diag);
  show("bad-pipeline", rc, out, diag);

  out = diag = NULL;
  rc = uopRunPipeline(c, kScale, "tirx-to-nvvm{chip=sm_80}", &out, &len, &diag);
  char *nvvm = out;
  printf("tirx-to-nvvm: rc=%d\n", rc);
  uopFree(diag);
  out = diag = NULL;
  rc = uopTranslate(c, nvvm, "ptx", "sm_80", &out, &len, &diag);
  printf("to-ptx: rc=%d has-entry=%d\n", rc,
         out && strstr(out, ".entry scale") != NULL);
  uopFree(out);
  uopFree(diag);
  uopFree(nvvm);

  out = diag = NULL;
  rc = uopTranslate(c, kReduce, "rust", NULL, &out, &len, &diag);
  show("bad-target", rc, out, diag);

  /* Run the reduction on the CPU: row sums of 8x16 values k/16. */
  float in[8 * 16], outv[8] = {0};
  for (int i = 0; i < 8 * 16; ++i)
    in[i] = (float)(i % 16) / 16.0f;
  const void *ins[] = {in};
  void *outs[] = {outv};
  double ms = -1;
  diag = NULL;
  rc = uopRun(c, kReduce, "reduce", "cpu", NULL, ins, 1, outs, 1, &ms, &diag);
  printf("run-cpu: rc=%d row0=%.4f row7=%.4f timed=%d\n", rc, outv[0], outv[7],
         ms >= 0);
  uopFree(diag);

  diag = NULL;
  rc = uopRun(c, kReduce, "nope", "cpu", NULL, ins, 1, outs, 1, NULL, &diag);
  show("run-missing-entry", rc, NULL, diag);

  diag = NULL;
  rc = uopRun(c, kReduce, "reduce", "cpu", NULL, ins, 2, outs, 1, NULL, &diag);
  show("run-wrong-arity", rc, NULL, diag);

  uopCompilerDestroy(c);
  return 0;
}
