//===- ArgPacker.h - Packing SHAVE kernel arguments -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Builds the bytes of a kernel invocation's argument buffer as SwKernelAbi.h
// lays it out: the packed parameter struct (descriptors and scalars in the
// order they are added), followed by the dims (int32) and strides (int64, in
// bits) arrays the descriptors point to, 8-byte aligned. The buffer is meant
// to be mapped at window address `base` (e.g. WIN_E + args_offset), so the
// array addresses in the descriptors are `base` + their offset in it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_ABI_ARGPACKER_H_
#define VPUC_KERNELS_ABI_ARGPACKER_H_

#include <cstdint>
#include <vector>

#include "kernels/abi/SwKernelAbi.h"

namespace mlir::vpuc::abi {

/// Accumulates the arguments of one invocation; see the file comment.
class ArgPacker {
public:
  /// A buffer to be mapped at window address `base`.
  explicit ArgPacker(uint32_t base = kWinEBase) : base(base) {}

  /// Adds a tensor argument of `kind` (MemRefIn or MemRefOut, which pack the
  /// same way): `dataAddr` is the window address of its element 0, `memDims`
  /// and `memStridesBits` are in memory order (outermost first), `dimsOrder`
  /// the DimsOrder code. Ranks above kMaxRank or mismatched sizes are the
  /// caller's error (asserted).
  void addMemRef(ArgKind kind, uint32_t dataAddr,
                 const std::vector<int64_t> &memDims,
                 const std::vector<int64_t> &memStridesBits, DataType dataType,
                 uint64_t dimsOrder, bool isStatic = true);
  /// Adds an int32 scalar.
  void addI32(int32_t value);
  /// Adds an int64 scalar.
  void addI64(int64_t value);
  /// Adds a float scalar.
  void addF32(float value);

  /// The signature of the arguments added so far.
  const std::vector<ArgKind> &getSignature() const { return kinds; }
  /// The size of the packed parameter struct so far.
  uint32_t getStructSize() const;

  /// The buffer: the parameter struct, then the arrays.
  std::vector<uint8_t> finish() const;

private:
  struct MemRefArg {
    uint32_t dataAddr;
    uint32_t isStatic;
    DataType dataType;
    uint64_t dimsOrder;
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
  };
  struct Arg {
    ArgKind kind;
    /// Index into memRefs for memrefs; the raw bits for scalars.
    uint64_t value;
  };

  uint32_t base;
  std::vector<ArgKind> kinds;
  std::vector<Arg> args;
  std::vector<MemRefArg> memRefs;
};

} // namespace mlir::vpuc::abi

#endif // VPUC_KERNELS_ABI_ARGPACKER_H_
