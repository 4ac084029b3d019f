/*===- fixture_kernels.c - Hand-written kernels with the CPU kernel ABI ---===*\
|*                                                                            *|
|* What the CPU target generates, written by hand so that the runtime and     *|
|* tile-run can be tested without the compiler:                               *|
|*   int32_t entry(void **args, int32_t grid_x, int32_t grid_y,               *|
|*                 int32_t grid_z);                                           *|
|* args[i] points to argument i's storage (a void * for buffers); the entry   *|
|* runs every program of the grid and returns non-zero when an assert fails.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <string.h>

#define BLOCK 256

/* vector_add(ptr a, ptr b, ptr c, i32 n): c = a + b over f32, BLOCK elements
 * per program along x. */
int32_t vector_add_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  const float *a = *(float **)args[0];
  const float *b = *(float **)args[1];
  float *c = *(float **)args[2];
  int32_t n = *(int32_t *)args[3];
  (void)gy;
  (void)gz;
  for (int32_t pid = 0; pid < gx; ++pid)
    for (int32_t i = 0; i < BLOCK; ++i) {
      int64_t idx = (int64_t)pid * BLOCK + i;
      if (idx < n)
        c[idx] = a[idx] + b[idx];
    }
  return 0;
}

/* assert_positive(ptr x, i32 n): a tile.assert that every f32 element the
 * grid covers is > 0. */
int32_t assert_positive_kernel(void **args, int32_t gx, int32_t gy,
                               int32_t gz) {
  const float *x = *(float **)args[0];
  int32_t n = *(int32_t *)args[1];
  (void)gy;
  (void)gz;
  for (int32_t pid = 0; pid < gx; ++pid)
    for (int32_t i = 0; i < BLOCK; ++i) {
      int64_t idx = (int64_t)pid * BLOCK + i;
      if (idx < n && !(x[idx] > 0))
        return 1;
    }
  return 0;
}

/* scalars(ptr out, i1, i8, i16, i32, i64, f16, bf16, f32, f64): program
 * (0,0,0) writes every scalar to out (f64[9]) as a double, f16 and bf16 as
 * the integer value of their bits. */
int32_t scalars_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  double *out = *(double **)args[0];
  (void)gx;
  (void)gy;
  (void)gz;
  out[0] = *(uint8_t *)args[1];
  out[1] = *(int8_t *)args[2];
  out[2] = *(int16_t *)args[3];
  out[3] = *(int32_t *)args[4];
  out[4] = (double)*(int64_t *)args[5];
  out[5] = *(uint16_t *)args[6];
  out[6] = *(uint16_t *)args[7];
  out[7] = *(float *)args[8];
  out[8] = *(double *)args[9];
  return 0;
}

/* grid_ids(ptr out): every program (x, y, z) writes x + 1000 y + 1000000 z to
 * out[(z * grid_y + y) * grid_x + x] (i32). */
int32_t grid_ids_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  int32_t *out = *(int32_t **)args[0];
  for (int32_t z = 0; z < gz; ++z)
    for (int32_t y = 0; y < gy; ++y)
      for (int32_t x = 0; x < gx; ++x)
        out[((int64_t)z * gy + y) * gx + x] = x + 1000 * y + 1000000 * z;
  return 0;
}

/* copy_bytes(ptr src, ptr dst, i64 n): copies n bytes, BLOCK per program. */
int32_t copy_bytes_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  const char *src = *(char **)args[0];
  char *dst = *(char **)args[1];
  int64_t n = *(int64_t *)args[2];
  (void)gy;
  (void)gz;
  for (int32_t pid = 0; pid < gx; ++pid) {
    int64_t start = (int64_t)pid * BLOCK;
    if (start < n)
      memcpy(dst + start, src + start, n - start < BLOCK ? n - start : BLOCK);
  }
  return 0;
}

/* noop(...): does nothing, so an artifact may declare it with any arguments
 * to test how tile-run makes and checks buffers. */
int32_t noop_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  (void)args;
  (void)gx;
  (void)gy;
  (void)gz;
  return 0;
}

/* alignment(ptr buffer, ptr out): out[0] = the buffer's address modulo 64
 * (i64). */
int32_t alignment_kernel(void **args, int32_t gx, int32_t gy, int32_t gz) {
  uintptr_t address = (uintptr_t)*(void **)args[0];
  int64_t *out = *(int64_t **)args[1];
  (void)gx;
  (void)gy;
  (void)gz;
  out[0] = (int64_t)(address % 64);
  return 0;
}
