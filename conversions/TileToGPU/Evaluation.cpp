//===- Evaluation.cpp - A tile's registers in a given layout --------------===//
//
// What each tile-producing op is in one thread: the scalars of the elements
// it holds in a requested layout. Element-level ops work register by
// register; broadcast, expand_dims and trans only rename coordinates; loads
// and the other ops with a fixed layout are computed once and moved between
// layouts by renaming registers or through shared memory.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToGPU/KernelLowering.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::togpu;

//===----------------------------------------------------------------------===//
// Thread geometry and shared memory
//===----------------------------------------------------------------------===//

SmallVector<SmallVector<Value, 2>>
KernelLowering::coordinates(OpBuilder &b, Location loc, const Layout &layout) {
  unsigned rank = layout.getRank();
  // The thread-dependent part, once per layout at the kernel's entry.
  std::string key = layout.str();
  auto it = threadBases.find(key);
  if (it == threadBases.end()) {
    OpBuilder entry(entryMarker);
    SmallVector<Value, 2> base;
    for (unsigned d = 0; d < rank; ++d) {
      Value sum = constI32(entry, loc, 0);
      auto addBits = [&](ArrayRef<Coords> bases, Value index) {
        for (auto [bit, basis] : llvm::enumerate(bases)) {
          if (basis[d] == 0)
            continue;
          Value bitValue = arith::AndIOp::create(
              entry, loc,
              arith::ShRUIOp::create(entry, loc, index,
                                     constI32(entry, loc, bit)),
              constI32(entry, loc, 1));
          sum = arith::AddIOp::create(
              entry, loc, sum,
              arith::MulIOp::create(entry, loc, bitValue,
                                    constI32(entry, loc, basis[d])));
        }
      };
      addBits(layout.laneBases, laneId);
      addBits(layout.warpBases, warpId);
      // Threads beyond the tile wrap around (they hold copies).
      base.push_back(arith::AndIOp::create(
          entry, loc, sum, constI32(entry, loc, layout.shape[d] - 1)));
    }
    it = threadBases.emplace(key, base).first;
  }
  // The coordinate bits threads may set, per dimension: a register offset
  // with none of them adds without carries, so it stays a constant offset
  // the backend folds into addresses.
  SmallVector<int64_t> threadBits(rank, 0);
  for (ArrayRef<Coords> bases :
       {ArrayRef<Coords>(layout.laneBases), ArrayRef<Coords>(layout.warpBases)})
    for (const Coords &basis : bases)
      for (unsigned d = 0; d < rank; ++d) {
        int64_t mask = layout.shape[d] - 1, bits = basis[d] & mask;
        if (!bits)
          continue;
        // Bases that could carry into each other: any bit may be set.
        if (!llvm::isPowerOf2_64(bits) || (threadBits[d] & bits))
          threadBits[d] = mask;
        else
          threadBits[d] |= bits;
      }
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  SmallVector<SmallVector<Value, 2>> coords;
  for (int64_t r = 0; r < layout.getNumRegs(); ++r) {
    Coords regCoords = layout.getRegCoords(r);
    SmallVector<Value, 2> c;
    for (unsigned d = 0; d < rank; ++d) {
      Value sum = it->second[d];
      if (regCoords[d] == 0) {
        c.push_back(sum);
        continue;
      }
      if (regCoords[d] < layout.shape[d] && !(regCoords[d] & threadBits[d])) {
        c.push_back(arith::AddIOp::create(
            b, loc, sum, constI32(b, loc, regCoords[d]), noWrap));
        continue;
      }
      sum = arith::AddIOp::create(b, loc, sum, constI32(b, loc, regCoords[d]));
      c.push_back(arith::AndIOp::create(b, loc, sum,
                                        constI32(b, loc, layout.shape[d] - 1)));
    }
    coords.push_back(c);
  }
  return coords;
}

Value KernelLowering::isFirstCopyThread(OpBuilder &b, Location loc,
                                        const Layout &layout) {
  unsigned laneMask = layout.getCopyLaneMask();
  unsigned warpMask = layout.getCopyWarpMask() & (numWarps - 1);
  if (!laneMask && !warpMask)
    return Value();
  Value bits = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, laneId, constI32(b, loc, laneMask)),
      arith::AndIOp::create(b, loc, warpId, constI32(b, loc, warpMask)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bits,
                               constI32(b, loc, 0));
}

Value KernelLowering::sharedAddress(OpBuilder &b, Location loc, Value offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Value base =
      LLVM::AddressOfOp::create(b, loc, ptrType, sharedMemory.getSymName());
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                             ValueRange{offset});
}

std::pair<Value, int64_t> mlir::tile::togpu::splitConstant(Value value) {
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add || !bitEnumContainsAll(add.getOverflowFlags(),
                                  arith::IntegerOverflowFlags::nuw))
    return {value, 0};
  APInt constant;
  if (!matchPattern(add.getRhs(), m_ConstantInt(&constant)))
    return {value, 0};
  auto [inner, offset] = splitConstant(add.getLhs());
  return {inner, offset + constant.getSExtValue()};
}

Value mlir::tile::togpu::linearIndex(OpBuilder &b, Location loc,
                                     ArrayRef<Value> coords,
                                     ArrayRef<int64_t> shape) {
  // Indices of shared-memory tiles are small: no wrapping, which lets the
  // backend split constant offsets off addresses.
  auto noWrap =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  Type i32 = b.getI32Type();
  Value index = arith::ConstantIntOp::create(b, loc, i32, 0);
  int64_t constant = 0;
  for (auto [c, extent] : llvm::zip(coords, shape)) {
    auto [variable, offset] = splitConstant(c);
    index = arith::MulIOp::create(
        b, loc, index, arith::ConstantIntOp::create(b, loc, i32, extent),
        noWrap);
    index = arith::AddIOp::create(b, loc, index, variable, noWrap);
    constant = constant * extent + offset;
  }
  // The constant part last: the backend folds it into addresses.
  return arith::AddIOp::create(
      b, loc, index, arith::ConstantIntOp::create(b, loc, i32, constant),
      noWrap);
}

/// Bytes an element of lowered type `type` takes in shared memory.
static int64_t sharedElementBytes(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Stores `value` to shared memory at `address` (i1 as a byte).
static void storeShared(OpBuilder &b, Location loc, Value value,
                        Value address) {
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, address,
                        sharedElementBytes(value.getType()));
}

static Value loadShared(OpBuilder &b, Location loc, Type type, Value address) {
  Type stored = type.isInteger(1) ? b.getI8Type() : type;
  Value value =
      LLVM::LoadOp::create(b, loc, stored, address, sharedElementBytes(stored));
  if (type.isInteger(1))
    value = arith::TruncIOp::create(b, loc, type, value);
  return value;
}

FailureOr<SmallVector<Value>> KernelLowering::convert(OpBuilder &b,
                                                      Location loc,
                                                      const Distributed &value,
                                                      const Layout &layout) {
  if (auto mapping = getRegisterMapping(value.layout, layout)) {
    SmallVector<Value> regs;
    for (int64_t r : *mapping)
      regs.push_back(value.regs[r]);
    return regs;
  }
  return convertThroughShared(b, loc, value, layout);
}

/// How many consecutive registers of `layout` hold consecutive elements
/// along `dim` that start at multiples of that count (every other basis
/// vector moves along `dim` by multiples of it), at most `limit`.
static int64_t getAlignedRunLength(const Layout &layout, unsigned dim,
                                   int64_t limit) {
  int64_t run = getRunLength(layout, dim, limit);
  unsigned inRun = llvm::Log2_64(run);
  auto aligned = [&](ArrayRef<Coords> bases, unsigned skip) {
    return llvm::all_of(bases.drop_front(skip),
                        [&](const Coords &c) { return c[dim] % run == 0; });
  };
  while (run > 1 &&
         !(aligned(layout.regBases, inRun) && aligned(layout.laneBases, 0) &&
           aligned(layout.warpBases, 0))) {
    run /= 2;
    --inRun;
  }
  return run;
}

/// Whether a conversion through shared memory moves elements of `type` as
/// vectors along the last dimension of `shape`.
static bool convertsAsVectors(ArrayRef<int64_t> shape, Type type) {
  return !shape.empty() && type.isIntOrFloat() && !type.isInteger(1);
}

/// The elements a row (last dimension) of `shape` takes in the scratch
/// space of a conversion: rows of a multiple of 128 bytes are padded by
/// 16, else a warp whose lanes hold one column of several rows (a
/// product's accumulator) hits one bank with all of them.
static int64_t convertedRowElements(ArrayRef<int64_t> shape, Type type,
                                    bool pad) {
  if (shape.empty())
    return 1;
  int64_t bytes = sharedElementBytes(type), row = shape.back();
  bool padded = pad && convertsAsVectors(shape, type) && shape.size() > 1 &&
                row != ShapedType::getNumElements(shape) &&
                row * bytes % 128 == 0;
  return padded ? row + 16 / bytes : row;
}

int64_t KernelLowering::getConversionBytes(ArrayRef<int64_t> shape,
                                           Type type) const {
  int64_t row = shape.empty() ? 1 : shape.back();
  return ShapedType::getNumElements(shape) / row *
         convertedRowElements(shape, type, padConversions) *
         sharedElementBytes(type);
}

namespace {
/// A register basis two layouts share that moves along one dimension only,
/// by a power of two no other basis of either layout touches: the elements
/// of the registers with that bit set are those with bit `value` of
/// coordinate `dim` set, in both layouts.
struct SharedRegisterBit {
  unsigned from, to; // the basis's index in each layout's registers
  unsigned dim;
  int64_t value;
};
} // namespace

/// Whether basis `c` moves along dimension `dim` only, by a power of two.
static bool alongOneDim(const Coords &c, unsigned dim) {
  for (auto [d, v] : llvm::enumerate(c))
    if ((d == dim) != (v != 0))
      return false;
  return llvm::isPowerOf2_64(c[dim]);
}

/// Whether a basis of `layout` other than register `except` sets bit
/// `value` of coordinate `dim`.
static bool touchesBit(const Layout &layout, unsigned except, unsigned dim,
                       int64_t value) {
  auto touches = [&](const Coords &c) { return (c[dim] & value) != 0; };
  for (auto [i, c] : llvm::enumerate(layout.regBases))
    if (i != except && touches(c))
      return true;
  return llvm::any_of(layout.laneBases, touches) ||
         llvm::any_of(layout.warpBases, touches);
}

/// Up to `count` register bits that split a conversion from `from` to `to`
/// into independent parts, the highest coordinates first; none moves along
/// the last dimension within a vector of `run` elements.
static SmallVector<SharedRegisterBit> findSharedRegisterBits(const Layout &from,
                                                             const Layout &to,
                                                             int64_t run,
                                                             unsigned count) {
  SmallVector<SharedRegisterBit> bits;
  if (from.shape.empty())
    return bits;
  unsigned last = from.shape.size() - 1;
  for (auto [i, c] : llvm::enumerate(from.regBases)) {
    auto dim = unsigned(llvm::find_if(c, [](int64_t v) { return v != 0; }) -
                        c.begin());
    if (dim == c.size() || !alongOneDim(c, dim) ||
        (dim == last && c[dim] < run))
      continue;
    auto *j = llvm::find(to.regBases, c);
    if (j == to.regBases.end())
      continue;
    unsigned toIndex = unsigned(j - to.regBases.begin());
    if (touchesBit(from, unsigned(i), dim, c[dim]) ||
        touchesBit(to, toIndex, dim, c[dim]))
      continue;
    bits.push_back({unsigned(i), toIndex, dim, c[dim]});
  }
  llvm::stable_sort(bits,
                    [](const SharedRegisterBit &a, const SharedRegisterBit &b) {
                      return a.value > b.value;
                    });
  if (bits.size() > count)
    bits.resize(count);
  return bits;
}

namespace {
/// How a conversion through shared memory goes (convertThroughShared).
struct ConversionPlan {
  int64_t writeRun = 1, readRun = 1;    ///< registers per vector
  SmallVector<SharedRegisterBit> split; ///< one part per value of these
  SmallVector<int64_t, 2> shape;        ///< the tile of one part
};
} // namespace

/// Row-major, each thread moving its runs along the last dimension as
/// vectors of up to 16 bytes. Where conversions may go in `parts` parts and
/// both layouts hold a coordinate bit in a register basis of their own, the
/// registers with each value of those bits go one part after the other
/// through a scratch space that many times smaller.
static ConversionPlan planConversion(const Layout &from, const Layout &to,
                                     Type type, int64_t parts) {
  ConversionPlan plan;
  plan.shape.assign(to.shape.begin(), to.shape.end());
  if (convertsAsVectors(to.shape, type)) {
    unsigned last = to.shape.size() - 1;
    int64_t limit = std::max<int64_t>(1, 16 / sharedElementBytes(type));
    plan.writeRun = getAlignedRunLength(from, last, limit);
    plan.readRun = getAlignedRunLength(to, last, limit);
  }
  plan.split = findSharedRegisterBits(
      from, to, std::max(plan.writeRun, plan.readRun), llvm::Log2_64(parts));
  for (const SharedRegisterBit &bit : plan.split)
    plan.shape[bit.dim] /= 2;
  return plan;
}

int64_t KernelLowering::getConversionBytes(const Layout &from, const Layout &to,
                                           Type type) const {
  return getConversionBytes(
      planConversion(from, to, type, conversionParts).shape, type);
}

FailureOr<SmallVector<Value>>
KernelLowering::convertThroughShared(OpBuilder &b, Location loc,
                                     const Distributed &value,
                                     const Layout &layout) {
  // Rows padded (convertedRowElements); parts as planConversion says.
  Type type = value.regs.front().getType();
  ConversionPlan plan =
      planConversion(value.layout, layout, type, conversionParts);
  ArrayRef<SharedRegisterBit> split = plan.split;
  ArrayRef<int64_t> shape = plan.shape;
  int64_t writeRun = plan.writeRun, readRun = plan.readRun;
  unsigned last = shape.size() - 1;
  int64_t rowElements = shape.empty() ? 1 : shape[last];
  int64_t rows = ShapedType::getNumElements(shape) / rowElements;
  int64_t pad = convertedRowElements(shape, type, padConversions) - rowElements;
  auto padded = [&](OpBuilder &ib, int64_t, ArrayRef<Value> at) {
    SmallVector<Value> coords(at);
    // Each part's coordinates without its split bits (the highest first):
    // (c & (v - 1)) | ((c >> 1) & ~(v - 1)).
    for (const SharedRegisterBit &bit : split) {
      Value c = coords[bit.dim];
      Value low =
          arith::AndIOp::create(ib, loc, c, constI32(ib, loc, bit.value - 1));
      Value high = arith::AndIOp::create(
          ib, loc, arith::ShRUIOp::create(ib, loc, c, constI32(ib, loc, 1)),
          constI32(ib, loc, ~(bit.value - 1)));
      coords[bit.dim] = arith::OrIOp::create(ib, loc, low, high);
    }
    if (shape.empty())
      return linearIndex(ib, loc, coords, shape);
    Value row = linearIndex(ib, loc, ArrayRef<Value>(coords).drop_back(),
                            shape.drop_back());
    return linearIndex(ib, loc, {row, coords.back()},
                       {rows, rowElements + pad});
  };
  SmallVector<Value> regs(layout.getNumRegs());
  for (int64_t part = 0; part < (int64_t(1) << split.size()); ++part) {
    auto inPart = [&](int64_t reg, bool from) {
      for (auto [k, bit] : llvm::enumerate(split))
        if ((reg >> (from ? bit.from : bit.to) & 1) != (part >> k & 1))
          return false;
      return true;
    };
    auto written = [&](int64_t reg) { return inPart(reg, true); };
    auto read = [&](int64_t reg) { return inPart(reg, false); };
    SharedWrite write{&value, padded, writeRun, written};
    SmallVector<Value> got =
        exchangeThroughShared(b, loc, {write}, rows * (rowElements + pad),
                              layout, padded, readRun, read);
    for (auto [reg, v] : llvm::enumerate(got))
      if (v)
        regs[reg] = v;
  }
  return regs;
}

SmallVector<Value> KernelLowering::exchangeThroughShared(
    OpBuilder &b, Location loc, ArrayRef<SharedWrite> writes,
    int64_t numElements, const Layout &layout, SharedIndexFn readIndex,
    int64_t readRun, function_ref<bool(int64_t)> readOnly) {
  Type type = writes.front().value->regs.front().getType();
  int64_t bytes = sharedElementBytes(type);
  reserveShared(b, numElements * bytes);
  auto address = [&](OpBuilder &ab, Value index) {
    auto [variable, constant] = splitConstant(index);
    auto noWrap =
        arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
    Value offset = arith::AddIOp::create(
        ab, loc,
        arith::MulIOp::create(ab, loc, variable, constI32(ab, loc, bytes),
                              noWrap),
        constI32(ab, loc, constant * bytes), noWrap);
    return sharedAddress(ab, loc, offset);
  };
  // Earlier users of the scratch space may still be reading it.
  barrier(b, loc);
  for (const SharedWrite &write : writes) {
    const Distributed &value = *write.value;
    OpBuilder::InsertionGuard guard(b);
    if (Value first = isFirstCopyThread(b, loc, value.layout)) {
      auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    auto coords = coordinates(b, loc, value.layout);
    for (int64_t r = 0; r < value.layout.getNumRegs(); r += write.run) {
      if (!value.layout.isFirstRegCopy(r) || (write.only && !write.only(r)))
        continue;
      Value at = address(b, write.index(b, r, coords[r]));
      if (write.run == 1) {
        storeShared(b, loc, value.regs[r], at);
        continue;
      }
      Value packed =
          LLVM::UndefOp::create(b, loc, VectorType::get({write.run}, type));
      for (int64_t i = 0; i < write.run; ++i)
        packed = LLVM::InsertElementOp::create(
            b, loc, packed, value.regs[r + i], constI32(b, loc, i));
      LLVM::StoreOp::create(b, loc, packed, at, write.run * bytes);
    }
  }
  barrier(b, loc);
  SmallVector<Value> regs;
  auto coords = coordinates(b, loc, layout);
  for (int64_t r = 0; r < layout.getNumRegs(); r += readRun) {
    if (readOnly && !readOnly(r)) {
      regs.append(readRun, Value());
      continue;
    }
    Value at = address(b, readIndex(b, r, coords[r]));
    if (readRun == 1) {
      regs.push_back(loadShared(b, loc, type, at));
      continue;
    }
    auto vectorType = VectorType::get({readRun}, type);
    Value packed =
        LLVM::LoadOp::create(b, loc, vectorType, at, readRun * bytes);
    for (int64_t i = 0; i < readRun; ++i)
      regs.push_back(
          LLVM::ExtractElementOp::create(b, loc, packed, constI32(b, loc, i)));
  }
  // Later users of the scratch space start with a barrier of their own.
  return regs;
}

//===----------------------------------------------------------------------===//
// Layout choice
//===----------------------------------------------------------------------===//

static SmallVector<unsigned> rowMajorOrder(unsigned rank) {
  SmallVector<unsigned> order;
  for (unsigned d = rank; d > 0; --d)
    order.push_back(d - 1);
  return order;
}

/// At most `vector` elements a thread, fewer when that would leave threads
/// of the program holding copies of others' elements.
static int64_t spreadOverThreads(int64_t vector, int64_t numElements,
                                 int64_t threads) {
  return std::min<int64_t>(vector, std::max<int64_t>(1, numElements / threads));
}

Layout KernelLowering::defaultLayout(ArrayRef<int64_t> shape) {
  int64_t vector = shape.empty() ? 1 : std::min<int64_t>(shape.back(), 4);
  vector = spreadOverThreads(vector, ShapedType::getNumElements(shape),
                             int64_t(warpSize) * numWarps);
  return getBlockedLayout(shape, rowMajorOrder(shape.size()), vector, warpSize,
                          numWarps);
}

Layout KernelLowering::accessLayout(Value ptrs, int64_t *vectorOut,
                                    bool everyThread) {
  auto type = cast<RankedTensorType>(ptrs.getType());
  int64_t elementBytes = getElementByteSize(
      cast<PointerType>(type.getElementType()).getPointeeType());
  AxisInfo info = axis.getAxisInfo(ptrs);
  unsigned rank = info.getRank();
  // Threads read runs along the last dimension, or along the first of a
  // matrix whose pointers are contiguous only there (a column-major tile,
  // B^T read in place).
  SmallVector<unsigned> order = rowMajorOrder(rank);
  if (rank == 2 && info.getContiguity(1) == 1 && info.getContiguity(0) > 1)
    order = {0, 1};
  int64_t vector = std::min<int64_t>({info.getContiguity(order[0]),
                                      hooks.getMaxAccessBytes() / elementBytes,
                                      type.getDimSize(order[0])});
  // A vector so wide that the tile runs out before the threads do leaves
  // threads holding copies: each element is then loaded twice and a store
  // waits on half the program.
  if (everyThread)
    vector = spreadOverThreads(vector, type.getNumElements(),
                               int64_t(warpSize) * numWarps);
  // Alignment need not be proven: accesses check it at run time when the
  // analysis cannot (a row start `base + row * stride`, say).
  vector = std::max<int64_t>(1, int64_t(llvm::bit_floor(uint64_t(vector))));
  if (vectorOut)
    *vectorOut = vector;
  return getBlockedLayout(type.getShape(), order, vector, warpSize, numWarps);
}

unsigned KernelLowering::runDimension(const Layout &layout) {
  if (!layout.regBases.empty())
    for (unsigned dim = 0; dim < layout.getRank(); ++dim) {
      Coords unit(layout.getRank(), 0);
      unit[dim] = 1;
      if (layout.regBases.front() == unit)
        return dim;
    }
  return layout.getRank() - 1;
}

int64_t KernelLowering::vectorWidth(const Layout &layout, int64_t limit) {
  return getRunLength(layout, runDimension(layout), limit);
}

/// Whether `tile` is loaded from memory, or computed from loaded tiles by
/// ops that keep their elements' places.
static bool isLoadedData(Value tile, unsigned depth = 0) {
  Operation *def = tile.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<LoadOp, DescLoadOp>(def))
    return true;
  if (isa<DotOp, ReduceOp, ScanOp, HistogramOp, AtomicRMWOp, AtomicCASOp>(
          def) ||
      def->getNumRegions() != 0)
    return false;
  bool any = false;
  for (Value operand : def->getOperands()) {
    if (!isTile(operand))
      continue;
    if (!isLoadedData(operand, depth + 1))
      return false;
    any = true;
  }
  return any;
}

Layout KernelLowering::preferredLayout(Value tile, Value fallback) {
  if (std::optional<Layout> layout = findPreferredLayout(tile, 0))
    return *layout;
  if (fallback)
    if (std::optional<Layout> layout = findPreferredLayout(fallback, 0))
      return *layout;
  return defaultLayout(cast<RankedTensorType>(tile.getType()).getShape());
}

std::optional<Layout> KernelLowering::findPreferredLayout(Value tile,
                                                          unsigned depth) {
  auto it = materialized.find(tile);
  if (it != materialized.end())
    return it->second.layout;
  Operation *def = tile.getDefiningOp();
  if (!def || depth > 16)
    return std::nullopt;
  if (auto load = dyn_cast<LoadOp>(def)) {
    int64_t vector;
    Layout layout = accessLayout(load.getPtr(), &vector);
    if (vector > 1)
      return layout;
  }
  if (isa<AtomicRMWOp, AtomicCASOp>(def))
    return accessLayout(def->getOperand(0));
  if (auto dot = dyn_cast<DotOp>(def))
    return dotLayout(dot);
  if (auto reduce = dyn_cast<ReduceOp>(def))
    return getSliceLayout(preferredLayout(reduce.getSrcs().front()),
                          reduce.getAxis());
  if (isa<DescLoadOp, ScanOp, HistogramOp>(def))
    return std::nullopt;
  // Moves of elements that can keep them where they are: the source's
  // layout, seen in the result's coordinates.
  if (auto trans = dyn_cast<TransOp>(def)) {
    // Not for loaded data: its store would then write along the columns
    // of memory; moved between them once, both accesses stay coalesced.
    if (isLoadedData(trans.getSrc()))
      return std::nullopt;
    std::optional<Layout> source =
        findPreferredLayout(trans.getSrc(), depth + 1);
    if (!source)
      return std::nullopt;
    SmallVector<int64_t> order(trans.getOrder());
    return permuteDims(*source, order);
  }
  if (auto reshape = dyn_cast<ReshapeOp>(def)) {
    std::optional<Layout> source =
        findPreferredLayout(reshape.getSrc(), depth + 1);
    if (!source)
      return std::nullopt;
    return reshapeLayout(*source,
                         cast<RankedTensorType>(tile.getType()).getShape());
  }
  if (auto split = dyn_cast<SplitOp>(def)) {
    std::optional<Layout> source =
        findPreferredLayout(split.getSrc(), depth + 1);
    std::optional<unsigned> halves =
        source ? getHalvesRegister(*source) : std::nullopt;
    if (!halves)
      return std::nullopt;
    return getHalfLayout(*source, *halves);
  }
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return std::nullopt;
  for (Value operand : def->getOperands()) {
    if (!isTile(operand) || operand.getType() == Type() ||
        cast<RankedTensorType>(operand.getType()).getShape() !=
            cast<RankedTensorType>(tile.getType()).getShape())
      continue;
    if (std::optional<Layout> layout = findPreferredLayout(operand, depth + 1))
      return layout;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

/// Loads of at most this many bytes are repeated in another layout rather
/// than moved.
static constexpr int64_t kSmallTileBytes = 4096;

bool KernelLowering::hasFixedLayout(Operation *op) {
  // A load element by element (a gather) is as cheap in any layout: it is
  // done in each layout its users ask for, not moved between layouts.
  if (auto load = dyn_cast<LoadOp>(op)) {
    int64_t vector;
    accessLayout(load.getPtr(), &vector);
    return vector > 1;
  }
  return isa<DescLoadOp, ReduceOp, ScanOp, HistogramOp, DotOp, AtomicRMWOp,
             AtomicCASOp>(op);
}

Operation *KernelLowering::readyPoint(Value tile) {
  if (Operation *ready = readyMarkers.lookup(tile))
    return ready;
  return markers.lookup(tile.getDefiningOp());
}

FailureOr<SmallVector<Value>> KernelLowering::at(Value tile,
                                                 const Layout &layout) {
  if (!tile)
    return SmallVector<Value>();
  Operation *def = tile.getDefiningOp();
  auto advanced = advancedPointers.find(tile);
  bool fixed = advanced == advancedPointers.end() &&
               (materialized.count(tile) || !def || hasFixedLayout(def));
  // A tile computed outside the innermost loop being lowered is computed
  // again inside it: a few instructions per iteration instead of registers
  // held across the loop.
  // A load stays where it stands when the kernel writes memory: moved into
  // a loop, it could read what the loop (or what lies between) wrote.
  // A load from before the loop is the same in every iteration, a later
  // one's too: it is not read again where a later iteration is computed (a
  // gather in a loop's pipelined pointers: a block table, MoE's sorted
  // rows), which would put a load, and what depends on it, in the loop.
  Operation *marker = def ? markers.lookup(def) : nullptr;
  bool outsideLoop =
      marker && !loopStarts.empty() &&
      !loopStarts.back()->getBlock()->findAncestorOpInBlock(*marker);
  Operation *shifted = shiftedPoint;
  if (shifted && outsideLoop && isa<LoadOp>(def))
    shifted = nullptr;
  Operation *recompute = nullptr;
  if (!fixed && outsideLoop && !shifted &&
      !(isa<LoadOp>(def) && writesAnyMemory))
    recompute = loopStarts.back();
  std::string layoutKey = layout.str() + (shifted ? shiftedKey : "");
  if (recompute)
    layoutKey += "@" + std::to_string(reinterpret_cast<uintptr_t>(recompute));
  auto key = std::make_pair(tile.getAsOpaquePointer(), layoutKey);
  auto it = evaluated.find(key);
  if (it != evaluated.end())
    return it->second;
  OpBuilder b(tile.getContext());
  FailureOr<SmallVector<Value>> regs;
  if (advanced != advancedPointers.end()) {
    AdvancedPointers pointers = advanced->second;
    FailureOr<SmallVector<Value>> start = at(pointers.start, layout);
    if (failed(start))
      return failure();
    b.setInsertionPoint(pointers.ready);
    Type pointee =
        lowerElementType(cast<PointerType>(getElementTypeOrSelf(tile.getType()))
                             .getPointeeType());
    SmallVector<Value> moved;
    for (Value ptr : *start)
      moved.push_back(LLVM::GEPOp::create(b, tile.getLoc(), ptr.getType(),
                                          pointee, ptr,
                                          ValueRange{pointers.offset}));
    regs = moved;
  } else if (fixed) {
    // Computed where its op stands: in the loops around that place only.
    SaveLoopContext context(*this, readyPoint(tile));
    FailureOr<Distributed> value = materialize(tile);
    if (failed(value))
      return failure();
    b.setInsertionPoint(readyPoint(tile));
    auto load = dyn_cast_or_null<LoadOp>(def);
    auto type = cast<RankedTensorType>(tile.getType());
    if (load && !getRegisterMapping(value->layout, layout) &&
        type.getNumElements() * getElementByteSize(type.getElementType()) <=
            kSmallTileBytes) {
      // A small tile is loaded again (from the cache) rather than moved
      // through shared memory between two barriers.
      int64_t vector;
      accessLayout(load.getPtr(), &vector);
      FailureOr<Distributed> again = loadTile(b, load, layout, vector);
      if (failed(again))
        return failure();
      regs = again->regs;
    } else {
      regs = convert(b, tile.getLoc(), *value, layout);
    }
  } else if (shifted) {
    // A later iteration's tile: all of it where that iteration is needed.
    b.setInsertionPoint(shifted);
    regs = compute(b, tile, layout);
  } else if (recompute) {
    b.setInsertionPoint(recompute);
    regs = compute(b, tile, layout);
  } else {
    SaveLoopContext context(*this, markers.lookup(def));
    b.setInsertionPoint(markers.lookup(def));
    regs = compute(b, tile, layout);
  }
  if (succeeded(regs))
    evaluated[key] = *regs;
  return regs;
}

FailureOr<Distributed> KernelLowering::materialize(Value tile) {
  auto it = materialized.find(tile);
  if (it != materialized.end())
    return it->second;
  Operation *def = tile.getDefiningOp();
  OpBuilder b(tile.getContext());
  b.setInsertionPoint(markers.lookup(def));
  if (isa<ReduceOp, ScanOp>(def)) {
    // Several results, computed together.
    FailureOr<SmallVector<Distributed>> results =
        isa<ReduceOp>(def) ? lowerReduce(b, cast<ReduceOp>(def))
                           : lowerScan(b, cast<ScanOp>(def));
    if (failed(results))
      return failure();
    for (auto [result, value] : llvm::zip(def->getResults(), *results))
      materialized[result] = value;
    return materialized[tile];
  }
  FailureOr<Distributed> value = failure();
  if (auto load = dyn_cast<LoadOp>(def)) {
    int64_t vector;
    Layout layout = accessLayout(load.getPtr(), &vector);
    value = loadTile(b, load, layout, vector);
  } else if (auto load = dyn_cast<DescLoadOp>(def))
    value = descLoadTile(b, load);
  else if (auto histogram = dyn_cast<HistogramOp>(def))
    value = lowerHistogram(b, histogram);
  else if (auto dot = dyn_cast<DotOp>(def))
    value = lowerDot(b, dot);
  else
    return unsupported(def, "this op has no place of its own"), failure();
  if (failed(value))
    return failure();
  materialized[tile] = *value;
  return *value;
}

static SmallVector<int64_t> invertOrder(ArrayRef<int32_t> order) {
  SmallVector<int64_t> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  return inverse;
}

FailureOr<SmallVector<Value>> KernelLowering::compute(OpBuilder &b, Value tile,
                                                      const Layout &layout) {
  Location loc = tile.getLoc();
  auto type = cast<RankedTensorType>(tile.getType());
  Operation *def = tile.getDefiningOp();
  int64_t numRegs = layout.getNumRegs();
  auto replicate = [&](Value value) {
    return SmallVector<Value>(numRegs, value);
  };
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense)
      return unsupported(def, "only dense constants are implemented"),
             failure();
    if (!dense.isSplat())
      return constantTile(b, loc, dense, layout);
    auto element = dense.getSplatValue<TypedAttr>();
    if (isF8(element.getType())) {
      // f8 travels as its bits.
      APInt bits = cast<FloatAttr>(element).getValue().bitcastToAPInt();
      return replicate(arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(b.getI8Type(), bits)));
    }
    return replicate(arith::ConstantOp::create(b, loc, element));
  }
  if (auto splat = dyn_cast<SplatOp>(def))
    return replicate(scalars.lookup(splat.getSrc()));
  if (auto range = dyn_cast<RangeOp>(def)) {
    SmallVector<Value> regs;
    for (auto &c : coordinates(b, loc, layout))
      regs.push_back(arith::AddIOp::create(b, loc, c[0],
                                           constI32(b, loc, range.getStart())));
    return regs;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def))
    return at(
        broadcast.getSrc(),
        projectToShape(
            layout,
            cast<RankedTensorType>(broadcast.getSrc().getType()).getShape()));
  if (auto expand = dyn_cast<ExpandDimsOp>(def))
    return at(expand.getSrc(), dropDim(layout, expand.getAxis()));
  if (auto trans = dyn_cast<TransOp>(def))
    return at(trans.getSrc(),
              permuteDims(layout, invertOrder(trans.getOrder())));
  if (auto addPtr = dyn_cast<AddPtrOp>(def)) {
    FailureOr<SmallVector<Value>> ptrs = at(addPtr.getPtr(), layout);
    FailureOr<SmallVector<Value>> offsets = at(addPtr.getOffset(), layout);
    if (failed(ptrs) || failed(offsets))
      return failure();
    Type pointee = lowerElementType(
        cast<PointerType>(type.getElementType()).getPointeeType());
    SmallVector<Value> regs;
    for (auto [ptr, offset] : llvm::zip(*ptrs, *offsets))
      regs.push_back(LLVM::GEPOp::create(b, loc, ptr.getType(), pointee, ptr,
                                         ValueRange{offset}));
    return regs;
  }
  if (auto load = dyn_cast<LoadOp>(def)) {
    FailureOr<Distributed> value = loadTile(b, load, layout, 1);
    if (failed(value))
      return failure();
    return value->regs;
  }
  if (auto philox = dyn_cast<PhiloxOp>(def)) {
    FailureOr<SmallVector<Value>> offsets = at(philox.getOffset(), layout);
    if (failed(offsets))
      return failure();
    unsigned word = cast<OpResult>(tile).getResultNumber();
    auto mulHigh = [&](OpBuilder &builder, Location at, Value x, Value y) {
      if (Value high = hooks.emitMulHigh(builder, at, x, y))
        return high;
      return arith::MulUIExtendedOp::create(builder, at, x, y).getHigh();
    };
    SmallVector<Value> regs;
    for (Value offset : *offsets)
      regs.push_back(philox4x32(
          b, loc, offset, scalars.lookup(philox.getSeed()), mulHigh)[word]);
    return regs;
  }
  // A reshape keeps elements in their registers: the source in the layout
  // seen in its own coordinates (moved only if it is held otherwise).
  if (auto reshape = dyn_cast<ReshapeOp>(def))
    return at(
        reshape.getSrc(),
        reshapeLayout(
            layout,
            cast<RankedTensorType>(reshape.getSrc().getType()).getShape()));
  // A split's halves as registers of the source: in its preferred layout
  // if that holds them so and gives this half `layout`, else with the
  // halves as the highest register bit.
  if (auto split = dyn_cast<SplitOp>(def)) {
    Value src = split.getSrc();
    std::optional<Layout> source = findPreferredLayout(src, 0);
    std::optional<unsigned> halves =
        source ? getHalvesRegister(*source) : std::nullopt;
    if (!halves || getHalfLayout(*source, *halves) != layout) {
      halves = layout.regBases.size();
      source = getHalvesLayout(layout);
    }
    FailureOr<SmallVector<Value>> regs = at(src, *source);
    if (failed(regs))
      return failure();
    int64_t k = cast<OpResult>(tile).getResultNumber();
    int64_t low = (int64_t(1) << *halves) - 1;
    SmallVector<Value> half;
    for (int64_t r = 0; r < numRegs; ++r)
      half.push_back((*regs)[((r & ~low) << 1) | (k << *halves) | (r & low)]);
    return half;
  }
  if (isa<CatOp, JoinOp, GatherOp>(def))
    return restructure(b, tile, layout);
  // Element-level ops, register by register.
  SmallVector<SmallVector<Value>> operands;
  for (Value operand : def->getOperands()) {
    if (!isTile(operand)) {
      operands.push_back(SmallVector<Value>(numRegs, scalars.lookup(operand)));
      continue;
    }
    if (cast<RankedTensorType>(operand.getType()).getShape() != type.getShape())
      return unsupported(def, "operands of another shape"), failure();
    FailureOr<SmallVector<Value>> regs = at(operand, layout);
    if (failed(regs))
      return failure();
    operands.push_back(*regs);
  }
  // f8 widened all registers at once, so that the target converts pairs.
  if (auto convert = dyn_cast<FpToFpOp>(def)) {
    Type src = getElementTypeOrSelf(convert.getSrc());
    Type dst = getElementTypeOrSelf(convert.getResult());
    SmallVector<Value> wide;
    if (isF8(src) && !isF8(dst))
      wide = hooks.emitConvertFromF8(b, loc, operands[0], src);
    if (!wide.empty()) {
      bool towardZero = convert.getRounding() == RoundingMode::rtz;
      for (Value &value : wide)
        value = convertFloat(b, loc, value, cast<FloatType>(dst), towardZero);
      return wide;
    }
  }
  SmallVector<Value> regs;
  for (int64_t r = 0; r < numRegs; ++r) {
    SmallVector<Value> args;
    for (auto &operand : operands)
      args.push_back(operand[r]);
    FailureOr<Value> value =
        lowerElementwise(b, def, args, cast<OpResult>(tile).getResultNumber());
    if (failed(value))
      return failure();
    regs.push_back(*value);
  }
  return regs;
}

SmallVector<Value> KernelLowering::constantTile(OpBuilder &b, Location loc,
                                                DenseElementsAttr dense,
                                                const Layout &layout) {
  // The elements live in a constant global array (read-only data, cached);
  // each register loads its own. i1 and f8 are stored as bytes.
  Type element = dense.getElementType();
  Type stored = lowerElementType(element);
  auto flat = RankedTensorType::get({dense.getNumElements()}, element);
  DenseElementsAttr values = dense.reshape(flat);
  if (isF8(element))
    values = values.bitcast(stored);
  if (element.isInteger(1)) {
    stored = b.getI8Type();
    values =
        values.mapValues(stored, [](const APInt &bit) { return bit.zext(8); });
  }
  auto arrayType = LLVM::LLVMArrayType::get(stored, dense.getNumElements());
  auto module = func->getParentOfType<gpu::GPUModuleOp>();
  std::string name =
      (kernel.getSymName() + "_constant_" + std::to_string(numConstants++))
          .str();
  {
    OpBuilder mb = OpBuilder::atBlockBegin(module.getBody());
    LLVM::GlobalOp::create(mb, loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name, values,
                           /*alignment=*/16, /*addrSpace=*/1);
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 1);
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, name);
  SmallVector<Value> regs;
  for (auto &coords : coordinates(b, loc, layout)) {
    Value ptr = LLVM::GEPOp::create(
        b, loc, ptrType, stored, base,
        ValueRange{linearIndex(b, loc, coords, layout.shape)});
    Value value = LLVM::LoadOp::create(b, loc, stored, ptr);
    if (element.isInteger(1))
      value = arith::TruncIOp::create(b, loc, element, value);
    regs.push_back(value);
  }
  return regs;
}

Value KernelLowering::widenF8(OpBuilder &b, Location loc, Value bits, Type f8) {
  SmallVector<Value> wide = hooks.emitConvertFromF8(b, loc, bits, f8);
  return wide.empty() ? decodeF8(b, loc, bits, f8) : wide.front();
}

FailureOr<Value> KernelLowering::lowerElementwise(OpBuilder &b, Operation *op,
                                                  ValueRange operands,
                                                  unsigned resultNumber) {
  Location loc = op->getLoc();
  Type resultType =
      lowerElementType(getElementTypeOrSelf(op->getResult(resultNumber)));
  if (isa<MulhiUIOp>(op) && resultType.isInteger(32))
    if (Value high = hooks.emitMulHigh(b, loc, operands[0], operands[1]))
      return high;
  if (isa<PreciseSqrtOp>(op))
    if (Value root = hooks.emitPreciseSqrt(b, loc, operands[0]))
      return root;
  if (Value value = lowerElementwiseTileOp(b, op, operands, resultType))
    return value;
  if (Value value = lowerDefinedArith(b, op, operands, resultType))
    return value;
  if (isa<arith::DivFOp>(op) && resultType.isF32())
    if (Value quotient = hooks.emitDivide(b, loc, operands[0], operands[1]))
      return quotient;
  if (isa<math::Exp2Op>(op))
    if (Value power = hooks.emitExp2(b, loc, operands[0]))
      return power;
  if (auto bitcast = dyn_cast<BitcastOp>(op)) {
    if (operands[0].getType() == resultType)
      return operands[0];
    return Value(arith::BitcastOp::create(b, loc, resultType, operands[0]));
  }
  if (isa<IntToPtrOp>(op))
    return Value(LLVM::IntToPtrOp::create(b, loc, resultType, operands[0]));
  if (isa<PtrToIntOp>(op))
    return Value(LLVM::PtrToIntOp::create(b, loc, resultType, operands[0]));
  if (auto convert = dyn_cast<FpToFpOp>(op)) {
    auto src = cast<FloatType>(getElementTypeOrSelf(convert.getSrc()));
    auto dst = cast<FloatType>(getElementTypeOrSelf(convert.getResult()));
    Value value = operands[0];
    Type f32 = b.getF32Type();
    if (isF8(src)) {
      value = widenF8(b, loc, value, src);
      src = cast<FloatType>(f32);
    }
    bool towardZero = convert.getRounding() == RoundingMode::rtz;
    if (isF8(dst)) {
      // f64 goes through f32 rounded to odd, so it is rounded once.
      if (src.isF64())
        value = roundToOddF32(b, loc, value);
      else if (src != f32)
        value = arith::ExtFOp::create(b, loc, f32, value);
      if (!towardZero)
        if (Value bits = hooks.emitConvertToF8(b, loc, value, dst))
          return bits;
      return truncToF8(b, loc, value, dst, /*saturate=*/true, towardZero);
    }
    return convertFloat(b, loc, value, dst, towardZero);
  }
  if (isa<arith::MulSIExtendedOp, arith::MulUIExtendedOp>(op)) {
    OperationState state(loc, op->getName(), operands, {resultType, resultType},
                         op->getAttrs());
    return b.create(state)->getResult(resultNumber);
  }
  if (isa<arith::NegFOp, math::AbsFOp, math::CopySignOp>(op)) {
    // On the sign bit alone, NaN payloads included: PTX's neg and abs
    // return the canonical NaN.
    unsigned width = resultType.getIntOrFloatBitWidth();
    Type bitsType = b.getIntegerType(width);
    APInt sign = APInt::getSignMask(width);
    auto bits = [&](Value v) -> Value {
      return arith::BitcastOp::create(b, loc, bitsType, v);
    };
    auto constant = [&](const APInt &v) -> Value {
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, v));
    };
    Value x = bits(operands[0]), result;
    if (isa<arith::NegFOp>(op))
      result = arith::XOrIOp::create(b, loc, x, constant(sign));
    else if (isa<math::AbsFOp>(op))
      result = arith::AndIOp::create(b, loc, x, constant(~sign));
    else
      result = arith::OrIOp::create(
          b, loc, arith::AndIOp::create(b, loc, x, constant(~sign)),
          arith::AndIOp::create(b, loc, bits(operands[1]), constant(sign)));
    return Value(arith::BitcastOp::create(b, loc, resultType, result));
  }
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
      isa<arith::ArithDialect, math::MathDialect>(op->getDialect())) {
    if (llvm::any_of(op->getOperandTypes(),
                     [](Type t) { return isF8(getElementTypeOrSelf(t)); }) ||
        isF8(getElementTypeOrSelf(op->getResult(0))))
      return unsupported(op, "arithmetic on f8 tiles is not implemented; "
                             "convert with tile.fp_to_fp first"),
             failure();
    OperationState state(loc, op->getName(), operands, {resultType},
                         op->getAttrs());
    return b.create(state)->getResult(0);
  }
  return unsupported(op, "this op is not implemented on GPUs yet"), failure();
}

//===----------------------------------------------------------------------===//
// Loads
//===----------------------------------------------------------------------===//

/// Loads `count` elements of `element` type from `ptr` (a vector load when
/// count > 1), returning the scalars.
static SmallVector<Value> loadElements(OpBuilder &b, Location loc, Value ptr,
                                       Type element, int64_t count,
                                       int64_t align, bool isVolatile) {
  // An i1 element is a byte in memory, true when non-zero.
  Type memory = element.isInteger(1) ? b.getI8Type() : element;
  SmallVector<Value> values;
  if (count == 1) {
    values.push_back(
        LLVM::LoadOp::create(b, loc, memory, ptr, align, isVolatile));
  } else {
    auto vectorType = VectorType::get({count}, memory);
    Value vector =
        LLVM::LoadOp::create(b, loc, vectorType, ptr, align, isVolatile);
    for (int64_t i = 0; i < count; ++i)
      values.push_back(LLVM::ExtractElementOp::create(
          b, loc, vector,
          arith::ConstantIntOp::create(b, loc, b.getI32Type(), i)));
  }
  if (memory != element)
    for (Value &value : values)
      value = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne, value,
          arith::ConstantIntOp::create(b, loc, memory, 0));
  return values;
}

/// The values of `count` elements: loaded when `predicate` holds (always
/// when it is null), `others` (zero when empty) otherwise.
static SmallVector<Value> predicatedLoad(OpBuilder &b, Location loc,
                                         Value predicate, Value ptr,
                                         Type element, int64_t count,
                                         int64_t align, bool isVolatile,
                                         ArrayRef<Value> others) {
  if (!predicate)
    return loadElements(b, loc, ptr, element, count, align, isVolatile);
  auto ifOp = scf::IfOp::create(b, loc, SmallVector<Type>(count, element),
                                predicate, true, true);
  OpBuilder thenB = ifOp.getThenBodyBuilder();
  scf::YieldOp::create(
      thenB, loc,
      loadElements(thenB, loc, ptr, element, count, align, isVolatile));
  OpBuilder elseB = ifOp.getElseBodyBuilder();
  SmallVector<Value> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(others.empty()
                         ? Value(arith::ConstantOp::create(
                               elseB, loc, elseB.getZeroAttr(element)))
                         : others[i]);
  scf::YieldOp::create(elseB, loc, values);
  return SmallVector<Value>(ifOp.getResults());
}

Value KernelLowering::uniformBase(OpBuilder &b, Location loc, Value ptrs) {
  if (auto advanced = advancedPointers.find(ptrs);
      advanced != advancedPointers.end()) {
    // The start's base, moved as far as the pointers have moved.
    Value start = uniformBase(b, loc, advanced->second.start);
    if (!start)
      return Value();
    Type pointee =
        lowerElementType(cast<PointerType>(getElementTypeOrSelf(ptrs.getType()))
                             .getPointeeType());
    return LLVM::GEPOp::create(b, loc, start.getType(), pointee, start,
                               ValueRange{advanced->second.offset});
  }
  Operation *def = ptrs.getDefiningOp();
  if (!def)
    return Value();
  if (auto splat = dyn_cast<SplatOp>(def))
    return scalars.lookup(splat.getSrc());
  if (auto add = dyn_cast<AddPtrOp>(def))
    return uniformBase(b, loc, add.getPtr());
  if (isa<BroadcastOp, ExpandDimsOp>(def))
    return uniformBase(b, loc, def->getOperand(0));
  return Value();
}

SmallVector<Value> KernelLowering::maskedLoad(OpBuilder &b, Location loc,
                                              Value base, Value predicate,
                                              Value ptr, Type element,
                                              int64_t count, int64_t align,
                                              ArrayRef<Value> others) {
  // An i1 element is a byte in memory, true when non-zero.
  Type memory = element.isInteger(1) ? b.getI8Type() : element;
  Type type = count == 1 ? memory : VectorType::get({count}, memory);
  Value loaded =
      hooks.emitMaskedLoad(b, loc, base, ptr, predicate, type, align);
  if (!loaded)
    return {};
  SmallVector<Value> values;
  for (int64_t i = 0; i < count; ++i) {
    Value value = count == 1 ? loaded
                             : LLVM::ExtractElementOp::create(
                                   b, loc, loaded, constI32(b, loc, i));
    if (memory != element)
      value = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne, value,
          arith::ConstantIntOp::create(b, loc, memory, 0));
    // Masked-off lanes read zero; `other` takes their place where given.
    if (!others.empty())
      value = arith::SelectOp::create(b, loc, predicate, value, others[i]);
    values.push_back(value);
  }
  return values;
}

Value KernelLowering::isAligned(OpBuilder &b, Location loc, Value ptr,
                                int64_t bytes) {
  Type i64 = b.getI64Type();
  Value address = LLVM::PtrToIntOp::create(b, loc, i64, ptr);
  Value low = arith::AndIOp::create(
      b, loc, address, arith::ConstantIntOp::create(b, loc, i64, bytes - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                               arith::ConstantIntOp::create(b, loc, i64, 0));
}

FailureOr<Distributed> KernelLowering::loadTile(OpBuilder &b, LoadOp op,
                                                const Layout &layout,
                                                int64_t vector, Value only) {
  Location loc = op.getLoc();
  recordAccess(op, layout);
  // Vectors run along the layout's dimension, as far as the pointers are
  // contiguous there (`vector` may be for another layout's dimension).
  unsigned dim = runDimension(layout);
  vector =
      std::min({vector, vectorWidth(layout, vector),
                int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(
                    1, axis.getAxisInfo(op.getPtr()).getContiguity(dim)))))});
  FailureOr<SmallVector<Value>> ptrs = at(op.getPtr(), layout);
  FailureOr<SmallVector<Value>> mask = at(op.getMask(), layout);
  FailureOr<SmallVector<Value>> other = at(op.getOther(), layout);
  if (failed(ptrs) || failed(mask) || failed(other))
    return failure();
  if (only) {
    if (mask->empty())
      mask->assign(layout.getNumRegs(), only);
    else
      for (Value &m : *mask)
        m = arith::AndIOp::create(b, loc, m, only);
  }
  Type element = lowerElementType(getElementTypeOrSelf(op.getType()));
  int64_t elementBytes = getElementByteSize(getElementTypeOrSelf(op.getType()));
  bool uniformMask =
      !op.getMask() || axis.getMaskConstancy(op.getMask(), dim) % vector == 0;
  bool alignmentKnown =
      axis.getAlignmentBytes(op.getPtr(), dim) % (vector * elementBytes) == 0;
  bool isVolatile = op.getIsVolatile();
  // Masked loads from a pointer every thread holds alike go without a branch
  // where the target can (maskedLoad).
  Value base;
  if (!mask->empty() && !isVolatile)
    base = uniformBase(b, loc, op.getPtr());
  Distributed result{layout, {}};
  for (int64_t r = 0; r < layout.getNumRegs(); r += vector) {
    // A register copy of an element (a broadcast layout) takes the value
    // its first copy loaded: one access per element, not per copy.
    if (int64_t first = layout.getFirstRegCopy(r); first != r) {
      for (int64_t i = 0; i < vector; ++i)
        result.regs.push_back(result.regs[first + i]);
      continue;
    }
    ArrayRef<Value> others =
        other->empty() ? ArrayRef<Value>() : ArrayRef(*other).slice(r, vector);
    SmallVector<Value> values;
    if (vector == 1 || (uniformMask && alignmentKnown)) {
      if (base)
        values = maskedLoad(b, loc, base, (*mask)[r], (*ptrs)[r], element,
                            vector, vector * elementBytes, others);
      if (values.empty())
        values = predicatedLoad(b, loc, mask->empty() ? Value() : (*mask)[r],
                                (*ptrs)[r], element, vector,
                                vector * elementBytes, isVolatile, others);
    } else {
      // A vector access when the whole group is in (and aligned), element
      // by element otherwise.
      Value all = mask->empty() ? Value() : (*mask)[r];
      for (int64_t i = 1; i < vector && !uniformMask; ++i)
        all = arith::AndIOp::create(b, loc, all, (*mask)[r + i]);
      if (!alignmentKnown) {
        Value aligned = isAligned(b, loc, (*ptrs)[r], vector * elementBytes);
        all =
            all ? Value(arith::AndIOp::create(b, loc, all, aligned)) : aligned;
      }
      auto ifOp = scf::IfOp::create(b, loc, SmallVector<Type>(vector, element),
                                    all, true, true);
      OpBuilder thenB = ifOp.getThenBodyBuilder();
      scf::YieldOp::create(thenB, loc,
                           loadElements(thenB, loc, (*ptrs)[r], element, vector,
                                        vector * elementBytes, isVolatile));
      OpBuilder elseB = ifOp.getElseBodyBuilder();
      SmallVector<Value> edge;
      for (int64_t i = 0; i < vector; ++i)
        edge.push_back(predicatedLoad(
            elseB, loc, mask->empty() ? Value() : (*mask)[r + i],
            (*ptrs)[r + i], element, 1, elementBytes, isVolatile,
            others.empty() ? ArrayRef<Value>() : others.slice(i, 1))[0]);
      scf::YieldOp::create(elseB, loc, edge);
      values.assign(ifOp.getResults().begin(), ifOp.getResults().end());
    }
    result.regs.append(values.begin(), values.end());
  }
  return result;
}

LogicalResult KernelLowering::descAddresses(OpBuilder &b, Location loc,
                                            MakeDescOp desc, ValueRange offsets,
                                            const Layout &layout,
                                            SmallVector<Value> &ptrs,
                                            SmallVector<Value> &inBounds) {
  Type i64 = b.getI64Type();
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  Type element = lowerElementType(block.getElementType());
  Value base = scalars.lookup(desc.getBase());
  auto coords = coordinates(b, loc, layout);
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  for (int64_t r = 0; r < layout.getNumRegs(); ++r) {
    Value linear = zero, ok;
    for (unsigned d = 0; d < layout.getRank(); ++d) {
      Value index = arith::ExtSIOp::create(
          b, loc, i64,
          arith::AddIOp::create(b, loc, scalars.lookup(offsets[d]),
                                coords[r][d]));
      Value extent = arith::ExtSIOp::create(b, loc, i64,
                                            scalars.lookup(desc.getShape()[d]));
      Value inside = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, index, zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index,
                                extent));
      ok = ok ? Value(arith::AndIOp::create(b, loc, ok, inside)) : inside;
      linear = arith::AddIOp::create(
          b, loc, linear,
          arith::MulIOp::create(b, loc, index,
                                scalars.lookup(desc.getStrides()[d])));
    }
    ptrs.push_back(LLVM::GEPOp::create(b, loc, base.getType(), element, base,
                                       ValueRange{linear}));
    inBounds.push_back(ok);
  }
  return success();
}

FailureOr<Distributed> KernelLowering::descLoadTile(OpBuilder &b,
                                                    DescLoadOp op) {
  Location loc = op.getLoc();
  MakeDescOp desc = descriptors.lookup(op.getDesc());
  if (!desc)
    return unsupported(op, "the descriptor must come from a tile.make_desc of "
                           "this kernel"),
           failure();
  auto type = cast<RankedTensorType>(op.getType());
  Layout layout = defaultLayout(type.getShape());
  SmallVector<Value> ptrs, inBounds;
  if (failed(
          descAddresses(b, loc, desc, op.getOffsets(), layout, ptrs, inBounds)))
    return failure();
  Type element = lowerElementType(type.getElementType());
  TypedAttr padValue = cast<TypedAttr>(b.getZeroAttr(element));
  if (desc.getPadding() == Padding::nan)
    padValue = b.getFloatAttr(
        element,
        APFloat::getQNaN(cast<FloatType>(element).getFloatSemantics()));
  Distributed result{layout, {}};
  unsigned align = getElementByteSize(type.getElementType());
  for (auto [ptr, ok] : llvm::zip(ptrs, inBounds)) {
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{element}, ok, true, true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    scf::YieldOp::create(
        thenB, loc,
        ValueRange{LLVM::LoadOp::create(thenB, loc, element, ptr, align)});
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(
        elseB, loc,
        ValueRange{arith::ConstantOp::create(elseB, loc, padValue)});
    result.regs.push_back(ifOp.getResult(0));
  }
  return result;
}
