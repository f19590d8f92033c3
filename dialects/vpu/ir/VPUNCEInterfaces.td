//===- VPUNCEInterfaces.td - Op interface of the NCE ops ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// NCEOpInterface: what generic passes (tiling, multi-cluster strategies, the
// cost model, the bufferisation into VPUIP.NCEClusterTask) read of any NCE op.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES
#define VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES

include "mlir/IR/OpBase.td"

def VPU_NCEOpInterface : OpInterface<"NCEOpInterface"> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let description = [{
    An op that runs on the NCE (the DPUs of a cluster): `VPU.NCE.Convolution`,
    `.DepthConvolution`, `.MaxPool`, `.AveragePool` and `.Eltwise`. Every NCE op reads
    NHWC activations of one image, computes over a window (kernel, strides, pads: an
    eltwise op has the 1 x 1 window with unit strides and no padding) and post-processes
    its output with a PPE (`#VPU.PPE`).

    The optional `cluster` attribute names the cluster (tile) whose DPUs run the op (0
    when absent): the lowering puts the op's CMX buffers in `CMX_NN[cluster]`.
    vpuc-vpu-multi-cluster sets it; the index must be non-negative, and below the
    module's cluster count where the module has `VPUIP.resources` (checked by the
    passes that read it, since the VPU dialect does not depend on VPUIP).

    The HW limits are not methods: they are the functions of NCELimits.h
    (`VPU::NCE::checkWindow`, `checkChannels`, ...), which the ops' verifiers and their
    static `isSupported(IE op, log)` queries share, so that no pass restates a limit.
  }];
  let methods = [
    InterfaceMethod<"Returns the kernel size (KY, KX).",
      "::llvm::SmallVector<int64_t, 2>", "getKernelSizeVector">,
    InterfaceMethod<"Returns the strides (SY, SX).",
      "::llvm::SmallVector<int64_t, 2>", "getStridesVector">,
    InterfaceMethod<"Returns the padding before the data (top, left).",
      "::llvm::SmallVector<int64_t, 2>", "getPadsBeginVector">,
    InterfaceMethod<"Returns the padding after the data (bottom, right).",
      "::llvm::SmallVector<int64_t, 2>", "getPadsEndVector">,
    InterfaceMethod<"Returns the post-processing of the output.",
      "::mlir::vpuc::VPU::PPEAttr", "getPPE", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op.getPpe(); }]>,
    InterfaceMethod<"Returns the activation input (NHWC, [1, C, H, W]).",
      "::mlir::Value", "getActivation", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op->getOperand(0); }]>,
    InterfaceMethod<[{
        Returns the cluster (tile) that runs the op: its `cluster` attribute,
        0 when absent.
      }],
      "int64_t", "getClusterIndex", (ins), [{}],
      /*defaultImplementation=*/[{
        std::optional<uint64_t> cluster = $_op.getCluster();
        return cluster ? static_cast<int64_t>(*cluster) : 0;
      }]>,
    InterfaceMethod<"Sets the cluster (tile) that runs the op.",
      "void", "setClusterIndex", (ins "int64_t":$cluster), [{}],
      /*defaultImplementation=*/[{
        $_op.setClusterAttr(::mlir::IntegerAttr::get(
            ::mlir::IntegerType::get($_op->getContext(), 64), cluster));
      }]>,
  ];
}

#endif // VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES
