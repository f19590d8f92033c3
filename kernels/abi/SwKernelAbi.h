//===- SwKernelAbi.h - The SHAVE software-kernel ABI ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The binary contract between the compiler, which packs the arguments of a
// software layer into the blob, and the kernels that run it (the SHAVE
// kernels of a device, and the emulator's native kernels). Plain C++ with
// fixed-size types only, so that kernel code can include it too.
//
// Address space. A kernel runs in a 32-bit address space in which three
// windows of 16 MB are mapped (DESIGN.md section 8):
//
//   WIN_D  0x1D000000  the kernel's code and read-only data
//                      (ActKernel.text)
//   WIN_E  0x1E000000  the invocation's arguments and RW data
//                      (ActKernelInvocation.data)
//   WIN_F  0x1F000000  the CMX of the tile the kernel runs on (CMX_NN[tile])
//
// Every address in an argument buffer is such a window address, except the
// data addresses of relocated descriptors (blob.fbs, ActRelocation): a tensor
// outside the tile's CMX (network input or output, constant, DDR scratch)
// has no address the compiler knows, so its descriptor holds dataAddr 0 and
// the runtime, before the kernel runs, maps the tensor into the 32-bit
// space outside the three windows and writes the mapped address of its
// element 0 there (its dims and strides arrays stay in WIN_E). UPA layers
// (VPUX30XX) get all their tensors mapped that way.
//
// Argument buffer. A kernel is entered with the window address of its packed
// parameter struct: the kernel's arguments in declaration order, tensors
// (memrefs) first as `MemRefData` descriptors, then scalars, each at its
// natural size with no padding at all (`getPackedArgSize`). Each descriptor
// points to a `numDims`-long int32 array of dims and an int64 array of
// strides in bits, both in MEMORY order from the outermost to the innermost
// dimension (as core/shape's MemShape/MemStrides), and carries the DimsOrder
// code that maps memory positions back to logical dimensions. The arrays
// normally follow the struct in the same WIN_E buffer (see ArgPacker.h).
//
// Example, `softmax(input: memref, output: memref, axis: i32)`:
//
//   offset  0: MemRefData input    (32 bytes)
//   offset 32: MemRefData output   (32 bytes)
//   offset 64: int32 axis          ( 4 bytes)   total 68 bytes
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_ABI_SWKERNELABI_H_
#define VPUC_KERNELS_ABI_SWKERNELABI_H_

#include <cstddef>
#include <cstdint>

namespace mlir::vpuc::abi {

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

/// Base address of WIN_D (kernel code and read-only data).
inline constexpr uint32_t kWinDBase = 0x1D000000u;
/// Base address of WIN_E (invocation arguments and RW data).
inline constexpr uint32_t kWinEBase = 0x1E000000u;
/// Base address of WIN_F (the tile's CMX).
inline constexpr uint32_t kWinFBase = 0x1F000000u;
/// The size of every window: a buffer mapped into one must not be larger.
inline constexpr uint32_t kWindowSize = 0x01000000u;

/// Where the runtime maps the tensors of a software task that are outside the
/// windows (every operand of a UPA layer, the relocated tensors of an ACT
/// invocation): one after the other from kTensorWindowsBase, in the order of
/// the task's operands, each at a multiple of kTensorWindowAlignment and at
/// most kWindowSize bytes long, all below kTensorWindowsEnd (the end of the
/// SHAVEs' 32-bit address space).
inline constexpr uint64_t kTensorWindowsBase = 0x20000000u;
inline constexpr uint64_t kTensorWindowAlignment = 0x10000u;
inline constexpr uint64_t kTensorWindowsEnd = 0x100000000ull;

/// The address after the tensor window of `size` bytes mapped at `address`
/// (an empty tensor takes one byte), where the next tensor is mapped.
inline constexpr uint64_t getNextTensorWindow(uint64_t address, uint64_t size) {
  return (address + (size > 0 ? size : 1) + kTensorWindowAlignment - 1) /
         kTensorWindowAlignment * kTensorWindowAlignment;
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// Element types of MemRefData::dataType. The values equal those of the blob
/// schema's `DType` (backend/schema/blob.fbs); backend/blob static_asserts it.
enum class DataType : uint32_t {
  Undefined = 0,
  F32 = 1,
  F16 = 2,
  BF16 = 3,
  I8 = 4,
  U8 = 5,
  I16 = 6,
  U16 = 7,
  I32 = 8,
  U32 = 9,
  I64 = 10,
  U64 = 11,
  Bool = 12,
  I4 = 13,
  U4 = 14,
  /// A storage type: only `copy` and `convert` take it (the SHAVEs have no
  /// f64 arithmetic).
  F64 = 15,
};

/// The largest DataType value.
inline constexpr uint32_t kMaxDataType = 15;

/// Bits per element of `type`; 0 for Undefined and unknown values.
constexpr uint32_t getDataTypeBits(DataType type) {
  switch (type) {
  case DataType::F32:
  case DataType::I32:
  case DataType::U32:
    return 32;
  case DataType::F16:
  case DataType::BF16:
  case DataType::I16:
  case DataType::U16:
    return 16;
  case DataType::I8:
  case DataType::U8:
  case DataType::Bool:
    return 8;
  case DataType::I64:
  case DataType::U64:
  case DataType::F64:
    return 64;
  case DataType::I4:
  case DataType::U4:
    return 4;
  case DataType::Undefined:
    return 0;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// MemRefData
//===----------------------------------------------------------------------===//

/// The largest rank a descriptor may have (as DimsOrder).
inline constexpr uint32_t kMaxRank = 8;

/// The descriptor of one tensor argument.
struct __attribute__((packed)) MemRefData {
  /// Window address of the element at index 0.
  uint32_t dataAddr;
  /// 1 when dims and strides are fixed at compile time, 0 when a previous
  /// kernel writes them at run time (dynamic shapes).
  uint32_t isStatic;
  /// The rank, at most kMaxRank.
  uint32_t numDims;
  /// Window address of `int32_t dims[numDims]`, memory order, outermost first.
  uint32_t dimsAddr;
  /// Window address of `int64_t strides[numDims]` in bits, memory order.
  uint32_t stridesAddr;
  /// A DataType value.
  uint32_t dataType;
  /// The DimsOrder code of the layout (core/shape/DimsOrder.h).
  uint64_t dimsOrder;
};

static_assert(sizeof(MemRefData) == 32, "MemRefData is 32 bytes");
static_assert(offsetof(MemRefData, dataAddr) == 0, "MemRefData layout");
static_assert(offsetof(MemRefData, isStatic) == 4, "MemRefData layout");
static_assert(offsetof(MemRefData, numDims) == 8, "MemRefData layout");
static_assert(offsetof(MemRefData, dimsAddr) == 12, "MemRefData layout");
static_assert(offsetof(MemRefData, stridesAddr) == 16, "MemRefData layout");
static_assert(offsetof(MemRefData, dataType) == 20, "MemRefData layout");
static_assert(offsetof(MemRefData, dimsOrder) == 24, "MemRefData layout");

//===----------------------------------------------------------------------===//
// Kernel signatures
//===----------------------------------------------------------------------===//

/// The kinds of kernel arguments. A kernel's signature is the list of its
/// argument kinds; the compiler derives it from the kernel's declaration
/// (memref -> MemRefData, scalars as they are) and the emulator's registry
/// declares it for each native kernel.
enum class ArgKind : uint8_t {
  /// A tensor the kernel reads.
  MemRefIn = 0,
  /// A tensor the kernel writes.
  MemRefOut = 1,
  /// A signed 32-bit scalar.
  I32 = 2,
  /// A signed 64-bit scalar.
  I64 = 3,
  /// An IEEE binary32 scalar.
  F32 = 4,
};

/// True for the two memref kinds.
constexpr bool isMemRefArg(ArgKind kind) {
  return kind == ArgKind::MemRefIn || kind == ArgKind::MemRefOut;
}

/// The packed size of one argument of `kind` in bytes.
constexpr uint32_t getArgSize(ArgKind kind) {
  switch (kind) {
  case ArgKind::MemRefIn:
  case ArgKind::MemRefOut:
    return sizeof(MemRefData);
  case ArgKind::I32:
  case ArgKind::F32:
    return 4;
  case ArgKind::I64:
    return 8;
  }
  return 0;
}

/// The size of the packed parameter struct of a signature.
constexpr uint32_t getPackedArgSize(const ArgKind *kinds, size_t count) {
  uint32_t size = 0;
  for (size_t i = 0; i < count; ++i) {
    size += getArgSize(kinds[i]);
  }
  return size;
}

/// The size of the packed parameter struct of a signature array.
template <size_t N>
constexpr uint32_t getPackedArgSize(const ArgKind (&kinds)[N]) {
  return getPackedArgSize(kinds, N);
}

/// The offset of argument `index` in the packed parameter struct.
constexpr uint32_t getArgOffset(const ArgKind *kinds, size_t index) {
  return getPackedArgSize(kinds, index);
}

} // namespace mlir::vpuc::abi

#endif // VPUC_KERNELS_ABI_SWKERNELABI_H_
