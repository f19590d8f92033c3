//===- Interpreter.cpp - The IE reference interpreter -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The run walks the entry block once. Before it, the last user of every value
// is recorded; an operand whose last user is the op about to run is moved into
// the op's input list rather than copied, and every value is dropped right
// after its last user ran (results nobody uses right after the callback saw
// them). With a callback, the outputs of each layer are found first as well:
// a compiled network names the ops a pass adds around a layer (reshapes,
// conversions, padding) after the layer, so a layer is the ops of one name and
// its outputs are the results they pass to other layers.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/Interpreter.h"

#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/interpreter/HostConstant.h"
#include "dialects/ie/interpreter/LayerOutputs.h"
#include "dialects/ie/ir/HostElementType.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/utils/Rounding.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

namespace {

/// True if `actual` (static) has the rank of `expected` and its static dims.
bool matchesShape(ArrayRef<int64_t> actual, ArrayRef<int64_t> expected) {
  if (actual.size() != expected.size()) {
    return false;
  }
  for (auto [a, e] : llvm::zip(actual, expected)) {
    if (!ShapedType::isDynamic(e) && a != e) {
      return false;
    }
  }
  return true;
}

/// Emits an error on the first op of `func` the interpreter cannot run (one
/// that does not implement the inference interface), naming its layer and,
/// for an op of a dialect below the IE level (VPUIP, VPURT, memref, ...),
/// that dialect.
LogicalResult checkInterpretable(func::FuncOp func) {
  size_t position = 0;
  for (Operation &op : func.getBody().front()) {
    if (!isLayerFreeOp(op) && !llvm::isa<InferenceOpInterface>(op)) {
      InFlightDiagnostic diag =
          op.emitOpError() << "cannot be interpreted: it does not implement "
                              "the IE inference interface";
      SmallVector<StringRef, 2> names;
      collectLocationNames(op.getLoc(), names);
      if (!names.empty()) {
        diag << " (layer '" << getLayerName(&op, position) << "')";
      }
      diag << "; only IE-level IR runs (IE and const ops, and VPU ops on "
              "tensors)";
      StringRef dialect = op.getName().getDialectNamespace();
      if (!llvm::is_contained({"IE", "VPU", "const", "func", "builtin"},
                              dialect)) {
        diag << ", not " << dialect << " IR";
      }
      return failure();
    }
    ++position;
  }
  return success();
}

/// Describes one argument or result of `func` for the user.
FailureOr<NetworkTensorInfo> describe(func::FuncOp func, Type type,
                                      StringRef what, size_t index,
                                      DataInfoOp info) {
  auto tensorType = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensorType) {
    return func.emitError()
           << "cannot interpret @" << func.getSymName() << ": " << what << " #"
           << index << " has type " << type << ", expected a ranked tensor";
  }
  NetworkTensorInfo result;
  result.name =
      info ? info.getName().str()
           : (what == "argument" ? "arg" : "result") + std::to_string(index);
  result.shape.assign(tensorType.getShape().begin(),
                      tensorType.getShape().end());
  result.elementType = tensorType.getElementType();
  result.precision = info ? info.getPrecision() : result.elementType;
  result.layout = shape::DimsOrder::getDefaultOrder(tensorType.getRank());
  if (info) {
    if (std::optional<AffineMap> layout = info.getLayout()) {
      FailureOr<shape::DimsOrder> order =
          shape::DimsOrder::fromAffineMap(*layout);
      if (failed(order)) {
        return info.emitError()
               << "cannot interpret the layout " << AffineMapAttr::get(*layout)
               << " of '" << info.getName() << "' as a dims order";
      }
      result.layout = *order;
    }
  }
  return result;
}

/// Checks that `tensor`, computed for result `index` of `op`, agrees with the
/// result's type.
LogicalResult checkResult(Operation *op, unsigned index,
                          const HostTensor &tensor) {
  auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(index).getType());
  if (!type) {
    return op->emitOpError() << "result #" << index << " has type "
                             << op->getResult(index).getType()
                             << ", which the interpreter cannot hold";
  }
  if (!tensor.isConsistent()) {
    return op->emitOpError()
           << "inference produced result #" << index << " with "
           << tensor.data.size() << " values for the shape "
           << formatShape(tensor.shape);
  }
  if (!matchesShape(tensor.shape, type.getShape())) {
    return op->emitOpError()
           << "inference produced result #" << index << " of shape "
           << formatShape(tensor.shape) << ", but its type is " << type;
  }
  return success();
}

} // namespace

FailureOr<Interpreter> Interpreter::create(ModuleOp module,
                                           StringRef entryPoint) {
  SmallVector<CNNNetworkOp, 1> networks(module.getOps<CNNNetworkOp>());
  if (networks.size() > 1) {
    return networks[1].emitError() << "cannot interpret a module with "
                                   << networks.size() << " IE.CNNNetwork ops";
  }
  CNNNetworkOp network = networks.empty() ? CNNNetworkOp() : networks.front();
  func::FuncOp func;
  if (!entryPoint.empty()) {
    func = module.lookupSymbol<func::FuncOp>(entryPoint);
    if (!func) {
      return module.emitError()
             << "no func.func named @" << entryPoint << " to interpret";
    }
  } else if (network) {
    func = module.lookupSymbol<func::FuncOp>(network.getEntryPointAttr());
    if (!func) {
      return network.emitError()
             << "the entry point @" << network.getEntryPoint()
             << " is not a func.func";
    }
  } else {
    // Declarations cannot be run, so only functions with a body are candidates.
    SmallVector<func::FuncOp, 2> funcs;
    for (func::FuncOp candidate : module.getOps<func::FuncOp>()) {
      if (!candidate.isExternal()) {
        funcs.push_back(candidate);
      }
    }
    if (funcs.size() != 1) {
      return module.emitError()
             << "cannot tell which function to interpret: the module has no "
                "IE.CNNNetwork and "
             << funcs.size()
             << " func.func ops with a body; name the entry function";
    }
    func = funcs.front();
  }
  if (func.isExternal()) {
    return func.emitError()
           << "cannot interpret @" << func.getSymName() << ": it has no body";
  }
  if (!llvm::hasSingleElement(func.getBody())) {
    return func.emitError() << "cannot interpret @" << func.getSymName()
                            << ": it has more than one block";
  }
  // The ops first: IR of a later stage (buffers, runtime tasks) is told by
  // its first op rather than by its memref signature.
  if (failed(checkInterpretable(func))) {
    return failure();
  }
  // The network description describes the signature of its own entry point
  // only.
  const bool described =
      network && network.getEntryPoint() == func.getSymName();
  SmallVector<DataInfoOp, 4> inputInfos, outputInfos;
  if (described) {
    inputInfos = network.getInputsDataInfo();
    outputInfos = network.getOutputsDataInfo();
  }
  Interpreter interpreter(func);
  FunctionType type = func.getFunctionType();
  for (auto [index, argType] : llvm::enumerate(type.getInputs())) {
    FailureOr<NetworkTensorInfo> info =
        describe(func, argType, "argument", index,
                 described ? inputInfos[index] : DataInfoOp());
    if (failed(info)) {
      return failure();
    }
    interpreter.inputs.push_back(std::move(*info));
  }
  for (auto [index, resultType] : llvm::enumerate(type.getResults())) {
    FailureOr<NetworkTensorInfo> info =
        describe(func, resultType, "result", index,
                 described ? outputInfos[index] : DataInfoOp());
    if (failed(info)) {
      return failure();
    }
    interpreter.outputs.push_back(std::move(*info));
  }
  return interpreter;
}

func::FuncOp Interpreter::getFunction() const {
  return llvm::cast<func::FuncOp>(function);
}

std::string Interpreter::getLayerName(Operation *op) {
  size_t position = 0;
  if (Block *block = op->getBlock()) {
    for (Operation &other : *block) {
      if (&other == op) {
        break;
      }
      ++position;
    }
  }
  return IE::getLayerName(op, position);
}

FailureOr<HostTensorMap> Interpreter::run(const HostTensorMap &given,
                                          LayerCallback callback) const {
  func::FuncOp func = getFunction();
  auto inputNames = [&] {
    std::string names;
    for (const NetworkTensorInfo &info : inputs) {
      names += (names.empty() ? "'" : ", '") + info.name + "'";
    }
    return names.empty() ? std::string("none") : names;
  };
  for (const auto &entry : given) {
    if (!llvm::any_of(inputs, [&](const NetworkTensorInfo &info) {
          return info.name == entry.first;
        })) {
      return func.emitError()
             << "unknown input '" << entry.first
             << "'; the network's inputs are: " << inputNames();
    }
  }

  Block &body = func.getBody().front();
  llvm::DenseMap<Value, HostTensor> values;
  for (auto [info, argument] : llvm::zip(inputs, body.getArguments())) {
    auto it = given.find(info.name);
    if (it == given.end()) {
      return func.emitError() << "missing input '" << info.name << "' of shape "
                              << formatShape(info.shape);
    }
    const HostTensor &tensor = it->second;
    if (!tensor.isConsistent()) {
      return func.emitError()
             << "input '" << info.name << "' holds " << tensor.data.size()
             << " values for the shape " << formatShape(tensor.shape);
    }
    if (!matchesShape(tensor.shape, info.shape)) {
      return func.emitError()
             << "input '" << info.name << "' has shape "
             << formatShape(tensor.shape) << " but the network expects "
             << formatShape(info.shape);
    }
    HostTensor value = tensor;
    roundInPlace(value.data, getHostElementType(info.elementType));
    values[argument] = std::move(value);
  }

  // The last op that reads each value.
  llvm::DenseMap<Value, Operation *> lastUser;
  for (Operation &op : body) {
    for (Value operand : op.getOperands()) {
      lastUser[operand] = &op;
    }
  }

  // The outputs of the layers, by value: the results of a layer's ops that
  // are read outside it (or by no op at all), named `<layer>`, then
  // `<layer>:1`, ... in execution order. A layer fused into another has none.
  llvm::DenseMap<Value, std::string> layerOutputs;
  if (callback) {
    for (LayerOutput &output : collectLayerOutputs(body)) {
      layerOutputs[output.value] = std::move(output.name);
    }
  }

  for (Operation &op : body) {
    if (auto ret = llvm::dyn_cast<func::ReturnOp>(op)) {
      HostTensorMap results;
      for (auto [index, operand] : llvm::enumerate(ret.getOperands())) {
        auto it = values.find(operand);
        if (it == values.end()) {
          return ret.emitOpError() << "returns operand #" << index
                                   << ", which no preceding op computed";
        }
        const bool reusedLater = llvm::is_contained(
            ret.getOperands().drop_front(index + 1), operand);
        results.insert({outputs[index].name,
                        reusedLater ? it->second : std::move(it->second)});
      }
      return results;
    }

    SmallVector<HostTensor, 1> results;
    if (auto declare = llvm::dyn_cast<Const::DeclareOp>(op)) {
      FailureOr<HostTensor> constant = readHostConstant(declare);
      if (failed(constant)) {
        return failure();
      }
      results.push_back(std::move(*constant));
    } else {
      // create() checked the ops; the module may have changed since.
      auto inference = llvm::dyn_cast<InferenceOpInterface>(op);
      if (!inference) {
        return op.emitOpError()
               << "cannot be interpreted: it does not implement the IE "
                  "inference interface";
      }
      SmallVector<HostTensor, 4> operands;
      operands.reserve(op.getNumOperands());
      for (auto [index, operand] : llvm::enumerate(op.getOperands())) {
        auto it = values.find(operand);
        if (it == values.end()) {
          return op.emitOpError()
                 << "reads operand #" << index
                 << ", which no preceding op of the function computed";
        }
        // Moved when no later op and no later operand of this op reads it.
        const bool last = lastUser.lookup(operand) == &op &&
                          !llvm::is_contained(
                              op.getOperands().drop_front(index + 1), operand);
        operands.push_back(last ? std::move(it->second) : it->second);
      }
      if (failed(inference.inferOnCPU(operands, results))) {
        return failure();
      }
      if (results.size() != op.getNumResults()) {
        return op.emitOpError()
               << "inference produced " << results.size() << " tensors for "
               << op.getNumResults() << " results";
      }
    }

    for (auto [index, result] : llvm::enumerate(op.getResults())) {
      if (failed(checkResult(&op, index, results[index]))) {
        return failure();
      }
      if (auto output = layerOutputs.find(result);
          output != layerOutputs.end()) {
        if (failed(callback(output->second, result, results[index]))) {
          return failure();
        }
      }
      if (!result.use_empty()) {
        values[result] = std::move(results[index]);
      }
    }
    for (Value operand : op.getOperands()) {
      if (lastUser.lookup(operand) == &op) {
        values.erase(operand);
      }
    }
  }
  return func.emitError() << "@" << func.getSymName()
                          << " ends without func.return";
}

std::string formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty()) {
    return "scalar";
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim)) {
          os << "?";
        } else {
          os << dim;
        }
      },
      "x");
  return text;
}

} // namespace mlir::vpuc::IE
