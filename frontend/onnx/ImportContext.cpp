//===- ImportContext.cpp - State of one ONNX import -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Value bindings, attribute access, element types, constants (dense or
// dense_resource, with ONNX external data) and the checked op creation every
// handler uses.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ImportContext.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "frontend/onnx/ConstantEvaluation.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace mlir::vpuc::onnx_frontend {

ImportContext::ImportContext(MLIRContext *context, OpBuilder &builder,
                             llvm::StringRef modelPath, int64_t opset,
                             const ImportOptions &options)
    : context(context), builder(builder), modelPath(modelPath.str()),
      opset(opset), options(options),
      evaluator(std::make_unique<ConstantEvaluator>()) {}

ImportContext::~ImportContext() = default;

//===----------------------------------------------------------------------===//
// Locations and diagnostics
//===----------------------------------------------------------------------===//

Location ImportContext::getFileLoc() const {
  return FileLineColLoc::get(context, modelPath, 0, 0);
}

Location ImportContext::getNodeLoc(const onnx::NodeProto &node) const {
  if (!node.name().empty()) {
    return NameLoc::get(StringAttr::get(context, node.name()), getFileLoc());
  }
  for (const std::string &output : node.output()) {
    if (!output.empty()) {
      return NameLoc::get(StringAttr::get(context, output), getFileLoc());
    }
  }
  return getFileLoc();
}

std::string ImportContext::getNodeDisplayName(const onnx::NodeProto &node) {
  if (!node.name().empty()) {
    return node.name();
  }
  for (const std::string &output : node.output()) {
    if (!output.empty()) {
      return output;
    }
  }
  return node.op_type();
}

InFlightDiagnostic
ImportContext::emitNodeError(const onnx::NodeProto &node) const {
  InFlightDiagnostic diag = mlir::emitError(getNodeLoc(node));
  diag << node.op_type() << " node '" << getNodeDisplayName(node) << "': ";
  return diag;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

bool ImportContext::hasInput(const onnx::NodeProto &node, int index) {
  return index < node.input_size() && !node.input(index).empty();
}

bool ImportContext::hasOutput(const onnx::NodeProto &node, int index) {
  return index < node.output_size() && !node.output(index).empty();
}

FailureOr<Value> ImportContext::getOptionalInput(const onnx::NodeProto &node,
                                                 int index) const {
  if (index >= node.input_size() || node.input(index).empty()) {
    return Value();
  }
  Value value = lookup(node.input(index));
  if (!value) {
    return emitNodeError(node)
           << "input #" << index << " '" << node.input(index)
           << "' is not defined before the node";
  }
  return value;
}

FailureOr<Value> ImportContext::getInput(const onnx::NodeProto &node,
                                         int index) const {
  FailureOr<Value> value = getOptionalInput(node, index);
  if (failed(value)) {
    return failure();
  }
  if (!*value) {
    return emitNodeError(node) << "expects input #" << index;
  }
  return value;
}

LogicalResult ImportContext::setOutputs(const onnx::NodeProto &node,
                                        ValueRange results) {
  for (int index = 0; index < node.output_size(); ++index) {
    const std::string &name = node.output(index);
    if (name.empty()) {
      continue;
    }
    if (static_cast<size_t>(index) >= results.size()) {
      return emitNodeError(node)
             << "output #" << index << " '" << name << "' is not supported";
    }
    define(name, results[index]);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

const onnx::AttributeProto *
ImportContext::findAttribute(const onnx::NodeProto &node,
                             llvm::StringRef name) {
  for (const onnx::AttributeProto &attr : node.attribute()) {
    if (attr.name() == name) {
      return &attr;
    }
  }
  return nullptr;
}

/// The name of an attribute type, for messages.
static llvm::StringRef
getAttributeTypeName(onnx::AttributeProto::AttributeType type) {
  return onnx::AttributeProto::AttributeType_Name(type);
}

FailureOr<double>
ImportContext::getFloatAttr(const onnx::NodeProto &node, llvm::StringRef name,
                            std::optional<double> defaultValue) const {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr) {
    if (!defaultValue) {
      return emitNodeError(node) << "expects attribute '" << name << "'";
    }
    return *defaultValue;
  }
  if (attr->type() != onnx::AttributeProto::FLOAT) {
    return emitNodeError(node)
           << "attribute '" << name << "' must be a FLOAT, got "
           << getAttributeTypeName(attr->type());
  }
  return static_cast<double>(attr->f());
}

FailureOr<int64_t>
ImportContext::getIntAttr(const onnx::NodeProto &node, llvm::StringRef name,
                          std::optional<int64_t> defaultValue) const {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr) {
    if (!defaultValue) {
      return emitNodeError(node) << "expects attribute '" << name << "'";
    }
    return *defaultValue;
  }
  if (attr->type() != onnx::AttributeProto::INT) {
    return emitNodeError(node)
           << "attribute '" << name << "' must be an INT, got "
           << getAttributeTypeName(attr->type());
  }
  return static_cast<int64_t>(attr->i());
}

FailureOr<std::optional<SmallVector<int64_t>>>
ImportContext::getIntsAttr(const onnx::NodeProto &node,
                           llvm::StringRef name) const {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr) {
    return std::optional<SmallVector<int64_t>>();
  }
  if (attr->type() != onnx::AttributeProto::INTS) {
    return emitNodeError(node)
           << "attribute '" << name << "' must be INTS, got "
           << getAttributeTypeName(attr->type());
  }
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>(attr->ints().begin(), attr->ints().end()));
}

FailureOr<std::string> ImportContext::getStringAttr(
    const onnx::NodeProto &node, llvm::StringRef name,
    std::optional<llvm::StringRef> defaultValue) const {
  const onnx::AttributeProto *attr = findAttribute(node, name);
  if (!attr) {
    if (!defaultValue) {
      return emitNodeError(node) << "expects attribute '" << name << "'";
    }
    return defaultValue->str();
  }
  if (attr->type() != onnx::AttributeProto::STRING) {
    return emitNodeError(node)
           << "attribute '" << name << "' must be a STRING, got "
           << getAttributeTypeName(attr->type());
  }
  return attr->s();
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

Type convertOnnxElementType(MLIRContext *context, int32_t onnxType) {
  auto signedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Signed);
  };
  auto unsignedInt = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (onnxType) {
  case onnx::TensorProto::FLOAT:
    return Float32Type::get(context);
  case onnx::TensorProto::FLOAT16:
    return Float16Type::get(context);
  case onnx::TensorProto::BFLOAT16:
    return BFloat16Type::get(context);
  case onnx::TensorProto::DOUBLE:
    return Float64Type::get(context);
  case onnx::TensorProto::BOOL:
    return IntegerType::get(context, 1);
  case onnx::TensorProto::INT8:
    return signedInt(8);
  case onnx::TensorProto::INT16:
    return signedInt(16);
  case onnx::TensorProto::INT32:
    return signedInt(32);
  case onnx::TensorProto::INT64:
    return signedInt(64);
  case onnx::TensorProto::UINT8:
    return unsignedInt(8);
  case onnx::TensorProto::UINT16:
    return unsignedInt(16);
  case onnx::TensorProto::UINT32:
    return unsignedInt(32);
  case onnx::TensorProto::UINT64:
    return unsignedInt(64);
  default:
    return nullptr;
  }
}

std::string ImportContext::getDataTypeName(int32_t onnxType) {
  if (onnx::TensorProto::DataType_IsValid(onnxType)) {
    return onnx::TensorProto::DataType_Name(
        static_cast<onnx::TensorProto::DataType>(onnxType));
  }
  return std::to_string(onnxType);
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

namespace {
/// Reads the bytes of a tensor stored in ONNX external data.
class ExternalDataReader {
public:
  ExternalDataReader(llvm::StringRef modelPath, Location loc,
                     llvm::StringRef what)
      : modelPath(modelPath), loc(loc), what(what) {}

  FailureOr<std::string> read(const onnx::TensorProto &tensor) {
    std::string location;
    std::optional<uint64_t> offset;
    std::optional<uint64_t> length;
    for (const onnx::StringStringEntryProto &entry : tensor.external_data()) {
      if (entry.key() == "location") {
        location = entry.value();
      } else if (entry.key() == "offset" || entry.key() == "length") {
        uint64_t number = 0;
        if (llvm::StringRef(entry.value()).getAsInteger(10, number)) {
          return emitError(loc) << what << ": external data " << entry.key()
                                << " '" << entry.value() << "' is not a number";
        }
        (entry.key() == "offset" ? offset : length) = number;
      }
    }
    if (location.empty()) {
      return emitError(loc) << what << ": external data without a 'location'";
    }
    bool escapes =
        llvm::any_of(llvm::make_range(llvm::sys::path::begin(location),
                                      llvm::sys::path::end(location)),
                     [](llvm::StringRef part) { return part == ".."; });
    if (llvm::sys::path::is_absolute(location) || escapes) {
      return emitError(loc)
             << what << ": external data location '" << location
             << "' must be a relative path inside the model directory";
    }
    llvm::SmallString<256> path(llvm::sys::path::parent_path(modelPath));
    llvm::sys::path::append(path, location);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!file) {
      return emitError(loc) << what << ": cannot read external data file '"
                            << path << "': " << file.getError().message();
    }
    uint64_t size = (*file)->getBufferSize();
    uint64_t begin = offset.value_or(0);
    if (begin > size) {
      return emitError(loc) << what << ": external data offset " << begin
                            << " is beyond the end of '" << location << "' ("
                            << size << " bytes)";
    }
    uint64_t count = length.value_or(size - begin);
    if (count > size - begin) {
      return emitError(loc)
             << what << ": external data range [" << begin << ", "
             << begin + count << ") exceeds the size of '" << location << "' ("
             << size << " bytes)";
    }
    return std::string((*file)->getBufferStart() + begin, count);
  }

private:
  llvm::StringRef modelPath;
  Location loc;
  llvm::StringRef what;
};
} // namespace

/// Appends `value` to `bytes` as `width` little-endian bytes.
static void appendLE(std::string &bytes, uint64_t value, unsigned width) {
  for (unsigned i = 0; i < width; ++i) {
    bytes.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  }
}

/// Returns the tensor's data in the Const storage layout (little-endian, one
/// byte per bool) from its typed fields.
static std::string readTypedFields(const onnx::TensorProto &tensor,
                                   unsigned elemBytes) {
  std::string bytes;
  switch (tensor.data_type()) {
  case onnx::TensorProto::FLOAT:
    for (float value : tensor.float_data()) {
      uint32_t bits;
      std::memcpy(&bits, &value, sizeof(bits));
      appendLE(bytes, bits, 4);
    }
    break;
  case onnx::TensorProto::DOUBLE:
    for (double value : tensor.double_data()) {
      uint64_t bits;
      std::memcpy(&bits, &value, sizeof(bits));
      appendLE(bytes, bits, 8);
    }
    break;
  case onnx::TensorProto::INT64:
    for (int64_t value : tensor.int64_data()) {
      appendLE(bytes, static_cast<uint64_t>(value), 8);
    }
    break;
  case onnx::TensorProto::UINT32:
  case onnx::TensorProto::UINT64:
    for (uint64_t value : tensor.uint64_data()) {
      appendLE(bytes, value, elemBytes);
    }
    break;
  default:
    // INT32, INT16, INT8, UINT16, UINT8, BOOL, FLOAT16 and BFLOAT16 (bit
    // patterns) are stored in int32_data.
    for (int32_t value : tensor.int32_data()) {
      appendLE(bytes, static_cast<uint32_t>(value), elemBytes);
    }
    break;
  }
  return bytes;
}

FailureOr<Value> ImportContext::createConstant(const onnx::TensorProto &tensor,
                                               Location loc,
                                               llvm::StringRef what) {
  return createConstantImpl(tensor, /*takeableRawData=*/nullptr, loc, what);
}

FailureOr<Value> ImportContext::createConstant(onnx::TensorProto &&tensor,
                                               Location loc,
                                               llvm::StringRef what) {
  return createConstantImpl(
      tensor, tensor.has_raw_data() ? tensor.mutable_raw_data() : nullptr, loc,
      what);
}

/// A resource blob holding `bytes`. When `storage` is given, `bytes` is its
/// content and the string moves into the blob (no copy) unless its buffer
/// lacks the blob's alignment.
static AsmResourceBlob createBlob(llvm::ArrayRef<char> bytes,
                                  std::string *storage) {
  constexpr size_t alignment = alignof(uint64_t);
  if (!storage) {
    return HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignment);
  }
  auto owned = std::make_unique<std::string>(std::move(*storage));
  llvm::ArrayRef<char> data(owned->data(), owned->size());
  if (reinterpret_cast<uintptr_t>(data.data()) % alignment != 0) {
    return HeapAsmResourceBlob::allocateAndCopyWithAlign(data, alignment);
  }
  return AsmResourceBlob(
      data, alignment,
      [owned = std::move(owned)](void *, size_t, size_t) mutable {
        owned.reset();
      },
      /*dataIsMutable=*/true);
}

FailureOr<Value>
ImportContext::createConstantImpl(const onnx::TensorProto &tensor,
                                  std::string *takeableRawData, Location loc,
                                  llvm::StringRef what) {
  Type elemType = convertElementType(tensor.data_type());
  if (!elemType) {
    return emitError(loc) << what << " has unsupported element type "
                          << getDataTypeName(tensor.data_type());
  }
  if (tensor.has_segment()) {
    return emitError(loc) << what << " is segmented, which is not supported";
  }
  SmallVector<int64_t> shape;
  int64_t numElements = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0) {
      return emitError(loc) << what << " has a negative dimension " << dim;
    }
    if (llvm::MulOverflow(numElements, dim, numElements)) {
      return emitError(loc) << what << " has more elements than 2^63";
    }
    shape.push_back(dim);
  }
  auto type = RankedTensorType::get(shape, elemType);
  unsigned elemBytes = Const::Content::getElementByteSize(elemType);

  // The data: a view of the tensor's raw_data, or read into `owned`.
  std::string owned;
  std::string *storage = &owned;
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL) {
    FailureOr<std::string> external =
        ExternalDataReader(modelPath, loc, what).read(tensor);
    if (failed(external)) {
      return failure();
    }
    owned = std::move(*external);
  } else if (tensor.has_raw_data()) {
    storage = takeableRawData;
  } else {
    owned = readTypedFields(tensor, elemBytes);
  }
  llvm::ArrayRef<char> bytes =
      storage == &owned ? llvm::ArrayRef<char>(owned.data(), owned.size())
                        : llvm::ArrayRef<char>(tensor.raw_data().data(),
                                               tensor.raw_data().size());
  int64_t expected = 0;
  if (llvm::MulOverflow(numElements, static_cast<int64_t>(elemBytes),
                        expected) ||
      bytes.size() != static_cast<uint64_t>(expected)) {
    return emitError(loc) << what << " of type " << type << " holds "
                          << bytes.size() << " bytes of data, expected "
                          << expected;
  }
  static_assert(
      llvm::endianness::native == llvm::endianness::little,
      "ONNX data is little-endian; big-endian hosts need a byte swap here");

  ElementsAttr elements;
  if (elemType.isInteger(1)) {
    if (storage != &owned) {
      owned.assign(bytes.begin(), bytes.end());
      storage = &owned;
    }
    for (char &byte : owned) {
      byte = byte != 0 ? 1 : 0;
    }
    bytes = llvm::ArrayRef<char>(owned.data(), owned.size());
  }
  if (static_cast<int64_t>(bytes.size()) > options.resourceThresholdBytes) {
    std::string key = "onnx_" + (tensor.name().empty() ? std::string("constant")
                                                       : tensor.name());
    for (char &c : key) {
      if (!llvm::isAlnum(c) && c != '_' && c != '.') {
        c = '_';
      }
    }
    elements =
        DenseResourceElementsAttr::get(type, key, createBlob(bytes, storage));
  } else if (elemType.isInteger(1)) {
    SmallVector<bool> bools;
    for (char byte : bytes) {
      bools.push_back(byte != 0);
    }
    elements = DenseElementsAttr::get(type, llvm::ArrayRef<bool>(bools));
  } else {
    elements = DenseElementsAttr::getFromRawBuffer(type, bytes);
  }
  // The dialect refuses what the compiler's tensors cannot hold (e.g. more
  // dimensions than a memory order has): an error on the initializer.
  auto content = Const::ContentAttr::getChecked(
      [&] { return emitError(loc) << what << ": "; }, elements,
      llvm::ArrayRef<Const::TransformationAttrInterface>());
  if (!content) {
    return failure();
  }
  return builder.create<Const::DeclareOp>(loc, content).getResult();
}

Value ImportContext::createSplatConstant(Type elemType,
                                         llvm::ArrayRef<int64_t> shape,
                                         double value, Location loc) {
  auto type = RankedTensorType::get(shape, elemType);
  Attribute scalar;
  if (auto floatType = llvm::dyn_cast<FloatType>(elemType)) {
    scalar = FloatAttr::get(floatType, value);
  } else {
    scalar = IntegerAttr::get(elemType, static_cast<int64_t>(value));
  }
  auto elements = DenseElementsAttr::get(type, scalar);
  return builder
      .create<Const::DeclareOp>(loc, Const::ContentAttr::get(elements))
      .getResult();
}

std::optional<SmallVector<double>>
ImportContext::getConstantValues(Value value) {
  auto declare = value.getDefiningOp<Const::DeclareOp>();
  if (!declare) {
    return std::nullopt;
  }
  Const::Content content = declare.getContent().fold();
  SmallVector<double> values;
  for (int64_t i = 0, e = content.getNumElements(); i < e; ++i) {
    values.push_back(content.getDouble(i));
  }
  return values;
}

std::string ImportContext::getFreezeInputHint(Value value) const {
  SmallVector<std::string> names;
  for (BlockArgument argument : evaluator->getBlockingArguments(value)) {
    for (const auto &entry : values) {
      if (entry.second == argument) {
        names.push_back(entry.first().str());
        break;
      }
    }
  }
  if (names.empty()) {
    return "";
  }
  llvm::sort(names);
  std::string text = names.size() == 1 ? "; to import it with a fixed value, "
                                         "bind graph input "
                                       : "; to import it with fixed values, "
                                         "bind graph inputs ";
  for (auto [i, name] : llvm::enumerate(names)) {
    text += (i ? ", '" : "'") + name + "'";
  }
  text += " with";
  for (const std::string &name : names) {
    text += " --freeze-input " + name + "=FILE.npy";
  }
  return text;
}

/// Reads input `index` of `node` through `read` (the evaluator's getInts or
/// getFloats) and reports a value that is not known at import time, ending
/// with `hint(value)`.
template <typename T, typename ReadFn, typename HintFn>
static FailureOr<SmallVector<T>>
readConstantInput(const ImportContext &ctx, const onnx::NodeProto &node,
                  int index, llvm::StringRef what, ReadFn read, HintFn hint) {
  FailureOr<Value> value = ctx.getInput(node, index);
  if (failed(value)) {
    return failure();
  }
  SmallVector<T> values;
  std::string reason;
  switch (read(*value, values, reason)) {
  case ConstantEvaluator::Status::Evaluated:
    return values;
  case ConstantEvaluator::Status::Error:
    return ctx.emitNodeError(node)
           << "cannot evaluate input '" << what << "' ('" << node.input(index)
           << "') at import time";
  case ConstantEvaluator::Status::NotEvaluable:
    break;
  }
  return ctx.emitNodeError(node)
         << "input '" << what << "' ('" << node.input(index)
         << "') must be known at import time (a constant, or computed from "
            "constants and "
            "static shapes), but "
         << reason << hint(*value);
}

FailureOr<SmallVector<int64_t>>
ImportContext::getConstantInts(const onnx::NodeProto &node, int index,
                               llvm::StringRef what) {
  return readConstantInput<int64_t>(
      *this, node, index, what,
      [&](Value value, SmallVectorImpl<int64_t> &values, std::string &reason) {
        return evaluator->getInts(value, values, reason);
      },
      [&](Value value) { return getFreezeInputHint(value); });
}

FailureOr<SmallVector<double>>
ImportContext::getConstantFloats(const onnx::NodeProto &node, int index,
                                 llvm::StringRef what) {
  return readConstantInput<double>(
      *this, node, index, what,
      [&](Value value, SmallVectorImpl<double> &values, std::string &reason) {
        return evaluator->getFloats(value, values, reason);
      },
      [&](Value value) { return getFreezeInputHint(value); });
}

void ImportContext::clearConstantCache() { evaluator->clear(); }

//===----------------------------------------------------------------------===//
// Op creation
//===----------------------------------------------------------------------===//

FailureOr<Operation *> ImportContext::createOp(
    llvm::StringRef opName, Location loc, ValueRange operands,
    llvm::ArrayRef<NamedAttribute> attributes, unsigned numResults) {
  // An error of the op's checks names the ONNX node in a note (the node's
  // location prints as the model file only).
  ScopedDiagnosticHandler nodeNote(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      if (auto nameLoc = llvm::dyn_cast<NameLoc>(loc)) {
        diag.attachNote(loc)
            << "while importing ONNX node '" << nameLoc.getName().getValue()
            << "' as " << opName;
      }
    }
    return failure(); // Not handled here: the diagnostic goes on to the tool's
                      // handler.
  });
  // Build with placeholder result types, then infer them from the op's own
  // properties (so inference sees the inherent attributes exactly as the op
  // stores them).
  OperationState state(loc, opName);
  state.addOperands(operands);
  state.addAttributes(attributes);
  state.addTypes(SmallVector<Type>(numResults, NoneType::get(context)));
  Operation *op = builder.create(state);
  auto infer = llvm::dyn_cast<InferTypeOpInterface>(op);
  assert(infer && "IE layer ops infer their result types");
  SmallVector<Type> types;
  if (failed(infer.inferReturnTypes(
          context, loc, op->getOperands(), op->getRawDictionaryAttrs(),
          op->getPropertiesStorage(), op->getRegions(), types)) ||
      types.size() != numResults) {
    op->erase();
    return failure();
  }
  for (auto [result, type] : llvm::zip(op->getResults(), types)) {
    result.setType(type);
  }
  if (failed(mlir::verify(op, /*verifyRecursively=*/false))) {
    op->erase();
    return failure();
  }
  return op;
}

} // namespace mlir::vpuc::onnx_frontend
