//===- TensorConversion.h - NumPy arrays <-> host tensors -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Converts between the arrays of .npy/.npz files (core/npy) and the
// interpreter's HostTensors, with the element types and layouts of the
// network's inputs and outputs: an input array must have the dtype of the
// input's precision and its dims in the input's layout; an output array gets
// the output's precision and layout. Supported element types: f16, f32, f64,
// signed and unsigned integers of 8 to 64 bits (signless ones as signed), i1 as
// bool.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_INTERPRETER_TENSORCONVERSION_H_
#define VPUC_DIALECTS_IE_INTERPRETER_TENSORCONVERSION_H_

#include "core/npy/Npy.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::IE {

/// The NumPy dtype of `elementType`, or an error naming the type.
llvm::Expected<npy::DType> getDType(Type elementType);

/// The values of `array` as a host tensor of the same shape (exact for every
/// dtype except integers beyond 2^24 in magnitude, see HostTensor.h).
HostTensor toHostTensor(const npy::Array &array);

/// `tensor` as an array of `dtype` and the same shape: values converted like a
/// C cast after rounding to the type (integers saturate, NaN gives 0, booleans
/// are value != 0).
npy::Array toArray(const HostTensor &tensor, npy::DType dtype);

/// Converts the arrays of a network's inputs: every input in `infos` needs an
/// array of that name (a network with one input also takes a single array of
/// any name), with the dtype of the input's precision and its shape in the
/// input's layout; no other array may be given. The errors name the input and,
/// for a mismatch, both shapes or dtypes.
llvm::Expected<HostTensorMap>
convertInputs(const npy::ArrayMap &arrays,
              llvm::ArrayRef<NetworkTensorInfo> infos);

/// Converts the interpreter's outputs into arrays of their precisions and
/// layouts, by name.
llvm::Expected<npy::ArrayMap>
convertOutputs(const HostTensorMap &tensors,
               llvm::ArrayRef<NetworkTensorInfo> infos);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_INTERPRETER_TENSORCONVERSION_H_
