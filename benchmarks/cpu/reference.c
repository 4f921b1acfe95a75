/* Baselines for benchmarks/cpu/run.sh: single-threaded OpenBLAS sgemm and a
 * plain memcpy on T threads (each copies one contiguous T-th of the buffer, so
 * the 2-thread / 1-thread ratio is what this machine's memory bandwidth allows
 * a streaming kernel). Prints key=value lines (median of the timed runs). */
#define _POSIX_C_SOURCE 199309L
#define _ISOC11_SOURCE
#include <cblas.h>
#include <pthread.h>
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

/* Cache-line aligned, like uop-run's host buffers: both sides of a row see
 * the same alignment. */
static void *alloc64(size_t bytes) {
  return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, n, sizeof(double), cmp);
  return v[n / 2];
}

struct chunk {
  char *dst;
  const char *src;
  long bytes;
};

static void *copy_chunk(void *arg) {
  struct chunk *c = arg;
  memcpy(c->dst, c->src, c->bytes);
  return NULL;
}

/* One timed copy of BYTES on THREADS threads (thread 0 is the caller). */
static void parallel_copy(char *dst, const char *src, long bytes, int threads) {
  pthread_t tid[64];
  struct chunk parts[64];
  long per = (bytes / threads + 63) / 64 * 64;
  for (int t = 0; t < threads; ++t) {
    long begin = t * per, end = begin + per < bytes ? begin + per : bytes;
    parts[t] = (struct chunk){dst + begin, src + begin, end > begin ? end - begin : 0};
  }
  for (int t = 1; t < threads; ++t)
    pthread_create(&tid[t], NULL, copy_chunk, &parts[t]);
  copy_chunk(&parts[0]);
  for (int t = 1; t < threads; ++t)
    pthread_join(tid[t], NULL);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s sgemm N | memcpy BYTES [THREADS]\n", argv[0]);
    return 2;
  }
  int repeat = 10;
  double times[64];
  if (!strcmp(argv[1], "sgemm")) {
    int n = atoi(argv[2]);
    openblas_set_num_threads(1);
    float *a = alloc64(sizeof(float) * n * n), *b = alloc64(sizeof(float) * n * n),
          *c = alloc64(sizeof(float) * n * n);
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
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (bytes <= 0 || threads < 1 || threads > 64) {
      fprintf(stderr, "memcpy: BYTES > 0 and 1 <= THREADS <= 64\n");
      return 2;
    }
    char *src = alloc64(bytes), *dst = alloc64(bytes);
    memset(src, 1, bytes);
    memset(dst, 0, bytes);
    parallel_copy(dst, src, bytes, threads);
    for (int r = 0; r < repeat; ++r) {
      double t0 = now_ms();
      parallel_copy(dst, src, bytes, threads);
      times[r] = now_ms() - t0;
    }
    double ms = median(times, repeat);
    /* Bytes read plus bytes written, as uop-run counts its buffers. */
    printf("time_ms_median=%.4f gbps=%.2f\n", ms, 2.0 * bytes / ms / 1e6);
    return dst[bytes - 1] == 1 ? 0 : 1;
  }
  return 2;
}
