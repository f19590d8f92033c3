//===- CountNetworkMacs.td - vpuc-ie-count-network-macs ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares CountNetworkMacsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS
#define VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS

include "mlir/Pass/PassBase.td"

def CountNetworkMacsPass : Pass<"vpuc-ie-count-network-macs", "::mlir::ModuleOp"> {
  let summary = "Records the network's own multiply-accumulates per element type and "
                "constant bytes for the roofline";
  let description = [{
    The emulator's roofline bounds a run's latency from below by the network's arithmetic at
    the target's peak MAC rate. That must be the network's own arithmetic, not what the DPUs
    execute after the hardware passes pad channels (a 3-channel stem padded to 16 executes
    5.3x its MACs) or turn grouped convolutions into dense ones; otherwise padding waste
    would raise the bound instead of lowering the ratio. This pass sums, over the layers of
    the module's functions, `IE.CostOpInterface::getNumMACs` (convolutions, grouped and
    depthwise convolutions, matrix products and fully connected layers) per the element type
    the layer computes in: the storage type of a quantized input (`u8`, `i8`), else the
    input's float type (`f16`, `f32`, ...). It stores the sums on the module as
    `VPUIP.network_macs = {f16 = N : i64, ...}`, which the blob export writes to
    `Header.network_macs`.

    The roofline's DDR bound counts the network's weights once. The constants a blob reads
    are more where the hardware passes pad channels or turn grouped convolutions into dense
    (block-diagonal) ones: RegNetX-400MF's blob read 47 MB of constants for 11 MB of weights
    when its grouped convolutions were dense, which raised its bound to 0.96 of its latency.
    So the pass also sums the bytes of every `const.Declare` of the module (a quantized type
    counts its storage) as `VPUIP.network_weight_bytes = N : i64`, which the export writes to
    `Header.network_weight_bytes`; the emulator's bound counts the lesser of those and the
    constant bytes the tasks read.

    The modes run it right after ie_adaptation, before any hardware rewrite. A layer whose
    MACs depend on a dynamic shape is an error naming it.

    ```mlir
    // module attributes {VPUIP.network_macs = {f16 = 110592 : i64}, VPUIP.network_weight_bytes = 648 : i64}
    %0 = IE.Convolution(%x, %w) ... : tensor<1x3x32x32xf16>, tensor<12x3x3x3xf16> -> tensor<1x12x32x32xf16>
    ```
  }];
  let dependentDialects = ["::mlir::vpuc::VPUIP::VPUIPDialect"];
}

#endif // VPUC_PASSES_IE_COUNT_NETWORK_MACS_COUNTNETWORKMACS
