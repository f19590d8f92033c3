//===- ConstantEvaluation.cpp - Import-time evaluation of shape subgraphs -*-
// C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ConstantEvaluation.h"

#include <cmath>
#include <limits>
#include <optional>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/interpreter/HostConstant.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::onnx_frontend {

/// The memoised outcome of one value.
struct ConstantEvaluator::Entry {
  /// False when the value cannot be evaluated; `reason` says why.
  bool evaluable = false;
  std::string reason;
  /// For a value that cannot be evaluated: the block arguments it depends on
  /// through evaluable ops (getBlockingArguments), without duplicates.
  SmallVector<BlockArgument, 1> arguments;
  IE::HostTensor tensor;
  /// The exact values of integer constants and shapes (the float tensor rounds
  /// beyond 2^24).
  std::optional<SmallVector<int64_t>> exactInts;
};

ConstantEvaluator::ConstantEvaluator(int64_t maxElements, int64_t memoBudget)
    : maxElements(maxElements), memoBudget(memoBudget) {}

ConstantEvaluator::~ConstantEvaluator() = default;

void ConstantEvaluator::clear() {
  memo.clear();
  memoElements = 0;
}

const ConstantEvaluator::Entry *ConstantEvaluator::find(Value value) const {
  auto it = memo.find(value);
  return it == memo.end() ? nullptr : it->second.get();
}

void ConstantEvaluator::remember(Value value, std::unique_ptr<Entry> entry) {
  memoElements += static_cast<int64_t>(entry->tensor.data.size());
  memo[value] = std::move(entry);
}

std::unique_ptr<ConstantEvaluator::Entry>
ConstantEvaluator::notEvaluable(std::string reason) {
  auto entry = std::make_unique<Entry>();
  entry->reason = std::move(reason);
  return entry;
}

/// A description of `op` for reasons: `'IE.Relu' at loc("name")`.
static std::string describeOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (auto nameLoc = llvm::dyn_cast<NameLoc>(op->getLoc())) {
    os << " ('" << nameLoc.getName().getValue() << "')";
  }
  return text;
}

FailureOr<const ConstantEvaluator::Entry *>
ConstantEvaluator::evaluateOne(Value value, Status &status) {
  auto store = [&](std::unique_ptr<Entry> entry) -> FailureOr<const Entry *> {
    const Entry *result = entry.get();
    remember(value, std::move(entry));
    return result;
  };
  if (auto argument = llvm::dyn_cast<BlockArgument>(value)) {
    std::unique_ptr<Entry> entry =
        notEvaluable("it depends on graph input #" +
                     std::to_string(argument.getArgNumber()));
    entry->arguments.push_back(argument);
    return store(std::move(entry));
  }
  Operation *op = value.getDefiningOp();
  // Checks that `result` of `op` has a static shape within the size limit.
  auto checkSize = [&](Value result) -> std::optional<std::string> {
    auto type = llvm::dyn_cast<RankedTensorType>(result.getType());
    if (!type || !type.hasStaticShape()) {
      return "it depends on a result of " + describeOp(op) +
             " without a static shape";
    }
    if (type.getNumElements() > maxElements) {
      return "it depends on a result of " + describeOp(op) + " with " +
             std::to_string(type.getNumElements()) +
             " elements, more than the import-time evaluation limit of " +
             std::to_string(maxElements);
    }
    return std::nullopt;
  };

  auto entry = std::make_unique<Entry>();
  entry->evaluable = true;
  if (auto declare = llvm::dyn_cast<Const::DeclareOp>(op)) {
    if (std::optional<std::string> reason = checkSize(value)) {
      return store(notEvaluable(std::move(*reason)));
    }
    FailureOr<IE::HostTensor> tensor = IE::readHostConstant(declare);
    if (failed(tensor)) {
      status = Status::Error;
      return failure();
    }
    entry->tensor = std::move(*tensor);
    auto type = llvm::cast<RankedTensorType>(value.getType());
    if (llvm::isa<IntegerType>(type.getElementType()) && !type.getEncoding()) {
      Const::Content content = declare.getContent().fold();
      SmallVector<int64_t> ints;
      for (int64_t i = 0, e = content.getNumElements(); i < e; ++i) {
        ints.push_back(content.getInt(i));
      }
      entry->exactInts = std::move(ints);
    }
    return store(std::move(entry));
  }
  if (auto shapeOf = llvm::dyn_cast<IE::ShapeOfOp>(op)) {
    auto inputType = llvm::cast<RankedTensorType>(shapeOf.getInput().getType());
    if (!inputType.hasStaticShape()) {
      return store(notEvaluable(
          "it depends on the shape of a tensor with a dynamic shape"));
    }
    ArrayRef<int64_t> dims = inputType.getShape();
    entry->tensor =
        IE::HostTensor({static_cast<int64_t>(dims.size())},
                       std::vector<float>(dims.begin(), dims.end()));
    entry->exactInts = SmallVector<int64_t>(dims.begin(), dims.end());
    return store(std::move(entry));
  }
  auto inference = llvm::dyn_cast<IE::InferenceOpInterface>(op);
  if (!inference) {
    return store(notEvaluable("it depends on " + describeOp(op) +
                              ", which cannot be evaluated at import time"));
  }
  SmallVector<IE::HostTensor, 4> inputs;
  const Entry *blocked = nullptr;
  SmallVector<BlockArgument, 1> arguments;
  for (Value operand : op->getOperands()) {
    const Entry *operandEntry = find(operand);
    assert(operandEntry && "operands are evaluated first");
    if (!operandEntry->evaluable) {
      blocked = blocked ? blocked : operandEntry;
      for (BlockArgument argument : operandEntry->arguments) {
        if (!llvm::is_contained(arguments, argument)) {
          arguments.push_back(argument);
        }
      }
      continue;
    }
    if (!blocked) {
      inputs.push_back(operandEntry->tensor);
    }
  }
  if (blocked) {
    std::unique_ptr<Entry> entry = notEvaluable(blocked->reason);
    entry->arguments = std::move(arguments);
    return store(std::move(entry));
  }
  for (Value result : op->getResults()) {
    if (std::optional<std::string> reason = checkSize(result)) {
      return store(notEvaluable(std::move(*reason)));
    }
  }
  SmallVector<IE::HostTensor, 2> outputs;
  if (failed(inference.inferOnCPU(inputs, outputs))) {
    status = Status::Error;
    return failure();
  }
  assert(outputs.size() == op->getNumResults() && "one host tensor per result");
  const Entry *result = nullptr;
  for (auto [opResult, output] : llvm::zip(op->getResults(), outputs)) {
    auto resultEntry = std::make_unique<Entry>();
    resultEntry->evaluable = true;
    resultEntry->tensor = std::move(output);
    if (opResult == value) {
      result = resultEntry.get();
    }
    remember(opResult, std::move(resultEntry));
  }
  return result;
}

const ConstantEvaluator::Entry *
ConstantEvaluator::evaluate(Value value, Status &status, std::string &reason) {
  if (memoElements > memoBudget) {
    clear();
  }
  // Iterative post-order walk: a value is evaluated once all the operands of
  // its defining op are memoised.
  struct Item {
    Value value;
    bool expanded;
  };
  SmallVector<Item, 16> stack{{value, false}};
  while (!stack.empty()) {
    Item item = stack.back();
    if (find(item.value)) {
      stack.pop_back();
      continue;
    }
    Operation *op = item.value.getDefiningOp();
    bool isLeaf = !op || llvm::isa<Const::DeclareOp, IE::ShapeOfOp>(op) ||
                  !llvm::isa<IE::InferenceOpInterface>(op);
    if (!item.expanded && !isLeaf) {
      stack.back().expanded = true;
      for (Value operand : op->getOperands()) {
        if (!find(operand)) {
          stack.push_back({operand, false});
        }
      }
      continue;
    }
    stack.pop_back();
    status = Status::Evaluated;
    if (failed(evaluateOne(item.value, status))) {
      return nullptr;
    }
  }
  const Entry *entry = find(value);
  if (!entry->evaluable) {
    status = Status::NotEvaluable;
    reason = entry->reason;
    return nullptr;
  }
  status = Status::Evaluated;
  return entry;
}

SmallVector<BlockArgument>
ConstantEvaluator::getBlockingArguments(Value value) const {
  const Entry *entry = find(value);
  if (!entry || entry->evaluable) {
    return {};
  }
  return SmallVector<BlockArgument>(entry->arguments.begin(),
                                    entry->arguments.end());
}

ConstantEvaluator::Status
ConstantEvaluator::getInts(Value value, SmallVectorImpl<int64_t> &values,
                           std::string &reason) {
  Status status = Status::Evaluated;
  const Entry *entry = evaluate(value, status, reason);
  if (!entry) {
    return status;
  }
  values.clear();
  if (entry->exactInts) {
    values.append(entry->exactInts->begin(), entry->exactInts->end());
    return Status::Evaluated;
  }
  constexpr double kLimit = 0x1p63;
  for (float element : entry->tensor.data) {
    double number = element;
    if (!std::isfinite(number) || std::trunc(number) != number) {
      std::string text;
      llvm::raw_string_ostream(text) << llvm::format("%g", number);
      reason = "it evaluates to the non-integer value " + text;
      return Status::NotEvaluable;
    }
    if (number >= kLimit) {
      values.push_back(std::numeric_limits<int64_t>::max());
    } else if (number <= -kLimit) {
      values.push_back(std::numeric_limits<int64_t>::min());
    } else {
      values.push_back(static_cast<int64_t>(number));
    }
  }
  return Status::Evaluated;
}

ConstantEvaluator::Status
ConstantEvaluator::getFloats(Value value, SmallVectorImpl<double> &values,
                             std::string &reason) {
  Status status = Status::Evaluated;
  const Entry *entry = evaluate(value, status, reason);
  if (!entry) {
    return status;
  }
  values.clear();
  if (entry->exactInts) {
    for (int64_t element : *entry->exactInts) {
      values.push_back(static_cast<double>(element));
    }
    return Status::Evaluated;
  }
  values.append(entry->tensor.data.begin(), entry->tensor.data.end());
  return Status::Evaluated;
}

} // namespace mlir::vpuc::onnx_frontend
