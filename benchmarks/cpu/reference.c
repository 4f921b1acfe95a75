/* Baselines for benchmarks/cpu/run.sh: OpenBLAS sgemm on T threads, a
 * plain memcpy on T threads (each copies one contiguous T-th of the buffer, so
 * the 2-thread / 1-thread ratio is what this machine's memory bandwidth allows
 * a streaming kernel), and a hand-written triad out = a * b + c on T threads,
 * the elementwise row's own access pattern, with ordinary and with streaming
 * (nontemporal) stores. Prints key=value lines (median of the timed runs). */
#define _POSIX_C_SOURCE 199309L
#define _ISOC11_SOURCE
#include <cblas.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

void openblas_set_num_threads(int);
int openblas_get_num_threads(void);
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

struct triad {
  float *out;
  const float *a, *b, *c;
  long n;
  int form;
};

/* The store forms a triad is tried with: ordinary stores (the compiler's
 * vector loop), and nontemporal vector stores of each width the build targets
 * (run.sh builds this file with -march=native; Zen 4 streams 256-bit stores
 * faster than 512-bit ones). Parts start 64-byte aligned. */
static const char *const triad_forms[] = {"ordinary", "streaming-512", "streaming-256",
                                          "streaming-128"};
static int triad_form_built(int form) {
  switch (form) {
  case 0: return 1;
#if defined(__AVX512F__)
  case 1: return 1;
#endif
#if defined(__AVX__)
  case 2: return 1;
#endif
#if defined(__SSE2__)
  case 3: return 1;
#endif
  default: return 0;
  }
}

/* out = a * b + c over one contiguous part. */
static void *triad_part(void *arg) {
  struct triad *t = arg;
  long i = 0;
  float *out = t->out;
  const float *a = t->a, *b = t->b, *c = t->c;
#if defined(__AVX512F__)
  if (t->form == 1) {
    for (; i + 16 <= t->n; i += 16)
      _mm512_stream_ps(out + i, _mm512_add_ps(_mm512_mul_ps(_mm512_load_ps(a + i),
                                                            _mm512_load_ps(b + i)),
                                              _mm512_load_ps(c + i)));
  }
#endif
#if defined(__AVX__)
  if (t->form == 2) {
    for (; i + 8 <= t->n; i += 8)
      _mm256_stream_ps(out + i, _mm256_add_ps(_mm256_mul_ps(_mm256_load_ps(a + i),
                                                            _mm256_load_ps(b + i)),
                                              _mm256_load_ps(c + i)));
  }
#endif
#if defined(__SSE2__)
  if (t->form == 3) {
    for (; i + 4 <= t->n; i += 4)
      _mm_stream_ps(out + i,
                    _mm_add_ps(_mm_mul_ps(_mm_load_ps(a + i), _mm_load_ps(b + i)),
                               _mm_load_ps(c + i)));
  }
  if (t->form != 0)
    _mm_sfence();
#endif
  for (; i < t->n; ++i)
    out[i] = a[i] * b[i] + c[i];
  return NULL;
}

static void parallel_triad(float *out, const float *a, const float *b, const float *c,
                           long n, int threads, int form) {
  pthread_t tid[64];
  struct triad parts[64];
  long per = (n / threads + 15) / 16 * 16;
  for (int t = 0; t < threads; ++t) {
    long begin = t * per < n ? t * per : n, end = begin + per < n ? begin + per : n;
    parts[t] = (struct triad){out + begin, a + begin, b + begin, c + begin, end - begin, form};
  }
  for (int t = 1; t < threads; ++t)
    pthread_create(&tid[t], NULL, triad_part, &parts[t]);
  triad_part(&parts[0]);
  for (int t = 1; t < threads; ++t)
    pthread_join(tid[t], NULL);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s sgemm N [THREADS] | memcpy BYTES [THREADS] | triad N [THREADS]\n",
            argv[0]);
    return 2;
  }
  int repeat = 10;
  double times[64];
  if (!strcmp(argv[1], "sgemm")) {
    int n = atoi(argv[2]);
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (n <= 0 || threads < 1 || threads > 64) {
      fprintf(stderr, "sgemm: N > 0 and 1 <= THREADS <= 64\n");
      return 2;
    }
    openblas_set_num_threads(threads);
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
    printf("time_ms_median=%.4f gflops=%.2f core=%s threads=%d\n", ms,
           2.0 * n * n * n / ms / 1e6, openblas_get_corename(), openblas_get_num_threads());
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
  if (!strcmp(argv[1], "triad")) {
    long n = atol(argv[2]);
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    if (n <= 0 || threads < 1 || threads > 64) {
      fprintf(stderr, "triad: N > 0 and 1 <= THREADS <= 64\n");
      return 2;
    }
    float *a = alloc64(4 * n), *b = alloc64(4 * n), *c = alloc64(4 * n), *out = alloc64(4 * n);
    for (long i = 0; i < n; ++i) {
      a[i] = (float)(i % 7);
      b[i] = (float)(i % 5);
      c[i] = (float)(i % 3);
    }
    /* Every store form built; the fastest is the baseline (printed). */
    double best = 0;
    int best_form = 0;
    for (int form = 0; form < 4; ++form) {
      if (!triad_form_built(form))
        continue;
      memset(out, 0, 4 * n);
      parallel_triad(out, a, b, c, n, threads, form);
      for (int r = 0; r < repeat; ++r) {
        double t0 = now_ms();
        parallel_triad(out, a, b, c, n, threads, form);
        times[r] = now_ms() - t0;
      }
      double ms = median(times, repeat);
      if (best == 0 || ms < best) {
        best = ms;
        best_form = form;
      }
      for (long i = 0; i < n; i += 4099)
        if (out[i] != a[i] * b[i] + c[i])
          return 1;
    }
    printf("time_ms_median=%.4f gbps=%.2f stores=%s\n", best, 16.0 * n / best / 1e6,
           triad_forms[best_form]);
    return 0;
  }
  return 2;
}
