//===- FeasibleAllocation.td - CMX feasible scheduling ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FeasibleAllocationPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION
#define VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION

include "mlir/Pass/PassBase.td"

def FeasibleAllocationPass
    : Pass<"vpuc-vpuip-feasible-allocation", "::mlir::func::FuncOp"> {
  let summary = "Schedules the VPUIP tasks and places the CMX buffers with "
                "prefetching and spilling (feasible memory scheduler)";
  let description = [{
    Runs the feasible memory scheduler of scheduler/feasible on the tasks of
    the function: it reorders them, prefetches the loads of weights and
    inputs, evicts buffers when the CMX is full (spilling activations to DDR,
    reloading constants and inputs from their source) and gives every CMX
    buffer instance a fixed offset. It replaces the CMX linear scan
    (`vpuc-vpuip-ddr-static-allocation{memory=CMX_NN}`).

    **Place in the pipeline.** After `vpuc-vpuip-convert-copies-to-dma` and
    before `vpuc-vpuip-ddr-static-allocation` (which then places the DDR
    spill buffers the pass creates) and the non-linear
    `vpuc-vpuip-wrap-into-async-regions`. The input is one block of VPUIP
    tasks (`VPUIP_TaskOpInterface`: NNDMA, NCEClusterTask, software kernels,
    UPA tasks) in program order, `memref.alloc`s in DDR and in
    `CMX_NN[c]`, views of them (`VPUIP.SubView`, `VPUIP.GenericReshape`,
    `VPUIP.ConcatView`, ...), constants, DDR `VPUIP.StaticAlloc`s and the
    return.

    **Graph.** Every CMX root buffer (a `memref.alloc` in `CMX_NN[c]`, seen
    through its views with passes/vpuip/utils/BufferLocation.h) is a CMX
    buffer of arena `c`; each cluster's CMX is a separate arena of
    `cmx-bytes` bytes (default: `cmx_size` of `#VPUIP.resources`). Function
    arguments that no task writes (network inputs) and constants are
    reloadable DDR buffers; other DDR roots (allocations, written arguments,
    DDR static allocations) are DDR buffers tracked for dependencies. The
    reads and writes of a task are its memory effects (every buffer operand
    read and written for a task without effects), mapped to root buffers.
    A DMA loading a constant or an input into a CMX buffer nobody else
    writes is a *data task*: the scheduler moves it (just in time or
    prefetched) and reloads its buffer instead of spilling it.

    **Prefetch.** After each compute task the loads of the next
    `prefetch-lookahead` compute tasks are scheduled while they fit, so that
    their DMAs overlap the compute. With `prefetch-leaves-room`, a load is
    made only if the buffers the tasks up to its own place without a load
    (their results, spilled buffers read back) still fit in the arena after
    it, so that prefetching never forces an eviction (a spilled skip
    connection, or weights loaded early, dropped and loaded again). With
    `prefetch-idle-lookahead` N, the loads of up to N further compute tasks
    follow while the estimated DMA queue would otherwise idle during the task
    just scheduled, each only if the buffers up to its user (and
    `prefetch-lookahead` tasks past it) still fit after it, counting the
    release of every buffer after its last user (off by default). The far
    loads speed up some networks and slow others (their buffers crowd CMX,
    so that tasks that could overlap share addresses, or force spills,
    docs/cost_model.md): with `compare-idle-prefetch` the pass also
    schedules without them and keeps the schedule whose estimated makespan
    is lower, the schedule without on a tie.

    **Candidates.** With `extra-prefetch-lookaheads`, the pass also
    schedules with each of those lookaheads (with and without idle
    prefetching as above) and keeps the schedule with the lowest estimate,
    the first candidate on a tie (`prefetch-lookahead` without idle
    prefetching first). The estimate is the list scheduling of
    vpuc-vpuip-list-schedule (scheduler/list) of what the passes after this
    one make of a schedule: the DMAs cut into parts of `dma-part-bytes`
    (vpuc-vpuip-split-dmas: part k of n of each DMA covers bytes
    [k size / n, (k + 1) size / n) of its CMX buffers), balanced over the
    ports by their cycles (vpuc-vpuip-assign-dma-ports), the parts of the
    loads of a constant's copies into the clusters at one offset folded
    into one (vpuc-vpuip-broadcast-dmas, on a target that broadcasts); each
    task or part on its executor (a cluster's DPUs, a SHAVE, a DMA port),
    those that move DDR bytes taking turns on the DDR, after the earlier
    ones it conflicts with in the rewritten function: common bytes one of
    them writes (a reused CMX address, an instance spilled or reloaded, a
    spill slot, the tasks' own accesses), not the schedule's whole-buffer
    orders (the tasks writing two parts of one buffer, every part of a load
    after every earlier user of any of its bytes). With `summary`, the
    remark lists the candidates' estimates and names the one kept.

    **Placement.** Each cluster's arena places a buffer by best fit, away
    from the last `avoid-recent-releases` released ranges while other free
    space holds it: a buffer at the address of one just released waits for
    that buffer's last reader, which would serialise tasks the hardware could
    run together (e.g. the pieces of a software kernel on the SHAVEs of one
    tile). The CMX copies of one constant in several clusters (DMAs whole
    buffers of one type from constants of equal value, i.e. content:
    the weights of the pieces of a layer split over height) are twins: each
    takes the offset of the twin last placed by best fit, while that twin is
    in CMX and the range of its own arena is free, so that
    `vpuc-vpuip-broadcast-dmas` can load them with one DMA (ResNet-50 on
    VPUX37XX default_hw: 4261 -> 4035 us).

    **Shared copies.** The loads of one constant into buffers of one type
    in one cluster (the weights of the row tiles of a layer, each an NCE
    task with its own load) hold the same bytes. With `share-copies`, every
    candidate above is also scheduled with shared copies: when the
    scheduler needs (or
    prefetches) such a buffer while another is in CMX, the buffer takes
    that copy's instance and its load is erased; the instance is released
    when the last buffer in it is. Unlike `vpuc-vpuip-share-constant-loads`,
    which decides before the schedule, a copy is shared only while the
    schedule keeps it anyway, so no buffer lives longer than the load it
    replaces would have. The memory schedule after a shared copy changes,
    though, and can be slower (ResNet-50 on VPUX37XX: 6 % with sharing
    alone): hence the comparison. The best schedule with shared copies is
    kept only if its estimate is lower than the best without by the
    fraction `share-margin`: the estimate errs by about a percent, and with
    twice the candidates one that wins by less is as likely slower
    (resnet18: 0.2 % lower estimate, 2.4 % slower in the emulator).

    **Joint twins.** A twin takes the offset of its resident twin only if
    that range is free in its own cluster; else each copy is loaded on its
    own (EfficientNet-B2 on VPUX37XX: 1.0 MB of its 20.8 MB of constant
    loads). With `joint-twins`, every candidate is also scheduled (with and
    without shared copies) with the scheduler's `jointTwins`: a twin placed
    while no twin of its group is in CMX takes the best fit whose range is
    also free in another twin's cluster. That constrains the placement, so
    the best such schedule is kept only if it beats the best with neither
    by `share-margin`, as shared copies must (EfficientNet-B2: 19.7 MB of
    constant loads, the same latency; MnasNet 4.2 % faster, ResNet-34
    2.7 % slower; docs/cost_model.md).

    **Moves within CMX.** A buffer may not fit although the free bytes of
    its cluster would hold it: they are cut into holes. With `move-to-fit`,
    the schedule kept above is made again with the scheduler's `moveToFit`:
    before an activation is spilled (a DMA to DDR and one back), a resident
    buffer that is neither a shared copy nor a twin is moved within the CMX
    by one CMX -> CMX DMA of its written part, the smallest that joins a
    hole the task's buffers fit; its later readers read the new instance.
    That schedule is kept if its estimate beats the other by `share-margin`.
    Off in the pipelines: always on, it cut EfficientNet-B3's spill traffic
    on VPUX37XX from 18.0 to 12.9 MB but not its latency (docs/cost_model.md).

    **Costs** (estimates for the schedule's timing only, not its
    decisions): the cycles of each task alone under the target's cost model
    (core/cost/CostModel.h, the emulator's; docs/cost_model.md), at least 1
    (`estimateTaskCost` of passes/vpuip/utils/TaskCost.h, shared with
    `vpuc-vpuip-list-schedule`).

    **Rewrite.** The tasks are reordered in the schedule's order. Every CMX
    buffer instance becomes a `VPUIP.StaticAlloc<offset>` in `CMX_NN[c]`
    (what the CMX linear scan produces), and each task uses the instance
    current at its step (views are rebuilt on it). A spill is a DMA of the
    instance to a spill buffer (a new `memref.alloc` in DDR, one per
    spilled buffer) and a DMA from there into the new instance, which later
    users use. When the tasks scheduled before the spill wrote only part of
    the buffer, as boxes that together fill one box (the first parts of a
    concatenation whose other parts are written after the buffer comes
    back), both DMAs move only that box: the rest holds no data yet, and a
    copy of it would read memory no task wrote (the emulator reports such a
    read). A reload is a clone of the data DMA writing the new instance.
    Task results and `VPUIP.ConcatView`s are replaced by the buffers they
    stand for. The order of the body is then a valid sequential schedule,
    and `vpuc-vpuip-wrap-into-async-regions` derives every dependency the
    scheduler computed from it: each is a read/write or write/write conflict
    on a location (a CMX placement, a DDR buffer or a spill buffer), which
    the wrapping sees through the overlapping static allocations.
    `check-dependencies` verifies that claim on the rewritten function (a
    test aid): every dependency of the schedule joins two tasks with
    accesses that may overlap (one writing), or that write disjoint parts
    of one buffer, or whose static allocations share CMX addresses while
    the parts used do not (a placement reusing the addresses of one a task
    read a part of): the scheduler sees whole buffers, the wrapping the
    parts, and such parts need no order.

    **Summary.** The log (`--vpuc-log-level=info`), and with `summary` a
    remark on the function, give the numbers of tasks, steps, spill writes,
    spill reads, reloads, prefetched and shared loads, the CMX peak of every
    cluster and the estimated makespan:
    `12 task(s), 14 step(s); 1 spill write(s) (2048 bytes), 1 spill read(s),
    0 reload(s) (0 bytes), 2 prefetched, 0 shared (0 bytes); CMX peak per
    cluster (of 4096 bytes): CMX_NN[0] 4096; estimated makespan 1234 cycles` (the
    scheduler's own estimate), then with several candidates `; kept
    lookahead 16 idle of the list-scheduled estimates (cycles) lookahead 16
    2988, lookahead 16 idle 2959`. (MLIR pass statistics are not used: the
    system LLVM is built without them.)

    **Errors.** No `#VPUIP.resources`; a task whose CMX buffers of one
    cluster do not fit on their own (it names the task, the buffers and the
    sizes: tiling should have prevented it); a function the pass does not
    handle (several blocks, async regions, CMX static allocations, an op
    that accesses memory but is not a task, a buffer whose root is unknown,
    a CMX buffer returned).

    ```mlir
    %w = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%cst : memref<1000xf16>) outputs(%w : ...)
    // becomes
    %w = VPUIP.StaticAlloc<0> -> memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%cst : memref<1000xf16>) outputs(%w : ...)
    ```
  }];
  let options = [
    Option<"prefetchLookahead", "prefetch-lookahead", "unsigned",
           /*default=*/"16",
           "Prefetch the loads of the next N compute tasks while they fit "
           "(0: just in time)">,
    Option<"prefetchLeavesRoom", "prefetch-leaves-room", "bool",
           /*default=*/"true",
           "Prefetch a load only if the results of the compute tasks up to "
           "its own still fit after it">,
    Option<"prefetchIdleLookahead", "prefetch-idle-lookahead", "unsigned",
           /*default=*/"0",
           "Beyond prefetch-lookahead, prefetch the loads of up to N further "
           "compute tasks while the DMA queue would otherwise idle, each only "
           "if the buffers up to its user still fit after it (releases "
           "counted)">,
    Option<"compareIdlePrefetch", "compare-idle-prefetch", "bool",
           /*default=*/"true",
           "With prefetch-idle-lookahead, also schedule without idle "
           "prefetching and keep that schedule unless the one with it has a "
           "lower list-scheduled makespan estimate">,
    ListOption<"extraPrefetchLookaheads", "extra-prefetch-lookaheads",
               "unsigned",
               "Also schedule with each of these prefetch lookaheads (with and "
               "without idle prefetching as for prefetch-lookahead) and keep "
               "the schedule with the lowest list-scheduled makespan estimate">,
    Option<"dmaPartBytes", "dma-part-bytes", "int64_t", /*default=*/"65536",
           "For compare-idle-prefetch's estimate: the most bytes one DMA "
           "moves once vpuc-vpuip-split-dmas has cut it (its max-bytes; 0: "
           "no cut)">,
    Option<"avoidRecentReleases", "avoid-recent-releases", "unsigned",
           /*default=*/"4",
           "Place a CMX buffer away from the last N released ranges while "
           "other free space holds it, so that fewer tasks wait for the last "
           "reader of the buffer before them at its address (0: plain best "
           "fit)">,
    Option<"shareCopies", "share-copies", "bool", /*default=*/"false",
           "Also schedule every candidate with shared copies (a constant's "
           "load into a cluster's CMX wanted while a copy of the same "
           "constant of the same type is in that CMX is dropped, its readers "
           "read that copy), and keep the best of those if its "
           "list-scheduled makespan estimate beats the best without by "
           "share-margin">,
    Option<"jointTwins", "joint-twins", "bool", /*default=*/"false",
           "Also schedule every candidate with joint twins (a constant's "
           "load into a cluster's CMX, while no copy of it is in another "
           "cluster's CMX, takes an offset free there too, so that the "
           "other cluster's load can be one broadcast with it) and keep the "
           "best if its list-scheduled makespan estimate beats the best "
           "without by share-margin">,
    Option<"moveToFit", "move-to-fit", "bool", /*default=*/"false",
           "When a buffer does not fit although the free CMX bytes of its "
           "cluster would hold it, first move a resident buffer within that "
           "CMX (a CMX -> CMX DMA) if that leaves room, rather than spill "
           "one through DDR">,
    Option<"shareMargin", "share-margin", "double", /*default=*/"0.01",
           "With share-copies or joint-twins: the fraction of the best "
           "estimate with neither by which the best with shared copies, joint "
           "twins or both must be lower to be kept, in [0, 1)">,
    Option<"cmxBytes", "cmx-bytes", "int64_t", /*default=*/"0",
           "CMX bytes of each cluster the pass may use (0: cmx_size of the "
           "target resources)">,
    Option<"summary", "summary", "bool", /*default=*/"false",
           "Emit a remark on each function with the spills, reloads and "
           "the CMX peak of every cluster">,
    Option<"checkDependencies", "check-dependencies", "bool",
           /*default=*/"false",
           "Check that every dependency of the schedule is a conflict the "
           "async wrapping derives from the rewritten function">,
  ];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::vpuc::VPUIP::VPUIPDialect",
  ];
}

#endif // VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION
