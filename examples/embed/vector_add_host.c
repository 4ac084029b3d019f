/*===- vector_add_host.c - A C host on the C APIs only
---------------------===*\
|*                                                                            *|
|* Parses a kernel from text with MLIR's C API, compiles it with tile-c for   *|
|* the CPU (and for NVIDIA, which needs ptxas but no GPU), runs the CPU one   *|
|* with libtile_runtime on the caller's own arrays and checks the sums; an   *|
|* unknown target shows the diagnostics a host gets back.                    *|
|*                                                                            *|
|* Usage: vector-add-host [N]    (exit status 0 when everything holds)        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tile-c/Tile.h"
#include "tile/runtime.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kKernel =
    "tile.func @vector_add(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>,\n"
    "                      %out: !tile.ptr<f32>, %n: i32) {\n"
    "  %c = arith.constant 128 : i32\n"
    "  %pid = tile.program_id x\n"
    "  %start = arith.muli %pid, %c : i32\n"
    "  %r = tile.range 0 to 128 : tensor<128xi32>\n"
    "  %s = tile.splat %start : tensor<128xi32>\n"
    "  %i = arith.addi %s, %r : tensor<128xi32>\n"
    "  %ns = tile.splat %n : tensor<128xi32>\n"
    "  %m = arith.cmpi slt, %i, %ns : tensor<128xi32>\n"
    "  %xb = tile.splat %x : tensor<128x!tile.ptr<f32>>\n"
    "  %xp = tile.addptr %xb, %i : tensor<128x!tile.ptr<f32>>, "
    "tensor<128xi32>\n"
    "  %yb = tile.splat %y : tensor<128x!tile.ptr<f32>>\n"
    "  %yp = tile.addptr %yb, %i : tensor<128x!tile.ptr<f32>>, "
    "tensor<128xi32>\n"
    "  %ob = tile.splat %out : tensor<128x!tile.ptr<f32>>\n"
    "  %op = tile.addptr %ob, %i : tensor<128x!tile.ptr<f32>>, "
    "tensor<128xi32>\n"
    "  %xv = tile.load %xp, %m : tensor<128x!tile.ptr<f32>>\n"
    "  %yv = tile.load %yp, %m : tensor<128x!tile.ptr<f32>>\n"
    "  %sum = arith.addf %xv, %yv : tensor<128xf32>\n"
    "  tile.store %op, %sum, %m : tensor<128x!tile.ptr<f32>>\n"
    "  tile.return\n"
    "}\n";

/* Text and bytes returned through MlirStringCallback, appended. */
typedef struct {
  char *data;
  size_t size;
} Bytes;

static void append(Bytes *bytes, MlirStringRef piece, const char *separator) {
  size_t extra = piece.length + strlen(separator);
  char *grown = realloc(bytes->data, bytes->size + extra + 1);
  if (!grown) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  memcpy(grown + bytes->size, piece.data, piece.length);
  memcpy(grown + bytes->size + piece.length, separator, strlen(separator));
  bytes->size += extra;
  grown[bytes->size] = '\0';
  bytes->data = grown;
}

/* Where one compilation's artifact and diagnostics go. */
typedef struct {
  Bytes artifact, errors;
} Compilation;

static void onArtifact(MlirStringRef piece, void *userData) {
  append(&((Compilation *)userData)->artifact, piece, "");
}

static void onError(MlirStringRef piece, void *userData) {
  append(&((Compilation *)userData)->errors, piece, "\n");
}

static void release(Compilation *c) {
  free(c->artifact.data);
  free(c->errors.data);
  memset(c, 0, sizeof *c);
}

static int compile(MlirModule module, const char *target, Compilation *c) {
  memset(c, 0, sizeof *c);
  MlirLogicalResult result =
      tileCompileToArtifact(module, mlirStringRefCreateFromCString(target),
                            /*boundsCheck=*/false, onArtifact, onError, c);
  return mlirLogicalResultIsSuccess(result);
}

#define CHECK_RT(call)                                                         \
  do {                                                                         \
    tile_status_t status = (call);                                             \
    if (status) {                                                              \
      fprintf(stderr, "%s: %s\n", #call, tile_status_message(status));         \
      tile_status_free(status);                                                \
      return 0;                                                                \
    }                                                                          \
  } while (0)

static tile_arg_t bufferArg(tile_buffer_t buffer) {
  tile_arg_t arg;
  memset(&arg, 0, sizeof arg);
  arg.kind = TILE_ARG_PTR;
  arg.value.buffer = buffer;
  return arg;
}

/* Runs the CPU artifact on n elements; returns 1 when every sum is exact. */
static int run(const Bytes *artifact, int n) {
  size_t bytes = (size_t)n * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  if (!x || !y || !out)
    return 0;
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 101) * 0.5f;
    y[i] = (float)(i % 7) - 3.0f;
  }
  tile_device_t device = NULL;
  tile_module_t module = NULL;
  tile_kernel_t kernel = NULL;
  tile_buffer_t xb = NULL, yb = NULL, ob = NULL;
  CHECK_RT(tile_device_open("cpu", 0, &device));
  CHECK_RT(tile_module_load(device, artifact->data, artifact->size, &module));
  CHECK_RT(tile_module_get_kernel(module, "vector_add", &kernel));
  CHECK_RT(tile_buffer_wrap(device, x, bytes, &xb));
  CHECK_RT(tile_buffer_wrap(device, y, bytes, &yb));
  CHECK_RT(tile_buffer_wrap(device, out, bytes, &ob));
  tile_arg_t args[4] = {bufferArg(xb), bufferArg(yb), bufferArg(ob)};
  args[3].kind = TILE_ARG_I32;
  args[3].value.i = n;
  uint32_t grid[3] = {(uint32_t)((n + 127) / 128), 1, 1};
  CHECK_RT(tile_kernel_launch(kernel, grid, args, 4));
  CHECK_RT(tile_device_synchronize(device));
  int mismatches = 0;
  for (int i = 0; i < n; ++i)
    mismatches += out[i] != x[i] + y[i];
  printf("cpu: vector_add on %d elements, %d mismatches\n", n, mismatches);
  tile_buffer_free(xb);
  tile_buffer_free(yb);
  tile_buffer_free(ob);
  tile_module_unload(module);
  tile_device_close(device);
  free(x);
  free(y);
  free(out);
  return mismatches == 0;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100003;
  if (n <= 0) {
    fprintf(stderr, "usage: %s [N > 0]\n", argv[0]);
    return 2;
  }
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tileRegisterDialects(registry);
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "the kernel does not parse\n");
    return 1;
  }
  MlirType ptr = tilePointerTypeGet(mlirF32TypeGet(context), 1);
  printf("types: !tile.ptr<f32> is a pointer: %d, of address space %u\n",
         tileTypeIsAPointer(ptr), tilePointerTypeGetAddressSpace(ptr));

  int ok = 1;
  Compilation cpu, nvidia, bad;
  if (!compile(module, "cpu", &cpu)) {
    fprintf(stderr, "cpu: %s", cpu.errors.data ? cpu.errors.data : "");
    return 1;
  }
  printf("cpu: artifact of %zu bytes\n", cpu.artifact.size);
  if (compile(module, "nvidia:sm_90a", &nvidia)) {
    printf("nvidia: artifact of %zu bytes\n", nvidia.artifact.size);
  } else {
    fprintf(stderr, "nvidia: %s", nvidia.errors.data ? nvidia.errors.data : "");
    ok = 0;
  }
  /* Bad input gets a diagnostic, not a crash. */
  if (!compile(module, "tpu", &bad)) {
    printf("tpu: %s", bad.errors.data);
  } else {
    ok = 0;
  }
  release(&bad);

  ok = run(&cpu.artifact, n) && ok;
  release(&cpu);
  release(&nvidia);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  printf("%s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
