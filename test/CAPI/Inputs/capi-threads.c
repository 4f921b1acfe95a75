/*===- capi-threads.c - the C API from several threads at once ------------===*\
|* Run by test/CAPI/threads.test. THREADS threads each compile and run a      *|
|* program RUNS times through uopRun: half with a compiler of their own, half *|
|* through one compiler all threads share; each run is timed once more. The  *|
|* program's loop runs on OpenMP threads, so one thread's executable is       *|
|* compiled, loaded and unloaded while another is inside a parallel region   *|
|* (issue 42 item 4: that crashed).                                           *|
\*===----------------------------------------------------------------------===*/

#include "uop-c/Compiler.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1024

/* out = a * a + a, 1024x1024: above uop-to-c's threshold for a parallel loop. */
static const char *kProgram =
    "func.func @f(%a: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {\n"
    "  %m = arith.mulf %a, %a : tensor<1024x1024xf32>\n"
    "  %s = arith.addf %m, %a : tensor<1024x1024xf32>\n"
    "  return %s : tensor<1024x1024xf32>\n"
    "}\n";

static UOpCompiler *shared;
static int runs;
static int failures;
static pthread_mutex_t failuresMutex = PTHREAD_MUTEX_INITIALIZER;

static void fail(long t, int r, const char *why) {
  pthread_mutex_lock(&failuresMutex);
  ++failures;
  fprintf(stderr, "thread %ld run %d: %s\n", t, r, why);
  pthread_mutex_unlock(&failuresMutex);
}

static void *worker(void *arg) {
  long t = (long)arg;
  UOpCompiler *own = uopCompilerCreate();
  float *in = malloc(sizeof(float) * N * N);
  float *out = malloc(sizeof(float) * N * N);
  for (int r = 0; r < runs; ++r) {
    for (int i = 0; i < N * N; ++i) {
      in[i] = (float)((i + t + r) % 7);
      out[i] = -1;
    }
    const void *ins[] = {in};
    void *outs[] = {out};
    char *diag = NULL;
    double ms;
    UOpCompiler *c = (r + t) % 2 ? shared : own;
    int rc = uopRun(c, kProgram, "f", "cpu", NULL, ins, 1, outs, 1, &ms, &diag);
    if (rc) {
      fail(t, r, diag ? diag : "uopRun failed without diagnostics");
    } else {
      for (int i = 0; i < N * N; ++i)
        if (out[i] != in[i] * in[i] + in[i]) {
          fail(t, r, "wrong result");
          break;
        }
    }
    uopFree(diag);
  }
  free(in);
  free(out);
  uopCompilerDestroy(own);
  return NULL;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  runs = argc > 2 ? atoi(argv[2]) : 4;
  if (threads < 1 || threads > 64 || runs < 1) {
    fprintf(stderr, "usage: capi-threads [THREADS (1-64)] [RUNS]\n");
    return 2;
  }
  shared = uopCompilerCreate();
  pthread_t ids[64];
  for (long t = 0; t < threads; ++t)
    pthread_create(&ids[t], NULL, worker, (void *)t);
  for (int t = 0; t < threads; ++t)
    pthread_join(ids[t], NULL);
  uopCompilerDestroy(shared);
  printf("threads=%d runs=%d failures=%d\n", threads, runs, failures);
  return failures != 0;
}
