//===- SWKernelInfo.h - Software kernel calls of VPU layers -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// SWKernelParams and SWKernelInfo: what VPU_SWKernelOpInterface returns, a
// software kernel call at the tensor level. The name and the scalar
// parameters of the call are ABI-independent; the VPU -> VPUIP bufferisation
// maps them onto the kernel declarations of kernels/abi with one table.
//
// Parameter conventions (every VPU.SW op documents its list):
//   * integers are `i64` IntegerAttrs, reals `f32` FloatAttrs, flags i64 0 / 1;
//   * an axis is a logical dim normalised to [0, rank);
//   * a set of axes is an i64 bit mask, bit d for logical dim d;
//   * a per-dim list `x` is the kListSize parameters `x_0` ... `x_7`, the
//     values then zeros;
//   * a permutation is an i64 code of 4-bit digits `perm[i] + 1`, perm[0] the
//     most significant (the DimsOrder code convention);
//   * enums are the value of the IE enum case.
// Shapes, orders, strides and element types are never parameters: the kernel
// reads them from its tensor descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_SWKERNELINFO_H_
#define VPUC_DIALECTS_VPU_IR_SWKERNELINFO_H_

#include <cstdint>
#include <string>

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::VPU {

/// The scalar parameters of a kernel call, in the order of the kernel's
/// signature.
class SWKernelParams {
public:
  /// The number of entries of a per-dim list (the largest tensor rank).
  static constexpr int64_t kListSize = 8;

  explicit SWKernelParams(MLIRContext *context) : context(context) {}

  /// Appends an i64 parameter.
  void addI64(llvm::StringRef name, int64_t value);
  /// Appends an f32 parameter (`value` rounded to float).
  void addF32(llvm::StringRef name, double value);
  /// Appends a flag (i64 1 or 0).
  void addFlag(llvm::StringRef name, bool value);
  /// Appends an axis in [-rank, rank), normalised to [0, rank).
  void addAxis(llvm::StringRef name, int64_t axis, int64_t rank);
  /// Appends a set of axes (each in [-rank, rank)) as a bit mask of logical
  /// dims.
  void addAxesMask(llvm::StringRef name, llvm::ArrayRef<int64_t> axes,
                   int64_t rank);
  /// Appends the per-dim list `name_0` ... `name_7` of `values` (at most
  /// kListSize) and zeros.
  void addI64List(llvm::StringRef name, llvm::ArrayRef<int64_t> values);
  /// Appends the per-dim f32 list `name_0` ... `name_7` of `values` and zeros.
  void addF32List(llvm::StringRef name, llvm::ArrayRef<double> values);
  /// Appends a permutation (at most kListSize entries) as a DimsOrder-style
  /// code.
  void addPermutationCode(llvm::StringRef name,
                          llvm::ArrayRef<int64_t> permutation);

  /// The parameters so far, as named typed attributes.
  llvm::ArrayRef<NamedAttribute> getParams() const { return params; }

private:
  MLIRContext *context;
  llvm::SmallVector<NamedAttribute, 8> params;
};

/// One software kernel call: the kernel, its tensor arguments and its scalar
/// parameters.
struct SWKernelInfo {
  /// The kernel name (see VPU_SWKernelOpInterface).
  std::string name;
  /// The tensors the kernel reads, in argument order.
  llvm::SmallVector<Value, 4> inputs;
  /// The tensors the kernel writes, in argument order.
  llvm::SmallVector<Value, 1> outputs;
  /// The scalar parameters, in argument order.
  llvm::SmallVector<NamedAttribute, 8> params;

  /// Builds a call of `name` on `inputs` and `outputs` with `params`.
  static SWKernelInfo get(llvm::StringRef name, ValueRange inputs,
                          ValueRange outputs, const SWKernelParams &params);

  /// Prints `name(param = value, ...)` (for diagnostics and tests).
  std::string toString() const;
};

/// The rank of the ranked tensor `value`.
int64_t getRank(Value value);

} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_SWKERNELINFO_H_
