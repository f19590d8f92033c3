//===- Registration.cpp - Entry point of init_compiler ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_common_init_compiler`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/common/init_compiler/InitCompiler.h"

extern "C" void
vpuc_register_common_init_compiler(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::common::createInitCompilerPass(); });
}
