//===- InterpreterNumericsTest.cpp - The interpreter's roundings ----------===//
//
// The reference interpreter rounds with its own integer code (Numerics.cpp),
// so that it gives the same bits on every host. These tests hold it to
// llvm::APFloat, exhaustively where a format is small enough, and to the
// host's correctly rounded fmaf.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Interpreter/Numerics.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace mlir::tile::interp;
using llvm::APFloat;

namespace {

const llvm::fltSemantics &semanticsOf(const FloatFormat &f) {
  if (&f == &kF16)
    return APFloat::IEEEhalf();
  if (&f == &kBF16)
    return APFloat::BFloat();
  if (&f == &kF32)
    return APFloat::IEEEsingle();
  if (&f == &kF8E4M3FN)
    return APFloat::Float8E4M3FN();
  if (&f == &kF8E5M2)
    return APFloat::Float8E5M2();
  return APFloat::IEEEdouble();
}

const FloatFormat *const kNarrow[] = {&kF16, &kBF16, &kF32, &kF8E4M3FN,
                                      &kF8E5M2};

/// APFloat's rounding of \p v to \p f, as bits.
uint64_t apfloatBits(double v, const FloatFormat &f,
                     APFloat::roundingMode mode) {
  APFloat a(v);
  bool losesInfo;
  a.convert(semanticsOf(f), mode, &losesInfo);
  return a.bitcastToAPInt().getZExtValue();
}

bool isNaNBits(uint64_t bits, const FloatFormat &f) {
  return std::isnan(decodeFloat(bits, f));
}

TEST(InterpreterNumerics, DecodeMatchesAPFloatForEveryCode) {
  for (const FloatFormat *f : {&kF16, &kBF16, &kF8E4M3FN, &kF8E5M2}) {
    for (uint64_t code = 0; code < (uint64_t(1) << f->bits()); ++code) {
      APFloat a(semanticsOf(*f), llvm::APInt(f->bits(), code));
      double mine = decodeFloat(code, *f);
      if (a.isNaN()) {
        EXPECT_TRUE(std::isnan(mine)) << f->name << " code " << code;
        continue;
      }
      EXPECT_EQ(std::signbit(mine), a.isNegative()) << f->name << " " << code;
      EXPECT_EQ(mine, a.convertToDouble()) << f->name << " code " << code;
      // Every non-NaN code survives a round trip unchanged.
      EXPECT_EQ(encodeFloat(mine, *f), code) << f->name << " code " << code;
    }
  }
}

TEST(InterpreterNumerics, NaNPayloadsSurviveWhereTheFormatHasThem) {
  EXPECT_EQ(encodeFloat(decodeFloat(0x7fc00001, kF32), kF32), 0x7fc00001u);
  EXPECT_EQ(encodeFloat(decodeFloat(0xff800001, kF32), kF32), 0xff800001u);
  EXPECT_EQ(encodeFloat(decodeFloat(0x7d01, kF16), kF16), 0x7d01u);
  // f8E4M3FN has one NaN per sign.
  EXPECT_EQ(encodeFloat(std::nan(""), kF8E4M3FN), 0x7fu);
  EXPECT_EQ(encodeFloat(-std::nan(""), kF8E4M3FN), 0xffu);
}

TEST(InterpreterNumerics, RoundingMatchesAPFloat) {
  std::mt19937_64 rng(1234);
  for (const FloatFormat *f : kNarrow) {
    for (int trial = 0; trial < 200000; ++trial) {
      double v;
      uint64_t r = rng();
      switch (trial % 4) {
      case 0: // any double
        std::memcpy(&v, &r, 8);
        break;
      case 1: { // the format's range, from below its subnormals to past
                // its largest value, with either sign
        int lo = f->minExponent() - f->manBits - 2, hi = f->maxExponent() + 2;
        v = std::ldexp(1.0 + double(r >> 12) / double(uint64_t(1) << 52),
                       lo + int((r >> 1) % uint64_t(hi - lo + 1)));
        if (r & 1)
          v = -v;
        break;
      }
      case 2: { // exact ties: a code plus half its quantum
        uint64_t code = r & ((uint64_t(1) << f->bits()) - 1);
        double x = decodeFloat(code, *f);
        if (!std::isfinite(x))
          continue;
        v = x + (r & 1 ? 0.5 : -0.5) * ulpOf(x, *f);
        break;
      }
      default: // small integers and simple fractions
        v = double(int64_t(r % 20001) - 10000) / double(1 + (r >> 32) % 64);
        break;
      }
      if (std::isnan(v))
        continue;
      for (auto [rounding, mode] :
           {std::pair{Rounding::NearestEven, APFloat::rmNearestTiesToEven},
            std::pair{Rounding::TowardZero, APFloat::rmTowardZero}}) {
        uint64_t mine = encodeFloat(v, *f, rounding);
        uint64_t theirs = apfloatBits(v, *f, mode);
        if (isNaNBits(theirs, *f)) {
          EXPECT_TRUE(isNaNBits(mine, *f)) << f->name << " " << v;
          continue;
        }
        ASSERT_EQ(mine, theirs)
            << f->name << " value " << v << " rounding "
            << (rounding == Rounding::NearestEven ? "rtne" : "rtz");
      }
    }
  }
}

TEST(InterpreterNumerics, SaturationOfF8Conversions) {
  EXPECT_EQ(decodeFloat(encodeFloat(INFINITY, kF8E4M3FN, Rounding::NearestEven,
                                    Overflow::Saturate),
                        kF8E4M3FN),
            448.0);
  EXPECT_EQ(decodeFloat(encodeFloat(-1e9, kF8E5M2, Rounding::NearestEven,
                                    Overflow::Saturate),
                        kF8E5M2),
            -57344.0);
  EXPECT_TRUE(std::isnan(decodeFloat(
      encodeFloat(NAN, kF8E4M3FN, Rounding::NearestEven, Overflow::Saturate),
      kF8E4M3FN)));
  // Without saturation, e4m3fn overflows to NaN: 464 is a tie that rounds to
  // 448 (even), anything above rounds past it.
  EXPECT_EQ(decodeFloat(encodeFloat(464, kF8E4M3FN), kF8E4M3FN), 448.0);
  EXPECT_TRUE(std::isnan(decodeFloat(encodeFloat(465, kF8E4M3FN), kF8E4M3FN)));
}

TEST(InterpreterNumerics, IntegersRoundOnce) {
  std::mt19937_64 rng(99);
  for (const FloatFormat *f : {&kF16, &kBF16, &kF32, &kF64}) {
    for (int trial = 0; trial < 100000; ++trial) {
      int64_t v = int64_t(rng());
      if (trial % 2)
        v >>= rng() % 63;
      APFloat a(semanticsOf(*f));
      a.convertFromAPInt(llvm::APInt(64, uint64_t(v), true), true,
                         APFloat::rmNearestTiesToEven);
      bool negative = v < 0;
      uint64_t magnitude = negative ? uint64_t(0) - uint64_t(v) : uint64_t(v);
      ASSERT_EQ(encodeInteger(magnitude, negative, *f),
                a.bitcastToAPInt().getZExtValue())
          << f->name << " " << v;
    }
  }
}

TEST(InterpreterNumerics, FmaF32IsCorrectlyRounded) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> any(-4, 4);
  for (int trial = 0; trial < 1000000; ++trial) {
    float a = any(rng), b = any(rng), c = any(rng);
    if (trial % 3 == 0) // make cancellation likely
      c = -a * b;
    ASSERT_EQ(float(fmaF32(a, b, c)), std::fmaf(a, b, c))
        << a << " * " << b << " + " << c;
  }
}

TEST(InterpreterNumerics, PhiloxKnownAnswers) {
  uint32_t out[4];
  philox4x32x10(0, 0, out);
  EXPECT_EQ(out[0], 0x6627e8d5u);
  EXPECT_EQ(out[1], 0xe169c58du);
  EXPECT_EQ(out[2], 0xbc57ac4cu);
  EXPECT_EQ(out[3], 0x9b00dbd8u);
  philox4x32x10(42, 7, out);
  EXPECT_EQ(out[0], 0x5bbd83b1u);
  EXPECT_EQ(out[1], 0x68784c85u);
  EXPECT_EQ(out[2], 0x172067aau);
  EXPECT_EQ(out[3], 0x2e6b75b7u);
}

TEST(InterpreterNumerics, CompensatedSumKeepsSmallTerms) {
  CompensatedSum sum;
  sum.add(1e16);
  for (int i = 0; i < 1000; ++i)
    sum.add(1.0);
  sum.add(-1e16);
  EXPECT_EQ(sum.value(), 1000.0);
  CompensatedSum zeros;
  zeros.add(-0.0);
  zeros.add(-0.0);
  EXPECT_TRUE(std::signbit(zeros.value()));
}

} // namespace
