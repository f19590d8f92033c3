//===- VPUIPInterfaces.td - Op interfaces of VPUIP ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// TaskOpInterface: the executor a task runs on. VPURT, the schedulers and the
// blob writer work through it instead of lists of op names.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES
#define VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES

include "mlir/IR/OpBase.td"

def VPUIP_TaskOpInterface : OpInterface<"TaskOpInterface"> {
  let cppNamespace = "::mlir::vpuc::VPUIP";
  let description = [{
    An op that is one task of an executor of the device: a DMA, a DPU task, a
    software kernel invocation. The executor is a kind (`ExecutorKind`) and an
    instance: the DMA port, the cluster (tile) for DPU and activation SHAVE
    tasks, 0 for the device-wide pool of UPA SHAVEs. Each (kind, instance)
    pair is one task list of the runtime (see the VPURT dialect).
  }];
  let methods = [
    InterfaceMethod<"Returns the kind of executor that runs the task.",
      "::mlir::vpuc::VPUIP::ExecutorKind", "getExecutorKind">,
    InterfaceMethod<[{
        Returns the executor instance: DMA port, cluster or tile, or 0 for the
        UPA SHAVEs.
      }],
      "int64_t", "getExecutorInstance">,
    InterfaceMethod<[{
        Returns how many times the runtime counts this task on a barrier: each
        barrier the task updates is decremented, and each barrier it waits on
        is consumed, this many times. 1 for DMAs and kernel invocations; the
        number of variants for DPU tasks.
      }],
      "int64_t", "getBarrierCount", (ins), [{}],
      /*defaultImplementation=*/[{ return 1; }]>,
  ];
}

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES
