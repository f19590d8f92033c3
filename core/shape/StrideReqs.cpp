//===- StrideReqs.cpp - Requirements on memory strides ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Solving and checking stride requirements.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StrideReqs.h"

#include <numeric>
#include <optional>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::shape {

StrideReq StrideReq::aligned(MemDim dim, Bit alignment) {
  assert(alignment.count() > 0 && "StrideReq::aligned: alignment must be > 0");
  return {dim, StrideReqKind::Aligned, alignment.count()};
}

StrideReq StrideReq::fixed(MemDim dim, Bit stride) {
  assert(stride.count() > 0 && "StrideReq::fixed: stride must be > 0");
  return {dim, StrideReqKind::Fixed, stride.count()};
}

StrideReqs StrideReqs::compact(int64_t rank) {
  StrideReqs result;
  for (int64_t i = 0; i < rank; ++i) {
    result.add(StrideReq::compact(MemDim(i)));
  }
  return result;
}

MemStrides computeCompactStrides(const MemShape &shape, Bit elemSize) {
  assert(shape.isStatic() && "computeCompactStrides: dynamic shape");
  MemStrides strides(shape.size(), 0);
  int64_t next = elemSize.count();
  for (int64_t i = shape.rank() - 1; i >= 0; --i) {
    strides[MemDim(i)] = next;
    next *= shape[MemDim(i)];
  }
  return strides;
}

namespace {
/// The requirements of one dimension, merged.
struct MergedReq {
  bool compact = false;
  int64_t alignment = 1;
  std::optional<int64_t> fixed;
};
} // namespace

/// Writes `message` to `whyNot` (if any) and returns failure.
static LogicalResult fail(std::string *whyNot, const llvm::Twine &message) {
  if (whyNot) {
    *whyNot = message.str();
  }
  return failure();
}

/// Merges the requirements per dimension; fails on out-of-range dimensions and
/// on two different fixed strides for one dimension.
static LogicalResult mergeReqs(llvm::ArrayRef<StrideReq> reqs, int64_t rank,
                               llvm::SmallVectorImpl<MergedReq> &merged,
                               std::string *whyNot) {
  merged.assign(rank, MergedReq());
  for (const StrideReq &req : reqs) {
    int64_t dim = req.memDim().ind();
    if (dim >= rank) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "stride requirement '" << req << "' names a dimension beyond rank "
         << rank;
      return fail(whyNot, os.str());
    }
    MergedReq &m = merged[dim];
    switch (req.kind()) {
    case StrideReqKind::Any:
      break;
    case StrideReqKind::Compact:
      m.compact = true;
      break;
    case StrideReqKind::Aligned:
      m.alignment = std::lcm(m.alignment, req.extent().count());
      break;
    case StrideReqKind::Fixed:
      if (m.fixed && *m.fixed != req.extent().count()) {
        return fail(whyNot, "conflicting fixed strides for m" +
                                llvm::Twine(dim) + ": " +
                                llvm::Twine(*m.fixed) + " bits and " +
                                llvm::Twine(req.extent().count()) + " bits");
      }
      m.fixed = req.extent().count();
      break;
    }
  }
  return success();
}

FailureOr<MemStrides> StrideReqs::computeStrides(const MemShape &shape,
                                                 Bit elemSize,
                                                 std::string *whyNot) const {
  if (!shape.isStatic()) {
    (void)fail(whyNot, "cannot compute strides of a dynamic shape");
    return failure();
  }
  if (elemSize.count() <= 0) {
    (void)fail(whyNot, "element size must be positive");
    return failure();
  }
  llvm::SmallVector<MergedReq, 8> merged;
  if (failed(mergeReqs(list, shape.rank(), merged, whyNot))) {
    return failure();
  }
  MemStrides strides(shape.size(), 0);
  int64_t minimum = elemSize.count();
  for (int64_t i = shape.rank() - 1; i >= 0; --i) {
    const MergedReq &m = merged[i];
    std::string dim = ("m" + llvm::Twine(i)).str();
    int64_t stride;
    if (m.compact) {
      stride = minimum;
      if (m.fixed && *m.fixed != minimum) {
        (void)fail(whyNot, dim + ": fixed stride " + llvm::Twine(*m.fixed) +
                               " bits conflicts with compact stride " +
                               llvm::Twine(minimum) + " bits");
        return failure();
      }
    } else if (m.fixed) {
      stride = *m.fixed;
      if (stride < minimum) {
        (void)fail(whyNot, dim + ": fixed stride " + llvm::Twine(stride) +
                               " bits is below the minimum " +
                               llvm::Twine(minimum) +
                               " bits (the dimension would overlap)");
        return failure();
      }
    } else {
      stride = llvm::divideCeil(minimum, m.alignment) * m.alignment;
    }
    if (stride % m.alignment != 0) {
      (void)fail(whyNot, dim + ": " + (m.compact ? "compact" : "fixed") +
                             " stride " + llvm::Twine(stride) +
                             " bits is not aligned to " +
                             llvm::Twine(m.alignment) + " bits");
      return failure();
    }
    strides[MemDim(i)] = stride;
    minimum = stride * shape[MemDim(i)];
  }
  return strides;
}

LogicalResult StrideReqs::checkStrides(const MemStrides &strides,
                                       const MemShape &shape, Bit elemSize,
                                       std::string *whyNot) const {
  if (strides.rank() != shape.rank()) {
    return fail(whyNot, "strides have rank " + llvm::Twine(strides.rank()) +
                            " but the shape has rank " +
                            llvm::Twine(shape.rank()));
  }
  if (!shape.isStatic()) {
    return fail(whyNot, "cannot check strides of a dynamic shape");
  }
  llvm::SmallVector<MergedReq, 8> merged;
  if (failed(mergeReqs(list, shape.rank(), merged, whyNot))) {
    return failure();
  }
  int64_t minimum = elemSize.count();
  for (int64_t i = shape.rank() - 1; i >= 0; --i) {
    const MergedReq &m = merged[i];
    int64_t stride = strides[MemDim(i)];
    std::string dim =
        ("m" + llvm::Twine(i) + ": stride " + llvm::Twine(stride) + " bits ")
            .str();
    if (m.fixed && stride != *m.fixed) {
      return fail(whyNot, dim + "differs from the required fixed stride " +
                              llvm::Twine(*m.fixed) + " bits");
    }
    if (m.compact && stride != minimum) {
      return fail(whyNot, dim + "is not compact (expected " +
                              llvm::Twine(minimum) + " bits)");
    }
    if (stride < minimum) {
      return fail(whyNot, dim + "is below the minimum " + llvm::Twine(minimum) +
                              " bits (the dimension overlaps)");
    }
    if (stride % m.alignment != 0) {
      return fail(whyNot, dim + "is not aligned to " +
                              llvm::Twine(m.alignment) + " bits");
    }
    minimum = stride * shape[MemDim(i)];
  }
  return success();
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const StrideReq &req) {
  os << req.memDim() << ": ";
  switch (req.kind()) {
  case StrideReqKind::Any:
    return os << "any";
  case StrideReqKind::Compact:
    return os << "compact";
  case StrideReqKind::Aligned:
    return os << "aligned(" << req.extent() << ")";
  case StrideReqKind::Fixed:
    return os << "fixed(" << req.extent() << ")";
  }
  llvm_unreachable("unknown StrideReqKind");
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const StrideReqs &reqs) {
  os << '[';
  llvm::interleaveComma(reqs.reqs(), os);
  return os << ']';
}

} // namespace mlir::vpuc::shape
