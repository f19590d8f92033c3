//===- LayoutEncoding.h - Tensor encodings that carry an order --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LayoutEncodingAttrInterface (see LayoutEncoding.td): the interface a tensor
// encoding attribute implements when it carries the tensor's dims order next
// to other information, so that getOrder / withOrder understand it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_LAYOUTENCODING_H_
#define VPUC_CORE_SHAPE_LAYOUTENCODING_H_

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Attributes.h"

#include "core/shape/LayoutEncodingAttrInterface.h.inc" // IWYU pragma: keep

#endif // VPUC_CORE_SHAPE_LAYOUTENCODING_H_
