// RUN: vpuc-opt %s --vpuc-vpuip-broadcast-dmas="window=0" --verify-diagnostics

// expected-error @+1 {{'func.func' op cannot broadcast DMAs within a window of 0 operations (option window of vpuc-vpuip-broadcast-dmas): it is not positive}}
func.func @window() {
  return
}
