//===- VPUInterfaces.cpp - Op interfaces of the VPU dialect -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generated definitions of SWKernelOpInterface.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/VPUInterfaces.h"

#include "dialects/vpu/ir/VPUOpInterfaces.cpp.inc" // IWYU pragma: keep

#include "dialects/vpu/ir/VPUNCEInterfaces.h"

#include "dialects/vpu/ir/VPUNCEOpInterfaces.cpp.inc" // IWYU pragma: keep
