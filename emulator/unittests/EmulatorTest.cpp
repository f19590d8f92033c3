//===- EmulatorTest.cpp - Functional and timing tests ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Small blobs built programmatically: DMA chains through permuted and padded
// layouts, ACT kernels called through the ABI, UPA layers, network I/O
// conversions, the timing model and the trace.
//
//===----------------------------------------------------------------------===//

#include "emulator/Emulator.h"

#include <cmath>

#include "core/numeric/Float16.h"
#include "emulator/unittests/TestUtils.h"
#include "kernels/abi/SwKernels.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace testing;
using blob::tensorType;
using blob::TensorTypeDesc;
namespace schema = ::vpuc::schema;
constexpr auto kInput = schema::MemoryLocation::NETWORK_INPUT;
constexpr auto kOutput = schema::MemoryLocation::NETWORK_OUTPUT;
constexpr auto kCmx = schema::MemoryLocation::CMX_NN;
constexpr auto kDdr = schema::MemoryLocation::DDR_SCRATCH;

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

TEST(EmulatorTest, dmaChainThroughPermutedAndPaddedLayouts) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc nchw = tensorType(schema::DType::F16, {1, 3, 4, 5});
  builder.addInput("x", nchw);
  builder.addOutput("y", nchw);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, nchw);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, nchw);
  uint32_t cmx = builder.addTensor(
      "x_nhwc", kCmx, 1, 64,
      tensorType(schema::DType::F16, {1, 3, 4, 5}, shape::DimsOrder::NHWC));
  TensorTypeDesc padded = nchw;
  padded.strides = {3 * 4 * 8 * 16, 4 * 8 * 16, 8 * 16, 16};
  uint32_t ddr = builder.addTensor("x_padded", kDdr, 0, 256, padded);
  uint32_t b0 = builder.addBarrier(0), b1 = builder.addBarrier(1);
  builder.addDmaTask(0, x, cmx, {{}, {b0}}, "to_cmx");
  builder.addDmaTask(1, cmx, ddr, {{b0}, {b1}}, "to_ddr");
  builder.addDmaTask(0, ddr, y, {{b1}, {}}, "to_output");

  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, 3, 4, 5}, ramp(60))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  EXPECT_TRUE(result.report.completed);
  ASSERT_EQ(result.outputs.size(), 1u);
  const npy::Array &out = result.outputs.begin()->second;
  EXPECT_EQ(out.dtype, npy::DType::F16);
  EXPECT_THAT(out.shape, ElementsAre(1, 3, 4, 5));
  EXPECT_EQ(out.data, inputs.begin()->second.data);
  // The chain runs in order.
  ASSERT_EQ(result.report.tasks.size(), 3u);
  EXPECT_LT(result.report.tasks[0].endCycles,
            result.report.tasks[1].startCycles);
  EXPECT_LT(result.report.tasks[1].endCycles,
            result.report.tasks[2].startCycles);
  EXPECT_EQ(result.report.tasks[0].amount, 120u);
}

TEST(EmulatorTest, longPingPongOnTwoReusedBarriers) {
  // 2000 DMAs alternate between two CMX buffers on two ports; each waits for
  // the previous one through a barrier, and the barriers take turns on two
  // physical barriers.
  constexpr uint32_t kTasks = 2000;
  blob::BlobBuilder builder = make37xxBuilder(2);
  TensorTypeDesc type = tensorType(schema::DType::F16, {4, 8});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  uint32_t buffers[2] = {builder.addTensor("a", kCmx, 0, 0, type),
                         builder.addTensor("b", kCmx, 0, 64, type)};
  std::vector<uint32_t> barriers;
  for (uint32_t i = 0; i + 1 < kTasks; ++i) {
    barriers.push_back(builder.addBarrier(i % 2));
  }
  for (uint32_t i = 0; i < kTasks; ++i) {
    uint32_t src = i == 0 ? x : buffers[(i + 1) % 2];
    uint32_t dst = i + 1 == kTasks ? y : buffers[i % 2];
    blob::TaskBarriers deps;
    if (i > 0) {
      deps.waits = {barriers[i - 1]};
    }
    if (i + 1 < kTasks) {
      deps.updates = {barriers[i]};
    }
    builder.addDmaTask(i % 2, src, dst, deps, "step" + std::to_string(i));
  }
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({4, 8}, ramp(32))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  EXPECT_TRUE(result.report.completed);
  EXPECT_EQ(result.report.tasks.size(), kTasks);
  EXPECT_EQ(result.outputs.begin()->second.data, inputs.begin()->second.data);
  EXPECT_EQ(result.report.barriers.size(), kTasks - 1);
}

TEST(EmulatorTest, broadcastingSourceDma) {
  blob::BlobBuilder builder = make37xxBuilder();
  // A constant row of 4 f16 repeated 3 times.
  std::vector<uint16_t> row = {
      numeric::floatToF16Bits(1), numeric::floatToF16Bits(2),
      numeric::floatToF16Bits(3), numeric::floatToF16Bits(4)};
  uint64_t offset = builder.addConstant(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(row.data()), 8));
  TensorTypeDesc broadcast = tensorType(schema::DType::F16, {3, 4});
  broadcast.strides = {0, 16};
  uint32_t c = builder.addTensor("c", schema::MemoryLocation::CONSTANT, 0,
                                 offset, broadcast);
  TensorTypeDesc type = tensorType(schema::DType::F16, {3, 4});
  builder.addOutput("y", type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  builder.addDmaTask(0, c, y, {}, "broadcast");
  RunResult result = runBlob(builder.finish(), {});
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  EXPECT_THAT(toFloats(result.outputs.begin()->second),
              ElementsAre(1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4));
}

/// Two DMAs of 32 KiB that start together on the two ports of VPUX37XX: the
/// first from network input x0 to the CMX of tile 0; the second from x1 to
/// the CMX of tile 1 (`secondFromDdr`) or from the CMX of tile 0 to that of
/// tile 1.
RunResult runTwoPortDmas(bool secondFromDdr) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 16, 32, 32});
  builder.addInput("x0", type);
  builder.addInput("x1", type);
  builder.addOutput("y", type);
  uint32_t x0 = builder.addTensor("x0", kInput, 0, 0, type);
  uint32_t x1 = builder.addTensor("x1", kInput, 1, 0, type);
  uint32_t a = builder.addTensor("a", kCmx, 0, 0, type);
  uint32_t b = builder.addTensor("b", kCmx, 1, 0, type);
  uint32_t c = builder.addTensor("c", kCmx, 0, 32768, type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  uint32_t loaded = builder.addBarrier(0);
  builder.addDmaTask(0, x0, a, {{}, {loaded}}, "first");
  if (secondFromDdr) {
    builder.addDmaTask(1, x1, b, {{}, {loaded}}, "second");
  } else {
    builder.addDmaTask(1, c, b, {{}, {loaded}}, "second");
  }
  builder.addDmaTask(0, a, y, {{loaded}, {}}, "store");
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({1, 16, 32, 32}, ramp(16384))});
  inputs.insert({"x1", f16Array({1, 16, 32, 32}, ramp(16384))});
  EmulatorOptions options;
  options.hazardCheck = false;
  return runBlob(builder.finish(), inputs, "", options);
}

/// A broadcast DMA of 32 KiB from network input x into the CMX of both tiles
/// at offset 0 (`broadcast`), or two DMAs on one port, then each copy stored
/// into an output of its own; run on `arch` (null: VPUX37XX).
RunResult runBroadcast(bool broadcast, const arch::ArchDesc *arch = nullptr) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 16, 32, 32});
  builder.addInput("x", type);
  builder.addOutput("y0", type);
  builder.addOutput("y1", type);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t a = builder.addTensor("a", kCmx, 0, 0, type);
  uint32_t b = builder.addTensor("b", kCmx, 1, 0, type);
  uint32_t y0 = builder.addTensor("y0", kOutput, 0, 0, type);
  uint32_t y1 = builder.addTensor("y1", kOutput, 1, 0, type);
  uint32_t loaded = builder.addBarrier(0);
  if (broadcast) {
    builder.addDmaTask(0, x, a, {{}, {loaded}}, "load", {b});
  } else {
    builder.addDmaTask(0, x, a, {{}, {loaded}}, "load");
    builder.addDmaTask(0, x, b, {{}, {loaded}}, "load");
  }
  builder.addDmaTask(0, a, y0, {{loaded}, {}}, "store0");
  builder.addDmaTask(1, b, y1, {{loaded}, {}}, "store1");
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, 16, 32, 32}, ramp(16384))});
  return runBlobOn(builder.finish(), arch, inputs);
}

TEST(EmulatorTest, broadcastDmaReadsOnceAndWritesEveryCmx) {
  RunResult once = runBroadcast(/*broadcast=*/true);
  ASSERT_EQ(once.error, "");
  EXPECT_THAT(once.messages(), ElementsAre());
  ASSERT_EQ(once.outputs.size(), 2u);
  for (const auto &[name, array] : once.outputs) {
    EXPECT_EQ(array.data, f16Array({1, 16, 32, 32}, ramp(16384)).data) << name;
  }
  // One read of x, then the two stores.
  EXPECT_EQ(once.report.ddrBytes, 3 * 32768u);
  // VPUX37XX: 150 cycles of latency and ports of 20 GB/s at 1300 MHz; the
  // broadcast takes what one of its copies would.
  const double port = 20e3 / 1300;
  ASSERT_EQ(once.report.tasks.size(), 3u);
  EXPECT_NEAR(once.report.tasks[0].endCycles, 150 + 32768 / port, 1e-6);

  RunResult twice = runBroadcast(/*broadcast=*/false);
  ASSERT_EQ(twice.error, "");
  EXPECT_EQ(twice.outputs.begin()->second.data,
            once.outputs.begin()->second.data);
  EXPECT_EQ(twice.report.ddrBytes, 4 * 32768u);
  EXPECT_LT(once.report.totalCycles, twice.report.totalCycles);
}

TEST(EmulatorTest, broadcastDmaNeedsATargetThatBroadcasts) {
  // VPUX37XX with DMA engines that do not broadcast.
  arch::ArchDesc arch = getArch("VPUX37XX");
  arch.mutable_dma()->set_broadcast(false);
  EXPECT_THAT(runBroadcast(/*broadcast=*/true, &arch).error,
              HasSubstr("a broadcast DMA, but the DMA engines of VPUX37XX do "
                        "not broadcast"));
  EXPECT_EQ(runBroadcast(/*broadcast=*/false, &arch).error, "");
}

TEST(EmulatorTest, twoPortsStreamingFromDdrShareItsBandwidth) {
  // VPUX37XX: 150 cycles of DMA latency, ports of 20 GB/s, DDR of 27 GB/s
  // derated by 0.75, CMX of 128 GB/s, at 1300 MHz.
  const double port = 20e3 / 1300, ddr = 27e3 * 0.75 / 1300;
  const double bytes = 32768;
  RunResult shared = runTwoPortDmas(/*secondFromDdr=*/true);
  ASSERT_EQ(shared.error, "");
  ASSERT_EQ(shared.report.tasks.size(), 3u);
  // Each port alone would take 150 + bytes / port cycles; together they
  // split the DDR, so both end when 2 x bytes have gone through it.
  for (int t = 0; t < 2; ++t) {
    EXPECT_NEAR(shared.report.tasks[t].endCycles, 150 + 2 * bytes / ddr, 1e-6);
  }
  // The store (from CMX to DDR) runs alone after them.
  const TaskRecord &store = shared.report.tasks[2];
  EXPECT_NEAR(store.endCycles - store.startCycles, 150 + bytes / port, 1e-6);
  EXPECT_EQ(shared.report.ddrBytes, 3 * 32768u);
  EXPECT_LE(static_cast<double>(shared.report.ddrBytes) /
                shared.report.totalCycles,
            ddr);
  EXPECT_THAT(shared.messages(), ElementsAre());

  // A CMX-to-CMX DMA on the other port leaves the DDR to the first one:
  // both at their port's rate.
  RunResult apart = runTwoPortDmas(/*secondFromDdr=*/false);
  ASSERT_EQ(apart.error, "");
  for (int t = 0; t < 2; ++t) {
    EXPECT_NEAR(apart.report.tasks[t].endCycles, 150 + bytes / port, 1e-6);
  }
  EXPECT_EQ(apart.report.ddrBytes, 2 * 32768u);
}

//===----------------------------------------------------------------------===//
// ACT kernels through the ABI (VPUX37XX)
//===----------------------------------------------------------------------===//

/// input(s) -> DMA to CMX of tile 1 -> ACT kernel -> DMA to the output.
struct ActBlob {
  blob::BlobBuilder builder = make37xxBuilder();
  std::vector<uint32_t> inputTensors;
};

/// Builds: every input DMA'd into CMX (offsets 0, 1024, ...) in `cmxTypes`,
/// kernel `name` with the packed args (inputs, output at 8192 of `outType`,
/// then `scalars`), output DMA'd out to NCHW.
std::vector<uint8_t>
buildActBlob(llvm::StringRef name, const std::vector<TensorTypeDesc> &inTypes,
             const std::vector<TensorTypeDesc> &cmxTypes,
             const TensorTypeDesc &cmxOutType, const TensorTypeDesc &outType,
             std::function<void(abi::ArgPacker &)> scalars = nullptr) {
  blob::BlobBuilder builder = make37xxBuilder();
  uint32_t loaded = builder.addBarrier(0);
  uint32_t computed = builder.addBarrier(1);
  abi::ArgPacker packer;
  for (size_t i = 0; i < inTypes.size(); ++i) {
    std::string inName = "x" + std::to_string(i);
    builder.addInput(inName, inTypes[i]);
    uint32_t in = builder.addTensor(inName, kInput, i, 0, inTypes[i]);
    uint32_t cmx =
        builder.addTensor(inName + "_cmx", kCmx, 1, 1024 * i, cmxTypes[i]);
    builder.addDmaTask(i % 2, in, cmx, {{}, {loaded}}, inName + "/load");
    addCmxArg(packer, abi::ArgKind::MemRefIn, cmxTypes[i], 1024 * i);
  }
  addCmxArg(packer, abi::ArgKind::MemRefOut, cmxOutType, 8192);
  if (scalars) {
    scalars(packer);
  }
  uint32_t invocation = addActCall(builder, name, 1, packer);
  builder.addActTask(1, 0, invocation, {{loaded}, {computed}}, name);
  builder.addOutput("y", outType);
  uint32_t cmxOut = builder.addTensor("y_cmx", kCmx, 1, 8192, cmxOutType);
  uint32_t out = builder.addTensor("y", kOutput, 0, 0, outType);
  builder.addDmaTask(0, cmxOut, out, {{computed}, {}}, "y/store");
  return builder.finish();
}

TEST(EmulatorTest, actAddThroughTheAbi) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 2, 3, 4});
  std::vector<uint8_t> bytes =
      buildActBlob("add", {type, type}, {type, type}, type, type);
  std::vector<float> a = ramp(24, 0.3f), b = ramp(24, -0.7f, 2.0f);
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({1, 2, 3, 4}, a)});
  inputs.insert({"x1", f16Array({1, 2, 3, 4}, b)});
  RunResult result = runBlob(bytes, inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  std::vector<float> out = toFloats(result.outputs.begin()->second);
  std::vector<float> fa = toFloats(inputs.find("x0")->second);
  std::vector<float> fb = toFloats(inputs.find("x1")->second);
  for (size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(out[i],
              numeric::f16BitsToFloat(numeric::floatToF16Bits(fa[i] + fb[i])))
        << i;
  }
}

TEST(EmulatorTest, numericsCheckOfAnActKernel) {
  // 40000 + 40000 overflows f16 (Inf); 32752 + 32752 = 65504 saturates.
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 2, 1, 2});
  std::vector<uint8_t> bytes =
      buildActBlob("add", {type, type}, {type, type}, type, type);
  auto inputs = [&](float a0, float a3) {
    npy::ArrayMap arrays;
    arrays.insert({"x0", f16Array({1, 2, 1, 2}, {a0, 1, 2, a3})});
    arrays.insert({"x1", f16Array({1, 2, 1, 2}, {a0, 1, 2, a3})});
    return arrays;
  };
  std::string overflow =
      "ACT1.0 task 0 'add': kernel 'add' argument 2 (1x2x1x2 f16): 1 element "
      "is +-Inf although every input was finite (beyond the FP16 range), the "
      "first [0, 0, 0, 0] = inf";
  // Warn (the default): a warning, no problem.
  RunResult warned = runBlob(bytes, inputs(40000, 1));
  ASSERT_EQ(warned.error, "");
  EXPECT_THAT(warned.messages(), ElementsAre());
  ASSERT_EQ(warned.report.warnings.size(), 1u);
  EXPECT_EQ(warned.report.warnings[0].kind, ProblemKind::Numerics);
  EXPECT_EQ(warned.report.warnings[0].message, overflow);
  ASSERT_EQ(warned.report.numerics.size(), 1u);
  const NumericsIssue &issue = warned.report.numerics[0];
  EXPECT_EQ(issue.layer, "add");
  EXPECT_EQ(issue.finding.kind, NumericsIssueKind::Inf);
  EXPECT_EQ(issue.finding.count, 1u);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  warned.report.printWarnings(os);
  EXPECT_EQ(printed, "warning: [numerics] " + overflow + "\n");

  // Error: a problem of the run.
  EmulatorOptions strict;
  strict.numerics = NumericsMode::Error;
  RunResult failed = runBlob(bytes, inputs(40000, 1), "", strict);
  EXPECT_THAT(failed.messages(ProblemKind::Numerics), ElementsAre(overflow));
  EXPECT_TRUE(failed.report.warnings.empty());

  // Off: nothing.
  EmulatorOptions off;
  off.numerics = NumericsMode::Off;
  RunResult unchecked = runBlob(bytes, inputs(40000, 1), "", off);
  EXPECT_TRUE(unchecked.report.warnings.empty());
  EXPECT_TRUE(unchecked.report.numerics.empty());

  // Saturation at element [0, 1, 0, 1].
  RunResult saturated = runBlob(bytes, inputs(1, 32752), "", strict);
  EXPECT_THAT(saturated.messages(ProblemKind::Numerics),
              ElementsAre(HasSubstr("1 element is +-65504, saturated at the "
                                    "largest finite f16 (no input is), the "
                                    "first [0, 1, 0, 1] = 65504")));

  // An Inf input explains the Inf it adds up to.
  RunResult propagated = runBlob(bytes, inputs(INFINITY, 1), "", strict);
  EXPECT_THAT(propagated.messages(), ElementsAre());
  EXPECT_TRUE(propagated.report.numerics.empty());
}

TEST(EmulatorTest, bothShavesOfATileRunConcurrently) {
  // Tile 1: a ReLU on SHAVE 0 and one on SHAVE 1, each on its own half of
  // the tile's CMX, after one load; each SHAVE is an executor of its own.
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 2, 3, 4});
  blob::BlobBuilder builder = make37xxBuilder();
  uint32_t loaded = builder.addBarrier(0);
  uint32_t computed = builder.addBarrier(1);
  builder.addInput("x", type);
  builder.addOutput("y", type);
  builder.addOutput("z", type);
  uint32_t in = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t cmx = builder.addTensor("x_cmx", kCmx, 1, 0, type);
  builder.addDmaTask(0, in, cmx, {{}, {loaded}}, "x/load");
  for (uint32_t shave = 0; shave < 2; ++shave) {
    abi::ArgPacker packer;
    addCmxArg(packer, abi::ArgKind::MemRefIn, type, 0);
    addCmxArg(packer, abi::ArgKind::MemRefOut, type, 1024 * (shave + 1));
    uint32_t invocation = addActCall(builder, "relu", 1, packer);
    builder.addActTask(1, shave, invocation, {{loaded}, {computed}},
                       "relu" + std::to_string(shave));
  }
  for (uint32_t shave = 0; shave < 2; ++shave) {
    uint32_t result =
        builder.addTensor("r_cmx", kCmx, 1, 1024 * (shave + 1), type);
    uint32_t out =
        builder.addTensor(shave ? "z" : "y", kOutput, shave, 0, type);
    builder.addDmaTask(shave, result, out, {{computed}, {}},
                       shave ? "z/store" : "y/store");
  }
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, 2, 3, 4}, ramp(24))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  std::vector<std::string> names;
  for (const ExecutorSummary &executor : result.report.executors) {
    names.push_back(executor.name);
  }
  EXPECT_THAT(names, ElementsAre("DMA0", "DMA1", "ACT1.0", "ACT1.1"));
  // The two ReLUs start together, and so do the two stores.
  const std::vector<TaskRecord> &tasks = result.report.tasks;
  auto startOf = [&](uint32_t executor) {
    for (const TaskRecord &task : tasks) {
      if (task.executor == executor) {
        return task.startCycles;
      }
    }
    return -1.0;
  };
  EXPECT_GT(startOf(2), 0);
  EXPECT_EQ(startOf(2), startOf(3));
  for (const auto &[name, array] : result.outputs) {
    std::vector<float> values = toFloats(array);
    std::vector<float> inputValues = ramp(24);
    for (size_t i = 0; i < values.size(); ++i) {
      EXPECT_EQ(values[i], std::max(0.0f, inputValues[i])) << name << i;
    }
  }
}

TEST(EmulatorTest, actMultiplyBroadcastsAcrossLayouts) {
  TensorTypeDesc a = tensorType(schema::DType::F16, {1, 2, 3, 4});
  TensorTypeDesc aNhwc =
      tensorType(schema::DType::F16, {1, 2, 3, 4}, shape::DimsOrder::NHWC);
  TensorTypeDesc b = tensorType(schema::DType::F32, {1, 2, 1, 1});
  std::vector<uint8_t> bytes =
      buildActBlob("multiply", {a, b}, {aNhwc, b}, aNhwc, a);
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({1, 2, 3, 4}, ramp(24))});
  inputs.insert({"x1", f32Array({1, 2, 1, 1}, {2.0f, -0.5f})});
  RunResult result = runBlob(bytes, inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  std::vector<float> out = toFloats(result.outputs.begin()->second);
  std::vector<float> in = ramp(24);
  for (size_t i = 0; i < 24; ++i) {
    float factor = i < 12 ? 2.0f : -0.5f;
    EXPECT_EQ(out[i], in[i] * factor) << i;
  }
}

TEST(EmulatorTest, actSoftmaxAlongChannelsOfNhwc) {
  TensorTypeDesc nchw = tensorType(schema::DType::F16, {1, 4, 2, 3});
  TensorTypeDesc nhwc =
      tensorType(schema::DType::F16, {1, 4, 2, 3}, shape::DimsOrder::NHWC);
  std::vector<uint8_t> bytes =
      buildActBlob("softmax", {nchw}, {nhwc}, nhwc, nchw,
                   [](abi::ArgPacker &packer) { packer.addI32(1); });
  std::vector<float> x = ramp(24, 0.37f, -3.0f);
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({1, 4, 2, 3}, x)});
  RunResult result = runBlob(bytes, inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  std::vector<float> out = toFloats(result.outputs.begin()->second);
  std::vector<float> in = toFloats(inputs.begin()->second);
  for (int hw = 0; hw < 6; ++hw) {
    double max = -1e9, sum = 0;
    for (int c = 0; c < 4; ++c) {
      max = std::max<double>(max, in[c * 6 + hw]);
    }
    for (int c = 0; c < 4; ++c) {
      sum += std::exp(in[c * 6 + hw] - max);
    }
    for (int c = 0; c < 4; ++c) {
      double expected = std::exp(in[c * 6 + hw] - max) / sum;
      EXPECT_NEAR(out[c * 6 + hw], expected, 1.0 / 2048) << c << "," << hw;
    }
  }
}

TEST(EmulatorTest, actConvertRoundsToNearestEven) {
  std::vector<float> values = {1.0f + 1.0f / 2048, // tie: down to 1
                               1.0f + 3.0f / 2048, // tie: up to even
                               65519.0f,
                               65520.0f, // max f16 / inf
                               -1e-8f,
                               5.96e-8f, // denormals
                               0.1f,
                               -2.5f};
  TensorTypeDesc f32 = tensorType(schema::DType::F32, {8});
  TensorTypeDesc f16 = tensorType(schema::DType::F16, {8});
  std::vector<uint8_t> bytes = buildActBlob("convert", {f32}, {f32}, f16, f16);
  npy::ArrayMap inputs;
  inputs.insert({"x0", f32Array({8}, values)});
  RunResult result = runBlob(bytes, inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  llvm::ArrayRef<uint16_t> out =
      result.outputs.begin()->second.getValues<uint16_t>();
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(out[i], numeric::floatToF16Bits(values[i])) << i;
  }
  EXPECT_EQ(out[0], 0x3c00);
  EXPECT_EQ(out[1], 0x3c02);
  EXPECT_EQ(out[3], 0x7c00);
}

TEST(EmulatorTest, actReluAndClampWithFloatScalars) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {2, 8});
  std::vector<uint8_t> relu = buildActBlob("relu", {type}, {type}, type, type);
  std::vector<uint8_t> clamp = buildActBlob("clamp", {type}, {type}, type, type,
                                            [](abi::ArgPacker &packer) {
                                              packer.addF32(-0.5f);
                                              packer.addF32(1.25f);
                                            });
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({2, 8}, ramp(16))});
  RunResult reluResult = runBlob(relu, inputs);
  RunResult clampResult = runBlob(clamp, inputs);
  ASSERT_EQ(reluResult.error, "");
  ASSERT_EQ(clampResult.error, "");
  EXPECT_THAT(reluResult.messages(), ElementsAre());
  EXPECT_THAT(clampResult.messages(), ElementsAre());
  std::vector<float> in = ramp(16);
  std::vector<float> r = toFloats(reluResult.outputs.begin()->second);
  std::vector<float> c = toFloats(clampResult.outputs.begin()->second);
  for (size_t i = 0; i < in.size(); ++i) {
    EXPECT_EQ(r[i], std::max(in[i], 0.0f));
    EXPECT_EQ(c[i], std::min(std::max(in[i], -0.5f), 1.25f));
  }
}

TEST(EmulatorTest, actCopyAndInPlaceKernel) {
  // relu in place in CMX, then copy (NCHW -> NHWC) by the copy kernel.
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc nchw = tensorType(schema::DType::F16, {1, 2, 2, 2});
  TensorTypeDesc nhwc =
      tensorType(schema::DType::F16, {1, 2, 2, 2}, shape::DimsOrder::NHWC);
  builder.addInput("x", nchw);
  builder.addOutput("y", nhwc);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, nchw);
  uint32_t cmx = builder.addTensor("x_cmx", kCmx, 0, 0, nchw);
  uint32_t cmxOut = builder.addTensor("y_cmx", kCmx, 0, 256, nhwc);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, nhwc);
  uint32_t b0 = builder.addBarrier(0), b1 = builder.addBarrier(1),
           b2 = builder.addBarrier(2);
  abi::ArgPacker reluArgs;
  addCmxArg(reluArgs, abi::ArgKind::MemRefIn, nchw, 0);
  addCmxArg(reluArgs, abi::ArgKind::MemRefOut, nchw, 0);
  abi::ArgPacker copyArgs;
  addCmxArg(copyArgs, abi::ArgKind::MemRefIn, nchw, 0);
  addCmxArg(copyArgs, abi::ArgKind::MemRefOut, nhwc, 256);
  builder.addDmaTask(0, x, cmx, {{}, {b0}}, "load");
  builder.addActTask(0, 0, addActCall(builder, "relu", 0, reluArgs),
                     {{b0}, {b1}}, "relu");
  builder.addActTask(0, 1, addActCall(builder, "copy", 0, copyArgs),
                     {{b1}, {b2}}, "reorder");
  builder.addDmaTask(1, cmxOut, y, {{b2}, {}}, "store");
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, 2, 2, 2}, ramp(8))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  // -1.5 -1.25 -1 -0.75 | -0.5 -0.25 0 0.25, relu, then logical order again.
  EXPECT_THAT(toFloats(result.outputs.begin()->second),
              ElementsAre(0, 0, 0, 0, 0, 0, 0, 0.25));
}

//===----------------------------------------------------------------------===//
// UPA layers (VPUX30XX)
//===----------------------------------------------------------------------===//

TEST(EmulatorTest, upaLayersWithTypedParams) {
  blob::BlobBuilder builder = make30xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {2, 5});
  builder.addInput("x", type);
  builder.addOutput("softmax", type);
  builder.addOutput("clamp", type);
  builder.addOutput("sum", type);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t s = builder.addTensor("s", kOutput, 0, 0, type);
  uint32_t c = builder.addTensor("c", kOutput, 1, 0, type);
  uint32_t sum = builder.addTensor("sum", kOutput, 2, 0, type);
  uint32_t b0 = builder.addBarrier(0);
  builder.addUpaTask(0, "softmax", {x}, {s}, {}, "softmax",
                     blob::softmaxParams(-1), 4);
  builder.addUpaTask(0, "clamp", {x}, {c}, {{}, {b0}}, "clamp",
                     blob::clampParams(-0.25f, 0.5f), 2);
  builder.addUpaTask(0, "add", {x, c}, {sum}, {{b0}, {}}, "sum");
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({2, 5}, ramp(10))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  std::vector<float> in = ramp(10);
  std::vector<float> softmax = toFloats(result.outputs.find("softmax")->second);
  std::vector<float> clamp = toFloats(result.outputs.find("clamp")->second);
  std::vector<float> total = toFloats(result.outputs.find("sum")->second);
  for (int row = 0; row < 2; ++row) {
    double norm = 0;
    for (int i = 0; i < 5; ++i) {
      norm += std::exp(in[row * 5 + i] - in[row * 5 + 4]);
    }
    for (int i = 0; i < 5; ++i) {
      EXPECT_NEAR(softmax[row * 5 + i],
                  std::exp(in[row * 5 + i] - in[row * 5 + 4]) / norm, 1e-3);
    }
  }
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(clamp[i], std::min(std::max(in[i], -0.25f), 0.5f));
    EXPECT_EQ(total[i], in[i] + clamp[i]);
  }
  // The softmax layer is split across 4 SHAVEs: its duration is the overhead
  // plus a quarter of one vector at 8 cycles.
  const arch::ArchDesc &arch = getArch("VPUX30XX");
  double expected = arch.shave().task_overhead_cycles() +
                    std::ceil(10.0 / arch.shave().fp16_lanes()) * 8.0 / 4;
  EXPECT_DOUBLE_EQ(result.report.tasks[0].endCycles -
                       result.report.tasks[0].startCycles,
                   expected);
}

TEST(EmulatorTest, upaLayersOfTheKernelLibrary) {
  // A 3x3 convolution with same padding of ones by ones counts the taps
  // inside the input, then an avg_pool and an activation, all as UPA layers
  // whose scalars come from the typed parameter tables.
  blob::BlobBuilder builder = make30xxBuilder();
  TensorTypeDesc image = tensorType(schema::DType::F16, {1, 1, 4, 4});
  TensorTypeDesc pooled = tensorType(schema::DType::F16, {1, 1, 2, 2});
  builder.addInput("x", image);
  builder.addOutput("conv", image);
  builder.addOutput("pool", pooled);
  builder.addOutput("sigmoid", pooled);
  std::vector<uint8_t> ones;
  uint16_t one = numeric::floatToF16Bits(1.0f);
  for (int i = 0; i < 9; ++i) {
    ones.push_back(one & 0xff);
    ones.push_back(one >> 8);
  }
  uint64_t weightsOffset = builder.addConstant(ones);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, image);
  uint32_t w =
      builder.addTensor("w", schema::MemoryLocation::CONSTANT, 0, weightsOffset,
                        tensorType(schema::DType::F16, {1, 1, 3, 3}));
  uint32_t noBias = builder.addTensor("no_bias", kInput, 0, 0,
                                      tensorType(schema::DType::F16, {0}));
  uint32_t conv = builder.addTensor("conv", kOutput, 0, 0, image);
  uint32_t pool = builder.addTensor("pool", kOutput, 1, 0, pooled);
  uint32_t sigmoid = builder.addTensor("sigmoid", kOutput, 2, 0, pooled);
  uint32_t b0 = builder.addBarrier(0);
  uint32_t b1 = builder.addBarrier(1);
  builder.addUpaTask(0, "convolution", {x, w, noBias}, {conv}, {{}, {b0}},
                     "conv", [](flatbuffers::FlatBufferBuilder &fbb) {
                       schema::ConvolutionParamsBuilder params(fbb);
                       params.add_pad_top(1);
                       params.add_pad_left(1);
                       params.add_pad_bottom(1);
                       params.add_pad_right(1);
                       return std::make_pair(
                           schema::UpaParams::ConvolutionParams,
                           params.Finish().Union());
                     });
  builder.addUpaTask(
      0, "avg_pool", {conv}, {pool}, {{b0}, {b1}}, "pool",
      [](flatbuffers::FlatBufferBuilder &fbb) {
        return std::make_pair(
            schema::UpaParams::PoolingParams,
            schema::CreatePoolingParams(fbb, 2, 2, 2, 2).Union());
      });
  builder.addUpaTask(
      0, "activation", {pool}, {sigmoid}, {{b1}, {}}, "sigmoid",
      [](flatbuffers::FlatBufferBuilder &fbb) {
        return std::make_pair(
            schema::UpaParams::ActivationParams,
            schema::CreateActivationParams(
                fbb, static_cast<int32_t>(abi::ActivationOp::Sigmoid))
                .Union());
      });
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({1, 1, 4, 4}, std::vector<float>(16, 1.0f))});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  EXPECT_THAT(toFloats(result.outputs.find("conv")->second),
              ElementsAre(4, 6, 6, 4, 6, 9, 9, 6, 6, 9, 9, 6, 4, 6, 6, 4));
  EXPECT_THAT(toFloats(result.outputs.find("pool")->second),
              ElementsAre(6.25f, 6.25f, 6.25f, 6.25f));
  float s = numeric::f16BitsToFloat(
      numeric::floatToF16Bits(1.0f / (1.0f + std::exp(-6.25f))));
  EXPECT_THAT(toFloats(result.outputs.find("sigmoid")->second),
              ElementsAre(s, s, s, s));
  // The convolution costs its MACs (16 outputs x 9 taps), not its outputs.
  const arch::ArchDesc &arch = getArch("VPUX30XX");
  double expected = arch.shave().task_overhead_cycles() +
                    std::ceil(16.0 * 9 / arch.shave().fp16_lanes()) * 1.0;
  EXPECT_DOUBLE_EQ(result.report.tasks[0].endCycles -
                       result.report.tasks[0].startCycles,
                   expected);
}

TEST(EmulatorTest, upaPreparationErrors) {
  auto prepareError =
      [](std::function<void(blob::BlobBuilder &, uint32_t, uint32_t)> addTask) {
        blob::BlobBuilder builder = make30xxBuilder();
        TensorTypeDesc type = tensorType(schema::DType::F16, {2, 5});
        builder.addInput("x", type);
        builder.addOutput("y", type);
        uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
        uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
        addTask(builder, x, y);
        return runBlob(builder.finish(), {}).error;
      };
  EXPECT_THAT(
      prepareError([](blob::BlobBuilder &b, uint32_t x, uint32_t y) {
        b.addUpaTask(0, "gelu", {x}, {y}, {}, "g");
      }),
      HasSubstr("UPA0 task 0 'g': kernel 'gelu' is not implemented by "
                "the emulator (it has: activation, add, argmax, argmin, "
                "avg_pool, "));
  EXPECT_THAT(prepareError([](blob::BlobBuilder &b, uint32_t x, uint32_t y) {
                b.addUpaTask(0, "activation", {x}, {y}, {}, "a",
                             blob::softmaxParams(0));
              }),
              HasSubstr("UPA0 task 0 'a': UPA layer of kernel 'activation' "
                        "has parameters SoftmaxParams, the kernel takes "
                        "ActivationParams"));
  EXPECT_THAT(prepareError([](blob::BlobBuilder &b, uint32_t x, uint32_t y) {
                b.addUpaTask(0, "softmax", {x}, {y}, {}, "s");
              }),
              HasSubstr("UPA0 task 0 's': UPA layer of kernel 'softmax' has "
                        "parameters NONE, the kernel takes SoftmaxParams"));
  EXPECT_THAT(prepareError([](blob::BlobBuilder &b, uint32_t x, uint32_t y) {
                b.addUpaTask(0, "relu", {x}, {y}, {}, "r",
                             blob::softmaxParams(0));
              }),
              HasSubstr("UPA layer of kernel 'relu' has parameters "
                        "SoftmaxParams, the kernel takes none"));
  EXPECT_THAT(prepareError([](blob::BlobBuilder &b, uint32_t x, uint32_t y) {
                b.addUpaTask(0, "add", {x}, {y}, {}, "a");
              }),
              HasSubstr("kernel 'add' takes (in, in, out) but the UPA layer "
                        "gives (in, out)"));
}

//===----------------------------------------------------------------------===//
// Preparation errors
//===----------------------------------------------------------------------===//

TEST(EmulatorTest, targetChecks) {
  blob::BlobBuilder act = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {4});
  abi::ArgPacker args;
  addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
  addCmxArg(args, abi::ArgKind::MemRefOut, type, 64);
  act.addActTask(0, 0, addActCall(act, "relu", 0, args), {}, "r");
  std::vector<uint8_t> bytes = act.finish();
  EXPECT_THAT(runBlob(bytes, {}, "VPUX30XX").error,
              HasSubstr("the blob uses 2 DMA ports but target VPUX30XX has 1"));
  blob::BlobBuilder big = make37xxBuilder();
  big.getResources().cmxBytes = 1 << 30;
  EXPECT_THAT(runBlob(big.finish(), {}).error,
              HasSubstr("the blob uses 1073741824 bytes of CMX per cluster but "
                        "target VPUX37XX has 2097152"));
  blob::BlobBuilder ports = make37xxBuilder();
  ports.getResources().dmaPorts = 3;
  EXPECT_THAT(runBlob(ports.finish(), {}).error,
              HasSubstr("the blob uses 3 DMA ports but target VPUX37XX has 2"));
  blob::BlobBuilder upa = make30xxBuilder();
  upa.getResources().shaves = 2;
  TensorTypeDesc t = tensorType(schema::DType::F16, {4});
  uint32_t a = upa.addTensor("a", kDdr, 0, 0, t);
  uint32_t b = upa.addTensor("b", kDdr, 0, 64, t);
  upa.addUpaTask(0, "relu", {a}, {b}, {}, "r");
  EXPECT_THAT(runBlob(upa.finish(), {}, "VPUX37XX").error,
              HasSubstr("task list UPA0 needs UPA SHAVEs, which target "
                        "VPUX37XX does not have"));
  blob::BlobBuilder memory = make37xxBuilder();
  memory.getResources().ddrScratchBytes = uint64_t(1) << 40;
  EXPECT_THAT(runBlob(memory.finish(), {}).error,
              HasSubstr("the blob's memory regions need more than"));
}

TEST(EmulatorTest, actPreparationErrors) {
  blob::BlobBuilder unknown = make37xxBuilder();
  abi::ArgPacker args;
  args.addI32(1);
  unknown.addActTask(0, 0, addActCall(unknown, "gelu", 0, args), {}, "g");
  EXPECT_THAT(runBlob(unknown.finish(), {}).error,
              HasSubstr("ACT0.0 task 0 'g': kernel 'gelu' is not implemented"));
  blob::BlobBuilder shortArgs = make37xxBuilder();
  shortArgs.addActTask(0, 0, addActCall(shortArgs, "relu", 0, args), {}, "r");
  EXPECT_THAT(runBlob(shortArgs.finish(), {}).error,
              HasSubstr("ACT0.0 task 0 'r': the arguments of kernel 'relu' (64 "
                        "bytes at offset 0) do not fit its data window of 8 "
                        "bytes"));
}

//===----------------------------------------------------------------------===//
// Network I/O
//===----------------------------------------------------------------------===//

std::vector<uint8_t> copyBlob(schema::DType inType, schema::DType outType,
                              std::vector<int64_t> dims) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc in = tensorType(inType, dims);
  TensorTypeDesc out = tensorType(outType, dims);
  builder.addInput("x", in);
  builder.addOutput("y", out);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, in);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, out);
  builder.addDmaTask(0, x, y, {}, "copy");
  return builder.finish();
}

TEST(EmulatorTest, inputConversionsAndErrors) {
  std::vector<uint8_t> f16 =
      copyBlob(schema::DType::F16, schema::DType::F16, {3});
  // A float32 array feeds an f16 input (rounded to nearest even).
  npy::ArrayMap floats;
  floats.insert({"x", f32Array({3}, {1.0f + 1.0f / 2048, 2.0f, -0.1f})});
  RunResult converted = runBlob(f16, floats);
  ASSERT_EQ(converted.error, "");
  EXPECT_THAT(converted.outputs.begin()->second.getValues<uint16_t>(),
              ElementsAre(0x3c00, 0x4000, numeric::floatToF16Bits(-0.1f)));

  npy::ArrayMap ints;
  ints.insert(
      {"x", npy::Array::fromValues<int32_t>(npy::DType::I32, {3}, {1, 2, 3})});
  EXPECT_THAT(
      runBlob(f16, ints).error,
      HasSubstr("input 'x': an array of int32 cannot feed a f16 input"));
  npy::ArrayMap shape;
  shape.insert({"x", f32Array({1, 3}, {1, 2, 3})});
  EXPECT_THAT(
      runBlob(f16, shape).error,
      HasSubstr("input 'x': array of shape 1x3 for an input of shape 3"));
  EXPECT_THAT(runBlob(f16, {}).error,
              HasSubstr("no array for network input 'x' (given: )"));
  npy::ArrayMap extra = floats;
  extra.insert({"z", f32Array({1}, {1})});
  EXPECT_THAT(runBlob(f16, extra).error,
              HasSubstr("'z' is not a network input (inputs: x)"));

  // bf16 comes back as f32; 4-bit integers as int8.
  std::vector<uint8_t> bf16 =
      copyBlob(schema::DType::BF16, schema::DType::BF16, {2});
  npy::ArrayMap bfInputs;
  bfInputs.insert({"x", f32Array({2}, {1.00390625f, -3.0f})});
  RunResult bf = runBlob(bf16, bfInputs);
  ASSERT_EQ(bf.error, "");
  EXPECT_EQ(bf.outputs.begin()->second.dtype, npy::DType::F32);
  EXPECT_THAT(toFloats(bf.outputs.begin()->second), ElementsAre(1.0f, -3.0f));

  std::vector<uint8_t> i4 = copyBlob(schema::DType::I4, schema::DType::I4, {5});
  npy::ArrayMap nibbles;
  nibbles.insert({"x", npy::Array::fromValues<int8_t>(npy::DType::I8, {5},
                                                      {-8, -1, 0, 3, 7})});
  RunResult packed = runBlob(i4, nibbles);
  ASSERT_EQ(packed.error, "");
  EXPECT_THAT(packed.outputs.begin()->second.getValues<int8_t>(),
              ElementsAre(-8, -1, 0, 3, 7));
  npy::ArrayMap wide;
  wide.insert({"x", npy::Array::fromValues<int8_t>(npy::DType::I8, {5},
                                                   {-9, 0, 0, 0, 0})});
  EXPECT_THAT(runBlob(i4, wide).error,
              HasSubstr("element 0 (-9) does not fit i4"));
}

TEST(EmulatorTest, runsOnlyOnceAndNeedsInputs) {
  std::vector<uint8_t> bytes =
      copyBlob(schema::DType::F16, schema::DType::F16, {3});
  llvm::Expected<blob::BlobFile> file = blob::loadBlob(bytes);
  ASSERT_TRUE(static_cast<bool>(file));
  llvm::Expected<std::unique_ptr<Emulator>> emulator =
      Emulator::create(*file, getArch("VPUX37XX"), getBuiltinKernels());
  ASSERT_TRUE(static_cast<bool>(emulator));
  llvm::Expected<const RunReport &> early = (*emulator)->run();
  ASSERT_FALSE(static_cast<bool>(early));
  EXPECT_EQ(llvm::toString(early.takeError()), "network input 'x' was not set");
  ASSERT_FALSE(
      static_cast<bool>((*emulator)->setInput(0, f16Array({3}, {1, 2, 3}))));
  llvm::Expected<const RunReport &> first = (*emulator)->run();
  ASSERT_TRUE(static_cast<bool>(first));
  llvm::Expected<const RunReport &> second = (*emulator)->run();
  ASSERT_FALSE(static_cast<bool>(second));
  EXPECT_EQ(llvm::toString(second.takeError()),
            "the emulator has already run this blob");
}

//===----------------------------------------------------------------------===//
// Timing and trace
//===----------------------------------------------------------------------===//

TEST(EmulatorTest, timingFollowsTheArch) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::U8, {4096});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t cmx0 = builder.addTensor("c0", kCmx, 0, 0, type);
  uint32_t cmx1 = builder.addTensor("c1", kCmx, 1, 0, type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  uint32_t b0 = builder.addBarrier(0), b1 = builder.addBarrier(1);
  builder.addDmaTask(0, x, cmx0, {{}, {b0}}, "ddr_to_cmx");
  builder.addDmaTask(1, cmx0, cmx1, {{b0}, {b1}}, "cmx_to_cmx");
  builder.addDmaTask(0, cmx1, y, {{b1}, {}}, "cmx_to_ddr");
  npy::ArrayMap inputs;
  inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {4096})});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  const arch::ArchDesc &arch = getArch("VPUX37XX");
  double mhz = arch.frequency_mhz();
  double port = arch.dma().bandwidth_gbps() * 1e3 / mhz;
  double ddr = arch::getDdrBytesPerCycle(arch);
  double cmx = arch.cmx().bandwidth_gbps() * 1e3 / mhz;
  double latency = arch.dma().latency_cycles();
  double barrier = arch.barriers().latency_cycles();
  const std::vector<TaskRecord> &tasks = result.report.tasks;
  ASSERT_EQ(tasks.size(), 3u);
  double ddrDma = latency + 4096 / std::min(port, ddr);
  double cmxDma = latency + 4096 / std::min(port, cmx);
  EXPECT_DOUBLE_EQ(tasks[0].startCycles, 0);
  EXPECT_DOUBLE_EQ(tasks[0].endCycles, ddrDma);
  EXPECT_DOUBLE_EQ(tasks[1].startCycles, ddrDma + barrier);
  EXPECT_DOUBLE_EQ(tasks[1].endCycles, ddrDma + barrier + cmxDma);
  EXPECT_DOUBLE_EQ(tasks[2].startCycles, ddrDma + 2 * barrier + cmxDma);
  EXPECT_DOUBLE_EQ(result.report.totalCycles,
                   2 * ddrDma + 2 * barrier + cmxDma);
  ASSERT_EQ(result.report.executors.size(), 2u);
  EXPECT_EQ(result.report.executors[0].name, "DMA0");
  EXPECT_EQ(result.report.executors[0].tasks, 2u);
  EXPECT_DOUBLE_EQ(result.report.executors[0].busyCycles, 2 * ddrDma);
  EXPECT_DOUBLE_EQ(result.report.toMicroseconds(mhz), 1.0);

  std::string summary;
  llvm::raw_string_ostream os(summary);
  result.report.printSummary(os);
  EXPECT_THAT(os.str(), HasSubstr("ran 3 tasks in "));
  EXPECT_THAT(os.str(), HasSubstr("DMA1            1"));
}

TEST(EmulatorTest, independentExecutorsOverlap) {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::U8, {64});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  builder.addOutput("z", type);
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  uint32_t z = builder.addTensor("z", kOutput, 1, 0, type);
  builder.addDmaTask(0, x, y, {}, "a");
  builder.addDmaTask(1, x, z, {}, "b");
  npy::ArrayMap inputs;
  inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {64})});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  ASSERT_EQ(result.report.tasks.size(), 2u);
  EXPECT_EQ(result.report.tasks[0].startCycles, 0);
  EXPECT_EQ(result.report.tasks[1].startCycles, 0);
}

TEST(EmulatorTest, rooflineAndResourceSummary) {
  // VPUX37XX: x (64 bytes) -> CMX_NN[1]@256 -> DDR scratch -> CMX_NN[1]@256
  // -> y; a 64-byte constant (of a 128-byte section) read twice into
  // CMX_NN[1]@512. Compulsory DDR bytes: 64 + 64 + 64 (the constant once).
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::U8, {64});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint64_t constant = builder.addConstant(std::vector<uint8_t>(64, 1));
  builder.addConstant(std::vector<uint8_t>(64, 2));
  uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
  uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
  uint32_t c = builder.addTensor("c", schema::MemoryLocation::CONSTANT, 0,
                                 constant, type);
  uint32_t cmx = builder.addTensor("x_cmx", kCmx, 1, 256, type);
  uint32_t cmxC = builder.addTensor("c_cmx", kCmx, 1, 512, type);
  uint32_t ddr = builder.addTensor("x_ddr", kDdr, 0, 0, type);
  uint32_t b0 = builder.addBarrier(0), b1 = builder.addBarrier(1);
  uint32_t b2 = builder.addBarrier(0);
  builder.addDmaTask(0, x, cmx, {{}, {b0}}, "load");
  builder.addDmaTask(0, c, cmxC, {{}, {}}, "const0");
  builder.addDmaTask(0, c, cmxC, {{}, {}}, "const1");
  builder.addDmaTask(1, cmx, ddr, {{b0}, {b1}}, "spill");
  builder.addDmaTask(1, ddr, cmx, {{b1}, {b2}}, "reload");
  builder.addDmaTask(1, cmx, y, {{b2}, {}}, "store");
  npy::ArrayMap inputs;
  inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {64})});
  RunResult result = runBlob(builder.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), ElementsAre());
  const RunReport &report = result.report;
  const Roofline &roofline = report.roofline;
  EXPECT_EQ(roofline.inputBytes, 64u);
  EXPECT_EQ(roofline.outputBytes, 64u);
  EXPECT_EQ(roofline.constantBytesRead, 64u);
  EXPECT_EQ(roofline.getCompulsoryDdrBytes(), 192u);
  EXPECT_EQ(roofline.nceMacs, 0u);
  // 27 GB/s x 0.75 at 1300 MHz; 1024 f16 MACs x 1 DPU x 2 clusters.
  EXPECT_DOUBLE_EQ(roofline.ddrBytesPerCycle, 27e3 * 0.75 / 1300);
  EXPECT_DOUBLE_EQ(roofline.peakMacsPerCycle, 2048);
  EXPECT_DOUBLE_EQ(roofline.getDdrCycles(), 192 / (27e3 * 0.75 / 1300));
  EXPECT_DOUBLE_EQ(roofline.getLowerBoundCycles(), roofline.getDdrCycles());
  EXPECT_DOUBLE_EQ(report.getRooflineRatio(),
                   roofline.getDdrCycles() / report.totalCycles);
  EXPECT_THAT(report.cmxPeakBytes, ElementsAre(0u, 576u));
  EXPECT_EQ(report.virtualBarriers, 3u);
  EXPECT_EQ(report.physicalBarriersUsed, 2u);
  EXPECT_EQ(report.scratch.toDdr, 1u);
  EXPECT_EQ(report.scratch.toDdrBytes, 64u);
  EXPECT_EQ(report.scratch.fromDdr, 1u);
  EXPECT_EQ(report.scratch.fromDdrBytes, 64u);
  std::string text;
  llvm::raw_string_ostream os(text);
  report.printSummary(os);
  EXPECT_THAT(os.str(),
              HasSubstr("  nce: 0 MACs at 2048 MACs/cycle = 0.000 us (the blob "
                        "does not state the network's MACs: the bound uses "
                        "these)\n"));
  EXPECT_THAT(os.str(), HasSubstr("  ddr: 192 bytes (inputs 64, outputs 64, "
                                  "constants read 64) at 15.577 "
                                  "bytes/cycle = 0.009 us\n"));
  EXPECT_THAT(os.str(), HasSubstr("cmx peak: CMX_NN[0] 0 bytes, CMX_NN[1] "
                                  "576 bytes\n"));
  EXPECT_THAT(os.str(), HasSubstr("barriers: 3 virtual on 2 physical\n"));
  EXPECT_THAT(os.str(), HasSubstr("ddr scratch dmas (spills and round trips): "
                                  "1 CMX->DDR (64 bytes), 1 DDR->CMX (64 "
                                  "bytes)\n"));

  // The profile: the two DMA tasks (one per location) with the largest
  // busy time of the six.
  std::string profile;
  llvm::raw_string_ostream ps(profile);
  report.printProfile(ps, 2);
  EXPECT_THAT(ps.str(), HasSubstr("DMA: 6 tasks, busy "));
  size_t rows = 0;
  for (llvm::StringRef line : llvm::split(ps.str(), '\n')) {
    rows += line.contains("%      1  ");
  }
  EXPECT_EQ(rows, 2u) << ps.str();
}

/// The DDR bound counts the lesser of the constants read and the network's own
/// weights (Header.network_weight_bytes): a blob with padded or densified
/// weights reads more than the network has, one with constants folded away
/// fewer.
TEST(EmulatorTest, rooflineCountsTheLesserOfConstantsReadAndNetworkWeights) {
  for (uint64_t networkBytes : {16u, 1000u}) {
    blob::BlobBuilder builder = make37xxBuilder();
    builder.setNetworkWeightBytes(networkBytes);
    TensorTypeDesc type = tensorType(schema::DType::U8, {64});
    builder.addInput("x", type);
    builder.addOutput("y", type);
    uint64_t constant = builder.addConstant(std::vector<uint8_t>(64, 1));
    uint32_t x = builder.addTensor("x", kInput, 0, 0, type);
    uint32_t y = builder.addTensor("y", kOutput, 0, 0, type);
    uint32_t c = builder.addTensor("c", schema::MemoryLocation::CONSTANT, 0,
                                   constant, type);
    uint32_t cmx = builder.addTensor("x_cmx", kCmx, 0, 256, type);
    uint32_t cmxC = builder.addTensor("c_cmx", kCmx, 0, 512, type);
    uint32_t b0 = builder.addBarrier(0);
    builder.addDmaTask(0, x, cmx, {{}, {b0}}, "load");
    builder.addDmaTask(1, c, cmxC, {{}, {}}, "const");
    builder.addDmaTask(0, cmx, y, {{b0}, {}}, "store");
    npy::ArrayMap inputs;
    inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {64})});
    RunResult result = runBlob(builder.finish(), inputs);
    ASSERT_EQ(result.error, "");
    const Roofline &roofline = result.report.roofline;
    EXPECT_EQ(roofline.constantBytesRead, 64u);
    ASSERT_TRUE(roofline.networkWeightBytes.has_value());
    EXPECT_EQ(*roofline.networkWeightBytes, networkBytes);
    const uint64_t weights = std::min<uint64_t>(networkBytes, 64);
    EXPECT_EQ(roofline.getCompulsoryConstantBytes(), weights);
    EXPECT_EQ(roofline.getCompulsoryDdrBytes(), 128 + weights);
    std::string text;
    llvm::raw_string_ostream os(text);
    result.report.printSummary(os);
    EXPECT_THAT(os.str(),
                HasSubstr("  ddr: " + std::to_string(128 + weights) +
                          " bytes (inputs 64, outputs 64, constants read 64, "
                          "network weights " +
                          std::to_string(networkBytes) +
                          ": the lesser counts) at 15.577 bytes/cycle"));
  }
}

TEST(EmulatorTest, profileGroupsTasksByLocation) {
  RunReport report;
  report.frequencyMhz = 1;
  report.executors = {
      {"DMA0", 3, 60, 60}, {"ACT0.0", 1, 40, 40}, {"ACT1.0", 1, 10, 50}};
  report.tasks = {{0, 0, 0, 10, 0, "conv1"},
                  {0, 1, 10, 40, 0, "conv2"},
                  {0, 2, 40, 60, 0, "conv1"},
                  {1, 0, 0, 40, 0, "softmax"},
                  {2, 0, 40, 50, 0, ""}};
  std::string text;
  llvm::raw_string_ostream os(text);
  report.printProfile(os, 1);
  EXPECT_EQ(os.str(),
            "profile: the 1 layers with the largest busy time per executor "
            "kind\n"
            "DMA: 3 tasks, busy 60.000 us\n"
            "       busy_us   share  tasks  layer\n"
            "        30.000   50.0%      2  conv1\n"
            "ACT: 2 tasks, busy 50.000 us\n"
            "       busy_us   share  tasks  layer\n"
            "        40.000   80.0%      1  softmax\n");
  text.clear();
  report.printProfile(os, 5);
  EXPECT_THAT(os.str(), HasSubstr("        10.000   20.0%      1  ACT1.0 task "
                                  "0\n"));
}

TEST(EmulatorTest, writesAChromeTrace) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 2, 3, 4});
  std::vector<uint8_t> bytes = buildActBlob("relu", {type}, {type}, type, type);
  npy::ArrayMap inputs;
  inputs.insert({"x0", f16Array({1, 2, 3, 4}, ramp(24))});
  RunResult result = runBlob(bytes, inputs);
  ASSERT_EQ(result.error, "");
  std::string path = ::testing::TempDir() + "/trace.json";
  ASSERT_FALSE(static_cast<bool>(result.emulator->writeTrace(path)));
  auto buffer = llvm::MemoryBuffer::getFile(path);
  ASSERT_TRUE(static_cast<bool>(buffer));
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  ASSERT_TRUE(static_cast<bool>(json)) << llvm::toString(json.takeError());
  const llvm::json::Array *events =
      json->getAsObject()->getArray("traceEvents");
  ASSERT_NE(events, nullptr);
  std::vector<std::string> threads, tasks;
  int releases = 0;
  for (const llvm::json::Value &event : *events) {
    const llvm::json::Object &object = *event.getAsObject();
    std::string phase = object.getString("ph")->str();
    if (phase == "M" && *object.getString("name") == "thread_name") {
      threads.push_back(object.getObject("args")->getString("name")->str());
    } else if (phase == "X") {
      tasks.push_back(object.getString("name")->str());
      EXPECT_GT(*object.getNumber("dur"), 0);
    } else if (phase == "i") {
      ++releases;
    }
  }
  EXPECT_THAT(threads, ElementsAre("DMA0", "ACT1.0", "barriers"));
  EXPECT_THAT(tasks, ElementsAre("x0/load", "relu", "y/store"));
  EXPECT_EQ(releases, 2);
}

} // namespace
} // namespace mlir::vpuc::emu
