//===- AssignPhysicalBarriers.td - Physical barriers -------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AssignPhysicalBarriersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS
#define VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS

include "mlir/Pass/PassBase.td"

def AssignPhysicalBarriersPass
    : Pass<"vpuc-vpurt-assign-physical-barriers", "::mlir::func::FuncOp"> {
  let summary = "Maps virtual barriers to the target's hardware barriers and "
                "proves the result deadlock-free";
  let description = [{
    Replaces the `VPURT.DeclareVirtualBarrier`s of a VPURT function by
    `VPURT.ConfigureBarrier<id>`s with `id` below the number of physical
    barriers, reusing a hardware barrier once the producers and consumers of
    its previous use have all run. The `ConfigureBarrier`s are listed at the
    place of the first barrier or task, in an order where successive ones with
    the same id are that barrier's successive uses (the order the runtime
    programs them in).

    The work is done by scheduler/barriers on the program the function
    describes (tasks numbered in function order on their executors' task
    lists, virtual barriers numbered in function order):

    1. barriers with more producers or consumers than one hardware barrier
       takes are split (every consumer still waits for every producer);
    2. `assignPhysicalBarriers` picks, in release order, an id whose
       previous use is complete, else one whose reuse only adds an ordering
       the runtime enforces (never one whose previous use a producer of the
       barrier consumes: a task is dispatched only when every barrier it
       references holds the use it names, so it would wait for itself),
       else merges the barrier into a previous use; if
       that greedy finds nothing and there are at least two barriers, the
       program is serialised into segments joined by added sync barriers;
    3. `simulateBarriers` runs the rewritten function's task lists on the
       runtime model of hardware barriers and proves that they cannot
       deadlock and that every original dependency still holds. A failure
       here is an internal error.

    Uses that end up with producers but no consumers (or the reverse) order
    nothing and are dropped. A program that needs more barriers at once than
    exist is an error naming the virtual barrier and tasks (e.g. a diamond
    over three executors with one barrier).

    Limits: `num-barriers`, `max-producers` and `max-consumers`, when not 0,
    else the target's `barriers`, `max_producers`, `max_consumers` from
    `#VPUIP.resources`; without target resources the barrier count must be
    given and the per-barrier counts are unlimited. The per-barrier limits
    count tasks weighted by their barrier count (`getBarrierCount()`, e.g.
    DPU variants): a barrier holds at most `limit / largest count` tasks.

    ```mlir
    %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b2 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    // a chain t0 -b0-> t1 -b1-> t2 -b2-> t3 over two executors becomes, with
    // num-barriers=2:
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %b2 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    ```
  }];
  let options = [
    Option<"numBarriers", "num-barriers", "int64_t", /*default=*/"0",
           "Hardware barriers available (0: the target's barrier count)">,
    Option<"maxProducers", "max-producers", "int64_t", /*default=*/"0",
           "Largest producer count of one barrier (0: the target's, or "
           "unlimited)">,
    Option<"maxConsumers", "max-consumers", "int64_t", /*default=*/"0",
           "Largest consumer count of one barrier (0: the target's, or "
           "unlimited)">,
  ];
  let dependentDialects = ["::mlir::vpuc::VPURT::VPURTDialect"];
}

#endif // VPUC_PASSES_VPURT_ASSIGN_PHYSICAL_BARRIERS_ASSIGNPHYSICALBARRIERS
