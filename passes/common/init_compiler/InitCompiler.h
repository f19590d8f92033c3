//===- InitCompiler.h - Record the target on the module ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createInitCompilerPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER_H_
#define VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER_H_

#include <memory>
#include <string>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::common {

#define GEN_PASS_DECL_INITCOMPILERPASS
#include "passes/common/init_compiler/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::common

#endif // VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER_H_
