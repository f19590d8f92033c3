//===- PrintStatistics.td - Statistics of VPURT functions --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares PrintStatisticsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS
#define VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS

include "mlir/Pass/PassBase.td"

def PrintStatisticsPass
    : Pass<"vpuc-vpurt-print-statistics", "::mlir::ModuleOp"> {
  let summary = "Reports tasks per executor, barriers and memory per section "
                "of VPURT functions";
  let description = [{
    Prints, for every function with a body in the top module, a summary of
    its VPURT form, and changes nothing:

    * the tasks (`VPURT.Task`), in total and per executor (kind and
      instance, e.g. `DMA_NN[1]`; an activation SHAVE's instance is
      `tile * shaves + shave`, see `VPUIP.SW.Kernel`), in executor order;
    * the barriers: virtual (`VPURT.DeclareVirtualBarrier`) and configured
      (`VPURT.ConfigureBarrier`) ones, the distinct hardware ids used, and the
      largest producer and consumer counts of one barrier (as the runtime
      counts them, see `VPURT::getBarrierCounts`);
    * the memory per section: the bytes the declared buffers reach (the
      largest end of a `VPURT.DeclareBuffer` in the section) and, where
      known, the size of the section (the network argument, the module's
      `VPURT.section_sizes`, the target's CMX size).

    The report goes to a remark on the function by default, to standard
    output with `output=-`, or to the file `output` (overwritten).

    ```
    VPURT statistics of @main:
      tasks: 3
        DMA_NN[0]: 1
        DMA_NN[1]: 1
        SHAVE_ACT[0]: 1
      barriers: 2 virtual, 0 configured on 0 hardware id(s), at most 1 producer(s) and 1 consumer(s) per barrier
      memory (bytes reached / section size):
        NetworkInput[0]: 2000 / 2000
        NetworkOutput[0]: 2000 / 2000
        DDR: 4048 / 4096
    ```
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Where the report goes: empty for a remark on each function, '-' "
           "for standard output, else a file path">,
  ];
}

#endif // VPUC_PASSES_VPURT_PRINT_STATISTICS_PRINTSTATISTICS
