//===- main.cpp - vpuc-translate: mlir-translate with every vpuc component
//-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The registry is generated from //tools/bazel:components.bzl (ALL_COMPONENTS);
// each component registers its translations (e.g. `--import-onnx`) and their
// options, then MlirTranslateMain parses the command line and runs the selected
// translation.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::vpuc::registry::Registry registry;
  mlir::vpuc::registry::registerComponents(registry);
  // Translations name the dialects they produce or consume; the registry's
  // dialects are made available to them through their own dialect registration
  // functions.
  registry.registerTranslations();
  return mlir::failed(
             mlir::mlirTranslateMain(argc, argv, "vpuc translation driver"))
             ? 1
             : 0;
}
