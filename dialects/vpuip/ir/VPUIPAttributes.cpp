//===- VPUIPAttributes.cpp - VPUIP enums, attributes, helpers ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verification of `#VPUIP.resources` (`#VPUIP.mem` is generated whole from
// dialects/common/MemorySpace.td), the buffer type predicate and the memory
// space / resources helpers.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPAttributes.h"

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/common/MemorySpace.h"
#include "dialects/common/ParameterFormats.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include "dialects/vpuip/ir/VPUIPEnums.cpp.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpuip/ir/VPUIPAttributes.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPUIP {

void VPUIPDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/vpuip/ir/VPUIPAttributes.cpp.inc" // IWYU pragma: keep
      >();
}

//===----------------------------------------------------------------------===//
// ResourcesAttr
//===----------------------------------------------------------------------===//

LogicalResult
ResourcesAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringRef arch, int64_t clusters, int64_t cmxSize,
                      int64_t cmxAlignment, int64_t ddrAlignment,
                      int64_t dmaPorts, int64_t dmaMaxTransfer,
                      ShaveKind shaveKind, int64_t shaves, int64_t barriers,
                      int64_t maxProducers, int64_t maxConsumers, int64_t dpus,
                      StringRef /*archFile*/, int64_t maxVariants) {
  if (arch.empty()) {
    return emitError() << "the target name (arch) is empty";
  }
  std::pair<StringRef, int64_t> counts[] = {
      {"clusters", clusters},
      {"cmx_size", cmxSize},
      {"cmx_alignment", cmxAlignment},
      {"ddr_alignment", ddrAlignment},
      {"dma_ports", dmaPorts},
      {"dma_max_transfer", dmaMaxTransfer},
      {"shaves", shaves},
      {"barriers", barriers},
      {"max_producers", maxProducers},
      {"max_consumers", maxConsumers},
      {"dpus", dpus},
  };
  for (auto [name, value] : counts) {
    if (value <= 0) {
      return emitError() << name << " must be positive, got " << value;
    }
  }
  if (maxVariants < 0) {
    return emitError() << "max_variants must not be negative, got "
                       << maxVariants;
  }
  for (auto [name, value] :
       {std::pair<StringRef, int64_t>{"cmx_alignment", cmxAlignment},
        std::pair<StringRef, int64_t>{"ddr_alignment", ddrAlignment}}) {
    if (!llvm::isPowerOf2_64(static_cast<uint64_t>(value))) {
      return emitError() << name << " must be a power of two, got " << value;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool isBufferType(Type type) {
  auto memref = llvm::dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape()) {
    return false;
  }
  Attribute space = memref.getMemorySpace();
  if (space && !llvm::isa<MemorySpaceAttr>(space)) {
    return false;
  }
  if (auto strided = llvm::dyn_cast<StridedLayoutAttr>(memref.getLayout())) {
    if (strided.getOffset() != 0 ||
        llvm::any_of(strided.getStrides(),
                     [](int64_t stride) { return stride < 0; })) {
      return false;
    }
  }
  return succeeded(shape::getOrder(memref)) &&
         succeeded(shape::getElemTypeSize(memref.getElementType()));
}

FailureOr<MemorySpaceAttr> getMemorySpace(Type type) {
  auto memref = llvm::dyn_cast<BaseMemRefType>(type);
  if (!memref) {
    return failure();
  }
  Attribute space = memref.getMemorySpace();
  if (!space) {
    return MemorySpaceAttr::getDDR(type.getContext());
  }
  if (auto attr = llvm::dyn_cast<MemorySpaceAttr>(space)) {
    return attr;
  }
  return failure();
}

MemRefType withMemorySpace(MemRefType type, MemorySpaceAttr space) {
  return MemRefType::get(type.getShape(), type.getElementType(),
                         type.getLayout(), space);
}

bool isSameMemory(Type a, Type b) {
  FailureOr<MemorySpaceAttr> spaceA = getMemorySpace(a);
  FailureOr<MemorySpaceAttr> spaceB = getMemorySpace(b);
  return succeeded(spaceA) && succeeded(spaceB) && *spaceA == *spaceB;
}

ResourcesAttr getResources(Operation *op) {
  for (Operation *current = op; current; current = current->getParentOp()) {
    if (!llvm::isa<ModuleOp>(current)) {
      continue;
    }
    if (auto resources = current->getAttrOfType<ResourcesAttr>(
            VPUIPDialect::kResourcesAttrName)) {
      return resources;
    }
  }
  return {};
}

int64_t getAlignment(ResourcesAttr resources, MemoryKind kind) {
  switch (kind) {
  case MemoryKind::DDR:
    return resources.getDdrAlignment();
  case MemoryKind::CMX_NN:
    return resources.getCmxAlignment();
  }
  llvm_unreachable("unknown MemoryKind");
}

} // namespace mlir::vpuc::VPUIP
