//===- SplitSwLayers.cpp - vpuc-vpu-split-sw-layers -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements SplitSwLayersPass (see SplitSwLayers.td): a fully connected or
// 2-D matrix product software layer with a tensor larger than a SHAVE tensor
// window is described as a product of `rows x K` by `K x cols` operands (the
// dims each operand is cut along), the fewest row and column blocks whose
// tensors fit are chosen, and the layer is rewritten into Slice / pieces /
// Concat; any other software layer with such a tensor is an error.
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/split_sw_layers/SplitSwLayers.h"

#include <optional>
#include <string>

#include "core/shape/ShapedTypeUtils.h"
#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "kernels/abi/SwKernelAbi.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpu/utils/TileUtils.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_SPLITSWLAYERSPASS
#include "passes/vpu/split_sw_layers/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The bytes of the tensor `value` (compact).
int64_t bytesOf(Value value) {
  auto type = llvm::cast<RankedTensorType>(value.getType());
  FailureOr<shape::Bit> bits = shape::getElemTypeSize(type.getElementType());
  const int64_t elementBits = succeeded(bits) ? bits->count() : 0;
  return (type.getNumElements() * elementBits + 7) / 8;
}

/// How a layer computing `[rows, cols]` from `[rows, K]` and `[cols, K]`
/// operands is cut: for each operand, the dim that follows the rows, the
/// dim that follows the columns (each -1 when the operand has none).
struct ProductGeometry {
  /// The operands, in order, with their row and column dims.
  struct Operand {
    Value value;
    int64_t rowDim = -1;
    int64_t colDim = -1;
  };
  SmallVector<Operand, 3> operands;
  int64_t rows = 0;
  int64_t cols = 0;
};

/// The geometry of a fully connected layer or a 2-D matrix product, or
/// nothing for another layer.
std::optional<ProductGeometry> getProductGeometry(Operation *op) {
  ProductGeometry geometry;
  auto outputShape =
      llvm::cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  if (outputShape.size() != 2) {
    return std::nullopt;
  }
  geometry.rows = outputShape[0];
  geometry.cols = outputShape[1];
  if (auto fc = llvm::dyn_cast<SWFullyConnectedOp>(op)) {
    if (llvm::cast<RankedTensorType>(fc.getInput().getType()).getRank() != 2) {
      return std::nullopt;
    }
    geometry.operands.push_back({fc.getInput(), 0, -1});
    geometry.operands.push_back({fc.getWeights(), -1, 0});
    if (Value bias = fc.getBias()) {
      const int64_t rank =
          llvm::cast<RankedTensorType>(bias.getType()).getRank();
      geometry.operands.push_back({bias, -1, rank - 1});
    }
    return geometry;
  }
  if (auto matmul = llvm::dyn_cast<SWMatMulOp>(op)) {
    if (llvm::cast<RankedTensorType>(matmul.getInput1().getType()).getRank() !=
            2 ||
        llvm::cast<RankedTensorType>(matmul.getInput2().getType()).getRank() !=
            2) {
      return std::nullopt;
    }
    geometry.operands.push_back(
        {matmul.getInput1(), matmul.getTransposeA() ? 1 : 0, -1});
    geometry.operands.push_back(
        {matmul.getInput2(), -1, matmul.getTransposeB() ? 0 : 1});
    return geometry;
  }
  return std::nullopt;
}

/// Blocks of `extent` into `count` ranges of nearly equal size, the larger
/// first.
SmallVector<std::pair<int64_t, int64_t>> splitRange(int64_t extent,
                                                    int64_t count) {
  SmallVector<std::pair<int64_t, int64_t>> ranges;
  for (int64_t i = 0, offset = 0; i < count; ++i) {
    const int64_t size = extent / count + (i < extent % count ? 1 : 0);
    ranges.emplace_back(offset, size);
    offset += size;
  }
  return ranges;
}

/// The largest block of `extent` split into `count`.
int64_t largestBlock(int64_t extent, int64_t count) {
  return (extent + count - 1) / count;
}

/// The bytes of `value` when its row dim keeps `rows` of `allRows` and its
/// column dim `cols` of `allCols`.
int64_t pieceBytes(const ProductGeometry::Operand &operand, int64_t rows,
                   int64_t allRows, int64_t cols, int64_t allCols) {
  auto shape = llvm::cast<RankedTensorType>(operand.value.getType()).getShape();
  int64_t bytes = bytesOf(operand.value);
  if (operand.rowDim >= 0 && shape[operand.rowDim] == allRows && allRows > 0) {
    bytes = bytes / allRows * rows;
  }
  if (operand.colDim >= 0 && shape[operand.colDim] == allCols && allCols > 0) {
    bytes = bytes / allCols * cols;
  }
  return bytes;
}

/// The fewest row and column blocks (rows first, then the product, then
/// fewer row blocks) whose operands and output all fit `window`, or nothing.
std::optional<std::pair<int64_t, int64_t>>
chooseBlocks(const ProductGeometry &geometry, Value output, int64_t window) {
  ProductGeometry::Operand out{output, 0, 1};
  auto fits = [&](int64_t rowCount, int64_t colCount) {
    const int64_t rows = largestBlock(geometry.rows, rowCount);
    const int64_t cols = largestBlock(geometry.cols, colCount);
    if (pieceBytes(out, rows, geometry.rows, cols, geometry.cols) > window) {
      return false;
    }
    return llvm::all_of(geometry.operands, [&](const auto &operand) {
      return pieceBytes(operand, rows, geometry.rows, cols, geometry.cols) <=
             window;
    });
  };
  std::optional<std::pair<int64_t, int64_t>> best;
  for (int64_t rowCount = 1; rowCount <= geometry.rows; ++rowCount) {
    if (best && rowCount > best->first * best->second) {
      break;
    }
    for (int64_t colCount = 1; colCount <= geometry.cols; ++colCount) {
      if (best && rowCount * colCount >= best->first * best->second) {
        break;
      }
      if (fits(rowCount, colCount)) {
        best = {rowCount, colCount};
        break;
      }
    }
  }
  return best;
}

struct SplitSwLayersPass
    : public impl::SplitSwLayersPassBase<SplitSwLayersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const auto option = static_cast<int64_t>(windowBytes);
    if (option < 0) {
      func.emitOpError() << "cannot use a window of " << option
                         << " bytes (option window-bytes of "
                            "vpuc-vpu-split-sw-layers): it is negative";
      return signalPassFailure();
    }
    const int64_t window =
        option != 0 ? option : static_cast<int64_t>(abi::kWindowSize);
    SmallVector<Operation *> layers;
    func.walk(
        [&](SWKernelOpInterface op) { layers.push_back(op.getOperation()); });
    for (Operation *op : layers) {
      if (failed(splitLayer(op, window))) {
        return signalPassFailure();
      }
    }
  }

  /// The first tensor of `op` (operand or result) larger than `window`.
  static std::optional<std::pair<Value, std::string>>
  findLargeTensor(Operation *op, int64_t window) {
    for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
      if (llvm::isa<RankedTensorType>(operand.getType()) &&
          bytesOf(operand) > window) {
        return std::make_pair(operand, "operand #" + std::to_string(index));
      }
    }
    for (auto [index, result] : llvm::enumerate(op->getResults())) {
      if (llvm::isa<RankedTensorType>(result.getType()) &&
          bytesOf(result) > window) {
        return std::make_pair(Value(result),
                              "result #" + std::to_string(index));
      }
    }
    return std::nullopt;
  }

  LogicalResult splitLayer(Operation *op, int64_t window) {
    std::optional<std::pair<Value, std::string>> large =
        findLargeTensor(op, window);
    if (!large) {
      return success();
    }
    auto fail = [&](StringRef why) {
      return op->emitOpError()
             << "layer '" << layerName(op) << "': " << large->second << " ("
             << large->first.getType() << ") spans " << bytesOf(large->first)
             << " bytes, more than a SHAVE tensor window maps (" << window
             << " bytes), and " << why;
    };
    std::optional<ProductGeometry> geometry = getProductGeometry(op);
    if (!geometry) {
      return fail("vpuc-vpu-split-sw-layers cannot split this layer");
    }
    std::optional<std::pair<int64_t, int64_t>> blocks =
        chooseBlocks(*geometry, op->getResult(0), window);
    if (!blocks) {
      return fail("even one row and one column of it do not fit (the "
                  "reduction axis is never split)");
    }
    rewrite(op, *geometry, blocks->first, blocks->second);
    return success();
  }

  static void rewrite(Operation *op, const ProductGeometry &geometry,
                      int64_t rowCount, int64_t colCount) {
    OpBuilder builder(op);
    auto outputType = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<Value> rowBlocks;
    for (auto [rowIndex, rowRange] :
         llvm::enumerate(splitRange(geometry.rows, rowCount))) {
      SmallVector<Value> pieces;
      for (auto [colIndex, colRange] :
           llvm::enumerate(splitRange(geometry.cols, colCount))) {
        std::string suffix;
        if (rowCount > 1) {
          suffix = "row" + std::to_string(rowIndex);
        }
        if (colCount > 1) {
          suffix += (suffix.empty() ? "" : "/") + std::string("part") +
                    std::to_string(colIndex);
        }
        Location loc = support::getPieceLocation(op->getLoc(), suffix);
        SmallVector<Value, 3> operands;
        for (const ProductGeometry::Operand &operand : geometry.operands) {
          auto shape =
              llvm::cast<RankedTensorType>(operand.value.getType()).getShape();
          SmallVector<int64_t, 2> offsets(shape.size(), 0);
          SmallVector<int64_t, 2> sizes(shape);
          if (operand.rowDim >= 0 && shape[operand.rowDim] == geometry.rows) {
            offsets[operand.rowDim] = rowRange.first;
            sizes[operand.rowDim] = rowRange.second;
          }
          if (operand.colDim >= 0 && shape[operand.colDim] == geometry.cols) {
            offsets[operand.colDim] = colRange.first;
            sizes[operand.colDim] = colRange.second;
          }
          operands.push_back(
              sliceValue(builder, loc, operand.value, offsets, sizes));
        }
        auto pieceType = RankedTensorType::get(
            {rowRange.second, colRange.second}, outputType.getElementType(),
            outputType.getEncoding());
        OperationState state(loc, op->getName());
        state.addOperands(operands);
        state.addTypes(pieceType);
        state.addAttributes(op->getAttrs());
        pieces.push_back(builder.create(state)->getResult(0));
      }
      if (pieces.size() == 1) {
        rowBlocks.push_back(pieces.front());
        continue;
      }
      auto blockType = RankedTensorType::get({rowRange.second, geometry.cols},
                                             outputType.getElementType(),
                                             outputType.getEncoding());
      rowBlocks.push_back(builder.create<ConcatOp>(
          op->getLoc(), blockType, pieces, builder.getI64IntegerAttr(1)));
    }
    Value result = rowBlocks.front();
    if (rowBlocks.size() > 1) {
      result = builder.create<ConcatOp>(op->getLoc(), outputType, rowBlocks,
                                        builder.getI64IntegerAttr(0));
    }
    op->getResult(0).replaceAllUsesWith(result);
    SmallVector<Value, 3> operands(op->getOperands());
    op->erase();
    // The whole constants the pieces sliced are dead now.
    for (Value operand : operands) {
      if (auto constant = operand.getDefiningOp<Const::DeclareOp>();
          constant && constant->use_empty()) {
        constant->erase();
      }
    }
  }
};

} // namespace

} // namespace mlir::vpuc::VPU
