//===- main.cpp - vpuc-opt: mlir-opt with every vpuc component ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The registry is generated from //tools/bazel:components.bzl (ALL_COMPONENTS;
// vpuc-opt-test adds ALL_TEST_COMPONENTS); the driver itself lives in
// VpucOptMain.cpp.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "core/support/Logger.h"
#include "tools/vpuc-opt/VpucOptMain.h"

int main(int argc, char **argv) {
  mlir::vpuc::registry::Registry registry;
  mlir::vpuc::registry::registerComponents(registry);

  // Options owned by other libraries exist before the command line is parsed.
  mlir::vpuc::support::registerLoggerCLOptions();
  return mlir::vpuc::opt::vpucOptMain(argc, argv, registry);
}
