//===- Convolution.h - 2-D convolution and transposed convolution -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Grouped 2-D convolution and transposed convolution over NCHW float buffers,
// and the integer accumulation of a quantized convolution, described by a
// geometry struct. Plain C++ (no MLIR): the IE reference
// interpreter and the emulator's kernels call the same code.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_CONVOLUTION_H_
#define VPUC_KERNELS_REFERENCE_CONVOLUTION_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// The geometry of a grouped 2-D convolution or transposed convolution over
/// NCHW buffers. `in*` describe the convolution's input and `out*` its output
/// (for a transposed convolution too: input [batch, inChannels, inH, inW],
/// output [batch, outChannels, outH, outW]).
struct ConvGeometry {
  int64_t batch = 1;
  int64_t inChannels = 0, inH = 0, inW = 0;
  int64_t outChannels = 0, outH = 0, outW = 0;
  int64_t kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1;
  /// Padding at the top and left (the bottom/right padding follows from the
  /// output size).
  int64_t padTop = 0, padLeft = 0;
  int64_t dilationH = 1, dilationW = 1;
  /// inChannels and outChannels are multiples of groups.
  int64_t groups = 1;
};

/// Returns true if the geometry's values are consistent: positive strides,
/// dilations and groups dividing both channel counts, non-negative extents.
bool isValid(const ConvGeometry &g);

/// output[n, oc, oy, ox] = bias[oc] + sum over the group's input channels ic
/// and taps (ky, kx) of input[n, ic, oy * strideH + ky * dilationH - padTop, ox
/// * strideW + kx * dilationW - padLeft] * filter[oc, ic % (inChannels /
/// groups), ky, kx], positions outside the input reading zero. `filter` is
/// [outChannels, inChannels / groups, kernelH, kernelW]; `bias`
/// ([outChannels]) may be null. `output` is overwritten.
void convolution(const ConvGeometry &g, const float *input, const float *filter,
                 const float *bias, float *output);

/// The integer accumulation of a quantized convolution: acc[n, oc, oy, ox] =
/// bias[oc] + the sum, over the taps of `convolution`, of (input -
/// inputZeroPoint) * (filter - filterZeroPoints[oc]), exactly in 64 bits;
/// positions outside the input contribute 0. The buffers hold storage
/// integers (as doubles, exact up to 2^53); `bias` may be null. `acc` is
/// overwritten.
void quantizedConvolution(const ConvGeometry &g, const double *input,
                          const double *filter, const double *bias,
                          int64_t inputZeroPoint,
                          const int64_t *filterZeroPoints, int64_t *acc);

/// The transposed convolution (the gradient of convolution with respect to its
/// input): every input[n, ic, iy, ix] * filter[ic, oc % (outChannels / groups),
/// ky, kx] is added to output[n, oc, iy * strideH + ky * dilationH - padTop, ix
/// * strideW + kx * dilationW - padLeft] when that lies in the output. `filter`
/// is [inChannels, outChannels / groups, kernelH, kernelW]; `bias`
/// ([outChannels]) may be null. `output` is overwritten.
void deconvolution(const ConvGeometry &g, const float *input,
                   const float *filter, const float *bias, float *output);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_CONVOLUTION_H_
