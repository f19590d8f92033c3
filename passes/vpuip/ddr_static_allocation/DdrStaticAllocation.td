//===- DdrStaticAllocation.td - DDR scratch allocation -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares DdrStaticAllocationPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION
#define VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION

include "mlir/Pass/PassBase.td"

def DdrStaticAllocationPass
    : Pass<"vpuc-vpuip-ddr-static-allocation", "::mlir::ModuleOp"> {
  let summary = "Places the DDR buffers in the scratch heap by linear scan";
  let description = [{
    Replaces every `memref.alloc` of a DDR buffer (no memory space or
    `#VPUIP.mem<DDR>`) in the functions of the top module by a
    `VPUIP.StaticAlloc<offset>` into the DDR scratch heap, reusing the memory
    of buffers that are dead, and records the size of the heap as the `DDR`
    entry of the module attribute `VPURT.section_sizes` (the largest over the
    functions; other entries are kept).

    **Schedule and live ranges.** The function body (one block) runs in
    order, so the index of an op in it is its time step. A buffer is live
    from the first to the last op that uses it, through its aliases: views
    (`VPUIP.SubView`, `VPUIP.ConcatView`, any view-like op) and the results
    of tasks and copies (tied to their output buffers) count as the buffer,
    and a use nested in an op's region counts at that op. An allocation
    without uses is live at its own position. `memref.dealloc`s of allocated
    buffers are uses and are erased. Two buffers whose live ranges overlap get
    disjoint bytes; the placement is the linear scan of scheduler/allocator
    (best fit in start order), also compared with its greedy-by-size
    placement unless `greedy-by-size=false`, keeping the lower peak.

    Because the order of the body is the schedule, the pass runs before tasks
    are wrapped into `async.execute` regions (the wrapping then orders tasks
    whose buffers share bytes); a function with `async.execute` ops is an
    error. DDR `VPUIP.StaticAlloc`s already in the function stay where they
    are and the new buffers avoid them while they are live. Allocations in
    other memories (CMX) are left to the CMX allocation.

    **Alignment.** Every offset is a multiple of `alignment` (0: the target's
    `ddr_alignment` from `#VPUIP.resources`, 64 without target resources),
    of the target's `ddr_alignment`, of an `alignment` attribute of the
    `memref.alloc`, and of the element size.

    **CMX.** With `memory=CMX_NN` the pass places the `memref.alloc`s in
    `#VPUIP.mem<CMX_NN[c]>` instead, cluster by cluster, within the target's
    usable CMX (`cmx_size` of `#VPUIP.resources`, which is required; also
    `max-size` when it is smaller) and at multiples of its `cmx_alignment`
    (and of `alignment`). The CMX buffers of a cluster that cannot all be
    placed are an error naming the cluster: the layers need tiling or a
    schedule with spilling. The section sizes are not recorded (the CMX is
    the arch's).

    With `max-size` the heap must fit in that many bytes; a buffer that is
    larger on its own, or a set of live buffers that cannot be placed, is an
    error. The pass logs, at info level (`--vpuc-log-level=info`), the
    buffers, the heap size and the lower bound (largest sum of live bytes)
    of every function.

    ```mlir
    %a = memref.alloc() : memref<1x1000xf16>   // live during ops 0..1
    %b = memref.alloc() : memref<1x1000xf16>   // live during ops 1..2
    %c = memref.alloc() : memref<1x1000xf16>   // live during ops 2..3
    // becomes (alignment 64)
    %a = VPUIP.StaticAlloc<0> -> memref<1x1000xf16>
    %b = VPUIP.StaticAlloc<2048> -> memref<1x1000xf16>
    %c = VPUIP.StaticAlloc<0> -> memref<1x1000xf16>
    // and the module gets VPURT.section_sizes = {DDR = 4048 : i64}
    ```
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"0",
           "Alignment of every DDR buffer in bytes, a power of two (0: the "
           "target's ddr_alignment, or 64 without target resources)">,
    Option<"maxSize", "max-size", "int64_t", /*default=*/"0",
           "Size of the DDR scratch heap in bytes (0: unlimited)">,
    Option<"greedyBySize", "greedy-by-size", "bool", /*default=*/"true",
           "Also run the greedy-by-size placement and keep the lower peak">,
    Option<"memory", "memory", "std::string", /*default=*/"\"DDR\"",
           "The memory whose buffers are placed: DDR (the scratch heap) or "
           "CMX_NN (each cluster's CMX, within the target's usable CMX)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::VPUIP::VPUIPDialect",
    "::mlir::vpuc::VPURT::VPURTDialect",
  ];
}

#endif // VPUC_PASSES_VPUIP_DDR_STATIC_ALLOCATION_DDRSTATICALLOCATION
