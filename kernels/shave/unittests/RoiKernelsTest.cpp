//===- RoiKernelsTest.cpp - The roi_align and max_roi_pool kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// roi_align and max_roi_pool against double-precision plain loops written from
// the ONNX definitions (sample by sample, no shared code): avg and max modes,
// fixed and adaptive sampling, half_pixel and output_half_pixel, regions
// partly or wholly outside the input, empty max-pool bins, f16 and f32, NCHW
// and NHWC, i32 and i64 batch indices, and the errors.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::expectClose;
using ::testing::HasSubstr;
using testing::kNCHW;
using testing::kNHWC;
using testing::Machine;
using testing::Random;
using testing::Tensor;

struct AlignParams {
  bool max;
  int32_t samplingRatio;
  float spatialScale;
  bool halfPixel;
};

/// One bilinear sample of plane `p` ([h, w] row-major) at (y, x): the value
/// and its four weighted terms, following the ONNX RoiAlign definition.
struct Sample {
  double value = 0;
  double terms[4] = {0, 0, 0, 0};
};

Sample sampleAt(const double *p, int64_t h, int64_t w, double y, double x) {
  Sample s;
  if (y < -1.0 || y > h || x < -1.0 || x > w) {
    return s;
  }
  y = std::max(y, 0.0);
  x = std::max(x, 0.0);
  int64_t yLow = static_cast<int64_t>(std::floor(y));
  int64_t xLow = static_cast<int64_t>(std::floor(x));
  int64_t yHigh = yLow + 1, xHigh = xLow + 1;
  if (yLow >= h - 1) {
    yLow = yHigh = h - 1;
    y = static_cast<double>(yLow);
  }
  if (xLow >= w - 1) {
    xLow = xHigh = w - 1;
    x = static_cast<double>(xLow);
  }
  double ly = y - yLow, lx = x - xLow;
  s.terms[0] = (1 - ly) * (1 - lx) * p[yLow * w + xLow];
  s.terms[1] = (1 - ly) * lx * p[yLow * w + xHigh];
  s.terms[2] = ly * (1 - lx) * p[yHigh * w + xLow];
  s.terms[3] = ly * lx * p[yHigh * w + xHigh];
  s.value = s.terms[0] + s.terms[1] + s.terms[2] + s.terms[3];
  return s;
}

std::vector<double> referenceRoiAlign(const std::vector<double> &x,
                                      const std::vector<int64_t> &dims,
                                      const std::vector<double> &rois,
                                      const std::vector<int64_t> &batches,
                                      int64_t ph, int64_t pw,
                                      const AlignParams &p) {
  int64_t c = dims[1], h = dims[2], w = dims[3];
  int64_t regions = static_cast<int64_t>(batches.size());
  std::vector<double> y;
  double offset = p.halfPixel ? 0.5 : 0.0;
  for (int64_t r = 0; r < regions; ++r) {
    double x0 = rois[4 * r] * p.spatialScale - offset;
    double y0 = rois[4 * r + 1] * p.spatialScale - offset;
    double rw = rois[4 * r + 2] * p.spatialScale - offset - x0;
    double rh = rois[4 * r + 3] * p.spatialScale - offset - y0;
    if (!p.halfPixel) {
      rw = std::max(rw, 1.0);
      rh = std::max(rh, 1.0);
    }
    double bh = rh / ph, bw = rw / pw;
    // Adaptive: ceil of the bin extent, no samples for a reversed region.
    int64_t gh =
        p.samplingRatio > 0
            ? p.samplingRatio
            : std::max<int64_t>(0, static_cast<int64_t>(std::ceil(rh / ph)));
    int64_t gw =
        p.samplingRatio > 0
            ? p.samplingRatio
            : std::max<int64_t>(0, static_cast<int64_t>(std::ceil(rw / pw)));
    for (int64_t ch = 0; ch < c; ++ch) {
      const double *plane = x.data() + (batches[r] * c + ch) * h * w;
      for (int64_t i = 0; i < ph; ++i) {
        for (int64_t j = 0; j < pw; ++j) {
          double sum = 0, best = -INFINITY;
          for (int64_t iy = 0; iy < gh; ++iy) {
            for (int64_t ix = 0; ix < gw; ++ix) {
              Sample s =
                  sampleAt(plane, h, w, y0 + i * bh + (iy + 0.5) * bh / gh,
                           x0 + j * bw + (ix + 0.5) * bw / gw);
              sum += s.value;
              for (double term : s.terms) {
                best = std::max(best, term);
              }
            }
          }
          if (p.max) {
            y.push_back(gh * gw > 0 ? best : 0.0);
          } else {
            y.push_back(sum / std::max<int64_t>(gh * gw, 1));
          }
        }
      }
    }
  }
  return y;
}

std::string runRoiAlign(Machine &machine, const Tensor &in, const Tensor &rois,
                        const Tensor &batches, const Tensor &out,
                        const AlignParams &p, int32_t mode = -1) {
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, rois);
  machine.in(packer, batches);
  machine.out(packer, out);
  packer.addI32(mode >= 0 ? mode : p.max ? 1 : 0);
  packer.addI32(p.samplingRatio);
  packer.addF32(p.spatialScale);
  packer.addI32(p.halfPixel ? 1 : 0);
  return machine.run("roi_align", packer);
}

TEST(RoiKernelsTest, roiAlignMatchesTheReference) {
  const std::vector<int64_t> dims = {2, 3, 9, 11};
  // x1, y1, x2, y2 (before the scale): inside, partly outside, beyond the
  // input, a point, a reversed region.
  const std::vector<double> rois = {2,  2,  14, 12, -4, -2, 6,  20, 8, 6,
                                    30, 24, 5,  5,  5,  5,  10, 8,  4, 4};
  const std::vector<int64_t> batchValues = {0, 1, 1, 0, 1};
  const AlignParams params[] = {
      {false, 2, 0.5f, true}, {false, 0, 0.5f, false}, {true, 2, 0.5f, false},
      {true, 0, 0.5f, true},  {false, 1, 1.0f, true},
  };
  int seed = 0;
  for (const AlignParams &p : params) {
    for (DataType type : {DataType::F32, DataType::F16}) {
      for (DataType indexType : {DataType::I64, DataType::I32}) {
        Machine machine;
        Random random(++seed);
        const int64_t ph = 3, pw = 2;
        Tensor in =
            machine.alloc(type, dims, type == DataType::F16 ? kNHWC : kNCHW);
        Tensor roiTensor = machine.alloc(type, {5, 4});
        Tensor batches = machine.alloc(indexType, {5});
        Tensor out = machine.alloc(type, {5, 3, ph, pw});
        std::vector<double> x = machine.fill(in, random, -2, 2);
        std::vector<double> r = machine.write(roiTensor, rois);
        std::vector<double> b(batchValues.begin(), batchValues.end());
        machine.write(batches, b);
        ASSERT_EQ(runRoiAlign(machine, in, roiTensor, batches, out, p), "");
        expectClose(machine.read(out),
                    referenceRoiAlign(x, dims, r, batchValues, ph, pw, p), type,
                    type == DataType::F16 ? 2.0 : 256.0, 1e-5,
                    "roi_align case " + std::to_string(seed));
      }
    }
  }
}

TEST(RoiKernelsTest, roiAlignErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {2, 1, 4, 4});
  Tensor rois = machine.alloc(DataType::F32, {2, 4});
  Tensor batches = machine.alloc(DataType::I64, {2});
  Tensor out = machine.alloc(DataType::F32, {2, 1, 2, 2});
  Tensor badOut = machine.alloc(DataType::F32, {2, 2, 2, 2});
  Tensor badRois = machine.alloc(DataType::F32, {2, 5});
  Tensor floatBatches = machine.alloc(DataType::F32, {2});
  machine.write(rois, {0, 0, 2, 2, 1, 1, 3, 3});
  machine.write(batches, {0, 2});
  AlignParams ok{false, 2, 1.0f, true};
  EXPECT_EQ(runRoiAlign(machine, in, rois, batches, out, ok),
            "roi_align: region 1 has batch index 2, outside [0, 2)");
  machine.write(batches, {0, 1});
  EXPECT_EQ(runRoiAlign(machine, in, rois, batches, out, ok), "");
  EXPECT_EQ(runRoiAlign(machine, in, rois, batches, out, ok, 2),
            "roi_align: unknown mode 2");
  EXPECT_EQ(
      runRoiAlign(machine, in, rois, batches, out, {false, -1, 1.0f, true}),
      "roi_align: samplingRatio -1 is outside [0, 512]");
  EXPECT_EQ(
      runRoiAlign(machine, in, rois, batches, out, {false, 2, 0.0f, true}),
      "roi_align: spatialScale must be finite and > 0");
  EXPECT_THAT(runRoiAlign(machine, in, rois, batches, badOut, ok),
              HasSubstr("roi_align: output has dims [2, 2, 2, 2], expected "
                        "[2, 1, PH, PW]"));
  EXPECT_THAT(runRoiAlign(machine, in, badRois, batches, out, ok),
              HasSubstr("roi_align: rois has dims [2, 5], expected [R, 4]"));
  EXPECT_THAT(runRoiAlign(machine, in, rois, floatBatches, out, ok),
              HasSubstr("roi_align"));
}

/// ONNX MaxRoiPool in double precision (Caffe ROIPooling).
std::vector<double> referenceMaxRoiPool(const std::vector<double> &x,
                                        const std::vector<int64_t> &dims,
                                        const std::vector<double> &rois,
                                        int64_t regions, int64_t ph, int64_t pw,
                                        double scale) {
  int64_t c = dims[1], h = dims[2], w = dims[3];
  std::vector<double> y;
  for (int64_t r = 0; r < regions; ++r) {
    const double *roi = rois.data() + 5 * r;
    int64_t batch = static_cast<int64_t>(roi[0]);
    // std::round rounds half away from zero.
    int64_t x0 = static_cast<int64_t>(std::round(roi[1] * scale));
    int64_t y0 = static_cast<int64_t>(std::round(roi[2] * scale));
    int64_t x1 = static_cast<int64_t>(std::round(roi[3] * scale));
    int64_t y1 = static_cast<int64_t>(std::round(roi[4] * scale));
    double bh = static_cast<double>(std::max<int64_t>(y1 - y0 + 1, 1)) / ph;
    double bw = static_cast<double>(std::max<int64_t>(x1 - x0 + 1, 1)) / pw;
    for (int64_t ch = 0; ch < c; ++ch) {
      const double *plane = x.data() + (batch * c + ch) * h * w;
      for (int64_t i = 0; i < ph; ++i) {
        int64_t hs = std::clamp<int64_t>(
            static_cast<int64_t>(std::floor(i * bh)) + y0, 0, h);
        int64_t he = std::clamp<int64_t>(
            static_cast<int64_t>(std::ceil((i + 1) * bh)) + y0, 0, h);
        for (int64_t j = 0; j < pw; ++j) {
          int64_t ws = std::clamp<int64_t>(
              static_cast<int64_t>(std::floor(j * bw)) + x0, 0, w);
          int64_t we = std::clamp<int64_t>(
              static_cast<int64_t>(std::ceil((j + 1) * bw)) + x0, 0, w);
          double best = 0;
          bool empty = true;
          for (int64_t yy = hs; yy < he; ++yy) {
            for (int64_t xx = ws; xx < we; ++xx) {
              best = empty ? plane[yy * w + xx]
                           : std::max(best, plane[yy * w + xx]);
              empty = false;
            }
          }
          y.push_back(best);
        }
      }
    }
  }
  return y;
}

std::string runMaxRoiPool(Machine &machine, const Tensor &in,
                          const Tensor &rois, const Tensor &out, float scale) {
  abi::ArgPacker packer;
  machine.in(packer, in);
  machine.in(packer, rois);
  machine.out(packer, out);
  packer.addF32(scale);
  return machine.run("max_roi_pool", packer);
}

TEST(RoiKernelsTest, maxRoiPoolMatchesTheReference) {
  const std::vector<int64_t> dims = {2, 3, 10, 12};
  // batch, x1, y1, x2, y2: inside, a half-way corner (rounds away from zero),
  // partly outside, wholly outside (empty bins), a single pixel, reversed.
  const std::vector<double> rois = {0, 2,  2,  20, 14, 1, 3,  5,  9,  9,
                                    1, -6, -4, 8,  30, 0, 40, 40, 50, 50,
                                    1, 7,  7,  7,  7,  0, 10, 10, 2,  2};
  for (float scale : {0.5f, 1.0f}) {
    for (DataType type : {DataType::F32, DataType::F16}) {
      Machine machine;
      Random random(static_cast<int>(scale * 4) + (type == DataType::F16));
      const int64_t ph = 3, pw = 4;
      Tensor in =
          machine.alloc(type, dims, type == DataType::F16 ? kNHWC : kNCHW);
      Tensor roiTensor = machine.alloc(type, {6, 5});
      Tensor out = machine.alloc(type, {6, 3, ph, pw});
      std::vector<double> x = machine.fill(in, random, -3, 3);
      std::vector<double> r = machine.write(roiTensor, rois);
      ASSERT_EQ(runMaxRoiPool(machine, in, roiTensor, out, scale), "");
      expectClose(machine.read(out),
                  referenceMaxRoiPool(x, dims, r, 6, ph, pw, scale), type, 0.0,
                  0.0, "max_roi_pool");
    }
  }
}

TEST(RoiKernelsTest, maxRoiPoolErrors) {
  Machine machine;
  Tensor in = machine.alloc(DataType::F32, {1, 2, 4, 4});
  Tensor rois = machine.alloc(DataType::F32, {1, 5});
  Tensor out = machine.alloc(DataType::F32, {1, 2, 2, 2});
  Tensor ints = machine.alloc(DataType::I32, {1, 2, 4, 4});
  machine.write(rois, {1, 0, 0, 2, 2});
  EXPECT_EQ(runMaxRoiPool(machine, in, rois, out, 1.0f),
            "max_roi_pool: region 0 has batch index 1, outside [0, 1)");
  machine.write(rois, {0.5, 0, 0, 2, 2});
  EXPECT_EQ(runMaxRoiPool(machine, in, rois, out, 1.0f), "");
  EXPECT_EQ(runMaxRoiPool(machine, in, rois, out, NAN),
            "max_roi_pool: spatialScale must be finite and > 0");
  EXPECT_THAT(runMaxRoiPool(machine, ints, rois, out, 1.0f),
              HasSubstr("of type i32 is not supported"));
  Tensor twoRegions = machine.alloc(DataType::F32, {2, 2, 2, 2});
  EXPECT_THAT(runMaxRoiPool(machine, in, rois, twoRegions, 1.0f),
              HasSubstr("max_roi_pool: output has dims [2, 2, 2, 2]"));
  EXPECT_EQ(runMaxRoiPool(machine, in, rois, in, 1.0f),
            "max_roi_pool: the output overlaps the input");
}

} // namespace
} // namespace mlir::vpuc::emu
