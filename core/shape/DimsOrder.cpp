//===- DimsOrder.cpp - Packed permutation of dimensions ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The DimsOrder code arithmetic, conversion to and from AffineMap, names and
// reordering of shapes and strides.
//
//===----------------------------------------------------------------------===//

#include "core/shape/DimsOrder.h"

#include "mlir/IR/AffineMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::shape {

//===----------------------------------------------------------------------===//
// Named orders
//===----------------------------------------------------------------------===//

const DimsOrder DimsOrder::C(0x1);
const DimsOrder DimsOrder::NC(0x12);
const DimsOrder DimsOrder::CN(0x21);
const DimsOrder DimsOrder::CHW(0x123);
const DimsOrder DimsOrder::HWC(0x231);
const DimsOrder DimsOrder::HCW(0x213);
const DimsOrder DimsOrder::CWH(0x132);
const DimsOrder DimsOrder::NCHW(0x1234);
const DimsOrder DimsOrder::NHWC(0x1342);
const DimsOrder DimsOrder::NCWH(0x1243);
const DimsOrder DimsOrder::NWCH(0x1423);
const DimsOrder DimsOrder::NWHC(0x1432);
const DimsOrder DimsOrder::NHCW(0x1324);
const DimsOrder DimsOrder::OIYX(0x1234);
const DimsOrder DimsOrder::OYXI(0x1342);
const DimsOrder DimsOrder::YXOI(0x3412);
const DimsOrder DimsOrder::IYXO(0x2341);
const DimsOrder DimsOrder::NCDHW(0x12345);
const DimsOrder DimsOrder::NDHWC(0x13452);
const DimsOrder DimsOrder::GOIYX(0x12345);
const DimsOrder DimsOrder::GOYXI(0x12453);

namespace {
/// A name of a well-known order. When several names share a code, the first
/// one in `kNamedOrders` is the one printed.
struct NamedOrder {
  const char *name;
  uint64_t code;
};
} // namespace

static constexpr NamedOrder kNamedOrders[] = {
    {"SCALAR", 0x0},    {"C", 0x1},         {"NC", 0x12},
    {"CN", 0x21},       {"CHW", 0x123},     {"HWC", 0x231},
    {"HCW", 0x213},     {"CWH", 0x132},     {"NCHW", 0x1234},
    {"NHWC", 0x1342},   {"NCWH", 0x1243},   {"NWCH", 0x1423},
    {"NWHC", 0x1432},   {"NHCW", 0x1324},   {"YXOI", 0x3412},
    {"IYXO", 0x2341},   {"NCDHW", 0x12345}, {"NDHWC", 0x13452},
    {"GOYXI", 0x12453}, {"OIYX", 0x1234},   {"OYXI", 0x1342},
    {"GOIYX", 0x12345},
};

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

bool DimsOrder::isValidCode(uint64_t code) {
  unsigned rank = 0;
  for (uint64_t rest = code; rest != 0; rest >>= kBitsPerDim) {
    ++rank;
  }
  if (rank > kMaxRank) {
    return false;
  }
  unsigned seen = 0;
  for (unsigned i = 0; i < rank; ++i) {
    unsigned digit = (code >> (i * kBitsPerDim)) & 0xf;
    if (digit == 0 || digit > rank || (seen & (1u << digit)) != 0) {
      return false;
    }
    seen |= 1u << digit;
  }
  return true;
}

DimsOrder DimsOrder::fromCode(uint64_t code) {
  assert(isValidCode(code) &&
         "DimsOrder::fromCode: not a permutation of 1..n in at most 8 digits");
  return DimsOrder(code);
}

bool DimsOrder::isPermutation(llvm::ArrayRef<unsigned> permutation) {
  if (permutation.size() > kMaxRank) {
    return false;
  }
  unsigned seen = 0;
  for (unsigned dim : permutation) {
    if (dim >= permutation.size() || (seen & (1u << dim)) != 0) {
      return false;
    }
    seen |= 1u << dim;
  }
  return true;
}

DimsOrder DimsOrder::fromPermutation(llvm::ArrayRef<unsigned> permutation) {
  assert(isPermutation(permutation) &&
         "DimsOrder::fromPermutation: not a permutation of 0..n-1 with n <= 8");
  uint64_t code = 0;
  for (unsigned dim : permutation) {
    code = (code << kBitsPerDim) | (dim + 1);
  }
  return DimsOrder(code);
}

DimsOrder DimsOrder::fromPermutation(llvm::ArrayRef<Dim> permutation) {
  llvm::SmallVector<unsigned, kMaxRank> indices;
  for (Dim dim : permutation) {
    indices.push_back(static_cast<unsigned>(dim.ind()));
  }
  return fromPermutation(indices);
}

DimsOrder DimsOrder::getDefaultOrder(int64_t rank) {
  assert(rank >= 0 && rank <= static_cast<int64_t>(kMaxRank) &&
         "DimsOrder::getDefaultOrder: rank must be in [0, 8]");
  uint64_t code = 0;
  for (int64_t i = 0; i < rank; ++i) {
    code = (code << kBitsPerDim) | static_cast<uint64_t>(i + 1);
  }
  return DimsOrder(code);
}

//===----------------------------------------------------------------------===//
// AffineMap
//===----------------------------------------------------------------------===//

FailureOr<DimsOrder> DimsOrder::fromAffineMap(AffineMap map) {
  if (!map || map.getNumSymbols() != 0 || !map.isPermutation() ||
      map.getNumDims() > kMaxRank) {
    return failure();
  }
  llvm::SmallVector<unsigned, kMaxRank> permutation;
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
    permutation.push_back(map.getDimPosition(i));
  }
  return fromPermutation(permutation);
}

AffineMap DimsOrder::toAffineMap(MLIRContext *context) const {
  llvm::SmallVector<unsigned, kMaxRank> permutation;
  for (Dim dim : toPermutation()) {
    permutation.push_back(static_cast<unsigned>(dim.ind()));
  }
  if (permutation.empty()) {
    return AffineMap::get(context);
  }
  return AffineMap::getPermutationMap(permutation, context);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int64_t DimsOrder::rank() const {
  int64_t rank = 0;
  for (uint64_t rest = packed; rest != 0; rest >>= kBitsPerDim) {
    ++rank;
  }
  return rank;
}

bool DimsOrder::isIdentity() const { return *this == getDefaultOrder(rank()); }

Dim DimsOrder::dimAt(MemDim dim) const {
  int64_t n = rank();
  assert(dim.ind() < n && "DimsOrder::dimAt: memory dimension out of range");
  unsigned shift = static_cast<unsigned>(n - 1 - dim.ind()) * kBitsPerDim;
  return Dim(static_cast<int64_t>((packed >> shift) & 0xf) - 1);
}

MemDim DimsOrder::dimPos(Dim dim) const {
  int64_t n = rank();
  assert(dim.ind() < n && "DimsOrder::dimPos: logical dimension out of range");
  for (int64_t i = 0; i < n; ++i) {
    if (dimAt(MemDim(i)) == dim) {
      return MemDim(i);
    }
  }
  llvm_unreachable("a valid DimsOrder contains every dimension below its rank");
}

llvm::SmallVector<Dim> DimsOrder::toPermutation() const {
  llvm::SmallVector<Dim> result;
  for (int64_t i = 0, n = rank(); i < n; ++i) {
    result.push_back(dimAt(MemDim(i)));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Reordering
//===----------------------------------------------------------------------===//

/// Gathers logical values into memory order.
template <typename MemT, typename LogicalT>
static MemT gather(DimsOrder order, const LogicalT &values) {
  assert(values.rank() == order.rank() &&
         "DimsOrder::toMemoryOrder: rank differs from the order's rank");
  MemT result(values.size(), 0);
  for (int64_t i = 0, n = order.rank(); i < n; ++i) {
    result[MemDim(i)] = values[order.dimAt(MemDim(i))];
  }
  return result;
}

/// Scatters memory-order values back into logical order.
template <typename LogicalT, typename MemT>
static LogicalT scatter(DimsOrder order, const MemT &values) {
  assert(values.rank() == order.rank() &&
         "DimsOrder::toLogicalOrder: rank differs from the order's rank");
  LogicalT result(values.size(), 0);
  for (int64_t i = 0, n = order.rank(); i < n; ++i) {
    result[order.dimAt(MemDim(i))] = values[MemDim(i)];
  }
  return result;
}

MemShape DimsOrder::toMemoryOrder(const Shape &shape) const {
  return gather<MemShape>(*this, shape);
}

Shape DimsOrder::toLogicalOrder(const MemShape &shape) const {
  return scatter<Shape>(*this, shape);
}

MemStrides DimsOrder::toMemoryOrder(const Strides &strides) const {
  return gather<MemStrides>(*this, strides);
}

Strides DimsOrder::toLogicalOrder(const MemStrides &strides) const {
  return scatter<Strides>(*this, strides);
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

std::string DimsOrder::getName() const {
  for (const NamedOrder &named : kNamedOrders) {
    if (named.code == packed) {
      return named.name;
    }
  }
  return "0x" + llvm::utohexstr(packed, /*LowerCase=*/true);
}

FailureOr<DimsOrder> DimsOrder::parse(llvm::StringRef text) {
  for (const NamedOrder &named : kNamedOrders) {
    if (text == named.name) {
      return DimsOrder(named.code);
    }
  }
  uint64_t code = 0;
  if (!text.consume_front_insensitive("0x") || text.empty() ||
      text.getAsInteger(16, code) || !isValidCode(code)) {
    return failure();
  }
  return DimsOrder(code);
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, DimsOrder order) {
  return os << order.getName();
}

} // namespace mlir::vpuc::shape
