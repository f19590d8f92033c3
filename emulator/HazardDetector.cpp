//===- HazardDetector.cpp - Races and uninitialised reads -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "emulator/HazardDetector.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <optional>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::emu {

const char *getProblemKindName(ProblemKind kind) {
  switch (kind) {
  case ProblemKind::Race:
    return "race";
  case ProblemKind::UninitializedRead:
    return "uninitialized-read";
  case ProblemKind::UnwrittenOutput:
    return "unwritten-output";
  case ProblemKind::OutOfBounds:
    return "out-of-bounds";
  case ProblemKind::BarrierMisuse:
    return "barrier-misuse";
  case ProblemKind::Deadlock:
    return "deadlock";
  case ProblemKind::KernelError:
    return "kernel-error";
  case ProblemKind::Overflow:
    return "overflow";
  case ProblemKind::Numerics:
    return "numerics";
  case ProblemKind::Timing:
    return "timing";
  }
  return "problem";
}

/// The most distinct races or uninitialised reads kept (a broken blob can
/// have a quadratic number of pairs).
static constexpr size_t kMaxRecords = 10000;

HazardDetector::HazardDetector(
    std::vector<uint32_t> taskExecutor, std::vector<uint32_t> taskPosition,
    std::function<std::string(uint32_t)> describeTask)
    : taskExecutor(std::move(taskExecutor)),
      taskPosition(std::move(taskPosition)),
      describeTask(std::move(describeTask)) {}

void *HazardDetector::NodeArena::allocate(size_t size, size_t align) {
  auto it = freeNodes.find(size);
  if (it != freeNodes.end() && it->second) {
    void *node = it->second;
    it->second = *static_cast<void **>(node);
    return node;
  }
  return blocks.Allocate(std::max(size, sizeof(void *)),
                         llvm::Align(std::max(align, alignof(void *))));
}

void HazardDetector::NodeArena::deallocate(void *pointer, size_t size) {
  void *&head = freeNodes[size];
  *static_cast<void **>(pointer) = head;
  head = pointer;
}

uint32_t HazardDetector::addRegion(std::string name, bool hostWritten,
                                   uint64_t size) {
  regionNames.push_back(std::move(name));
  shadows.emplace_back(
      NodeAllocator<std::pair<const uint64_t, Segment>>(arena.get()));
  if (hostWritten && size > 0) {
    shadows.back()[0] = Segment{size, kHost, {}};
  }
  return shadows.size() - 1;
}

void HazardDetector::hostWrite(uint32_t region, uint64_t begin, uint64_t end) {
  if (begin >= end) {
    return;
  }
  Shadow &shadow = shadows[region];
  splitAt(shadow, begin);
  splitAt(shadow, end);
  shadow.erase(shadow.lower_bound(begin), shadow.lower_bound(end));
  shadow[begin] = Segment{end, kHost, {}};
  mergeAround(shadow, begin, end);
}

void HazardDetector::beginTask(uint32_t task, const VectorClock &startClock) {
  current = task;
  clock = startClock;
}

bool HazardDetector::happensBefore(int32_t task) const {
  if (task < 0 || task == current) {
    return true;
  }
  return clock[taskExecutor[task]] > taskPosition[task];
}

bool HazardDetector::reports(int32_t writer, llvm::ArrayRef<int32_t> readers,
                             bool write) const {
  if (!write) {
    return writer == kNobody || !happensBefore(writer);
  }
  if (writer >= 0 && !happensBefore(writer)) {
    return true;
  }
  return llvm::any_of(readers,
                      [&](int32_t reader) { return !happensBefore(reader); });
}

bool HazardDetector::anyReports(const Segment &segment, bool write) const {
  if (!segment.strided) {
    return reports(segment.writer, segment.readers, write);
  }
  return llvm::any_of(segment.strided->phases, [&](const Phase &phase) {
    return reports(phase.writer, phase.readers, write);
  });
}

void HazardDetector::step(int32_t &writer,
                          llvm::SmallVector<int32_t, 2> &readers,
                          bool write) const {
  if (write) {
    writer = current;
    readers.clear();
    return;
  }
  // Readers ordered before this one are covered by it from now on.
  llvm::erase_if(readers,
                 [&](int32_t reader) { return happensBefore(reader); });
  readers.push_back(current);
}

bool HazardDetector::sameState(const Segment &a, const Segment &b) {
  if (a.writer != b.writer || a.readers != b.readers ||
      static_cast<bool>(a.strided) != static_cast<bool>(b.strided)) {
    return false;
  }
  return !a.strided || *a.strided == *b.strided;
}

/// The phase of `strided` that holds the bytes at offset `offset` of the
/// period.
template <typename Strided>
static size_t findPhase(const Strided &strided, uint64_t offset) {
  size_t i = strided.phases.size() - 1;
  while (strided.phases[i].begin > offset) {
    --i;
  }
  return i;
}

/// The offset in the period after the last byte of phase `i`.
template <typename Strided>
static uint64_t getPhaseEnd(const Strided &strided, size_t i) {
  return i + 1 < strided.phases.size() ? strided.phases[i + 1].begin
                                       : strided.period;
}

/// The phase of `strided` that holds the byte at address `at`; `pieceEnd`
/// becomes the end of that phase's bytes from `at` on, at most `limit`.
template <typename Strided>
static size_t findPiece(const Strided &strided, uint64_t at, uint64_t limit,
                        uint64_t &pieceEnd) {
  uint64_t offset = at % strided.period;
  size_t i = findPhase(strided, offset);
  pieceEnd = std::min(limit, at + (getPhaseEnd(strided, i) - offset));
  return i;
}

/// Makes `offset` (inside the period) the start of a phase.
template <typename Strided>
static void splitPhase(Strided &strided, uint64_t offset) {
  size_t i = findPhase(strided, offset);
  if (strided.phases[i].begin != offset) {
    auto phase = strided.phases[i];
    phase.begin = offset;
    strided.phases.insert(strided.phases.begin() + i + 1, std::move(phase));
  }
}

/// Merges neighbouring phases in the same state.
template <typename Strided> static void mergePhases(Strided &strided) {
  auto &phases = strided.phases;
  for (size_t i = phases.size(); i-- > 1;) {
    if (phases[i].writer == phases[i - 1].writer &&
        phases[i].readers == phases[i - 1].readers) {
      phases.erase(phases.begin() + i);
    }
  }
}

/// The most phases a strided segment takes on when its period is made a
/// common multiple of its own and an access's stride, and the most runs of
/// the access per period: beyond these the runs go one by one.
static constexpr uint64_t kMaxPhases = 64;
/// The fewest runs of a layout taken one by one whose segments are folded
/// into a strided one (foldPeriodic).
static constexpr int64_t kMinFoldRuns = 8;
static constexpr uint64_t kMaxRunsPerPeriod = 16;

/// The period a strided segment of period `period` (0 for a plain one) takes
/// for an access of runs `stride` apart: the least common multiple of the
/// two, or 0 when that exceeds the bounds above for `phases` phases (a
/// segment of the access's own period is always taken, as before).
static uint64_t getCommonPeriod(uint64_t period, size_t phases,
                                uint64_t stride) {
  if (period == 0 || period == stride) {
    return stride;
  }
  uint64_t copies = stride / std::gcd(period, stride);
  if (copies > 1 && copies > kMaxPhases / std::max<size_t>(phases, 1)) {
    return 0;
  }
  uint64_t common = period * copies;
  return common / stride > kMaxRunsPerPeriod ? 0 : common;
}

/// Makes `period` (a multiple of the strided's own) the period of `strided`:
/// the phases repeat, each byte keeps its state.
template <typename Strided>
static void widenPeriod(Strided &strided, uint64_t period) {
  uint64_t old = strided.period;
  size_t count = strided.phases.size();
  for (uint64_t copy = 1; copy < period / old; ++copy) {
    for (size_t i = 0; i < count; ++i) {
      auto phase = strided.phases[i];
      phase.begin += copy * old;
      strided.phases.push_back(std::move(phase));
    }
  }
  strided.period = period;
  mergePhases(strided);
}

/// Makes `period` (a divisor of the strided's own) the period of `strided`
/// if its phases repeat with it; true if so.
template <typename Strided>
static bool narrowPeriod(Strided &strided, uint64_t period) {
  if (period >= strided.period || strided.period % period != 0) {
    return false;
  }
  Strided narrow;
  narrow.period = period;
  for (const auto &phase : strided.phases) {
    if (phase.begin >= period) {
      break;
    }
    narrow.phases.push_back(phase);
  }
  Strided wide = narrow;
  widenPeriod(wide, strided.period);
  if (!(wide == strided)) {
    return false;
  }
  strided = std::move(narrow);
  return true;
}

void HazardDetector::simplify(uint64_t begin, Segment &segment) {
  if (!segment.strided) {
    return;
  }
  Strided &strided = *segment.strided;
  uint64_t pieceEnd = 0;
  size_t i = findPiece(strided, begin, segment.end, pieceEnd);
  if (strided.phases.size() > 1 && segment.end > pieceEnd) {
    return;
  }
  segment.writer = strided.phases[i].writer;
  segment.readers = std::move(strided.phases[i].readers);
  segment.strided.reset();
}

HazardDetector::Shadow::iterator HazardDetector::expand(Shadow &shadow,
                                                        Shadow::iterator it) {
  uint64_t end = it->second.end;
  Strided strided = std::move(*it->second.strided);
  uint64_t at = it->first;
  auto last = it;
  while (at < end) {
    uint64_t pieceEnd = 0;
    size_t i = findPiece(strided, at, end, pieceEnd);
    Segment piece{pieceEnd, strided.phases[i].writer, strided.phases[i].readers,
                  StridedPtr()};
    if (at == it->first) {
      it->second = std::move(piece);
    } else {
      last = shadow.emplace_hint(std::next(last), at, std::move(piece));
    }
    at = pieceEnd;
  }
  return it;
}

HazardDetector::Shadow::iterator
HazardDetector::splitSegment(Shadow &shadow, Shadow::iterator it, uint64_t at) {
  Segment tail = it->second;
  it->second.end = at;
  simplify(it->first, it->second);
  simplify(at, tail);
  return shadow.emplace_hint(std::next(it), at, std::move(tail));
}

void HazardDetector::splitAt(Shadow &shadow, uint64_t at) {
  auto it = shadow.upper_bound(at);
  if (it == shadow.begin()) {
    return;
  }
  --it;
  if (it->first < at && it->second.end > at) {
    splitSegment(shadow, it, at);
  }
}

HazardDetector::Shadow::iterator
HazardDetector::mergeFrom(Shadow &shadow, Shadow::iterator it, uint64_t end) {
  while (true) {
    auto next = std::next(it);
    if (next == shadow.end()) {
      return it;
    }
    if (it->second.end == next->first && sameState(it->second, next->second)) {
      it->second.end = next->second.end;
      shadow.erase(next);
      continue;
    }
    if (next->first > end) {
      return it;
    }
    it = next;
  }
}

void HazardDetector::mergeAround(Shadow &shadow, uint64_t begin, uint64_t end) {
  auto it = shadow.lower_bound(begin);
  for (int back = 0; back < 2 && it != shadow.begin(); ++back) {
    --it;
  }
  if (it != shadow.end() && it->first <= end) {
    mergeFrom(shadow, it, end);
  }
}

void HazardDetector::reportRace(uint32_t first, bool firstWrites,
                                uint32_t region, uint64_t begin, uint64_t end,
                                bool secondWrites) {
  uint32_t second = current;
  auto key = std::make_pair(std::min(first, second), std::max(first, second));
  auto it = raceIndex.find(key);
  if (it != raceIndex.end()) {
    Race &race = races[it->second];
    if (race.region == region && race.end == begin) {
      race.end = end;
    }
    return;
  }
  if (races.size() >= kMaxRecords) {
    return;
  }
  raceIndex[key] = races.size();
  order.push_back({0, races.size()});
  races.push_back(
      {first, second, firstWrites, secondWrites, region, begin, end});
}

void HazardDetector::reportUninit(uint32_t region, uint64_t begin,
                                  uint64_t end) {
  auto key = std::make_pair(static_cast<uint32_t>(current), region);
  auto it = uninitIndex.find(key);
  if (it != uninitIndex.end()) {
    Uninit &uninit = uninits[it->second];
    uninit.begin = std::min(uninit.begin, begin);
    uninit.end = std::max(uninit.end, end);
    uninit.bytes += end - begin;
    return;
  }
  if (uninits.size() >= kMaxRecords) {
    return;
  }
  uninitIndex[key] = uninits.size();
  order.push_back({1, uninits.size()});
  uninits.push_back(
      {static_cast<uint32_t>(current), region, begin, end, end - begin});
}

void HazardDetector::access(uint32_t region, uint64_t begin, uint64_t end,
                            bool write) {
  Shadow &shadow = shadows[region];
  accessFrom(shadow, shadow.end(), region, begin, end, write);
}

/// The last segment of `shadow` that starts at or before `at`, or
/// shadow.end() when there is none. Walks forward from `hint` when it starts
/// at or before `at` (a few steps, then a search).
template <typename Map>
static typename Map::iterator
findSegment(Map &shadow, typename Map::iterator hint, uint64_t at) {
  constexpr int kMaxSteps = 8;
  if (hint != shadow.end() && hint->first <= at) {
    for (int step = 0; step < kMaxSteps; ++step) {
      auto next = std::next(hint);
      if (next == shadow.end() || next->first > at) {
        return hint;
      }
      hint = next;
    }
  }
  auto it = shadow.upper_bound(at);
  return it == shadow.begin() ? shadow.end() : std::prev(it);
}

bool HazardDetector::expandStrided(
    Shadow &shadow, Shadow::iterator hint, uint64_t begin, uint64_t end,
    llvm::function_ref<bool(const Segment &)> select) {
  bool expanded = false;
  uint64_t expandedBegin = 0, expandedEnd = 0;
  auto scan = findSegment(shadow, hint, begin);
  for (scan = scan == shadow.end() ? shadow.begin() : scan;
       scan != shadow.end() && scan->first < end; ++scan) {
    if (scan->second.strided && scan->second.end > begin &&
        select(scan->second)) {
      // Only the bytes in [begin, end): the rest of a long strided segment
      // stays one segment.
      if (scan->first < begin) {
        scan = splitSegment(shadow, scan, begin);
      }
      if (scan->second.end > end) {
        splitSegment(shadow, scan, end);
      }
      expandedBegin = expanded ? expandedBegin : scan->first;
      expandedEnd = scan->second.end;
      expanded = true;
      if (scan->second.strided) {
        expand(shadow, scan);
      }
    }
  }
  if (expanded) {
    mergeAround(shadow, expandedBegin, expandedEnd);
  }
  return expanded;
}

HazardDetector::Shadow::iterator
HazardDetector::accessFrom(Shadow &shadow, Shadow::iterator hint,
                           uint32_t region, uint64_t begin, uint64_t end,
                           bool write) {
  if (begin >= end) {
    return hint;
  }
  // Strided segments the access reports on become plain pieces first,
  // merged with their equal neighbours: reports name maximal ranges of bytes
  // in one state (a race's range grows only from where it ended), as without
  // strided segments.
  if (expandStrided(shadow, hint, begin, end, [&](const Segment &segment) {
        return anyReports(segment, write);
      })) {
    hint = shadow.end();
  }
  // The first segment at or after `begin`, splitting the one across it.
  auto it = findSegment(shadow, hint, begin);
  if (it == shadow.end()) {
    it = shadow.begin();
  } else if (it->first < begin) {
    it = it->second.end > begin ? splitSegment(shadow, it, begin)
                                : std::next(it);
  }
  std::optional<Shadow::iterator> first;
  uint64_t at = begin;
  while (at < end) {
    if (it == shadow.end() || it->first > at) {
      // Bytes nobody touched yet.
      uint64_t gapEnd =
          it == shadow.end() ? end : std::min<uint64_t>(end, it->first);
      Segment segment{gapEnd, kNobody, {}};
      if (!write) {
        reportUninit(region, at, gapEnd);
      }
      step(segment.writer, segment.readers, write);
      auto inserted = shadow.emplace_hint(it, at, std::move(segment));
      if (!first) {
        first = inserted;
      }
      at = gapEnd;
      continue;
    }
    if (!first) {
      first = it;
    }
    Segment &segment = it->second;
    if (segment.end > end) {
      // Split the segment across `end`: only its head is accessed.
      splitSegment(shadow, it, end);
    }
    if (segment.strided) {
      // Nothing to report here (see above): every byte takes the step of its
      // phase.
      assert(!anyReports(segment, write));
      for (Phase &phase : segment.strided->phases) {
        step(phase.writer, phase.readers, write);
      }
      mergePhases(*segment.strided);
      simplify(it->first, segment);
      at = segment.end;
      ++it;
      continue;
    }
    uint64_t segEnd = segment.end;
    if (write) {
      if (segment.writer >= 0 && !happensBefore(segment.writer)) {
        reportRace(segment.writer, true, region, at, segEnd, true);
      }
      for (int32_t reader : segment.readers) {
        if (!happensBefore(reader)) {
          reportRace(reader, false, region, at, segEnd, true);
        }
      }
    } else if (segment.writer == kNobody) {
      reportUninit(region, at, segEnd);
    } else if (!happensBefore(segment.writer)) {
      reportRace(segment.writer, true, region, at, segEnd, false);
    }
    step(segment.writer, segment.readers, write);
    at = segEnd;
    ++it;
  }
  // Merge equal neighbours from two segments before `begin` (the head of a
  // split strided segment can have become equal to the one before it); the
  // last one starting at or before `end` is the hint returned.
  it = *first;
  for (int back = 0; back < 2 && it != shadow.begin(); ++back) {
    --it;
  }
  return mergeFrom(shadow, it, end);
}

namespace {

/// The runs of contiguous bytes of a layout of whole-byte elements: one of
/// `runBytes` bytes per index of the `kept` dimensions, (size, byte stride)
/// from the outermost.
struct ByteRunShape {
  int64_t runBytes = 0;
  llvm::SmallVector<std::pair<int64_t, int64_t>, 8> kept;
};

/// See ByteRunShape; `dims` has no 0 and `elemBits` is a multiple of 8.
ByteRunShape getByteRunShape(const shape::MemShape &dims,
                             const shape::MemStrides &strides,
                             int64_t elemBits) {
  ByteRunShape shape;
  // Drop size-1 and broadcast dimensions.
  for (int64_t d = 0; d < dims.rank(); ++d) {
    int64_t size = dims[shape::MemDim(d)];
    int64_t stride = strides[shape::MemDim(d)] / 8;
    if (size != 1 && stride != 0) {
      shape.kept.push_back({size, stride});
    }
  }
  // Fold contiguous inner dimensions into the run, then merge contiguous
  // neighbours among the rest.
  auto &kept = shape.kept;
  shape.runBytes = elemBits / 8;
  while (!kept.empty() && kept.back().second == shape.runBytes) {
    shape.runBytes *= kept.back().first;
    kept.pop_back();
  }
  for (size_t i = kept.size(); i-- > 1;) {
    if (kept[i - 1].second == kept[i].second * kept[i].first) {
      kept[i - 1] = {kept[i - 1].first * kept[i].first, kept[i].second};
      kept.erase(kept.begin() + i);
    }
  }
  return shape;
}

/// The number of bytes of the range the runs of `shape` tile exactly, each
/// byte once (a dense tensor in some order of its dimensions), if they do.
std::optional<int64_t> getDenseBytes(ByteRunShape shape) {
  llvm::sort(shape.kept,
             [](const auto &a, const auto &b) { return a.second < b.second; });
  int64_t bytes = shape.runBytes;
  for (const auto &[size, stride] : shape.kept) {
    if (stride != bytes) {
      return std::nullopt;
    }
    bytes *= size;
  }
  return bytes;
}

} // namespace

void forEachByteRun(uint64_t offset, const shape::MemShape &dims,
                    const shape::MemStrides &strides, int64_t elemBits,
                    llvm::function_ref<void(uint64_t, uint64_t)> fn) {
  int64_t rank = dims.rank();
  __int128 lastBit = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (dims[shape::MemDim(d)] == 0) {
      return;
    }
    lastBit += static_cast<__int128>(dims[shape::MemDim(d)] - 1) *
               strides[shape::MemDim(d)];
  }
  if (elemBits % 8 != 0) {
    // Sub-byte elements: the bytes the layout spans.
    fn(offset, offset + static_cast<uint64_t>((lastBit + elemBits + 7) / 8));
    return;
  }
  ByteRunShape shape = getByteRunShape(dims, strides, elemBits);
  int64_t runBytes = shape.runBytes;
  const auto &kept = shape.kept;
  size_t outer = kept.size();
  llvm::SmallVector<int64_t, 8> index(outer, 0);
  uint64_t at = offset;
  while (true) {
    fn(at, at + runBytes);
    size_t d = outer;
    bool done = true;
    while (d > 0) {
      --d;
      if (++index[d] < kept[d].first) {
        at += kept[d].second;
        done = false;
        break;
      }
      at -= kept[d].second * (kept[d].first - 1);
      index[d] = 0;
    }
    if (done) {
      return;
    }
  }
}

bool HazardDetector::wouldReport(uint32_t region, uint64_t begin, uint64_t end,
                                 bool write) const {
  const Shadow &shadow = shadows[region];
  uint64_t at = begin;
  auto it = shadow.upper_bound(begin);
  if (it != shadow.begin() && std::prev(it)->second.end > begin) {
    --it;
  }
  for (; at < end; ++it) {
    if (it == shadow.end() || it->first > at) {
      // Bytes nobody touched: an uninitialised read.
      if (!write) {
        return true;
      }
      if (it == shadow.end()) {
        return false;
      }
    }
    if (it->first >= end) {
      return false;
    }
    const Segment &segment = it->second;
    // Every phase of a strided segment, whichever bytes the range holds.
    if (anyReports(segment, write)) {
      return true;
    }
    at = segment.end;
  }
  return false;
}

void HazardDetector::accessLayout(uint32_t region, uint64_t offset,
                                  const shape::MemShape &dims,
                                  const shape::MemStrides &strides,
                                  int64_t elemBits, bool write) {
  // Runs that tile a range exactly touch each of its bytes once, and the
  // update of a byte's shadow does not depend on the other bytes, so one
  // access over the range leaves the same (merged) shadow as the runs one
  // by one. Only the reports could differ (the byte ranges they name follow
  // the runs), so that range is taken whole only when nothing in it is to be
  // reported.
  bool whole = elemBits % 8 == 0 && elemBits > 0;
  for (int64_t d = 0; whole && d < dims.rank(); ++d) {
    whole = dims[shape::MemDim(d)] > 0;
  }
  if (!whole) {
    accessRuns(region, offset, dims, strides, elemBits, write);
    return;
  }
  ByteRunShape shape = getByteRunShape(dims, strides, elemBits);
  if (shape.kept.empty()) {
    // One run: the access itself.
    access(region, offset, offset + shape.runBytes, write);
    return;
  }
  std::optional<int64_t> bytes = getDenseBytes(shape);
  if (bytes && !wouldReport(region, offset, offset + *bytes, write)) {
    access(region, offset, offset + *bytes, write);
    return;
  }
  // Equal runs at one stride: one strided segment when possible.
  bool strided = shape.kept.size() == 1 && shape.kept[0].first >= 2 &&
                 shape.kept[0].second > shape.runBytes;
  if (strided && accessStrided(shadows[region], offset, shape.kept[0].first,
                               shape.kept[0].second, shape.runBytes, write)) {
    return;
  }
  uint64_t end = accessRuns(region, offset, dims, strides, elemBits, write);
  if (!strided || shape.kept[0].first < kMinFoldRuns) {
    return;
  }
  // Their segments as one strided segment when their states (the runs' and
  // the gaps') repeat with the stride, or with a common multiple of it and
  // the period of a strided segment they met.
  Shadow &shadow = shadows[region];
  uint64_t stride = static_cast<uint64_t>(shape.kept[0].second);
  llvm::SmallVector<uint64_t, 4> periods = {stride};
  auto it = shadow.upper_bound(offset);
  if (it != shadow.begin()) {
    --it;
  }
  for (; it != shadow.end() && it->first < end && periods.size() < 4; ++it) {
    if (!it->second.strided) {
      continue;
    }
    uint64_t common = getCommonPeriod(it->second.strided->period, 1, stride);
    if (common != 0 && !llvm::is_contained(periods, common)) {
      periods.push_back(common);
    }
  }
  for (uint64_t period : periods) {
    if (foldPeriodic(shadow, offset, end, period)) {
      return;
    }
  }
}

uint64_t HazardDetector::accessRuns(uint32_t region, uint64_t offset,
                                    const shape::MemShape &dims,
                                    const shape::MemStrides &strides,
                                    int64_t elemBits, bool write) {
  // Each search starting from where the previous run ended.
  Shadow &shadow = shadows[region];
  Shadow::iterator hint = shadow.end();
  uint64_t lastEnd = offset;
  forEachByteRun(offset, dims, strides, elemBits,
                 [&](uint64_t begin, uint64_t end) {
                   hint = accessFrom(shadow, hint, region, begin, end, write);
                   lastEnd = end;
                 });
  return lastEnd;
}

bool HazardDetector::foldPeriodic(Shadow &shadow, uint64_t begin, uint64_t end,
                                  uint64_t period) {
  if (period == 0 || end - begin < 2 * period) {
    return false;
  }
  auto first = shadow.upper_bound(begin);
  if (first == shadow.begin()) {
    return false;
  }
  --first;
  // The states of [begin, end) piece by piece: `visit(at, pieceEnd, writer,
  // readers)` for consecutive pieces in one state each; false if a byte is
  // untouched or `visit` refuses.
  auto walk = [&](auto visit) {
    uint64_t at = begin;
    for (auto it = first; at < end; ++it) {
      if (it == shadow.end() || it->first > at || it->second.end <= at) {
        return false;
      }
      const Segment &segment = it->second;
      uint64_t segmentEnd = std::min(end, segment.end);
      while (at < segmentEnd) {
        if (!segment.strided) {
          if (!visit(at, segmentEnd, segment.writer, segment.readers)) {
            return false;
          }
          at = segmentEnd;
          continue;
        }
        const Strided &strided = *segment.strided;
        uint64_t pieceEnd = 0;
        size_t i = findPiece(strided, at, segmentEnd, pieceEnd);
        if (!visit(at, pieceEnd, strided.phases[i].writer,
                   strided.phases[i].readers)) {
          return false;
        }
        at = pieceEnd;
      }
    }
    return true;
  };
  // The phases from the first period of the range (wrapping at a multiple
  // of the period), then every later byte checked against them.
  Strided folded{period, {}};
  uint64_t firstPeriodEnd = begin + period;
  bool complete = false;
  walk([&](uint64_t at, uint64_t pieceEnd, int32_t writer,
           const llvm::SmallVector<int32_t, 2> &readers) {
    for (uint64_t from = at, to = std::min(pieceEnd, firstPeriodEnd);
         from < to;) {
      uint64_t offset = from % period;
      uint64_t length = std::min(to - from, period - offset);
      folded.phases.push_back(Phase{offset, writer, readers});
      from += length;
    }
    complete = pieceEnd >= firstPeriodEnd;
    return !complete && folded.phases.size() <= 2 * kMaxPhases;
  });
  if (!complete) {
    return false;
  }
  llvm::sort(folded.phases,
             [](const Phase &a, const Phase &b) { return a.begin < b.begin; });
  mergePhases(folded);
  if (folded.phases.size() > kMaxPhases) {
    return false;
  }
  bool periodic = walk([&](uint64_t at, uint64_t pieceEnd, int32_t writer,
                           const llvm::SmallVector<int32_t, 2> &readers) {
    while (at < pieceEnd) {
      uint64_t phaseEnd = 0;
      const Phase &phase =
          folded.phases[findPiece(folded, at, pieceEnd, phaseEnd)];
      if (phase.writer != writer || phase.readers != readers) {
        return false;
      }
      at = phaseEnd;
    }
    return true;
  });
  if (!periodic) {
    return false;
  }
  splitAt(shadow, begin);
  splitAt(shadow, end);
  shadow.erase(shadow.lower_bound(begin), shadow.lower_bound(end));
  auto it = shadow.emplace(
      begin, Segment{end, kHost, {}, StridedPtr(std::move(folded))});
  simplify(begin, it.first->second);
  mergeAround(shadow, begin, end);
  return true;
}

bool HazardDetector::accessStrided(Shadow &shadow, uint64_t offset,
                                   int64_t count, int64_t stride,
                                   int64_t runBytes, bool write) {
  uint64_t period = static_cast<uint64_t>(stride);
  uint64_t end =
      offset + static_cast<uint64_t>((count - 1) * stride + runBytes);
  // The segments the runs cross: plain or of this period, none of whose
  // states is to be reported; a read also needs every byte touched (others
  // are uninitialised reads).
  auto it = shadow.upper_bound(offset);
  if (it != shadow.begin() && std::prev(it)->second.end > offset) {
    --it;
  }
  uint64_t at = offset;
  bool holes = false;
  for (auto check = it; check != shadow.end() && check->first < end; ++check) {
    holes |= check->first > at;
    const Segment &segment = check->second;
    if ((segment.strided &&
         getCommonPeriod(segment.strided->period,
                         segment.strided->phases.size(), period) == 0) ||
        anyReports(segment, write)) {
      return false;
    }
    at = segment.end;
  }
  holes |= at < end;
  if (holes && !write) {
    return false;
  }
  // A write's untouched bytes become segments of nobody's (and nobody read
  // them), which is how every later access and checkWritten treat untouched
  // bytes too.
  for (at = offset; holes && at < end;) {
    if (it == shadow.end() || it->first > at) {
      uint64_t holeEnd = it == shadow.end() ? end : std::min(end, it->first);
      shadow.emplace_hint(it, at, Segment{holeEnd, kNobody, {}, StridedPtr()});
      at = holeEnd;
      continue;
    }
    at = it->second.end;
    ++it;
  }
  it = std::prev(shadow.upper_bound(offset));
  // The runs' offsets in the period: [first, first + runBytes), wrapping.
  uint64_t first = offset % period;
  if (it->first < offset) {
    it = splitSegment(shadow, it, offset);
  }
  for (; it != shadow.end() && it->first < end; ++it) {
    if (it->second.end > end) {
      splitSegment(shadow, it, end);
    }
    Segment &segment = it->second;
    if (!segment.strided) {
      segment.strided = StridedPtr(Strided{
          period, {Phase{0, segment.writer, std::move(segment.readers)}}});
      segment.writer = kHost;
      segment.readers.clear();
    }
    Strided &strided = *segment.strided;
    // A segment of another period takes a common multiple of the two (each
    // byte keeps its state), so the runs are some phases of it.
    uint64_t oldPeriod = strided.period;
    uint64_t common = getCommonPeriod(oldPeriod, strided.phases.size(), period);
    if (common > oldPeriod) {
      widenPeriod(strided, common);
    }
    uint64_t segPeriod = strided.period;
    auto stepRange = [&](uint64_t begin, uint64_t rangeEnd) {
      splitPhase(strided, begin);
      if (rangeEnd < segPeriod) {
        splitPhase(strided, rangeEnd);
      }
      for (Phase &phase : strided.phases) {
        if (phase.begin >= begin && phase.begin < rangeEnd) {
          step(phase.writer, phase.readers, write);
        }
      }
    };
    for (uint64_t runBegin = first; runBegin < segPeriod; runBegin += period) {
      uint64_t runEnd = runBegin + static_cast<uint64_t>(runBytes);
      stepRange(runBegin, std::min(runEnd, segPeriod));
      if (runEnd > segPeriod) {
        stepRange(0, runEnd - segPeriod);
      }
    }
    mergePhases(strided);
    // Back to the shorter of the two periods if the phases repeat with it.
    for (uint64_t shorter :
         {std::min(period, oldPeriod), std::max(period, oldPeriod)}) {
      if (shorter < segPeriod && narrowPeriod(strided, shorter)) {
        break;
      }
    }
    simplify(it->first, segment);
  }
  mergeAround(shadow, offset, end);
  return true;
}

void HazardDetector::checkWritten(uint32_t region, uint64_t begin, uint64_t end,
                                  const std::string &what) {
  Shadow &shadow = shadows[region];
  // Strided segments as their pieces (a phase can be bytes nobody wrote).
  expandStrided(shadow, shadow.end(), begin, end,
                [](const Segment &) { return true; });
  uint64_t missingBegin = 0, missingEnd = 0, missing = 0;
  auto note = [&](uint64_t from, uint64_t to) {
    if (from >= to) {
      return;
    }
    if (missing == 0) {
      missingBegin = from;
    }
    missingEnd = to;
    missing += to - from;
  };
  uint64_t at = begin;
  auto it = shadow.upper_bound(begin);
  if (it != shadow.begin()) {
    --it;
  }
  for (; it != shadow.end() && at < end; ++it) {
    if (it->second.end <= at) {
      continue;
    }
    note(at, std::min(end, it->first));
    if (it->second.writer == kNobody) {
      note(std::max(at, it->first), std::min(end, it->second.end));
    }
    at = std::max(at, std::min(end, it->second.end));
  }
  note(at, end);
  if (missing == 0) {
    return;
  }
  if (!unwritten.empty() && unwritten.back().what == what &&
      order.back().first == 2) {
    Unwritten &last = unwritten.back();
    last.begin = std::min(last.begin, missingBegin);
    last.end = std::max(last.end, missingEnd);
    last.bytes += missing;
    return;
  }
  {
    order.push_back({2, unwritten.size()});
    unwritten.push_back({what, region, missingBegin, missingEnd, missing});
  }
}

std::vector<Problem> HazardDetector::getProblems(size_t limit,
                                                 size_t *dropped) const {
  std::vector<Problem> problems;
  auto range = [](uint64_t begin, uint64_t end) {
    return "[" + std::to_string(begin) + ", " + std::to_string(end) + ")";
  };
  for (auto [kind, index] : order) {
    if (problems.size() >= limit) {
      break;
    }
    if (kind == 0) {
      const Race &race = races[index];
      auto verb = [](bool writes) { return writes ? "writes" : "reads"; };
      problems.push_back(
          {ProblemKind::Race,
           "race: " + describeTask(race.first) + " " + verb(race.firstWrites) +
               " and " + describeTask(race.second) + " " +
               verb(race.secondWrites) + " " + regionNames[race.region] +
               " bytes " + range(race.begin, race.end) +
               " and no barrier orders the two tasks"});
    } else if (kind == 1) {
      const Uninit &uninit = uninits[index];
      problems.push_back(
          {ProblemKind::UninitializedRead,
           "read of uninitialised memory: " + describeTask(uninit.task) +
               " reads " + std::to_string(uninit.bytes) + " bytes of " +
               regionNames[uninit.region] + " in " +
               range(uninit.begin, uninit.end) +
               " that no task wrote before it"});
    } else {
      const Unwritten &missing = unwritten[index];
      problems.push_back({ProblemKind::UnwrittenOutput,
                          missing.what + ": " + std::to_string(missing.bytes) +
                              " bytes of " + regionNames[missing.region] +
                              " in " + range(missing.begin, missing.end) +
                              " were never written"});
    }
  }
  if (dropped) {
    *dropped = order.size() - problems.size();
  }
  return problems;
}

} // namespace mlir::vpuc::emu
