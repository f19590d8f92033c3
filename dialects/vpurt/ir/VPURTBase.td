//===- VPURTBase.td - VPURT dialect, enums, types, base op -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The VPURT dialect (level 1, runtime): its definition, the buffer sections,
// the barrier type and the base class of its ops.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_VPURTBASE
#define VPUC_DIALECTS_VPURT_IR_VPURTBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def VPURT_Dialect : Dialect {
  let name = "VPURT";
  let cppNamespace = "::mlir::vpuc::VPURT";
  let summary = "Runtime level: task lists per executor, barriers, placed buffers";
  let description = [{
    VPURT is level 1 of vpuc (DESIGN.md section 3), the last one before the
    blob: the network is a `func.func` whose body lists placed buffers,
    barriers and tasks, in the form the runtime executes.

    **The function.** Its arguments are the network inputs followed by the
    network outputs, as buffers; it returns the output arguments. So with `R`
    results and `A` arguments, arguments `0 .. A-R-1` are the inputs and the
    last `R` arguments the outputs. An argument may carry its network name
    as `VPURT.name = "<name>"` (a non-empty string), which the blob writer
    uses when the module has no `IE.CNNNetwork` description.

    **Buffers.** Every buffer a task uses is a `VPURT.DeclareBuffer`: a byte
    offset in a section (a network input or output, the constants, the DDR
    scratch heap, or the CMX of one cluster), or a constant buffer
    (`const.Declare` with a memref result), whose place in the blob's
    constant section the blob writer chooses. Verifiers check that a buffer
    lies within its section whenever the section's size is known: the
    function argument for network inputs and outputs, the target's CMX size
    (`VPUIP.resources`) for CMX, and the module attribute
    `VPURT.section_sizes = {DDR = <bytes> : i64, Constant = <bytes> : i64}`
    (set by the DDR allocator and the constant packer; either key may be
    absent) for the DDR and constant sections.

    **Barriers.** Before physical assignment barriers are
    `VPURT.DeclareVirtualBarrier`s; afterwards `VPURT.ConfigureBarrier<id>`s,
    where successive `ConfigureBarrier`s with the same id are successive uses
    of one hardware barrier. A barrier is released when all the tasks that
    update it have finished; a task starts when all the barriers it waits on
    are released. Every barrier that is used must have at least one producer
    and at least one consumer: a barrier waited on but never updated would
    block its consumers forever, and one updated but never waited on orders
    nothing, so both are verifier errors (a barrier with no uses at all is
    dead code that canonicalisation removes).

    **Tasks and task lists.** A `VPURT.Task` wraps exactly one VPUIP task op
    (`VPUIP_TaskOpInterface`), which gives its executor: a kind (DMA, DPU,
    activation SHAVE, UPA SHAVE) and an instance (DMA port, cluster/tile). The
    task lists are implicit: the task list of an executor is the sequence of
    the `VPURT.Task` ops of the function that run on it, in the order they
    appear in the function body. Each executor runs its list in that order;
    tasks of different executors are ordered only by barriers. (The blob
    writer and the emulator build the lists with `VPURT::getTaskLists`.)

    ```mlir
    func.func @main(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>) -> memref<1x1000xf16> {
      %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
      %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
      %2 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
      %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
      VPURT.Task updates(%b) {
        %r = VPUIP.NNDMA inputs(%0 : memref<1x1000xf16>) outputs(%1 : memref<1x1000xf16>) -> memref<1x1000xf16>
      }
      VPURT.Task waits(%b) {
        %r = VPUIP.NNDMA inputs(%1 : memref<1x1000xf16>) outputs(%2 : memref<1x1000xf16>) -> memref<1x1000xf16>
      }
      return %out : memref<1x1000xf16>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::vpuc::VPUIP::VPUIPDialect",
  ];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the dialect's attributes and types (VPURTTypes.cpp).
    void registerAttributesAndTypes();

    /// The module attribute holding the sizes of the DDR and Constant sections.
    static constexpr ::llvm::StringLiteral kSectionSizesAttrName = "VPURT.section_sizes";
    /// The argument attribute naming a network input or output.
    static constexpr ::llvm::StringLiteral kNameAttrName = "VPURT.name";
  }];
}

//===----------------------------------------------------------------------===//
// Buffer sections
//===----------------------------------------------------------------------===//

def VPURT_BufferSection : I32EnumAttr<"BufferSection",
    "where a buffer of the runtime lives", [
      I32EnumAttrCase<"NetworkInput", 0>,
      I32EnumAttrCase<"NetworkOutput", 1>,
      I32EnumAttrCase<"Constant", 2>,
      I32EnumAttrCase<"DDR", 3>,
      I32EnumAttrCase<"CMX_NN", 4>,
    ]> {
  let cppNamespace = "::mlir::vpuc::VPURT";
  let genSpecializedAttr = 0;
}

def VPURT_BufferSectionAttr : EnumAttr<VPURT_Dialect, VPURT_BufferSection,
                                       "section"> {
  let summary = "a memory section of the runtime";
  let description = [{
    `NetworkInput[i]` / `NetworkOutput[i]`: the buffer of network input or
    output `i`, given by the user at inference time; `Constant`: the constants
    stored in the blob; `DDR`: the scratch heap the runtime allocates in DDR;
    `CMX_NN[c]`: the CMX workspace of cluster `c`.
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def VPURT_Barrier : TypeDef<VPURT_Dialect, "Barrier"> {
  let mnemonic = "Barrier";
  let summary = "A barrier between tasks";
  let description = [{
    The value of a `VPURT.DeclareVirtualBarrier` or `VPURT.ConfigureBarrier`,
    used by `VPURT.Task` in its `waits` and `updates` lists.
  }];
}

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

/// The barriers a function uses (an allocation effect on the result keeps two
/// barrier declarations from being merged by CSE; unused ones are dead).
def VPURT_BarrierResource : Resource<"::mlir::vpuc::VPURT::BarrierResource">;

class VPURT_Op<string mnemonic, list<Trait> traits = []> :
    Op<VPURT_Dialect, mnemonic, traits>;

#endif // VPUC_DIALECTS_VPURT_IR_VPURTBASE
