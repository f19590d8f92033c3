//===- EmulatorImpl.h - The state of an emulator run ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Emulator::Impl, private to the emulator library: the memory regions, the
// prepared tensors and tasks, the executors, the barriers and the run state,
// shared by the files that implement it:
//
//  - Setup.cpp: the target checks, the memory regions and the preparation of
//    tensors, barriers and tasks (DMA, ACT and UPA kernel calls, NCE);
//  - NetworkIO.cpp: the network inputs and outputs;
//  - Execution.cpp: the discrete-event run, the tasks' functions and timing,
//    and the report it ends with;
//  - Report.cpp: the Chrome/Perfetto trace (besides RunReport's printing).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_EMULATORIMPL_H_
#define VPUC_EMULATOR_EMULATORIMPL_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "backend/blob/TensorLayout.h"
#include "core/cost/CostModel.h"
#include "core/threading/ThreadPool.h"
#include "emulator/Barriers.h"
#include "emulator/ByteRangeSet.h"
#include "emulator/Emulator.h"
#include "emulator/NumericsCheck.h"
#include "emulator/VectorClock.h"
#include "kernels/reference/Parallel.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::emu {

namespace schema = ::vpuc::schema;

class HazardDetector;
class HazardFeed;

/// An error with `message`.
inline llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Bytes of the elements of `layout` (not of the span they are laid out in).
inline uint64_t getElementBytes(const blob::TensorLayout &layout) {
  return static_cast<uint64_t>((layout.getNumElements() * layout.elemBits + 7) /
                               8);
}

/// See Emulator.h.
class Emulator::Impl {
public:
  Impl(const blob::BlobFile &file, const arch::ArchDesc &arch,
       const KernelRegistry &kernels, EmulatorOptions options);
  ~Impl();

  /// Setup.cpp: checks the blob against the target and prepares everything.
  llvm::Error prepare();
  /// NetworkIO.cpp.
  llvm::Error setInput(unsigned index, const npy::Array &array);
  /// Execution.cpp.
  llvm::Expected<const RunReport &> run();
  /// NetworkIO.cpp.
  npy::Array getOutput(unsigned index) const;
  /// Report.cpp.
  llvm::Error writeTrace(llvm::StringRef path) const;
  /// "DMA0 task 3 'conv1/copy'".
  std::string describeTask(uint32_t task) const;
  std::string describeTask(uint32_t executor, uint32_t position) const {
    return describeTask(executors[executor].tasks[position]);
  }

  /// The network inputs and outputs of the blob.
  uint32_t getNumInputs() const {
    return blob.header()->inputs() ? blob.header()->inputs()->size() : 0;
  }
  uint32_t getNumOutputs() const {
    return blob.header()->outputs() ? blob.header()->outputs()->size() : 0;
  }
  const schema::NetworkIO &getInputDesc(unsigned index) const {
    return *blob.header()->inputs()->Get(index);
  }
  const schema::NetworkIO &getOutputDesc(unsigned index) const {
    return *blob.header()->outputs()->Get(index);
  }
  /// The runner that splits the SHAVE kernels' loops over the pool's
  /// threads (null with one thread); Emulator::run installs it.
  kernels::ParallelRunner *getKernelRunner() const { return runner.get(); }
  /// Emulator.cpp: records the host time run() took.
  void setHostTime(const HostTime &time) { report.hostTime = time; }

private:
  /// A memory region.
  struct Region {
    std::string name;
    std::vector<uint8_t> bytes;
    bool readOnly = false;
    /// DDR-side (for DMA bandwidth): everything but CMX.
    bool isDdr = true;
  };

  /// A tensor reference resolved to a region.
  struct Tensor {
    uint32_t region = 0;
    uint64_t offset = 0;
    blob::TensorLayout layout;
    shape::MemShape memDims;
    shape::MemStrides memStrides;
  };

  /// A task, prepared.
  struct Task {
    uint32_t executor = 0;
    uint32_t position = 0;
    const schema::Task *task = nullptr;
    schema::TaskKind kind = schema::TaskKind::NONE;
    // DMA.
    uint32_t src = 0, dst = 0;
    /// `dst`, then the more destinations of a broadcast DMA (same layout,
    /// other CMX).
    llvm::SmallVector<uint32_t, 3> destinations;
    /// The source's strides along the destination's memory dims.
    shape::MemStrides srcStrides;
    // Software layers.
    const KernelInfo *kernel = nullptr;
    llvm::SmallVector<Window, 4> windows;
    /// The packed parameter struct (host memory).
    const uint8_t *args = nullptr;
    /// UPA: the argument buffer the runtime built.
    std::vector<uint8_t> ownedArgs;
    /// ACT: the relocated descriptors' dataAddr fields (host memory in the
    /// invocation's data) and the addresses the runtime writes there before
    /// the kernel runs.
    llvm::SmallVector<std::pair<uint8_t *, uint32_t>, 2> relocations;
    uint32_t shaves = 1;
    // NCE.
    const schema::NceClusterTask *nce = nullptr;
    /// DpuSummary index of each variant.
    llvm::SmallVector<uint32_t, 4> variantDpus;
    /// The target's MPE mode of each variant.
    llvm::SmallVector<const cost::MpeMode *, 4> variantModes;

    /// The task's location in the blob (its layer), empty when it has none.
    llvm::StringRef getLocation() const {
      return task->location() ? llvm::StringRef(task->location()->c_str(),
                                                task->location()->size())
                              : llvm::StringRef();
    }
  };

  /// A task list, run in order.
  struct Executor {
    std::string name;
    std::vector<uint32_t> tasks;
    size_t next = 0;
    bool busy = false;
    /// Clock of the end of the last finished task.
    VectorClock clock;
    /// Clock of the end of the running task.
    VectorClock runningEnd;
    ExecutorSummary summary;
  };

  /// What a task costs (cost::CostModel): a fixed part, then a body that
  /// takes `bodyCycles` alone and moves `bytes` through shared resources
  /// (kDdrResource, getCmxResource), slower when others share them.
  struct TaskCost {
    double fixedCycles = 0;
    double bodyCycles = 0;
    llvm::SmallVector<std::pair<uint32_t, uint64_t>, 3> bytes;
  };

  /// A task's body in progress: its cycles left at the rate it would have
  /// alone, and what one such cycle moves through each resource.
  struct Body {
    uint32_t task = 0;
    double remaining = 0;
    cost::Flow flow;
    /// The fraction of its alone rate it progresses at (shareBandwidth).
    double rate = 1;
  };

  /// The end of a task's fixed part, the end of a task (one without a
  /// body) or the release of a barrier, at a time.
  struct Event {
    double time;
    uint64_t sequence;
    enum Kind { BodyStart, Finish, Release } kind;
    uint32_t id;
    bool operator>(const Event &other) const {
      return time != other.time ? time > other.time : sequence > other.sequence;
    }
  };

  //===--------------------------------------------------------------------===//
  // Preparation (Setup.cpp)
  //===--------------------------------------------------------------------===//

  llvm::Error checkTarget();
  llvm::Error allocateRegions();
  llvm::Error prepareTensors();
  void prepareBarriers();
  llvm::Error prepareTasks();
  /// The part of a task's preparation that depends on its kind.
  llvm::Error prepareTask(Task &task, const std::string &what);
  /// Sets `task.kernel` to the kernel named `name`.
  llvm::Error lookupKernel(Task &task, llvm::StringRef name,
                           const std::string &what);
  llvm::Error prepareActTask(Task &task, const std::string &what);
  llvm::Error prepareUpaTask(Task &task, const std::string &what);
  llvm::Error prepareNceTask(Task &task, const std::string &what);
  llvm::Expected<uint32_t> mapTensor(Task &task, uint32_t tensorId, bool write,
                                     uint64_t &next, const std::string &what);
  uint32_t getRegionId(schema::MemoryLocation location, uint32_t index) const;

  //===--------------------------------------------------------------------===//
  // Running (Execution.cpp)
  //===--------------------------------------------------------------------===//

  void start(uint32_t taskId, double now);
  void finish(uint32_t taskId, double now);
  /// Starts the body of a task at `now` (its fixed part is over).
  void startBody(uint32_t taskId, double now);
  /// Moves the bodies in progress on to `now`.
  void advanceBodies(double now);
  /// Shares the resources among the bodies in progress (shareBandwidth).
  void shareResources();
  /// The time the first body in progress ends, and its index in `bodies`.
  std::pair<double, size_t> getNextBodyEnd() const;
  TaskCost execute(uint32_t taskId, const VectorClock &clock);
  TaskCost executeDma(Task &task);
  TaskCost executeKernel(uint32_t taskId, Task &task);
  TaskCost executeNce(uint32_t taskId, Task &task);
  /// The shared resource (kDdrResource or getCmxResource) `region` moves
  /// bytes through, if any.
  std::optional<uint32_t> getResource(uint32_t region) const;
  /// Adds `bytes` moved in `region` to the bytes of `cost`.
  void addBytes(TaskCost &cost, uint32_t region, uint64_t bytes) const;
  /// The cycles of a body alone that computes for `computeCycles` and moves
  /// the bytes of `cost` (cost::CostModel::getBodyCycles).
  double getBodyCycles(const TaskCost &cost, double computeCycles) const;
  /// Records the findings of `numerics` after task `taskId` ran (per layer,
  /// see NumericsIssue).
  void checkNumerics(uint32_t taskId, TaskNumerics &numerics);
  /// Adds the issue of `finding` at task `taskId` in `layer` (its first
  /// task) to the report and returns it, or counts it as dropped and
  /// returns null when the report holds options.maxProblems issues already.
  NumericsIssue *addNumericsIssue(uint32_t taskId, std::string layer,
                                  NumericsFinding finding);
  /// The numerics check's view of (a box of) `tensor`, when it holds floats.
  std::optional<FloatBuffer> getFloatBuffer(const Tensor &tensor,
                                            std::string name) const;
  void problem(ProblemKind kind, std::string message);
  /// problem() for each message.
  void problems(ProblemKind kind, std::vector<std::string> messages);
  void finishReport();
  /// Reports a Timing problem for each invariant of the cost model the run
  /// broke (see ProblemKind::Timing).
  void checkTiming();

  /// Records that a task touches bytes [begin, end) of `region`.
  void touch(uint32_t region, uint64_t begin, uint64_t end) {
    if (region < regionPeak.size() && end > begin) {
      regionPeak[region] = std::max(regionPeak[region], end);
    }
  }
  /// Records that a task touches the bytes `tensor` spans.
  void touch(const Tensor &tensor) {
    touch(tensor.region, tensor.offset,
          tensor.offset + static_cast<uint64_t>(tensor.layout.spanBytes));
  }
  /// The shared resources: DDR, then the CMX of each cluster.
  static constexpr uint32_t kDdrResource = 0;
  uint32_t getCmxResource(uint32_t cluster) const { return 1 + cluster; }
  /// Whether `region` is the CMX of a cluster.
  bool isCmx(uint32_t region) const {
    return region >= cmxBase && region < kernelDataBase;
  }
  /// Records a task's read of a layout in `region` (for the constants read).
  void noteRead(uint32_t region, uint64_t offset, const shape::MemShape &dims,
                const shape::MemStrides &strides, int64_t elemBits);

  //===--------------------------------------------------------------------===//
  // State
  //===--------------------------------------------------------------------===//

  const blob::BlobFile &file;
  const schema::Blob &blob;
  const arch::ArchDesc &arch;
  const KernelRegistry &kernels;
  EmulatorOptions options;
  cost::CostModel costModel;
  /// The threads of the NCE boxes and SHAVE kernels (null: one thread).
  std::unique_ptr<threading::ThreadPool> pool;
  std::unique_ptr<kernels::ParallelRunner> runner;

  std::vector<Region> regions;
  uint32_t inputsBase = 0, outputsBase = 0, constantsId = 0, ddrId = 0,
           cmxBase = 0, kernelDataBase = 0;
  std::vector<Tensor> tensors;
  std::vector<blob::TensorLayout> inputLayouts, outputLayouts;
  std::vector<bool> inputSet;
  std::vector<Task> tasks;
  std::vector<Executor> executors;
  std::optional<Barriers> barriers;
  std::unique_ptr<HazardDetector> detector;
  /// The detector's input during the run: on a thread of its own when the
  /// run has more than one.
  std::unique_ptr<HazardFeed> hazards;

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  uint64_t sequence = 0;
  /// The bodies in progress, as of `bodiesTime`.
  std::vector<Body> bodies;
  double bodiesTime = 0;
  /// Bytes per cycle of each shared resource.
  std::vector<double> resourceCapacity;
  /// Per task: its cost, and the index of its record in report.tasks.
  std::vector<TaskCost> taskCosts;
  std::vector<size_t> taskRecords;
  /// Per task: the first of its variant records in report.variants.
  std::vector<size_t> taskVariants;
  std::vector<Problem> runProblems;
  size_t droppedRunProblems = 0;
  bool ran = false;
  /// Bytes or elements of the task being executed (for its record).
  uint64_t lastAmount = 0;
  /// Start of the task being executed.
  double currentStart = 0;
  /// DpuSummary index by (executor, DPU).
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> dpuIndex;
  /// Per region, one past the highest byte a task touched.
  std::vector<uint64_t> regionPeak;
  /// The bytes of the constant section tasks read.
  ByteRangeSet constantRead;
  /// The index in report.numerics of the issue of a (layer, kind, output).
  std::map<std::tuple<std::string, NumericsIssueKind, std::string>, size_t>
      numericsIndex;
  /// The f16 results of the tasks by layer, for the underflow check.
  RunUnderflow underflow;
  RunReport report;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_EMULATORIMPL_H_
