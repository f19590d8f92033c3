//===- CompressInputChannels.h - Compressed convolution inputs --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS_H_
#define VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_COMPRESSINPUTCHANNELSPASS
#include "passes/ie/compress_input_channels/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS_H_
