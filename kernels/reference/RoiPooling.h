//===- RoiPooling.h - ROIAlign and max ROI pooling --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The region-of-interest pools of ONNX RoiAlign and MaxRoiPool over float
// buffers. Plain C++ (no MLIR): the IE reference interpreter and the
// emulator's kernels call the same code. Callers check the batch indices.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_ROIPOOLING_H_
#define VPUC_KERNELS_REFERENCE_ROIPOOLING_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// The shape of a region pool: an input [batches, channels, height, width]
/// and `rois` regions pooled into an output [rois, channels, pooledH,
/// pooledW].
struct RoiPoolShape {
  int64_t batches = 0, channels = 0, height = 0, width = 0;
  int64_t rois = 0, pooledH = 0, pooledW = 0;
};

/// ONNX RoiAlign (opset 16). Region r is `boxes[4r .. 4r + 3]` = (x1, y1, x2,
/// y2) in input coordinates before `spatialScale`, on image batchIndices[r]
/// (in [0, batches)). With `halfPixel` the scaled corners are shifted by -0.5;
/// otherwise (output_half_pixel) the region is at least 1 x 1. Each output
/// cell is a bin of the region sampled on a grid of samplingRatio x
/// samplingRatio points (0: ceil(bin extent) per dim) at their bin-relative
/// centres, each sample bilinear in the input (clamped at the border, 0 more
/// than one pixel outside). `isMax` = false averages the samples; true takes,
/// as the ONNX reference implementation does, the maximum over the samples of
/// the largest of the four weighted corner terms of each sample.
void roiAlign(const RoiPoolShape &shape, int64_t samplingRatio,
              float spatialScale, bool halfPixel, bool isMax,
              const float *input, const float *boxes,
              const int64_t *batchIndices, float *output);

/// ONNX MaxRoiPool (Caffe ROIPooling). Region r is `boxes[5r + 1 .. 5r + 4]`
/// = (x1, y1, x2, y2) on image batchIndices[r] (the caller's reading of
/// boxes[5r], in [0, batches)); its corners are rounded (half away from zero)
/// after `spatialScale` and it spans at least one pixel. Output cell (ph, pw)
/// is the maximum of the input over rows [floor(ph * h / pooledH), ceil((ph +
/// 1) * h / pooledH)) (h the region's height) offset by the region's start
/// and clipped to the input, the same for columns; 0 for an empty bin.
void maxRoiPool(const RoiPoolShape &shape, float spatialScale,
                const float *input, const float *boxes,
                const int64_t *batchIndices, float *output);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_ROIPOOLING_H_
