//===- Registration.cpp - Registry entry point of vpuc-const-fold -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_const_fold_constants`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "dialects/const/transforms/fold_constants/FoldConstants.h"

extern "C" void
vpuc_register_const_fold_constants(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::Const::createFoldConstantsPass(); });
}
