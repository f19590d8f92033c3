//===- VPUOps.cpp - Ops of the VPU dialect ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generated op definitions. The mirrored ops need nothing more
// (IEMirror.h); the view ops' own code is in ViewOps.cpp, the kernel parameter
// helpers in KernelParams.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/VPUOps.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#define GET_OP_CLASSES
#include "dialects/vpu/ir/VPUOps.cpp.inc" // IWYU pragma: keep
