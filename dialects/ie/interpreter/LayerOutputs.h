//===- LayerOutputs.h - The layers of an IE function ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What a "layer" of an IE-level function is, for the tools that observe
// layers one by one (`vpuc infer --dump-layers`, vpuc-ie-expose-layer-outputs
// and so `vpuc run --dump-layers`): a layer is the ops of one name, the name
// being the last NameLoc of an op's location (for an imported ONNX model, the
// node name). An importer's decomposition of a node, and the ops a compiler
// adds around a layer (reshapes, conversions, padding, the slice that drops
// padded channels), carry the layer's name; a fused op carries a fused
// location whose last name is the layer whose output it computes. The outputs
// of a layer are the results of its ops that another layer or the return
// reads, or nothing does.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_INTERPRETER_LAYEROUTPUTS_H_
#define VPUC_DIALECTS_IE_INTERPRETER_LAYEROUTPUTS_H_

#include <string>

#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace mlir::vpuc::IE {

/// Appends the names of the NameLocs in `loc` to `names`, in order, looking
/// into fused and call-site (callee) locations and into the location a name
/// wraps (a tile `conv/tile0` of the layer `conv` wraps the layer's location).
void collectLocationNames(Location loc, SmallVectorImpl<StringRef> &names);

/// The layer name of `op`, at `position` in its block: the last name of its
/// location (a fused op computes the output of the last node fused into it; a
/// piece of a layer names the layer last), else `<op name>#<position>`. The
/// names before the last one in a fused location are added to `absorbed` when
/// given.
std::string getLayerName(Operation *op, size_t position,
                         llvm::StringSet<> *absorbed = nullptr);

/// True if `op` belongs to no layer: constants and the terminator.
bool isLayerFreeOp(Operation &op);

/// The prefix of the network outputs that vpuc-ie-expose-layer-outputs adds:
/// `layer:<layer output name>`.
inline constexpr llvm::StringLiteral kExposedLayerPrefix = "layer:";

/// One output of a layer.
struct LayerOutput {
  Value value;
  /// The layer's name, suffixed `:<n>` for its outputs after the first.
  std::string name;
};

/// The outputs of the layers of `body`, in execution order. A layer fused into
/// a later one (a name before the last in a fused location) has none.
SmallVector<LayerOutput> collectLayerOutputs(Block &body);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_INTERPRETER_LAYEROUTPUTS_H_
