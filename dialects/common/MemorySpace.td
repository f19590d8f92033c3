//===- MemorySpace.td - The memory space attributes --------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The memory space attribute every dialect with a memory (`#VPU.mem`,
// `#VPUIP.mem`) declares from one definition: its parameters, assembly
// format, builders and verifier.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_COMMON_MEMORYSPACE
#define VPUC_DIALECTS_COMMON_MEMORYSPACE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

// `#<dialect>.mem<DDR>` or `#<dialect>.mem<CMX_NN[cluster]>`: the attribute
// `MemorySpaceAttr` of `dialect`, whose MemoryKind enum `kindEnum` has the
// cases DDR and CMX_NN. Verified by verifyMemorySpace (MemorySpace.h, which
// the file including the generated definitions includes first). The def
// gives the summary and description.
class VPUC_MemorySpaceAttr<Dialect dialect, EnumAttrInfo kindEnum>
    : AttrDef<dialect, "MemorySpace"> {
  defvar kindType = kindEnum.cppNamespace # "::" # kindEnum.className;
  let mnemonic = "mem";
  let parameters = (ins
    EnumParameter<kindEnum>:$kind,
    OptionalParameter<"std::optional<int64_t>">:$index
  );
  let assemblyFormat = "`<` $kind (`[` $index^ `]`)? `>`";
  let genVerifyDecl = 1;
  let builders = [
    AttrBuilder<(ins kindType:$kind), [{
      return $_get($_ctxt, kind, std::nullopt);
    }]>,
    AttrBuilder<(ins kindType:$kind, "int64_t":$index), [{
      return $_get($_ctxt, kind, std::optional<int64_t>(index));
    }]>,
  ];
  let extraClassDeclaration = [{
    /// `<DDR>`.
    static MemorySpaceAttr getDDR(::mlir::MLIRContext *context) {
      return get(context, MemoryKind::DDR);
    }
    /// `<CMX_NN[cluster]>`.
    static MemorySpaceAttr getCMX(::mlir::MLIRContext *context,
                                  int64_t cluster) {
      return get(context, MemoryKind::CMX_NN, cluster);
    }
    /// True for DDR.
    bool isDDR() const { return getKind() == MemoryKind::DDR; }
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        MemoryKind kind, std::optional<int64_t> index) {
      return ::mlir::vpuc::verifyMemorySpace(emitError, kind, index);
    }
  }];
}

#endif // VPUC_DIALECTS_COMMON_MEMORYSPACE
