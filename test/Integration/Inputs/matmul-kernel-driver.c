// Runs uop_main (C = A x B, 64x64x64) on A[i][k] = i + k, B[k][j] = k - j.
// C[i][j] = sum_k (i + k)(k - j) = 2016 i - 64 i j + 85344 - 2016 j
// (sum k = 2016, sum k^2 = 85344 over k < 64): every value is an integer
// below 2^24, so f32 is exact.
#include <stdio.h>
int uop_main(float *c, const float *a, const float *b);
int main(void) {
  static float a[64 * 64], b[64 * 64], c[64 * 64];
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < 64; ++k) {
      a[i * 64 + k] = (float)(i + k);
      b[i * 64 + k] = (float)(i - k);
    }
  uop_main(c, a, b);
  int bad = 0;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j)
      bad += c[i * 64 + j] != (float)(2016 * i - 64 * i * j + 85344 - 2016 * j);
  printf("c00=%g c12=%g c630=%g c063=%g c6363=%g mismatches=%d\n", c[0],
         c[1 * 64 + 2], c[63 * 64], c[63], c[63 * 64 + 63], bad);
  return 0;
}
