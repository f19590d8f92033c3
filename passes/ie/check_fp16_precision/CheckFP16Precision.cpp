//===- CheckFP16Precision.cpp - f16 precision check -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements CheckFP16PrecisionPass: one walk over the IR, reading the f32
// constants (their folded content, one at a time) and the statistics of the
// batch norms, and warnings on the ops f16 cannot hold.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/check_fp16_precision/CheckFP16Precision.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CHECKFP16PRECISIONPASS
#include "passes/ie/check_fp16_precision/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The smallest magnitude f16 rounds to an infinity: the largest finite value
/// 65504 plus half its ulp (32).
constexpr double kF16Overflow = 65520.0;

/// The largest relative rounding error of f16 (11 significant bits): half an
/// ulp of 2^-10.
constexpr double kF16UnitRoundoff = 0x1p-11;

/// The layer name of `op`: the last name of its location (the ONNX node a
/// layer comes from), or the op name when it has none.
static std::string getLayerName(Operation *op) {
  std::optional<std::string> name;
  op->getLoc()->walk([&](Location loc) {
    if (auto named = llvm::dyn_cast<NameLoc>(loc)) {
      name = named.getName().str();
    }
    return WalkResult::advance();
  });
  return name ? *name : op->getName().getStringRef().str();
}

/// `value` as printf's %g writes it (6 significant digits).
static std::string formatNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%g", value);
  return buffer;
}

/// True if `type` is a ranked tensor of f32 or f64, what
/// vpuc-ie-convert-precision-to-fp16 converts.
static bool isF32Tensor(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor &&
         (tensor.getElementType().isF32() || tensor.getElementType().isF64());
}

/// The largest finite magnitude among the f32 or f64 values of `content` and
/// its index, when at least one value is finite.
struct LargestValue {
  double magnitude = 0.0;
  double value = 0.0;
  int64_t index = 0;
};

static std::optional<LargestValue>
findLargestFinite(const Const::Content &content) {
  ArrayRef<char> storage = content.getRawStorage();
  std::optional<LargestValue> largest;
  const bool wide = content.getElementByteSize() == sizeof(double);
  const size_t size = wide ? sizeof(double) : sizeof(float);
  const int64_t count = static_cast<int64_t>(storage.size() / size);
  for (int64_t i = 0; i < count; ++i) {
    double value;
    if (wide) {
      std::memcpy(&value, storage.data() + i * size, size);
    } else {
      float narrow;
      std::memcpy(&narrow, storage.data() + i * size, size);
      value = narrow;
    }
    const double magnitude = std::fabs(value);
    if (std::isfinite(magnitude) &&
        (!largest || magnitude > largest->magnitude)) {
      largest = LargestValue{magnitude, value, i};
    }
  }
  return largest;
}

struct CheckFP16PrecisionPass
    : public impl::CheckFP16PrecisionPassBase<CheckFP16PrecisionPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (auto declare = llvm::dyn_cast<Const::DeclareOp>(op)) {
        checkConstant(declare);
      } else if (auto batchNorm = llvm::dyn_cast<BatchNormInferenceOp>(op)) {
        checkBatchNorm(batchNorm);
      }
    });
  }

  /// Warns if an f32 constant holds a finite value f16 rounds to an infinity.
  void checkConstant(Const::DeclareOp op) {
    if (!isF32Tensor(op.getType()) || op->use_empty()) {
      return;
    }
    Const::Content content = op.getContent().fold();
    if (content.getElementByteSize() != sizeof(float) &&
        content.getElementByteSize() != sizeof(double)) {
      return;
    }
    std::optional<LargestValue> largest = findLargestFinite(content);
    if (!largest || largest->magnitude < kF16Overflow) {
      return;
    }
    // The users in block order (the use list holds them in reverse order of
    // creation).
    SmallVector<Operation *, 4> userOps(op->getUsers());
    llvm::stable_sort(userOps, [](Operation *a, Operation *b) {
      return a->getBlock() == b->getBlock() && a != b && a->isBeforeInBlock(b);
    });
    SmallVector<std::string, 2> users;
    for (Operation *user : userOps) {
      std::string name = getLayerName(user);
      if (!llvm::is_contained(users, name)) {
        users.push_back(std::move(name));
      }
    }
    InFlightDiagnostic diag = op.emitWarning();
    diag << "a constant of layer" << (users.size() == 1 ? " '" : "s '");
    llvm::interleave(
        users, [&](const std::string &name) { diag << name; },
        [&] { diag << "', '"; });
    diag << "' holds " << formatNumber(largest->value);
    if (!content.isSplat()) {
      diag << " (element " << largest->index << ")";
    }
    diag << ", beyond the f16 range (largest finite value 65504): it becomes "
            "an infinity when the network computes in f16";
  }

  /// Warns if f16 rounds the input of a batch norm near its mean by more than
  /// `maxError` standard deviations on some channel.
  void checkBatchNorm(BatchNormInferenceOp op) {
    if (!isF32Tensor(op.getInput().getType())) {
      return;
    }
    std::optional<SmallVector<double>> mean = getFloatValues(op.getMean());
    std::optional<SmallVector<double>> variance =
        getFloatValues(op.getVariance());
    if (!mean || !variance || mean->size() != variance->size()) {
      return;
    }
    const double epsilon = op.getEpsilon().convertToDouble();
    // The channel with the largest error relative to its deviation.
    std::optional<size_t> worst;
    double worstError = 0.0;
    for (size_t c = 0; c < mean->size(); ++c) {
      const double deviation = std::sqrt((*variance)[c] + epsilon);
      const double error = std::fabs((*mean)[c]) * kF16UnitRoundoff / deviation;
      if (std::isfinite(error) && error > worstError) {
        worst = c;
        worstError = error;
      }
    }
    if (!worst || worstError <= maxError) {
      return;
    }
    const double deviation = std::sqrt((*variance)[*worst] + epsilon);
    const double mu = (*mean)[*worst];
    op.emitWarning() << "batch norm of layer '" << getLayerName(op)
                     << "': f16 rounds its input near channel " << *worst
                     << "'s mean " << formatNumber(mu) << " by up to "
                     << formatNumber(std::fabs(mu) * kF16UnitRoundoff) << " ("
                     << formatNumber(worstError) << " standard deviations of "
                     << formatNumber(deviation) << "; at most "
                     << formatNumber(maxError)
                     << " passes), and the batch norm magnifies that error "
                        "with the signal; fold it into the convolution before "
                        "it (none precedes it here), or keep this part of the "
                        "network in f32";
  }
};

} // namespace
} // namespace mlir::vpuc::IE
