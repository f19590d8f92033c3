//===- Emulator.h - Executes vpuc blobs -------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The reference runtime of vpuc blobs (DESIGN.md section 9).
//
// Memory. Every region of the blob is a real byte array: network inputs and
// outputs, the constants section, the DDR scratch heap, the CMX of each
// cluster and each kernel data buffer.
//
// Execution. Each task list is an executor that runs its tasks in order. The
// barriers follow the runtime model of blob.fbs (Barrier): a physical barrier
// is programmed with its virtual barriers one after the other; producers
// decrement the producer count when they finish, the use is released at zero
// (visible to consumers after the arch's barrier latency); consumers may start
// only after the release and decrement the consumer count when they start;
// once released with no consumers left, the physical barrier is reset and
// programmed with its next use -- so it is re-armed only after every consumer
// of the previous use has started and every producer has finished (a
// consumer may still be running then: only its start is ordered, and the
// hazard detector checks that nothing relies on more). A task is
// dispatched only when each physical barrier it waits on or updates holds the
// use it names. This is the runtime model scheduler/barriers' simulateBarriers
// proves programs deadlock-free against, so both agree on what a blob may do.
// The run is a discrete-event simulation over the cost model
// (core/cost/CostModel.h): a task starts at the earliest time its
// executor is free and its barrier conditions hold, and its function runs
// then (DMAs as strided copies, software layers as native kernels called
// through the SHAVE ABI). Its time is a fixed part (DMA latency, task
// overhead), then a body that takes what the cost model gives it alone
// while it moves its bytes through the shared resources -- DDR (DMAs and
// SHAVE kernels with DDR tensors) and the CMX of each cluster (DMAs, DPUs,
// SHAVEs) -- which the bodies in progress share by cost::shareBandwidth;
// so overlapping transfers slow each other down and DDR never moves more
// than its effective bandwidth (docs/cost_model.md).
//
// Checks (Problem.h). With the hazard detector on (the default), every memory
// access is checked for races and uninitialised reads (HazardDetector.h);
// independently of it, kernel arguments are checked against their windows,
// barrier counts that do not match their tasks are reported, tasks that can
// never start are reported as a deadlock with what each stuck task waits for,
// and outputs nobody wrote are reported.
//
// NCE cluster tasks (NceExecution.h) run their variants on the DPUs of their
// cluster: each variant computes its output box exactly (FP16 in, FP32
// accumulation, weights through the weights table read from CMX when the
// task starts), and the hazard detector sees, per variant, the weights table
// rows, the weights blocks and the input box it reads (halo included) and
// the output box it writes. The runtime counts a task once per variant on
// its barriers: the emulator dispatches the task as one unit, consuming all
// its counts when it starts and producing them when its last variant ends.
//
// Timing. Per-executor timelines, a summary and a Chrome/Perfetto trace;
// variants on different DPUs of a cluster overlap, and the
// summary and the trace show each DPU's busy time and variants.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_EMULATOR_H_
#define VPUC_EMULATOR_EMULATOR_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/blob/Blob.h"
#include "core/arch/Arch.h"
#include "core/npy/Npy.h"
#include "emulator/NumericsCheck.h"
#include "emulator/Problem.h"
#include "kernels/shave/KernelRegistry.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::emu {

/// Options of a run.
struct EmulatorOptions {
  /// Track every memory access for races and uninitialised reads.
  bool hazardCheck = true;
  /// Problems kept in the report (the rest are counted).
  size_t maxProblems = 100;
  /// The emulator refuses blobs whose memory regions add up to more.
  uint64_t maxMemoryBytes = uint64_t(4) << 30;
  /// Check the results of every compute task for NaN, Inf and FP16
  /// saturation (NumericsCheck.h); findings are warnings or problems.
  NumericsMode numerics = NumericsMode::Warn;
  /// Threads that large NCE boxes and SHAVE kernels are split over, the
  /// caller included (0: the hardware's). With more than one, the hazard
  /// detector of a run of many tasks takes its accesses on a thread of its
  /// own (HazardFeed.h). The outputs, timing and reports are the same for
  /// every count.
  unsigned threads = 0;
};

/// Timing of one executor.
struct ExecutorSummary {
  /// "DMA0", "ACT1.0", "UPA0".
  std::string name;
  /// Tasks run.
  uint32_t tasks = 0;
  /// Sum of the task durations, in cycles.
  double busyCycles = 0;
  /// End of its last task, in cycles.
  double endCycles = 0;
};

/// One task's execution.
struct TaskRecord {
  uint32_t executor = 0;
  uint32_t position = 0;
  double startCycles = 0;
  double endCycles = 0;
  /// Bytes moved (DMA) or output elements computed (kernels).
  uint64_t amount = 0;
  /// The task's location in the blob (its layer), empty when it has none.
  std::string location;
};

/// One DPU variant of an NCE task.
struct VariantRecord {
  uint32_t executor = 0;
  uint32_t position = 0;
  /// The variant's index in its task.
  uint32_t variant = 0;
  /// The DPU of the cluster that ran it.
  uint32_t dpu = 0;
  double startCycles = 0;
  double endCycles = 0;
  /// MACs of the variant (output elements x MACs per element).
  uint64_t macs = 0;
};

/// Timing of one DPU.
struct DpuSummary {
  /// "NCE0.DPU1".
  std::string name;
  uint32_t variants = 0;
  /// Sum of the variant durations, in cycles.
  double busyCycles = 0;
};

/// The run against the target's ideal: a lower bound of the latency from the
/// network's arithmetic at the target's peak MAC rates and from the compulsory
/// DDR traffic at the effective DDR bandwidth (docs/cost_model.md,
/// "Roofline").
struct Roofline {
  /// The network's own MACs by element type (Header.network_macs: before any
  /// channel padding), when the blob states them, and their cycles at the
  /// whole target's peak rate of each type (the f16 rate for a type the DPUs
  /// do not run, e.g. f32 layers on the SHAVEs: still a lower bound).
  std::vector<std::pair<std::string, uint64_t>> networkMacs;
  bool hasNetworkMacs = false;
  double networkCycles = 0;
  /// MACs of every NCE variant that ran (padding included), of them the
  /// convolutions' (CONV and DWCONV tasks) and the INT8 ones, and their
  /// cycles at the whole target's rate of their input element type.
  uint64_t nceMacs = 0;
  uint64_t nceConvMacs = 0;
  uint64_t nceInt8Macs = 0;
  double nceCycles = 0;
  /// f16 MACs per cycle of the whole target: one DPU's rate x DPUs per
  /// cluster x clusters.
  double peakMacsPerCycle = 0;
  /// Bytes of the network inputs and outputs (their elements), and the
  /// distinct bytes of the constant section that tasks read.
  uint64_t inputBytes = 0, outputBytes = 0, constantBytesRead = 0;
  /// The bytes of the network's own constants (Header.network_weight_bytes:
  /// before any channel padding or dense rewrite of grouped convolutions),
  /// when the blob states them.
  std::optional<uint64_t> networkWeightBytes;
  /// Effective DDR bandwidth: bandwidth x derate, in bytes per cycle.
  double ddrBytesPerCycle = 0;

  /// The constant bytes the bound counts: the lesser of the constants read
  /// and the network's own (a blob may read less than the network holds, e.g.
  /// constants folded away, or more: padded and densified weights).
  uint64_t getCompulsoryConstantBytes() const {
    return networkWeightBytes ? std::min(constantBytesRead, *networkWeightBytes)
                              : constantBytesRead;
  }
  /// Inputs + outputs + getCompulsoryConstantBytes, each byte once.
  uint64_t getCompulsoryDdrBytes() const {
    return inputBytes + outputBytes + getCompulsoryConstantBytes();
  }
  /// The network's MACs at the peak rates (networkCycles) when the blob
  /// states them, else the executed ones (nceCycles).
  double getComputeCycles() const;
  /// getCompulsoryDdrBytes() / ddrBytesPerCycle.
  double getDdrCycles() const;
  /// The larger of the two.
  double getLowerBoundCycles() const;
  /// The network's MACs over the convolution MACs the DPUs executed (below 1
  /// when channel padding wastes DPU work); 0 when either is unknown or 0.
  double getExecutedMacsEfficiency() const;
};

/// DMAs between a CMX and the DDR scratch: spills and reloads, and the DDR
/// round trips of a schedule that keeps results in DDR (a blob does not tell
/// them apart).
struct ScratchTraffic {
  uint32_t toDdr = 0, fromDdr = 0;
  uint64_t toDdrBytes = 0, fromDdrBytes = 0;
};

/// A barrier release.
struct BarrierRecord {
  uint32_t barrier = 0;
  double cycles = 0;
};

/// A finding of the numerics check (NumericsCheck.h) in a run. The tasks of
/// one layer (one location) with the same finding on the same output make one
/// issue, described by the first of them.
struct NumericsIssue {
  /// What the first task's output holds.
  NumericsFinding finding;
  /// The first task: its executor and position, describeTask()'s name of it
  /// and its location (the layer; may be empty).
  uint32_t executor = 0, position = 0;
  std::string task;
  std::string layer;
  /// Tasks of the layer with this finding, the first included, and their
  /// elements in all.
  uint32_t tasks = 1;
  uint64_t totalCount = 0;
  /// Underflow: the later layers that lost their output too (RunUnderflow).
  std::vector<std::string> laterLayers;

  /// "NCE0 task 3 'conv1': output (1x16x8x8 f16): 2 elements are +-Inf ...".
  std::string getMessage() const;
};

/// What a run cost the host: wall-clock and process CPU time (every thread)
/// of Emulator::run, in milliseconds. It excludes process start-up, reading
/// the blob, preparing the memory and setting the inputs, so it compares with
/// an in-process inference run of another runtime. It depends on the machine
/// and its load, unlike everything else in the report.
struct HostTime {
  double wallMs = 0;
  double cpuMs = 0;
};

/// The outcome of a run.
struct RunReport {
  std::vector<Problem> problems;
  /// Problems beyond EmulatorOptions::maxProblems.
  size_t droppedProblems = 0;
  /// Findings that do not make the blob wrong by themselves: with
  /// NumericsMode::Warn, the numerics issues (kind Numerics). With
  /// NumericsMode::Error they are problems instead.
  std::vector<Problem> warnings;
  /// Every numerics issue (at most EmulatorOptions::maxProblems; the rest are
  /// counted in droppedNumerics), whatever the mode.
  std::vector<NumericsIssue> numerics;
  size_t droppedNumerics = 0;
  /// True when every task ran.
  bool completed = false;
  /// The end of the last task, in cycles.
  double totalCycles = 0;
  double frequencyMhz = 0;
  std::vector<ExecutorSummary> executors;
  std::vector<TaskRecord> tasks;
  std::vector<BarrierRecord> barriers;
  /// The DPUs NCE tasks used (by cluster, then DPU) and their variants.
  std::vector<DpuSummary> dpus;
  std::vector<VariantRecord> variants;
  Roofline roofline;
  /// Per cluster, one past the highest CMX byte any task touched (0 when
  /// unused).
  std::vector<uint64_t> cmxPeakBytes;
  /// Bytes every task moved through DDR (DMAs and SHAVE kernels, a read and
  /// a write of the same byte counted twice): at most the effective DDR
  /// bandwidth (roofline.ddrBytesPerCycle) times totalCycles, which the
  /// shared-resource timing guarantees.
  uint64_t ddrBytes = 0;
  /// Virtual barriers of the blob, and the physical barriers they use.
  uint32_t virtualBarriers = 0, physicalBarriersUsed = 0;
  ScratchTraffic scratch;
  /// The host time of the run (not part of the printed summary).
  HostTime hostTime;

  /// Cycles as microseconds at the target frequency.
  double toMicroseconds(double cycles) const;
  /// The roofline's lower bound over the estimated latency (totalCycles): 1
  /// when the run reaches the bound; 0 for an empty run.
  double getRooflineRatio() const;
  /// Prints the per-executor summary (and the per-DPU one when NCE tasks
  /// ran), then the roofline, the CMX peaks, the barriers and the DDR
  /// scratch traffic.
  void printSummary(llvm::raw_ostream &os) const;
  /// Prints, per executor kind (DMA, NCE, ACT, UPA), the `count` layers
  /// (task locations; a task without one counts on its own) with the largest
  /// busy time and their share of the kind's total busy time.
  void printProfile(llvm::raw_ostream &os, size_t count) const;
  /// Prints every problem as "error: [kind] message" lines.
  void printProblems(llvm::raw_ostream &os) const;
  /// Prints every warning as "warning: [kind] message" lines.
  void printWarnings(llvm::raw_ostream &os) const;
};

/// Executes one blob (see the file comment). Not copyable; one run per
/// instance.
class Emulator {
public:
  ~Emulator();

  /// Prepares a blob for running on `arch`: checks that it fits the target
  /// (resources, SHAVE kind), that every kernel exists and its arguments
  /// match its signature, and allocates the memory. `blob` and `kernels` must
  /// outlive the emulator.
  static llvm::Expected<std::unique_ptr<Emulator>>
  create(const blob::BlobFile &blob, const arch::ArchDesc &arch,
         const KernelRegistry &kernels, EmulatorOptions options = {});

  /// Fills network input `index` from `array`, whose shape must equal the
  /// input's logical dims. Same element types are copied; a floating-point
  /// array may feed an f32/f16/bf16 input (rounded to nearest even).
  llvm::Error setInput(unsigned index, const npy::Array &array);
  /// Sets the inputs by name: every input must be given, no other name.
  llvm::Error setInputs(const npy::ArrayMap &arrays);

  /// Runs the blob once; fails when an input was not set or it ran already.
  /// Defects of the blob are problems in the report, not errors.
  llvm::Expected<const RunReport &> run();

  /// Network output `index` in logical row-major order (bf16 as f32, 4-bit
  /// integers as int8/uint8).
  npy::Array getOutput(unsigned index) const;
  /// Every output by name.
  npy::ArrayMap getOutputs() const;

  /// Writes the Chrome/Perfetto trace of the run (JSON, `chrome://tracing`
  /// or ui.perfetto.dev).
  llvm::Error writeTrace(llvm::StringRef path) const;

  /// The name of task `position` of executor `executor`, with its location:
  /// "DMA0 task 3 'conv1/copy'".
  std::string describeTask(uint32_t executor, uint32_t position) const;

  class Impl;

private:
  explicit Emulator(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_EMULATOR_H_
