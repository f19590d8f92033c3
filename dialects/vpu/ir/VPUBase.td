//===- VPUBase.td - VPU dialect, enums, base classes -------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The VPU dialect (level 3, HW-aware tensors): its definition, enums and the
// base classes of its ops and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUBASE
#define VPUC_DIALECTS_VPU_IR_VPUBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def VPU_Dialect : Dialect {
  let name = "VPU";
  let cppNamespace = "::mlir::vpuc::VPU";
  let summary = "HW-aware topology level: layers on tensors that know their layout and memory";
  let description = [{
    VPU is the second half of level 3 of vpuc (DESIGN.md section 3): the network is still a
    graph of pure ops on tensors, but every op is now something the device runs (a SHAVE
    software kernel or an NCE task) and every tensor says where it lives.

    **Tensors.** A VPU tensor is a statically shaped `RankedTensorType` of rank <= 8 whose
    `encoding` holds its dims order and its memory:

    * in DDR (the default memory), the encoding is the project-wide order encoding, exactly
      as at the IE level: none for the default (row-major) order, an `affine_map`
      permutation otherwise (core/shape/DimsOrder.h);
    * in another memory, the encoding is `#VPU.tensor<order = affine_map<...>, mem_space =
      CMX_NN[c]>`: the order (omitted for the default one) and the memory space, whose
      spelling and meaning are those of VPUIP's `#VPUIP.mem<...>`, so that bufferisation
      maps a tensor's memory one to one onto its buffer's memory space.

    ```mlir
    tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>           // NHWC, DDR
    tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>,
                                     mem_space = CMX_NN[0]>>                         // NHWC, CMX of cluster 0
    tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[1]>>                           // row-major, CMX of cluster 1
    ```

    Every layout and memory has exactly one spelling. `#VPU.tensor` implements core/shape's
    `LayoutEncodingAttrInterface`, so `shape::getOrder` / `shape::withOrder` read and
    change the order of any VPU tensor; `VPU::getMemorySpace` / `VPU::withMemorySpace`
    (VPUAttributes.h) do the same for the memory.

    **Software layers.** In the reference-SW mode every layer is a SHAVE software kernel.
    There is one `VPU.SW.<Name>` op per IE layer op `IE.<Name>` that has a kernel (about 90
    ops). Their design choice: the semantics of a layer are defined once, by its IE op,
    and the VPU op *mirrors* that IE op rather than restating it. The tablegen class
    `VPU_IEMirrorOp` takes the IE op's record and copies its operands, attributes, results
    and assembly format (so `VPU.SW.SoftMax` has exactly the attributes of `IE.SoftMax`);
    a generic C++ layer (IEMirror.h) then implements, once for all ops:

    * the verifier: the VPU rules (static shapes of rank <= 8, valid encodings, every tensor
      of the op in one memory space) and then the IE op's own verifier, run on an equivalent
      detached IE op built from the VPU op's attributes and the memory-less types (its
      diagnostics are re-emitted on the VPU op, under its name);
    * result type inference: the IE op's inference on the memory-less types, then the
      result placed in the memory of the op's inputs (a software kernel reads and writes one
      memory; moving data between memories is a copy's job), the order inferred by IE kept;
    * host inference (`IE_InferenceOpInterface`, DESIGN.md section 10), cost
      (`IE_CostOpInterface`) and layouts (`IE_LayoutInfoOpInterface`, from the same layout
      traits) of the IE op, so the reference interpreter runs VPU IR with exactly the IE
      kernels.

    What each op adds is what the VPU level knows and IE does not: the software kernel it
    runs as (`VPU_SWKernelOpInterface`: the kernel name and its typed scalar parameters),
    which the VPU -> VPUIP bufferisation turns into a `VPUIP.SW.Kernel` call. A few
    family ops with a `kind` attribute (`VPU.SW.Eltwise {kind = Add}`) were the
    alternative; they would need their own parameter lists, verifiers and inference per
    kind, i.e. a second copy of the IE definitions, for no gain in the kernel mapping.

    **Views.** Data-flow ops that move no data on their own get VPU ops without a kernel,
    which bufferisation turns into views: `VPU.Reshape` (a reshape of a row-major tensor,
    what IE's Reshape, Squeeze, Unsqueeze and Flatten become), `VPU.AffineReshape`,
    `VPU.Slice` (static offsets and sizes, what unit-step IE slices and IE.Split become) and
    `VPU.Concat`.

    **NCE ops.** In the HW modes, convolutions, pools and eltwise ops run on the DPUs as
    `VPU.NCE.Convolution`, `.DepthConvolution`, `.MaxPool`, `.AveragePool` and `.Eltwise`,
    each with a `#VPU.PPE` post-processing (activation, later requantisation). Their HW limits
    (NCELimits.h) are checked by their verifiers and queried by passes through
    `VPU_NCELegalityOpInterface`, which this dialect attaches to the IE layers that have an
    NCE form; their host inference is the IE op's followed by the PPE.
  }];
  let dependentDialects = ["::mlir::vpuc::IE::IEDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the dialect's attributes (VPUAttributes.cpp).
    void registerAttributes();

    /// The module attribute naming the element types the target's NCE runs,
    /// as the arch file spells them (`nce.limits.element_types`, e.g.
    /// `["i8", "u8", "f16"]`); vpuc-init-compiler sets it. Without it, the NCE
    /// checks accept every element type the compiler lowers to the NCE.
    static constexpr ::llvm::StringLiteral kNCEElementTypesAttrName =
        "VPU.nce_element_types";

    /// The module attribute holding the target's NCE window and channel
    /// limits (`nce.limits` of the arch file) as a dictionary of i64:
    /// `{max_kernel_size, max_stride, max_pad, channel_alignment}`, each
    /// positive; vpuc-init-compiler sets it. The NCE checks read it
    /// (NCE::getTargetLimits); without it they use the built-in targets'.
    static constexpr ::llvm::StringLiteral kNCELimitsAttrName =
        "VPU.nce_limits";
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def VPU_MemoryKind : I32EnumAttr<"MemoryKind", "a memory of the device", [
      I32EnumAttrCase<"DDR", 0>,
      I32EnumAttrCase<"CMX_NN", 1>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class VPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<VPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class VPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<VPU_Dialect, mnemonic, traits>;

#endif // VPUC_DIALECTS_VPU_IR_VPUBASE
