//===- VPUNCEInterfaces.td - Op interface of the NCE ops ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// NCEOpInterface: what generic passes (tiling, multi-cluster strategies, the
// cost model, the bufferisation into VPUIP.NCEClusterTask) read of any NCE op.
// NCELegalityOpInterface: whether the NCE can run an IE layer, attached by the
// VPU dialect to the IE layers that have an NCE form (NCELegality.h).
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
    static `isSupported(NCE::LayerDesc, log)` queries share, so that no pass restates a
    limit. The window getters default to the op's `strides`, `pads_begin`, `pads_end` and
    `kernel_size` attributes; an op without one of them (the convolutions take the kernel
    from the filter, the eltwise op has no window) declares its own.
  }];
  let methods = [
    InterfaceMethod<"Returns the kernel size (KY, KX).",
      "::llvm::SmallVector<int64_t, 2>", "getKernelSizeVector", (ins), [{}],
      /*defaultImplementation=*/[{
        return ::llvm::SmallVector<int64_t, 2>($_op.getKernelSize());
      }]>,
    InterfaceMethod<"Returns the strides (SY, SX).",
      "::llvm::SmallVector<int64_t, 2>", "getStridesVector", (ins), [{}],
      /*defaultImplementation=*/[{
        return ::llvm::SmallVector<int64_t, 2>($_op.getStrides());
      }]>,
    InterfaceMethod<"Returns the padding before the data (top, left).",
      "::llvm::SmallVector<int64_t, 2>", "getPadsBeginVector", (ins), [{}],
      /*defaultImplementation=*/[{
        return ::llvm::SmallVector<int64_t, 2>($_op.getPadsBegin());
      }]>,
    InterfaceMethod<"Returns the padding after the data (bottom, right).",
      "::llvm::SmallVector<int64_t, 2>", "getPadsEndVector", (ins), [{}],
      /*defaultImplementation=*/[{
        return ::llvm::SmallVector<int64_t, 2>($_op.getPadsEnd());
      }]>,
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

def VPU_NCELegalityOpInterface : OpInterface<"NCELegalityOpInterface"> {
  let cppNamespace = "::mlir::vpuc::VPU";
  let description = [{
    An IE layer that has an NCE form, and the query that says whether the NCE can run
    it: `IE.Convolution` (as `VPU.NCE.Convolution`), `IE.GroupConvolution`
    (`.DepthConvolution`), `IE.MaxPool` (`.MaxPool`), `IE.AvgPool` (`.AveragePool`),
    `IE.Add`, `IE.Subtract` and `IE.Multiply` (`.Eltwise`). The IE dialect does not know
    the NCE: the VPU dialect attaches these models to the IE ops as external models
    (`VPU::registerNCELegalityModels`, a dialect extension that `registerVPUDialect`
    adds).

    The query reads a `VPU::NCE::LayerDesc` (NCELimits.h): the types of the layer's
    tensors and its attributes, no IR. `getNCELayerDesc()` describes the op itself;
    `isLayerSupportedOnNCE(layer, log, options)` is static, so that a pass can ask about
    a rewrite it has not built (`VPU::isSupportedOnNCE<IE::ConvolutionOp>(context,
    layer, log, options)`, NCELegality.h). The limits are those of the NCE op's
    `isSupported` (NCELimits.h); every reason a layer is rejected is logged through
    `log`.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the types of the op's tensors and its attributes as the query reads
        them.
      }],
      "::mlir::vpuc::VPU::NCE::LayerDesc", "getNCELayerDesc">,
    StaticInterfaceMethod<[{
        Returns true if the NCE can run a layer of this kind described by `layer`;
        logs each reason it cannot through `log`.
      }],
      "bool", "isLayerSupportedOnNCE",
      (ins "const ::mlir::vpuc::VPU::NCE::LayerDesc &":$layer,
           "::mlir::vpuc::VPU::LogCallback":$log,
           "::mlir::vpuc::VPU::NCE::SupportOptions":$options)>,
  ];
  let extraClassDeclaration = [{
    /// Returns true if the NCE can run this op as it is; logs each reason it
    /// cannot through `log`.
    bool isSupportedOnNCE(::mlir::vpuc::VPU::LogCallback log,
                          ::mlir::vpuc::VPU::NCE::SupportOptions options = {}) {
      return isLayerSupportedOnNCE(getNCELayerDesc(), log, options);
    }
  }];
}

#endif // VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES
