// A hand-written convolution with the other register tile, against the
// generated kernel of the same layer (benchmarks/cpu/conv_channel_tile.sh).
//
// uop-optimize's convolution tiles put output pixels in the vector lanes
// and broadcast one filter value per output channel. A row of 7 or 14
// pixels leaves lanes of each vector outside the image (PITCH's pad
// columns, overlapped last tiles): 49 of 64 lanes at 7 x 7. Here the lanes
// are 16 output channels instead (two vectors: 32), each input pixel is
// broadcast, and a tile is P pixels of one output row: no lane is wasted
// when the channels are a multiple of 32. Its price: the filter relaid out
// as [CO/32][CI][3][3][32] (timed apart) and a padded input copy.
//
// Build: -DN=batch -DCI=channels (in = out) -DHW=output size -DP=pixels per
// tile (divides HW), linked with the generated C of the same layer
// (uop_main). Prints the largest difference from uop_main's output and the
// best of 5 calls of each, in ms, for 4 rounds.
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef float f32x16 __attribute__((vector_size(64)));
#define CO CI
#define HP (HW + 2)

int uop_main(const float *x, const float *w, float *out);

static double ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

// OIHW -> [CO/32][CI][9][32]: the 32 channels of a tile are one 128-byte run.
static void relayout(const float *restrict w, float *restrict wt) {
  for (int cb = 0; cb < CO / 32; cb++)
    for (int ci = 0; ci < CI; ci++)
      for (int t = 0; t < 9; t++)
        for (int j = 0; j < 32; j++)
          wt[((size_t)(cb * CI + ci) * 9 + t) * 32 + j] =
              w[((size_t)(cb * 32 + j) * CI + ci) * 9 + t];
}

static void pad(const float *restrict x, float *restrict xp) {
  memset(xp, 0, sizeof(float) * N * CI * HP * HP);
  for (int i = 0; i < N * CI; i++)
    for (int h = 0; h < HW; h++)
      memcpy(xp + ((size_t)i * HP + h + 1) * HP + 1, x + ((size_t)i * HW + h) * HW,
             HW * sizeof(float));
}

static void conv(const float *restrict xp, const float *restrict wt,
                 float *restrict out) {
  for (int n = 0; n < N; n++)
    for (int cb = 0; cb < CO / 32; cb++)
      for (int oh = 0; oh < HW; oh++)
        for (int ow = 0; ow < HW; ow += P) {
          f32x16 lo[P], hi[P];
          for (int p = 0; p < P; p++)
            lo[p] = hi[p] = (f32x16){0};
          for (int ci = 0; ci < CI; ci++) {
            const float *xb = xp + ((size_t)(n * CI + ci) * HP + oh) * HP + ow;
            const float *wb = wt + (size_t)(cb * CI + ci) * 9 * 32;
            for (int kh = 0; kh < 3; kh++)
#pragma clang loop unroll(full)
              for (int kw = 0; kw < 3; kw++) {
                f32x16 w0, w1;
                memcpy(&w0, wb + (kh * 3 + kw) * 32, sizeof w0);
                memcpy(&w1, wb + (kh * 3 + kw) * 32 + 16, sizeof w1);
#pragma clang loop unroll(full)
                for (int p = 0; p < P; p++) {
                  float v = xb[kh * HP + p + kw];
                  lo[p] += w0 * v;
                  hi[p] += w1 * v;
                }
              }
          }
          for (int p = 0; p < P; p++)
            for (int j = 0; j < 16; j++) {
              size_t at = ((size_t)(n * CO + cb * 32 + j) * HW + oh) * HW + ow + p;
              out[at] = lo[p][j];
              out[at + (size_t)16 * HW * HW] = hi[p][j];
            }
        }
}

int main(void) {
  size_t nx = (size_t)N * CI * HW * HW, nw = (size_t)CO * CI * 9,
         no = (size_t)N * CO * HW * HW;
  float *x = malloc(nx * 4), *w = malloc(nw * 4), *wt = malloc(nw * 4),
        *xp = malloc((size_t)N * CI * HP * HP * 4), *ref = malloc(no * 4),
        *out = malloc(no * 4);
  srand(1);
  for (size_t i = 0; i < nx; i++)
    x[i] = (rand() % 2001 - 1000) / 1000.f;
  for (size_t i = 0; i < nw; i++)
    w[i] = (rand() % 2001 - 1000) / 1000.f;
  uop_main(x, w, ref);
  relayout(w, wt);
  pad(x, xp);
  conv(xp, wt, out);
  double diff = 0, big = 0;
  for (size_t i = 0; i < no; i++) {
    diff = fmax(diff, fabs(ref[i] - out[i]));
    big = fmax(big, fabs(ref[i]));
  }
  printf("max |difference| %g (max |output| %g)\n", diff, big);
  if (!(diff <= 1e-4 * big))
    return 1;
  for (int r = 0; r < 4; r++) {
    double t[4] = {1e9, 1e9, 1e9, 1e9};
    for (int i = 0; i < 5; i++) {
      double s = ms();
      uop_main(x, w, ref);
      t[0] = fmin(t[0], ms() - s);
      s = ms();
      relayout(w, wt);
      t[1] = fmin(t[1], ms() - s);
      s = ms();
      pad(x, xp);
      t[2] = fmin(t[2], ms() - s);
      s = ms();
      conv(xp, wt, out);
      t[3] = fmin(t[3], ms() - s);
    }
    printf("generated %.3f  channel tile %.3f (+ relayout %.3f + pad %.3f)\n",
           t[0], t[3], t[1], t[2]);
  }
  return 0;
}
