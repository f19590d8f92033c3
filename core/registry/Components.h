//===- Components.h - The generated list of a tool's components -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the function a `vpuc_registry` target (//tools/bazel:registry.bzl)
// generates: it calls the entry point of every component the tool links, in the
// order of the registry's component list, each preceded by
// Registry::beginComponent. A tool links exactly one `vpuc_registry` library,
// which defines this function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_REGISTRY_COMPONENTS_H_
#define VPUC_CORE_REGISTRY_COMPONENTS_H_

namespace mlir::vpuc::registry {

class Registry;

/// Calls the entry point `vpuc_register_<id>` of every component the tool
/// links, in order.
void registerComponents(Registry &registry);

} // namespace mlir::vpuc::registry

#endif // VPUC_CORE_REGISTRY_COMPONENTS_H_
