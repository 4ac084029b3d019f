/*===- mock_cuda.c - A fake libcuda.so.1 for testing without a GPU --------===*\
|*                                                                            *|
|* Built as lib/mock-cuda/libcuda.so.1; put on LD_LIBRARY_PATH, it stands in  *|
|* for the CUDA driver so that the runtime's CUDA backend, tile-run and       *|
|* gpu-smoke.sh run on machines without a GPU. It implements the driver       *|
|* calls the backend makes, as the driver API documents them, on host memory: *|
|*  - one primary context per device, a per-thread stack of current contexts; *|
|*    memory, module and launch calls fail with CUDA_ERROR_INVALID_CONTEXT    *|
|*    when no context is current;                                             *|
|*  - allocations are tracked: copies and memsets must stay inside one;       *|
|*  - a module image is PTX text or an ELF cubin; its entries are the         *|
|*    fixture kernels (Inputs/vector_add.ptx, Inputs/fixture_kernels.ptx)     *|
|*    found in it by name, run here by C versions of them, one call per       *|
|*    thread, with each parameter copied from kernelParams with the size of   *|
|*    the PTX declaration (what the driver does); PTX containing ".bogus"     *|
|*    fails to JIT, with a log;                                               *|
|*  - launches check the block size and the dynamic shared memory limit       *|
|*    (48 KiB until cuFuncSetAttribute raises it, at most the opt-in limit);  *|
|*  - cuTensorMapEncodeTiled checks the documented requirements and writes    *|
|*    its own readable encoding, which tensor_map_probe reports.              *|
|*  - streams belong to the context current when they are made; launches,    *|
|*    copies and event records on a stream of another context fail with      *|
|*    CUDA_ERROR_INVALID_HANDLE; the `fault` fixture kernel leaves            *|
|*    CUDA_ERROR_ILLEGAL_ADDRESS on its context, which synchronizations and  *|
|*    copies then return, as the driver does after a kernel's illegal access; *|
|* At exit it reports leaked allocations, modules, events, streams, context   *|
|* references and unbalanced context pushes, and exits with status 99 if     *|
|* there are any.                                                             *|
|* MOCK_CUDA_DEVICES=N sets the device count (default 1; 0 makes cuInit fail  *|
|* with CUDA_ERROR_NO_DEVICE). Single-threaded use only.                      *|
|*                                                                            *|
|* It proves the backend's host-side logic against the documented API, not   *|
|* the real driver: only a GPU run of gpu-smoke.sh does that.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mock_gpu.h"

#include <stdio.h>
#include <unistd.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  NOT_INITIALIZED = 3,
  NO_DEVICE = 100,
  INVALID_DEVICE = 101,
  INVALID_IMAGE = 200,
  INVALID_CONTEXT = 201,
  INVALID_PTX = 218,
  INVALID_HANDLE = 400,
  NOT_FOUND = 500,
  NOT_READY = 600,
  ILLEGAL_ADDRESS = 700,
};

#define EXPORT __attribute__((visibility("default")))
#define MAX_DEVICES 8
#define MAX_PARAMS 10
#define OPTIN_SHARED 232448
#define DEFAULT_SHARED 49152

/*===-- Devices and contexts ----------------------------------------------===*/

struct Context {
  int device;
  int refs;
  CUresult fault; /* sticky, left by the `fault` kernel */
};

static int initialized, deviceCount;
static struct Context contexts[MAX_DEVICES];
static __thread struct Context *stack[16];
static __thread int depth;

static int current(void) { return depth > 0; }

EXPORT CUresult cuInit(unsigned flags) {
  const char *env = getenv("MOCK_CUDA_DEVICES");
  if (flags != 0)
    return INVALID_VALUE;
  deviceCount = env ? atoi(env) : 1;
  if (deviceCount < 0 || deviceCount > MAX_DEVICES)
    deviceCount = 0;
  if (deviceCount == 0)
    return NO_DEVICE;
  initialized = 1;
  return SUCCESS;
}

EXPORT CUresult cuDeviceGetCount(int *count) {
  if (!initialized)
    return NOT_INITIALIZED;
  *count = deviceCount;
  return SUCCESS;
}

EXPORT CUresult cuDeviceGet(int *device, int ordinal) {
  if (!initialized)
    return NOT_INITIALIZED;
  if (ordinal < 0 || ordinal >= deviceCount)
    return INVALID_DEVICE;
  *device = ordinal;
  return SUCCESS;
}

EXPORT CUresult cuDeviceGetName(char *name, int len, int device) {
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  snprintf(name, (size_t)len, "Mock GPU %d", device);
  return SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  switch (attribute) {
  case 75: /* compute capability major */
    *value = 9;
    return SUCCESS;
  case 76: /* minor */
    *value = 0;
    return SUCCESS;
  case 97: /* shared memory per block, opt-in */
    *value = OPTIN_SHARED;
    return SUCCESS;
  case 16: /* multiprocessors */
    *value = 132;
    return SUCCESS;
  }
  return INVALID_VALUE;
}

EXPORT CUresult cuDeviceTotalMem_v2(size_t *bytes, int device) {
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  *bytes = (size_t)80 << 30;
  return SUCCESS;
}

EXPORT CUresult cuDevicePrimaryCtxRetain(struct Context **context, int device) {
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  contexts[device].device = device;
  contexts[device].refs++;
  *context = &contexts[device];
  return SUCCESS;
}

EXPORT CUresult cuDevicePrimaryCtxRelease_v2(int device) {
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  if (contexts[device].refs == 0)
    return INVALID_CONTEXT;
  contexts[device].refs--;
  return SUCCESS;
}

EXPORT CUresult cuCtxPushCurrent_v2(struct Context *context) {
  if (!context || context->refs == 0)
    return INVALID_CONTEXT;
  if (depth == 16)
    return INVALID_VALUE;
  stack[depth++] = context;
  return SUCCESS;
}

EXPORT CUresult cuCtxPopCurrent_v2(struct Context **context) {
  if (depth == 0)
    return INVALID_CONTEXT;
  --depth;
  if (context)
    *context = stack[depth];
  return SUCCESS;
}

/* The context on top of this thread's stack; check current() first. */
static struct Context *top(void) { return stack[depth - 1]; }

EXPORT CUresult cuCtxSynchronize(void) {
  return current() ? top()->fault : INVALID_CONTEXT;
}

/* CUDA_SUCCESS if `stream` may be used in the current context: the legacy
 * (0 or 1) or per-thread (2) default stream, or a stream made in it. */
static CUresult checkStream(void *stream) {
  if (!current())
    return INVALID_CONTEXT;
  if ((uintptr_t)stream <= 2)
    return SUCCESS;
  if (!isStream(stream) || ((struct Stream *)stream)->device != top()->device)
    return INVALID_HANDLE;
  return SUCCESS;
}

/*===-- Streams -----------------------------------------------------------===*/

EXPORT CUresult cuStreamCreate(struct Stream **out, unsigned flags) {
  if (!current())
    return INVALID_CONTEXT;
  if (flags > 1)
    return INVALID_VALUE;
  *out = newStream(top()->device);
  return *out ? SUCCESS : OUT_OF_MEMORY;
}

EXPORT CUresult cuStreamDestroy_v2(struct Stream *s) {
  if (!current())
    return INVALID_CONTEXT;
  return freeStream(s) ? SUCCESS : INVALID_HANDLE;
}

EXPORT CUresult cuStreamSynchronize(struct Stream *s) {
  CUresult r = checkStream(s);
  return r != SUCCESS ? r : top()->fault;
}

EXPORT CUresult cuStreamQuery(struct Stream *s) {
  return cuStreamSynchronize(s);
}

EXPORT CUresult cuStreamGetCtx(struct Stream *s, struct Context **out) {
  if (!isStream(s))
    return INVALID_HANDLE;
  *out = &contexts[s->device];
  return SUCCESS;
}

/*===-- Memory ------------------------------------------------------------===*/

EXPORT CUresult cuMemAlloc_v2(CUdeviceptr *out, size_t bytes) {
  if (!current())
    return INVALID_CONTEXT;
  if (bytes == 0)
    return INVALID_VALUE;
  if (bytes > ((size_t)1 << 34))
    return OUT_OF_MEMORY;
  struct Allocation *a = track(bytes, 0);
  if (!a)
    return OUT_OF_MEMORY;
  *out = (uintptr_t)a->base;
  return SUCCESS;
}

EXPORT CUresult cuMemFree_v2(CUdeviceptr p) {
  if (!current())
    return INVALID_CONTEXT;
  struct Allocation *a = find(p, 0);
  if (!a || (uintptr_t)a->base != p || a->global)
    return INVALID_VALUE;
  untrack(a);
  return SUCCESS;
}

EXPORT CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src,
                                size_t bytes) {
  if (!current())
    return INVALID_CONTEXT;
  if (!find(dst, bytes))
    return INVALID_VALUE;
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return SUCCESS;
}

EXPORT CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  if (!current())
    return INVALID_CONTEXT;
  if (!find(src, bytes))
    return INVALID_VALUE;
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return top()->fault;
}

EXPORT CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src,
                                     size_t bytes, struct Stream *stream) {
  CUresult r = checkStream(stream);
  return r != SUCCESS ? r : cuMemcpyHtoD_v2(dst, src, bytes);
}

EXPORT CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes,
                                     struct Stream *stream) {
  CUresult r = checkStream(stream);
  return r != SUCCESS ? r : cuMemcpyDtoH_v2(dst, src, bytes);
}

/* Sets n elements of `size` bytes from `value`, `pitch` bytes apart, after
 * checking the range and the alignment. */
static CUresult set(CUdeviceptr p, const void *value, size_t size, size_t n,
                    size_t pitch) {
  if (!current())
    return INVALID_CONTEXT;
  if (p % size != 0 || pitch % size != 0)
    return INVALID_VALUE;
  if (n > 0 && !find(p, (n - 1) * pitch + size))
    return INVALID_VALUE;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)(uintptr_t)p + i * pitch, value, size);
  return SUCCESS;
}

EXPORT CUresult cuMemsetD8_v2(CUdeviceptr p, unsigned char v, size_t n) {
  return set(p, &v, 1, n, 1);
}

EXPORT CUresult cuMemsetD16_v2(CUdeviceptr p, unsigned short v, size_t n) {
  return set(p, &v, 2, n, 2);
}

EXPORT CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned v, size_t n) {
  return set(p, &v, 4, n, 4);
}

/* Sets `width` 32-bit values in each of `height` rows, `pitch` bytes apart. */
EXPORT CUresult cuMemsetD2D32_v2(CUdeviceptr p, size_t pitch, unsigned v,
                                 size_t width, size_t height) {
  if (width != 1 || pitch < 4 * width)
    return INVALID_VALUE; /* the backend only ever sets one column */
  return set(p, &v, 4, height, pitch);
}

/*===-- Modules and kernels -----------------------------------------------===*/

struct Function {
  const char *name;
  int numParams;
  size_t sizes[MAX_PARAMS];
  KernelFn run;
  int maxDynamicShared;
};

struct Module {
  struct Function functions[8];
  int numFunctions;
  struct Allocation *assertFlag;
  struct Module *next;
};

static struct Module *modules;

/* The fields of a tensor map as this mock encodes them (a real map is
 * opaque): a kernel can tell what the runtime asked for. */
struct TensorMap {
  uint64_t magic, address, dims[2], stride;
  uint32_t box[2];
  int32_t type, swizzle, fill;
};
#define TENSOR_MAP_MAGIC 0x70616d54u

/* tensor_map_probe(ptr out, i64 n, map): out[0..7] = whether the map is one
 * of ours, its address, sizes (innermost first), outer stride in bytes, box
 * and element type. */
static void tensorMapProbe(const uint64_t *p, const unsigned b[3],
                           const unsigned g[3], unsigned t, unsigned nt,
                           uint32_t *flag) {
  uint64_t *out = (uint64_t *)(uintptr_t)p[0];
  const struct TensorMap *map = (const struct TensorMap *)(uintptr_t)p[2];
  (void)b, (void)g, (void)nt, (void)flag;
  if (t != 0)
    return;
  out[0] = map->magic == TENSOR_MAP_MAGIC;
  out[1] = map->address;
  out[2] = map->dims[0];
  out[3] = map->dims[1];
  out[4] = map->stride;
  out[5] = map->box[0];
  out[6] = map->box[1];
  out[7] = (uint64_t)map->type;
}

/* probe_plain(ptr out, i64 n): out[0] = 0xab, the kernel without a map. */
static void probePlain(const uint64_t *p, const unsigned b[3],
                       const unsigned g[3], unsigned t, unsigned nt,
                       uint32_t *flag) {
  uint64_t *out = (uint64_t *)(uintptr_t)p[0];
  (void)b, (void)g, (void)nt, (void)flag;
  if (t == 0)
    out[0] = 0xab;
}

/* The kernels this mock can run, with their PTX parameter sizes. */
static const struct Function known[] = {
    {"vector_add", 4, {8, 8, 8, 4}, vectorAdd, 0},
    {"scalars", 10, {8, 1, 1, 2, 4, 8, 2, 2, 4, 8}, scalars, 0},
    {"grid_ids", 1, {8}, gridIds, 0},
    {"assert_positive", 2, {8, 4}, assertPositive, 0},
    {"noop", 1, {8}, noop, 0},
    {"tensor_map_probe", 3, {8, 8, 128}, tensorMapProbe, 0},
    {"probe_plain", 2, {8, 8}, probePlain, 0},
    {"fault", 1, {8}, fault, 0},
};

/* Whether the `length` bytes at `needle` occur in the image. */
static int contains(const char *image, size_t size, const char *needle,
                    size_t length) {
  for (size_t i = 0; i + length <= size; ++i)
    if (memcmp(image + i, needle, length) == 0)
      return 1;
  return 0;
}

static void writeLog(unsigned n, const int *options, void **values,
                     const char *text) {
  char *log = NULL;
  size_t size = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (options[i] == 5) /* CU_JIT_ERROR_LOG_BUFFER */
      log = values[i];
    if (options[i] == 6) /* CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES */
      size = (size_t)(uintptr_t)values[i];
  }
  if (log && size > 0)
    snprintf(log, size, "%s", text);
}

EXPORT CUresult cuModuleLoadDataEx(struct Module **out, const void *data,
                                   unsigned numOptions, int *options,
                                   void **values) {
  const char *image = data;
  size_t size;
  if (!current())
    return INVALID_CONTEXT;
  if (memcmp(image, "\177ELF", 4) == 0) {
    uint64_t shoff;
    uint16_t shentsize, shnum;
    memcpy(&shoff, image + 0x28, 8);
    memcpy(&shentsize, image + 0x3A, 2);
    memcpy(&shnum, image + 0x3C, 2);
    size = shoff + (size_t)shentsize * shnum;
  } else if (strstr(image, ".version") && strstr(image, ".target")) {
    size = strlen(image);
    if (strstr(image, ".bogus")) {
      writeLog(numOptions, options, values,
               "ptxas application ptx input, line 47; error   : Unknown "
               "modifier '.bogus'\nptxas fatal   : Ptx assembly aborted due "
               "to errors\n");
      return INVALID_PTX;
    }
  } else {
    return INVALID_IMAGE;
  }
  struct Module *m = calloc(1, sizeof(*m));
  if (!m)
    return OUT_OF_MEMORY;
  for (size_t k = 0; k < sizeof(known) / sizeof(known[0]); ++k) {
    char needle[64];
    int n = image[0] == '\177'
                ? snprintf(needle, sizeof(needle), "%c%s", 0, known[k].name) + 1
                : snprintf(needle, sizeof(needle), ".entry %s(", known[k].name);
    if (contains(image, size, needle, (size_t)n)) {
      m->functions[m->numFunctions] = known[k];
      m->functions[m->numFunctions++].maxDynamicShared = DEFAULT_SHARED;
    }
  }
  if (contains(image, size, "tile_assert_failed", 18))
    m->assertFlag = track(16, 1);
  m->next = modules;
  modules = m;
  *out = m;
  return SUCCESS;
}

EXPORT CUresult cuModuleUnload(struct Module *m) {
  struct Module **p = &modules;
  if (!current())
    return INVALID_CONTEXT;
  while (*p && *p != m)
    p = &(*p)->next;
  if (!*p)
    return INVALID_HANDLE;
  *p = m->next;
  if (m->assertFlag)
    untrack(m->assertFlag);
  free(m);
  return SUCCESS;
}

EXPORT CUresult cuModuleGetFunction(struct Function **out, struct Module *m,
                                    const char *name) {
  if (!current())
    return INVALID_CONTEXT;
  for (int i = 0; i < m->numFunctions; ++i)
    if (strcmp(m->functions[i].name, name) == 0) {
      *out = &m->functions[i];
      return SUCCESS;
    }
  return NOT_FOUND;
}

EXPORT CUresult cuModuleGetGlobal_v2(CUdeviceptr *out, size_t *bytes,
                                     struct Module *m, const char *name) {
  if (!current())
    return INVALID_CONTEXT;
  if (strcmp(name, "tile_assert_failed") != 0 || !m->assertFlag)
    return NOT_FOUND;
  *out = (uintptr_t)m->assertFlag->base;
  *bytes = m->assertFlag->size;
  return SUCCESS;
}

/* Two blocks of any kernel per multiprocessor. */
EXPORT CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                            struct Function *f,
                                                            int threads,
                                                            size_t shared) {
  (void)f, (void)threads, (void)shared;
  *blocks = 2;
  return SUCCESS;
}

EXPORT CUresult cuFuncGetAttribute(int *value, int attribute,
                                   struct Function *f) {
  switch (attribute) {
  case 0: /* max threads per block */
    *value = 1024;
    return SUCCESS;
  case 1: /* static shared memory */
    *value = 0;
    return SUCCESS;
  case 8: /* max dynamic shared memory */
    *value = f->maxDynamicShared;
    return SUCCESS;
  }
  return INVALID_VALUE;
}

EXPORT CUresult cuFuncSetAttribute(struct Function *f, int attribute,
                                   int value) {
  if (attribute != 8 || value < 0 || value > OPTIN_SHARED)
    return INVALID_VALUE;
  f->maxDynamicShared = value;
  return SUCCESS;
}

EXPORT CUresult cuFuncGetParamInfo(struct Function *f, size_t index,
                                   size_t *offset, size_t *size) {
  size_t at = 0;
  if (index >= (size_t)f->numParams)
    return INVALID_VALUE;
  for (size_t i = 0;; ++i) {
    at = (at + f->sizes[i] - 1) / f->sizes[i] * f->sizes[i];
    if (i == index)
      break;
    at += f->sizes[i];
  }
  *offset = at;
  if (size)
    *size = f->sizes[index];
  return SUCCESS;
}

EXPORT CUresult cuLaunchKernel(struct Function *f, unsigned gx, unsigned gy,
                               unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned shared, void *stream,
                               void **params, void **extra) {
  uint64_t slots[MAX_PARAMS];
  /* Parameters wider than a slot (tensor maps) are copied here, the slot
   * holding their address. */
  static uint64_t wide[MAX_PARAMS][16];
  const unsigned grid[3] = {gx, gy, gz};
  struct Module *m = NULL;
  if (!current())
    return INVALID_CONTEXT;
  if (checkStream(stream) != SUCCESS)
    return checkStream(stream);
  if (extra || (f->numParams > 0 && !params))
    return INVALID_VALUE;
  if (gx == 0 || gy == 0 || gz == 0 || gx > 2147483647u || gy > 65535 ||
      gz > 65535 || bx == 0 || by != 1 || bz != 1 || bx > 1024)
    return INVALID_VALUE;
  if ((int)shared > f->maxDynamicShared)
    return INVALID_VALUE;
  for (struct Module *i = modules; i && !m; i = i->next)
    if (f >= i->functions && f < i->functions + i->numFunctions)
      m = i;
  if (!m)
    return INVALID_HANDLE;
  /* The driver copies each parameter's declared size. */
  for (int i = 0; i < f->numParams; ++i) {
    slots[i] = 0;
    if (f->sizes[i] > sizeof(slots[i])) {
      memcpy(wide[i], params[i], f->sizes[i]);
      slots[i] = (uint64_t)(uintptr_t)wide[i];
      continue;
    }
    memcpy(&slots[i], params[i], f->sizes[i]);
  }
  kernelFaulted = 0;
  runGrid(f->run, slots, grid, bx,
          m->assertFlag ? (uint32_t *)m->assertFlag->base : NULL);
  if (kernelFaulted)
    top()->fault = ILLEGAL_ADDRESS;
  return SUCCESS;
}

/* The documented requirements of a tiled tensor map, then this mock's
 * encoding of it. */
EXPORT CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank,
                                       void *address, const uint64_t *dims,
                                       const uint64_t *strides,
                                       const unsigned *box,
                                       const unsigned *elementStrides,
                                       int interleave, int swizzle, int l2,
                                       int fill) {
  struct TensorMap encoded;
  (void)l2;
  if (!map || type < 0 || type > 12 || rank < 1 || rank > 5 ||
      (uintptr_t)address % 16 != 0 || interleave != 0 || swizzle < 0 ||
      swizzle > 3 || fill < 0 || fill > 1)
    return INVALID_VALUE;
  for (unsigned i = 0; i < rank; ++i)
    if (dims[i] == 0 || dims[i] > (1ull << 32) || box[i] == 0 || box[i] > 256 ||
        elementStrides[i] != 1 || (i + 1 < rank && strides[i] % 16 != 0))
      return INVALID_VALUE;
  memset(&encoded, 0, sizeof(encoded));
  encoded.magic = TENSOR_MAP_MAGIC;
  encoded.address = (uint64_t)(uintptr_t)address;
  encoded.dims[0] = dims[0];
  encoded.dims[1] = rank > 1 ? dims[1] : 0;
  encoded.stride = rank > 1 ? strides[0] : 0;
  encoded.box[0] = box[0];
  encoded.box[1] = rank > 1 ? box[1] : 0;
  encoded.type = type;
  encoded.swizzle = swizzle;
  encoded.fill = fill;
  memset(map, 0, 128);
  memcpy(map, &encoded, sizeof(encoded));
  return SUCCESS;
}

/*===-- Events and errors -------------------------------------------------===*/

EXPORT CUresult cuEventCreate(struct Event **out, unsigned flags) {
  if (!current())
    return INVALID_CONTEXT;
  if (flags != 0)
    return INVALID_VALUE;
  *out = newEvent();
  return *out ? SUCCESS : OUT_OF_MEMORY;
}

EXPORT CUresult cuEventRecord(struct Event *e, void *stream) {
  CUresult r = checkStream(stream);
  if (r != SUCCESS)
    return r;
  recordEvent(e);
  return SUCCESS;
}

/* A never-recorded event is complete, as the driver documents. */
EXPORT CUresult cuEventSynchronize(struct Event *e) {
  (void)e;
  return current() ? top()->fault : SUCCESS;
}

EXPORT CUresult cuEventQuery(struct Event *e) { return cuEventSynchronize(e); }

EXPORT CUresult cuStreamWaitEvent(struct Stream *s, struct Event *e,
                                  unsigned flags) {
  CUresult r = checkStream(s);
  if (r != SUCCESS)
    return r;
  return e && flags == 0 ? SUCCESS : INVALID_VALUE;
}

EXPORT CUresult cuEventElapsedTime(float *ms, struct Event *start,
                                   struct Event *stop) {
  if (!start->recorded || !stop->recorded)
    return NOT_READY;
  *ms = (float)(stop->ms - start->ms);
  return SUCCESS;
}

EXPORT CUresult cuEventDestroy_v2(struct Event *e) {
  freeEvent(e);
  return SUCCESS;
}

static const struct {
  CUresult code;
  const char *name, *text;
} errors[] = {
    {SUCCESS, "CUDA_SUCCESS", "no error"},
    {INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {NOT_READY, "CUDA_ERROR_NOT_READY", "device not ready"},
    {ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
};

EXPORT CUresult cuGetErrorName(CUresult code, const char **name) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == code) {
      *name = errors[i].name;
      return SUCCESS;
    }
  *name = NULL;
  return INVALID_VALUE;
}

EXPORT CUresult cuGetErrorString(CUresult code, const char **text) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == code) {
      *text = errors[i].text;
      return SUCCESS;
    }
  *text = NULL;
  return INVALID_VALUE;
}

/*===-- Leak report -------------------------------------------------------===*/

__attribute__((destructor)) static void reportLeaks(void) {
  int buffers = liveAllocations(), numModules = 0, refs = 0;
  for (struct Module *m = modules; m; m = m->next)
    ++numModules;
  for (int i = 0; i < MAX_DEVICES; ++i)
    refs += contexts[i].refs;
  if (buffers || numModules || refs || liveEvents || liveStreams() || depth) {
    fprintf(stderr,
            "mock-cuda: leaked %d allocations, %d modules, %d events, %d "
            "streams, %d context references; %d contexts still pushed\n",
            buffers, numModules, liveEvents, liveStreams(), refs, depth);
    fflush(stderr);
    _exit(99);
  }
}
