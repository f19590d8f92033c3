//===- SplitSwKernels.cpp - Element-wise kernels in pieces ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements SplitSwKernelsPass: an element-wise software kernel becomes
// calls of the same kernel on matching pieces of its tensors, so that several
// SHAVEs share the work and each piece fits a tile's CMX.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/split_sw_kernels/SplitSwKernels.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/support/Diagnostics.h"
#include "core/support/Logger.h"
#include "dialects/common/ConstantSlicing.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/KernelDecl.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "passes/vpuip/utils/ProducerTile.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_SPLITSWKERNELSPASS
#include "passes/vpuip/split_sw_kernels/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The scalar parameters of `kernel` (its run's), each by its ABI field.
class KernelScalars {
public:
  KernelScalars(SwKernelOp kernel, const abi::KernelDecl &decl)
      : params(kernel.getRunOp().getParams()), decl(decl) {}

  /// Element `index` of the scalar field `name` as a double, or std::nullopt
  /// (no such field or element, not a number).
  std::optional<double> get(llvm::StringRef name, uint32_t index = 0) const {
    size_t offset = 0;
    for (uint32_t i = 0; i < decl.numScalars; ++i) {
      const abi::ScalarDecl &scalar = decl.scalars[i];
      if (name == scalar.name) {
        if (index >= scalar.count || offset + index >= params.size()) {
          return std::nullopt;
        }
        Attribute value = params[offset + index];
        if (auto integer = llvm::dyn_cast<IntegerAttr>(value)) {
          return static_cast<double>(integer.getInt());
        }
        if (auto real = llvm::dyn_cast<FloatAttr>(value)) {
          return real.getValueAsDouble();
        }
        return std::nullopt;
      }
      offset += scalar.count;
    }
    return std::nullopt;
  }

private:
  ArrayAttr params;
  const abi::KernelDecl &decl;
};

/// Whether a call of `kernel` on pieces along output dim `dim` computes those
/// pieces of its output (given its inputs' matching pieces, see `slice`):
/// every dim of an element-wise kernel; the dims a `reduce` keeping its
/// reduced dims does not reduce; the dims a `pad` does not pad; the dims an
/// `interpolate` copies through. Those are the dims it does not resize
/// (same input and output extent, scale 1 or sizes given) in the nearest and
/// linear modes with a coordinate transformation that maps an index to itself
/// at scale 1 (half_pixel, pytorch_half_pixel, align_corners, asymmetric: the
/// taps are the index itself with weight 1, and the reference skips such dims);
/// not cubic (its zero-weight taps read the neighbours) nor the tf_* modes.
bool isIndependentDim(SwKernelOp kernel, const abi::KernelDecl &decl,
                      int64_t dim) {
  if (decl.elementwise) {
    return true;
  }
  const llvm::StringRef name(decl.name);
  if (name != abi::ReduceKernel::name && name != abi::PadKernel::name &&
      name != abi::InterpolateKernel::name) {
    return false;
  }
  auto inType = llvm::cast<MemRefType>(kernel.getInputs().front().getType());
  auto outType =
      llvm::cast<MemRefType>(kernel.getOutputBuffs().front().getType());
  if (inType.getRank() != outType.getRank()) {
    return false;
  }
  if (name == abi::ReduceKernel::name) {
    // With the reduced dims kept (as 1), a dim not in the mask is reduced
    // index by index.
    std::optional<double> mask = KernelScalars(kernel, decl).get("axesMask");
    return mask && (static_cast<int64_t>(*mask) & (int64_t{1} << dim)) == 0;
  }
  if (inType.getDimSize(dim) != outType.getDimSize(dim)) {
    return false;
  }
  // A dim `pad` does not pad (same extent: no pads) is read index by index,
  // whatever the mode: an edge or a mirror of another dim stays in the row.
  if (name == abi::PadKernel::name) {
    return true;
  }
  KernelScalars scalars(kernel, decl);
  using abi::InterpolateCoordMode;
  using abi::InterpolateMode;
  std::optional<double> mode = scalars.get("mode");
  std::optional<double> coordMode = scalars.get("coordMode");
  std::optional<double> scale =
      scalars.get("scales", static_cast<uint32_t>(dim));
  auto is = [](std::optional<double> value, auto enumValue) {
    return value && *value == static_cast<double>(enumValue);
  };
  return (is(mode, InterpolateMode::Nearest) ||
          is(mode, InterpolateMode::Linear)) &&
         (is(coordMode, InterpolateCoordMode::HalfPixel) ||
          is(coordMode, InterpolateCoordMode::PytorchHalfPixel) ||
          is(coordMode, InterpolateCoordMode::AlignCorners) ||
          is(coordMode, InterpolateCoordMode::Asymmetric)) &&
         scale && (*scale == 0.0 || *scale == 1.0);
}

/// The dim of `type` (a tensor of a kernel whose output has rank `outRank`)
/// that matches output dim `axis`: dims align from the innermost, as in
/// NumPy broadcasting; negative when `type` has no such dim.
int64_t alignedDim(MemRefType type, int64_t outRank, int64_t axis) {
  return axis - (outRank - type.getRank());
}

/// The bytes of data `buffer` holds.
int64_t getBytes(Value buffer) {
  return BufferType(llvm::cast<MemRefType>(buffer.getType()))
      .getDataSize()
      .toBytes()
      .count();
}

/// True if the pieces of `buffer` along its dim `dim` are contiguous: every
/// dim outer to it in memory order has extent 1.
bool hasContiguousPieces(Value buffer, int64_t dim) {
  BufferType type(llvm::cast<MemRefType>(buffer.getType()));
  ArrayRef<int64_t> shape = type.getType().getShape();
  for (shape::Dim outer : type.getOrder().toPermutation()) {
    if (outer.ind() == dim) {
      return true;
    }
    if (shape[outer.ind()] != 1) {
      return false;
    }
  }
  return true;
}

/// The dim of the output to split `kernel` (calling `decl`) into `count`
/// pieces along: the outermost in memory order along which pieces are
/// independent (isIndependentDim) with at least `count` elements, else the
/// outermost such with more than one; std::nullopt when there is none or the
/// kernel cannot be split (not one output, a sub-byte buffer).
std::optional<int64_t>
getSplitAxis(SwKernelOp kernel, const abi::KernelDecl &decl, int64_t count) {
  if (kernel.getOutputBuffs().size() != 1) {
    return std::nullopt;
  }
  for (Value buffer : kernel->getOperands()) {
    if (BufferType(llvm::cast<MemRefType>(buffer.getType()))
            .getElemTypeSize()
            .count() < 8) {
      return std::nullopt;
    }
  }
  BufferType output(
      llvm::cast<MemRefType>(kernel.getOutputBuffs().front().getType()));
  ArrayRef<int64_t> shape = output.getType().getShape();
  std::optional<int64_t> axis;
  for (shape::Dim dim : output.getOrder().toPermutation()) {
    if (shape[dim.ind()] > 1 && isIndependentDim(kernel, decl, dim.ind())) {
      if (shape[dim.ind()] >= count) {
        return dim.ind();
      }
      if (!axis) {
        axis = dim.ind();
      }
    }
  }
  return axis;
}

/// `buffer`'s piece for the output rows [offset, offset + size) of `axis`
/// (output rank `outRank`): a view of them when `buffer` has the output's
/// `extent` along the matching dim (a new constant holding them when
/// `buffer` is a constant: tasks read constants directly), else all of
/// `buffer` (it broadcasts).
Value slice(OpBuilder &builder, Location loc, Value buffer, int64_t outRank,
            int64_t axis, int64_t extent, int64_t offset, int64_t size) {
  auto type = llvm::cast<MemRefType>(buffer.getType());
  const int64_t dim = alignedDim(type, outRank, axis);
  if (dim < 0 || type.getDimSize(dim) != extent) {
    return buffer;
  }
  SmallVector<int64_t> offsets(type.getRank(), 0);
  SmallVector<int64_t> sizes(type.getShape());
  offsets[dim] = offset;
  sizes[dim] = size;
  if (const ConstantSlicingInterface *slicing = getConstantSlicing(buffer)) {
    if (Value part =
            slicing->sliceConstant(builder, loc, buffer, offsets, sizes)) {
      return part;
    }
  }
  return builder.create<SubViewOp>(loc, buffer, offsets, sizes);
}

/// Replaces `kernel` by `count` calls on pieces of its tensors along `axis`.
void split(SwKernelOp kernel, int64_t axis, int64_t count) {
  OpBuilder builder(kernel);
  Value output = kernel.getOutputBuffs().front();
  auto outType = llvm::cast<MemRefType>(output.getType());
  const int64_t rank = outType.getRank();
  const int64_t extent = outType.getDimSize(axis);
  const unsigned numInputs = kernel.getInputs().size();
  SmallVector<Value> results;
  for (int64_t i = 0, offset = 0; i < count; ++i) {
    const int64_t size = extent / count + (i < extent % count ? 1 : 0);
    Location loc =
        support::getPieceLocation(kernel.getLoc(), "part" + std::to_string(i));
    auto piece = llvm::cast<SwKernelOp>(builder.clone(*kernel));
    piece->setLoc(loc);
    Block &body = piece.getBody().front();
    for (OpOperand &operand : piece->getOpOperands()) {
      builder.setInsertionPoint(piece);
      Value part =
          slice(builder, loc, operand.get(), rank, axis, extent, offset, size);
      operand.set(part);
      body.getArgument(operand.getOperandNumber()).setType(part.getType());
    }
    Value pieceOutput = piece->getOperand(numInputs);
    piece->getResult(0).setType(pieceOutput.getType());
    results.push_back(piece->getResult(0));
    builder.setInsertionPointAfter(piece);
    offset += size;
  }
  auto concat =
      builder.create<ConcatViewOp>(kernel.getLoc(), outType, results, output);
  kernel->getResult(0).replaceAllUsesWith(concat.getOutput());
  SmallVector<Value> operands(kernel->getOperands());
  kernel.erase();
  // A constant the pieces read in parts is left unread.
  for (Value operand : operands) {
    Operation *def = operand.getDefiningOp();
    if (def && def->use_empty() && getConstantSlicing(operand)) {
      def->erase();
    }
  }
}

struct SplitSwKernelsPass final
    : impl::SplitSwKernelsPassBase<SplitSwKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    support::Logger log(getArgument());
    ResourcesAttr resources = getResources(func);
    if (!resources || resources.getShaveKind() != ShaveKind::ACT) {
      log.info("@{0}: the target has no activation SHAVEs: nothing to split",
               func.getName());
      return;
    }
    const int64_t shaves = resources.getClusters() * resources.getShaves();
    ProducerTiles producers(func);
    const int64_t pieceBudget =
        std::max<int64_t>(1, resources.getCmxSize() / 2);
    const int64_t minElements = std::max<int64_t>(1, minPieceElements);
    SymbolTableCollection tables;
    SmallVector<std::pair<SwKernelOp, std::pair<int64_t, int64_t>>> plan;
    func.walk([&](SwKernelOp kernel) {
      const abi::KernelDecl *decl = getAbiKernel(kernel, tables);
      if (!decl) {
        return;
      }
      const size_t numInputs = kernel.getInputs().size();
      int64_t footprint = 0;
      int64_t inputBytes = 0;
      int64_t largest = 0;
      for (auto [index, buffer] : llvm::enumerate(kernel->getOperands())) {
        const int64_t bytes = getBytes(buffer);
        footprint += bytes;
        inputBytes += index < numInputs ? bytes : 0;
        largest = std::max(
            largest, llvm::cast<MemRefType>(buffer.getType()).getNumElements());
      }
      // A kernel whose inputs one tile produced runs on that tile's SHAVEs
      // (vpuc-vpuip-assign-shaves): a multiple of their count keeps them
      // equally busy.
      const bool onProducerTile = producers.getProducerTile(kernel).has_value();
      int64_t count = std::max(onProducerTile ? resources.getShaves() : shaves,
                               (footprint + pieceBudget - 1) / pieceBudget);
      // A piece of a kernel on its producer's tile reads its input where the
      // producer wrote it, all of which stays in the CMX meanwhile: the
      // piece's output must fit beside the whole input.
      if (onProducerTile) {
        const int64_t outputBytes = footprint - inputBytes;
        const int64_t room = resources.getCmxSize() - inputBytes;
        if (room > 0) {
          count = std::max(count, (outputBytes + room - 1) / room);
        }
        count = llvm::alignTo(count, resources.getShaves());
      }
      std::optional<int64_t> axis = getSplitAxis(kernel, *decl, count);
      if (!axis) {
        return;
      }
      // On its producer's tile a piece reads its part of each input in
      // place; a strided part (a global average pool's channels of an NHWC
      // activation) would be copied into a buffer of its own instead, so
      // such a kernel stays whole.
      auto outType =
          llvm::cast<MemRefType>(kernel.getOutputBuffs().front().getType());
      if (onProducerTile && llvm::any_of(kernel.getInputs(), [&](Value input) {
            auto type = llvm::cast<MemRefType>(input.getType());
            const int64_t dim = alignedDim(type, outType.getRank(), *axis);
            return dim >= 0 && type.getDimSize(dim) > 1 &&
                   !hasContiguousPieces(input, dim);
          })) {
        return;
      }
      count =
          std::min({count, outType.getDimSize(*axis), largest / minElements});
      if (count >= 2) {
        plan.push_back({kernel, {*axis, count}});
      }
    });
    int64_t pieces = 0;
    for (auto &[kernel, axisAndCount] : plan) {
      split(kernel, axisAndCount.first, axisAndCount.second);
      pieces += axisAndCount.second;
    }
    log.info("@{0}: {1} kernel(s) split into {2} pieces", func.getName(),
             plan.size(), pieces);
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
