//===- TestAxisInfo.h - A pass printing the axis analysis ------*- C++ -*-===//

#ifndef TILE_DIALECTS_TILE_ANALYSIS_TESTAXISINFO_H
#define TILE_DIALECTS_TILE_ANALYSIS_TESTAXISINFO_H

namespace mlir::tile {
/// Registers -test-tile-axis-info, which emits a remark with the axis facts
/// of every integer or pointer result.
void registerTestAxisInfoPass();
} // namespace mlir::tile

#endif // TILE_DIALECTS_TILE_ANALYSIS_TESTAXISINFO_H
