//===- GPUSimulatorNVIDIA.cpp - NVIDIA's PTX in the GPU simulator ---------===//
//
// The inline PTX statements and NVVM ops of NVIDIA's lowering that lock
// step can run, as the PTX ISA describes them (written from the manual, not
// from the target's hooks, so that each checks the other); the others are
// refused by name.
//
//===----------------------------------------------------------------------===//

#include "BlockSimulator.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tile::interp;
using namespace mlir::tile::interp::detail;

LogicalResult BlockSimulator::runInlinePTX(LLVM::InlineAsmOp op) {
  StringRef text = op.getAsmString();
  // Ordering statements: in lock step every earlier copy, store and write
  // of shared memory is done before the next op runs, except the tensor
  // stores', which their commits and waits track (awaitTensorStores).
  SmallVector<StringRef> statements;
  text.split(statements, ';', -1, /*KeepEmpty=*/false);
  auto isOrdering = [](StringRef statement) {
    statement = statement.trim();
    return statement.empty() || statement == "fence.proxy.async.shared::cta" ||
           statement == "fence.proxy.async.global" ||
           statement == "cp.async.commit_group" ||
           statement.starts_with("cp.async.wait_group ") ||
           statement == "cp.async.bulk.commit_group" ||
           statement.starts_with("cp.async.bulk.wait_group");
  };
  if (llvm::all_of(statements, isOrdering)) {
    for (StringRef statement : statements) {
      statement = statement.trim();
      int64_t pending = 0;
      if (statement == "cp.async.bulk.commit_group")
        commitTensorStores();
      else if (statement.consume_front("cp.async.bulk.wait_group.read ") &&
               !statement.trim().getAsInteger(10, pending))
        awaitTensorStores(pending, /*written=*/false);
      else if (statement.consume_front("cp.async.bulk.wait_group ") &&
               !statement.trim().getAsInteger(10, pending))
        awaitTensorStores(pending, /*written=*/true);
    }
    return success();
  }
  auto operand = [&](unsigned i) -> const RtValue & {
    return *ex.get(op.getOperands()[i]);
  };
  // A predicated store: `@p st.global.<type> [$1], $2` where $0 != 0.
  if (size_t at_ = text.find("@p st.global."); at_ != StringRef::npos) {
    StringRef suffix =
        text.drop_front(at_ + 13).take_until([](char c) { return c == ' '; });
    unsigned bits = 0;
    if (suffix.drop_front(1).getAsInteger(10, bits) || bits % 8 != 0)
      return ex.emitError(*op) << "the GPU simulator cannot store ." << suffix;
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t] || at(operand(0), t).i == 0)
        continue;
      uint64_t p = at(operand(1), t).u;
      if (failed(checkAccess(*op, t, 1, p, bits / 8)))
        return failure();
      uint64_t value = at(operand(2), t).u;
      std::memcpy(reinterpret_cast<void *>(p), &value, bits / 8);
    }
    return success();
  }
  // A predicated load: `@p ld.global.<type> $0, [$2+offset]` where $1 != 0,
  // else zero ($0 is the result: $1 and $2 are operands 0 and 1).
  if (size_t at_ = text.find("@p ld.global."); at_ != StringRef::npos) {
    StringRef rest = text.drop_front(at_ + 13);
    StringRef suffix = rest.take_until([](char c) { return c == ' '; });
    unsigned bits = 0;
    int64_t offset = 0;
    size_t plus = rest.find("[$2+");
    if (suffix.drop_front(1).getAsInteger(10, bits) || bits % 8 != 0 ||
        plus == StringRef::npos ||
        rest.drop_front(plus + 4)
            .take_until([](char c) { return c == ']'; })
            .getAsInteger(10, offset))
      return ex.emitError(*op) << "the GPU simulator cannot load ." << suffix;
    Type type = op.getResult(0).getType();
    auto v = makeLanes(type);
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t] || at(operand(0), t).i == 0)
        continue;
      uint64_t p = at(operand(1), t).u + uint64_t(offset);
      if (failed(checkAccess(*op, t, 1, p, bits / 8)))
        return failure();
      uint64_t value = 0;
      std::memcpy(&value, reinterpret_cast<const void *>(p), bits / 8);
      v->elements[t].i = signExtend(value, bits);
    }
    ex.set(op.getResult(0), v);
    return success();
  }
  // A 16-byte asynchronous copy to shared memory at $0 plus an immediate
  // offset, if any; zeros where $2 == 0.
  constexpr StringRef asyncCopy = "cp.async.cg.shared.global [$0";
  if (size_t copy = text.find(asyncCopy); copy != StringRef::npos) {
    StringRef rest = text.drop_front(copy + asyncCopy.size());
    int64_t offset = 0;
    if (rest.consume_front("+") && rest.consumeInteger(10, offset))
      return ex.emitError(*op) << "the GPU simulator cannot read the copy's "
                                  "shared address";
    if (!rest.starts_with("], [$1], 16, skip"))
      return ex.emitError(*op) << "the GPU simulator cannot run this copy";
    for (unsigned t = 0; t < threads; ++t) {
      if (!mask[t])
        continue;
      uint64_t to = sharedAddress(at(operand(0), t).u + uint64_t(offset));
      if (failed(checkAccess(*op, t, 3, to, 16)))
        return failure();
      if (at(operand(2), t).i == 0) {
        std::memset(reinterpret_cast<void *>(to), 0, 16);
        continue;
      }
      uint64_t from = at(operand(1), t).u;
      if (failed(checkAccess(*op, t, 1, from, 16)))
        return failure();
      std::memcpy(reinterpret_cast<void *>(to),
                  reinterpret_cast<const void *>(from), 16);
    }
    return success();
  }
  // f8 pairs: f32 $1 and $2 to the high and low bytes (nearest even,
  // saturating to the largest finite value, NaN kept); and e4m3 bytes to
  // the f16 halves, the low byte to the low half.
  for (auto [name, format] :
       {std::pair{StringRef("e4m3x2"), &kF8E4M3FN}, {"e5m2x2", &kF8E5M2}}) {
    if (text != ("cvt.rn.satfinite." + name + ".f32 $0, $1, $2;").str())
      continue;
    Type type = op.getResult(0).getType();
    auto v = makeLanes(type);
    for (unsigned t = 0; t < threads; ++t) {
      auto byte = [&](unsigned i) {
        return encodeFloat(float(at(operand(i), t).f), *format,
                           Rounding::NearestEven, Overflow::Saturate);
      };
      v->elements[t].i = signExtend((byte(0) << 8) | byte(1), 16);
    }
    ex.set(op.getResult(0), v);
    return success();
  }
  if (text == "cvt.rn.f16x2.e4m3x2 $0, $1;") {
    Type type = op.getResult(0).getType();
    auto v = makeLanes(type);
    for (unsigned t = 0; t < threads; ++t) {
      uint64_t pair = at(operand(0), t).u;
      auto half = [&](unsigned i) {
        return encodeFloat(decodeFloat((pair >> (8 * i)) & 0xff, kF8E4M3FN),
                           kF16);
      };
      v->elements[t].i = signExtend(half(0) | (half(1) << 16), 32);
    }
    ex.set(op.getResult(0), v);
    return success();
  }
  for (StringRef input : {"f16", "bf16"})
    if (text ==
        ("mma.sync.aligned.m16n8k16.row.col.f32." + input + "." + input +
         ".f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, "
         "{$10,$11,$12,$13};")
            .str())
      return runWarpMatrix(op, /*bf16=*/input == "bf16");
  // A tensor store from shared memory, done at its group's waits.
  if (text.starts_with("cp.async.bulk.tensor.") &&
      text.contains(".global.shared::cta.tile.bulk_group")) {
    unsigned rank = 0;
    if (text.drop_front(21)
            .take_until([](char c) { return c == 'd'; })
            .getAsInteger(10, rank))
      return ex.emitError(*op) << "unexpected tensor store: " << text;
    return runTensorStore(op, rank);
  }
  return ex.emitError(*op) << "the GPU simulator does not implement the "
                              "inline PTX '"
                           << text << "'";
}

LogicalResult BlockSimulator::runIntrinsic(LLVM::CallIntrinsicOp op) {
  StringRef name = op.getIntrin();
  if (op.getNumResults() != 1)
    return ex.emitError(*op)
           << "the GPU simulator does not implement '" << name << "'";
  Type type = op.getResult(0).getType();
  SmallVector<const RtValue *> in;
  bool lanes = false;
  for (Value operand : op.getArgs()) {
    in.push_back(ex.get(operand).get());
    lanes |= perLane(*in.back());
  }
  auto flush = [](float x) {
    return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
  };
  std::function<Element(size_t)> compute;
  if (name == "llvm.nvvm.div.full") // div.full.f32: within 2 ulp of a / b
    compute = [&](size_t i) {
      Element e;
      e.f = float(float(in[0]->elements[i].f) / float(in[1]->elements[i].f));
      return e;
    };
  else if (name == "llvm.nvvm.ex2.approx.ftz.f")
    compute = [&](size_t i) {
      Element e;
      e.f = flush(float(std::exp2(flush(float(in[0]->elements[i].f)))));
      return e;
    };
  else if (name == "llvm.nvvm.sqrt.rn.f")
    compute = [&](size_t i) {
      Element e;
      e.f = float(std::sqrt(double(float(in[0]->elements[i].f))));
      return e;
    };
  else if (name == "llvm.nvvm.sqrt.rn.d")
    compute = [&](size_t i) {
      Element e;
      e.f = std::sqrt(in[0]->elements[i].f);
      return e;
    };
  else if (name == "llvm.nvvm.mulhi.ui")
    compute = [&](size_t i) {
      uint64_t product = uint64_t(uint32_t(in[0]->elements[i].u)) *
                         uint64_t(uint32_t(in[1]->elements[i].u));
      return integer(signExtend(product >> 32, 32));
    };
  else
    return ex.emitError(*op)
           << "the GPU simulator does not implement '" << name << "'";
  // Uniform operands are broadcast to the lanes when any operand is per
  // lane.
  SmallVector<std::shared_ptr<RtValue>> broadcast;
  if (lanes)
    for (const RtValue *&value : in)
      if (!perLane(*value)) {
        auto spread = makeLanes(type);
        for (size_t t = 0; t < spread->size(); ++t)
          spread->elements[t] = value->elements[0];
        broadcast.push_back(spread);
        value = broadcast.back().get();
      }
  auto v = lanes ? makeLanes(type) : makeValue(type, {});
  for (size_t i = 0; i < v->size(); ++i)
    v->elements[i] = compute(i);
  ex.set(op.getResult(0), v);
  return success();
}

LogicalResult BlockSimulator::runWarpMatrix(LLVM::InlineAsmOp op, bool bf16) {
  // PTX ISA, "Matrix Fragments for mma.m16n8k16" (written from the manual,
  // not from the target's description, so that one checks the other): lane
  // = 4 g + t; A's registers 0..3 hold rows g, g + 8, g, g + 8 and columns
  // 2t, 2t + 1 (+ 8 for registers 2 and 3), the lower column in the low
  // half; B's registers 0 and 1 hold rows (k) 2t, 2t + 1 (+ 8 for register
  // 1) of column g; the accumulators hold rows g, g, g + 8, g + 8 and columns
  // 2t, 2t + 1, 2t, 2t + 1. Operands: A's 4 registers, B's 2, C's 4.
  auto operand = [&](unsigned i) -> const RtValue & {
    return *ex.get(op.getOperands()[i]);
  };
  auto half = [&](const RtValue &reg, unsigned lane, unsigned which) {
    uint64_t bits = (uint64_t(at(reg, lane).u) >> (16 * which)) & 0xffff;
    return decodeFloat(bits, bf16 ? kBF16 : kF16);
  };
  Type f32 = Float32Type::get(op.getContext());
  auto d = makeValue(f32, {int64_t(threads), 4});
  for (unsigned warp = 0; warp < threads; warp += warpSize) {
    for (unsigned lane = 0; lane < warpSize; ++lane)
      if (!mask[warp + lane])
        return ex.emitError(*op)
               << "a matrix instruction that only some lanes of warp "
               << warp / warpSize << " reach";
    auto aAt = [&](unsigned row, unsigned k) {
      unsigned lane = 4 * (row % 8) + (k % 8) / 2;
      unsigned reg = (row / 8) + 2 * (k / 8);
      return half(operand(reg), warp + lane, k % 2);
    };
    auto bAt = [&](unsigned k, unsigned column) {
      unsigned lane = 4 * column + (k % 8) / 2;
      return half(operand(4 + k / 8), warp + lane, k % 2);
    };
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = lane / 4 + 8 * (i / 2), column = 2 * (lane % 4) + i % 2;
        double sum = at(operand(6 + i), warp + lane).f;
        for (unsigned k = 0; k < 16; ++k)
          sum += aAt(row, k) * bAt(k, column);
        d->elements[(warp + lane) * 4 + i].f = roundResult(sum, kF32);
      }
  }
  ex.set(op.getResult(0), d);
  return success();
}

LogicalResult BlockSimulator::runLdMatrix(NVVM::LdMatrixOp op) {
  // ldmatrix .m8n8 .b16 .x1/.x2/.x4: lanes 8 i .. 8 i + 7 give the rows of
  // matrix i; register i of lane l holds row l / 4, columns 2 (l % 4) and
  // 2 (l % 4) + 1 of matrix i (the lower in the low half), or with .trans
  // (column-major layout) rows 2 (l % 4) and 2 (l % 4) + 1 of column l / 4.
  unsigned count = op.getNum();
  bool transposed = op.getLayout() == NVVM::MMALayout::col;
  if (op.getShape().getM() != 8 || op.getShape().getN() != 8 ||
      op.getEltType() != NVVM::LdStMatrixEltType::B16 ||
      !llvm::is_contained({1u, 2u, 4u}, count))
    return ex.emitError(*op) << "the GPU simulator implements ldmatrix "
                                ".m8n8.b16 .x1, .x2 and .x4 only";
  const RtValue &address = *ex.get(op.getPtr());
  Type i32 = IntegerType::get(op.getContext(), 32);
  auto d = count == 1 ? makeLanes(i32)
                      : makeValue(i32, {int64_t(threads), int64_t(count)});
  for (unsigned warp = 0; warp < threads; warp += warpSize) {
    for (unsigned lane = 0; lane < warpSize; ++lane)
      if (!mask[warp + lane])
        return ex.emitError(*op) << "an ldmatrix that only some lanes of warp "
                                 << warp / warpSize << " reach";
    auto element = [&](unsigned matrix, unsigned row,
                       unsigned column) -> FailureOr<uint64_t> {
      unsigned from = warp + 8 * matrix + row;
      uint64_t p = at(address, from).u + 2 * column;
      if (failed(checkAccess(*op, from, 3, p, 2)))
        return failure();
      uint16_t bits;
      std::memcpy(&bits, reinterpret_cast<const void *>(p), 2);
      return uint64_t(bits);
    };
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned i = 0; i < count; ++i) {
        uint64_t word = 0;
        for (unsigned j = 0; j < 2; ++j) {
          unsigned row = transposed ? 2 * (lane % 4) + j : lane / 4;
          unsigned column = transposed ? lane / 4 : 2 * (lane % 4) + j;
          FailureOr<uint64_t> bits = element(i, row, column);
          if (failed(bits))
            return failure();
          word |= *bits << (16 * j);
        }
        d->elements[(warp + lane) * count + i].i = signExtend(word, 32);
      }
  }
  ex.set(op.getResult(), d);
  return success();
}

LogicalResult BlockSimulator::runTensorStore(LLVM::InlineAsmOp op,
                                             unsigned rank) {
  // Operands: the shared address, the tensor map, the box's first
  // coordinates innermost first.
  auto operand = [&](unsigned i) -> const RtValue & {
    return *ex.get(op.getOperands()[i]);
  };
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    auto found = tensorMaps.find(at(operand(1), t).u);
    if (found == tensorMaps.end() || found->second.sizes.size() != rank)
      return ex.emitError(*op)
             << "thread " << t << " stores through no tensor map of rank "
             << rank << " of the launch";
    const SimulatedTensorMap &map = found->second;
    uint64_t from = sharedAddress(at(operand(0), t).u);
    int64_t rowBytes = map.box[0] * map.elementBytes;
    int64_t rows = 1;
    for (unsigned d = 1; d < rank; ++d)
      rows *= map.box[d];
    if (failed(checkAccess(*op, t, 3, from, uint64_t(rows * rowBytes))))
      return failure();
    if (map.swizzle == 128 && rowBytes != 128)
      return ex.emitError(*op)
             << "a 128-byte swizzle of " << rowBytes << "-byte rows";
    if (map.swizzle == 128 &&
        (from - reinterpret_cast<uint64_t>(shared.data())) % 1024 != 0)
      return ex.emitError(*op) << "a 128-byte swizzled box at a shared "
                                  "address that is no multiple of 1024";
    SmallVector<int64_t> first(rank);
    for (unsigned d = 0; d < rank; ++d)
      first[d] = signExtend(at(operand(2 + d), t).u, 32);
    // Row r of the box (its outer coordinates, the innermost fastest),
    // element e of the row: its 16-byte chunk goes to chunk xor (r mod 8)
    // of the row with the 128-byte swizzle. Out-of-bounds elements are not
    // written.
    for (int64_t r = 0; r < rows; ++r) {
      SmallVector<int64_t> coords(rank);
      int64_t rest = r;
      for (unsigned d = 1; d < rank; ++d) {
        coords[d] = first[d] + rest % map.box[d];
        rest /= map.box[d];
      }
      for (int64_t e = 0; e < map.box[0]; ++e) {
        coords[0] = first[0] + e;
        bool inside = true;
        uint64_t to = map.base;
        for (unsigned d = 0; d < rank; ++d) {
          inside &= coords[d] >= 0 && coords[d] < map.sizes[d];
          to += uint64_t(coords[d] * map.strides[d]);
        }
        if (!inside)
          continue;
        int64_t byte = e * map.elementBytes;
        if (map.swizzle == 128)
          byte = (((byte / 16) ^ (r % 8)) * 16) + byte % 16;
        if (failed(checkAccess(*op, t, 1, to, map.elementBytes)))
          return failure();
        openStoreGroups[t].elements.push_back(
            {from + r * rowBytes + byte, to, unsigned(map.elementBytes)});
      }
    }
  }
  return success();
}

void BlockSimulator::commitTensorStores() {
  for (unsigned t = 0; t < threads; ++t)
    if (mask[t] && !openStoreGroups[t].elements.empty())
      committedStoreGroups[t].push_back(std::exchange(openStoreGroups[t], {}));
}

void BlockSimulator::awaitTensorStores(int64_t pending, bool written) {
  auto read = [](TensorStoreGroup &group) {
    if (group.read)
      return;
    for (const TensorStoreElement &e : group.elements) {
      auto *from = reinterpret_cast<const uint8_t *>(e.from);
      group.data.insert(group.data.end(), from, from + e.bytes);
    }
    group.read = true;
  };
  for (unsigned t = 0; t < threads; ++t) {
    if (!mask[t])
      continue;
    std::deque<TensorStoreGroup> &groups = committedStoreGroups[t];
    int64_t done = std::max<int64_t>(int64_t(groups.size()) - pending, 0);
    for (int64_t i = 0; i < done; ++i)
      read(groups[i]);
    if (!written)
      continue;
    for (int64_t i = 0; i < done; ++i) {
      const uint8_t *data = groups.front().data.data();
      for (const TensorStoreElement &e : groups.front().elements) {
        std::memcpy(reinterpret_cast<void *>(e.to), data, e.bytes);
        data += e.bytes;
      }
      groups.pop_front();
    }
  }
}

void BlockSimulator::finishTensorStores() {
  mask.assign(threads, 1);
  commitTensorStores();
  awaitTensorStores(0, /*written=*/true);
}
