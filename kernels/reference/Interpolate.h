//===- Interpolate.h - N-D resize following ONNX Resize ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The interpolation of IE.Interpolate / ONNX Resize over a row-major float
// buffer of any rank: nearest (five rounding rules), linear and cubic, with the
// six ONNX coordinate transformation modes. Plain C++ (no MLIR): the IE
// reference interpreter and the emulator's `interpolate` kernel call the same
// code, so they agree bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_INTERPOLATE_H_
#define VPUC_KERNELS_REFERENCE_INTERPOLATE_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// How output values are computed from the input.
enum class InterpolateMode { Nearest, Linear, Cubic };

/// How an output coordinate maps to an input coordinate (ONNX
/// coordinate_transformation_mode).
enum class InterpolateCoordMode {
  HalfPixel,
  PytorchHalfPixel,
  AlignCorners,
  Asymmetric,
  TfHalfPixelForNn,
  TfCropAndResize,
};

/// How nearest mode rounds an input coordinate to an index (ONNX nearest_mode,
/// plus the OpenVINO `simple` rule: ceil when downscaling, truncation
/// otherwise).
enum class InterpolateNearestMode {
  RoundPreferFloor,
  RoundPreferCeil,
  Floor,
  Ceil,
  Simple,
};

/// The attributes of an interpolation.
struct InterpolateParams {
  InterpolateMode mode = InterpolateMode::Nearest;
  InterpolateCoordMode coordMode = InterpolateCoordMode::HalfPixel;
  InterpolateNearestMode nearestMode = InterpolateNearestMode::RoundPreferFloor;
  /// The cubic coefficient `a` (ONNX cubic_coeff_a).
  double cubicCoeffA = -0.75;
  /// Cubic only: taps outside the input get weight 0 and the others are
  /// renormalised.
  bool excludeOutside = false;
  /// TfCropAndResize only: the value of output positions that map outside the
  /// input.
  float extrapolationValue = 0.0f;
  /// False: the scalar loops only (tests compare the vectorised ones, which
  /// must give the same bits, with them).
  bool vectorised = true;
};

/// The geometry of one dim.
struct InterpolateDim {
  /// Input and output extents; in >= 1, out >= 0.
  int64_t in = 1;
  int64_t out = 1;
  /// The scale of the coordinate formulas (ONNX `scales[d]`, or out / in when
  /// the output size was given).
  double scale = 1.0;
  /// The length of the resized dim in the formulas: `in * scale` when scales
  /// were given, else `out`.
  double resizedLength = 1.0;
  /// TfCropAndResize only: the region of interest, in normalised input
  /// coordinates.
  double roiStart = 0.0;
  double roiEnd = 1.0;
};

/// The geometry of a dim resized to the output size `out` (ONNX `sizes`).
InterpolateDim getInterpolateDimFromSize(int64_t in, int64_t out);

/// The geometry of a dim resized by `scale` (ONNX `scales`): out = floor(in *
/// scale).
InterpolateDim getInterpolateDimFromScale(int64_t in, double scale);

/// True if the geometry can be interpolated: in >= 1, out >= 0, finite positive
/// scales and resized lengths, finite ROI bounds.
bool isValid(const InterpolateDim &dim);

/// Resizes `input` (row-major, extents dims[d].in) into `output` (row-major,
/// extents dims[d].out), one dim at a time in double precision, rounding to
/// float once at the end. `output` must not alias `input`.
void interpolate(const InterpolateParams &params, const InterpolateDim *dims,
                 int64_t rank, const float *input, float *output);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_INTERPOLATE_H_
