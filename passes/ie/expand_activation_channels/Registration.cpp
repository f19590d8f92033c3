//===- Registration.cpp - expand_activation_channels entry ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_expand_activation_channels`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/expand_activation_channels/ExpandActivationChannels.h"

extern "C" void vpuc_register_ie_expand_activation_channels(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createExpandActivationChannelsPass(); });
}
