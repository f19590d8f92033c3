//===- IEInterfaces.td - Op interfaces of the IE dialect -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Op interfaces through which generic passes and tools work on IE layers without lists of op
// names (DESIGN.md section 1, principle 4): layer inputs/outputs, post-op fusion, host
// inference (the reference interpreter, DESIGN.md section 10), cost (MACs / FLOPs) and the
// layouts (dimension orders) a layer supports.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEINTERFACES
#define VPUC_DIALECTS_IE_IR_IEINTERFACES

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// LayerOpInterface
//===----------------------------------------------------------------------===//

def IE_LayerOpInterface : OpInterface<"LayerOpInterface"> {
  let cppNamespace = "::mlir::vpuc::IE";
  let description = [{
    A layer of the network: an op that computes its results (the layer's outputs) from its
    tensor operands (the layer's inputs) and nothing else. Structural ops such as
    `IE.CNNNetwork` are not layers.
  }];
  let methods = [
    InterfaceMethod<"Returns the tensors the layer reads.",
      "::mlir::OperandRange", "getInputs", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op->getOperands(); }]>,
    InterfaceMethod<"Returns the tensors the layer produces.",
      "::mlir::ResultRange", "getOutputs", (ins), [{}],
      /*defaultImplementation=*/[{ return $_op->getResults(); }]>,
  ];
}

//===----------------------------------------------------------------------===//
// LayerWithPostOpInterface
//===----------------------------------------------------------------------===//

def IE_LayerWithPostOpInterface : OpInterface<"LayerWithPostOpInterface"> {
  let cppNamespace = "::mlir::vpuc::IE";
  let description = [{
    A layer whose hardware implementation can apply an activation to its output on the fly
    (the PPE of the NCE): a post-op fusion pass asks `isSupportedPostOp(postOp)` before it
    folds `postOp` (e.g. `IE.ReLU`, `IE.Clamp`, `IE.LeakyRelu`) into the layer.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns true if `postOp` is an activation this layer can absorb and it reads this
        layer's (single) output as its only tensor operand.
      }],
      "bool", "isSupportedPostOp", (ins "::mlir::Operation *":$postOp)>,
  ];
}

//===----------------------------------------------------------------------===//
// InferenceOpInterface
//===----------------------------------------------------------------------===//

def IE_InferenceOpInterface : OpInterface<"InferenceOpInterface"> {
  let cppNamespace = "::mlir::vpuc::IE";
  let description = [{
    Runs the op on the host CPU, for the reference interpreter (DESIGN.md section 10).

    Inputs and outputs are `HostTensor`s (dialects/ie/utils/HostTensor.h): a logical shape
    and float32 values in logical row-major (C) order, whatever the layout encoding of the
    tensor type is. Integer and boolean tensors hold their values exactly as floats (booleans
    as 0 / 1; integers are exact up to 2^24 in magnitude). Computation is done in float32
    whatever the element type; results are then rounded to the result element type (see
    `IE.Convert`).

    `inputs` has one tensor per operand, in operand order; each must have the static dims of
    the operand's type (dynamic dims take the actual extent). On success `outputs` receives one
    tensor per result. On failure an error has been emitted on the op.

    Kernels are plain loops over contiguous memory; broadcasting uses precomputed strides
    (dialects/ie/utils/Broadcast.h), with no per-element indirect calls.
  }];
  let methods = [
    InterfaceMethod<"Computes the op's results from `inputs` into `outputs`.",
      "::llvm::LogicalResult", "inferOnCPU",
      (ins "::llvm::ArrayRef<::mlir::vpuc::IE::HostTensor>":$inputs,
           "::llvm::SmallVectorImpl<::mlir::vpuc::IE::HostTensor> &":$outputs)>,
  ];
}

//===----------------------------------------------------------------------===//
// CostOpInterface
//===----------------------------------------------------------------------===//

def IE_CostOpInterface : OpInterface<"CostOpInterface"> {
  let cppNamespace = "::mlir::vpuc::IE";
  let description = [{
    The arithmetic work of a layer, for cost reports and heuristics.

    `getNumMACs` counts multiply-accumulates (convolutions, matrix products); eltwise and
    activation layers have none. `getNumFLOPs` counts floating-point operations of the op's
    defining formula per output element times the number of output elements, where an
    elementary function (exp, log, erf, tanh, pow, sqrt) counts as one operation and a MAC as
    two. Both return std::nullopt when a needed shape is dynamic.
  }];
  let methods = [
    InterfaceMethod<"Returns the number of multiply-accumulate operations.",
      "std::optional<int64_t>", "getNumMACs">,
    InterfaceMethod<"Returns the number of floating-point operations.",
      "std::optional<int64_t>", "getNumFLOPs">,
  ];
}

//===----------------------------------------------------------------------===//
// LayoutInfoOpInterface
//===----------------------------------------------------------------------===//

/// Marks a layer that computes on logical indices only (eltwise ops, activations,
/// reductions, concatenation, ...): any order, with the operands and results of the result's
/// rank sharing one (see LayoutInfo.h).
def IE_AnyLayout : NativeOpTrait<"AnyLayout"> {
  let cppNamespace = "::mlir::vpuc::IE";
}

/// Marks a spatial layer (convolutions, pools): its input and output are NCHW or NHWC (for a
/// 1-D layer on [N, C, W]: the identity order or channels last, (d0, d2, d1)), both the same;
/// other operands (weights, biases) take any order.
def IE_SpatialLayout : NativeOpTrait<"SpatialLayout"> {
  let cppNamespace = "::mlir::vpuc::IE";
}

def IE_LayoutInfoOpInterface : OpInterface<"LayoutInfoOpInterface"> {
  let cppNamespace = "::mlir::vpuc::IE";
  let description = [{
    The memory orders (layouts, `core/shape` `DimsOrder`) each operand and result of a layer
    supports, for the layout assignment pass: `getSupportedLayouts()` lists, per operand and
    per result, the accepted orders (or any order) and which tensors must share one order;
    `isSupportedLayout(operandOrders, resultOrders)` checks a proposed assignment (one order
    per operand and result, of the tensor's rank); `hasSupportedLayout()` checks the orders
    the operand and result types carry now (their layout encodings).

    The default implementation picks one of three rules by trait:
    * `IE_AnyLayout`: any order; the operands and results whose rank equals the first
      result's rank must all have the same order (a broadcast operand of another rank is
      free). Eltwise ops, activations, reductions, softmax, normalisations, interpolation,
      depth-to-space and back, concatenation, split, slice, pad, tile and ScaleShift.
    * `IE_SpatialLayout`: the first operand and the first result are NCHW or NHWC, the same
      one (a 1-D op on [N, C, W]: the identity order or channels last); other operands take
      any order. Convolutions and pools.
    * neither: the default (identity) order everywhere. Ops that reinterpret the row-major
      element order (Reshape, Squeeze, Unsqueeze, Flatten, Transpose, Gather), the matrix
      products and every op that declares nothing: the safe choice.

    An op overrides `getSupportedLayouts` when none of these describes it.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the layouts every operand and result accepts and the groups of tensors that
        must share one order.
      }],
      "::mlir::vpuc::IE::LayoutInfo", "getSupportedLayouts", (ins), [{}],
      /*defaultImplementation=*/[{
        return ::mlir::vpuc::IE::getDefaultLayoutInfo($_op.getOperation());
      }]>,
    InterfaceMethod<[{
        Returns true if the op supports `operandOrders` / `resultOrders` (one order per
        operand / result, each of the tensor's rank).
      }],
      "bool", "isSupportedLayout",
      (ins "::llvm::ArrayRef<::mlir::vpuc::shape::DimsOrder>":$operandOrders,
           "::llvm::ArrayRef<::mlir::vpuc::shape::DimsOrder>":$resultOrders), [{}],
      /*defaultImplementation=*/[{
        return ::mlir::vpuc::IE::detail::acceptsLayouts($_op.getOperation(),
            $_op.getSupportedLayouts(), operandOrders, resultOrders);
      }]>,
    InterfaceMethod<[{
        Returns true if the orders of the current operand and result types (their layout
        encodings) are supported.
      }],
      "bool", "hasSupportedLayout", (ins), [{}],
      /*defaultImplementation=*/[{
        ::llvm::SmallVector<::mlir::vpuc::shape::DimsOrder, 4> operandOrders, resultOrders;
        if (::mlir::failed(::mlir::vpuc::IE::getCurrentLayouts($_op.getOperation(),
                                                               operandOrders, resultOrders))) {
          return false;
        }
        return $_op.isSupportedLayout(operandOrders, resultOrders);
      }]>,
  ];
}

#endif // VPUC_DIALECTS_IE_IR_IEINTERFACES
