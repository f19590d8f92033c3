//===- ConstantEvaluation.h - Import-time evaluation of shape subgraphs -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Real models compute the parameters of Reshape, Slice, Pad, ... from the
// shapes of their tensors: Shape -> Gather -> Mul/Div/Add -> Unsqueeze ->
// Concat -> Reshape. The importer maps those nodes to IE ops like any other
// and, when an op needs such a value as a static attribute, evaluates it here
// on the host through the IE reference kernels (IE_InferenceOpInterface). The
// ops are left without uses and are erased after the import.
//
// A value is evaluable if it is
//   * a `const.Declare`,
//   * an `IE.ShapeOf` of a tensor with a static shape, or
//   * a result of an op implementing IE::InferenceOpInterface whose operands
//   are all
//     evaluable,
// and no tensor on the way has more elements than the evaluator's limit.
// Results are memoised; values read from integer constants are exact, values
// computed by the kernels are float32 (exact integers up to 2^24, see
// HostTensor.h).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_CONSTANTEVALUATION_H_
#define VPUC_FRONTEND_ONNX_CONSTANTEVALUATION_H_

#include <cstdint>
#include <memory>
#include <string>

#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::onnx_frontend {

/// Evaluates values computed from constants and static shapes. One per import.
class ConstantEvaluator {
public:
  /// The default limit on the number of elements of any tensor evaluated.
  static constexpr int64_t kDefaultMaxElements = int64_t(1) << 16;
  /// The default limit on the total number of elements memoised (the memo is
  /// dropped when it would grow beyond it).
  static constexpr int64_t kDefaultMemoBudget = int64_t(1) << 22;

  explicit ConstantEvaluator(int64_t maxElements = kDefaultMaxElements,
                             int64_t memoBudget = kDefaultMemoBudget);
  ~ConstantEvaluator();
  ConstantEvaluator(const ConstantEvaluator &) = delete;
  ConstantEvaluator &operator=(const ConstantEvaluator &) = delete;

  /// How an evaluation ended.
  enum class Status {
    /// The values are available.
    Evaluated,
    /// The value is not computable at import time; `reason` says why. Nothing
    /// was emitted.
    NotEvaluable,
    /// A kernel failed on the actual values and emitted an error on its op.
    Error,
  };

  /// The values of `value` (any element type) as int64 in logical row-major
  /// order. Floats must be integral; magnitudes from 2^63 saturate to the int64
  /// limits.
  Status getInts(Value value, llvm::SmallVectorImpl<int64_t> &values,
                 std::string &reason);
  /// The values of `value` as doubles in logical row-major order.
  Status getFloats(Value value, llvm::SmallVectorImpl<double> &values,
                   std::string &reason);

  /// The block arguments (graph inputs) whose values would make `value`, found
  /// not evaluable by the last getInts/getFloats, evaluable: those it reaches
  /// through ops the evaluator could run. Empty when it reaches none (or was
  /// not evaluated).
  llvm::SmallVector<BlockArgument> getBlockingArguments(Value value) const;

  /// Forgets every memoised value (call before the IR it refers to is erased).
  void clear();

  /// The number of values memoised (for tests).
  size_t getNumMemoised() const { return memo.size(); }

private:
  struct Entry;
  /// An entry for a value that cannot be evaluated, for `reason`.
  static std::unique_ptr<Entry> notEvaluable(std::string reason);
  /// Evaluates `value` and everything it depends on (iteratively); returns its
  /// entry, or null with `status`/`reason` set.
  const Entry *evaluate(Value value, Status &status, std::string &reason);
  /// Evaluates one value whose operands are all memoised and memoises it; fails
  /// (with `status` = Error) when a kernel fails.
  FailureOr<const Entry *> evaluateOne(Value value, Status &status);
  /// The memoised entry of `value`, or null.
  const Entry *find(Value value) const;
  void remember(Value value, std::unique_ptr<Entry> entry);

  int64_t maxElements;
  int64_t memoBudget;
  int64_t memoElements = 0;
  llvm::DenseMap<Value, std::unique_ptr<Entry>> memo;
};

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_CONSTANTEVALUATION_H_
