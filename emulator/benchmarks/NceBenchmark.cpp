//===- NceBenchmark.cpp - Host time of FP16 NCE boxes ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Host time of computeNceBox on FP16 boxes the size of one cluster's share
// of mobilenet_v2, resnet18 and transformer_enc layers (channel-minor, ReLU6
// PPE), on a pool of 1 and of 2 threads: where a second thread pays and where
// its parts cost more than the whole box on one. Not a test:
//   tools/bazel.sh run -c opt //emulator:nce_benchmark
//
//===----------------------------------------------------------------------===//

#include <cstring>
#include <random>

#include "benchmark/benchmark.h"
#include "core/numeric/Float16.h"
#include "core/threading/ThreadPool.h"
#include "emulator/NceExecution.h"

namespace mlir::vpuc::emu {
namespace {

namespace schema = ::vpuc::schema;

/// A layer's box: output rows x columns x channels of a convolution (CONV
/// of kernel x kernel over `inC`, or DWCONV when `depthwise`).
struct Layer {
  const char *name;
  int64_t outH, outW, outC, inC, kernel, stride;
  bool depthwise;
};

constexpr Layer kLayers[] = {
    // mobilenet_v2 features.2: expansion 1x1, depthwise 3x3/2, projection.
    {"mnv2_expand_112x112_16to96", 56, 112, 96, 16, 1, 1, false},
    {"mnv2_dw3x3s2_56x56_96", 28, 56, 96, 96, 3, 2, true},
    {"mnv2_project_56x56_96to24", 28, 56, 24, 96, 1, 1, false},
    // mobilenet_v2 features.14 and 18: few pixels, many channels.
    {"mnv2_project_7x7_960to160", 4, 7, 160, 960, 1, 1, false},
    {"mnv2_expand_7x7_320to1280", 4, 7, 1280, 320, 1, 1, false},
    // resnet18 layer2 and layer4 3x3 convolutions.
    {"r18_conv3x3_28x28_128", 14, 28, 128, 128, 3, 1, false},
    {"r18_conv3x3_7x7_512", 4, 7, 512, 512, 3, 1, false},
    // resnet18 layer4 in default_hw: a cluster's tile of 128 of the output
    // channels over all 49 pixels (not run with the pixels in the lanes).
    {"r18_conv3x3_7x7_512to128", 7, 7, 128, 512, 3, 1, false},
    // transformer_enc's matrix products: 64 tokens as 8x8 pixels, a
    // cluster's half of the output channels.
    {"tfm_linear1_8x8_256to512", 8, 8, 512, 256, 1, 1, false},
    {"tfm_linear2_8x8_1024to128", 8, 8, 128, 1024, 1, 1, false},
};

/// Random finite FP16 bits in [-1, 1).
std::vector<uint16_t> randomF16(int64_t count, std::mt19937 &rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<uint16_t> bits(count);
  for (uint16_t &b : bits) {
    b = numeric::floatToF16Bits(value(rng));
  }
  return bits;
}

NceActivation channelMinor(std::vector<uint16_t> &bits, int64_t channels,
                           int64_t height, int64_t width) {
  NceActivation view;
  view.data = reinterpret_cast<uint8_t *>(bits.data());
  view.channels = channels;
  view.height = height;
  view.width = width;
  view.strideC = 2;
  view.strideW = 2 * channels;
  view.strideH = 2 * channels * width;
  return view;
}

/// state.range(0): the layer (kLayers); state.range(1): the pool's threads.
void BM_NceF16Box(benchmark::State &state) {
  const Layer &layer = kLayers[state.range(0)];
  threading::ThreadPool pool(static_cast<unsigned>(state.range(1)));
  NceInvariantDesc desc;
  desc.type =
      layer.depthwise ? schema::NceTaskType::DWCONV : schema::NceTaskType::CONV;
  desc.kernelH = desc.kernelW = layer.kernel;
  desc.strideH = desc.strideW = layer.stride;
  desc.padTop = desc.padBottom = desc.padLeft = desc.padRight =
      layer.kernel / 2;
  desc.ppe = schema::PpeMode::RELUX;
  desc.clampLow = 0.0f;
  desc.clampHigh = 6.0f;
  int64_t inH = (layer.outH - 1) * layer.stride + 1;
  int64_t inW = (layer.outW - 1) * layer.stride + 1;
  int64_t inC = layer.depthwise ? layer.outC : layer.inC;
  std::mt19937 rng(7);
  std::vector<uint16_t> inBits = randomF16(inC * inH * inW, rng);
  int64_t block = layer.kernel * layer.kernel * (layer.depthwise ? 1 : inC);
  std::vector<uint16_t> weightBits = randomF16(layer.outC * block, rng);
  std::vector<NceChannelWeights> weights(layer.outC);
  for (int64_t k = 0; k < layer.outC; ++k) {
    weights[k].weights =
        reinterpret_cast<const uint8_t *>(weightBits.data() + k * block);
    weights[k].scale = 0.5f;
    weights[k].bias = 0.25f;
  }
  std::vector<uint16_t> outBits(layer.outC * layer.outH * layer.outW);
  NceActivation input = channelMinor(inBits, inC, inH, inW);
  NceActivation output =
      channelMinor(outBits, layer.outC, layer.outH, layer.outW);
  NceBox box;
  box.x1 = layer.outW - 1;
  box.y1 = layer.outH - 1;
  box.z1 = layer.outC - 1;
  for (auto _ : state) {
    computeNceBox(desc, input, nullptr, weights, output, box, &pool);
    benchmark::DoNotOptimize(outBits.data());
  }
  int64_t macs = layer.outH * layer.outW * layer.outC * block;
  state.SetLabel(layer.name);
  state.counters["MACs"] = benchmark::Counter(
      static_cast<double>(macs), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_NceF16Box)
    ->ArgsProduct({benchmark::CreateDenseRange(0, std::size(kLayers) - 1,
                                               /*step=*/1),
                   {1, 2}})
    ->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace mlir::vpuc::emu
