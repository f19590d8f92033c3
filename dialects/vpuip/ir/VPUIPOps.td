//===- VPUIPOps.td - VPUIP dialect operations --------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Buffers and views (StaticAlloc, SubView, ConcatView, GenericReshape),
// copies and DMAs (Copy, NNDMA) and software kernels (SW.Kernel,
// SW.Kernel.run, SW.Runtime, UPA.SW).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPOPS
#define VPUC_DIALECTS_VPUIP_IR_VPUIPOPS

include "dialects/vpuip/ir/VPUIPAttributes.td"
include "dialects/vpuip/ir/VPUIPInterfaces.td"
include "dialects/vpuip/ir/VPUIPOpsNCE.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

//===----------------------------------------------------------------------===//
// Buffers and views
//===----------------------------------------------------------------------===//

def VPUIP_StaticAllocOp : VPUIP_Op<"StaticAlloc", [Pure]> {
  let summary = "A buffer at a fixed byte offset of its memory";
  let description = [{
    The buffer of the result type placed at byte `offset` of the memory its
    memory space names (DDR, or the CMX of one cluster). Memory allocation
    replaces `memref.alloc` by this op.

    With target resources on the module, the offset is a multiple of the
    memory's alignment (`cmx_alignment` or `ddr_alignment`) and a CMX buffer
    ends within the cluster's usable CMX (`cmx_size`).

    ```mlir
    %0 = VPUIP.StaticAlloc<1024> -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$offset);
  let results = (outs VPUIP_Buffer:$memref);
  let assemblyFormat = "`<` $offset `>` attr-dict `->` type($memref)";
  let hasVerifier = 1;
}

def VPUIP_SubViewOp : VPUIP_Op<"SubView", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A rectangular part of a buffer, as a view";
  let description = [{
    The elements `static_offsets[i] + k * static_strides[i]`, `0 <= k <
    static_sizes[i]`, of every dimension of `source`, without a copy.
    `static_strides` (the steps, in elements of the source; written after
    `steps`) is optional and all 1 when absent; each step is at least 1 and
    the last element taken is within the dimension. The result type is
    computed from the source (`inferResultType`): the same element type and
    memory space, and the source's strides times the steps; when the part is
    compact in the source's order (strides of size-1 dimensions do not
    matter) the layout is the source's order, otherwise a `strided` layout
    with those strides (in elements). The part must start on a byte boundary
    (`getByteOffset`). Steps of 1 are not written (`static_strides` is
    dropped when every step is 1).

    ```mlir
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    %1 = VPUIP.SubView %0 [0, 8, 0, 0] [1, 8, 4, 4]
        : memref<1x16x4x4xf16, #NHWC> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
    %2 = VPUIP.SubView %0 [0, 1, 0, 0] [1, 8, 2, 4] steps [1, 2, 2, 1]
        : memref<1x16x4x4xf16, #NHWC> to memref<1x8x2x4xf16, strided<[256, 2, 128, 16]>>
    ```
  }];
  let arguments = (ins
    VPUIP_Buffer:$source,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    OptionalAttr<DenseI64ArrayAttr>:$static_strides
  );
  let results = (outs VPUIP_Buffer:$result);
  let assemblyFormat = [{
    $source $static_offsets $static_sizes (`steps` $static_strides^)? attr-dict
    `:` type($source) `to` type($result)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$source, "::llvm::ArrayRef<int64_t>":$offsets,
                   "::llvm::ArrayRef<int64_t>":$sizes,
                   CArg<"::llvm::ArrayRef<int64_t>", "{}">:$steps)>,
  ];
  let extraClassDeclaration = [{
    /// The type of the part `offsets`/`sizes`/`steps` of a buffer of type
    /// `source` (`steps` empty: all 1); fails (emitting through `emitError`)
    /// when the part is out of bounds, a step is below 1 or the part does not
    /// start on a byte boundary.
    static ::mlir::FailureOr<::mlir::MemRefType> inferResultType(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        ::mlir::MemRefType source, ::llvm::ArrayRef<int64_t> offsets,
        ::llvm::ArrayRef<int64_t> sizes, ::llvm::ArrayRef<int64_t> steps = {});

    /// The steps of every dimension (1 where `static_strides` is absent).
    ::llvm::SmallVector<int64_t> getSteps();

    /// The byte offset of the view's first element in the source buffer.
    int64_t getByteOffset();
  }];
}

def VPUIP_ConcatViewOp : VPUIP_Op<"ConcatView", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>,
    AllTypesMatch<["output_buff", "output"]>]> {
  let summary = "Joins parts written into one buffer";
  let description = [{
    `output_buff` is a buffer whose parts were written by the producers of
    `inputs` (each input is the result of a task whose output buffer is a view
    of `output_buff`); the result is `output_buff` once all of them are done.
    Nothing is copied: the op only joins the data dependencies.

    The inputs have the element type, rank and memory of the output buffer,
    each fits in it, and together they hold exactly as many elements.

    ```mlir
    %r = VPUIP.ConcatView inputs(%a, %b : memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>,
                                          memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>)
                          outputs(%buf : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
    ```
  }];
  let arguments = (ins Variadic<VPUIP_Buffer>:$inputs, VPUIP_Buffer:$output_buff);
  let results = (outs VPUIP_Buffer:$output);
  let assemblyFormat = [{
    `inputs` `(` $inputs `:` type($inputs) `)`
    `outputs` `(` $output_buff `:` type($output_buff) `)`
    attr-dict `->` type($output)
  }];
  let hasVerifier = 1;
}

def VPUIP_GenericReshapeOp : VPUIP_Op<"GenericReshape", [
    Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "The bytes of a compact buffer seen with another shape or order";
  let description = [{
    The same bytes as `input`, seen as a buffer of the result type, without a
    copy: the element at memory position `k` of the input (counting in the
    input's memory order) is the element at memory position `k` of the result
    (in the result's memory order). It is the buffer form of reshapes
    (`VPU.Reshape`, `VPU.AffineReshape`), of squeezes and flattenings, and of
    a change of order that moves no data.

    Both buffers are compact (no strided view), have the same element type,
    the same memory and the same size in bytes; shape, rank and order may
    differ. The view starts at byte 0 of its input.

    ```mlir
    %1 = VPUIP.GenericReshape %0 : memref<1x16x4x4xf16> to memref<1x256xf16>
    ```
  }];
  let arguments = (ins VPUIP_Buffer:$input);
  let results = (outs VPUIP_Buffer:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

/// An op copying one buffer into another of the same shape and element type.
class VPUIP_CopyLikeOp<string mnemonic, list<Trait> traits = []> :
    VPUIP_Op<mnemonic, !listconcat([
      DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
      DestinationStyleOpInterface,
      AllTypesMatch<["output_buff", "output"]>], traits)> {
  let results = (outs VPUIP_Buffer:$output);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// DestinationStyleOpInterface: the output buffer.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputBuffMutable();
    }
  }];
}

def VPUIP_CopyOp : VPUIP_CopyLikeOp<"Copy"> {
  let summary = "Copies a buffer into another (executor not chosen yet)";
  let description = [{
    Copies `input` into `output_buff` and returns it. Both have the same shape
    and element type; layouts, strides and memories may differ. A later pass
    turns it into a task (`VPUIP.NNDMA`).

    ```mlir
    %r = VPUIP.Copy inputs(%in : memref<1x16xf16>)
                    outputs(%buf : memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>)
                    -> memref<1x16xf16, #VPUIP.mem<CMX_NN[0]>>
    ```
  }];
  let arguments = (ins VPUIP_Buffer:$input, VPUIP_Buffer:$output_buff);
  let assemblyFormat = [{
    `inputs` `(` $input `:` type($input) `)`
    `outputs` `(` $output_buff `:` type($output_buff) `)`
    attr-dict `->` type($output)
  }];
}

def VPUIP_NNDMAOp : VPUIP_CopyLikeOp<"NNDMA", [
    DeclareOpInterfaceMethods<VPUIP_TaskOpInterface,
                              ["getExecutorKind", "getExecutorInstance"]>]> {
  let summary = "A DMA task: copies a buffer into another on a DMA port";
  let description = [{
    Copies `input` into `output_buff` on DMA engine `port` (default 0) and
    returns `output_buff`. Both buffers have the same shape and element type;
    their layouts, strides and memories may differ (the DMA descriptor walks
    both with their own strides, so it also reorders). The transfer is a whole
    number of bytes. With target resources on the module, `port` is below
    `dma_ports` and the transfer at most `dma_max_transfer` bytes.

    A broadcast DMA (targets whose DMA engines broadcast, `dma.broadcast` of
    the target description) reads `input` once and also writes the same
    bytes into each of `broadcast_buffs`: buffers of `output_buff`'s type in
    the CMX of other clusters, at the same address (an `output_buff` and a
    broadcast buffer that are both `VPUIP.StaticAlloc`s have the same
    offset). `output_buff` is then in CMX too, and no two of them are in the
    same cluster. Readers of a copy read its buffer.

    ```mlir
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    %r = VPUIP.NNDMA {port = 1 : i64}
        inputs(%in : memref<1x16x8x8xf16>)
        outputs(%buf : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    // The same bytes at offset 1024 of the CMX of clusters 0 and 1.
    %b0 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<1024> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %w = VPUIP.NNDMA inputs(%cst : memref<16x16x1x1xf16, #NHWC>)
        outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        broadcast(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
        -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    ```
  }];
  let arguments = (ins
    VPUIP_Buffer:$input,
    VPUIP_Buffer:$output_buff,
    Variadic<VPUIP_Buffer>:$broadcast_buffs,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntNonNegative]>, "0">:$port
  );
  let assemblyFormat = [{
    attr-dict `inputs` `(` $input `:` type($input) `)`
    `outputs` `(` $output_buff `:` type($output_buff) `)`
    (`broadcast` `(` $broadcast_buffs^ `:` type($broadcast_buffs) `)`)?
    `->` type($output)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$output, "::mlir::Value":$input,
                   "::mlir::Value":$output_buff, "int64_t":$port), [{
      build($_builder, $_state, output, input, output_buff,
            ::mlir::ValueRange(), port);
    }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Software kernels
//===----------------------------------------------------------------------===//

def VPUIP_SwKernelOp : VPUIP_Op<"SW.Kernel", [
    AttrSizedOperandSegments,
    SingleBlock,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<VPUIP_TaskOpInterface,
                              ["getExecutorKind", "getExecutorInstance"]>,
    DestinationStyleOpInterface]> {
  let summary = "A software kernel invocation on an activation SHAVE of a tile";
  let description = [{
    Runs the kernel `kernel` (a declaration in `module @VPU.SW`, see the
    dialect description) once on SHAVE `shave` (0 when absent) of tile
    `tile`, reading `inputs` and writing `output_buffs`; the results are the
    output buffers.

    The body is one block whose arguments are the buffers (`inputs` then
    `output_buffs`, with their types) and which holds only the terminator
    `VPUIP.SW.Kernel.run`. The run lists the kernel's arguments in the order
    of its declaration: buffers (block arguments, each becoming a `MemRefData`
    descriptor) then scalar parameters. The verifier checks the run against
    the declaration's signature: the number of arguments, each buffer's
    element type and rank, each scalar's type.

    A buffer in CMX must be in the CMX of `tile`. Every other buffer is mapped
    by the runtime into a tensor window of its own (kernels/abi/SwKernelAbi.h):
    it spans at most `kWindowSize` bytes (16 MiB), and the windows of all of
    them fit the SHAVEs' 32-bit address space. With target resources on the
    module, the target has `ACT` SHAVEs, `tile` is below `clusters` and
    `shave` below `shaves` (the SHAVEs of one tile); a non-zero `shave` needs
    the target resources.

    Each SHAVE is an executor of its own that runs its tasks in order. The
    executor instance (`SHAVE_ACT[i]`, see `VPUIP_TaskOpInterface`) is
    `tile * shaves + shave` with the target's `shaves` per tile, `tile`
    without target resources (where `shave` is 0); the blob writer puts the
    task in the task list of SHAVE `shave` of tile `tile`.

    ```mlir
    %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0
        inputs(%in : memref<1x1000xf16>) outputs(%buf : memref<1x1000xf16>)
        -> memref<1x1000xf16> {
    ^bb0(%arg0: memref<1x1000xf16>, %arg1: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%arg0, %arg1, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    // On SHAVE 1 of tile 1.
    %s = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 1 shave 1
        inputs(%in : memref<1x1000xf16>) outputs(%buf2 : memref<1x1000xf16>)
        -> memref<1x1000xf16> {
    ^bb0(%arg0: memref<1x1000xf16>, %arg1: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%arg0, %arg1, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    ```
  }];
  let arguments = (ins
    SymbolRefAttr:$kernel,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$tile,
    Variadic<VPUIP_Buffer>:$inputs,
    Variadic<VPUIP_Buffer>:$output_buffs,
    OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$shave
  );
  let results = (outs Variadic<VPUIP_Buffer>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kernel `on` `tile` $tile (`shave` $shave^)?
    (`inputs` `(` $inputs^ `:` type($inputs) `)`)?
    `outputs` `(` $output_buffs `:` type($output_buffs) `)`
    (`->` type($results)^)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// DestinationStyleOpInterface: the output buffers.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputBuffsMutable();
    }
    /// The terminator of the body, or null in an invalid op.
    SwKernelRunOp getRunOp();
    /// The SHAVE of the tile that runs the kernel (0 when `shave` is absent).
    int64_t getShaveIndex();
  }];
}

def VPUIP_SwKernelRunOp : VPUIP_Op<"SW.Kernel.run", [
    Terminator, HasParent<"SwKernelOp">, Pure]> {
  let summary = "The arguments of a software kernel invocation, in order";
  let description = [{
    Terminates the body of `VPUIP.SW.Kernel` and gives the kernel's argument
    list: the buffers (arguments of the body) in the order of the kernel's
    buffer parameters, then the scalar parameters as typed integer or float
    attributes. The enclosing `VPUIP.SW.Kernel` checks the list against the
    kernel's declaration.

    ```mlir
    VPUIP.SW.Kernel.run(%arg0, %arg1, 1 : i64, 5.000000e-01 : f32)
        : memref<1x1000xf16>, memref<1x1000xf16>
    ```
  }];
  let arguments = (ins
    Variadic<VPUIP_Buffer>:$args,
    DefaultValuedAttr<ArrayAttr, "{}">:$params
  );
  let assemblyFormat = [{
    `(` custom<KernelArgs>($args, $params) `)` attr-dict (`:` type($args)^)?
  }];
  let hasVerifier = 1;
}

def VPUIP_SwRuntimeOp : VPUIP_Op<"SW.Runtime", [
    HasParent<"::mlir::ModuleOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The runtime kernel of the activation SHAVEs and their stacks";
  let description = [{
    Declares the management kernel the activation SHAVEs run between kernel
    invocations (`entry_point`, a declaration without arguments in
    `module @VPU.SW`) and the stack size in bytes of the SHAVEs of each tile
    (`stack_sizes[t]` for tile `t`). At most one per module, directly in the
    top module. With target resources on the module, the target has `ACT`
    SHAVEs and there is one stack size per cluster.

    ```mlir
    VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
    ```
  }];
  let arguments = (ins SymbolRefAttr:$entry_point, DenseI64ArrayAttr:$stack_sizes);
  let assemblyFormat = "$entry_point `stack_sizes` $stack_sizes attr-dict";
  let hasVerifier = 1;
}

def VPUIP_UpaSwOp : VPUIP_Op<"UPA.SW", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<VPUIP_TaskOpInterface,
                              ["getExecutorKind", "getExecutorInstance"]>,
    DestinationStyleOpInterface]> {
  let summary = "A software kernel as a UPA task (VPUX30XX-class targets)";
  let description = [{
    Runs the kernel `kernel` (a declaration in `module @VPU.SW`, as for
    `VPUIP.SW.Kernel`) on the device's UPA SHAVEs, on at most `max_shaves` of
    them (all when absent). The kernel's arguments are `inputs`, then
    `output_buffs`, then the typed scalar `params`, in that order, checked
    against the declaration. Every buffer is mapped by the runtime into a
    tensor window of its own, as for `VPUIP.SW.Kernel`: it spans at most
    `kWindowSize` bytes (16 MiB), and the windows of all of them fit the
    SHAVEs' 32-bit address space. With target resources on the module, the
    target has `UPA` SHAVEs and `max_shaves` is at most `shaves`.

    ```mlir
    %r = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%in : memref<1x1000xf16>)
        outputs(%buf : memref<1x1000xf16>) params [1 : i64] -> memref<1x1000xf16>
    ```
  }];
  let arguments = (ins
    SymbolRefAttr:$kernel,
    Variadic<VPUIP_Buffer>:$inputs,
    Variadic<VPUIP_Buffer>:$output_buffs,
    DefaultValuedAttr<ArrayAttr, "{}">:$params,
    OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$max_shaves
  );
  let results = (outs Variadic<VPUIP_Buffer>:$results);
  let assemblyFormat = [{
    $kernel (`inputs` `(` $inputs^ `:` type($inputs) `)`)?
    `outputs` `(` $output_buffs `:` type($output_buffs) `)`
    custom<OptionalParams>($params) attr-dict (`->` type($results)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// DestinationStyleOpInterface: the output buffers.
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputBuffsMutable();
    }
  }];
}

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPOPS
