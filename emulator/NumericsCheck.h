//===- NumericsCheck.h - NaN, Inf and FP16 saturation of tasks --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The numerics check of the emulator (docs/blob_and_emulator.md, "Numerics"):
// after a compute task (an NCE cluster task or a software layer) runs, its
// floating-point outputs are scanned once, and the task is reported when
//
//  - an output holds NaN or +-Inf while every floating-point input of the
//    task was finite (the task made them: an overflow of the output type, an
//    invalid operation such as 0 * Inf or sqrt(-1), a division by zero), or
//  - an f16 output holds elements of magnitude 65504, the largest finite
//    f16, while no f16 input holds one: the result was rounded or clamped to
//    the top of the range (it lay in [65504, 65520) before the rounding, or
//    a clamp bounded it there) -- the FP16 saturation of the task.
//
// The inputs are the condition, so a NaN or a saturated value that flows
// from one layer to the next is reported once, at the task that made it;
// integer tensors have no NaN or Inf and are neither scanned nor conditions.
//
// Cost. The outputs are scanned in one pass (a branch-free test per element
// on the raw bits, the slow path only for a row that holds a finding). The
// inputs are scanned only when an output has a finding, after the task ran;
// only the inputs an output overlaps (an in-place task) are scanned before
// it, since the task overwrites them. A scan of the inputs stops at their
// first non-finite element.
//
// Underflow. An FP16 store rounds a result below the normal f16 range
// (2^-14, about 6.1e-5) to a subnormal or to zero, so a layer whose every
// nonzero result lies there has lost its output (a network whose values
// shrink from layer to layer, as with untrained weights, computes zeros). The
// emulator counts the FP32 results and the f16 bits stored
// (numeric::F16Underflow) of every task that stores f16 results -- NCE tasks
// with an F16 input, and the f16 stores of SHAVE kernels -- and adds them up
// by layer (RunUnderflow). At the end of the run, the first layer, in the
// order of execution, all of whose nonzero results lie below the normal range
// is the finding; the later such layers (usually the ones downstream of it)
// are counted and named in it, so it is reported once. Counting costs a few
// vector operations per stored element, on the results the store converts
// anyway.
//
// This file holds the scans and the per-task logic on plain host buffers, so
// that they can be tested without a blob; Execution.cpp feeds it the tensors
// of each task.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_NUMERICSCHECK_H_
#define VPUC_EMULATOR_NUMERICSCHECK_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/numeric/Float16.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::emu {

/// Whether and how the emulator checks the numerics of tasks: not at all,
/// findings as warnings of the run (RunReport::warnings), or as problems
/// (RunReport::problems, which fail `vpuc run`).
enum class NumericsMode { Off, Warn, Error };

/// The floating-point element types the check reads.
enum class FloatType { F16, BF16, F32 };

/// "f16", "bf16", "f32".
const char *getFloatTypeName(FloatType type);

/// The largest finite f16, 65504: an f16 output element of this magnitude
/// counts as saturated (see the file comment).
inline constexpr double kMaxFiniteF16 = 65504.0;

/// A strided tensor of floats in host memory: element (i0, ..., iN-1), in
/// logical order, is at `data + sum(i_d * strides[d])` (strides in bytes,
/// non-negative; 0 broadcasts).
struct FloatBuffer {
  const uint8_t *data = nullptr;
  FloatType type = FloatType::F16;
  /// Logical dims and byte strides (same rank).
  llvm::SmallVector<int64_t, 4> dims;
  llvm::SmallVector<int64_t, 4> strides;
  /// Where element 0 lies in the tensor the buffer is a part of (e.g. the
  /// box of an NCE variant), and that tensor's dims; empty: the buffer is the
  /// whole tensor. Findings give indices in the tensor.
  llvm::SmallVector<int64_t, 4> origin;
  llvm::SmallVector<int64_t, 4> tensorDims;
  /// What reports call it: "output", "kernel 'add' argument 2". The parts of
  /// one tensor share a name.
  std::string name;

  /// The element count (0 for an empty buffer).
  int64_t getNumElements() const;
  /// The host bytes [begin, end) the elements span (begin == end when empty).
  std::pair<const uint8_t *, const uint8_t *> getSpan() const;
  /// The dims of the whole tensor (tensorDims, or dims).
  llvm::ArrayRef<int64_t> getTensorDims() const {
    return tensorDims.empty() ? llvm::ArrayRef<int64_t>(dims) : tensorDims;
  }
};

/// The kinds of findings.
enum class NumericsIssueKind {
  /// NaN from finite inputs.
  NaN,
  /// +-Inf from finite inputs.
  Inf,
  /// f16 elements at +-65504 from inputs without one.
  Saturation,
  /// Every nonzero result of a layer below the normal f16 range (see the
  /// file comment).
  Underflow,
};

/// "NaN", "Inf", "saturation".
const char *getNumericsIssueKindName(NumericsIssueKind kind);

/// Elements of one kind in a buffer: how many, and the first (in the
/// buffer's memory order: rows of its innermost dimension) with its value.
struct FloatCount {
  uint64_t count = 0;
  /// The first element's index in the tensor (origin included).
  llvm::SmallVector<int64_t, 4> firstIndex;
  double firstValue = 0;
};

/// What one scan of a buffer found.
struct FloatScan {
  FloatCount nan, inf, saturated;

  bool isFinite() const { return nan.count == 0 && inf.count == 0; }
  /// The count of `kind`.
  const FloatCount &get(NumericsIssueKind kind) const;
};

/// Scans every element of `buffer`: NaNs, +-Infs and (f16 only) elements of
/// magnitude 65504.
FloatScan scanFloats(const FloatBuffer &buffer);

/// What the inputs of a task hold, as a condition of its findings.
enum class InputState {
  /// Every element finite, no f16 one at +-65504.
  Clean,
  /// Finite, but an f16 element is at +-65504.
  Saturated,
  /// A NaN or an Inf.
  NonFinite,
};

/// The state of `buffer`; stops at the first non-finite element.
InputState classifyInput(const FloatBuffer &buffer);

/// A finding of a task: an output tensor (its buffers merged by name) holds
/// `count` elements of `kind`, which its inputs do not explain.
struct NumericsFinding {
  NumericsIssueKind kind = NumericsIssueKind::NaN;
  /// FloatBuffer::name of the output, its type and tensor dims.
  std::string buffer;
  FloatType type = FloatType::F16;
  llvm::SmallVector<int64_t, 4> dims;
  uint64_t count = 0;
  /// The first element (in the order the buffers were added), in the tensor.
  llvm::SmallVector<int64_t, 4> firstIndex;
  double firstValue = 0;
  /// Underflow: the layer's counts (`count` is flushed + subnormal, there is
  /// no first element).
  numeric::F16Underflow underflow;
};

/// "output (1x16x8x8 f16): 3 elements are +-Inf although every input was
/// finite, the first [0, 1, 2, 3] = inf".
std::string describeFinding(const NumericsFinding &finding);

/// The numerics check of one task: its floating-point inputs and outputs are
/// added, beforeRun() is called just before the task runs and afterRun()
/// after (see the file comment).
class TaskNumerics {
public:
  /// A floating-point tensor (or part of one) the task reads.
  void addInput(FloatBuffer buffer);
  /// A floating-point tensor (or part of one) the task writes.
  void addOutput(FloatBuffer buffer);
  /// True when the task writes no floating-point buffer (nothing to check).
  bool hasNoOutputs() const { return outputs.empty(); }
  /// The first output buffer of `type` added, if any.
  const FloatBuffer *getFirstOutput(FloatType type) const;

  /// Classifies the inputs an output overlaps, before the task overwrites
  /// them.
  void beforeRun();
  /// Scans the outputs and returns the findings, one per output name and
  /// kind, in the order the outputs were added.
  llvm::SmallVector<NumericsFinding, 2> afterRun();

private:
  /// The state of the inputs: from beforeRun() when it saw an overlap,
  /// otherwise computed (once) when afterRun() needs it.
  InputState getInputState();

  llvm::SmallVector<FloatBuffer, 4> inputs, outputs;
  std::optional<InputState> inputState;
};

/// The layer a piece of a split layer belongs to: `location` without its
/// trailing piece names, which the passes that split layers append
/// ("/cluster<i>", "/tile<i>" and "/row<i>" of vpu/utils/TileUtils.h'
/// rewriteIntoTiles, "/row<i>" and "/part<i>" of vpuc-vpu-split-sw-layers):
/// "conv1/cluster0/tile2" -> "conv1".
llvm::StringRef getLayerOfPiece(llvm::StringRef location);

/// The underflow check of a run (see the file comment): the counts of the
/// tasks, added up by layer (the pieces of a split layer are one layer).
class RunUnderflow {
public:
  /// Adds task `taskId`'s count. Tasks whose locations have the same
  /// nonempty getLayerOfPiece() are one layer, named by it; a task without a
  /// location is a layer of its own.
  /// `buffer` and `dims` name what the layer's first task wrote ("output",
  /// "kernel 'add' argument 2"; dims may be empty).
  void add(llvm::StringRef location, uint32_t taskId,
           const numeric::F16Underflow &count, llvm::StringRef buffer,
           llvm::ArrayRef<int64_t> dims);

  /// The finding of a run.
  struct Finding {
    /// The first layer that lost its output: its first task, its task count
    /// and its name (may be empty).
    uint32_t firstTask = 0;
    uint32_t tasks = 0;
    std::string layer;
    NumericsFinding finding;
    /// The later layers that lost theirs, in the order of execution (a name
    /// or, for a layer without one, "task N").
    std::vector<std::string> laterLayers;
  };
  /// The finding, if a layer lost its output.
  std::optional<Finding> getFinding() const;

private:
  struct Layer {
    std::string name;
    uint32_t firstTask = 0;
    uint32_t tasks = 0;
    std::string buffer;
    llvm::SmallVector<int64_t, 4> dims;
    numeric::F16Underflow count;
  };
  /// In the order of their first tasks.
  std::vector<Layer> layers;
  std::map<std::string, size_t, std::less<>> index;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_NUMERICSCHECK_H_
