//===- ConvSupport.h - Checks shared by the convolution kernels -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The operand checks and the post-operation shared by convolution,
// deconvolution and fully_connected (kernels/shave).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_CONVSUPPORT_H_
#define VPUC_KERNELS_SHAVE_CONVSUPPORT_H_

#include <cstdint>
#include <vector>

#include "kernels/reference/Convolution.h"
#include "kernels/shave/KernelRegistry.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::emu {

/// Checks the operands of a layer with weights: float types, `rank`-D
/// input, filter and output, a bias that is absent or of dims [channels],
/// and an output disjoint from the inputs.
llvm::Error checkWeightedOperands(const TensorView &input,
                                  const TensorView &filter,
                                  const TensorView &bias,
                                  const TensorView &output, int64_t rank,
                                  int64_t channels, llvm::StringRef kernel);

/// Checks the 2-D window scalars: strides and dilations >= 1, pads >= 0.
llvm::Error checkWindow(int32_t strideH, int32_t strideW, int32_t dilationH,
                        int32_t dilationW, int32_t padTop, int32_t padLeft,
                        int32_t padBottom, int32_t padRight,
                        llvm::StringRef kernel);

/// The output size of a convolution window along one axis, (in + pad0 + pad1
/// - dilation * (kernel - 1) - 1) / stride + 1 (floor), or -1 when the dilated
/// window does not fit the padded input.
int64_t getConvOutputSize(int64_t in, int64_t kernel, int64_t stride,
                          int64_t dilation, int64_t pad0, int64_t pad1);

/// Checks that `groups` divides the input and output channels and that the
/// filter [OC, C / groups, KY, KX] `filterDims` has the input channels of a
/// group.
llvm::Error checkConvGroups(int64_t channels, int64_t outChannels,
                            int32_t groups,
                            const std::vector<int64_t> &filterDims,
                            llvm::StringRef kernel);

/// Applies the checked post-operation to the dense output and stores it.
void finishWeighted(const TensorView &output, int32_t postOp, float alpha,
                    float beta, std::vector<float> &result);

/// The geometry of a (transposed) convolution of `inDims` [N, C, H, W] by
/// `filterDims` (KY, KX are dims 2 and 3) into [N, outChannels, outH, outW];
/// strides, pads and dilations come from the kernel's argument struct.
template <typename Args>
kernels::ConvGeometry
makeConvGeometry(const Args &a, const std::vector<int64_t> &inDims,
                 const std::vector<int64_t> &filterDims, int64_t outChannels,
                 int64_t outH, int64_t outW, int64_t groups) {
  kernels::ConvGeometry g;
  g.batch = inDims[0];
  g.inChannels = inDims[1];
  g.inH = inDims[2];
  g.inW = inDims[3];
  g.outChannels = outChannels;
  g.outH = outH;
  g.outW = outW;
  g.kernelH = filterDims[2];
  g.kernelW = filterDims[3];
  g.strideH = a.strideH;
  g.strideW = a.strideW;
  g.padTop = a.padTop;
  g.padLeft = a.padLeft;
  g.dilationH = a.dilationH;
  g.dilationW = a.dilationW;
  g.groups = groups;
  return g;
}

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_CONVSUPPORT_H_
