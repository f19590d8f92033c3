//===- LayerDump.cpp - Layer outputs of a blob's run ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/LayerDump.h"

#include "dialects/ie/interpreter/LayerOutputs.h"

namespace mlir::vpuc::driver {

npy::ArrayMap takeLayerOutputs(npy::ArrayMap &outputs) {
  npy::ArrayMap layers, network;
  for (auto &[name, array] : outputs) {
    llvm::StringRef layer(name);
    if (layer.consume_front(IE::kExposedLayerPrefix)) {
      layers.insert({layer.str(), std::move(array)});
    } else {
      network.insert({name, std::move(array)});
    }
  }
  outputs = std::move(network);
  return layers;
}

} // namespace mlir::vpuc::driver
