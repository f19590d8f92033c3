//===- VPUToVPUIP.td - VPU to VPUIP bufferisation pass -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertVPUToVPUIPPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP

include "mlir/Pass/PassBase.td"

def ConvertVPUToVPUIPPass : Pass<"vpuc-convert-vpu-to-vpuip", "::mlir::ModuleOp"> {
  let summary = "Bufferises the VPU dialect: tensors become VPUIP buffers, layers kernel calls";
  let description = [{
    Lowers the functions of the module from VPU tensors (level 3) to VPUIP buffers (level 2),
    as a dialect conversion with a tensor -> memref type converter:

    * Types: `tensor<shape x T, encoding>` becomes the compact `memref` of that shape and
      element type in the tensor's order (no layout for the default order, the `affine_map`
      permutation otherwise) and memory (`#VPUIP.mem<CMX_NN[c]>`; DDR has no memory
      space). Function signatures follow.
    * `const.Declare` of a tensor becomes `const.Declare` of the constant's buffer, with
      the same content and transformations.
    * Every `VPU.SW` layer becomes one call of a kernel of the software-kernel library
      (kernels/abi/SwKernels.h): the op's kernel (`VPU_SWKernelOpInterface`) is mapped
      onto the library's ABI by `VPUIP::mapToAbiKernel`, each result gets a
      `memref.alloc`, and an absent optional operand is passed as an empty constant buffer
      (`const.Declare memref<0xf16>`). On targets with activation SHAVEs
      (`shave_kind = ACT`) the call is a `VPUIP.SW.Kernel` on the tile whose CMX holds the
      layer's tensors, or on tile `tile` for tensors in DDR; on UPA targets a
      `VPUIP.UPA.SW`. The kernels are declared in `module @VPU.SW`, one `func.func private`
      per kernel and operand element types (buffers as `memref<*xT>`, then the scalars;
      `VPUIP.kernel_entry` names the library kernel), named after the kernel when every
      buffer is `f16` and `<kernel>_<element types>` otherwise. ACT targets also get the
      runtime kernel and a `VPUIP.SW.Runtime` with a 16 KB stack per tile.
    * Views: `VPU.Slice` becomes `VPUIP.SubView` (a strided view when the part is not
      compact); `VPU.Reshape` and `VPU.AffineReshape` become `VPUIP.GenericReshape` (after
      a copy into a compact buffer when the input is a strided view); `VPU.Concat` becomes
      an output buffer, a `VPUIP.Copy` of each input into its part and a
      `VPUIP.ConcatView`; `VPU.SW.Reorder` becomes a `VPUIP.Copy` into a buffer of the new
      order (a layout-changing DMA).
    * A function result that is a strided view is copied into a compact buffer first.
    * A `VPU.NCE` op becomes a `VPUIP.NCEClusterTask` on cluster 0 (NCELowering.h):
      its activations are copied into buffers in `#VPUIP.mem<CMX_NN[0]>`, the constant
      weights (OYXI, i.e. NHWC `OCxICxKYxKX`, depthwise `Cx1xKYxKX`) and a constant
      weights table `OCx1x1x4xi32` (per output channel: the byte offset of its weights,
      `0xFFFFFFFF` for dense weights, the FP32 bit patterns of the scale 1.0 and of the
      bias) are copied there too, the output gets a CMX buffer and is copied back to DDR.
      The variants split the output over the cluster's DPUs (`dpus` of the resources):
      over H when there is a row per DPU, else over C in blocks of 16 channels; each
      has the task's padding on the sides where it touches the output's border, and the
      MPE mode `MATRIX` when it is at least 4x4, else `VECTOR`. A layer whose buffers
      do not fit one cluster's CMX is reported (bytes needed and available): it needs
      tiling first.

    The module needs the target resources (`VPUIP.resources`, set by the compiler's init
    pass): they choose between ACT and UPA calls. Before changing anything, the pass checks
    every op of the functions and reports, in one error, each layer it cannot lower (a
    kernel the library does not implement, an op of another dialect on tensors), with its
    location.

    ```mlir
    %0 = VPU.SW.SoftMax(%x) {axis = 1 : i64} : tensor<1x1000xf16> -> tensor<1x1000xf16>
    // becomes, on VPUX37XX
    %buf = memref.alloc() : memref<1x1000xf16>
    %0 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%x : memref<1x1000xf16>)
        outputs(%buf : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%a: memref<1x1000xf16>, %b: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%a, %b, 1 : i32) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    ```
  }];
  let options = [
    Option<"tile", "tile", "int64_t", /*default=*/"0",
           "The tile whose activation SHAVEs run the kernels on DDR tensors (ACT targets)">,
    Option<"eltwiseInPlace", "eltwise-in-place", "bool", /*default=*/"false",
           "The CMX check counts no output for an NCE eltwise op that can write it over an "
           "input (as vpuc-vpu-tiling's eltwise-in-place; vpuc-vpuip-eltwise-in-place does so)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
    "::mlir::vpuc::VPUIP::VPUIPDialect",
  ];
}

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP
