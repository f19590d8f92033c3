//===- Interpreter.h - The IE reference interpreter -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs IE IR on the host CPU (DESIGN.md section 10): the entry function of a
// module (the one named by its IE.CNNNetwork, or a given func.func) is executed
// op by op on HostTensors. `const.Declare` values are read with
// readHostConstant, every other op runs through IE::InferenceOpInterface. Each
// intermediate tensor is freed as soon as its last user has run, so a network
// never holds more than its live activations; each computed tensor is checked
// against the static dims of its result type. An optional callback sees every
// layer's results by layer name, for per-layer comparisons.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_INTERPRETER_INTERPRETER_H_
#define VPUC_DIALECTS_IE_INTERPRETER_INTERPRETER_H_

#include <map>
#include <string>

#include "core/shape/DimsOrder.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class ModuleOp;
class Operation;
class Value;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace mlir::vpuc::IE {

/// Named host tensors in a meaningful order (the network's input or output
/// order).
using HostTensorMap =
    llvm::MapVector<std::string, HostTensor, std::map<std::string, unsigned>>;

/// One input or output of the interpreted network as its user sees it.
struct NetworkTensorInfo {
  /// The name: the IE.DataInfo name, or `argN` / `resultN` for a function
  /// without a network description.
  std::string name;
  /// The logical shape (dims may be dynamic for an input: any extent is
  /// accepted).
  llvm::SmallVector<int64_t, 4> shape;
  /// The element type the user exchanges (IE.DataInfo precision, else the
  /// function's).
  Type precision;
  /// The element type of the function argument or result (what the network
  /// computes in).
  Type elementType;
  /// The order of the dims in the user's buffer (IE.DataInfo layout, else
  /// row-major).
  shape::DimsOrder layout;
};

/// A shape in messages: "1x3x224x224", "?" for dynamic dims, "scalar" for rank
/// 0.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// Called with each output of each interpreted layer, in execution order:
/// `name` is the layer's name (see Interpreter::getLayerName), suffixed
/// `:<n>` for its outputs after the first. A layer is the ops of one name (an
/// importer's decomposition of a node, and the ops a compiler adds around a
/// layer, carry the layer's name); its outputs are the results of those ops
/// that another layer or the return reads, or nothing does. A layer fused into
/// a later one (a name before the last in a fused location) has no output of
/// its own and is not reported. Returning failure stops the run.
using LayerCallback = llvm::function_ref<LogicalResult(
    llvm::StringRef name, Value result, const HostTensor &tensor)>;

/// The reference interpreter of one function. The module holding it must
/// outlive it.
class Interpreter {
public:
  /// An interpreter of the network of `module`: the function named by its
  /// IE.CNNNetwork or, without one, its only func.func with a body. With a
  /// non-empty `entryPoint`, the func.func of that name (the network
  /// description still names its inputs and outputs when it describes that
  /// function). Emits an error and fails when there is no such function, when
  /// one of its ops does not implement the inference interface (IR below the
  /// IE level: VPUIP, VPURT) or when its signature is not made of ranked
  /// tensors.
  static FailureOr<Interpreter> create(ModuleOp module,
                                       llvm::StringRef entryPoint = "");

  /// The function that runs.
  func::FuncOp getFunction() const;

  /// The network's inputs and outputs, in argument / result order.
  llvm::ArrayRef<NetworkTensorInfo> getInputs() const { return inputs; }
  llvm::ArrayRef<NetworkTensorInfo> getOutputs() const { return outputs; }

  /// Runs the function on `inputs` (one tensor per network input, by name,
  /// logical row-major values as HostTensor.h describes) and returns the
  /// outputs by name, in result order. Input values are rounded to the
  /// arguments' element types. Emits an error and fails on a missing, unknown
  /// or mis-shaped input (naming it and both shapes), on a kernel failure and
  /// on a result whose shape contradicts its type.
  FailureOr<HostTensorMap> run(const HostTensorMap &inputs,
                               LayerCallback callback = nullptr) const;

  /// The name of the layer `op`: the name of its NameLoc (for imported ONNX
  /// models, the node name), found through call-site locations; of several,
  /// the last one: in a fused location the node whose output the fused op
  /// computes, in a name wrapping another (`conv/tile0` around `conv`, a piece
  /// of a layer) the inner one. Else `<op name>#<position>` with the op's
  /// position in its block.
  static std::string getLayerName(Operation *op);

private:
  explicit Interpreter(Operation *function) : function(function) {}

  /// The func.func (kept as an Operation to keep the header light).
  Operation *function;
  llvm::SmallVector<NetworkTensorInfo, 2> inputs;
  llvm::SmallVector<NetworkTensorInfo, 2> outputs;
};

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_INTERPRETER_INTERPRETER_H_
