//===- Listings.h - What a registry holds -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The listings every registry-based tool prints (`--list-passes`,
// `--list-pipelines`, `--list-components`), written to standard output.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_REGISTRY_LISTINGS_H_
#define VPUC_CORE_REGISTRY_LISTINGS_H_

#include "mlir/Support/LogicalResult.h"

namespace mlir::vpuc::registry {

class Registry;

/// Prints every registered pass, grouped by component, in MLIR's help format
/// (argument, summary, one line per option with its description), followed by
/// the options' defaults.
void listPasses(const Registry &registry);

/// Prints every registered pipeline spec: name, source file, description,
/// target archs. Fails, after reporting to standard error, when a spec does not
/// parse.
LogicalResult listPipelines(const Registry &registry);

/// Prints one line per component:
/// `<id> dialects=N passes=N pipelines=N translations=N`.
void listComponents(const Registry &registry);

} // namespace mlir::vpuc::registry

#endif // VPUC_CORE_REGISTRY_LISTINGS_H_
