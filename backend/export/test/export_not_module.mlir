// RUN: vpuc-translate %s --export-blob --no-implicit-module -verify-diagnostics -o /dev/null

// The translation writes a module.
// expected-error @+1 {{'func.func' op is not a builtin.module: --export-blob writes a module}}
func.func @main() {
  return
}
