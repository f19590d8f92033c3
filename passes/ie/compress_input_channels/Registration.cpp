//===- Registration.cpp - Component ie_compress_input_channels ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/compress_input_channels/CompressInputChannels.h"

extern "C" void vpuc_register_ie_compress_input_channels(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createCompressInputChannelsPass(); });
}
