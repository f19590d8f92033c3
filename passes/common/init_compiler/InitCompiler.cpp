//===- InitCompiler.cpp - Record the target on the module -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements InitCompilerPass: loads the target description named by the
// `arch` option and attaches its `#VPUIP.resources` and the element types of
// its NCE (`VPU.nce_element_types`) to the top module.
//
//===----------------------------------------------------------------------===//

#include "passes/common/init_compiler/InitCompiler.h"

#include "core/arch/Arch.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/utils/ArchResources.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

namespace mlir::vpuc::common {

#define GEN_PASS_DEF_INITCOMPILERPASS
#include "passes/common/init_compiler/Passes.h.inc" // IWYU pragma: keep

namespace {

struct InitCompilerPass : public impl::InitCompilerPassBase<InitCompilerPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (arch.empty()) {
      module.emitError()
          << "no target: set the 'arch' option of vpuc-init-compiler to a "
             "known target ("
          << llvm::join(arch::getBuiltinArchNames(), ", ")
          << ") or to the path of a .textproto target description";
      return signalPassFailure();
    }
    llvm::Expected<arch::ArchDesc> desc = arch::loadArch(arch);
    if (!desc) {
      module.emitError() << llvm::toString(desc.takeError());
      return signalPassFailure();
    }
    // A target given by its description file is recorded with the file's
    // absolute path, so that later passes (and later tools reading the IR)
    // can load the whole description again.
    llvm::SmallString<256> archFile;
    if (llvm::none_of(arch::getBuiltinArchNames(), [&](StringRef name) {
          return name.equals_insensitive(arch);
        })) {
      archFile = arch;
      if (std::error_code error = llvm::sys::fs::make_absolute(archFile)) {
        module.emitError() << "cannot make the path of the target description '"
                           << arch << "' absolute: " << error.message();
        return signalPassFailure();
      }
    }
    llvm::Expected<VPUIP::ResourcesAttr> resources =
        VPUIP::getResourcesAttr(&getContext(), *desc, archFile);
    if (!resources) {
      module.emitError() << llvm::toString(resources.takeError());
      return signalPassFailure();
    }
    if (Attribute existing =
            module->getAttr(VPUIP::VPUIPDialect::kResourcesAttrName)) {
      // The dialect's attribute verifier made sure it is a ResourcesAttr.
      auto current = llvm::cast<VPUIP::ResourcesAttr>(existing);
      if (current.getArch() != resources->getArch()) {
        module.emitError() << "the module already targets '"
                           << current.getArch() << "' ("
                           << VPUIP::VPUIPDialect::kResourcesAttrName
                           << "); it cannot be compiled for '"
                           << resources->getArch() << "'";
        return signalPassFailure();
      }
      // Same target: keep the resources the module was given (a test may
      // have shrunk them).
    } else {
      VPUIP::setResources(module, *resources);
    }
    // The element types the NCE runs and its window and channel limits,
    // unless the module has its own (a test may restrict them).
    Builder builder(&getContext());
    const auto &limits = desc->nce().limits();
    if (!module->hasAttr(VPU::VPUDialect::kNCEElementTypesAttrName)) {
      SmallVector<StringRef> types(limits.element_types().begin(),
                                   limits.element_types().end());
      module->setAttr(VPU::VPUDialect::kNCEElementTypesAttrName,
                      builder.getStrArrayAttr(types));
    }
    if (!module->hasAttr(VPU::VPUDialect::kNCELimitsAttrName)) {
      SmallVector<NamedAttribute, 4> fields;
      for (auto [name, value] :
           {std::pair<StringRef, int64_t>{"max_kernel_size",
                                          limits.max_kernel_size()},
            {"max_stride", limits.max_stride()},
            {"max_pad", limits.max_pad()},
            {"channel_alignment", limits.channel_alignment()},
            {"compressed_input_channels",
             limits.compressed_input_channels()}}) {
        if (value == 0) {
          continue; // Optional: 0 is the field's absence.
        }
        fields.push_back(
            builder.getNamedAttr(name, builder.getI64IntegerAttr(value)));
      }
      module->setAttr(VPU::VPUDialect::kNCELimitsAttrName,
                      builder.getDictionaryAttr(fields));
    }
  }
};

} // namespace
} // namespace mlir::vpuc::common
