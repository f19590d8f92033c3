//===- NumericsCheck.cpp - NaN, Inf and FP16 saturation of tasks ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The scans work on the raw bits: with the sign masked off, a float is NaN
// above the bits of +Inf, Inf at them, and (f16) saturated at the bits of
// 65504 (0x7bff, just below +Inf's 0x7c00). A row of the innermost
// dimension is first reduced to "does it hold anything at or above the
// threshold" without branches; only such rows are walked element by
// element.
//
//===----------------------------------------------------------------------===//

#include "emulator/NumericsCheck.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

#include "core/numeric/CpuFeatures.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::emu {

const char *getFloatTypeName(FloatType type) {
  switch (type) {
  case FloatType::F16:
    return "f16";
  case FloatType::BF16:
    return "bf16";
  case FloatType::F32:
    return "f32";
  }
  return "float";
}

const char *getNumericsIssueKindName(NumericsIssueKind kind) {
  switch (kind) {
  case NumericsIssueKind::NaN:
    return "NaN";
  case NumericsIssueKind::Inf:
    return "Inf";
  case NumericsIssueKind::Saturation:
    return "saturation";
  case NumericsIssueKind::Underflow:
    return "underflow";
  }
  return "numerics";
}

int64_t FloatBuffer::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

/// Bytes of an element of `type`.
static int64_t getElementBytes(FloatType type) {
  return type == FloatType::F32 ? 4 : 2;
}

std::pair<const uint8_t *, const uint8_t *> FloatBuffer::getSpan() const {
  if (getNumElements() == 0) {
    return {data, data};
  }
  int64_t last = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    last += (dims[d] - 1) * strides[d];
  }
  return {data, data + last + getElementBytes(type)};
}

const FloatCount &FloatScan::get(NumericsIssueKind kind) const {
  switch (kind) {
  case NumericsIssueKind::NaN:
    return nan;
  case NumericsIssueKind::Inf:
    return inf;
  case NumericsIssueKind::Saturation:
    return saturated;
  case NumericsIssueKind::Underflow:
    break;
  }
  llvm_unreachable("a scan does not count underflow (RunUnderflow does)");
}

//===----------------------------------------------------------------------===//
// Scans
//===----------------------------------------------------------------------===//

namespace {

/// What an element's bits say.
enum class Bits { Finite, Saturated, Inf, NaN };

/// The bit-level view of one float type: the magnitude mask, the bits of
/// +Inf and the bits of the saturated magnitude (f16 only).
struct FloatBits {
  uint32_t absMask;
  uint32_t inf;
  /// The lowest "interesting" magnitude: the saturated one for f16, +Inf
  /// otherwise.
  uint32_t threshold;

  static FloatBits get(FloatType type) {
    switch (type) {
    case FloatType::F16:
      return {0x7fff, 0x7c00, 0x7bff};
    case FloatType::BF16:
      return {0x7fff, 0x7f80, 0x7f80};
    case FloatType::F32:
      break;
    }
    return {0x7fffffff, 0x7f800000, 0x7f800000};
  }

  Bits classify(uint32_t bits) const {
    uint32_t magnitude = bits & absMask;
    if (magnitude < threshold) {
      return Bits::Finite;
    }
    if (magnitude > inf) {
      return Bits::NaN;
    }
    return magnitude == inf ? Bits::Inf : Bits::Saturated;
  }
};

/// Loads the element at `p` (unaligned).
template <typename T> static uint32_t load(const uint8_t *p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

/// True when one of `count` contiguous elements at `data` has a magnitude
/// (its bits and `absMask`) at or above `threshold`; the portable loop.
template <typename T>
static bool anyAtOrAbovePortable(const uint8_t *data, int64_t count,
                                 uint32_t absMask, uint32_t threshold) {
  bool any = false;
  for (int64_t i = 0; i < count; ++i) {
    any |= (load<T>(data + i * sizeof(T)) & absMask) >= threshold;
  }
  return any;
}

#if defined(__x86_64__) && defined(__GNUC__)
/// anyAtOrAbovePortable 16 f16/bf16 or 8 f32 elements at a time, stopping at
/// the first block that holds one. The magnitudes are below 2^15 (2^31), so
/// the signed compares are exact.
template <typename T>
__attribute__((target("avx2"))) static bool
anyAtOrAboveAvx2(const uint8_t *data, int64_t count, uint32_t absMask,
                 uint32_t threshold) {
  constexpr int64_t kLanes = 32 / sizeof(T);
  __m256i mask, below;
  if constexpr (sizeof(T) == 2) {
    mask = _mm256_set1_epi16(static_cast<int16_t>(absMask));
    below = _mm256_set1_epi16(static_cast<int16_t>(threshold - 1));
  } else {
    mask = _mm256_set1_epi32(static_cast<int32_t>(absMask));
    below = _mm256_set1_epi32(static_cast<int32_t>(threshold - 1));
  }
  int64_t i = 0;
  for (; i + 4 * kLanes <= count; i += 4 * kLanes) {
    __m256i found = _mm256_setzero_si256();
    for (int64_t k = 0; k < 4; ++k) {
      __m256i v =
          _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(
                               data + (i + k * kLanes) * sizeof(T))),
                           mask);
      found =
          _mm256_or_si256(found, sizeof(T) == 2 ? _mm256_cmpgt_epi16(v, below)
                                                : _mm256_cmpgt_epi32(v, below));
    }
    if (!_mm256_testz_si256(found, found)) {
      return true;
    }
  }
  return anyAtOrAbovePortable<T>(data + i * sizeof(T), count - i, absMask,
                                 threshold);
}
#endif

/// anyAtOrAbovePortable with AVX2 when the CPU has it.
template <typename T>
static bool anyAtOrAbove(const uint8_t *data, int64_t count, uint32_t absMask,
                         uint32_t threshold) {
#if defined(__x86_64__) && defined(__GNUC__)
  if (numeric::cpuHasAvx2()) {
    return anyAtOrAboveAvx2<T>(data, count, absMask, threshold);
  }
#endif
  return anyAtOrAbovePortable<T>(data, count, absMask, threshold);
}

/// True when a row of `count` elements `stride` bytes apart holds an element
/// at or above `threshold` (with the sign masked off).
template <typename T>
static bool rowHasAny(const uint8_t *row, int64_t count, int64_t stride,
                      uint32_t absMask, uint32_t threshold) {
  if (stride == static_cast<int64_t>(sizeof(T))) {
    return anyAtOrAbove<T>(row, count, absMask, threshold);
  }
  bool any = false;
  for (int64_t i = 0; i < count; ++i) {
    any |= (load<T>(row + i * stride) & absMask) >= threshold;
  }
  return any;
}

/// The number of elements of `buffer` when they tile its span exactly (each
/// byte of the span in one element: a dense tensor in some order of its
/// dims), else 0.
static int64_t getDenseCount(const FloatBuffer &buffer, int64_t elemBytes) {
  llvm::SmallVector<std::pair<int64_t, int64_t>, 4> kept;
  for (size_t d = 0; d < buffer.dims.size(); ++d) {
    if (buffer.dims[d] == 0) {
      return 0;
    }
    if (buffer.dims[d] != 1) {
      kept.push_back({buffer.strides[d], buffer.dims[d]});
    }
  }
  llvm::sort(kept);
  int64_t count = 1;
  for (auto [stride, size] : kept) {
    if (stride != count * elemBytes) {
      return 0;
    }
    count *= size;
  }
  return count;
}

/// Walks the rows of a buffer: the dims are visited from the largest stride
/// to the smallest, the last of them being the row; `fn(row, index)` gets the
/// host address of each row's first element and its logical index (the row
/// dimension at 0), and returns false to stop.
class RowWalker {
public:
  explicit RowWalker(const FloatBuffer &buffer) : buffer(buffer) {
    size_t rank = buffer.dims.size();
    order.resize(rank);
    std::iota(order.begin(), order.end(), 0);
    // Size-1 dims first (they do not matter), then by decreasing stride.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      bool unitA = buffer.dims[a] == 1, unitB = buffer.dims[b] == 1;
      if (unitA != unitB) {
        return unitA;
      }
      return buffer.strides[a] > buffer.strides[b];
    });
  }

  /// The dim of the rows (the innermost), or -1 for a rank-0 buffer.
  int64_t getRowDim() const {
    return order.empty() ? -1 : static_cast<int64_t>(order.back());
  }
  int64_t getRowLength() const {
    return order.empty() ? 1 : buffer.dims[order.back()];
  }
  int64_t getRowStride() const {
    return order.empty() ? 0 : buffer.strides[order.back()];
  }

  template <typename Fn> void walk(Fn fn) const {
    if (buffer.getNumElements() == 0) {
      return;
    }
    size_t outer = order.empty() ? 0 : order.size() - 1;
    llvm::SmallVector<int64_t, 4> index(buffer.dims.size(), 0);
    while (true) {
      int64_t offset = 0;
      for (size_t d = 0; d < index.size(); ++d) {
        offset += index[d] * buffer.strides[d];
      }
      if (!fn(buffer.data + offset, llvm::ArrayRef<int64_t>(index))) {
        return;
      }
      // The next row: an odometer over the outer dims, innermost first.
      size_t k = outer;
      while (k > 0) {
        size_t d = order[k - 1];
        if (++index[d] < buffer.dims[d]) {
          break;
        }
        index[d] = 0;
        --k;
      }
      if (k == 0) {
        return;
      }
    }
  }

private:
  const FloatBuffer &buffer;
  llvm::SmallVector<size_t, 4> order;
};

/// Calls `fn(kind, index, rowDim, position, bits)` for each element of
/// `buffer` at or above the type's threshold: `index` is the logical index of
/// its row (0 along the row dim `rowDim`, -1 for rank 0) and `position` its
/// place in the row. `fn` returns false to stop.
template <typename T, typename Fn>
static void forEachNotable(const FloatBuffer &buffer, Fn fn) {
  FloatBits info = FloatBits::get(buffer.type);
  // A dense buffer without a notable element (the common case) is one
  // check of its bytes, not a walk of its rows.
  int64_t dense = getDenseCount(buffer, sizeof(T));
  if (dense > 0 &&
      !anyAtOrAbove<T>(buffer.data, dense, info.absMask, info.threshold)) {
    return;
  }
  RowWalker walker(buffer);
  int64_t length = walker.getRowLength();
  int64_t stride = walker.getRowStride();
  walker.walk([&](const uint8_t *row, llvm::ArrayRef<int64_t> index) {
    if (!rowHasAny<T>(row, length, stride, info.absMask, info.threshold)) {
      return true;
    }
    for (int64_t i = 0; i < length; ++i) {
      uint32_t bits = load<T>(row + i * stride);
      Bits kind = info.classify(bits);
      if (kind != Bits::Finite &&
          !fn(kind, index, walker.getRowDim(), i, bits)) {
        return false;
      }
    }
    return true;
  });
}

/// Dispatches forEachNotable on the element type.
template <typename Fn>
static void forEachNotableElement(const FloatBuffer &buffer, Fn fn) {
  if (buffer.type == FloatType::F32) {
    forEachNotable<uint32_t>(buffer, fn);
  } else {
    forEachNotable<uint16_t>(buffer, fn);
  }
}

} // namespace

FloatScan scanFloats(const FloatBuffer &buffer) {
  FloatScan scan;
  bool negativeBit = false;
  forEachNotableElement(buffer, [&](Bits kind, llvm::ArrayRef<int64_t> index,
                                    int64_t rowDim, int64_t position,
                                    uint32_t bits) {
    FloatCount &count = kind == Bits::NaN   ? scan.nan
                        : kind == Bits::Inf ? scan.inf
                                            : scan.saturated;
    if (count.count++ == 0) {
      count.firstIndex.assign(index.begin(), index.end());
      if (rowDim >= 0) {
        count.firstIndex[rowDim] = position;
      }
      for (size_t d = 0; d < buffer.origin.size() && d < index.size(); ++d) {
        count.firstIndex[d] += buffer.origin[d];
      }
      negativeBit =
          buffer.type == FloatType::F32 ? (bits >> 31) != 0 : (bits >> 15) != 0;
      double magnitude =
          kind == Bits::NaN   ? std::numeric_limits<double>::quiet_NaN()
          : kind == Bits::Inf ? std::numeric_limits<double>::infinity()
                              : kMaxFiniteF16;
      count.firstValue = negativeBit ? -magnitude : magnitude;
    }
    return true;
  });
  return scan;
}

InputState classifyInput(const FloatBuffer &buffer) {
  InputState state = InputState::Clean;
  forEachNotableElement(buffer, [&](Bits kind, llvm::ArrayRef<int64_t>, int64_t,
                                    int64_t, uint32_t) {
    if (kind == Bits::Saturated) {
      state = InputState::Saturated;
      return true;
    }
    state = InputState::NonFinite;
    return false;
  });
  return state;
}

//===----------------------------------------------------------------------===//
// Findings
//===----------------------------------------------------------------------===//

/// The underflow finding's text after the buffer.
static void describeUnderflow(const NumericsFinding &finding,
                              llvm::raw_ostream &os) {
  const numeric::F16Underflow &count = finding.underflow;
  os << (count.nonzero == 1
             ? "its only nonzero result lies"
             : "all " + std::to_string(count.nonzero) + " nonzero results lie")
     << " below the normal FP16 range (the largest magnitude is "
     << llvm::format("%g", count.largest) << ", the smallest normal f16 "
     << llvm::format("%g", numeric::kMinNormalF16) << "); stored as f16, "
     << count.flushed << " became zero and " << count.subnormal
     << " subnormals of reduced precision";
}

std::string describeFinding(const NumericsFinding &finding) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << finding.buffer << " (";
  if (finding.dims.empty()) {
    os << (finding.kind == NumericsIssueKind::Underflow ? "" : "scalar ");
  } else {
    llvm::interleave(finding.dims, os, "x");
    os << " ";
  }
  os << getFloatTypeName(finding.type) << "): ";
  if (finding.kind == NumericsIssueKind::Underflow) {
    describeUnderflow(finding, os);
    return text;
  }
  os << finding.count
     << (finding.count == 1 ? " element is " : " elements are ");
  switch (finding.kind) {
  case NumericsIssueKind::NaN:
    os << "NaN although every input was finite";
    break;
  case NumericsIssueKind::Inf:
    os << "+-Inf although every input was finite";
    if (finding.type == FloatType::F16) {
      os << " (beyond the FP16 range)";
    }
    break;
  case NumericsIssueKind::Saturation:
    os << "+-65504, saturated at the largest finite f16 (no input is)";
    break;
  case NumericsIssueKind::Underflow:
    break;
  }
  os << ", the first [";
  llvm::interleaveComma(finding.firstIndex, os);
  os << "] = ";
  if (std::isnan(finding.firstValue)) {
    os << "nan";
  } else if (std::isinf(finding.firstValue)) {
    os << (finding.firstValue < 0 ? "-inf" : "inf");
  } else {
    os << llvm::format("%g", finding.firstValue);
  }
  return text;
}

const FloatBuffer *TaskNumerics::getFirstOutput(FloatType type) const {
  for (const FloatBuffer &buffer : outputs) {
    if (buffer.type == type) {
      return &buffer;
    }
  }
  return nullptr;
}

void TaskNumerics::addInput(FloatBuffer buffer) {
  inputs.push_back(std::move(buffer));
}

void TaskNumerics::addOutput(FloatBuffer buffer) {
  outputs.push_back(std::move(buffer));
}

void TaskNumerics::beforeRun() {
  inputState.reset();
  for (const FloatBuffer &input : inputs) {
    auto [inBegin, inEnd] = input.getSpan();
    bool overlaps = llvm::any_of(outputs, [&](const FloatBuffer &output) {
      auto [outBegin, outEnd] = output.getSpan();
      return inBegin < outEnd && outBegin < inEnd;
    });
    if (overlaps) {
      // The task may overwrite its inputs: classify them all now.
      getInputState();
      return;
    }
  }
}

InputState TaskNumerics::getInputState() {
  if (!inputState) {
    inputState = InputState::Clean;
    for (const FloatBuffer &input : inputs) {
      InputState state = classifyInput(input);
      if (state == InputState::NonFinite) {
        inputState = state;
        break;
      }
      if (state == InputState::Saturated) {
        inputState = state;
      }
    }
  }
  return *inputState;
}

llvm::SmallVector<NumericsFinding, 2> TaskNumerics::afterRun() {
  llvm::SmallVector<NumericsFinding, 2> findings;
  for (const FloatBuffer &output : outputs) {
    FloatScan scan = scanFloats(output);
    for (NumericsIssueKind kind :
         {NumericsIssueKind::NaN, NumericsIssueKind::Inf,
          NumericsIssueKind::Saturation}) {
      const FloatCount &count = scan.get(kind);
      if (count.count == 0) {
        continue;
      }
      InputState state = getInputState();
      if (state == InputState::NonFinite ||
          (kind == NumericsIssueKind::Saturation &&
           state == InputState::Saturated)) {
        continue;
      }
      auto *it = llvm::find_if(findings, [&](const NumericsFinding &finding) {
        return finding.kind == kind && finding.buffer == output.name;
      });
      if (it != findings.end()) {
        it->count += count.count;
        continue;
      }
      NumericsFinding finding;
      finding.kind = kind;
      finding.buffer = output.name;
      finding.type = output.type;
      llvm::ArrayRef<int64_t> dims = output.getTensorDims();
      finding.dims.assign(dims.begin(), dims.end());
      finding.count = count.count;
      finding.firstIndex = count.firstIndex;
      finding.firstValue = count.firstValue;
      findings.push_back(std::move(finding));
    }
  }
  return findings;
}

//===----------------------------------------------------------------------===//
// Underflow
//===----------------------------------------------------------------------===//

llvm::StringRef getLayerOfPiece(llvm::StringRef location) {
  while (true) {
    size_t slash = location.rfind('/');
    if (slash == llvm::StringRef::npos || slash == 0) {
      return location;
    }
    llvm::StringRef last = location.drop_front(slash + 1);
    llvm::StringRef digits = last.ltrim("abcdefghijklmnopqrstuvwxyz");
    llvm::StringRef kind = last.drop_back(digits.size());
    bool piece =
        !digits.empty() &&
        digits.find_first_not_of("0123456789") == llvm::StringRef::npos &&
        (kind == "cluster" || kind == "tile" || kind == "row" ||
         kind == "part");
    if (!piece) {
      return location;
    }
    location = location.take_front(slash);
  }
}

void RunUnderflow::add(llvm::StringRef location, uint32_t taskId,
                       const numeric::F16Underflow &count,
                       llvm::StringRef buffer, llvm::ArrayRef<int64_t> dims) {
  llvm::StringRef layer = getLayerOfPiece(location);
  // A task without a location is a layer of its own ("task N" cannot clash
  // with a location, which is quoted or has a file position).
  std::string key =
      layer.empty() ? "task " + std::to_string(taskId) : layer.str();
  auto [it, inserted] = index.try_emplace(key, layers.size());
  if (inserted) {
    Layer entry;
    entry.name = layer.str();
    entry.firstTask = taskId;
    entry.buffer = buffer.str();
    entry.dims.assign(dims.begin(), dims.end());
    layers.push_back(std::move(entry));
  }
  Layer &entry = layers[it->second];
  entry.tasks += 1;
  entry.count.merge(count);
}

std::optional<RunUnderflow::Finding> RunUnderflow::getFinding() const {
  std::optional<Finding> result;
  for (const Layer &layer : layers) {
    if (!layer.count.isTotal()) {
      continue;
    }
    if (result) {
      result->laterLayers.push_back(
          layer.name.empty() ? "task " + std::to_string(layer.firstTask)
                             : layer.name);
      continue;
    }
    result.emplace();
    result->firstTask = layer.firstTask;
    result->tasks = layer.tasks;
    result->layer = layer.name;
    NumericsFinding &finding = result->finding;
    finding.kind = NumericsIssueKind::Underflow;
    finding.buffer = layer.buffer;
    finding.type = FloatType::F16;
    finding.dims = layer.dims;
    finding.count = layer.count.flushed + layer.count.subnormal;
    finding.firstValue = layer.count.largest;
    finding.underflow = layer.count;
  }
  return result;
}

} // namespace mlir::vpuc::emu
