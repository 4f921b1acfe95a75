/* Open MPI's own MPI_Allreduce, the baseline of allreduce.sh: the median
 * time of an out-of-place float sum over COUNT elements, every rank
 * starting together (a barrier before each), as uop-run times its runs.
 *   mpirun -np 2 allreduce_ref COUNT REPEAT  ->  "count=... ms=..." (max
 *   over the ranks of each rank's median) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  long count = argc > 1 ? atol(argv[1]) : 1 << 20;
  int repeat = argc > 2 ? atoi(argv[2]) : 20, rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  float *in = malloc(count * sizeof(float)), *out = malloc(count * sizeof(float));
  double *t = malloc(repeat * sizeof(double));
  for (long i = 0; i < count; ++i)
    in[i] = (float)(i % 97) * 0.25f + rank;
  MPI_Allreduce(in, out, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  for (int r = 0; r < repeat; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    double s = MPI_Wtime();
    MPI_Allreduce(in, out, (int)count, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    t[r] = (MPI_Wtime() - s) * 1e3;
  }
  qsort(t, repeat, sizeof(double), cmp);
  double mine = t[repeat / 2], worst;
  MPI_Reduce(&mine, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("count=%ld ms=%.4f\n", count, worst);
  free(in);
  free(out);
  free(t);
  MPI_Finalize();
  return 0;
}
