//===- PipelineSwLayers.cpp - NCE and SHAVE work in row tiles ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements PipelineSwLayersPass (see PipelineSwLayers.td): each
// element-wise software layer is matched with the row tiles of its operands
// (getRowTiles) or with the NCE op that produces them, which is cut
// (splitProducer); the layer is split alike (splitSwLayer, shared with the
// multi-cluster split).
//
//===----------------------------------------------------------------------===//

#include "passes/vpu/pipeline_sw_layers/PipelineSwLayers.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "core/cost/CostModel.h"
#include "core/support/Diagnostics.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpu/utils/ClusterPieces.h"
#include "passes/vpu/utils/TileUtils.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DEF_PIPELINESWLAYERSPASS
#include "passes/vpu/pipeline_sw_layers/Passes.h.inc" // IWYU pragma: keep

namespace {

constexpr int64_t kRowDim = 2;
constexpr StringLiteral kSuffix = "pipe";

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// The operands of `layer` with the shape of its result (the others
/// broadcast into it).
SmallVector<Value, 2> getFullOperands(Operation *layer) {
  ArrayRef<int64_t> shape = tensorOf(layer->getResult(0)).getShape();
  SmallVector<Value, 2> full;
  for (Value operand : layer->getOperands()) {
    auto type = llvm::dyn_cast<RankedTensorType>(operand.getType());
    if (type && type.getShape() == shape) {
      full.push_back(operand);
    }
  }
  return full;
}

/// The row tiles of `value` when it is a VPU.Concat over H of at least two
/// pieces all computed in one cluster (getValueCluster); empty otherwise.
ClusterSplit getRowTiles(Value value) {
  auto concat = value.getDefiningOp<ConcatOp>();
  if (!concat || getConcatAxis(concat) != kRowDim ||
      concat.getInputs().size() < 2) {
    return {};
  }
  std::optional<int64_t> cluster;
  ClusterSplit split;
  split.dim = kRowDim;
  for (Value input : concat.getInputs()) {
    std::optional<int64_t> inputCluster = getValueCluster(input);
    if (!inputCluster || (cluster && *cluster != *inputCluster)) {
      return {};
    }
    cluster = inputCluster;
    split.extents.push_back(tensorOf(input).getDimSize(kRowDim));
  }
  return split;
}

/// The same row tiles of every operand of `layer` with its shape (none
/// when one has none or two differ).
ClusterSplit getLayerRowTiles(Operation *layer) {
  ClusterSplit common;
  for (Value operand : getFullOperands(layer)) {
    ClusterSplit split = getRowTiles(operand);
    if (split.empty() || (!common.empty() && split != common)) {
      return {};
    }
    common = std::move(split);
  }
  return common;
}

/// The NCE op with a `cluster` whose result is every operand of `layer`
/// with its shape and which only `layer` reads; null otherwise.
NCEOpInterface getProducer(Operation *layer) {
  SmallVector<Value, 2> full = getFullOperands(layer);
  if (full.empty() || !llvm::all_equal(full)) {
    return {};
  }
  auto producer = full.front().getDefiningOp<NCEOpInterface>();
  if (!producer || !producer->hasAttr("cluster") ||
      llvm::any_of(full.front().getUsers(),
                   [&](Operation *user) { return user != layer; })) {
    return {};
  }
  return producer;
}

/// The bytes of `value`.
int64_t getBytes(Value value) {
  RankedTensorType type = tensorOf(value);
  return type.getNumElements() * type.getElementTypeBitWidth() / 8;
}

/// The output bytes of the smallest part of a split of `layer`'s result.
int64_t getSmallestPartBytes(Operation *layer, const ClusterSplit &split) {
  Value result = layer->getResult(0);
  return getBytes(result) / tensorOf(result).getDimSize(kRowDim) *
         *llvm::min_element(split.extents);
}

struct PipelineSwLayersPass
    : impl::PipelineSwLayersPassBase<PipelineSwLayersPass> {
  using PipelineSwLayersPassBase::PipelineSwLayersPassBase;

  /// The rows of the producer's tiles: `tiles` parts, all but the last a
  /// multiple of `rowAlignment` where the rows allow it; empty when a part
  /// would have no row.
  SmallVector<int64_t> planRows(int64_t rows, int64_t rowAlignment) const {
    const int64_t count = tiles;
    if (rows < count) {
      return {};
    }
    SmallVector<int64_t> extents;
    int64_t left = rows;
    for (int64_t part = 0; part + 1 < count; ++part) {
      int64_t size = left / (count - part);
      if (size >= rowAlignment) {
        size -= size % rowAlignment;
      }
      extents.push_back(size);
      left -= size;
    }
    extents.push_back(left);
    return extents;
  }

  /// Cuts `producer` into the row tiles `split` (all on its cluster).
  static void splitProducer(NCEOpInterface producer, const OpGeometry &geometry,
                            const ClusterSplit &split) {
    SmallVector<TileBox> boxes;
    int64_t offset = 0;
    for (int64_t extent : split.extents) {
      boxes.push_back(rowBox(geometry, offset, extent));
      offset += extent;
    }
    const int64_t cluster = producer.getClusterIndex();
    SmallVector<int64_t> clusters(boxes.size(), cluster);
    rewriteIntoTiles(producer, geometry, TileAxis::Height, boxes, kSuffix,
                     clusters);
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (tiles < 2) {
      func.emitOpError() << "cannot cut NCE ops into "
                         << static_cast<int64_t>(tiles)
                         << " row tiles (option tiles of "
                            "vpuc-vpu-pipeline-sw-layers): it is below 2";
      return signalPassFailure();
    }
    if (minTileBytes < 0) {
      func.emitOpError() << "cannot keep parts of at least "
                         << static_cast<int64_t>(minTileBytes)
                         << " bytes (option min-tile-bytes of "
                            "vpuc-vpu-pipeline-sw-layers): it is negative";
      return signalPassFailure();
    }
    if (!(maxWeightsRatio >= 0)) {
      func.emitOpError() << "cannot allow weights of "
                         << static_cast<double>(maxWeightsRatio)
                         << " times a part's bytes (option max-weights-ratio "
                            "of vpuc-vpu-pipeline-sw-layers): it is negative";
      return signalPassFailure();
    }
    if (!(maxCmxShare > 0)) {
      func.emitOpError() << "cannot keep tensors within a share of "
                         << static_cast<double>(maxCmxShare)
                         << " of the CMX (option max-cmx-share of "
                            "vpuc-vpu-pipeline-sw-layers): it is not above 0";
      return signalPassFailure();
    }
    // The tallest MPE mode of the target: the producer's tiles but the last
    // are multiples of it.
    int64_t rowAlignment = 1;
    int64_t cmx = std::numeric_limits<int64_t>::max();
    if (VPUIP::ResourcesAttr resources = VPUIP::getResources(func)) {
      // The overlap needs each cluster's own activation SHAVEs, working in
      // its CMX; the UPA SHAVEs of VPUX30XX are shared by the clusters and
      // work in DDR (there the tiles made EfficientNet-B0 12.6 % slower).
      if (resources.getShaveKind() != VPUIP::ShaveKind::ACT) {
        return;
      }
      cmx = resources.getCmxSize();
      llvm::Expected<cost::CostModel> model = VPUIP::loadCostModel(resources);
      if (!model) {
        func.emitOpError() << "cannot align row tiles to the MPE modes "
                              "(vpuc-vpu-pipeline-sw-layers): "
                           << llvm::toString(model.takeError());
        return signalPassFailure();
      }
      for (const cost::MpeMode &mode : model->getMpeModes()) {
        rowAlignment = std::max(rowAlignment, mode.height);
      }
    }

    SmallVector<Operation *> layers;
    func.walk([&](Operation *op) {
      if (isElementwiseSwLayer(op)) {
        layers.push_back(op);
      }
    });
    for (Operation *layer : layers) {
      ClusterSplit split = getLayerRowTiles(layer);
      NCEOpInterface producer;
      FailureOr<OpGeometry> geometry = failure();
      if (split.empty()) {
        producer = getProducer(layer);
        if (!producer || failed(geometry = getGeometry(producer))) {
          continue;
        }
        split.dim = kRowDim;
        split.extents = planRows(geometry->outputShape[kRowDim], rowAlignment);
        if (split.extents.empty()) {
          continue;
        }
      }
      // The layer's tensors (and the producer's input) in one cluster.
      int64_t bytes = getBytes(layer->getResult(0));
      for (Value operand : getFullOperands(layer)) {
        bytes += getBytes(operand);
      }
      if (producer) {
        bytes += getBytes(geometry->input);
      }
      const int64_t partBytes = getSmallestPartBytes(layer, split);
      // The producer's weights, which each of its tiles loads again.
      const int64_t weights =
          producer && geometry->filter
              ? weightsBytes(*geometry, geometry->filterShape[0],
                             /*alignment=*/1)
              : 0;
      if (partBytes < minTileBytes ||
          static_cast<double>(bytes) > maxCmxShare * static_cast<double>(cmx) ||
          (static_cast<double>(weights) >
           maxWeightsRatio * static_cast<double>(partBytes))) {
        continue;
      }
      if (producer) {
        splitProducer(producer, *geometry, split);
      }
      splitSwLayer(layer, split, kSuffix);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPU
