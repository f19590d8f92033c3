//===- AddBuffersForNetResults.td - Output buffers ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AddBuffersForNetResultsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS
#define VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS

include "mlir/Pass/PassBase.td"

def AddBuffersForNetResultsPass
    : Pass<"vpuc-vpuip-add-buffers-for-net-results", "::mlir::ModuleOp"> {
  let summary = "Gives every network result an output buffer argument";
  let description = [{
    Brings the network functions to the calling convention of the runtime
    (the VPURT dialect): the arguments are the network inputs followed by the
    network outputs, and the function returns its output arguments. For every
    public function with a body in the top module, each result `i` gets a new
    trailing argument (the output buffer: a compact DDR buffer with the
    result's shape, element type and dimension order), the returned value is
    copied into it right before the return (`VPUIP.Copy`, or `VPUIP.NNDMA` on
    port 0 with `use-dma`), and the function returns the copies. Results of
    other types than VPUIP buffers are an error, and so is a function that is
    called (its signature cannot change under its callers); other references
    to it (the entry point of `IE.CNNNetwork`) stay valid. Private functions
    and declarations (e.g. the kernels of `module @VPU.SW`) are left alone.

    The pass always adds arguments: running it twice gives two sets.

    ```mlir
    func.func @main(%in: memref<1x8xf16>) -> memref<1x8xf16> {
      %buf = memref.alloc() : memref<1x8xf16>
      %r = VPUIP.NNDMA inputs(%in : memref<1x8xf16>) outputs(%buf : memref<1x8xf16>) -> memref<1x8xf16>
      return %r : memref<1x8xf16>
    }
    // becomes
    func.func @main(%in: memref<1x8xf16>, %out: memref<1x8xf16>) -> memref<1x8xf16> {
      %buf = memref.alloc() : memref<1x8xf16>
      %r = VPUIP.NNDMA inputs(%in : memref<1x8xf16>) outputs(%buf : memref<1x8xf16>) -> memref<1x8xf16>
      %c = VPUIP.Copy inputs(%r : memref<1x8xf16>) outputs(%out : memref<1x8xf16>) -> memref<1x8xf16>
      return %c : memref<1x8xf16>
    }
    ```
  }];
  let options = [
    Option<"useDma", "use-dma", "bool", /*default=*/"false",
           "Copy the results with VPUIP.NNDMA on DMA port 0 instead of "
           "VPUIP.Copy">,
  ];
  let dependentDialects = ["::mlir::vpuc::VPUIP::VPUIPDialect"];
}

#endif // VPUC_PASSES_VPUIP_ADD_BUFFERS_FOR_NET_RESULTS_ADDBUFFERSFORNETRESULTS
