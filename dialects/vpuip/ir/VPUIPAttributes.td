//===- VPUIPAttributes.td - VPUIP attributes ---------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `#VPUIP.mem` (a memory space of a buffer) and `#VPUIP.resources` (the
// target's resources, a module attribute).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES
#define VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES

include "dialects/common/MemorySpace.td"
include "dialects/vpuip/ir/VPUIPBase.td"

def VPUIP_MemorySpaceAttr : VPUC_MemorySpaceAttr<VPUIP_Dialect, VPUIP_MemoryKind> {
  let summary = "A memory of the device, used as the memory space of a memref";
  let description = [{
    `#VPUIP.mem<DDR>` is the external DDR memory (also spelt as no memory space
    at all); `#VPUIP.mem<CMX_NN[c]>` is the CMX workspace of cluster (tile) `c`.
    The CMX needs its cluster index, DDR takes none. With target resources on the
    module, `c` must be below the cluster count (checked by every VPUIP op that
    uses the buffer).

    ```mlir
    memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
    ```
  }];
}

def VPUIP_ResourcesAttr : VPUIP_Attr<"Resources", "resources"> {
  let summary = "The resources of the target the module is compiled for";
  let description = [{
    The modelled hardware limits the level-2 and level-1 verifiers check
    (a subset of the arch description, core/arch/ArchDesc.proto). It is
    attached to the top module as `VPUIP.resources` by the compiler's init pass
    (see `VPUIP::getResourcesAttr(ArchDesc)` in dialects/vpuip/utils); a test can
    attach a smaller one to exercise limits.

    * `arch`: the target's name;
    * `clusters`: NCE clusters (tiles), each with its own CMX;
    * `cmx_size`, `cmx_alignment`: usable CMX bytes per cluster, alignment of a
      CMX allocation;
    * `ddr_alignment`: alignment of a DDR allocation;
    * `dma_ports`, `dma_max_transfer`: DMA engines, bytes one DMA task moves at
      most;
    * `shave_kind`, `shaves`: `ACT` SHAVEs (`shaves` per tile, kernels run as
      `VPUIP.SW.Kernel`) or `UPA` SHAVEs (`shaves` for the whole device, kernels
      run as `VPUIP.UPA.SW`);
    * `barriers`, `max_producers`, `max_consumers`: hardware barriers the compiler
      may use, and the largest producer and consumer counts of one barrier;
    * `dpus`: DPUs per cluster, over which an NCE cluster task's variants are
      split (optional, 1 when absent);
    * `arch_file`: the target description file the target was loaded from,
      when it is not a built-in target (optional, empty when absent), so that
      passes needing more of the description than these fields (e.g. the
      multi-cluster cost model's MAC rates) can load it again;
    * `max_variants`: the most DPU variants one NCE cluster task may have
      (the arch file's `nce.limits.max_variants_per_task`; optional, 0 when
      absent: no limit).

    All values but `max_variants` are positive; the alignments are powers of
    two.

    ```mlir
    module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX",
        clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64,
        dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2,
        barriers = 64, max_producers = 256, max_consumers = 256>} {
    }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"the target's name">:$arch,
    "int64_t":$clusters,
    "int64_t":$cmx_size,
    "int64_t":$cmx_alignment,
    "int64_t":$ddr_alignment,
    "int64_t":$dma_ports,
    "int64_t":$dma_max_transfer,
    EnumParameter<VPUIP_ShaveKind>:$shave_kind,
    "int64_t":$shaves,
    "int64_t":$barriers,
    "int64_t":$max_producers,
    "int64_t":$max_consumers,
    DefaultValuedParameter<"int64_t", "1">:$dpus,
    StringRefParameter<"the target description file of a non-built-in target",
                       "\"\"">:$arch_file,
    DefaultValuedParameter<"int64_t", "0">:$max_variants
  );
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$arch, "int64_t":$clusters,
                     "int64_t":$cmx_size, "int64_t":$cmx_alignment,
                     "int64_t":$ddr_alignment, "int64_t":$dma_ports,
                     "int64_t":$dma_max_transfer,
                     "::mlir::vpuc::VPUIP::ShaveKind":$shave_kind,
                     "int64_t":$shaves, "int64_t":$barriers,
                     "int64_t":$max_producers, "int64_t":$max_consumers,
                     CArg<"int64_t", "1">:$dpus,
                     CArg<"::llvm::StringRef", "\"\"">:$arch_file,
                     CArg<"int64_t", "0">:$max_variants), [{
      return $_get($_ctxt, arch, clusters, cmx_size, cmx_alignment, ddr_alignment,
                   dma_ports, dma_max_transfer, shave_kind, shaves, barriers,
                   max_producers, max_consumers, dpus, arch_file, max_variants);
    }]>,
  ];
  let skipDefaultBuilders = 1;
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Where arch::loadArch finds the target: `arch_file` when set, else the
    /// built-in target `arch`.
    ::llvm::StringRef getArchSource() const {
      return getArchFile().empty() ? getArch() : getArchFile();
    }
  }];
}

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPATTRIBUTES
