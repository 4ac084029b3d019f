//===- Layout.cpp - How a tile's elements are spread over threads ---------===//

#include "tile/Conversion/TileToGPU/Layout.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile::togpu;

static Coords zeros(unsigned rank) { return Coords(rank, 0); }

static Coords unitAlong(unsigned rank, unsigned dim, int64_t value) {
  Coords c = zeros(rank);
  c[dim] = value;
  return c;
}

static bool isZero(const Coords &c) {
  return llvm::all_of(c, [](int64_t v) { return v == 0; });
}

int64_t Layout::getNumElements() const {
  int64_t n = 1;
  for (int64_t extent : shape)
    n *= extent;
  return n;
}

Coords Layout::getRegCoords(int64_t reg) const {
  Coords c = zeros(getRank());
  for (auto [bit, basis] : llvm::enumerate(regBases))
    if (reg & (int64_t(1) << bit))
      for (unsigned d = 0; d < getRank(); ++d)
        c[d] += basis[d];
  for (unsigned d = 0; d < getRank(); ++d)
    c[d] &= shape[d] - 1;
  return c;
}

static unsigned zeroMask(ArrayRef<Coords> bases) {
  unsigned mask = 0;
  for (auto [bit, basis] : llvm::enumerate(bases))
    if (isZero(basis))
      mask |= 1u << bit;
  return mask;
}

unsigned Layout::getCopyLaneMask() const { return zeroMask(laneBases); }
unsigned Layout::getCopyWarpMask() const { return zeroMask(warpBases); }

bool Layout::isFirstRegCopy(int64_t reg) const {
  return (reg & zeroMask(regBases)) == 0;
}

int64_t Layout::getFirstRegCopy(int64_t reg) const {
  return reg & ~int64_t(zeroMask(regBases));
}

std::string Layout::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto print = [&](ArrayRef<Coords> bases) {
    os << "[";
    llvm::interleaveComma(bases, os, [&](const Coords &c) {
      os << "(";
      llvm::interleaveComma(c, os);
      os << ")";
    });
    os << "]";
  };
  os << "<";
  llvm::interleave(shape, os, "x");
  os << " regs=";
  print(regBases);
  os << " lanes=";
  print(laneBases);
  os << " warps=";
  print(warpBases);
  os << ">";
  return s;
}

bool Layout::operator==(const Layout &other) const {
  return shape == other.shape && regBases == other.regBases &&
         laneBases == other.laneBases && warpBases == other.warpBases;
}

/// Reduces every basis vector modulo the shape: a vector that steps past
/// the end of a dimension wraps onto elements other threads already hold.
static void normalize(Layout &layout) {
  for (auto *bases : {&layout.regBases, &layout.laneBases, &layout.warpBases})
    for (Coords &basis : *bases)
      for (unsigned d = 0; d < layout.getRank(); ++d)
        basis[d] &= layout.shape[d] - 1;
}

Layout mlir::tile::togpu::getBlockedLayout(ArrayRef<int64_t> shape,
                                           ArrayRef<unsigned> order,
                                           int64_t vector, unsigned warpSize,
                                           unsigned numWarps) {
  unsigned rank = shape.size();
  Layout layout;
  layout.shape.assign(shape.begin(), shape.end());
  // How much of each dimension the bases so far cover.
  SmallVector<int64_t> covered(rank, 1);
  auto take = [&](SmallVector<Coords> &bases, unsigned dim) {
    bases.push_back(unitAlong(rank, dim, covered[dim]));
    covered[dim] *= 2;
  };
  // Registers: `vector` consecutive elements along the fastest dimension.
  for (int64_t v = 1; v < vector && covered[order[0]] < shape[order[0]]; v *= 2)
    take(layout.regBases, order[0]);
  // Lanes: fastest dimension first; lanes left over hold copies.
  for (unsigned lane = 1; lane < warpSize; lane *= 2) {
    auto dim =
        llvm::find_if(order, [&](unsigned d) { return covered[d] < shape[d]; });
    if (dim == order.end())
      layout.laneBases.push_back(zeros(rank));
    else
      take(layout.laneBases, *dim);
  }
  // Warps: slowest dimension first, so that a row stays within one warp.
  for (unsigned warp = 1; warp < numWarps; warp *= 2) {
    auto dim = llvm::find_if(llvm::reverse(order),
                             [&](unsigned d) { return covered[d] < shape[d]; });
    if (dim == llvm::reverse(order).end())
      layout.warpBases.push_back(zeros(rank));
    else
      take(layout.warpBases, *dim);
  }
  // Registers again for whatever the threads do not cover.
  for (unsigned d : order)
    while (covered[d] < shape[d])
      take(layout.regBases, d);
  normalize(layout);
  return layout;
}

Layout mlir::tile::togpu::dropDim(const Layout &layout, unsigned dim) {
  Layout result;
  for (unsigned d = 0; d < layout.getRank(); ++d)
    if (d != dim)
      result.shape.push_back(layout.shape[d]);
  auto project = [&](ArrayRef<Coords> bases, SmallVector<Coords> &out) {
    for (const Coords &basis : bases) {
      Coords c;
      for (unsigned d = 0; d < basis.size(); ++d)
        if (d != dim)
          c.push_back(basis[d]);
      out.push_back(c);
    }
  };
  project(layout.regBases, result.regBases);
  project(layout.laneBases, result.laneBases);
  project(layout.warpBases, result.warpBases);
  return result;
}

Layout mlir::tile::togpu::getSliceLayout(const Layout &parent, unsigned dim) {
  Layout result = dropDim(parent, dim);
  llvm::erase_if(result.regBases, isZero);
  return result;
}

Layout mlir::tile::togpu::projectToShape(const Layout &layout,
                                         ArrayRef<int64_t> shape) {
  Layout result = layout;
  result.shape.assign(shape.begin(), shape.end());
  normalize(result);
  return result;
}

Layout mlir::tile::togpu::permuteDims(const Layout &layout,
                                      ArrayRef<int64_t> order) {
  Layout result;
  for (int64_t d : order)
    result.shape.push_back(layout.shape[d]);
  auto permute = [&](ArrayRef<Coords> bases, SmallVector<Coords> &out) {
    for (const Coords &basis : bases) {
      Coords c;
      for (int64_t d : order)
        c.push_back(basis[d]);
      out.push_back(c);
    }
  };
  permute(layout.regBases, result.regBases);
  permute(layout.laneBases, result.laneBases);
  permute(layout.warpBases, result.warpBases);
  return result;
}

Layout mlir::tile::togpu::reshapeLayout(const Layout &layout,
                                        ArrayRef<int64_t> shape) {
  Layout result;
  result.shape.assign(shape.begin(), shape.end());
  auto reshape = [&](ArrayRef<Coords> bases, SmallVector<Coords> &out) {
    for (const Coords &basis : bases) {
      int64_t index = 0;
      for (unsigned d = 0; d < layout.getRank(); ++d)
        index = index * layout.shape[d] + (basis[d] & (layout.shape[d] - 1));
      Coords c(shape.size(), 0);
      for (unsigned d = shape.size(); d-- > 0;) {
        c[d] = index % shape[d];
        index /= shape[d];
      }
      out.push_back(c);
    }
  };
  reshape(layout.regBases, result.regBases);
  reshape(layout.laneBases, result.laneBases);
  reshape(layout.warpBases, result.warpBases);
  return result;
}

std::optional<unsigned>
mlir::tile::togpu::getHalvesRegister(const Layout &layout) {
  unsigned last = layout.getRank() - 1;
  if (layout.shape[last] != 2)
    return std::nullopt;
  auto alongLast = [&](const Coords &basis) { return (basis[last] & 1) != 0; };
  if (llvm::any_of(layout.laneBases, alongLast) ||
      llvm::any_of(layout.warpBases, alongLast))
    return std::nullopt;
  std::optional<unsigned> found;
  for (auto [i, basis] : llvm::enumerate(layout.regBases)) {
    if (!alongLast(basis))
      continue;
    if (found || llvm::any_of(ArrayRef(basis).drop_back(),
                              [](int64_t v) { return v != 0; }))
      return std::nullopt;
    found = i;
  }
  return found;
}

Layout mlir::tile::togpu::getHalfLayout(const Layout &layout, unsigned halves) {
  Layout half = dropDim(layout, layout.getRank() - 1);
  half.regBases.erase(half.regBases.begin() + halves);
  return half;
}

Layout mlir::tile::togpu::getHalvesLayout(const Layout &half) {
  Layout layout = half;
  layout.shape.push_back(2);
  for (SmallVector<Coords> *bases :
       {&layout.regBases, &layout.laneBases, &layout.warpBases})
    for (Coords &basis : *bases)
      basis.push_back(0);
  Coords along(layout.getRank(), 0);
  along.back() = 1;
  layout.regBases.push_back(along);
  return layout;
}

std::optional<SmallVector<int64_t>>
mlir::tile::togpu::getRegisterMapping(const Layout &from, const Layout &to) {
  // The thread-dependent part of the coordinates must be the same function
  // of the lane and warp; then only the registers' constant parts matter.
  if (from.shape != to.shape || from.laneBases != to.laneBases ||
      from.warpBases != to.warpBases)
    return std::nullopt;
  SmallVector<int64_t> mapping;
  SmallVector<Coords> fromCoords;
  for (int64_t r = 0; r < from.getNumRegs(); ++r)
    fromCoords.push_back(from.getRegCoords(r));
  for (int64_t r = 0; r < to.getNumRegs(); ++r) {
    auto it = llvm::find(fromCoords, to.getRegCoords(r));
    if (it == fromCoords.end())
      return std::nullopt;
    mapping.push_back(it - fromCoords.begin());
  }
  return mapping;
}

int64_t mlir::tile::togpu::getRunLength(const Layout &layout, unsigned dim,
                                        int64_t limit) {
  int64_t width = 1;
  for (const Coords &basis : layout.regBases) {
    if (width >= limit || basis[dim] != width ||
        llvm::count_if(basis, [](int64_t v) { return v != 0; }) != 1)
      break;
    width *= 2;
  }
  return width;
}
