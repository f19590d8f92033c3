//===- VPUInterfaces.td - Op interfaces of the VPU dialect -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// SWKernelOpInterface: the software (SHAVE) kernel a VPU layer runs as.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUINTERFACES
#define VPUC_DIALECTS_VPU_IR_VPUINTERFACES

include "mlir/IR/OpBase.td"

def VPU_SWKernelOpInterface : OpInterface<"SWKernelOpInterface"> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let description = [{
    A layer that runs as one call of a software kernel on the SHAVEs (DESIGN.md section 8).
    The call is described at the tensor level, independently of the kernel ABI:

    * `getKernelName()`: the kernel, a snake_case name (`softmax`, `convolution_bias`).
      A name fixes the kernel's signature: its tensor arguments (the op's tensor operands
      as inputs, in operand order, then its results as outputs) and its scalar parameters
      (names, types and order). Ops with optional operands use one name per combination.
    * `getKernelParams(params)`: the values of the scalar parameters, in signature order,
      as named typed attributes (`IntegerAttr` of `i64`, `FloatAttr` of `f32`; see
      SWKernelInfo.h for the conventions: axes are normalised logical dims, per-dim
      lists have exactly 8 entries, flags are 0 / 1). Shapes, orders, strides and element
      types are not parameters: the kernel reads them from its tensor descriptors.

    The VPU -> VPUIP bufferisation maps the name and the parameters onto the kernel
    declarations of the ABI (kernels/abi) with one table, and emits a `VPUIP.SW.Kernel`
    call whose scalars are these attributes.
  }];
  let methods = [
    InterfaceMethod<"Returns the name of the kernel the op runs as.",
      "::llvm::StringRef", "getKernelName">,
    InterfaceMethod<"Appends the kernel's scalar parameters, in signature order, to `params`.",
      "void", "getKernelParams", (ins "::mlir::vpuc::VPU::SWKernelParams &":$params)>,
    InterfaceMethod<"Returns the whole kernel call: name, tensor arguments and parameters.",
      "::mlir::vpuc::VPU::SWKernelInfo", "getKernelInfo", (ins), [{}],
      /*defaultImplementation=*/[{
        ::mlir::vpuc::VPU::SWKernelParams params($_op->getContext());
        $_op.getKernelParams(params);
        return ::mlir::vpuc::VPU::SWKernelInfo::get($_op.getKernelName(),
            $_op->getOperands(), $_op->getResults(), params);
      }]>,
  ];
}

#endif // VPUC_DIALECTS_VPU_IR_VPUINTERFACES
