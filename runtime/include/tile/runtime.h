/*===- tile/runtime.h - The tile runtime's C API ------------------*- C -*-===*\
|*                                                                            *|
|* Devices, buffers, modules loaded from artifacts, kernels and launches, the *|
|* same on every backend ("cpu", "cuda", "hip"). Plain C, usable from C++.    *|
|*                                                                            *|
|* Conventions:                                                               *|
|*  - Every function returns a tile_status_t; NULL means success. A non-NULL  *|
|*    status carries a code and a one-line message and must be released with *|
|*    tile_status_free. No function aborts the process.                       *|
|*  - Results are written through `out` pointers, and only on success.        *|
|*  - Handles are opaque. A buffer or module keeps its device alive: closing  *|
|*    a device releases the caller's reference, and the device goes away when *|
|*    its last buffer and module are gone too. Kernel handles belong to their *|
|*    module and go stale once it is unloaded.                                *|
|*  - Handles are checked: using one that was freed, unloaded or closed (a    *|
|*    double free, a kernel of an unloaded module, a closed device), or one   *|
|*    of the wrong kind, returns TILE_INVALID_ARGUMENT ("buffer handle is     *|
|*    stale (freed)"); it is never dereferenced.                              *|
|*  - Argument numbers in messages count from 0.                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_H
#define TILE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-- Status ------------------------------------------------------------===*/

typedef enum tile_status_code_t {
  TILE_OK = 0,
  TILE_INVALID_ARGUMENT,
  TILE_NOT_FOUND,
  TILE_NO_DEVICE,
  TILE_OUT_OF_MEMORY,
  TILE_CORRUPT_ARTIFACT,
  TILE_WRONG_TARGET,
  TILE_LAUNCH_FAILED,
  TILE_UNSUPPORTED,
  TILE_INTERNAL
} tile_status_code_t;

/* NULL is success. */
typedef struct tile_status_s *tile_status_t;

/* TILE_OK for NULL. */
tile_status_code_t tile_status_code(tile_status_t status);
/* "ok" for NULL; otherwise valid until the status is freed. */
const char *tile_status_message(tile_status_t status);
/* Accepts NULL. */
void tile_status_free(tile_status_t status);
/* The enumerator's name without prefix, e.g. "WRONG_TARGET". */
const char *tile_status_code_name(tile_status_code_t code);

/*===-- Handles -----------------------------------------------------------===*/

typedef struct tile_device_s *tile_device_t;
typedef struct tile_buffer_s *tile_buffer_t;
typedef struct tile_module_s *tile_module_t;
typedef struct tile_kernel_s *tile_kernel_t;
typedef struct tile_stream_s *tile_stream_t;
typedef struct tile_event_s *tile_event_t;

/*===-- Devices -----------------------------------------------------------===*/

/* backend is "cpu", "cuda" or "hip". Backends whose driver or implementation
 * is missing return TILE_NO_DEVICE with a message saying why. */
tile_status_t tile_device_count(const char *backend, int *out_count);
tile_status_t tile_device_open(const char *backend, int ordinal,
                               tile_device_t *out_device);
/* Accepts NULL. */
tile_status_t tile_device_close(tile_device_t device);
/* A human-readable name, valid while the device is open. */
tile_status_t tile_device_name(tile_device_t device, const char **out_name);
/* Waits until all work submitted to the device, on every stream, has
 * finished. Failures of work queued on a stream are reported by that
 * stream's tile_stream_synchronize. */
tile_status_t tile_device_synchronize(tile_device_t device);

/* What a device is. The strings stay valid while the device is open. */
typedef struct tile_device_info_t {
  const char *backend;   /* "cpu", "cuda", "hip" */
  int ordinal;           /* as opened: "cuda:1" is 1 */
  const char *name;      /* "NVIDIA H200"; the CPU's model name */
  const char *chip;      /* "sm_90", "gfx942"; the host's "x86_64" */
  uint64_t memory_bytes; /* device memory; the host's on the CPU */
  int compute_units;     /* multiprocessors, compute units; CPU threads */
} tile_device_info_t;

tile_status_t tile_device_info(tile_device_t device,
                               tile_device_info_t *out_info);

/*===-- Buffers -----------------------------------------------------------===*/

/* Device memory of `bytes` > 0 bytes, 64-byte aligned on the CPU and 256-byte
 * on GPUs, contents unspecified. */
tile_status_t tile_buffer_alloc(tile_device_t device, size_t bytes,
                                tile_buffer_t *out_buffer);
/* A buffer over `bytes` > 0 bytes of memory the caller owns and keeps alive
 * while the buffer is used: host memory on the CPU, a device address of this
 * device on GPUs (e.g. a framework's tensor). The runtime never frees it; its
 * base needs only its element type's alignment (docs/Semantics.md). */
tile_status_t tile_buffer_wrap(tile_device_t device, void *address,
                               size_t bytes, tile_buffer_t *out_buffer);
/* Accepts NULL. A wrapped buffer's memory stays the caller's. */
tile_status_t tile_buffer_free(tile_buffer_t buffer);
tile_status_t tile_buffer_size(tile_buffer_t buffer, size_t *out_bytes);
/* Copies between host memory and [offset, offset + bytes) of the buffer. */
tile_status_t tile_buffer_copy_from_host(tile_buffer_t buffer, size_t offset,
                                         const void *src, size_t bytes);
tile_status_t tile_buffer_copy_to_host(tile_buffer_t buffer, size_t offset,
                                       void *dst, size_t bytes);
/* Repeats the pattern over the whole buffer; pattern_bytes is 1, 2, 4 or 8
 * and divides the buffer size. */
tile_status_t tile_buffer_fill(tile_buffer_t buffer, const void *pattern,
                               size_t pattern_bytes);

/*===-- Modules and kernels -----------------------------------------------===*/

/* Loads an artifact from memory (the bytes may be freed afterwards). Fails
 * with TILE_CORRUPT_ARTIFACT if it is malformed, TILE_WRONG_TARGET if it was
 * compiled for another kind of device. */
tile_status_t tile_module_load(tile_device_t device, const void *data,
                               size_t size, tile_module_t *out_module);
tile_status_t tile_module_load_file(tile_device_t device, const char *path,
                                    tile_module_t *out_module);
/* Accepts NULL. The module's kernel handles go stale with it. */
tile_status_t tile_module_unload(tile_module_t module);
tile_status_t tile_module_get_kernel(tile_module_t module, const char *name,
                                     tile_kernel_t *out_kernel);

typedef enum tile_arg_kind_t {
  TILE_ARG_PTR = 0,
  TILE_ARG_I1,
  TILE_ARG_I8,
  TILE_ARG_I16,
  TILE_ARG_I32,
  TILE_ARG_I64,
  TILE_ARG_F16,
  TILE_ARG_BF16,
  TILE_ARG_F32,
  TILE_ARG_F64
} tile_arg_kind_t;

/* The artifact spelling of a kind: "ptr", "i32", ...; "?" if unknown. */
const char *tile_arg_kind_name(tile_arg_kind_t kind);

tile_status_t tile_kernel_num_args(tile_kernel_t kernel, size_t *out_count);
tile_status_t tile_kernel_arg_kind(tile_kernel_t kernel, size_t index,
                                   tile_arg_kind_t *out_kind);
/* A launch attribute of the artifact (e.g. "threads"); TILE_NOT_FOUND if the
 * kernel has none of that name. */
tile_status_t tile_kernel_attribute(tile_kernel_t kernel, const char *name,
                                    int64_t *out_value);

/*===-- Launch ------------------------------------------------------------===*/

/* One kernel argument. `kind` must equal the kernel's argument kind.
 *   TILE_ARG_PTR                      value.buffer (a buffer of the device)
 *   TILE_ARG_I1 .. TILE_ARG_I64       value.i, within the kind's bits read as
 *                                     signed or unsigned (i1: 0 or 1)
 *   TILE_ARG_F16, TILE_ARG_BF16       value.bits16, the raw bits
 *   TILE_ARG_F32, TILE_ARG_F64        value.f (finite f32 values must fit) */
typedef struct tile_arg_t {
  tile_arg_kind_t kind;
  union {
    tile_buffer_t buffer;
    int64_t i;
    double f;
    uint16_t bits16;
  } value;
} tile_arg_t;

/* Runs the kernel on a grid[0] x grid[1] x grid[2] grid of programs. Grid
 * extents are 1 to 2^31-1 along x and 1 to 65535 along y and z; a zero extent
 * is refused with TILE_INVALID_ARGUMENT (docs/Semantics.md). A kernel that
 * declares its grid (tile.grid) runs over that grid: `grid` may then be NULL
 * or zeros, and another grid is refused. The launch may be asynchronous on
 * GPUs; tile_device_synchronize waits for it. A failed tile.assert gives
 * TILE_LAUNCH_FAILED. */
tile_status_t tile_kernel_launch(tile_kernel_t kernel, const uint32_t grid[3],
                                 const tile_arg_t *args, size_t num_args);
/* Like tile_kernel_launch, then waits for the launch to finish and returns
 * its time in milliseconds: on the CPU the wall time (CLOCK_MONOTONIC),
 * argument checks excluded; on GPUs the time between events recorded before
 * and after the launch. */
tile_status_t tile_kernel_launch_timed(tile_kernel_t kernel,
                                       const uint32_t grid[3],
                                       const tile_arg_t *args, size_t num_args,
                                       double *out_milliseconds);

/* The grid the kernel declares (tile.grid) for these arguments, checked as
 * a launch checks them; TILE_NOT_FOUND if it declares none. */
tile_status_t tile_kernel_grid(tile_kernel_t kernel, const tile_arg_t *args,
                               size_t num_args, uint32_t out_grid[3]);

/* Alternatives (docs/Runtime.md): compiled forms of one kernel with the same
 * arguments and results. A launch runs the one chosen for its shape bucket:
 * $TILE_ALTERNATIVE if set, else the one timed fastest when the bucket was
 * first launched, in this process or, through the tuning cache file, an
 * earlier one. A kernel without alternatives has one, itself (#0). */
tile_status_t tile_kernel_num_alternatives(tile_kernel_t kernel,
                                           size_t *out_count);
/* The entry symbol of alternative `index`; valid while the module is. */
tile_status_t tile_kernel_alternative_symbol(tile_kernel_t kernel, size_t index,
                                             const char **out_symbol);
/* Times every alternative for a launch with these arguments (one untimed run
 * and the median of three each, the buffers restored before each run and
 * after the last, so they end as they were), stores the fastest as the
 * bucket's choice (in memory and in the tuning cache file) and reports each
 * one's time in out_milliseconds[0..count) (NaN for one whose launch
 * failed) and the choice. Runs on the device's own queue, after waiting for
 * the device. */
tile_status_t tile_kernel_tune(tile_kernel_t kernel, const uint32_t grid[3],
                               const tile_arg_t *args, size_t num_args,
                               double *out_milliseconds, size_t capacity,
                               size_t *out_chosen);

/*===-- Streams and events ------------------------------------------------===*/

/* A stream is an in-order queue of copies and launches on one device; work
 * on different streams may run concurrently. Calls that queue work check
 * their arguments at once (an error is returned then) and return before the
 * work runs; what fails while it runs (a failed tile.assert, a GPU fault) is
 * reported by the next tile_stream_synchronize of that stream, naming the
 * kernel. The objects queued work uses (buffers, the kernel's module) are
 * kept alive until it is done, even if freed or unloaded meanwhile; host
 * memory given to an asynchronous copy must stay valid until the stream is
 * synchronized. The synchronous calls above keep their meaning: on GPUs they
 * use the device's default stream, which waits for streams made here.
 * A stream or event keeps its device alive, and belongs to it: using one
 * with a buffer, kernel, stream or event of another device is refused. */

/* A new stream of the device: a worker thread on the CPU; on GPUs a driver
 * stream that, like the default stream, synchronizes with it. */
tile_status_t tile_stream_create(tile_device_t device,
                                 tile_stream_t *out_stream);
/* A stream over the caller's own CUstream or hipStream_t (NULL is the
 * default stream), e.g. a framework's current stream. The runtime never
 * destroys it. TILE_UNSUPPORTED on the CPU. */
tile_status_t tile_stream_wrap(tile_device_t device, void *native,
                               tile_stream_t *out_stream);
/* Accepts NULL. Waits for the stream's work, then destroys it; returns what
 * tile_stream_synchronize would have. */
tile_status_t tile_stream_destroy(tile_stream_t stream);
/* Waits for the work queued so far and reports the first failure since the
 * stream's last synchronization. */
tile_status_t tile_stream_synchronize(tile_stream_t stream);
/* *out_idle = 1 if all work queued so far has finished, else 0. */
tile_status_t tile_stream_query(tile_stream_t stream, int *out_idle);
/* Later work on the stream waits until the event's last recording (made
 * before this call) completes; a never-recorded event is complete. */
tile_status_t tile_stream_wait_event(tile_stream_t stream, tile_event_t event);

/* Like tile_buffer_copy_from_host / _to_host, queued on the stream. */
tile_status_t tile_buffer_copy_from_host_async(tile_buffer_t buffer,
                                               size_t offset, const void *src,
                                               size_t bytes,
                                               tile_stream_t stream);
tile_status_t tile_buffer_copy_to_host_async(tile_buffer_t buffer,
                                             size_t offset, void *dst,
                                             size_t bytes,
                                             tile_stream_t stream);

/* Like tile_kernel_launch, queued on the stream: the arguments are checked
 * and copied before it returns. */
tile_status_t tile_kernel_launch_async(tile_kernel_t kernel,
                                       tile_stream_t stream,
                                       const uint32_t grid[3],
                                       const tile_arg_t *args, size_t num_args);

tile_status_t tile_event_create(tile_device_t device, tile_event_t *out_event);
/* Accepts NULL. */
tile_status_t tile_event_destroy(tile_event_t event);
/* Records the event at the current end of the stream (of its device). */
tile_status_t tile_event_record(tile_event_t event, tile_stream_t stream);
/* Waits until the event's last recording completes. */
tile_status_t tile_event_synchronize(tile_event_t event);
/* *out_done = 1 if the event's last recording has completed, else 0. */
tile_status_t tile_event_query(tile_event_t event, int *out_done);
/* Waits for both events, then the milliseconds from start to end; both
 * must have been recorded. */
tile_status_t tile_event_elapsed(tile_event_t start, tile_event_t end,
                                 double *out_milliseconds);

#ifdef __cplusplus
}
#endif

#endif /* TILE_RUNTIME_H */
