//===- LayerDump.cpp - Layer outputs of a blob's run ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/LayerDump.h"

#include "dialects/ie/interpreter/LayerOutputs.h"

namespace mlir::vpuc::driver {

bool isLayerOutput(llvm::StringRef name) {
  return name.starts_with(IE::kExposedLayerPrefix);
}

npy::ArrayMap takeLayerOutputs(npy::ArrayMap &outputs) {
  npy::ArrayMap layers, network;
  for (auto &[name, array] : outputs) {
    if (isLayerOutput(name)) {
      layers.insert({llvm::StringRef(name)
                         .drop_front(IE::kExposedLayerPrefix.size())
                         .str(),
                     std::move(array)});
    } else {
      network.insert({name, std::move(array)});
    }
  }
  outputs = std::move(network);
  return layers;
}

} // namespace mlir::vpuc::driver
