//===- UpaParams.cpp - Scalar parameters of UPA layers --------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The parameter tables of blob.fbs as data (fields in schema order with
// their schema defaults), the kernels using them, and the generic writer and
// reader. A field's vtable slot is given by its position, as flatc assigns
// it to tables without `id` attributes; the mapping test checks every table
// against the generated accessors (through the emulator's packers).
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/UpaParams.h"

#include <cstring>
#include <vector>

#include "backend/abi/SwKernels.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::blob {

namespace fb = ::flatbuffers;

namespace {

using K = UpaFieldKind;

//===----------------------------------------------------------------------===//
// The tables of blob.fbs
//===----------------------------------------------------------------------===//

constexpr UpaField kSoftmaxFields[] = {{"axis", K::I32}};
constexpr UpaField kClampFields[] = {{"min", K::F32}, {"max", K::F32}};
constexpr UpaField kActivationFields[] = {
    {"op", K::I32}, {"alpha", K::F32}, {"beta", K::F32}};
constexpr UpaField kTransposeFields[] = {{"perm", K::I32PerDim}};
constexpr UpaField kPadFields[] = {{"mode", K::I32},
                                   {"pad_value", K::F32},
                                   {"pads_begin", K::I32PerDim},
                                   {"pads_end", K::I32PerDim}};
constexpr UpaField kGatherFields[] = {{"axis", K::I32}, {"batch_dims", K::I32}};
constexpr UpaField kDepthSpaceFields[] = {{"block_size", K::I32, 1},
                                          {"mode", K::I32}};
constexpr UpaField kQuantizeFields[] = {
    {"axis", K::I32}, {"qmin", K::I32}, {"qmax", K::I32}};
constexpr UpaField kCumSumFields[] = {
    {"axis", K::I32}, {"exclusive", K::Bool}, {"reverse", K::Bool}};
constexpr UpaField kTopKFields[] = {
    {"axis", K::I32}, {"k", K::I32, 1}, {"mode", K::I32}, {"sort", K::I32}};
constexpr UpaField kReduceFields[] = {
    {"op", K::I32}, {"axes_mask", K::I32}, {"keep_dims", K::Bool}};
constexpr UpaField kMvnFields[] = {{"axes_mask", K::I32},
                                   {"normalize_variance", K::Bool},
                                   {"eps_mode", K::I32},
                                   {"eps", K::F32}};
constexpr UpaField kLayerNormFields[] = {{"axis", K::I32}, {"eps", K::F32}};
constexpr UpaField kNormalizeL2Fields[] = {
    {"axes_mask", K::I32}, {"eps_mode", K::I32}, {"eps", K::F32}};
constexpr UpaField kBatchNormFields[] = {{"eps", K::F32}};
constexpr UpaField kConvolutionFields[] = {
    {"stride_h", K::I32, 1},      {"stride_w", K::I32, 1},
    {"pad_top", K::I32},          {"pad_left", K::I32},
    {"pad_bottom", K::I32},       {"pad_right", K::I32},
    {"dilation_h", K::I32, 1},    {"dilation_w", K::I32, 1},
    {"output_padding_h", K::I32}, {"output_padding_w", K::I32},
    {"groups", K::I32, 1},        {"post_op", K::I32, abi::kNoPostOp},
    {"post_op_alpha", K::F32},    {"post_op_beta", K::F32}};
constexpr UpaField kMatMulFields[] = {{"transpose_a", K::Bool},
                                      {"transpose_b", K::Bool}};
constexpr UpaField kFullyConnectedFields[] = {
    {"post_op", K::I32, abi::kNoPostOp},
    {"post_op_alpha", K::F32},
    {"post_op_beta", K::F32}};
constexpr UpaField kPoolingFields[] = {
    {"kernel_h", K::I32, 1}, {"kernel_w", K::I32, 1}, {"stride_h", K::I32, 1},
    {"stride_w", K::I32, 1}, {"pad_top", K::I32},     {"pad_left", K::I32},
    {"pad_bottom", K::I32},  {"pad_right", K::I32},   {"rounding_type", K::I32},
    {"exclude_pad", K::Bool}};
constexpr UpaField kInterpolateFields[] = {{"mode", K::I32},
                                           {"coord_mode", K::I32},
                                           {"nearest_mode", K::I32},
                                           {"shape_calc_mode", K::I32},
                                           {"exclude_outside", K::Bool},
                                           {"cubic_coeff_a", K::F32, -0.75},
                                           {"extrapolation_value", K::F32},
                                           {"scales", K::F32PerDim},
                                           {"roi_start", K::F32PerDim},
                                           {"roi_end", K::F32PerDim}};

/// Bit `index` of an unusedFields mask.
constexpr uint32_t field(unsigned index) { return 1u << index; }

using P = schema::UpaParams;

/// Every kernel with scalars, in the order of the schema's tables.
const UpaParamTable kTables[] = {
    {"softmax", P::SoftmaxParams, kSoftmaxFields},
    {"log_softmax", P::SoftmaxParams, kSoftmaxFields},
    {"clamp", P::ClampParams, kClampFields},
    {"activation", P::ActivationParams, kActivationFields},
    {"transpose", P::TransposeParams, kTransposeFields},
    {"pad", P::PadParams, kPadFields},
    {"gather", P::GatherParams, kGatherFields},
    {"depth_to_space", P::DepthSpaceParams, kDepthSpaceFields},
    {"space_to_depth", P::DepthSpaceParams, kDepthSpaceFields},
    {"quantize", P::QuantizeParams, kQuantizeFields},
    // Dequantize takes the axis only.
    {"dequantize", P::QuantizeParams, kQuantizeFields, field(1) | field(2)},
    {"cumsum", P::CumSumParams, kCumSumFields},
    {"topk", P::TopKParams, kTopKFields},
    {"reduce", P::ReduceParams, kReduceFields},
    {"mvn", P::MvnParams, kMvnFields},
    {"layer_norm", P::LayerNormParams, kLayerNormFields},
    {"normalize_l2", P::NormalizeL2Params, kNormalizeL2Fields},
    {"batch_norm_inference", P::BatchNormParams, kBatchNormFields},
    // The output padding is for deconvolution only.
    {"convolution", P::ConvolutionParams, kConvolutionFields,
     field(8) | field(9)},
    {"deconvolution", P::ConvolutionParams, kConvolutionFields},
    {"matmul", P::MatMulParams, kMatMulFields},
    {"fully_connected", P::FullyConnectedParams, kFullyConnectedFields},
    // exclude_pad is for avg_pool only.
    {"max_pool", P::PoolingParams, kPoolingFields, field(9)},
    {"avg_pool", P::PoolingParams, kPoolingFields},
    {"interpolate", P::InterpolateParams, kInterpolateFields},
};

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool isPerDim(UpaFieldKind kind) {
  return kind == K::I32PerDim || kind == K::F32PerDim;
}

bool isFloat(UpaFieldKind kind) {
  return kind == K::F32 || kind == K::F32PerDim;
}

/// The number of ABI scalars a field holds.
unsigned getScalarCount(UpaFieldKind kind) {
  return isPerDim(kind) ? abi::kMaxRank : 1;
}

uint32_t floatBits(float value) {
  uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float bitsFloat(uint32_t bits) {
  float value = 0;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// The raw 32 bits of a field's default (int32 or float).
uint32_t getDefaultBits(const UpaField &field) {
  if (isFloat(field.kind)) {
    return floatBits(static_cast<float>(field.defaultValue));
  }
  return static_cast<uint32_t>(static_cast<int32_t>(field.defaultValue));
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

} // namespace

//===----------------------------------------------------------------------===//
// UpaParamTable
//===----------------------------------------------------------------------===//

llvm::SmallVector<abi::ArgKind> UpaParamTable::getScalarKinds() const {
  llvm::SmallVector<abi::ArgKind> kinds;
  for (const abi::KernelDecl &decl : abi::kSwKernels) {
    if (kernel != decl.name) {
      continue;
    }
    for (uint32_t i = 0; i < decl.numArgs; ++i) {
      if (!abi::isMemRefArg(decl.signature[i])) {
        kinds.push_back(decl.signature[i]);
      }
    }
  }
  return kinds;
}

llvm::SmallVector<std::string> UpaParamTable::getScalarTypeNames() const {
  llvm::SmallVector<std::string> names;
  for (abi::ArgKind kind : getScalarKinds()) {
    names.push_back(kind == abi::ArgKind::F32   ? "f32"
                    : kind == abi::ArgKind::I64 ? "i64"
                                                : "i32");
  }
  return names;
}

llvm::Expected<UpaParamsWriter>
UpaParamTable::makeWriter(llvm::ArrayRef<Attribute> params) const {
  llvm::SmallVector<abi::ArgKind> kinds = getScalarKinds();
  std::string what = ("kernel '" + kernel + "'").str();
  if (params.size() != kinds.size()) {
    return makeError(what + " takes " + llvm::Twine(kinds.size()) +
                     " scalars, not " + llvm::Twine(params.size()));
  }
  // The raw 32 bits of each field's scalars; empty for unused fields.
  std::vector<std::vector<uint32_t>> values(fields.size());
  size_t next = 0;
  for (auto [index, field] : llvm::enumerate(fields)) {
    if (unusedFields & (1u << index)) {
      continue;
    }
    for (unsigned i = 0; i < getScalarCount(field.kind); ++i, ++next) {
      std::string scalar = "scalar #" + std::to_string(next) + " (" +
                           field.name + ") of " + what;
      if (next >= params.size()) {
        return makeError(scalar + ": the kernel's signature has fewer "
                                  "scalars than its UPA table");
      }
      Attribute param = params[next];
      if (isFloat(field.kind)) {
        auto attr = llvm::dyn_cast<FloatAttr>(param);
        if (kinds[next] != abi::ArgKind::F32 || !attr) {
          return makeError(scalar + ": expected an f32 value");
        }
        values[index].push_back(
            floatBits(static_cast<float>(attr.getValueAsDouble())));
        continue;
      }
      auto attr = llvm::dyn_cast<IntegerAttr>(param);
      if (kinds[next] != abi::ArgKind::I32 || !attr) {
        return makeError(scalar + ": expected an i32 value");
      }
      int64_t value = attr.getValue().getSExtValue();
      if (value < INT32_MIN || value > INT32_MAX) {
        return makeError(scalar + ": " + llvm::Twine(value) +
                         " does not fit in 32 bits");
      }
      if (field.kind == K::Bool && value != 0 && value != 1) {
        return makeError(scalar + " is a flag, 0 or 1, not " +
                         llvm::Twine(value));
      }
      values[index].push_back(static_cast<uint32_t>(value));
    }
  }
  if (next != params.size()) {
    return makeError(what + ": the kernel's signature has more scalars than "
                            "its UPA table");
  }

  return UpaParamsWriter(
      [kind = kind, fields = fields,
       values = std::move(values)](fb::FlatBufferBuilder &fbb)
          -> std::pair<schema::UpaParams, fb::Offset<void>> {
        // Vectors first (flatbuffers builds no object inside a table), with
        // their trailing zeros dropped: entries beyond a vector are 0.
        std::vector<fb::uoffset_t> vectors(fields.size(), 0);
        for (size_t i = 0; i < fields.size(); ++i) {
          if (!isPerDim(fields[i].kind)) {
            continue;
          }
          std::vector<uint32_t> entries = values[i];
          while (!entries.empty() && entries.back() == 0) {
            entries.pop_back();
          }
          if (entries.empty()) {
            continue;
          }
          if (fields[i].kind == K::I32PerDim) {
            std::vector<int32_t> ints(entries.begin(), entries.end());
            vectors[i] = fbb.CreateVector(ints).o;
          } else {
            std::vector<float> floats;
            for (uint32_t bits : entries) {
              floats.push_back(bitsFloat(bits));
            }
            vectors[i] = fbb.CreateVector(floats).o;
          }
        }
        fb::uoffset_t start = fbb.StartTable();
        for (size_t i = 0; i < fields.size(); ++i) {
          const UpaField &field = fields[i];
          auto slot = fb::FieldIndexToOffset(static_cast<fb::voffset_t>(i));
          if (isPerDim(field.kind)) {
            if (vectors[i] != 0) {
              fbb.AddOffset(slot, fb::Offset<void>(vectors[i]));
            }
            continue;
          }
          // Unused fields keep their defaults; a default is not written
          // (compared bitwise, so -0.0 is kept).
          if (values[i].empty() || values[i][0] == getDefaultBits(field)) {
            continue;
          }
          uint32_t bits = values[i][0];
          switch (field.kind) {
          case K::I32:
            fbb.AddElement<int32_t>(slot, static_cast<int32_t>(bits));
            break;
          case K::Bool:
            fbb.AddElement<uint8_t>(slot, static_cast<uint8_t>(bits));
            break;
          case K::F32:
            fbb.AddElement<float>(slot, bitsFloat(bits));
            break;
          case K::I32PerDim:
          case K::F32PerDim:
            break;
          }
        }
        return {kind, fb::Offset<void>(fbb.EndTable(start))};
      });
}

llvm::Expected<llvm::SmallVector<Attribute>>
UpaParamTable::read(const schema::UpaLayerTask &task,
                    MLIRContext *context) const {
  std::string table = schema::EnumNameUpaParams(kind);
  if (task.params_type() != kind || !task.params()) {
    return makeError("UPA layer '" + kernel + "' needs " + table + ", not " +
                     schema::EnumNameUpaParams(task.params_type()));
  }
  const auto *params = static_cast<const fb::Table *>(task.params());
  Builder builder(context);
  llvm::SmallVector<Attribute> attrs;
  for (auto [index, field] : llvm::enumerate(fields)) {
    auto slot = fb::FieldIndexToOffset(static_cast<fb::voffset_t>(index));
    std::string what = table + "." + field.name;
    // The field's values as raw 32 bits.
    std::vector<uint32_t> bits;
    if (isPerDim(field.kind)) {
      bits.assign(abi::kMaxRank, 0);
      if (field.kind == K::I32PerDim) {
        if (const auto *vector =
                params->GetPointer<const fb::Vector<int32_t> *>(slot)) {
          if (vector->size() > abi::kMaxRank) {
            return makeError(what + " has " + llvm::Twine(vector->size()) +
                             " entries, more than " +
                             llvm::Twine(abi::kMaxRank));
          }
          for (uint32_t d = 0; d < vector->size(); ++d) {
            bits[d] = static_cast<uint32_t>(vector->Get(d));
          }
        }
      } else if (const auto *vector =
                     params->GetPointer<const fb::Vector<float> *>(slot)) {
        if (vector->size() > abi::kMaxRank) {
          return makeError(what + " has " + llvm::Twine(vector->size()) +
                           " entries, more than " + llvm::Twine(abi::kMaxRank));
        }
        for (uint32_t d = 0; d < vector->size(); ++d) {
          bits[d] = floatBits(vector->Get(d));
        }
      }
    } else if (field.kind == K::F32) {
      bits.push_back(floatBits(params->GetField<float>(
          slot, static_cast<float>(field.defaultValue))));
    } else if (field.kind == K::Bool) {
      bits.push_back(params->GetField<uint8_t>(
                         slot, static_cast<uint8_t>(field.defaultValue)) != 0
                         ? 1
                         : 0);
    } else {
      bits.push_back(static_cast<uint32_t>(params->GetField<int32_t>(
          slot, static_cast<int32_t>(field.defaultValue))));
    }

    if (unusedFields & (1u << index)) {
      uint32_t expected = getDefaultBits(field);
      if (llvm::any_of(bits, [&](uint32_t b) { return b != expected; })) {
        return makeError(what + " is not a parameter of kernel '" + kernel +
                         "' and must keep its default");
      }
      continue;
    }
    for (uint32_t value : bits) {
      if (isFloat(field.kind)) {
        attrs.push_back(builder.getF32FloatAttr(bitsFloat(value)));
      } else {
        attrs.push_back(builder.getI32IntegerAttr(static_cast<int32_t>(value)));
      }
    }
  }
  return attrs;
}

//===----------------------------------------------------------------------===//
// Lookups
//===----------------------------------------------------------------------===//

const UpaParamTable *lookupUpaParamTable(llvm::StringRef kernel) {
  for (const UpaParamTable &table : kTables) {
    if (table.kernel == kernel) {
      return &table;
    }
  }
  return nullptr;
}

llvm::ArrayRef<UpaParamTable> getUpaParamTables() { return kTables; }

std::string getUpaParamKernelNames() {
  std::string names;
  for (const UpaParamTable &table : kTables) {
    names += (names.empty() ? "" : ", ") + table.kernel.str();
  }
  return names;
}

} // namespace mlir::vpuc::blob
