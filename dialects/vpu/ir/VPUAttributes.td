//===- VPUAttributes.td - VPU attributes -------------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `#VPU.mem` (a memory of the device) and `#VPU.tensor` (the encoding of a VPU
// tensor outside DDR: its order and memory space).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES
#define VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES

include "core/shape/LayoutEncoding.td"
include "dialects/common/MemorySpace.td"
include "dialects/vpu/ir/VPUBase.td"
include "mlir/IR/TensorEncoding.td"

def VPU_MemorySpaceAttr : VPUC_MemorySpaceAttr<VPU_Dialect, VPU_MemoryKind> {
  let summary = "A memory of the device";
  let description = [{
    `#VPU.mem<DDR>` is the external DDR memory; `#VPU.mem<CMX_NN[c]>` is the CMX workspace
    of cluster (tile) `c`. The spelling, the kinds and their numbering are those of VPUIP's
    `#VPUIP.mem`, which bufferisation maps them to. A tensor in DDR has no memory in its
    type (see the dialect description); this attribute is what `VPU::getMemorySpace`
    returns and what ops that choose a memory take.

    ```mlir
    #VPU.mem<CMX_NN[1]>
    ```
  }];
}

def VPU_TensorEncodingAttr : VPU_Attr<"TensorEncoding", "tensor", [
    DeclareAttrInterfaceMethods<Shape_LayoutEncodingAttrInterface>,
    DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
  ]> {
  let summary = "The order and memory of a VPU tensor outside DDR";
  let description = [{
    The `encoding` of a `RankedTensorType` that does not live in DDR: `order` is its dims
    order as a permutation map (result `i` is the logical dim stored at memory position `i`;
    omitted for the default, row-major order) and `mem_space` its memory, spelt as in
    `#VPU.mem` / `#VPUIP.mem`. DDR tensors do not use this attribute (their encoding is the
    bare order map, or none), so `mem_space` is never DDR: every layout and memory has one
    spelling. The order must be a permutation of the tensor's dims.

    ```mlir
    tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
    tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[1]>>
    ```
  }];
  let parameters = (ins
    OptionalParameter<"::mlir::AffineMapAttr">:$order,
    EnumParameter<VPU_MemoryKind>:$memKind,
    OptionalParameter<"std::optional<int64_t>">:$memIndex
  );
  let assemblyFormat = [{
    `<` (`order` `=` $order^ `,` ` `)? `mem_space` `=` $memKind (`[` $memIndex^ `]`)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The memory space as a `#VPU.mem` attribute.
    MemorySpaceAttr getMemorySpace() const;
  }];
}

// The attributes of the NCE ops.
include "dialects/vpu/ir/VPUAttributesNCE.td"

#endif // VPUC_DIALECTS_VPU_IR_VPUATTRIBUTES
