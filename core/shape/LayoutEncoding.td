//===- LayoutEncoding.td - Tensor encodings that carry an order -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LayoutEncodingAttrInterface: a tensor encoding attribute that carries the
// project's dims order next to other information (e.g. the memory space of a
// VPU tensor), so that getOrder / withOrder (ShapedTypeUtils.h) work on tensors
// of every IR level without knowing the dialect of the encoding.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_LAYOUTENCODING
#define VPUC_CORE_SHAPE_LAYOUTENCODING

include "mlir/IR/OpBase.td"

def Shape_LayoutEncodingAttrInterface : AttrInterface<"LayoutEncodingAttrInterface"> {
  let cppNamespace = "::mlir::vpuc::shape";
  let description = [{
    A `RankedTensorType` encoding that holds the tensor's dims order (core/shape
    DimsOrder) together with other properties of the tensor. `getOrderMap`
    returns the order as a permutation `AffineMap`, or a null map for the
    default (identity) order; `withOrderMap` returns the encoding to use for
    the same tensor with another order, keeping everything else.
    `shape::getOrder` and `shape::withOrder` go through these methods for such
    encodings, so the order of a tensor reads and changes the same way whatever
    dialect its encoding comes from.
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the dims order as a permutation map (result `i` is the logical
        dim stored at memory position `i`), or a null map for the default order.
      }],
      "::mlir::AffineMap", "getOrderMap">,
    InterfaceMethod<[{
        Returns the encoding of the same tensor with the order `orderMap` (a
        permutation map, or a null map for the default order), keeping the
        other properties. A null attribute means "no encoding".
      }],
      "::mlir::Attribute", "withOrderMap", (ins "::mlir::AffineMap":$orderMap)>,
  ];
}

#endif // VPUC_CORE_SHAPE_LAYOUTENCODING
