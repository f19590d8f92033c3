//===- ArgPacker.cpp - Packing SHAVE kernel arguments ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/abi/ArgPacker.h"

#include <cassert>
#include <cstring>

namespace mlir::vpuc::abi {

void ArgPacker::addMemRef(ArgKind kind, uint32_t dataAddr,
                          const std::vector<int64_t> &memDims,
                          const std::vector<int64_t> &memStridesBits,
                          DataType dataType, uint64_t dimsOrder,
                          bool isStatic) {
  assert(isMemRefArg(kind) && "not a memref kind");
  assert(memDims.size() <= kMaxRank && "rank above the ABI's maximum");
  assert(memDims.size() == memStridesBits.size() && "dims/strides mismatch");
  kinds.push_back(kind);
  args.push_back({kind, memRefs.size()});
  memRefs.push_back({dataAddr, isStatic ? 1u : 0u, dataType, dimsOrder, memDims,
                     memStridesBits});
}

void ArgPacker::addI32(int32_t value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  kinds.push_back(ArgKind::I32);
  args.push_back({ArgKind::I32, bits});
}

void ArgPacker::addI64(int64_t value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  kinds.push_back(ArgKind::I64);
  args.push_back({ArgKind::I64, bits});
}

void ArgPacker::addF32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  kinds.push_back(ArgKind::F32);
  args.push_back({ArgKind::F32, bits});
}

uint32_t ArgPacker::getStructSize() const {
  return getPackedArgSize(kinds.data(), kinds.size());
}

static uint32_t alignTo8(uint32_t value) { return (value + 7u) & ~7u; }

std::vector<uint8_t> ArgPacker::finish() const {
  uint32_t structSize = getStructSize();
  // Arrays: per memref, dims (int32) then strides (int64), each 8-aligned.
  std::vector<uint32_t> dimsOffsets, stridesOffsets;
  uint32_t size = alignTo8(structSize);
  for (const MemRefArg &memRef : memRefs) {
    dimsOffsets.push_back(size);
    size = alignTo8(size + 4u * memRef.dims.size());
    stridesOffsets.push_back(size);
    size = alignTo8(size + 8u * memRef.strides.size());
  }
  std::vector<uint8_t> bytes(size, 0);
  uint32_t offset = 0;
  for (const Arg &arg : args) {
    switch (arg.kind) {
    case ArgKind::MemRefIn:
    case ArgKind::MemRefOut: {
      const MemRefArg &memRef = memRefs[arg.value];
      MemRefData data;
      data.dataAddr = memRef.dataAddr;
      data.isStatic = memRef.isStatic;
      data.numDims = static_cast<uint32_t>(memRef.dims.size());
      data.dimsAddr = base + dimsOffsets[arg.value];
      data.stridesAddr = base + stridesOffsets[arg.value];
      data.dataType = static_cast<uint32_t>(memRef.dataType);
      data.dimsOrder = memRef.dimsOrder;
      std::memcpy(bytes.data() + offset, &data, sizeof(data));
      for (size_t i = 0; i < memRef.dims.size(); ++i) {
        int32_t dim = static_cast<int32_t>(memRef.dims[i]);
        std::memcpy(bytes.data() + dimsOffsets[arg.value] + 4 * i, &dim, 4);
        std::memcpy(bytes.data() + stridesOffsets[arg.value] + 8 * i,
                    &memRef.strides[i], 8);
      }
      break;
    }
    case ArgKind::I32:
    case ArgKind::F32: {
      uint32_t bits = static_cast<uint32_t>(arg.value);
      std::memcpy(bytes.data() + offset, &bits, 4);
      break;
    }
    case ArgKind::I64:
      std::memcpy(bytes.data() + offset, &arg.value, 8);
      break;
    }
    offset += getArgSize(arg.kind);
  }
  return bytes;
}

} // namespace mlir::vpuc::abi
