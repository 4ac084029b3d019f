//===- Tuning.h - Choosing among a kernel's alternatives --------*- C++ -*-===//
//
// A kernel may come with alternatives (docs/Runtime.md): compiled forms with
// the same arguments and results that differ in how they compute them. The
// first launch of each shape bucket times them all and keeps the fastest, in
// memory and in a tuning cache file shared by processes.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_TUNING_H
#define TILE_RUNTIME_TUNING_H

#include "tile/Runtime/Objects.h"

#include <vector>

namespace mlir::tile::rt {

/// The records of the kernel as written and of its alternatives, in order
/// (alternative N at position N); one record for a kernel without any.
std::vector<size_t> alternativeRecords(const Module &module, size_t kernel);

/// Whether $TILE_LOG_LAUNCHES asks for a line per launch on stderr.
bool launchLogEnabled();

/// Launches record `kernel` (the kernel as written or one alternative) as
/// tile_kernel_launch does once the alternative is chosen: its variant when
/// the arguments allow, on `stream` or, timed, at once (runtime.cpp).
tile_status_t launchRecord(const KernelRef &kernel, Stream *stream,
                           const uint32_t grid[3], const tile_arg_t *args,
                           size_t numArgs, double *outMilliseconds);

/// The record a launch of `kernel` (which has alternatives) runs, with
/// checked arguments whose buffers are `buffers` (null for non-pointers):
/// $TILE_ALTERNATIVE if set, else the choice made for the launch's shape
/// bucket, remembered or read from the tuning cache, else timed now.
tile_status_t chooseAlternative(
    const KernelRef &kernel, Stream *stream, const uint32_t grid[3],
    const tile_arg_t *args, size_t numArgs,
    const std::vector<std::shared_ptr<Buffer>> &buffers, KernelRef &out);

/// Times every alternative of `kernel` for this launch (the buffers restored
/// before each and after the last), records the fastest for the bucket and
/// reports each one's median time (NaN where it failed) and the choice.
tile_status_t
tuneAlternatives(const KernelRef &kernel, Stream *stream,
                 const uint32_t grid[3], const tile_arg_t *args, size_t numArgs,
                 const std::vector<std::shared_ptr<Buffer>> &buffers,
                 std::vector<double> &milliseconds, size_t &chosen);

} // namespace mlir::tile::rt

#endif // TILE_RUNTIME_TUNING_H
