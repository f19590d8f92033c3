//===- HazardDetector.h - Races and uninitialised reads ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Finds memory hazards that would bite on some interleaving of the hardware,
// not just on the one the emulator happens to run.
//
// Ordering. Task A happens before task B when B cannot start before A has
// finished on any run of the runtime: A precedes B on the same executor, or
// A produces a barrier use B waits on, or A produces a use of a physical
// barrier that was complete before the use B waits on or updates was
// programmed (see blob.fbs, Barrier) -- and transitively. The emulator tracks
// this with vector clocks indexed by executor: the clock of a task's start
// holds, per executor, how many of that executor's tasks happen before it,
// so "A happens before B" is `startClock(B)[executor(A)] > position(A)`.
//
// Shadow memory. Per region, an interval map records for every byte range
// its last writer (a task, the host for inputs/constants/kernel data, or
// nobody) and the reads since that write (pruned to the ones not ordered
// before a later reader). Every access of a task is checked against it:
//
//  - write after write / read after write / write after read by tasks that
//    are not ordered: a race, reported once per pair of tasks with the first
//    byte range and both tasks' names and locations;
//  - a read of bytes nobody wrote: an uninitialised read;
//  - at the end, output bytes nobody wrote.
//
// Accesses are given as tensor layouts (`accessLayout`), walked as runs of
// contiguous bytes, so strided and permuted tensors are tracked exactly.
//
// Strided segments. A layout of equal runs at a fixed stride (e.g. one channel
// of an NHWC tensor) would split a segment into two per run. When none of the
// runs is to be reported, the segments they cross (a write's untouched bytes
// made bytes nobody wrote) are instead made strided with the runs' stride as
// their period: a byte's state is that of its offset in the period, kept as a
// few phases (e.g. the channels one DMA read, and the others); a later layout
// of the same stride splits and updates the phases. A layout of another
// stride over a strided segment first makes the segment's period the least
// common multiple of the two (the phases repeat, each byte keeps its state;
// not beyond 64 phases or 16 runs per period), so it too is one step per
// phase and segment, not one per run; afterwards the segment goes back to
// the shorter period if its phases repeat with it. A strided segment splits
// like any other (both parts keep the phases), takes a later access that
// covers it whole and reports nothing in one step, and is expanded into its
// pieces (as the runs one by one would have left them) for anything else.
// Each byte's state is then the same as with the runs one by one, and so are
// the reports.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_HAZARDDETECTOR_H_
#define VPUC_EMULATOR_HAZARDDETECTOR_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/shape/Shape.h"
#include "emulator/Problem.h"
#include "emulator/VectorClock.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

namespace mlir::vpuc::emu {

/// Calls `fn(begin, end)` for each run of contiguous bytes of a tensor at
/// byte `offset` with memory-order `dims` and `strides` (in bits): size-1 and
/// broadcast (stride 0) dimensions are dropped and contiguous ones merged; a
/// layout of sub-byte elements is one run over the bytes it spans.
void forEachByteRun(uint64_t offset, const shape::MemShape &dims,
                    const shape::MemStrides &strides, int64_t elemBits,
                    llvm::function_ref<void(uint64_t, uint64_t)> fn);

/// See the file comment.
class HazardDetector {
public:
  /// `taskExecutor[t]` and `taskPosition[t]` place task `t`;
  /// `describeTask(t)` names it in messages (e.g. "DMA0 task 3 'conv1'").
  HazardDetector(std::vector<uint32_t> taskExecutor,
                 std::vector<uint32_t> taskPosition,
                 std::function<std::string(uint32_t)> describeTask);

  /// Adds the next region (ids count from 0); `hostWritten` regions start
  /// initialised by the host (inputs, constants, kernel data).
  uint32_t addRegion(std::string name, bool hostWritten, uint64_t size);

  /// Marks [begin, end) of `region` as written by the host (e.g. inputs).
  void hostWrite(uint32_t region, uint64_t begin, uint64_t end);

  /// The accesses that follow are made by `task`, which started with `clock`.
  void beginTask(uint32_t task, const VectorClock &clock);

  /// An access of the current task to [begin, end) of `region`.
  void access(uint32_t region, uint64_t begin, uint64_t end, bool write);

  /// An access of the current task to a tensor at `offset` of `region`, with
  /// memory-order dims and strides in bits.
  void accessLayout(uint32_t region, uint64_t offset,
                    const shape::MemShape &dims,
                    const shape::MemStrides &strides, int64_t elemBits,
                    bool write);

  /// After the run: reports bytes of [begin, end) of `region` nobody wrote,
  /// naming them `what` (e.g. "network output 'y'"); consecutive calls with
  /// the same `what` make one report.
  void checkWritten(uint32_t region, uint64_t begin, uint64_t end,
                    const std::string &what);

  /// The segments the shadow of `region` holds (its memory, for tests).
  size_t getSegmentCount(uint32_t region) const {
    return shadows[region].size();
  }

  /// The problems found, in the order found (at most `limit`; the number
  /// left out goes to `*dropped`).
  std::vector<Problem> getProblems(size_t limit, size_t *dropped) const;

private:
  /// Writer values besides task ids.
  static constexpr int32_t kNobody = -2;
  static constexpr int32_t kHost = -1;

  /// The state of the bytes of a strided segment from offset `begin` of the
  /// period (the bytes b with b % period in [begin, the next phase's begin
  /// or the period)).
  struct Phase {
    uint64_t begin;
    int32_t writer;
    llvm::SmallVector<int32_t, 2> readers;
    bool operator==(const Phase &other) const {
      return begin == other.begin && writer == other.writer &&
             readers == other.readers;
    }
  };
  /// The states of a strided segment's bytes by their offset in the period:
  /// phases from offset 0 on, neighbours in different states.
  struct Strided {
    uint64_t period;
    llvm::SmallVector<Phase, 2> phases;
    bool operator==(const Strided &other) const {
      return period == other.period && phases == other.phases;
    }
  };
  /// An owning pointer to a Strided that copies what it points to.
  class StridedPtr {
  public:
    StridedPtr() = default;
    StridedPtr(const StridedPtr &other)
        : pointer(other ? std::make_unique<Strided>(*other) : nullptr) {}
    StridedPtr(StridedPtr &&other) = default;
    StridedPtr &operator=(const StridedPtr &other) {
      pointer = other ? std::make_unique<Strided>(*other) : nullptr;
      return *this;
    }
    StridedPtr &operator=(StridedPtr &&other) = default;
    explicit StridedPtr(Strided strided)
        : pointer(std::make_unique<Strided>(std::move(strided))) {}
    explicit operator bool() const { return pointer != nullptr; }
    Strided &operator*() const { return *pointer; }
    Strided *operator->() const { return pointer.get(); }
    void reset() { pointer.reset(); }

  private:
    std::unique_ptr<Strided> pointer;
  };

  /// The bytes [key, end): last written by `writer`, read since by
  /// `readers`; or, when `strided` is set, in the states of its phases (and
  /// then `writer` is kHost and `readers` empty).
  struct Segment {
    uint64_t end;
    int32_t writer;
    llvm::SmallVector<int32_t, 2> readers;
    StridedPtr strided;
  };

  /// The memory of the shadow maps' nodes: carved from large blocks, and a
  /// freed node is kept for the next one of its size (a strided access can
  /// split a segment into thousands of nodes, which later accesses merge
  /// again). Released with the detector.
  class NodeArena {
  public:
    void *allocate(size_t size, size_t align);
    void deallocate(void *pointer, size_t size);

  private:
    llvm::BumpPtrAllocator blocks;
    /// Per node size, the freed nodes, linked through their first word.
    llvm::SmallDenseMap<size_t, void *, 2> freeNodes;
  };

  /// A std::allocator for the nodes of the shadow maps, from a NodeArena.
  template <typename T> class NodeAllocator {
  public:
    using value_type = T;
    explicit NodeAllocator(NodeArena *arena) : arena(arena) {}
    template <typename U>
    NodeAllocator(const NodeAllocator<U> &other) : arena(other.arena) {}
    T *allocate(size_t count) {
      return static_cast<T *>(arena->allocate(count * sizeof(T), alignof(T)));
    }
    void deallocate(T *pointer, size_t count) {
      arena->deallocate(pointer, count * sizeof(T));
    }
    bool operator==(const NodeAllocator &other) const {
      return arena == other.arena;
    }
    bool operator!=(const NodeAllocator &other) const {
      return arena != other.arena;
    }

  private:
    template <typename U> friend class NodeAllocator;
    NodeArena *arena;
  };

  using Shadow = std::map<uint64_t, Segment, std::less<uint64_t>,
                          NodeAllocator<std::pair<const uint64_t, Segment>>>;

  struct Race {
    uint32_t first, second;
    bool firstWrites, secondWrites;
    uint32_t region;
    uint64_t begin, end;
  };
  struct Uninit {
    uint32_t task, region;
    uint64_t begin, end, bytes;
  };
  struct Unwritten {
    std::string what;
    uint32_t region;
    uint64_t begin, end, bytes;
  };

  bool happensBefore(int32_t task) const;
  /// True when an access of the current task to [begin, end) of `region`
  /// would report a race or an uninitialised read.
  bool wouldReport(uint32_t region, uint64_t begin, uint64_t end,
                   bool write) const;
  /// True when a write (or read) of a byte in the state (writer, readers)
  /// by the current task would report a race or an uninitialised read.
  bool reports(int32_t writer, llvm::ArrayRef<int32_t> readers,
               bool write) const;
  /// The same state (writer, readers and run state) in `a` and `b`.
  static bool sameState(const Segment &a, const Segment &b);
  /// The state of bytes the current task accesses and reports nothing on.
  void step(int32_t &writer, llvm::SmallVector<int32_t, 2> &readers,
            bool write) const;
  /// True when an access of the current task to bytes of `segment` in any
  /// of its states (the one, or every phase) would report.
  bool anyReports(const Segment &segment, bool write) const;
  /// A strided segment starting at `begin` whose bytes lie in one phase
  /// becomes a plain one in its state.
  static void simplify(uint64_t begin, Segment &segment);
  /// Replaces the strided segment `it` by plain segments, one per piece of
  /// consecutive bytes in one phase; returns the first (`it`, which keeps
  /// its key).
  Shadow::iterator expand(Shadow &shadow, Shadow::iterator it);
  /// Expands the strided segments overlapping [begin, end) that `select`
  /// picks and merges the pieces with their equal neighbours; the search of
  /// `begin` starts from `hint` (as in accessFrom). True if any was expanded
  /// (iterators into `shadow` are then stale).
  bool expandStrided(Shadow &shadow, Shadow::iterator hint, uint64_t begin,
                     uint64_t end,
                     llvm::function_ref<bool(const Segment &)> select);
  /// accessLayout of `count` runs of `runBytes` bytes, `stride` apart, from
  /// `offset`, each segment they cross made (or kept) strided with period
  /// `stride`: false (and nothing done) when the runs cross a strided
  /// segment of another period or would be reported (a read of untouched
  /// bytes is).
  bool accessStrided(Shadow &shadow, uint64_t offset, int64_t count,
                     int64_t stride, int64_t runBytes, bool write);
  /// accessLayout run by run; returns the end of the last run.
  uint64_t accessRuns(uint32_t region, uint64_t offset,
                      const shape::MemShape &dims,
                      const shape::MemStrides &strides, int64_t elemBits,
                      bool write);
  /// Replaces the segments covering [begin, end) by one strided segment of
  /// period `period` when the states of their bytes repeat with it (at most
  /// kMaxPhases phases; the range spans two periods at least): the runs of an
  /// access taken one by one leave such patterns, e.g. the channels of every
  /// pixel that one task wrote between those of another, which later accesses
  /// then meet as one segment. True if folded.
  bool foldPeriodic(Shadow &shadow, uint64_t begin, uint64_t end,
                    uint64_t period);
  /// Splits the segment `it` at `at` (inside it); returns its new tail.
  Shadow::iterator splitSegment(Shadow &shadow, Shadow::iterator it,
                                uint64_t at);
  void splitAt(Shadow &shadow, uint64_t at);
  /// Merges equal neighbours from `it` on, up to the segments that start
  /// after `end`; returns the last segment that starts at or before `end`
  /// (or `it`, merged).
  Shadow::iterator mergeFrom(Shadow &shadow, Shadow::iterator it, uint64_t end);
  void mergeAround(Shadow &shadow, uint64_t begin, uint64_t end);
  /// access() starting the search of `begin` from `hint`: a segment that
  /// starts at or before `begin` (the walk is then short when the accesses
  /// come in ascending order, as the runs of a layout do), or shadow.end().
  /// Returns a hint for an access at or after `end`.
  Shadow::iterator accessFrom(Shadow &shadow, Shadow::iterator hint,
                              uint32_t region, uint64_t begin, uint64_t end,
                              bool write);
  void reportRace(uint32_t first, bool firstWrites, uint32_t region,
                  uint64_t begin, uint64_t end, bool secondWrites);
  void reportUninit(uint32_t region, uint64_t begin, uint64_t end);

  std::vector<uint32_t> taskExecutor, taskPosition;
  std::function<std::string(uint32_t)> describeTask;
  std::vector<std::string> regionNames;
  /// Before the shadows, which return their nodes to it when they go.
  std::unique_ptr<NodeArena> arena = std::make_unique<NodeArena>();
  std::vector<Shadow> shadows;

  int32_t current = -1;
  VectorClock clock;

  /// Reports, deduplicated: races per task pair, uninitialised reads per
  /// (task, region).
  std::vector<Race> races;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, size_t> raceIndex;
  std::vector<Uninit> uninits;
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, size_t> uninitIndex;
  std::vector<Unwritten> unwritten;
  /// Order of all reports: (kind 0 race / 1 uninit / 2 unwritten, index).
  std::vector<std::pair<int, size_t>> order;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_HAZARDDETECTOR_H_
