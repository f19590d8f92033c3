//===- Registration.cpp - Upstream MLIR passes and dialects vpuc uses ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The `common_mlir_core` registry component: the upstream MLIR dialects the
// lower levels of vpuc build on (func, arith, tensor, memref, async) and the
// generic upstream passes pipeline specs use (canonicalize, cse, symbol-dce,
// inline, sccp, loop-invariant-code-motion, strip-debuginfo, print-op-stats,
// view-op-graph).
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/ViewOpGraph.h"

/// The entry point of the `common_mlir_core` component.
extern "C" void
vpuc_register_common_mlir_core(mlir::vpuc::registry::Registry &registry) {
  registry.addDialects(
      {"arith", "async", "func", "memref", "tensor"},
      [](mlir::DialectRegistry &dialects) {
        dialects.insert<mlir::arith::ArithDialect, mlir::async::AsyncDialect,
                        mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                        mlir::tensor::TensorDialect>();
        // Lets the inliner inline func.call.
        mlir::func::registerInlinerExtension(dialects);
      });

  registry.addPass([] { return mlir::createCanonicalizerPass(); });
  registry.addPass([] { return mlir::createCSEPass(); });
  registry.addPass([] { return mlir::createSymbolDCEPass(); });
  registry.addPass([] { return mlir::createInlinerPass(); });
  registry.addPass([] { return mlir::createSCCPPass(); });
  registry.addPass([] { return mlir::createLoopInvariantCodeMotionPass(); });
  registry.addPass([] { return mlir::createStripDebugInfoPass(); });
  registry.addPass([] { return mlir::createPrintOpStatsPass(); });
  registry.addPass([] { return mlir::createPrintOpGraphPass(); });
}
