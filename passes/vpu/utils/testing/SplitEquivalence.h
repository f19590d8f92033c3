//===- SplitEquivalence.h - Harness of the NCE split tests ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What the equivalence tests of the passes that split NCE ops into pieces
// (vpuc-vpu-tiling, vpuc-vpu-multi-cluster) share: a context with the VPU,
// Const, VPUIP and func dialects, deterministic random constants and inputs,
// the reference interpreter, and the bit-for-bit comparison of the outputs
// before and after the split (each output element is computed from the same
// values in the same order; the padding pieces drop only added zeros).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_UTILS_TESTING_SPLITEQUIVALENCE_H_
#define VPUC_PASSES_VPU_UTILS_TESTING_SPLITEQUIVALENCE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "dialects/ie/interpreter/Interpreter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace mlir::vpuc::VPU::testing {

/// A base of the test fixtures (use with ::testing::TestWithParam).
class SplitEquivalence {
protected:
  /// `seed` starts the pseudo-random sequence of next().
  explicit SplitEquivalence(uint32_t seed);

  /// Deterministic pseudo-random floats in [-1, 1].
  float next();

  /// `function` with every `{W:shape:count}`, `{B:shape:count}`,
  /// `{V:shape:count}` and `{C:shape:count}` marker (shape written
  /// "64x16x3x3") replaced by a const.Declare `%w`, `%b`, `%v` or `%c` of
  /// `count` random values (next() / 4) reshaped from 1-D, and reordered to
  /// NHWC for rank 4.
  std::string expandConstants(std::string function);

  /// A module source: the `#NHWC` alias, then expandConstants(`function`).
  std::string withNhwcAndConstants(std::string function);

  /// The NCE ops and the Swish and Sigmoid software layers in `module`.
  static std::pair<int64_t, int64_t> countNceOpsAndSwLayers(ModuleOp module);

  /// Random values (next()) for every argument of `func`, named `arg<i>`.
  IE::HostTensorMap randomInputs(func::FuncOp func);

  /// Runs `module` on `inputs` with the reference interpreter; fails the test
  /// and returns nothing when it cannot.
  IE::HostTensorMap run(ModuleOp module, const IE::HostTensorMap &inputs);

  /// Expects `before` and `after` to hold one output each, equal bit for bit.
  static void expectSameValues(const IE::HostTensorMap &before,
                               const IE::HostTensorMap &after);

  /// Parses the module `source`, runs its first function with the reference
  /// interpreter on randomInputs, runs `pass` on every function, and expects
  /// the same values after (expectSameValues). Returns the rewritten module
  /// for the caller's checks of its shape, or null (a failure recorded) when
  /// it does not parse or the pass fails.
  OwningOpRef<ModuleOp> expectPassKeepsValues(const std::string &source,
                                              std::unique_ptr<Pass> pass);

  MLIRContext context;

private:
  uint32_t seed;
};

} // namespace mlir::vpuc::VPU::testing

#endif // VPUC_PASSES_VPU_UTILS_TESTING_SPLITEQUIVALENCE_H_
