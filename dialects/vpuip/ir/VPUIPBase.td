//===- VPUIPBase.td - VPUIP dialect, enums, base classes --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The VPUIP dialect (level 2, abstract runtime): its definition, enums, the
// buffer type constraint and the base classes of its ops and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPBASE
#define VPUC_DIALECTS_VPUIP_IR_VPUIPBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def VPUIP_Dialect : Dialect {
  let name = "VPUIP";
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let summary = "Abstract runtime level: buffers, views and executor tasks";
  let description = [{
    VPUIP is level 2 of vpuc (DESIGN.md section 3). Values are buffers: statically
    shaped `memref`s whose layout gives the order of the dimensions in memory and
    whose memory space says where they live. Ops either describe buffers
    (`VPUIP.StaticAlloc`, the views `VPUIP.SubView` and `VPUIP.ConcatView`) or are
    work for an executor of the device (`VPUIP.NNDMA` on a DMA port,
    `VPUIP.SW.Kernel` on the activation SHAVEs of a tile, `VPUIP.UPA.SW` on the
    UPA SHAVEs). `VPUIP.Copy` is a copy whose executor is not chosen yet.

    **Buffers.** A VPUIP buffer is a `memref` with a static shape of rank <= 8, an
    element type with a storage size, and

    * a layout that is the identity (row-major), an `affine_map` permutation (the
      project-wide order encoding, see core/shape/DimsOrder.h: result `i` is the
      logical dimension stored at memory position `i`, e.g. NHWC is
      `affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>`), or a
      `strided<[...]>` layout with static strides and offset 0 (a view into a
      larger buffer; the view's first element is its base address, so the byte
      offset of a view is part of the op that made it, never of the type);
    * a memory space that is absent (DDR) or a `#VPUIP.mem` attribute:
      `#VPUIP.mem<DDR>` or `#VPUIP.mem<CMX_NN[c]>` for the CMX of cluster
      (tile) `c`. The two spellings of DDR are the same memory.

    ```mlir
    memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>
    ```

    **Tasks.** Ops that run on an executor implement `VPUIP_TaskOpInterface`
    (executor kind and instance); VPURT wraps them into `VPURT.Task` ops with
    barriers. Tasks and `VPUIP.Copy` take their input buffers and output buffers
    as operands and return results tied one-to-one to the output buffers (same
    types, the same memory: the results carry the data dependency through SSA
    and `async` regions). They implement `DestinationStyleOpInterface` (the output
    buffers are the inits) and `MemoryEffectsOpInterface` (read the inputs,
    write the output buffers). Views are pure and implement
    `ViewLikeOpInterface`.

    **Software kernels** (DESIGN.md section 8). A module nested in the top module,
    `module @VPU.SW`, declares the kernels as `func.func private` declarations
    with a `VPUIP.kernel_entry = "<name>"` attribute (the kernel's entry point:
    the name the blob and the emulator's kernel registry know it by). Memref
    arguments become `MemRefData` descriptors and must come first; scalar
    (integer or float) arguments follow, as in the kernel's packed parameter
    struct. A memref argument may be unranked (any rank) or ranked (the rank and
    every static dimension must match); its element type must match; its
    layout and memory space are not part of the contract (the descriptor
    carries them).

    ```mlir
    module @VPU.SW {
      func.func private @softmax(memref<*xf16>, memref<*xf16>, i64)
          attributes {VPUIP.kernel_entry = "softmax_fp16"}
      func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
    }
    VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
    ```

    **Target resources.** The module may carry `VPUIP.resources =
    #VPUIP.resources<...>`: the target's clusters, CMX size and alignment, DMA
    ports, SHAVEs and barriers (recorded by the compiler's init pass from the
    arch description). When present, verifiers check every cluster, tile, port
    and size against it; when absent (hand-written tests) those checks are
    skipped.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the dialect's attributes (VPUIPAttributes.cpp).
    void registerAttributes();

    /// The module attribute holding the target's `#VPUIP.resources`.
    static constexpr ::llvm::StringLiteral kResourcesAttrName = "VPUIP.resources";
    /// The module attribute holding the network's own MACs per element type
    /// (a dictionary of i64: {f16 = N, u8 = M}; vpuc-ie-count-network-macs),
    /// which the blob carries for the emulator's roofline.
    static constexpr ::llvm::StringLiteral kNetworkMacsAttrName = "VPUIP.network_macs";
    /// The module attribute holding the bytes of the network's own constants
    /// (an i64; vpuc-ie-count-network-macs), which the blob carries for the
    /// emulator's roofline.
    static constexpr ::llvm::StringLiteral kNetworkWeightBytesAttrName =
        "VPUIP.network_weight_bytes";
    /// The attribute of a kernel declaration naming its entry point.
    static constexpr ::llvm::StringLiteral kKernelEntryAttrName = "VPUIP.kernel_entry";
    /// The name of the module holding the software kernel declarations.
    static constexpr ::llvm::StringLiteral kKernelModuleName = "VPU.SW";
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def VPUIP_MemoryKind : I32EnumAttr<"MemoryKind", "a memory of the device", [
      I32EnumAttrCase<"DDR", 0>,
      I32EnumAttrCase<"CMX_NN", 1>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let genSpecializedAttr = 0;
}

def VPUIP_ExecutorKind : I32EnumAttr<"ExecutorKind",
    "a kind of executor that runs tasks", [
      I32EnumAttrCase<"DMA_NN", 0>,
      I32EnumAttrCase<"DPU", 1>,
      I32EnumAttrCase<"SHAVE_ACT", 2>,
      I32EnumAttrCase<"SHAVE_UPA", 3>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let genSpecializedAttr = 0;
}

def VPUIP_ShaveKind : I32EnumAttr<"ShaveKind",
    "how the target runs software kernels", [
      I32EnumAttrCase<"UPA", 0>,
      I32EnumAttrCase<"ACT", 1>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

/// A VPUIP buffer (see the dialect description and `isBufferType`).
def VPUIP_Buffer : Type<CPred<"::mlir::vpuc::VPUIP::isBufferType($_self)">,
    "buffer (static memref with an identity, permutation or offset-0 strided "
    "layout, in DDR or a #VPUIP.mem memory space)", "::mlir::MemRefType">;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// Checks every buffer operand and result of the op against the target
/// resources: a `CMX_NN[c]` memory space needs `c` below the cluster count.
def VPUIP_MemorySpacesInTarget : NativeOpTrait<"MemorySpacesInTarget"> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
}

class VPUIP_Op<string mnemonic, list<Trait> traits = []> :
    Op<VPUIP_Dialect, mnemonic, !listconcat([VPUIP_MemorySpacesInTarget], traits)>;

class VPUIP_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<VPUIP_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPBASE
