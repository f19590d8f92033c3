//===- OnnxImporter.cpp - ONNX model -> IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The model-level part of the importer: parsing, the ONNX checker and shape
// inference (the ONNX library throws; every call into it is wrapped here), the
// opset and unsupported-op checks, frozen inputs (--freeze-input), graph
// inputs/outputs, initializers, the node
// loop, the erasure of the ops left without uses (shape subgraphs evaluated at
// import time) and the IE.CNNNetwork op.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/OnnxImporter.h"

#include <exception>
#include <limits>
#include <optional>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "frontend/onnx/ModelUpgrade.h"
#include "frontend/onnx/ShapeInference.h"
#include "google/protobuf/io/zero_copy_stream_impl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "onnx/checker.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace mlir::vpuc::onnx_frontend {

void registerImportDialects(DialectRegistry &registry) {
  registry.insert<func::FuncDialect, IE::IEDialect, Const::ConstDialect>();
}

std::string parseInputShape(llvm::StringRef text, ImportOptions &options) {
  auto [name, dims] = text.rsplit('=');
  if (name.empty() || !text.contains('=')) {
    return ("expected 'name=DxDx...', got '" + text + "'").str();
  }
  std::vector<int64_t> shape;
  if (!dims.empty()) {
    llvm::SmallVector<llvm::StringRef> parts;
    dims.split(parts, 'x');
    for (llvm::StringRef part : parts) {
      int64_t dim = 0;
      if (part.getAsInteger(10, dim) || dim < 0) {
        return ("invalid dimension '" + part + "' in '" + text + "'").str();
      }
      shape.push_back(dim);
    }
  }
  if (!options.inputShapes.emplace(name.str(), std::move(shape)).second) {
    return ("input '" + name + "' is given twice").str();
  }
  return "";
}

std::string addFrozenInput(llvm::StringRef name, npy::Array value,
                           llvm::StringRef source, ImportOptions &options) {
  if (name.empty()) {
    return ("no input name for the value of " + source).str();
  }
  FrozenInput frozen{std::move(value), source.str()};
  if (!options.frozenInputs.emplace(name.str(), std::move(frozen)).second) {
    return ("input '" + name + "' is given twice").str();
  }
  return "";
}

std::string parseFreezeInput(llvm::StringRef text, ImportOptions &options) {
  auto [name, file] = text.split('=');
  if (name.empty() || file.empty() || !text.contains('=')) {
    return ("expected 'name=file.npy' or 'name=file.npz', got '" + text + "'")
        .str();
  }
  if (options.frozenInputs.count(name.str())) {
    return ("input '" + name + "' is given twice").str();
  }
  std::string source = file.str();
  npy::Array value;
  if (file.ends_with(".npz")) {
    llvm::Expected<npy::ArrayMap> arrays = npy::readNpz(file);
    if (!arrays) {
      return llvm::toString(arrays.takeError());
    }
    auto it = arrays->find(name.str());
    if (it == arrays->end()) {
      std::string members;
      for (const auto &entry : *arrays) {
        members += (members.empty() ? "'" : ", '") + entry.first + "'";
      }
      return (file + " has no array named '" + name + "' (it holds " +
              (members.empty() ? std::string("none") : members) + ")")
          .str();
    }
    value = std::move(it->second);
    source += ":" + name.str();
  } else {
    llvm::Expected<npy::Array> array = npy::readNpy(file);
    if (!array) {
      return llvm::toString(array.takeError());
    }
    value = std::move(*array);
  }
  return addFrozenInput(name, std::move(value), source, options);
}

namespace {

/// Imports one parsed model.
class ModelImporter {
public:
  ModelImporter(MLIRContext *context, llvm::StringRef path,
                const ImportOptions &options)
      : context(context), path(path), options(options),
        fileLoc(FileLineColLoc::get(context, path, 0, 0)) {}

  /// Imports the model serialised in `bytes`.
  FailureOr<OwningOpRef<ModuleOp>> run(llvm::StringRef bytes);
  /// Imports the model in the file at the importer's path, read through a
  /// small buffer: only the parsed model is held in memory, not the file too.
  FailureOr<OwningOpRef<ModuleOp>> runOnFile();

private:
  LogicalResult parse(llvm::StringRef bytes);
  LogicalResult parseFile();
  /// Everything after parsing.
  FailureOr<OwningOpRef<ModuleOp>> importParsed();
  LogicalResult upgradeOpset();
  LogicalResult readOpset();
  LogicalResult applyFrozenInputs();
  LogicalResult applyInputShapes();
  LogicalResult checkWindowAttributes();
  LogicalResult checkDeclaredShapes();
  LogicalResult checkModel();
  LogicalResult inferShapes();
  LogicalResult inlineFunctions();
  LogicalResult checkSupportedNodes();
  FailureOr<RankedTensorType> convertValueType(const onnx::ValueInfoProto &info,
                                               llvm::StringRef what,
                                               bool requireStatic);
  FailureOr<OwningOpRef<ModuleOp>> build();

  MLIRContext *context;
  std::string path;
  const ImportOptions &options;
  Location fileLoc;
  onnx::ModelProto model;
  int64_t opset = 0;
  /// Why nodes with a function body were not inlined (inlineFunctions).
  std::vector<std::string> inlineNotes;
};

} // namespace

/// The error of a file that does not parse as a ModelProto.
static InFlightDiagnostic emitNotAModel(Location fileLoc) {
  return emitError(fileLoc)
         << "not an ONNX model: the file is not a valid ModelProto "
            "(truncated or not protobuf)";
}

/// Checks what every parsed model must have.
static LogicalResult checkParsed(const onnx::ModelProto &model,
                                 Location fileLoc) {
  if (!model.has_graph() || model.ir_version() <= 0) {
    return emitError(fileLoc) << "not an ONNX model: no ir_version or graph";
  }
  return success();
}

LogicalResult ModelImporter::parse(llvm::StringRef bytes) {
  if (bytes.empty()) {
    return emitError(fileLoc) << "the ONNX model file is empty";
  }
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      !model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return emitNotAModel(fileLoc);
  }
  return checkParsed(model, fileLoc);
}

LogicalResult ModelImporter::parseFile() {
  int fd = -1;
  std::error_code error = llvm::sys::fs::openFileForRead(path, fd);
  llvm::sys::fs::file_status status;
  if (!error) {
    error = llvm::sys::fs::status(fd, status);
  }
  if (!error && status.type() == llvm::sys::fs::file_type::directory_file) {
    error = std::make_error_code(std::errc::is_a_directory);
  }
  if (error) {
    if (fd >= 0) {
      llvm::sys::Process::SafelyCloseFileDescriptor(fd);
    }
    return emitError(fileLoc)
           << "cannot read the ONNX model: " << error.message();
  }
  uint64_t size = status.getSize();
  bool parsed = false;
  if (size > 0 &&
      size <= static_cast<uint64_t>(std::numeric_limits<int>::max())) {
    google::protobuf::io::FileInputStream stream(fd);
    parsed = model.ParseFromZeroCopyStream(&stream) && stream.GetErrno() == 0;
  }
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  if (size == 0) {
    return emitError(fileLoc) << "the ONNX model file is empty";
  }
  if (!parsed) {
    return emitNotAModel(fileLoc);
  }
  return checkParsed(model, fileLoc);
}

/// Models below the lowest supported opset are brought to it by the ONNX
/// version converter (on a model the checker accepted: the converter is not
/// robust against malformed ones).
LogicalResult ModelImporter::upgradeOpset() {
  if (opset >= kMinSupportedOpset) {
    return success();
  }
  llvm::Expected<int64_t> original =
      onnx_frontend::upgradeOpset(model, kMinSupportedOpset);
  if (!original) {
    return emitError(fileLoc) << llvm::toString(original.takeError());
  }
  opset = getDefaultOpset(model);
  if (opset != kMinSupportedOpset) {
    return emitError(fileLoc)
           << "the ONNX version converter brought opset " << *original
           << " to opset " << opset << " instead of " << kMinSupportedOpset;
  }
  return success();
}

LogicalResult ModelImporter::readOpset() {
  bool found = false;
  for (const onnx::OperatorSetIdProto &entry : model.opset_import()) {
    if (entry.domain().empty() || entry.domain() == "ai.onnx") {
      opset = entry.version();
      found = true;
    }
  }
  if (!found) {
    return emitError(fileLoc)
           << "the model imports no opset of the default ONNX domain";
  }
  // Older opsets are upgraded (upgradeOpset).
  if (opset < 1 || opset > kMaxSupportedOpset) {
    return emitError(fileLoc)
           << "opset " << opset
           << " of the default ONNX domain is not supported (supported: 1 to "
           << kMaxSupportedOpset << "; opsets below " << kMinSupportedOpset
           << " are converted to " << kMinSupportedOpset
           << " by the ONNX version converter)";
  }
  return success();
}

/// The names of the initializers of `graph`.
static llvm::StringSet<> getInitializerNames(const onnx::GraphProto &graph) {
  llvm::StringSet<> names;
  for (const onnx::TensorProto &tensor : graph.initializer()) {
    names.insert(tensor.name());
  }
  return names;
}

/// The NumPy dtype of an ONNX TensorProto::DataType, if it has one.
static std::optional<npy::DType> getNpyDType(int32_t onnxType) {
  switch (onnxType) {
  case onnx::TensorProto::BOOL:
    return npy::DType::Bool;
  case onnx::TensorProto::INT8:
    return npy::DType::I8;
  case onnx::TensorProto::UINT8:
    return npy::DType::U8;
  case onnx::TensorProto::INT16:
    return npy::DType::I16;
  case onnx::TensorProto::UINT16:
    return npy::DType::U16;
  case onnx::TensorProto::INT32:
    return npy::DType::I32;
  case onnx::TensorProto::UINT32:
    return npy::DType::U32;
  case onnx::TensorProto::INT64:
    return npy::DType::I64;
  case onnx::TensorProto::UINT64:
    return npy::DType::U64;
  case onnx::TensorProto::FLOAT16:
    return npy::DType::F16;
  case onnx::TensorProto::FLOAT:
    return npy::DType::F32;
  case onnx::TensorProto::DOUBLE:
    return npy::DType::F64;
  default:
    return std::nullopt;
  }
}

/// The ONNX TensorProto::DataType of a NumPy dtype.
static int32_t getOnnxDataType(npy::DType dtype) {
  for (int32_t type = onnx::TensorProto::DataType_MIN;
       type <= onnx::TensorProto::DataType_MAX; ++type) {
    if (getNpyDType(type) == dtype) {
      return type;
    }
  }
  llvm_unreachable("every NumPy dtype has an ONNX data type");
}

/// `[1, 3, ?]` for a declared shape (`?` for a dimension without a value).
static std::string formatShape(const onnx::TensorShapeProto &shape) {
  std::string text = "[";
  for (int d = 0; d < shape.dim_size(); ++d) {
    text += d ? ", " : "";
    text += shape.dim(d).has_dim_value()
                ? std::to_string(shape.dim(d).dim_value())
                : std::string("?");
  }
  return text + "]";
}

/// `[2, 3]` for a shape.
static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [index, dim] : llvm::enumerate(shape)) {
    text += index ? ", " : "";
    text += std::to_string(dim);
  }
  return text + "]";
}

LogicalResult ModelImporter::applyFrozenInputs() {
  onnx::GraphProto *graph = model.mutable_graph();
  llvm::StringSet<> initializers = getInitializerNames(*graph);
  auto isInput = [&](const onnx::ValueInfoProto &input) {
    return !initializers.contains(input.name());
  };
  for (const auto &[name, frozen] : options.frozenInputs) {
    auto *inputs = graph->mutable_input();
    auto it = llvm::find_if(*inputs, [&](const onnx::ValueInfoProto &input) {
      return input.name() == name && isInput(input);
    });
    if (it == inputs->end()) {
      InFlightDiagnostic diag = emitError(fileLoc);
      diag << "frozen input '" << name << "' (" << frozen.source
           << ") is not an input of the model (its inputs: ";
      SmallVector<std::string> names;
      for (const onnx::ValueInfoProto &input : graph->input()) {
        if (isInput(input)) {
          names.push_back("'" + input.name() + "'");
        }
      }
      if (names.empty()) {
        diag << "none";
      } else {
        llvm::interleaveComma(names, diag);
      }
      return diag << ")";
    }
    std::string what = "frozen input '" + name + "' (" + frozen.source + ")";
    if (!it->type().has_tensor_type()) {
      return emitError(fileLoc) << what << ": the input is not a tensor";
    }
    const onnx::TypeProto_Tensor &declared = it->type().tensor_type();
    const npy::Array &value = frozen.value;
    std::optional<npy::DType> declaredDType = getNpyDType(declared.elem_type());
    if (declaredDType != value.dtype) {
      return emitError(fileLoc)
             << what << ": the value's element type "
             << npy::getDTypeName(value.dtype) << " is not the element type "
             << (declaredDType
                     ? npy::getDTypeName(*declaredDType).str()
                     : ImportContext::getDataTypeName(declared.elem_type()))
             << " of the input";
    }
    if (declared.has_shape()) {
      const onnx::TensorShapeProto &shape = declared.shape();
      bool same = shape.dim_size() == static_cast<int>(value.shape.size());
      for (int d = 0; same && d < shape.dim_size(); ++d) {
        same = !shape.dim(d).has_dim_value() ||
               shape.dim(d).dim_value() == value.shape[d];
      }
      if (!same) {
        return emitError(fileLoc)
               << what << ": the value's shape " << formatShape(value.shape)
               << " is not the shape " << formatShape(shape) << " of the input";
      }
    }
    onnx::TensorProto *tensor = graph->add_initializer();
    tensor->set_name(name);
    tensor->set_data_type(getOnnxDataType(value.dtype));
    for (int64_t dim : value.shape) {
      tensor->add_dims(dim);
    }
    tensor->set_raw_data(value.data.data(), value.data.size());
    // Up to IR version 3 every initializer is also a graph input (the checker
    // requires it); the importer takes an input with an initializer as the
    // constant.
    if (model.ir_version() >= 4) {
      inputs->erase(it);
    } else {
      onnx::TensorShapeProto *shape =
          it->mutable_type()->mutable_tensor_type()->mutable_shape();
      shape->clear_dim();
      for (int64_t dim : value.shape) {
        shape->add_dim()->set_dim_value(dim);
      }
    }
  }
  return success();
}

LogicalResult ModelImporter::applyInputShapes() {
  for (const auto &entry : options.inputShapes) {
    if (options.frozenInputs.count(entry.first)) {
      return emitError(fileLoc)
             << "--input-shape names '" << entry.first
             << "', which is frozen to a value (--freeze-input)";
    }
  }
  onnx::GraphProto *graph = model.mutable_graph();
  llvm::StringSet<> initializers = getInitializerNames(*graph);
  llvm::StringSet<> used;
  for (onnx::ValueInfoProto &input : *graph->mutable_input()) {
    if (initializers.contains(input.name())) {
      continue;
    }
    auto it = options.inputShapes.find(input.name());
    if (it == options.inputShapes.end()) {
      continue;
    }
    used.insert(input.name());
    if (!input.type().has_tensor_type()) {
      return emitError(fileLoc)
             << "input '" << input.name() << "' is not a tensor";
    }
    onnx::TypeProto_Tensor *tensorType =
        input.mutable_type()->mutable_tensor_type();
    const std::vector<int64_t> &shape = it->second;
    if (tensorType->has_shape() &&
        tensorType->shape().dim_size() != static_cast<int>(shape.size())) {
      return emitError(fileLoc)
             << "--input-shape for '" << input.name() << "' has rank "
             << shape.size() << " but the input has rank "
             << tensorType->shape().dim_size();
    }
    onnx::TensorShapeProto *shapeProto = tensorType->mutable_shape();
    shapeProto->clear_dim();
    for (int64_t dim : shape) {
      shapeProto->add_dim()->set_dim_value(dim);
    }
  }
  for (const auto &entry : options.inputShapes) {
    if (!used.contains(entry.first)) {
      return emitError(fileLoc) << "--input-shape names '" << entry.first
                                << "', which is not an input of the model";
    }
  }
  return success();
}

/// A value the graph declares twice (a graph input that is also a graph
/// output, or one with a value_info entry) must be declared with the same
/// shape: ONNX's shape inference takes either declaration and its convolution
/// and pool rules index the input's dims by the weights' rank without checking
/// it, so a conflicting declaration crashes the ONNX library (found by
/// tools/fuzz:onnx_import_fuzzer).
LogicalResult ModelImporter::checkDeclaredShapes() {
  struct Declaration {
    const onnx::TensorShapeProto *shape;
    const char *where;
  };
  llvm::StringMap<Declaration> declared;
  auto check = [&](const onnx::ValueInfoProto &info,
                   const char *where) -> LogicalResult {
    if (!info.type().has_tensor_type() ||
        !info.type().tensor_type().has_shape()) {
      return success();
    }
    const onnx::TensorShapeProto &shape = info.type().tensor_type().shape();
    auto [it, inserted] =
        declared.try_emplace(info.name(), Declaration{&shape, where});
    if (inserted) {
      return success();
    }
    const onnx::TensorShapeProto &first = *it->second.shape;
    bool same = first.dim_size() == shape.dim_size();
    for (int d = 0; same && d < shape.dim_size(); ++d) {
      const onnx::TensorShapeProto::Dimension &a = first.dim(d),
                                              &b = shape.dim(d);
      same = !a.has_dim_value() || !b.has_dim_value() ||
             a.dim_value() == b.dim_value();
    }
    if (same) {
      return success();
    }
    auto print = [](InFlightDiagnostic &diag,
                    const onnx::TensorShapeProto &dims) {
      diag << "[";
      llvm::interleaveComma(dims.dim(), diag,
                            [&](const onnx::TensorShapeProto::Dimension &dim) {
                              if (dim.has_dim_value()) {
                                diag << dim.dim_value();
                              } else {
                                diag << "?";
                              }
                            });
      diag << "]";
    };
    InFlightDiagnostic diag = emitError(fileLoc);
    diag << "value '" << info.name() << "' is declared with the shape ";
    print(diag, first);
    diag << " (" << it->second.where << ") and ";
    print(diag, shape);
    return diag << " (" << where << ")";
  };
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::ValueInfoProto &info : graph.input()) {
    if (failed(check(info, "graph input"))) {
      return failure();
    }
  }
  for (const onnx::ValueInfoProto &info : graph.output()) {
    if (failed(check(info, "graph output"))) {
      return failure();
    }
  }
  for (const onnx::ValueInfoProto &info : graph.value_info()) {
    if (failed(check(info, "value_info"))) {
      return failure();
    }
  }
  return success();
}

/// The ONNX shape inference of convolutions and pools divides by strides and
/// kernel sizes without checking them (a zero is a floating-point exception):
/// they are checked first.
LogicalResult ModelImporter::checkWindowAttributes() {
  for (const onnx::NodeProto &node : model.graph().node()) {
    for (const onnx::AttributeProto &attr : node.attribute()) {
      if (attr.type() != onnx::AttributeProto::INTS ||
          (attr.name() != "strides" && attr.name() != "dilations" &&
           attr.name() != "kernel_shape")) {
        continue;
      }
      if (llvm::all_of(attr.ints(), [](int64_t value) { return value > 0; })) {
        continue;
      }
      InFlightDiagnostic diag = emitError(fileLoc);
      diag << node.op_type() << " node '"
           << ImportContext::getNodeDisplayName(node) << "': attribute '"
           << attr.name() << "' must have positive values, got [";
      llvm::interleaveComma(attr.ints(), diag);
      return diag << "]";
    }
  }
  return success();
}

LogicalResult ModelImporter::checkModel() {
  // The ONNX library reports errors with exceptions: none may escape the
  // importer.
  try {
    // check_model(ModelProto) with the model directory set, so that
    // external-data locations are resolved next to the model rather than in the
    // working directory.
    if (model.ir_version() > onnx::Version::IR_VERSION) {
      return emitError(fileLoc)
             << "invalid ONNX model: ir_version " << model.ir_version()
             << " is newer than the ONNX library's ("
             << static_cast<int>(onnx::Version::IR_VERSION) << ")";
    }
    onnx::checker::CheckerContext checkerContext;
    checkerContext.set_ir_version(static_cast<int>(model.ir_version()));
    std::unordered_map<std::string, int> opsets;
    for (const onnx::OperatorSetIdProto &entry : model.opset_import()) {
      opsets[entry.domain()] = static_cast<int>(entry.version());
    }
    checkerContext.set_opset_imports(opsets);
    checkerContext.set_model_dir(llvm::sys::path::parent_path(path).str());
    onnx::checker::LexicalScopeContext lexicalScope;
    onnx::checker::check_graph(model.graph(), checkerContext, lexicalScope);
    onnx::checker::check_model_local_functions(model, checkerContext,
                                               lexicalScope);
  } catch (const std::exception &error) {
    return emitError(fileLoc)
           << "invalid ONNX model: " << llvm::StringRef(error.what()).trim();
  } catch (...) {
    return emitError(fileLoc) << "invalid ONNX model: the ONNX checker failed";
  }
  return success();
}

/// Writes out the STFT attribute `onesided` where a node leaves it at its
/// default (1): the shape inference of ONNX 1.12 reads a missing `onesided` as
/// 0 and then contradicts the model's declared output shapes.
static void materializeStftDefaults(onnx::GraphProto &graph) {
  for (onnx::NodeProto &node : *graph.mutable_node()) {
    if (node.op_type() != "STFT" || !node.domain().empty() ||
        ImportContext::findAttribute(node, "onesided")) {
      continue;
    }
    onnx::AttributeProto *attr = node.add_attribute();
    attr->set_name("onesided");
    attr->set_type(onnx::AttributeProto::INT);
    attr->set_i(1);
  }
}

LogicalResult ModelImporter::inferShapes() {
  materializeStftDefaults(*model.mutable_graph());
  try {
    inferOnnxShapes(model);
  } catch (const std::exception &error) {
    return emitError(fileLoc) << "ONNX shape inference failed: "
                              << llvm::StringRef(error.what()).trim();
  } catch (...) {
    return emitError(fileLoc) << "ONNX shape inference failed";
  }
  return success();
}

/// Nodes of ops without a mapping are replaced by their ONNX function bodies
/// where the schema (or the model) gives one whose ops are all mapped.
LogicalResult ModelImporter::inlineFunctions() {
  llvm::Expected<InlineResult> result =
      onnx_frontend::inlineFunctions(model, isNodeMapped);
  if (!result) {
    return emitError(fileLoc) << llvm::toString(result.takeError());
  }
  inlineNotes = std::move(result->notes);
  if (result->inlinedNodes == 0) {
    return success();
  }
  return inferShapes();
}

LogicalResult ModelImporter::checkSupportedNodes() {
  SmallVector<std::string> unsupported;
  for (const onnx::NodeProto &node : model.graph().node()) {
    bool defaultDomain = node.domain().empty() || node.domain() == "ai.onnx";
    if (defaultDomain && lookupOpHandler(node.op_type(), opset)) {
      continue;
    }
    std::string entry = node.op_type() + " (";
    if (!defaultDomain) {
      int64_t domainOpset = 0;
      for (const onnx::OperatorSetIdProto &import : model.opset_import()) {
        if (import.domain() == node.domain()) {
          domainOpset = import.version();
        }
      }
      entry +=
          "domain '" + node.domain() + "' opset " + std::to_string(domainOpset);
    } else {
      entry += "opset " + std::to_string(opset);
    }
    entry += ") '" + ImportContext::getNodeDisplayName(node) + "'";
    unsupported.push_back(std::move(entry));
  }
  if (unsupported.empty()) {
    return success();
  }
  InFlightDiagnostic diag = emitError(fileLoc);
  diag << unsupported.size() << " unsupported ONNX node"
       << (unsupported.size() == 1 ? "" : "s") << ": ";
  llvm::interleaveComma(unsupported, diag);
  for (const std::string &note : inlineNotes) {
    diag.attachNote(fileLoc) << note;
  }
  return diag;
}

FailureOr<RankedTensorType>
ModelImporter::convertValueType(const onnx::ValueInfoProto &info,
                                llvm::StringRef what, bool requireStatic) {
  if (!info.type().has_tensor_type()) {
    return emitError(fileLoc)
           << what << " '" << info.name() << "' is not a tensor";
  }
  const onnx::TypeProto_Tensor &tensorType = info.type().tensor_type();
  Type elemType = convertOnnxElementType(context, tensorType.elem_type());
  if (!elemType) {
    return emitError(fileLoc)
           << what << " '" << info.name() << "' has unsupported element type "
           << ImportContext::getDataTypeName(tensorType.elem_type());
  }
  if (!tensorType.has_shape()) {
    if (requireStatic) {
      return emitError(fileLoc)
             << what << " '" << info.name()
             << "' has no shape; give one with --input-shape " << info.name()
             << "=DxDx...";
    }
    return RankedTensorType();
  }
  SmallVector<int64_t> shape;
  for (auto [index, dim] : llvm::enumerate(tensorType.shape().dim())) {
    if (dim.has_dim_value() && dim.dim_value() >= 0) {
      shape.push_back(dim.dim_value());
      continue;
    }
    if (!requireStatic) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    InFlightDiagnostic diag = emitError(fileLoc);
    diag << what << " '" << info.name() << "' has a dynamic dimension #"
         << index;
    if (dim.has_dim_param()) {
      diag << " ('" << dim.dim_param() << "')";
    }
    diag << "; give its shape with --input-shape " << info.name() << "=DxDx...";
    return diag;
  }
  return RankedTensorType::get(shape, elemType);
}

FailureOr<OwningOpRef<ModuleOp>> ModelImporter::build() {
  const onnx::GraphProto &graph = model.graph();
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module->getBody());
  ImportContext ctx(context, builder, path, opset, options);
  llvm::StringSet<> initializers = getInitializerNames(graph);

  // Inputs.
  SmallVector<const onnx::ValueInfoProto *> inputs;
  SmallVector<Type> inputTypes;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    if (initializers.contains(input.name())) {
      continue;
    }
    FailureOr<RankedTensorType> type = convertValueType(input, "input", true);
    if (failed(type)) {
      return failure();
    }
    inputs.push_back(&input);
    inputTypes.push_back(*type);
  }
  if (graph.output_size() == 0) {
    return emitError(fileLoc) << "the model has no outputs";
  }

  auto network = builder.create<IE::CNNNetworkOp>(
      fileLoc, FlatSymbolRefAttr::get(context, options.entryPoint));
  auto func = builder.create<func::FuncOp>(
      fileLoc, options.entryPoint, builder.getFunctionType(inputTypes, {}));
  Block *body = func.addEntryBlock();
  for (auto [input, argument] : llvm::zip(inputs, body->getArguments())) {
    ctx.define(input->name(), argument);
  }

  // Initializers, then nodes in (checked) topological order.
  builder.setInsertionPointToEnd(body);
  // The initializers' data moves into the constants: nothing reads it from
  // the model after this.
  for (onnx::TensorProto &tensor :
       *model.mutable_graph()->mutable_initializer()) {
    Location loc =
        NameLoc::get(builder.getStringAttr(tensor.name()), ctx.getFileLoc());
    std::string what = "initializer '" + tensor.name() + "'";
    FailureOr<Value> value = ctx.createConstant(std::move(tensor), loc, what);
    if (failed(value)) {
      return failure();
    }
    ctx.define(tensor.name(), *value);
  }
  for (const onnx::NodeProto &node : graph.node()) {
    const OpHandlerInfo *info = lookupOpHandler(node.op_type(), opset);
    assert(info && "unsupported nodes are rejected before building");
    if (failed(info->handler(ctx, node))) {
      return failure();
    }
  }

  // Outputs.
  SmallVector<Value> results;
  SmallVector<Type> resultTypes;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Location loc =
        NameLoc::get(builder.getStringAttr(output.name()), ctx.getFileLoc());
    Value value = ctx.lookup(output.name());
    if (!value) {
      return emitError(loc)
             << "output '" << output.name() << "' is not computed by the graph";
    }
    FailureOr<RankedTensorType> declared =
        convertValueType(output, "output", false);
    if (failed(declared)) {
      return failure();
    }
    auto actual = llvm::cast<RankedTensorType>(value.getType());
    if (*declared && (declared->getElementType() != actual.getElementType() ||
                      failed(verifyCompatibleShape(declared->getShape(),
                                                   actual.getShape())))) {
      return emitError(loc)
             << "output '" << output.name() << "' is declared as " << *declared
             << " but computes " << actual;
    }
    results.push_back(value);
    resultTypes.push_back(actual);
  }
  builder.create<func::ReturnOp>(fileLoc, results);
  func.setFunctionType(builder.getFunctionType(inputTypes, resultTypes));

  // The subgraphs evaluated at import time (shape computations feeding Reshape,
  // Slice, ...) and unused constants are left without uses: erase them, users
  // before definitions.
  ctx.clearConstantCache();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body))) {
    if (isOpTriviallyDead(&op)) {
      op.erase();
    }
  }

  // The network description.
  auto addInfo = [&](Region &region, llvm::StringRef name, Type type) {
    if (region.empty()) {
      region.emplaceBlock();
    }
    builder.setInsertionPointToEnd(&region.front());
    auto tensorType = llvm::cast<RankedTensorType>(type);
    builder.create<IE::DataInfoOp>(
        fileLoc, builder.getStringAttr(name), TypeAttr::get(type),
        TypeAttr::get(tensorType.getElementType()), AffineMapAttr());
  };
  network.getInputsInfo().emplaceBlock();
  network.getOutputsInfo().emplaceBlock();
  for (auto [input, type] : llvm::zip(inputs, inputTypes)) {
    addInfo(network.getInputsInfo(), input->name(), type);
  }
  for (auto [output, type] : llvm::zip(graph.output(), resultTypes)) {
    addInfo(network.getOutputsInfo(), output.name(), type);
  }

  if (failed(mlir::verify(*module))) {
    return failure();
  }
  return module;
}

FailureOr<OwningOpRef<ModuleOp>> ModelImporter::run(llvm::StringRef bytes) {
  if (failed(parse(bytes))) {
    return failure();
  }
  return importParsed();
}

FailureOr<OwningOpRef<ModuleOp>> ModelImporter::runOnFile() {
  if (failed(parseFile())) {
    return failure();
  }
  return importParsed();
}

FailureOr<OwningOpRef<ModuleOp>> ModelImporter::importParsed() {
  if (failed(readOpset()) || failed(applyFrozenInputs()) ||
      failed(applyInputShapes()) || failed(checkWindowAttributes()) ||
      failed(checkDeclaredShapes()) || failed(checkModel()) ||
      failed(upgradeOpset()) || failed(inferShapes()) ||
      failed(inlineFunctions()) || failed(checkSupportedNodes())) {
    return failure();
  }
  return build();
}

/// Runs `import` on a new importer with the import dialects loaded.
static FailureOr<OwningOpRef<ModuleOp>> runImporter(
    MLIRContext *context, llvm::StringRef path, const ImportOptions &options,
    function_ref<FailureOr<OwningOpRef<ModuleOp>>(ModelImporter &)> import) {
  DialectRegistry registry;
  registerImportDialects(registry);
  context->appendDialectRegistry(registry);
  context->loadDialect<func::FuncDialect, IE::IEDialect, Const::ConstDialect>();
  // Protobuf itself may throw (std::bad_alloc on huge inputs); nothing may
  // escape.
  try {
    ModelImporter importer(context, path, options);
    return import(importer);
  } catch (const std::exception &error) {
    return emitError(FileLineColLoc::get(context, path, 0, 0))
           << "failed to import the ONNX model: " << error.what();
  }
}

FailureOr<OwningOpRef<ModuleOp>>
importOnnxModelFromBytes(MLIRContext *context, llvm::StringRef bytes,
                         llvm::StringRef path, const ImportOptions &options) {
  return runImporter(context, path, options, [&](ModelImporter &importer) {
    return importer.run(bytes);
  });
}

FailureOr<OwningOpRef<ModuleOp>> importOnnxModel(MLIRContext *context,
                                                 llvm::StringRef path,
                                                 const ImportOptions &options) {
  return runImporter(context, path, options, [](ModelImporter &importer) {
    return importer.runOnFile();
  });
}

} // namespace mlir::vpuc::onnx_frontend
