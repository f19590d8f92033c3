//===- ExpandActivationChannels.h - expand-activation-channels --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createExpandActivationChannelsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS_H_
#define VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_EXPANDACTIVATIONCHANNELSPASS
#include "passes/ie/expand_activation_channels/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS_H_
