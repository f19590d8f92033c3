#include "core/registry/Registry.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

// Temporary glue on branch h-ie until the generated component list exists.
extern "C" void vpuc_register_ie_dialect(mlir::vpuc::registry::Registry &registry);

int main(int argc, char **argv) {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::vpuc::registry::Registry components;
  components.beginComponent("ie_dialect");
  vpuc_register_ie_dialect(components);

  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect>();
  components.appendDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "vpuc optimizer driver\n", registry));
}
