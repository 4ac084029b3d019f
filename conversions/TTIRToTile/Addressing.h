//===- Addressing.h - Element pointers of blocks of strided arrays --------===//
//
// Descriptor accesses and block pointers both reach a block of an N-D
// strided array (base, extent and stride per dimension); where tile has no
// twin for them they become TTIR pointer tensors and bounds masks, built
// here. Internal to the TTIR import.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSIONS_TTIRTOTILE_ADDRESSING_H
#define TILE_CONVERSIONS_TTIRTOTILE_ADDRESSING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tile {

/// `value`, a 1-D tensor along dimension `dim` of `shape`, broadcast to all
/// of it (tt.expand_dims and tt.broadcast).
Value spreadAlong(OpBuilder &b, Location loc, Value value,
                  ArrayRef<int64_t> shape, int64_t dim);

/// A tile of `type` filled with what out-of-bounds elements of a descriptor
/// or block pointer read: NaN for float elements under `nanPadding`, else
/// zero.
Value paddingTile(OpBuilder &b, Location loc, RankedTensorType type,
                  bool nanPadding);

/// Emits the address arithmetic of accesses to blocks of `shape` in the
/// array at `base` whose extents (i32 or i64) and strides (i64, in
/// elements) are given per dimension. Index arithmetic is in i64.
class BlockAddressing {
public:
  BlockAddressing(OpBuilder &b, Location loc, Value base, ValueRange extents,
                  ValueRange strides, ArrayRef<int64_t> shape)
      : b(b), loc(loc), base(base), extents(extents), strides(strides),
        shape(shape) {}

  /// The indices, along dimension `dim`, of a block starting at `offset`
  /// (an i32 scalar), spread over the whole block.
  Value blockIndices(int64_t dim, Value offset);

  /// `indices` (a 1-D integer tensor along dimension `dim`), spread.
  Value givenIndices(int64_t dim, Value indices);

  /// Pointers to the elements at `indices` (one tensor per dimension, from
  /// the two above), and the mask of those in bounds (0 <= i < extent)
  /// along the dimensions `checked` marks: null when it marks none.
  std::pair<Value, Value> address(ArrayRef<Value> indices,
                                  ArrayRef<bool> checked);

private:
  Value widen(Value value);

  OpBuilder &b;
  Location loc;
  Value base;
  ValueRange extents, strides;
  ArrayRef<int64_t> shape;
};

} // namespace mlir::tile

#endif // TILE_CONVERSIONS_TTIRTOTILE_ADDRESSING_H
