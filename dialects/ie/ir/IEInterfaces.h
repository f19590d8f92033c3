//===- IEInterfaces.h - Op interfaces of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// LayerOpInterface, LayerWithPostOpInterface, InferenceOpInterface,
// CostOpInterface and LayoutInfoOpInterface (documented in IEInterfaces.td and
// the generated IEInterfaces.md).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEINTERFACES_H_
#define VPUC_DIALECTS_IE_IR_IEINTERFACES_H_

#include <optional>

#include "dialects/ie/ir/LayoutInfo.h"
#include "dialects/ie/utils/HostTensor.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/ie/ir/IEOpInterfaces.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_IE_IR_IEINTERFACES_H_
