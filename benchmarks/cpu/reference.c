/* Baselines for benchmarks/cpu/run.sh: single-threaded OpenBLAS sgemm and a
 * plain memcpy. Prints key=value lines (median of the timed runs). */
#define _POSIX_C_SOURCE 199309L
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void openblas_set_num_threads(int);
char *openblas_get_corename(void);

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), cmp);
  return v[n / 2];
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s sgemm N | memcpy BYTES\n", argv[0]);
    return 2;
  }
  int repeat = 10;
  double times[64];
  if (!strcmp(argv[1], "sgemm")) {
    int n = atoi(argv[2]);
    openblas_set_num_threads(1);
    float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n),
          *c = malloc(sizeof(float) * n * n);
    for (long i = 0; i < (long)n * n; ++i) {
      a[i] = (float)(i % 7) / 7.0f;
      b[i] = (float)(i % 5) / 5.0f;
    }
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n,
                b, n, 0.0f, c, n);
    for (int r = 0; r < repeat; ++r) {
      double t0 = now_ms();
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a,
                  n, b, n, 0.0f, c, n);
      times[r] = now_ms() - t0;
    }
    double ms = median(times, repeat);
    /* The kernel OpenBLAS runs: it misdetects some CPUs (OPENBLAS_CORETYPE
     * overrides the detection, which run.sh uses to find its best). */
    printf("time_ms_median=%.4f gflops=%.2f core=%s\n", ms,
           2.0 * n * n * n / ms / 1e6, openblas_get_corename());
    return 0;
  }
  if (!strcmp(argv[1], "memcpy")) {
    long bytes = atol(argv[2]);
    char *src = malloc(bytes), *dst = malloc(bytes);
    memset(src, 1, bytes);
    memset(dst, 0, bytes);
    memcpy(dst, src, bytes);
    for (int r = 0; r < repeat; ++r) {
      double t0 = now_ms();
      memcpy(dst, src, bytes);
      times[r] = now_ms() - t0;
    }
    double ms = median(times, repeat);
    /* Bytes read plus bytes written, as uop-run counts its buffers. */
    printf("time_ms_median=%.4f gbps=%.2f\n", ms, 2.0 * bytes / ms / 1e6);
    return dst[bytes - 1] == 1 ? 0 : 1;
  }
  return 2;
}
