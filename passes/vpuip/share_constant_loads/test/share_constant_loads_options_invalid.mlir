// RUN: vpuc-opt %s --vpuc-vpuip-share-constant-loads="window=0" --verify-diagnostics

// expected-error @+1 {{'func.func' op cannot share constant loads within a window of 0 operations (option window of vpuc-vpuip-share-constant-loads): it is not positive}}
func.func @window() {
  return
}
