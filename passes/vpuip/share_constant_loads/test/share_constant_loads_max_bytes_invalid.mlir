// RUN: vpuc-opt %s --vpuc-vpuip-share-constant-loads="max-bytes=0" --verify-diagnostics

// expected-error @+1 {{'func.func' op cannot share constant copies of at most 0 bytes (option max-bytes of vpuc-vpuip-share-constant-loads): it is not positive}}
func.func @max_bytes() {
  return
}
