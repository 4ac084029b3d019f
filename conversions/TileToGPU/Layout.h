//===- Layout.h - How a tile's elements are spread over threads -*- C++ -*-===//
//
// The GPU lowering gives every tile value a layout: which thread holds which
// elements, in which of its registers. Layouts are linear in the bits of the
// register, lane and warp indices (the idea of Triton's linear layouts):
// register r of lane l of warp w holds the element at
//
//   (sum of regBases[i] for the set bits i of r
//    + laneBases[j] for the set bits j of l
//    + warpBases[k] for the set bits k of w)  modulo the shape,
//
// every tile extent being a power of two. A zero basis vector means copies:
// threads (or registers) differing only in that bit hold the same element.
// Blocked layouts (16-byte vectors per thread, coalesced across the warp),
// the layouts of reduction results and of matrix-product accumulators are all
// of this form, so one representation answers every question the lowering
// asks: which element a register holds, whether two layouts agree register by
// register (no data movement), and which threads own an element for stores.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TILETOGPU_LAYOUT_H
#define TILE_CONVERSIONS_TILETOGPU_LAYOUT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::tile::togpu {

/// Coordinates in a tile, one per dimension.
using Coords = SmallVector<int64_t, 2>;

struct Layout {
  SmallVector<int64_t, 2> shape;
  SmallVector<Coords> regBases, laneBases, warpBases;

  unsigned getRank() const { return shape.size(); }
  int64_t getNumRegs() const { return int64_t(1) << regBases.size(); }
  int64_t getNumElements() const;
  /// The part of the coordinates of register `reg` that does not depend on
  /// the thread (already reduced modulo the shape).
  Coords getRegCoords(int64_t reg) const;
  /// Bits of the lane (warp) index whose basis vector is zero: threads with
  /// any of them set hold copies of other threads' elements.
  unsigned getCopyLaneMask() const;
  unsigned getCopyWarpMask() const;
  /// Whether register `reg` is the first copy among the thread's registers
  /// (its bits with zero basis vectors are all clear).
  bool isFirstRegCopy(int64_t reg) const;
  /// The first register holding the same element as `reg`.
  int64_t getFirstRegCopy(int64_t reg) const;
  /// A printable, unique description (also the memoization key).
  std::string str() const;
  bool operator==(const Layout &other) const;
  bool operator!=(const Layout &other) const { return !(*this == other); }
};

/// A blocked layout of `shape`: each thread holds `vector` consecutive
/// elements along `order[0]` (the fastest dimension), lanes continue along
/// `order` fastest first, warps along the slowest dimensions first, and
/// registers repeat the pattern over what remains, fastest first.
Layout getBlockedLayout(ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
                        int64_t vector, unsigned warpSize, unsigned numWarps);

/// The layout of a reduction of `parent` along `dim`: `dim` removed and the
/// registers that only differed along it merged.
Layout getSliceLayout(const Layout &parent, unsigned dim);

/// `layout` with dimension `dim` removed and nothing merged: register r of
/// the result holds, per thread, the projection of what register r of
/// `layout` holds (the source of an expand_dims).
Layout dropDim(const Layout &layout, unsigned dim);

/// `layout` restricted to a source of `shape` whose extent-1 dimensions are
/// broadcast (the source of a broadcast), registers kept.
Layout projectToShape(const Layout &layout, ArrayRef<int64_t> shape);

/// `layout` with its dimensions permuted: dimension i of the result is
/// dimension `order[i]` of `layout`.
Layout permuteDims(const Layout &layout, ArrayRef<int64_t> order);

/// `layout` of a tile seen as one of `shape` with the same row-major order
/// (a reshape): the same elements in the same registers and threads. With
/// power-of-two extents a row-major index is its coordinates' bits side by
/// side, so each basis maps to the coordinates of its index.
Layout reshapeLayout(const Layout &layout, ArrayRef<int64_t> shape);

/// If the last dimension of `layout` (of extent 2) is held by one register
/// basis alone, which is along it only: that basis's index. A split's
/// halves are then registers of the same threads.
std::optional<unsigned> getHalvesRegister(const Layout &layout);

/// A half of a split of a tile in `layout`, where getHalvesRegister found
/// register basis `halves`: the other registers, the last dimension gone.
Layout getHalfLayout(const Layout &layout, unsigned halves);

/// The inverse: `half` with a last dimension of extent 2 held by a new
/// highest register basis (the tile a split of which gives `half`).
Layout getHalvesLayout(const Layout &half);

/// How many consecutive registers of `layout`, from register 0, step 1, 2,
/// 4, ... along dimension `dim` (at most `limit`): the elements a thread can
/// move as one vector.
int64_t getRunLength(const Layout &layout, unsigned dim, int64_t limit);

/// If every register of `to` holds, in every thread, an element the same
/// thread holds in `from`, the register of `from` for each register of `to`.
std::optional<SmallVector<int64_t>> getRegisterMapping(const Layout &from,
                                                       const Layout &to);

} // namespace mlir::tile::togpu

#endif // TILE_CONVERSIONS_TILETOGPU_LAYOUT_H
