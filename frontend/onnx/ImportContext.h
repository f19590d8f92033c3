//===- ImportContext.h - State of one ONNX import, op handler table -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Internal interface between the graph importer (OnnxImporter.cpp) and the op
// handlers (one file per op family). A handler converts one ONNX node into IE
// ops through an ImportContext: it reads the node's inputs and attributes,
// creates ops with `createOp` (which infers the result types and verifies the
// op, so a malformed model gives a diagnostic, never a crash) and binds the
// node's outputs with `setOutputs`.
//
// Adding an op: write `LogicalResult importFoo(ImportContext &, const
// onnx::NodeProto &)` in the family's file and add `{"Foo", minOpset, maxOpset,
// importFoo, "IE.Foo"}` to that family's table (the last field lists the IE ops
// the handler creates), then run tools/update_onnx_op_list.sh to regenerate the
// README's table of supported ops.
//
// Inputs that IE ops take as static attributes (shapes, axes, pads, ...) are
// read with `getConstantInts` / `getConstantFloats`: constants or subgraphs
// computed from constants and static shapes, evaluated at import time
// (ConstantEvaluation.h).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_IMPORTCONTEXT_H_
#define VPUC_FRONTEND_ONNX_IMPORTCONTEXT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

namespace onnx {
class AttributeProto;
class NodeProto;
class TensorProto;
} // namespace onnx

namespace mlir::vpuc::onnx_frontend {

class ConstantEvaluator;

/// The lowest and highest default-domain opset the importer accepts.
inline constexpr int64_t kMinSupportedOpset = 9;
inline constexpr int64_t kMaxSupportedOpset = 17;

/// Returns the MLIR element type of an ONNX TensorProto::DataType
/// (signed/unsigned integers, i1 for BOOL), or null when unsupported.
Type convertOnnxElementType(MLIRContext *context, int32_t onnxType);

/// The state of one import: the builder, the model's opset and the ONNX value
/// names in scope.
class ImportContext {
public:
  ImportContext(MLIRContext *context, OpBuilder &builder,
                llvm::StringRef modelPath, int64_t opset,
                const ImportOptions &options);
  ~ImportContext();
  ImportContext(const ImportContext &) = delete;
  ImportContext &operator=(const ImportContext &) = delete;

  MLIRContext *getContext() const { return context; }
  OpBuilder &getBuilder() { return builder; }
  /// The default-domain opset of the model.
  int64_t getOpset() const { return opset; }
  /// The model file, as given to the importer.
  llvm::StringRef getModelPath() const { return modelPath; }
  const ImportOptions &getOptions() const { return options; }

  /// `loc("name")` of the node, falling back to its first output name, then to
  /// the model file.
  Location getNodeLoc(const onnx::NodeProto &node) const;
  /// The location of the model file itself (for inputs and whole-model errors).
  Location getFileLoc() const;
  /// A name for the node in messages: its name, or its first output's, or its
  /// op type.
  static std::string getNodeDisplayName(const onnx::NodeProto &node);

  /// Emits an error at the node's location, prefixed with "<OpType> node
  /// '<name>': ".
  InFlightDiagnostic emitNodeError(const onnx::NodeProto &node) const;

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//

  /// Binds an ONNX value name to an IR value.
  void define(llvm::StringRef name, Value value) { values[name] = value; }
  /// Returns the IR value of an ONNX value name, or null.
  Value lookup(llvm::StringRef name) const { return values.lookup(name); }

  /// Returns input `index` of the node; an error when it is absent or unknown.
  FailureOr<Value> getInput(const onnx::NodeProto &node, int index) const;
  /// Returns input `index`, or a null Value when the node omits it (absent or
  /// empty name).
  FailureOr<Value> getOptionalInput(const onnx::NodeProto &node,
                                    int index) const;
  /// True if the node gives input `index` (present with a non-empty name).
  static bool hasInput(const onnx::NodeProto &node, int index);
  /// True if output `index` of the node is used (present with a non-empty
  /// name).
  static bool hasOutput(const onnx::NodeProto &node, int index);
  /// Binds the node's outputs to `results`, in order. Omitted (empty) outputs
  /// are skipped; a used output with no result is an error.
  LogicalResult setOutputs(const onnx::NodeProto &node, ValueRange results);

  //===--------------------------------------------------------------------===//
  // Attributes
  //===--------------------------------------------------------------------===//

  /// Returns the attribute `name` of the node, or nullptr.
  static const onnx::AttributeProto *findAttribute(const onnx::NodeProto &node,
                                                   llvm::StringRef name);
  /// A FLOAT attribute, `defaultValue` when absent; an error naming it when of
  /// another type.
  FailureOr<double> getFloatAttr(const onnx::NodeProto &node,
                                 llvm::StringRef name,
                                 std::optional<double> defaultValue) const;
  /// An INT attribute, `defaultValue` when absent; an error naming it when of
  /// another type.
  FailureOr<int64_t> getIntAttr(const onnx::NodeProto &node,
                                llvm::StringRef name,
                                std::optional<int64_t> defaultValue) const;
  /// An INTS attribute, std::nullopt when absent; an error naming it when of
  /// another type.
  FailureOr<std::optional<llvm::SmallVector<int64_t>>>
  getIntsAttr(const onnx::NodeProto &node, llvm::StringRef name) const;
  /// A STRING attribute, `defaultValue` when absent; an error naming it when of
  /// another type.
  FailureOr<std::string>
  getStringAttr(const onnx::NodeProto &node, llvm::StringRef name,
                std::optional<llvm::StringRef> defaultValue) const;

  //===--------------------------------------------------------------------===//
  // Types and constants
  //===--------------------------------------------------------------------===//

  /// Returns the MLIR element type of an ONNX TensorProto::DataType, or null
  /// when unsupported.
  Type convertElementType(int32_t onnxType) const {
    return convertOnnxElementType(context, onnxType);
  }
  /// The name of an ONNX TensorProto::DataType (`FLOAT`, `STRING`, ...), or its
  /// number.
  static std::string getDataTypeName(int32_t onnxType);

  /// Creates a `const.Declare` of an ONNX tensor (initializer or Constant
  /// value), reading external data relative to the model directory. `what`
  /// names it in errors.
  FailureOr<Value> createConstant(const onnx::TensorProto &tensor, Location loc,
                                  llvm::StringRef what);
  /// Same, for a tensor the caller no longer needs: large raw data moves into
  /// the constant's `dense_resource` blob instead of being copied (a model's
  /// weights are then held once), leaving the tensor's raw_data empty.
  FailureOr<Value> createConstant(onnx::TensorProto &&tensor, Location loc,
                                  llvm::StringRef what);
  /// Creates a `const.Declare` filled with `value` of the given element type
  /// and shape.
  Value createSplatConstant(Type elemType, llvm::ArrayRef<int64_t> shape,
                            double value, Location loc);
  /// The values of a constant (a `const.Declare`) as doubles, or std::nullopt
  /// when `value` is not a constant.
  static std::optional<llvm::SmallVector<double>>
  getConstantValues(Value value);

  /// The values of input `index` of the node as integers, for inputs that
  /// become static attributes (shapes, axes, pads, ...). The input must be
  /// known at import time: a constant, or computed from constants and static
  /// shapes (ConstantEvaluation.h). `what` names the input in the error (its
  /// ONNX name, e.g. "shape").
  FailureOr<llvm::SmallVector<int64_t>>
  getConstantInts(const onnx::NodeProto &node, int index, llvm::StringRef what);
  /// The values of input `index` of the node as doubles; see getConstantInts.
  FailureOr<llvm::SmallVector<double>>
  getConstantFloats(const onnx::NodeProto &node, int index,
                    llvm::StringRef what);
  /// Forgets the values evaluated so far (before the IR they refer to changes).
  void clearConstantCache();

  //===--------------------------------------------------------------------===//
  // Op creation
  //===--------------------------------------------------------------------===//

  /// Creates an op with inferred result types and verifies it; on failure the
  /// op is erased and the diagnostics (at `loc`) explain why.
  FailureOr<Operation *>
  createOp(llvm::StringRef opName, Location loc, ValueRange operands,
           llvm::ArrayRef<NamedAttribute> attributes = {},
           unsigned numResults = 1);
  template <typename OpTy>
  FailureOr<OpTy> create(Location loc, ValueRange operands,
                         llvm::ArrayRef<NamedAttribute> attributes = {}) {
    FailureOr<Operation *> op =
        createOp(OpTy::getOperationName(), loc, operands, attributes, 1);
    if (failed(op)) {
      return failure();
    }
    return llvm::cast<OpTy>(*op);
  }

private:
  /// For a value found not evaluable at import time: the hint that ends the
  /// error, naming the graph inputs that `--freeze-input` could bind to make
  /// it evaluable (empty when there are none).
  std::string getFreezeInputHint(Value value) const;
  /// Implements both createConstant; `takeableRawData` is the tensor's
  /// raw_data when it may be moved from.
  FailureOr<Value> createConstantImpl(const onnx::TensorProto &tensor,
                                      std::string *takeableRawData,
                                      Location loc, llvm::StringRef what);

  MLIRContext *context;
  OpBuilder &builder;
  std::string modelPath;
  int64_t opset;
  const ImportOptions &options;
  llvm::StringMap<Value> values;
  std::unique_ptr<ConstantEvaluator> evaluator;
};

//===----------------------------------------------------------------------===//
// Op handler table
//===----------------------------------------------------------------------===//

/// Converts one node; emits a diagnostic and fails when it cannot.
using Handler = LogicalResult (*)(ImportContext &, const onnx::NodeProto &);

/// One table entry: the handler of an op type for model opsets in [minOpset,
/// maxOpset].
struct OpHandlerInfo {
  const char *opType;
  int64_t minOpset;
  int64_t maxOpset;
  Handler handler;
  /// The IE ops the handler may create, for the supported-op listing
  /// (`vpuc-translate --list-onnx-ops`), e.g. "IE.Convolution,
  /// IE.GroupConvolution".
  const char *ieOps = "";
  /// When set, the forms of the op the handler imports (e.g. without optional
  /// outputs): a node it rejects is replaced by the op's ONNX function body
  /// where the schema gives one, and otherwise left to the handler, whose
  /// error says what is unsupported.
  bool (*accepts)(const onnx::NodeProto &node) = nullptr;
};

/// The handler of `opType` (default domain) for `opset`, or nullptr when
/// unsupported.
const OpHandlerInfo *lookupOpHandler(llvm::StringRef opType, int64_t opset);

/// Whether the importer imports `node` (default domain) natively at `opset`:
/// a handler row covers the opset and accepts the node's form. The function
/// inliner keeps exactly these nodes.
bool isNodeMapped(const onnx::NodeProto &node, int64_t opset);

/// An op without a handler that the importer imports through its ONNX
/// function body at opsets [minOpset, maxOpset].
struct FunctionOpRow {
  std::string opType;
  int64_t minOpset;
  int64_t maxOpset;
  /// The IE ops of the handlers of the body's ops.
  std::set<std::string> ieOps;
};

/// The ops whose function body the importer inlines completely (every op of
/// the expansion mapped) at opsets in [minOpset, maxOpset], found by
/// inlining a one-node model of each such op at each opset with the
/// importer's own check (FunctionOps.cpp); sorted by op type, then opset.
std::vector<FunctionOpRow> getFunctionOpRows(int64_t minOpset,
                                             int64_t maxOpset);

/// The tables of the op families (one file each); OpTable.cpp joins them.
llvm::ArrayRef<OpHandlerInfo> getEltwiseHandlers();
llvm::ArrayRef<OpHandlerInfo> getActivationHandlers();
llvm::ArrayRef<OpHandlerInfo> getGeneralHandlers();
llvm::ArrayRef<OpHandlerInfo> getNNHandlers();
llvm::ArrayRef<OpHandlerInfo> getDataHandlers();
llvm::ArrayRef<OpHandlerInfo> getResizeHandlers();
llvm::ArrayRef<OpHandlerInfo> getQuantizationHandlers();
llvm::ArrayRef<OpHandlerInfo> getIndexingHandlers();
llvm::ArrayRef<OpHandlerInfo> getRecurrentHandlers();
llvm::ArrayRef<OpHandlerInfo> getLocalNormalizationHandlers();
llvm::ArrayRef<OpHandlerInfo> getEinsumHandlers();
llvm::ArrayRef<OpHandlerInfo> getExpansionHandlers();
llvm::ArrayRef<OpHandlerInfo> getSignalHandlers();
llvm::ArrayRef<OpHandlerInfo> getIntegerHandlers();
llvm::ArrayRef<OpHandlerInfo> getSelectionHandlers();
llvm::ArrayRef<OpHandlerInfo> getVanillaRNNHandlers();
llvm::ArrayRef<OpHandlerInfo> getMathHandlers();
llvm::ArrayRef<OpHandlerInfo> getScatterHandlers();
llvm::ArrayRef<OpHandlerInfo> getLinearAlgebraHandlers();
llvm::ArrayRef<OpHandlerInfo> getRoiPoolingHandlers();

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_IMPORTCONTEXT_H_
