/*===- runtime-api-test.c - The C API called directly, from C -------------===*\
|*                                                                            *|
|* Compiled as C to prove tile/runtime.h is plain C. Calls every function,    *|
|* the error cases tile-run cannot reach included (null pointers, copy        *|
|* ranges, fill patterns, handle lifetimes, and every misuse of a stale       *|
|* handle: double free, double unload, kernels of an unloaded module, a       *|
|* closed device, handles of the wrong kind or never given out), and prints   *|
|* one line per call:                                                         *|
|*   LABEL: CODE_NAME message                                                 *|
|* for api.test to check. Usage: tile-runtime-api-test ARTIFACT, where the    *|
|* artifact packs the fixture's grid_ids and alignment kernels (attr          *|
|* threads 4 on grid_ids).                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tile/runtime.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the status and frees it; returns 1 on success. */
static int show(const char *label, tile_status_t status) {
  int ok = status == NULL;
  printf("%s: %s %s\n", label, tile_status_code_name(tile_status_code(status)),
         tile_status_message(status));
  tile_status_free(status);
  return ok;
}

static tile_arg_t bufferArg(tile_buffer_t buffer) {
  tile_arg_t arg;
  arg.kind = TILE_ARG_PTR;
  arg.value.buffer = buffer;
  return arg;
}

int main(int argc, char **argv) {
  int count = -1;
  tile_device_t device = NULL, other = NULL;
  tile_buffer_t buffer = NULL, ids = NULL, out = NULL, foreign = NULL;
  tile_buffer_t freed = NULL, reused = NULL;
  tile_module_t second = NULL;
  tile_kernel_t secondKernel = NULL;
  tile_module_t module = NULL;
  tile_kernel_t gridIds = NULL, alignment = NULL, declared = NULL;
  const char *name = NULL;
  size_t size = 0, numArgs = 0;
  tile_arg_kind_t kind;
  int64_t value = 0;
  double ms = -1;
  uint32_t grid[3] = {3, 2, 1};
  int32_t host[6];
  float floats[4];
  unsigned char bytes[8];
  tile_arg_t args[2];
  const char garbage[] = "definitely not an artifact";
  if (argc != 2) {
    fprintf(stderr, "usage: tile-runtime-api-test ARTIFACT\n");
    return 2;
  }

  /* Statuses. */
  printf("null status: %s %s\n", tile_status_code_name(tile_status_code(NULL)),
         tile_status_message(NULL));
  tile_status_free(NULL);
  printf("kind names: %s %s %s\n", tile_arg_kind_name(TILE_ARG_PTR),
         tile_arg_kind_name(TILE_ARG_BF16), tile_arg_kind_name(42));

  /* Devices. */
  show("count cpu", tile_device_count("cpu", &count));
  printf("cpu devices: %d\n", count);
  show("count cuda", tile_device_count("cuda", &count));
  show("count hip", tile_device_count("hip", &count));
  show("count null out", tile_device_count("cpu", NULL));
  show("count null backend", tile_device_count(NULL, &count));
  show("open -1", tile_device_open("cpu", -1, &device));
  show("open 2", tile_device_open("cpu", 2, &device));
  show("open gpu", tile_device_open("gpu", 0, &device));
  show("open null out", tile_device_open("cpu", 0, NULL));
  if (!show("open", tile_device_open("cpu", 0, &device)))
    return 1;
  show("open other", tile_device_open("cpu", 1, &other));
  show("name", tile_device_name(device, &name));
  printf("name is set: %d\n", name != NULL && name[0] != '\0');
  show("name null", tile_device_name(NULL, &name));
  show("synchronize", tile_device_synchronize(device));

  /* Buffers. */
  show("alloc 0", tile_buffer_alloc(device, 0, &buffer));
  show("alloc null device", tile_buffer_alloc(NULL, 8, &buffer));
  show("alloc", tile_buffer_alloc(device, 16, &buffer));
  show("size", tile_buffer_size(buffer, &size));
  printf("size is %zu\n", size);
  show("copy in past end", tile_buffer_copy_from_host(buffer, 12, floats, 8));
  show("copy in offset past end",
       tile_buffer_copy_from_host(buffer, 17, floats, 0));
  show("copy in huge",
       tile_buffer_copy_from_host(buffer, 8, floats, (size_t)-1));
  show("copy in null src", tile_buffer_copy_from_host(buffer, 0, NULL, 4));
  show("copy out null dst", tile_buffer_copy_to_host(buffer, 0, NULL, 4));
  show("copy out null buffer", tile_buffer_copy_to_host(NULL, 0, floats, 4));
  show("copy empty at end", tile_buffer_copy_from_host(buffer, 16, floats, 0));
  floats[0] = 1.5f;
  show("fill 4", tile_buffer_fill(buffer, floats, 4));
  memset(floats, 0, sizeof(floats));
  show("copy out", tile_buffer_copy_to_host(buffer, 0, floats, 16));
  printf("filled: %g %g %g %g\n", floats[0], floats[1], floats[2], floats[3]);
  bytes[0] = 0xab;
  show("fill 1", tile_buffer_fill(buffer, bytes, 1));
  show("copy out tail", tile_buffer_copy_to_host(buffer, 12, bytes, 4));
  printf("tail: %02x %02x %02x %02x\n", bytes[0], bytes[1], bytes[2], bytes[3]);
  show("fill 3", tile_buffer_fill(buffer, bytes, 3));
  show("fill null", tile_buffer_fill(buffer, NULL, 4));
  show("alloc 12", tile_buffer_alloc(device, 12, &out));
  show("fill 8 on 12", tile_buffer_fill(out, bytes, 8));
  show("free", tile_buffer_free(out));
  freed = out;
  out = NULL;
  show("free null", tile_buffer_free(NULL));

  /* Caller-owned memory: used in place, never freed by the runtime (ASan
   * would report a free of this stack array). */
  show("wrap null", tile_buffer_wrap(device, NULL, 16, &out));
  show("wrap 0", tile_buffer_wrap(device, floats, 0, &out));
  show("wrap null out", tile_buffer_wrap(device, floats, 16, NULL));
  show("wrap", tile_buffer_wrap(device, floats, sizeof(floats), &out));
  floats[0] = 0.0f;
  show("fill wrapped", tile_buffer_fill(out, bytes, 1));
  printf("wrapped memory filled: %d\n", ((unsigned char *)floats)[15] == 0xab);
  show("copy past wrapped end", tile_buffer_copy_to_host(out, 8, bytes, 9));
  show("free wrapped", tile_buffer_free(out));
  out = NULL;

  /* Stale buffer handles are refused, never dereferenced. */
  show("free again", tile_buffer_free(freed));
  show("size after free", tile_buffer_size(freed, &size));
  show("copy after free", tile_buffer_copy_from_host(freed, 0, floats, 4));
  show("fill after free", tile_buffer_fill(freed, bytes, 1));
  /* A new buffer may reuse the slot, under a new generation. */
  show("alloc reused", tile_buffer_alloc(device, 12, &reused));
  printf("reused handle differs: %d\n", reused != freed);
  show("free stale after reuse", tile_buffer_free(freed));
  show("size reused", tile_buffer_size(reused, &size));
  printf("reused size is %zu\n", size);
  show("free reused", tile_buffer_free(reused));
  show("free never given out",
       tile_buffer_free((tile_buffer_t)(uintptr_t)0x12345));

  /* Modules and kernels. */
  show("load null data", tile_module_load(device, NULL, 4, &module));
  show("load garbage",
       tile_module_load(device, garbage, sizeof(garbage), &module));
  show("load missing file",
       tile_module_load_file(device, "/nonexistent/x.tile", &module));
  show("load null path", tile_module_load_file(device, NULL, &module));
  if (!show("load", tile_module_load_file(device, argv[1], &module)))
    return 1;
  show("kernel missing", tile_module_get_kernel(module, "nope", &gridIds));
  show("kernel null name", tile_module_get_kernel(module, NULL, &gridIds));
  show("kernel", tile_module_get_kernel(module, "grid_ids", &gridIds));
  show("kernel alignment",
       tile_module_get_kernel(module, "alignment", &alignment));
  show("num args", tile_kernel_num_args(gridIds, &numArgs));
  printf("grid_ids takes %zu\n", numArgs);
  show("arg kind", tile_kernel_arg_kind(alignment, 1, &kind));
  printf("kind is %s\n", tile_arg_kind_name(kind));
  show("arg kind past end", tile_kernel_arg_kind(alignment, 2, &kind));
  show("attribute", tile_kernel_attribute(gridIds, "threads", &value));
  printf("threads = %lld\n", (long long)value);
  show("attribute missing",
       tile_kernel_attribute(gridIds, "shared_bytes", &value));
  /* A kernel without alternatives has one: itself. */
  size_t alternatives = 0;
  const char *symbol = NULL;
  show("alternatives", tile_kernel_num_alternatives(gridIds, &alternatives));
  printf("grid_ids has %zu alternative\n", alternatives);
  show("alternative symbol",
       tile_kernel_alternative_symbol(gridIds, 0, &symbol));
  printf("alternative #0 is %s\n", symbol);
  show("alternative past end",
       tile_kernel_alternative_symbol(gridIds, 1, &symbol));
  show("alternatives null out", tile_kernel_num_alternatives(gridIds, NULL));
  show("tune null grid",
       tile_kernel_tune(gridIds, NULL, args, 1, NULL, 0, &alternatives));

  /* Launches. */
  show("alloc ids", tile_buffer_alloc(device, sizeof(host), &ids));
  args[0] = bufferArg(ids);
  show("launch null kernel", tile_kernel_launch(NULL, grid, args, 1));
  show("launch null grid", tile_kernel_launch(gridIds, NULL, args, 1));
  show("launch null args", tile_kernel_launch(gridIds, grid, NULL, 1));
  show("launch no args", tile_kernel_launch(gridIds, grid, NULL, 0));
  args[0] = bufferArg(NULL);
  show("launch null buffer", tile_kernel_launch(gridIds, grid, args, 1));
  show("alloc foreign", tile_buffer_alloc(other, 8, &foreign));
  args[0] = bufferArg(foreign);
  show("launch foreign buffer", tile_kernel_launch(gridIds, grid, args, 1));
  args[0].kind = (tile_arg_kind_t)42;
  show("launch bad kind", tile_kernel_launch(gridIds, grid, args, 1));
  args[0] = bufferArg(freed);
  show("launch freed buffer", tile_kernel_launch(gridIds, grid, args, 1));
  args[0] = bufferArg(ids);
  show("launch", tile_kernel_launch(gridIds, grid, args, 1));
  show("copy ids", tile_buffer_copy_to_host(ids, 0, host, sizeof(host)));
  printf("ids: %d %d %d %d %d %d\n", host[0], host[1], host[2], host[3],
         host[4], host[5]);
  show("timed null out",
       tile_kernel_launch_timed(gridIds, grid, args, 1, NULL));
  show("timed", tile_kernel_launch_timed(gridIds, grid, args, 1, &ms));
  printf("time is set: %d\n", ms >= 0);

  /* A kernel that declares its grid (tile.grid): grid_ids_declared is
   * grid_ids recorded with the grid 3 2 1. */
  uint32_t declaredGrid[3] = {0, 0, 0}, otherGrid[3] = {1, 1, 1};
  int32_t minusOne = -1;
  show("kernel declared",
       tile_module_get_kernel(module, "grid_ids_declared", &declared));
  show("grid", tile_kernel_grid(declared, args, 1, declaredGrid));
  printf("declared grid %ux%ux%u\n", declaredGrid[0], declaredGrid[1],
         declaredGrid[2]);
  show("grid undeclared", tile_kernel_grid(gridIds, args, 1, declaredGrid));
  show("grid null out", tile_kernel_grid(declared, args, 1, NULL));
  show("grid no args", tile_kernel_grid(declared, NULL, 0, declaredGrid));
  show("launch declared on another grid",
       tile_kernel_launch(declared, otherGrid, args, 1));
  show("fill ids", tile_buffer_fill(ids, &minusOne, sizeof(minusOne)));
  show("launch declared", tile_kernel_launch(declared, NULL, args, 1));
  show("copy ids", tile_buffer_copy_to_host(ids, 0, host, sizeof(host)));
  printf("ids: %d %d %d %d %d %d\n", host[0], host[1], host[2], host[3],
         host[4], host[5]);

  /* Buffers are 64-byte aligned. */
  show("alloc out", tile_buffer_alloc(device, 8, &out));
  args[0] = bufferArg(buffer);
  args[1] = bufferArg(out);
  show("launch alignment", tile_kernel_launch(alignment, grid, args, 2));
  show("copy alignment", tile_buffer_copy_to_host(out, 0, &value, 8));
  printf("address %% 64 = %lld\n", (long long)value);

  /* Handles of the wrong kind. */
  show("free a module", tile_buffer_free((tile_buffer_t)module));
  show("unload a kernel", tile_module_unload((tile_module_t)gridIds));
  show("launch a buffer",
       tile_kernel_launch((tile_kernel_t)ids, grid, args, 1));

  /* A closed device lives on while its buffers and modules do, but its
   * handle is stale. */
  show("load second", tile_module_load_file(device, argv[1], &second));
  show("kernel second",
       tile_module_get_kernel(second, "grid_ids", &secondKernel));
  show("close", tile_device_close(device));
  show("close again", tile_device_close(device));
  show("name after close", tile_device_name(device, &name));
  show("synchronize after close", tile_device_synchronize(device));
  show("alloc after close", tile_buffer_alloc(device, 8, &out));
  show("load after close", tile_module_load_file(device, argv[1], &module));
  args[0] = bufferArg(ids);
  show("launch after close", tile_kernel_launch(gridIds, grid, args, 1));
  show("unload", tile_module_unload(module));
  show("unload null", tile_module_unload(NULL));

  /* The module's handle and its kernels' go stale with it; another module
   * of the same artifact is not affected. */
  show("unload again", tile_module_unload(module));
  show("kernel after unload",
       tile_module_get_kernel(module, "grid_ids", &gridIds));
  show("launch after unload", tile_kernel_launch(gridIds, grid, args, 1));
  show("num args after unload", tile_kernel_num_args(gridIds, &numArgs));
  show("arg kind after unload", tile_kernel_arg_kind(gridIds, 0, &kind));
  show("attribute after unload",
       tile_kernel_attribute(gridIds, "threads", &value));
  show("launch second", tile_kernel_launch(secondKernel, grid, args, 1));
  show("unload second", tile_module_unload(second));
  show("launch second after unload",
       tile_kernel_launch(secondKernel, grid, args, 1));
  show("free buffer", tile_buffer_free(buffer));
  show("free ids", tile_buffer_free(ids));
  show("free out", tile_buffer_free(out));
  show("free foreign", tile_buffer_free(foreign));
  show("free ids again", tile_buffer_free(ids));
  show("close other", tile_device_close(other));
  show("close other again", tile_device_close(other));
  show("close null", tile_device_close(NULL));
  return 0;
}
