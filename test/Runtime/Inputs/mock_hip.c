/*===- mock_hip.c - A fake libamdhip64.so for testing without a GPU -------===*\
|*                                                                            *|
|* Built as lib/mock-hip/libamdhip64.so; put on LD_LIBRARY_PATH, it stands in *|
|* for HIP so that the runtime's HIP backend, tile-run and gpu-smoke.sh's hip *|
|* mode run on machines without an AMD GPU. It implements the HIP calls the   *|
|* backend makes, as HIP documents them, on host memory:                      *|
|*  - devices report ROCm 5's hipDeviceProp_t with the architecture of        *|
|*    MOCK_HIP_ARCH (default gfx942:sramecc+:xnack-) and 64 KiB of LDS; the   *|
|*    current device is per thread and must be selected before any memory,   *|
|*    module or launch call;                                                  *|
|*  - allocations are tracked: copies and memsets must stay inside one;       *|
|*  - a module image must be an AMDGPU ELF code object for the current        *|
|*    device's architecture (hipErrorNoBinaryForGpu otherwise); its kernels   *|
|*    come from its metadata note (names, argument offsets and sizes,         *|
|*    workgroup and LDS limits), and those named like the fixture kernels     *|
|*    run here as C functions, one call per thread;                           *|
|*  - launches take their arguments only through `extra` (a packed buffer,    *|
|*    as the backend passes them) and read each explicit argument at the      *|
|*    offset and with the size the metadata gives; the block must fit the     *|
|*    kernel's .max_flat_workgroup_size, and dynamic plus static LDS 64 KiB;  *|
|*  - streams belong to the device current when they are made; launches,     *|
|*    copies and event records on a stream of another device fail with       *|
|*    hipErrorInvalidHandle; synchronizing or querying an event never        *|
|*    recorded fails, as HIP does.                                           *|
|* At exit it reports leaked allocations, modules, events and streams and    *|
|* exits with                                                                 *|
|* status 99 if there are any. MOCK_HIP_DEVICES=N sets the device count       *|
|* (default 1; 0 makes hipInit fail with hipErrorNoDevice). Single-threaded   *|
|* use only.                                                                  *|
|*                                                                            *|
|* It proves the backend's host-side logic against the documented API and    *|
|* the code object format, not HIP itself: only an AMD GPU does that.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mock_gpu.h"

#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

typedef int hipError_t;

enum {
  SUCCESS = 0,
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  NOT_INITIALIZED = 3,
  NO_DEVICE = 100,
  INVALID_DEVICE = 101,
  INVALID_IMAGE = 200,
  NO_BINARY_FOR_GPU = 209,
  INVALID_HANDLE = 400,
  NOT_FOUND = 500,
  NOT_READY = 600,
  ILLEGAL_ADDRESS = 700,
};

#define EXPORT __attribute__((visibility("default")))
#define MAX_DEVICES 8
#define MAX_ARGS 64
#define MAX_KERNELS 8
#define LDS_BYTES 65536

/*===-- Devices -----------------------------------------------------------===*/

/* hipDeviceProp_t as ROCm 5 lays it out (ROCm 6's hipDeviceProp_tR0000),
 * up to the fields the backend reads, then room for the rest. */
struct DeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate;
  unsigned arch;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch;
  char gcnArchName[256];
};
_Static_assert(offsetof(struct DeviceProp, sharedMemPerBlock) == 264,
               "ROCm 5's hipDeviceProp_t layout");
_Static_assert(offsetof(struct DeviceProp, gcnArchName) == 396,
               "ROCm 5's hipDeviceProp_t layout");

static int initialized, deviceCount;
static __thread int currentDevice = -1;
/* Sticky per device, left by the `fault` kernel. */
static hipError_t deviceFault[MAX_DEVICES];

/* The architecture every mock device has, "gfx942:sramecc+:xnack-". */
static const char *archName(void) {
  const char *env = getenv("MOCK_HIP_ARCH");
  return env ? env : "gfx942:sramecc+:xnack-";
}

/* Whether `chip` ("gfx942") is the devices' architecture. */
static int isDeviceChip(const char *chip) {
  const char *arch = archName();
  size_t n = strcspn(arch, ":");
  return strlen(chip) == n && strncmp(chip, arch, n) == 0;
}

EXPORT hipError_t hipInit(unsigned flags) {
  const char *env = getenv("MOCK_HIP_DEVICES");
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

EXPORT hipError_t hipGetDeviceCount(int *count) {
  if (!initialized)
    return NOT_INITIALIZED;
  *count = deviceCount;
  return SUCCESS;
}

EXPORT hipError_t hipGetDeviceProperties(struct DeviceProp *prop, int device) {
  if (!initialized)
    return NOT_INITIALIZED;
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  memset(prop, 0, sizeof(*prop));
  snprintf(prop->name, sizeof(prop->name), "Mock AMD GPU %d", device);
  snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "%s", archName());
  prop->sharedMemPerBlock = LDS_BYTES;
  prop->warpSize = strncmp(archName(), "gfx11", 5) == 0 ? 32 : 64;
  prop->maxThreadsPerBlock = 1024;
  prop->multiProcessorCount = 4;
  prop->totalGlobalMem = (size_t)64 << 30;
  return SUCCESS;
}

EXPORT hipError_t hipSetDevice(int device) {
  if (!initialized)
    return NOT_INITIALIZED;
  if (device < 0 || device >= deviceCount)
    return INVALID_DEVICE;
  currentDevice = device;
  return SUCCESS;
}

EXPORT hipError_t hipDeviceSynchronize(void) {
  return currentDevice >= 0 ? deviceFault[currentDevice] : INVALID_DEVICE;
}

/*===-- Memory ------------------------------------------------------------===*/

EXPORT hipError_t hipMalloc(void **out, size_t bytes) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (bytes == 0) {
    *out = NULL;
    return SUCCESS;
  }
  if (bytes > ((size_t)1 << 34))
    return OUT_OF_MEMORY;
  struct Allocation *a = track(bytes, 0);
  if (!a)
    return OUT_OF_MEMORY;
  *out = a->base;
  return SUCCESS;
}

EXPORT hipError_t hipFree(void *p) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (!p)
    return SUCCESS;
  struct Allocation *a = find((uintptr_t)p, 0);
  if (!a || a->base != p || a->global)
    return INVALID_VALUE;
  untrack(a);
  return SUCCESS;
}

EXPORT hipError_t hipMemcpyHtoD(void *dst, const void *src, size_t bytes) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (!find((uintptr_t)dst, bytes))
    return INVALID_VALUE;
  memcpy(dst, src, bytes);
  return SUCCESS;
}

EXPORT hipError_t hipMemcpyDtoH(void *dst, void *src, size_t bytes) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (!find((uintptr_t)src, bytes))
    return INVALID_VALUE;
  memcpy(dst, src, bytes);
  return SUCCESS;
}

/* hipSuccess if `stream` may be used on the current device: the null
 * stream or a stream made on it. */
static hipError_t checkStream(void *stream) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (!stream)
    return SUCCESS;
  if (!isStream(stream) || ((struct Stream *)stream)->device != currentDevice)
    return INVALID_HANDLE;
  return SUCCESS;
}

EXPORT hipError_t hipMemcpyHtoDAsync(void *dst, const void *src, size_t bytes,
                                     struct Stream *stream) {
  hipError_t r = checkStream(stream);
  return r != SUCCESS ? r : hipMemcpyHtoD(dst, src, bytes);
}

EXPORT hipError_t hipMemcpyDtoHAsync(void *dst, void *src, size_t bytes,
                                     struct Stream *stream) {
  hipError_t r = checkStream(stream);
  return r != SUCCESS ? r : hipMemcpyDtoH(dst, src, bytes);
}

/*===-- Streams -----------------------------------------------------------===*/

EXPORT hipError_t hipStreamCreate(struct Stream **out) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  *out = newStream(currentDevice);
  return *out ? SUCCESS : OUT_OF_MEMORY;
}

EXPORT hipError_t hipStreamDestroy(struct Stream *s) {
  return freeStream(s) ? SUCCESS : INVALID_HANDLE;
}

EXPORT hipError_t hipStreamSynchronize(struct Stream *s) {
  hipError_t r = checkStream(s);
  return r != SUCCESS ? r : deviceFault[currentDevice];
}

EXPORT hipError_t hipStreamQuery(struct Stream *s) {
  return hipStreamSynchronize(s);
}

EXPORT hipError_t hipStreamGetDevice(struct Stream *s, int *device) {
  if (!isStream(s))
    return INVALID_HANDLE;
  *device = s->device;
  return SUCCESS;
}

EXPORT hipError_t hipMemcpyDtoD(void *dst, void *src, size_t bytes) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (!find((uintptr_t)dst, bytes) || !find((uintptr_t)src, bytes))
    return INVALID_VALUE;
  memmove(dst, src, bytes);
  return SUCCESS;
}

/* Sets n elements of `size` bytes from `value` after checking the range and
 * the alignment. */
static hipError_t set(void *p, const void *value, size_t size, size_t n) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if ((uintptr_t)p % size != 0 || (n > 0 && !find((uintptr_t)p, n * size)))
    return INVALID_VALUE;
  for (size_t i = 0; i < n; ++i)
    memcpy((char *)p + i * size, value, size);
  return SUCCESS;
}

EXPORT hipError_t hipMemsetD8(void *p, unsigned char v, size_t n) {
  return set(p, &v, 1, n);
}

EXPORT hipError_t hipMemsetD16(void *p, unsigned short v, size_t n) {
  return set(p, &v, 2, n);
}

EXPORT hipError_t hipMemsetD32(void *p, int v, size_t n) {
  return set(p, &v, 4, n);
}

/*===-- Code objects ------------------------------------------------------===*/

struct Arg {
  uint64_t offset, size;
  int hidden;
};

struct Function {
  char name[64];
  struct Arg args[MAX_ARGS];
  int numArgs; /* explicit ones first, as the metadata lists them */
  uint64_t maxFlat, groupSegment;
  KernelFn run;
};

struct Module {
  struct Function functions[MAX_KERNELS];
  int numFunctions;
  struct Allocation *assertFlag;
  struct Module *next;
};

static struct Module *modules;

static const struct {
  const char *name;
  KernelFn run;
} known[] = {
    {"vector_add", vectorAdd},
    {"scalars", scalars},
    {"grid_ids", gridIds},
    {"assert_positive", assertPositive},
    {"noop", noop},
    {"fault", fault},
};

/* A reader of the MessagePack subset the AMDGPU metadata uses. */
struct Reader {
  const uint8_t *at, *end;
  int bad;
};

static uint64_t bigEndian(struct Reader *r, unsigned bytes) {
  uint64_t v = 0;
  if ((size_t)(r->end - r->at) < bytes) {
    r->bad = 1;
    return 0;
  }
  while (bytes--)
    v = v << 8 | *r->at++;
  return v;
}

enum { NONE, INT, STR, ARRAY, MAP, OTHER };

/* Reads one value's head: its kind, and its integer value, string (not
 * NUL-terminated) or element count. Arrays and maps are read element by
 * element by the caller; other values are skipped whole. */
static int head(struct Reader *r, uint64_t *n, const char **str) {
  if (r->bad || r->at >= r->end) {
    r->bad = 1;
    return NONE;
  }
  uint8_t t = *r->at++;
  if (t <= 0x7f || t >= 0xe0)
    return *n = t <= 0x7f ? t : 0, INT;
  if ((t & 0xf0) == 0x80 || (t & 0xf0) == 0x90)
    return *n = t & 0x0f, (t & 0xf0) == 0x80 ? MAP : ARRAY;
  if ((t & 0xe0) == 0xa0 || (t >= 0xd9 && t <= 0xdb) ||
      (t >= 0xc4 && t <= 0xc6)) {
    *n = (t & 0xe0) == 0xa0 ? t & 0x1f
         : t >= 0xd9        ? bigEndian(r, 1u << (t - 0xd9))
                            : bigEndian(r, 1u << (t - 0xc4));
    if (r->bad || *n > (uint64_t)(r->end - r->at))
      return r->bad = 1, NONE;
    *str = (const char *)r->at;
    r->at += *n;
    return t >= 0xc4 && t <= 0xc6 ? OTHER : STR;
  }
  if (t >= 0xcc && t <= 0xcf)
    return *n = bigEndian(r, 1u << (t - 0xcc)), INT;
  if (t >= 0xd0 && t <= 0xd3)
    return *n = bigEndian(r, 1u << (t - 0xd0)), INT;
  if (t == 0xdc || t == 0xdd)
    return *n = bigEndian(r, t == 0xdc ? 2 : 4), ARRAY;
  if (t == 0xde || t == 0xdf)
    return *n = bigEndian(r, t == 0xde ? 2 : 4), MAP;
  if (t == 0xca || t == 0xcb)
    return bigEndian(r, t == 0xca ? 4 : 8), OTHER;
  if (t == 0xc0 || t == 0xc2 || t == 0xc3)
    return OTHER;
  return r->bad = 1, NONE;
}

static void skipValue(struct Reader *r, int depth) {
  uint64_t n;
  const char *s;
  int kind = head(r, &n, &s);
  if (depth > 32)
    r->bad = 1;
  if (kind == ARRAY || kind == MAP)
    for (uint64_t i = 0; i < (kind == MAP ? 2 * n : n) && !r->bad; ++i)
      skipValue(r, depth + 1);
}

static int keyIs(const char *s, uint64_t n, const char *key) {
  return strlen(key) == n && memcmp(s, key, n) == 0;
}

/* Reads one kernel map of amdhsa.kernels into f. */
static void readKernel(struct Reader *r, struct Function *f) {
  uint64_t n, v;
  const char *s;
  if (head(r, &n, &s) != MAP)
    return (void)(r->bad = 1);
  for (uint64_t i = 0; i < n && !r->bad; ++i) {
    const char *key;
    uint64_t keyLength;
    if (head(r, &keyLength, &key) != STR)
      return (void)(r->bad = 1);
    if (keyIs(key, keyLength, ".name")) {
      if (head(r, &v, &s) != STR || v >= sizeof(f->name))
        return (void)(r->bad = 1);
      memcpy(f->name, s, v);
    } else if (keyIs(key, keyLength, ".max_flat_workgroup_size")) {
      if (head(r, &f->maxFlat, &s) != INT)
        r->bad = 1;
    } else if (keyIs(key, keyLength, ".group_segment_fixed_size")) {
      if (head(r, &f->groupSegment, &s) != INT)
        r->bad = 1;
    } else if (keyIs(key, keyLength, ".args")) {
      uint64_t count;
      if (head(r, &count, &s) != ARRAY || count > MAX_ARGS)
        return (void)(r->bad = 1);
      for (uint64_t a = 0; a < count && !r->bad; ++a) {
        struct Arg *arg = &f->args[f->numArgs++];
        uint64_t fields;
        if (head(r, &fields, &s) != MAP)
          return (void)(r->bad = 1);
        for (uint64_t k = 0; k < fields && !r->bad; ++k) {
          if (head(r, &keyLength, &key) != STR)
            return (void)(r->bad = 1);
          if (keyIs(key, keyLength, ".offset"))
            head(r, &arg->offset, &s);
          else if (keyIs(key, keyLength, ".size"))
            head(r, &arg->size, &s);
          else if (keyIs(key, keyLength, ".value_kind")) {
            if (head(r, &v, &s) != STR)
              return (void)(r->bad = 1);
            arg->hidden = v >= 7 && memcmp(s, "hidden_", 7) == 0;
          } else
            skipValue(r, 0);
        }
      }
    } else {
      skipValue(r, 0);
    }
  }
}

/* The metadata note's kernels into m; 0 on success. */
static int readMetadata(const uint8_t *note, size_t size, struct Module *m) {
  struct Reader r = {note, note + size, 0};
  uint64_t n, count;
  const char *s;
  if (head(&r, &n, &s) != MAP)
    return -1;
  for (uint64_t i = 0; i < n && !r.bad; ++i) {
    const char *key;
    uint64_t keyLength;
    if (head(&r, &keyLength, &key) != STR)
      return -1;
    if (!keyIs(key, keyLength, "amdhsa.kernels")) {
      skipValue(&r, 0);
      continue;
    }
    if (head(&r, &count, &s) != ARRAY || count > MAX_KERNELS)
      return -1;
    for (uint64_t k = 0; k < count && !r.bad; ++k)
      readKernel(&r, &m->functions[m->numFunctions++]);
  }
  return r.bad ? -1 : 0;
}

/* EF_AMDGPU_MACH values of the chips the compiler targets. */
static const char *machName(unsigned mach) {
  switch (mach) {
  case 0x3f:
    return "gfx90a";
  case 0x4c:
    return "gfx942";
  case 0x41:
    return "gfx1100";
  }
  return "unknown";
}

/* Finds the AMDGPU metadata note of an ELF image; 0 on success. The image
 * has no size: the section headers, read first, bound it. */
static int findNote(const uint8_t *image, const uint8_t **note, size_t *size) {
  uint64_t shoff;
  uint16_t shentsize, shnum;
  memcpy(&shoff, image + 0x28, 8);
  memcpy(&shentsize, image + 0x3a, 2);
  memcpy(&shnum, image + 0x3c, 2);
  for (unsigned i = 0; i < shnum; ++i) {
    const uint8_t *sh = image + shoff + (uint64_t)i * shentsize;
    uint32_t type;
    uint64_t offset, bytes;
    memcpy(&type, sh + 4, 4);
    memcpy(&offset, sh + 0x18, 8);
    memcpy(&bytes, sh + 0x20, 8);
    if (type != 7) /* SHT_NOTE */
      continue;
    for (uint64_t at = offset; at + 12 <= offset + bytes;) {
      uint32_t namesz, descsz, ntype;
      memcpy(&namesz, image + at, 4);
      memcpy(&descsz, image + at + 4, 4);
      memcpy(&ntype, image + at + 8, 4);
      uint64_t desc = at + 12 + ((namesz + 3) & ~3u);
      if (ntype == 32 && namesz == 7 &&
          memcmp(image + at + 12, "AMDGPU", 7) == 0) {
        *note = image + desc;
        *size = descsz;
        return 0;
      }
      at = desc + ((descsz + 3) & ~3u);
    }
  }
  return -1;
}

/* Whether the image's symbol names include `name` (the ELF string tables
 * lie between the headers and the section headers). */
static int definesSymbol(const uint8_t *image, const char *name) {
  uint64_t shoff;
  size_t length = strlen(name) + 1;
  memcpy(&shoff, image + 0x28, 8);
  for (uint64_t i = 1; i + length <= shoff; ++i)
    if (image[i - 1] == 0 && memcmp(image + i, name, length) == 0)
      return 1;
  return 0;
}

EXPORT hipError_t hipModuleLoadData(struct Module **out, const void *data) {
  const uint8_t *image = data;
  const uint8_t *note;
  size_t noteSize;
  uint16_t machine;
  uint32_t flags;
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (memcmp(image, "\177ELF", 4) != 0 || image[4] != 2)
    return INVALID_IMAGE;
  memcpy(&machine, image + 0x12, 2);
  memcpy(&flags, image + 0x30, 4);
  if (machine != 224) /* EM_AMDGPU */
    return INVALID_IMAGE;
  if (!isDeviceChip(machName(flags & 0xff)))
    return NO_BINARY_FOR_GPU;
  if (findNote(image, &note, &noteSize) != 0)
    return INVALID_IMAGE;
  struct Module *m = calloc(1, sizeof(*m));
  if (!m)
    return OUT_OF_MEMORY;
  if (readMetadata(note, noteSize, m) != 0) {
    free(m);
    return INVALID_IMAGE;
  }
  for (int i = 0; i < m->numFunctions; ++i)
    for (size_t k = 0; k < sizeof(known) / sizeof(known[0]); ++k)
      if (strcmp(m->functions[i].name, known[k].name) == 0)
        m->functions[i].run = known[k].run;
  if (definesSymbol(image, "tile_assert_failed"))
    m->assertFlag = track(16, 1);
  m->next = modules;
  modules = m;
  *out = m;
  return SUCCESS;
}

EXPORT hipError_t hipModuleUnload(struct Module *m) {
  struct Module **p = &modules;
  if (currentDevice < 0)
    return INVALID_DEVICE;
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

EXPORT hipError_t hipModuleGetFunction(struct Function **out, struct Module *m,
                                       const char *name) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  for (int i = 0; i < m->numFunctions; ++i)
    if (strcmp(m->functions[i].name, name) == 0 && m->functions[i].run) {
      *out = &m->functions[i];
      return SUCCESS;
    }
  return NOT_FOUND;
}

EXPORT hipError_t hipModuleGetGlobal(void **out, size_t *bytes,
                                     struct Module *m, const char *name) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  if (strcmp(name, "tile_assert_failed") != 0 || !m->assertFlag)
    return NOT_FOUND;
  *out = m->assertFlag->base;
  *bytes = m->assertFlag->size;
  return SUCCESS;
}

/* Two blocks of any kernel per compute unit. */
EXPORT hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, struct Function *f, int threads, size_t shared) {
  (void)f, (void)threads, (void)shared;
  *blocks = 2;
  return SUCCESS;
}

EXPORT hipError_t hipFuncGetAttribute(int *value, int attribute,
                                      struct Function *f) {
  switch (attribute) {
  case 0: /* HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK */
    *value = (int)f->maxFlat;
    return SUCCESS;
  case 1: /* HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES */
    *value = (int)f->groupSegment;
    return SUCCESS;
  case 8: /* HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES */
    *value = LDS_BYTES - (int)f->groupSegment;
    return SUCCESS;
  }
  return INVALID_VALUE;
}

EXPORT hipError_t hipModuleLaunchKernel(struct Function *f, unsigned gx,
                                        unsigned gy, unsigned gz, unsigned bx,
                                        unsigned by, unsigned bz,
                                        unsigned shared, void *stream,
                                        void **params, void **extra) {
  uint64_t slots[MAX_ARGS];
  const unsigned grid[3] = {gx, gy, gz};
  struct Module *m = NULL;
  if (currentDevice < 0)
    return INVALID_DEVICE;
  /* The packed form only: {BUFFER_POINTER, p, BUFFER_SIZE, &n, END}. */
  if (checkStream(stream) != SUCCESS)
    return checkStream(stream);
  if (params || !extra || extra[0] != (void *)1 || extra[2] != (void *)2 ||
      extra[4] != (void *)3)
    return INVALID_VALUE;
  const char *buffer = extra[1];
  size_t bufferSize = *(const size_t *)extra[3];
  if (gx == 0 || gy == 0 || gz == 0 || (uint64_t)gx * bx > UINT32_MAX ||
      bx == 0 || by != 1 || bz != 1 || bx > f->maxFlat)
    return INVALID_VALUE;
  if (shared + f->groupSegment > LDS_BYTES)
    return INVALID_VALUE;
  for (struct Module *i = modules; i && !m; i = i->next)
    if (f >= i->functions && f < i->functions + i->numFunctions)
      m = i;
  if (!m)
    return INVALID_HANDLE;
  /* Each explicit argument at its metadata offset, with its size. */
  for (int i = 0; i < f->numArgs && !f->args[i].hidden; ++i) {
    const struct Arg *a = &f->args[i];
    if (a->size > 8 || a->offset + a->size > bufferSize)
      return INVALID_VALUE;
    slots[i] = 0;
    memcpy(&slots[i], buffer + a->offset, a->size);
  }
  kernelFaulted = 0;
  runGrid(f->run, slots, grid, bx,
          m->assertFlag ? (uint32_t *)m->assertFlag->base : NULL);
  if (kernelFaulted)
    deviceFault[currentDevice] = ILLEGAL_ADDRESS;
  return SUCCESS;
}

/*===-- Events and errors -------------------------------------------------===*/

EXPORT hipError_t hipEventCreate(struct Event **out) {
  if (currentDevice < 0)
    return INVALID_DEVICE;
  *out = newEvent();
  return *out ? SUCCESS : OUT_OF_MEMORY;
}

EXPORT hipError_t hipEventRecord(struct Event *e, void *stream) {
  hipError_t r = checkStream(stream);
  if (r != SUCCESS)
    return r;
  recordEvent(e);
  return SUCCESS;
}

EXPORT hipError_t hipEventSynchronize(struct Event *e) {
  return e->recorded ? SUCCESS : INVALID_HANDLE;
}

EXPORT hipError_t hipEventQuery(struct Event *e) {
  return hipEventSynchronize(e);
}

EXPORT hipError_t hipStreamWaitEvent(struct Stream *s, struct Event *e,
                                     unsigned flags) {
  hipError_t r = checkStream(s);
  if (r != SUCCESS)
    return r;
  return e && e->recorded && flags == 0 ? SUCCESS : INVALID_HANDLE;
}

EXPORT hipError_t hipEventElapsedTime(float *ms, struct Event *start,
                                      struct Event *stop) {
  if (!start->recorded || !stop->recorded)
    return NOT_READY;
  *ms = (float)(stop->ms - start->ms);
  return SUCCESS;
}

EXPORT hipError_t hipEventDestroy(struct Event *e) {
  freeEvent(e);
  return SUCCESS;
}

static const struct {
  hipError_t code;
  const char *name, *text;
} errors[] = {
    {SUCCESS, "hipSuccess", "no error"},
    {INVALID_VALUE, "hipErrorInvalidValue", "invalid argument"},
    {OUT_OF_MEMORY, "hipErrorOutOfMemory", "out of memory"},
    {NOT_INITIALIZED, "hipErrorNotInitialized", "initialization error"},
    {NO_DEVICE, "hipErrorNoDevice", "no ROCm-capable device is detected"},
    {INVALID_DEVICE, "hipErrorInvalidDevice", "invalid device ordinal"},
    {INVALID_IMAGE, "hipErrorInvalidImage", "device kernel image is invalid"},
    {NO_BINARY_FOR_GPU, "hipErrorNoBinaryForGpu",
     "no kernel image is available for execution on the device"},
    {INVALID_HANDLE, "hipErrorInvalidHandle", "invalid resource handle"},
    {NOT_FOUND, "hipErrorNotFound", "named symbol not found"},
    {NOT_READY, "hipErrorNotReady", "device not ready"},
    {ILLEGAL_ADDRESS, "hipErrorIllegalAddress",
     "an illegal memory access was encountered"},
};

EXPORT const char *hipGetErrorName(hipError_t code) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == code)
      return errors[i].name;
  return "hipErrorUnknown";
}

EXPORT const char *hipGetErrorString(hipError_t code) {
  for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); ++i)
    if (errors[i].code == code)
      return errors[i].text;
  return "unknown error";
}

/*===-- Leak report -------------------------------------------------------===*/

__attribute__((destructor)) static void reportLeaks(void) {
  int buffers = liveAllocations(), numModules = 0;
  for (struct Module *m = modules; m; m = m->next)
    ++numModules;
  if (buffers || numModules || liveEvents || liveStreams()) {
    fprintf(stderr,
            "mock-hip: leaked %d allocations, %d modules, %d events, %d "
            "streams\n",
            buffers, numModules, liveEvents, liveStreams());
    fflush(stderr);
    _exit(99);
  }
}
