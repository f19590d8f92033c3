//===- SwKernelBase.td - Classes of the kernel contract -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The classes SwKernels.td declares the SHAVE software-kernel library with.
// `vpuc-tblgen` reads the declarations and generates from them everything
// that restates a kernel's contract:
//
//   -gen-sw-kernel-abi      the packed `Args` structs, signatures, scalar
//                           ranges, enums and the kernel list (SwKernels.h)
//   -gen-upa-params-fbs     the UPA parameter tables of blob.fbs
//   -gen-upa-params-cpp     writing those tables with flatc's builders and
//                           reading them back into packed scalars
//   -gen-sw-kernel-mapping  the rows of the VPU -> library kernel mapping
//                           that need no code
//
// (vpuc-tblgen -gen-ie-to-vpu-mirrors reads the VPU dialect instead: the
// IE -> VPU.SW lowering of every software layer.)
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_ABI_SWKERNELBASE_TD
#define VPUC_KERNELS_ABI_SWKERNELBASE_TD

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

/// One value of an AbiEnum.
class AbiCase<string caseName, int caseValue, string caseDoc = ""> {
  string name = caseName;
  int value = caseValue;
  string doc = caseDoc;
}

/// An `enum class <name> : int32_t` of the ABI. Values are 0..N-1 in order
/// (the generator checks it); `kMax<name>` is the last one.
class AbiEnum<string enumDoc, list<AbiCase> enumCases> {
  string doc = enumDoc;
  list<AbiCase> cases = enumCases;
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// One argument of a kernel. `name` is the field of the packed `Args`
/// struct (camelCase); the UPA table field is its snake_case form.
class SwArg<string argName, string argDoc> {
  string name = argName;
  string doc = argDoc;
}

/// A tensor the kernel reads. `optional`: absent when its descriptor has no
/// elements.
class In<string argName, string argDoc = ""> : SwArg<argName, argDoc> {
  bit optional = 0;
}
class OptionalIn<string argName, string argDoc = ""> : In<argName, argDoc> {
  let optional = 1;
}

/// A tensor the kernel writes.
class Out<string argName, string argDoc = ""> : SwArg<argName, argDoc>;

/// A signed 32-bit scalar in [min, max]; `default` is its UPA table default.
class I32<string argName, string argDoc = "", int dflt = 0,
          int minValue = -2147483648, int maxValue = 2147483647>
    : SwArg<argName, argDoc> {
  int default = dflt;
  int min = minValue;
  int max = maxValue;
}

/// A 0 / 1 scalar (a bool in the UPA table).
class Flag<string argName, string argDoc = "">
    : I32<argName, argDoc, 0, 0, 1>;

/// A logical dim of the first input, in [0, rank): the compiler checks it
/// against the rank.
class AxisArg<string argName, string argDoc = "">
    : I32<argName, argDoc, 0, 0, 7> {
  bit isAxis = 1;
}

/// A scalar holding a value of `enumDef`.
class EnumArg<string argName, AbiEnum enumDef, string argDoc = "",
              int dflt = 0>
    : I32<argName, argDoc, dflt> {
  AbiEnum enum = enumDef;
}

/// An IEEE binary32 scalar; `default` (a C++ literal) is its UPA default.
class F32<string argName, string argDoc = "", string dflt = "0.0f">
    : SwArg<argName, argDoc> {
  string default = dflt;
}

/// kMaxRank int32 scalars, one per logical dim (0 at and beyond the rank);
/// a vector in the UPA table.
class I32PerDim<string argName, string argDoc = ""> : SwArg<argName, argDoc>;

/// kMaxRank float scalars, one per logical dim (0 at and beyond the rank).
class F32PerDim<string argName, string argDoc = ""> : SwArg<argName, argDoc>;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// A kernel of the library. The record name `X` gives the C++ struct
/// `abi::XKernel`; `name` is the name blobs use (ActKernel.name,
/// UpaLayerTask.kernel). Arguments: inputs, then outputs, then scalars.
class SwKernel<string kernelName, list<SwArg> kernelArgs> {
  string name = kernelName;
  list<SwArg> args = kernelArgs;
  /// The contract: semantics on logical dims, element types, scalars.
  string doc = "";
  /// Every tensor is f32, f16 or bf16 (the compiler rejects other types
  /// before it calls the kernel).
  bit floatOnly = 0;
  /// Element-wise: every output element is computed from the input elements
  /// at its own index alone (the inputs broadcast by NumPy rules), and the
  /// scalars do not depend on the tensors' extents, so a call on matching
  /// pieces of the tensors computes those pieces of the outputs (the compiler
  /// splits such kernels over SHAVEs).
  bit elementwise = 0;
  /// A packed struct shared by kernels with the same arguments (e.g.
  /// "BinaryArgs"); empty: the kernel's own `Args`.
  string sharedArgs = "";
  /// The UPA parameter table (blob.fbs UpaParams member) carrying the scalars
  /// on VPUX30XX; kernels sharing a table must agree on the fields they have
  /// in common. Empty for kernels without scalars.
  string upaTable = "";
  /// VPU kernels (SWKernelInfo names) that run as this kernel with their
  /// tensors in order and each scalar from the VPU parameter of the same name
  /// in snake_case (an AxisArg checked against the input rank, ranges
  /// checked): their mapping rows are generated.
  list<string> vpuKernels = [];
  /// The cost model's SHAVE cycles per vector of `fp16_lanes` elements of
  /// work (core/cost/CostModel.h, getShaveComputeCycles), as a decimal
  /// number: the compiler's task estimates and the emulator's timing read it.
  string cyclesPerVector = "1";
  /// What the work counts: "outputs" (the output elements), "inputs" (the
  /// first input's elements: kernels that read their whole input per pass,
  /// reductions and normalisations) or "kernel" (a count of the kernel's own,
  /// e.g. the MACs of a convolution, which the emulator computes from the
  /// call's arguments and the compiler approximates by the output elements).
  string work = "outputs";
}

/// The library: every kernel in ABI order. The order of first use of the UPA
/// tables is the order of the blob schema's UpaParams union, so new kernels
/// are appended.
class SwKernelLibrary<list<SwKernel> libraryKernels> {
  list<SwKernel> kernels = libraryKernels;
}

#endif // VPUC_KERNELS_ABI_SWKERNELBASE_TD
