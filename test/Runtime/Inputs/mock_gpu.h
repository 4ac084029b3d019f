/*===- mock_gpu.h - What the fake CUDA and HIP drivers share --------------===*\
|*                                                                            *|
|* Included by mock_cuda.c and mock_hip.c (each a shared object standing in   *|
|* for a GPU driver): tracked host allocations standing for device memory,    *|
|* C versions of the fixture kernels (fixture_kernels.ptx,                    *|
|* fixture_kernels.amdgcn.ll, vector_add.ptx) run one call per thread,        *|
|* timing events on the host clock, and streams, which run their work at     *|
|* once.                                                                      *|
|* Everything is static: each driver gets its own copy.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_TEST_MOCK_GPU_H
#define TILE_TEST_MOCK_GPU_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*===-- Memory ------------------------------------------------------------===*/

struct Allocation {
  char *base;
  size_t size;
  int global; /* a module's global, freed with the module */
  struct Allocation *next;
};

static struct Allocation *allocations;

/* Device memory of `bytes` bytes, filled with 0xA5: allocators leave memory
 * uninitialized, so a kernel or a runtime reading it before writing shows. */
static struct Allocation *track(size_t bytes, int global) {
  struct Allocation *a = calloc(1, sizeof(*a));
  if (!a || posix_memalign((void **)&a->base, 256, bytes) != 0) {
    free(a);
    return NULL;
  }
  memset(a->base, 0xA5, bytes);
  a->size = bytes;
  a->global = global;
  a->next = allocations;
  allocations = a;
  return a;
}

static void untrack(struct Allocation *a) {
  struct Allocation **p = &allocations;
  while (*p != a)
    p = &(*p)->next;
  *p = a->next;
  free(a->base);
  free(a);
}

/* The allocation holding [p, p + bytes), or NULL. */
static struct Allocation *find(uintptr_t p, size_t bytes) {
  for (struct Allocation *a = allocations; a; a = a->next) {
    uintptr_t base = (uintptr_t)a->base;
    if (p >= base && p - base <= a->size && bytes <= a->size - (p - base))
      return a;
  }
  return NULL;
}

/* How many allocations a program still holds (globals aside). */
static int liveAllocations(void) {
  int n = 0;
  for (struct Allocation *a = allocations; a; a = a->next)
    n += !a->global;
  return n;
}

/*===-- The fixture kernels -----------------------------------------------===*/

/* One thread of a kernel: its parameters (each in a 64-bit slot, the value's
 * bytes at the start), its program, the grid and block sizes, and the
 * module's assert flag (or NULL). */
typedef void (*KernelFn)(const uint64_t *params, const unsigned block[3],
                         const unsigned grid[3], unsigned thread,
                         unsigned threads, uint32_t *assertFlag);

static void vectorAdd(const uint64_t *p, const unsigned b[3],
                      const unsigned g[3], unsigned t, unsigned nt,
                      uint32_t *flag) {
  const float *x = (const float *)(uintptr_t)p[0];
  const float *y = (const float *)(uintptr_t)p[1];
  float *out = (float *)(uintptr_t)p[2];
  int64_t n = (int32_t)p[3];
  int64_t i = (int64_t)b[0] * nt + t;
  (void)g, (void)flag;
  if (i < n)
    out[i] = x[i] + y[i];
}

static void scalars(const uint64_t *p, const unsigned b[3], const unsigned g[3],
                    unsigned t, unsigned nt, uint32_t *flag) {
  double *out = (double *)(uintptr_t)p[0];
  float f32;
  double f64;
  (void)g, (void)nt, (void)flag;
  if (t != 0 || b[0] != 0)
    return;
  memcpy(&f32, &p[8], 4);
  memcpy(&f64, &p[9], 8);
  out[0] = (uint8_t)p[1];
  out[1] = (int8_t)p[2];
  out[2] = (int16_t)p[3];
  out[3] = (int32_t)p[4];
  out[4] = (double)(int64_t)p[5];
  out[5] = (uint16_t)p[6];
  out[6] = (uint16_t)p[7];
  out[7] = f32;
  out[8] = f64;
}

static void gridIds(const uint64_t *p, const unsigned b[3], const unsigned g[3],
                    unsigned t, unsigned nt, uint32_t *flag) {
  int32_t *out = (int32_t *)(uintptr_t)p[0];
  (void)nt, (void)flag;
  if (t == 0)
    out[((uint64_t)b[2] * g[1] + b[1]) * g[0] + b[0]] =
        (int32_t)(b[0] + 1000 * b[1] + 1000000 * b[2]);
}

static void assertPositive(const uint64_t *p, const unsigned b[3],
                           const unsigned g[3], unsigned t, unsigned nt,
                           uint32_t *flag) {
  const float *x = (const float *)(uintptr_t)p[0];
  int64_t n = (int32_t)p[1];
  int64_t i = (int64_t)b[0] * nt + t;
  (void)g;
  if (i >= n || x[i] > 0 || flag[0] != 0)
    return;
  flag[0] = 1;
  flag[1] = b[0];
  flag[2] = b[1];
  flag[3] = b[2];
}

static void noop(const uint64_t *p, const unsigned b[3], const unsigned g[3],
                 unsigned t, unsigned nt, uint32_t *flag) {
  (void)p, (void)b, (void)g, (void)t, (void)nt, (void)flag;
}

/* Set by `fault`, which stands for a kernel that makes an illegal access:
 * the driver turns it into an error of the next synchronization. */
static int kernelFaulted;

static void fault(const uint64_t *p, const unsigned b[3], const unsigned g[3],
                  unsigned t, unsigned nt, uint32_t *flag) {
  (void)p, (void)b, (void)g, (void)t, (void)nt, (void)flag;
  kernelFaulted = 1;
}

/* Runs every thread of every program of a grid, in order. */
static void runGrid(KernelFn run, const uint64_t *params,
                    const unsigned grid[3], unsigned threads,
                    uint32_t *assertFlag) {
  for (unsigned z = 0; z < grid[2]; ++z)
    for (unsigned y = 0; y < grid[1]; ++y)
      for (unsigned x = 0; x < grid[0]; ++x) {
        const unsigned block[3] = {x, y, z};
        for (unsigned t = 0; t < threads; ++t)
          run(params, block, grid, t, threads, assertFlag);
      }
}

/*===-- Events ------------------------------------------------------------===*/

/* A timing event: the host clock when it was last recorded. */
struct Event {
  double ms;
  int recorded;
};

static int liveEvents;

static struct Event *newEvent(void) {
  struct Event *e = calloc(1, sizeof(struct Event));
  if (e)
    ++liveEvents;
  return e;
}

static void recordEvent(struct Event *e) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  e->ms = ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
  e->recorded = 1;
}

static void freeEvent(struct Event *e) {
  free(e);
  --liveEvents;
}

/*===-- Streams -----------------------------------------------------------===*/

/* A stream: its device. Work queued on it runs when it is queued. */
struct Stream {
  int device;
  struct Stream *next;
};

static struct Stream *streams;

static struct Stream *newStream(int device) {
  struct Stream *s = calloc(1, sizeof(*s));
  if (!s)
    return NULL;
  s->device = device;
  s->next = streams;
  streams = s;
  return s;
}

/* Whether `s` is a live stream of this driver. */
static int isStream(const struct Stream *s) {
  for (struct Stream *i = streams; i; i = i->next)
    if (i == s)
      return 1;
  return 0;
}

static int freeStream(struct Stream *s) {
  struct Stream **p = &streams;
  while (*p && *p != s)
    p = &(*p)->next;
  if (!*p)
    return 0;
  *p = s->next;
  free(s);
  return 1;
}

static int liveStreams(void) {
  int n = 0;
  for (struct Stream *s = streams; s; s = s->next)
    ++n;
  return n;
}

#endif /* TILE_TEST_MOCK_GPU_H */
