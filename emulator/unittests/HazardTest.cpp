//===- HazardTest.cpp - Hazards, deadlocks and barrier reuse --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Deliberately broken blobs: unordered accesses, uninitialised reads,
// unwritten outputs, out-of-bounds kernel arguments, barrier count mistakes
// and deadlocks, each of which must be reported with the tasks involved; and
// the exact physical barrier reuse semantics, which order tasks too.
//
//===----------------------------------------------------------------------===//

#include <random>

#include "emulator/Emulator.h"
#include "emulator/unittests/TestUtils.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using namespace testing;
using blob::tensorType;
using blob::TensorTypeDesc;
namespace schema = ::vpuc::schema;
constexpr auto kInput = schema::MemoryLocation::NETWORK_INPUT;
constexpr auto kOutput = schema::MemoryLocation::NETWORK_OUTPUT;
constexpr auto kCmx = schema::MemoryLocation::CMX_NN;

/// A 37XX blob with input x and output y (u8[64]) and tensors in CMX0 at
/// 0 ("a") and 64 ("b").
struct Program {
  blob::BlobBuilder builder = make37xxBuilder();
  uint32_t x, y, a, b;
  Program(uint32_t barriers = 8) : builder(make37xxBuilder(barriers)) {
    TensorTypeDesc type = tensorType(schema::DType::U8, {64});
    builder.addInput("x", type);
    builder.addOutput("y", type);
    x = builder.addTensor("x", kInput, 0, 0, type);
    y = builder.addTensor("y", kOutput, 0, 0, type);
    a = builder.addTensor("a", kCmx, 0, 0, type);
    b = builder.addTensor("b", kCmx, 0, 64, type);
  }
  RunResult run(EmulatorOptions options = {}) {
    npy::ArrayMap inputs;
    inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {64})});
    return runBlob(builder.finish(), inputs, "", options);
  }
};

//===----------------------------------------------------------------------===//
// Races and uninitialised memory
//===----------------------------------------------------------------------===//

TEST(HazardTest, orderedProgramIsClean) {
  Program p;
  uint32_t b0 = p.builder.addBarrier(0);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {b0}}, "load");
  p.builder.addDmaTask(1, p.a, p.y, {{b0}, {}}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
}

TEST(HazardTest, sameExecutorOrderIsAnOrdering) {
  Program p;
  p.builder.addDmaTask(0, p.x, p.a, {}, "load");
  p.builder.addDmaTask(0, p.a, p.y, {}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
}

TEST(HazardTest, unorderedWriteAndReadIsARace) {
  Program p;
  p.builder.addDmaTask(0, p.x, p.a, {}, "load");
  p.builder.addDmaTask(1, p.a, p.y, {}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  // Both start at time 0 on different ports: the read sees nothing written
  // yet, and the write comes after the read with no ordering.
  EXPECT_THAT(
      result.messages(ProblemKind::Race),
      ElementsAre("race: DMA0 task 0 'load' writes and DMA1 task 0 'store' "
                  "reads CMX_NN[0] bytes [0, 64) and no barrier orders the "
                  "two tasks"));
}

TEST(HazardTest, twoUnorderedWritersRace) {
  Program p;
  uint32_t b0 = p.builder.addBarrier(0);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {b0}}, "first");
  p.builder.addDmaTask(1, p.x, p.a, {{}, {b0}}, "second");
  p.builder.addDmaTask(0, p.a, p.y, {{b0}, {}}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(),
              ElementsAre("race: DMA0 task 0 'first' writes and DMA1 task 0 "
                          "'second' writes CMX_NN[0] bytes [0, 64) and no "
                          "barrier orders the two tasks"));
}

TEST(HazardTest, writeAfterUnorderedReadRaces) {
  Program p;
  uint32_t loaded = p.builder.addBarrier(0);
  uint32_t stored = p.builder.addBarrier(1);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {loaded}}, "load");
  // The reader and the overwriter both only wait for the load.
  p.builder.addDmaTask(0, p.a, p.y, {{loaded}, {stored}}, "store");
  p.builder.addDmaTask(1, p.x, p.a, {{loaded}, {stored}}, "overwrite");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(),
              ElementsAre(AllOf(HasSubstr("DMA0 task 1 'store' reads"),
                                HasSubstr("DMA1 task 0 'overwrite' writes"),
                                HasSubstr("no barrier orders the two tasks"))));
}

TEST(HazardTest, uninitialisedReadAndUnwrittenOutput) {
  Program p;
  // b was never written; y is only half written.
  TensorTypeDesc half = tensorType(schema::DType::U8, {32});
  uint32_t bHalf = p.builder.addTensor("b_half", kCmx, 0, 64, half);
  uint32_t yHalf = p.builder.addTensor("y_half", kOutput, 0, 32, half);
  p.builder.addDmaTask(0, bHalf, yHalf, {}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(
      result.messages(),
      ElementsAre("read of uninitialised memory: DMA0 task 0 'store' reads 32 "
                  "bytes of CMX_NN[0] in [64, 96) that no task wrote before it",
                  "network output 'y': 32 bytes of NETWORK_OUTPUT[0] 'y' in "
                  "[0, 32) were never written"));
}

TEST(HazardTest, stridedAccessesAreTrackedExactly) {
  // Two DMAs write the even and the odd channels of an interleaved tensor:
  // no overlap, no race, and the output is fully written.
  Program p;
  TensorTypeDesc halfType = tensorType(schema::DType::U8, {32});
  TensorTypeDesc interleaved = tensorType(schema::DType::U8, {32});
  interleaved.strides = {16};
  uint32_t xHalf = p.builder.addTensor("x_half", kInput, 0, 0, halfType);
  uint32_t even = p.builder.addTensor("even", kOutput, 0, 0, interleaved);
  uint32_t odd = p.builder.addTensor("odd", kOutput, 0, 1, interleaved);
  p.builder.addDmaTask(0, xHalf, even, {}, "even");
  p.builder.addDmaTask(1, xHalf, odd, {}, "odd");
  RunResult clean = p.run();
  ASSERT_EQ(clean.error, "");
  EXPECT_THAT(clean.messages(), IsEmpty());

  // Overlapping by one element: a race on exactly that byte.
  Program q;
  uint32_t xHalf2 = q.builder.addTensor("x_half", kInput, 0, 0, halfType);
  uint32_t evenAll = q.builder.addTensor("even", kOutput, 0, 0, interleaved);
  TensorTypeDesc tail = tensorType(schema::DType::U8, {33});
  uint32_t oddish = q.builder.addTensor("tail", kOutput, 0, 31, tail);
  uint32_t x33 = q.builder.addTensor("x33", kInput, 0, 0, tail);
  q.builder.addDmaTask(0, xHalf2, evenAll, {}, "even");
  q.builder.addDmaTask(1, x33, oddish, {}, "tail");
  RunResult racy = q.run();
  ASSERT_EQ(racy.error, "");
  EXPECT_THAT(racy.messages(ProblemKind::Race),
              ElementsAre(HasSubstr("NETWORK_OUTPUT[0] 'y' bytes [32, 33)")));
}

TEST(HazardTest, detectorCanBeTurnedOff) {
  Program p;
  p.builder.addDmaTask(0, p.x, p.a, {}, "load");
  p.builder.addDmaTask(1, p.a, p.y, {}, "store");
  EmulatorOptions options;
  options.hazardCheck = false;
  RunResult result = p.run(options);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
}

//===----------------------------------------------------------------------===//
// Physical barrier reuse
//===----------------------------------------------------------------------===//

/// W (DMA0) writes `a` and produces v0; C (DMA1) consumes v0; R (an ACT relu
/// reading `a`) produces v1; Q (DMA1) consumes v1 and stores. R has no
/// barrier from W: with v0 and v1 on one physical barrier, R cannot be
/// dispatched before v0 is complete (W finished, C started), so W happens
/// before R; on two physical barriers, nothing orders them.
RunResult runReuseProgram(bool shared) {
  Program p(2);
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  uint32_t v0 = p.builder.addBarrier(0);
  uint32_t v1 = p.builder.addBarrier(shared ? 0 : 1);
  abi::ArgPacker args;
  addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
  addCmxArg(args, abi::ArgKind::MemRefOut, type, 64);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {v0}}, "W");
  p.builder.addDmaTask(1, p.x, p.y, {{v0}, {}}, "C");
  p.builder.addActTask(0, 0, addActCall(p.builder, "relu", 0, args), {{}, {v1}},
                       "R");
  p.builder.addDmaTask(1, p.b, p.y, {{v1}, {}}, "Q");
  return p.run();
}

TEST(HazardTest, physicalBarrierReuseOrdersTasks) {
  RunResult shared = runReuseProgram(true);
  ASSERT_EQ(shared.error, "");
  EXPECT_THAT(shared.messages(), IsEmpty());
  // R started only after v0 completed.
  ASSERT_EQ(shared.report.tasks.size(), 4u);
  const TaskRecord *w = nullptr, *r = nullptr;
  for (const TaskRecord &task : shared.report.tasks) {
    std::string name =
        shared.emulator->describeTask(task.executor, task.position);
    if (name == "DMA0 task 0 'W'") {
      w = &task;
    } else if (name == "ACT0.0 task 0 'R'") {
      r = &task;
    }
  }
  ASSERT_TRUE(w && r);
  EXPECT_GE(r->startCycles, w->endCycles);

  RunResult separate = runReuseProgram(false);
  ASSERT_EQ(separate.error, "");
  EXPECT_THAT(separate.messages(ProblemKind::Race),
              ElementsAre(AllOf(HasSubstr("DMA0 task 0 'W' writes"),
                                HasSubstr("ACT0.0 task 0 'R' reads"))));
}

TEST(HazardTest, reuseWaitsForConsumersToStart) {
  // One physical barrier serving v0 then v1. DMA0 runs X (updates v1) before
  // Y (waits v0): X cannot be dispatched while v0 holds the barrier, and v0
  // completes only once Y starts: a deadlock, which two barriers avoid.
  auto build = [](bool shared) {
    Program p(2);
    uint32_t v0 = p.builder.addBarrier(0);
    uint32_t v1 = p.builder.addBarrier(shared ? 0 : 1);
    p.builder.addDmaTask(1, p.x, p.a, {{}, {v0}}, "Z");
    p.builder.addDmaTask(0, p.x, p.b, {{}, {v1}}, "X");
    p.builder.addDmaTask(0, p.a, p.y, {{v0}, {}}, "Y");
    p.builder.addDmaTask(1, p.b, p.y, {{v1}, {}}, "V");
    return p.run();
  };
  RunResult separate = build(false);
  ASSERT_EQ(separate.error, "");
  EXPECT_TRUE(separate.report.completed);
  EXPECT_THAT(separate.messages(ProblemKind::Deadlock), IsEmpty());

  RunResult shared = build(true);
  ASSERT_EQ(shared.error, "");
  EXPECT_FALSE(shared.report.completed);
  EXPECT_THAT(
      shared.messages(ProblemKind::Deadlock),
      ElementsAre(
          "deadlock: 3 of 4 tasks never ran\n"
          "  DMA0 task 0 'X' updates barrier 1 (physical 0), but the physical "
          "barrier still serves barrier 0: released, 1 of 1 consumers not "
          "started (waiting: DMA0 task 1 'Y')\n"
          "  DMA1 task 1 'V' waits on barrier 1 (physical 0), but the physical "
          "barrier still serves barrier 0: released, 1 of 1 consumers not "
          "started (waiting: DMA0 task 1 'Y')"));
  // No outputs after a deadlock.
  EXPECT_TRUE(shared.outputs.empty());
}

//===----------------------------------------------------------------------===//
// Barrier misuse and deadlocks
//===----------------------------------------------------------------------===//

TEST(HazardTest, waitingOnABarrierNobodySignals) {
  Program p;
  uint32_t v0 = p.builder.addBarrier(0);
  p.builder.setBarrierCounts(v0, 1, 1);
  p.builder.addDmaTask(0, p.x, p.y, {{v0}, {}}, "stuck");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(),
              ElementsAre("deadlock: 1 of 1 tasks never ran\n"
                          "  DMA0 task 0 'stuck' waits on barrier 0 (physical "
                          "0): 1 of 1 producer signals missing and no "
                          "unfinished task updates it"));
}

TEST(HazardTest, producerQueuedBehindItsConsumer) {
  Program p;
  uint32_t v0 = p.builder.addBarrier(0);
  p.builder.addDmaTask(0, p.a, p.y, {{v0}, {}}, "consumer");
  p.builder.addDmaTask(0, p.x, p.a, {{}, {v0}}, "producer");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::Deadlock),
              ElementsAre(HasSubstr("DMA0 task 0 'consumer' waits on barrier "
                                    "0 (physical 0): 1 of 1 producer signals "
                                    "missing (unfinished producers: DMA0 task "
                                    "1 'producer')")));
}

TEST(HazardTest, producerCountTooSmall) {
  Program p;
  uint32_t v0 = p.builder.addBarrier(0);
  p.builder.setBarrierCounts(v0, 1, 1);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {v0}}, "first");
  p.builder.addDmaTask(0, p.x, p.b, {{}, {v0}}, "second");
  p.builder.addDmaTask(1, p.a, p.y, {{v0}, {}}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::BarrierMisuse),
              ElementsAre("barrier misuse: DMA0 task 1 'second' signals "
                          "barrier 0 (physical 0) after its producer count of "
                          "1 was reached; its count does not match the 2 "
                          "tasks that update it"));
}

TEST(HazardTest, consumerCountTooLarge) {
  Program p;
  uint32_t v0 = p.builder.addBarrier(0);
  uint32_t v1 = p.builder.addBarrier(0);
  p.builder.setBarrierCounts(v0, 1, 2);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {v0}}, "load");
  p.builder.addDmaTask(0, p.x, p.b, {{}, {v1}}, "later");
  p.builder.addDmaTask(1, p.a, p.y, {{v0}, {}}, "store");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  // The second use of the physical barrier is never programmed, so "later"
  // cannot signal it: a deadlock.
  EXPECT_THAT(result.messages(ProblemKind::Deadlock),
              ElementsAre("deadlock: 1 of 3 tasks never ran\n"
                          "  DMA0 task 1 'later' updates barrier 1 (physical "
                          "0), but the physical barrier still serves barrier "
                          "0: released, 1 of 2 consumers not started and no "
                          "waiting task left"));
  Program q;
  uint32_t w0 = q.builder.addBarrier(0);
  q.builder.addBarrier(0);
  q.builder.setBarrierCounts(w0, 1, 2);
  q.builder.addDmaTask(0, q.x, q.a, {{}, {w0}}, "load");
  q.builder.addDmaTask(1, q.a, q.y, {{w0}, {}}, "store");
  RunResult unused = q.run();
  ASSERT_EQ(unused.error, "");
  EXPECT_TRUE(unused.report.completed);
  EXPECT_THAT(unused.messages(ProblemKind::BarrierMisuse),
              ElementsAre("barrier misuse: barrier 0 (physical 0) never "
                          "completed: producer count 1 with 1 producer tasks, "
                          "consumer count 2 with 1 consumer tasks, so the 1 "
                          "later uses of the physical barrier were never "
                          "programmed"));
}

TEST(HazardTest, consumerCountTooSmall) {
  Program p;
  uint32_t v0 = p.builder.addBarrier(0);
  p.builder.addBarrier(0);
  p.builder.setBarrierCounts(v0, 1, 1);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {v0}}, "load");
  p.builder.addDmaTask(1, p.a, p.y, {{v0}, {}}, "first");
  p.builder.addDmaTask(0, p.a, p.y, {{v0}, {}}, "second");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::Deadlock),
              ElementsAre(HasSubstr("DMA1 task 0 'first' waits on barrier 0 "
                                    "(physical 0), which was already completed "
                                    "and reset: its consumer count was reached "
                                    "before this task ran")));
}

//===----------------------------------------------------------------------===//
// Kernel arguments
//===----------------------------------------------------------------------===//

/// A relu on tile 0 whose arguments are packed by `pack`.
RunResult runRelu(std::function<void(abi::ArgPacker &)> pack) {
  Program p;
  abi::ArgPacker args;
  pack(args);
  uint32_t b0 = p.builder.addBarrier(0);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {b0}}, "load");
  p.builder.addActTask(0, 0, addActCall(p.builder, "relu", 0, args), {{b0}, {}},
                       "relu");
  p.builder.addDmaTask(1, p.x, p.y, {}, "pass");
  return p.run();
}

TEST(HazardTest, kernelArgumentsOutOfBounds) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  RunResult beyond = runRelu([&](abi::ArgPacker &args) {
    addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
    addCmxArg(args, abi::ArgKind::MemRefOut, type, 65536 - 32);
  });
  ASSERT_EQ(beyond.error, "");
  EXPECT_THAT(beyond.messages(ProblemKind::OutOfBounds),
              ElementsAre("out-of-bounds access: ACT0.0 task 0 'relu', kernel "
                          "'relu' argument 1: data [0x1f00ffe0, 0x1f010020) "
                          "lies outside the windows; the task was skipped"));

  RunResult readOnly = runRelu([&](abi::ArgPacker &args) {
    addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
    args.addMemRef(abi::ArgKind::MemRefOut, abi::kWinDBase, {32}, {16},
                   abi::DataType::F16, 0x1);
  });
  ASSERT_EQ(readOnly.error, "");
  EXPECT_THAT(readOnly.messages(ProblemKind::OutOfBounds),
              ElementsAre(HasSubstr("argument 1: output data at 0x1d000000 "
                                    "lies in read-only WIN_D (kernel 'relu' "
                                    "text)")));

  RunResult dims = runRelu([&](abi::ArgPacker &args) {
    addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
    addCmxArg(args, abi::ArgKind::MemRefOut, type, 64);
  });
  ASSERT_EQ(dims.error, "");
  EXPECT_THAT(dims.messages(), IsEmpty());
}

TEST(HazardTest, invalidKernelArguments) {
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  RunResult badType = runRelu([&](abi::ArgPacker &args) {
    addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
    args.addMemRef(abi::ArgKind::MemRefOut, abi::kWinFBase + 64, {32}, {16},
                   static_cast<abi::DataType>(40), 0x1);
  });
  ASSERT_EQ(badType.error, "");
  EXPECT_THAT(badType.messages(ProblemKind::KernelError),
              ElementsAre(HasSubstr("invalid kernel argument: ACT0.0 task 0 "
                                    "'relu', kernel 'relu' argument 1: unknown "
                                    "data type 40")));
  RunResult mismatch = runRelu([&](abi::ArgPacker &args) {
    addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
    addCmxArg(args, abi::ArgKind::MemRefOut,
              tensorType(schema::DType::F16, {16}), 64);
  });
  ASSERT_EQ(mismatch.error, "");
  EXPECT_THAT(mismatch.messages(ProblemKind::KernelError),
              ElementsAre("kernel error: ACT0.0 task 0 'relu': relu: input "
                          "dims [32] differ from output dims [16]"));
}

//===----------------------------------------------------------------------===//
// Relocated tensors (ACT kernels on tensors outside the tile's CMX)
//===----------------------------------------------------------------------===//

/// A 37XX blob with f16[32] input x and output y, a DDR scratch tensor d, a
/// constant c of 32 ones and a zero-element constant none.
struct DdrProgram {
  blob::BlobBuilder builder = make37xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  uint32_t x, y, d, c, none;
  DdrProgram() {
    builder.addInput("x", type);
    builder.addOutput("y", type);
    x = builder.addTensor("x", kInput, 0, 0, type);
    y = builder.addTensor("y", kOutput, 0, 0, type);
    d = builder.addTensor("d", schema::MemoryLocation::DDR_SCRATCH, 0, 0, type);
    std::vector<uint8_t> ones;
    for (int i = 0; i < 32; ++i) {
      ones.push_back(0x00);
      ones.push_back(0x3c);
    }
    c = builder.addTensor("c", schema::MemoryLocation::CONSTANT, 0,
                          builder.addConstant(ones), type);
    none = builder.addTensor("none", schema::MemoryLocation::CONSTANT, 0,
                             builder.addConstant({}),
                             tensorType(schema::DType::F16, {0}));
  }
  /// A kernel call on `tile` whose tensors are all relocated.
  uint32_t call(llvm::StringRef kernel, uint32_t tile,
                std::vector<uint32_t> inputs, uint32_t output) {
    abi::ArgPacker args;
    std::vector<blob::ActRelocationDesc> relocations;
    for (uint32_t input : inputs) {
      addRelocatedArg(args, abi::ArgKind::MemRefIn,
                      input == none ? tensorType(schema::DType::F16, {0})
                                    : type,
                      input, relocations);
    }
    addRelocatedArg(args, abi::ArgKind::MemRefOut, type, output, relocations);
    return addActCall(builder, kernel, tile, args, std::move(relocations));
  }
  RunResult run() {
    npy::ArrayMap inputs;
    inputs.insert({"x", f16Array({32}, ramp(32))});
    return runBlob(builder.finish(), inputs);
  }
};

TEST(HazardTest, relocatedTensorsRun) {
  // y = relu(x) + c through DDR scratch, on two tiles.
  DdrProgram p;
  uint32_t b0 = p.builder.addBarrier(0);
  p.builder.addActTask(0, 0, p.call("relu", 0, {p.x}, p.d), {{}, {b0}}, "relu");
  p.builder.addActTask(1, 0, p.call("add", 1, {p.d, p.c}, p.y), {{b0}, {}},
                       "add");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
  std::vector<float> y = toFloats(result.outputs.lookup("y"));
  std::vector<float> x = ramp(32);
  ASSERT_EQ(y.size(), 32u);
  for (size_t i = 0; i < 32; ++i) {
    EXPECT_EQ(y[i], std::max(x[i], 0.0f) + 1.0f) << i;
  }
}

TEST(HazardTest, racesOnRelocatedTensors) {
  // Without the barrier, the add reads the scratch the relu writes.
  DdrProgram p;
  p.builder.addActTask(0, 0, p.call("relu", 0, {p.x}, p.d), {}, "relu");
  p.builder.addActTask(1, 0, p.call("add", 1, {p.d, p.c}, p.y), {}, "add");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::Race),
              ElementsAre(AllOf(HasSubstr("ACT0.0 task 0 'relu' writes"),
                                HasSubstr("ACT1.0 task 0 'add' reads"),
                                HasSubstr("bytes [0, 64)"),
                                HasSubstr("no barrier orders the two tasks"))));
}

TEST(HazardTest, relocatedTensorsKeepTheirBounds) {
  // Writing a constant: the mapped window is read-only.
  DdrProgram p;
  p.builder.addActTask(0, 0, p.call("relu", 0, {p.x}, p.c), {}, "relu");
  p.builder.addDmaTask(0, p.x, p.y, {}, "pass");
  RunResult result = p.run();
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(ProblemKind::OutOfBounds),
              ElementsAre(AllOf(
                  HasSubstr("ACT0.0 task 0 'relu', kernel 'relu' argument 1: "
                            "output data at 0x20010000 lies in read-only "
                            "window of tensor 3"),
                  HasSubstr("the task was skipped"))));

  // Reading scratch nothing wrote.
  DdrProgram q;
  q.builder.addActTask(0, 0, q.call("add", 0, {q.d, q.c}, q.y), {}, "add");
  RunResult unwritten = q.run();
  ASSERT_EQ(unwritten.error, "");
  EXPECT_THAT(unwritten.messages(ProblemKind::UninitializedRead),
              ElementsAre(HasSubstr("ACT0.0 task 0 'add' reads 64 bytes of "
                                    "DDR_SCRATCH in [0, 64) that no task "
                                    "wrote before it")));
}

TEST(HazardTest, zeroElementOperands) {
  // scale_shift without a shift (a zero-element constant), as an ACT kernel
  // (relocated) and as a UPA layer: no problems, y = x * 1.
  DdrProgram p;
  p.builder.addActTask(0, 0, p.call("scale_shift", 0, {p.x, p.c, p.none}, p.y),
                       {}, "scale_shift");
  RunResult act = p.run();
  ASSERT_EQ(act.error, "");
  EXPECT_THAT(act.messages(), IsEmpty());
  EXPECT_EQ(toFloats(act.outputs.lookup("y")), ramp(32));

  blob::BlobBuilder upa = make30xxBuilder();
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  upa.addInput("x", type);
  upa.addOutput("y", type);
  uint32_t x = upa.addTensor("x", kInput, 0, 0, type);
  uint32_t y = upa.addTensor("y", kOutput, 0, 0, type);
  uint32_t scale = upa.addTensor("scale", schema::MemoryLocation::CONSTANT, 0,
                                 upa.addConstant({0x00, 0x40}),
                                 tensorType(schema::DType::F16, {1}));
  uint32_t none =
      upa.addTensor("none", schema::MemoryLocation::CONSTANT, 0,
                    upa.addConstant({}), tensorType(schema::DType::F16, {0}));
  upa.addUpaTask(0, "scale_shift", {x, scale, none}, {y}, {}, "scale_shift");
  npy::ArrayMap inputs;
  inputs.insert({"x", f16Array({32}, ramp(32))});
  RunResult result = runBlob(upa.finish(), inputs);
  ASSERT_EQ(result.error, "");
  EXPECT_THAT(result.messages(), IsEmpty());
  std::vector<float> expected;
  for (float value : ramp(32)) {
    expected.push_back(2 * value);
  }
  EXPECT_EQ(toFloats(result.outputs.lookup("y")), expected);
}

//===----------------------------------------------------------------------===//
// Damaged blobs
//===----------------------------------------------------------------------===//

TEST(HazardTest, damagedBlobsNeverCrashTheEmulator) {
  // A blob with DMAs, an ACT kernel and barriers; every blob that still
  // loads after damage must prepare and run or fail cleanly.
  Program p;
  TensorTypeDesc type = tensorType(schema::DType::F16, {32});
  uint32_t b0 = p.builder.addBarrier(0), b1 = p.builder.addBarrier(1);
  abi::ArgPacker args;
  addCmxArg(args, abi::ArgKind::MemRefIn, type, 0);
  addCmxArg(args, abi::ArgKind::MemRefOut, type, 64);
  p.builder.addDmaTask(0, p.x, p.a, {{}, {b0}}, "load");
  p.builder.addActTask(0, 0, addActCall(p.builder, "relu", 0, args),
                       {{b0}, {b1}}, "relu");
  p.builder.addDmaTask(1, p.b, p.y, {{b1}, {}}, "store");
  // A copy of the input to DDR scratch on tile 1, both relocated.
  TensorTypeDesc bytesType = tensorType(schema::DType::U8, {64});
  uint32_t scratch = p.builder.addTensor(
      "s", schema::MemoryLocation::DDR_SCRATCH, 0, 0, bytesType);
  abi::ArgPacker copy;
  std::vector<blob::ActRelocationDesc> relocations;
  addRelocatedArg(copy, abi::ArgKind::MemRefIn, bytesType, p.x, relocations);
  addRelocatedArg(copy, abi::ArgKind::MemRefOut, bytesType, scratch,
                  relocations);
  p.builder.addActTask(
      1, 0, addActCall(p.builder, "copy", 1, copy, std::move(relocations)), {},
      "copy");
  std::vector<uint8_t> bytes = p.builder.finish();
  npy::ArrayMap inputs;
  inputs.insert({"x", npy::Array::zeros(npy::DType::U8, {64})});
  RunResult clean = runBlob(bytes, inputs);
  ASSERT_EQ(clean.error, "");
  ASSERT_THAT(clean.messages(), IsEmpty());

  std::mt19937 random(42);
  size_t ran = 0;
  for (int round = 0; round < 1500; ++round) {
    std::vector<uint8_t> damaged = bytes;
    if (round < static_cast<int>(bytes.size())) {
      damaged[round] ^= 0x41;
    } else {
      for (int i = 0, n = 1 + random() % 4; i < n; ++i) {
        damaged[random() % damaged.size()] = static_cast<uint8_t>(random());
      }
    }
    EmulatorOptions options;
    options.maxMemoryBytes = 64 << 20;
    RunResult result = runBlob(damaged, inputs, "VPUX37XX", options);
    ran += result.error.empty();
  }
  EXPECT_GT(ran, 0u);
}

} // namespace
} // namespace mlir::vpuc::emu
