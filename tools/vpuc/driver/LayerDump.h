//===- LayerDump.h - Layer outputs of a blob's run --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A blob compiled with observed layers (`vpuc compile --observe-layers`,
// vpuc-ie-expose-layer-outputs) has an extra output `layer:<name>` per layer
// output; a run hands those apart from the network's own outputs.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_DRIVER_LAYERDUMP_H_
#define VPUC_TOOLS_VPUC_DRIVER_LAYERDUMP_H_

#include "core/npy/Npy.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::driver {

/// True if the network output `name` is a layer output (`layer:<name>`).
bool isLayerOutput(llvm::StringRef name);

/// Moves the layer outputs out of `outputs` and returns them by layer name
/// (without the `layer:` prefix), in output order, which is the network's
/// execution order.
npy::ArrayMap takeLayerOutputs(npy::ArrayMap &outputs);

} // namespace mlir::vpuc::driver

#endif // VPUC_TOOLS_VPUC_DRIVER_LAYERDUMP_H_
