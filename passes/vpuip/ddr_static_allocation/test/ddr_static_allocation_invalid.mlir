// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="max-size=4096" --split-input-file --verify-diagnostics

// A buffer larger than the heap on its own.
func.func @too_big(%in: memref<4096xf16>) -> memref<4096xf16> {
  // expected-error @+1 {{'memref.alloc' op allocates 8192 bytes, more than the DDR scratch heap of 4096 bytes (max-size)}}
  %a = memref.alloc() : memref<4096xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<4096xf16>) outputs(%a : memref<4096xf16>) -> memref<4096xf16>
  return %0 : memref<4096xf16>
}

// -----

// Three buffers that fit one by one but are live together.
// expected-error @+1 {{'func.func' op cannot place its DDR buffers within the DDR scratch heap of 4096 bytes (time steps are the indices of the ops of the body): buffer 'memref.alloc at}}
func.func @too_many_live(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
  %a = memref.alloc() : memref<1000xf16>
  %b = memref.alloc() : memref<1000xf16>
  %c = memref.alloc() : memref<1000xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16>
  %1 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16>
  %2 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%c : memref<1000xf16>) -> memref<1000xf16>
  %3 = VPUIP.NNDMA inputs(%0 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  %4 = VPUIP.NNDMA inputs(%1 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  %5 = VPUIP.NNDMA inputs(%2 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  return %out : memref<1000xf16>
}

// -----

func.func @dynamic(%n: index) {
  // expected-error @+1 {{'memref.alloc' op allocates 'memref<?xf16>', which is not a static VPUIP buffer}}
  %a = memref.alloc(%n) : memref<?xf16>
  return
}

// -----

func.func @async(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %a = memref.alloc() : memref<8xf16>
  // expected-error @+1 {{'async.execute' op is not supported by the DDR allocation, which runs before tasks are wrapped into async regions (the order of the function body must be the schedule)}}
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  return %out : memref<8xf16>
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; the DDR allocation needs a body of one block, whose order is the schedule}}
func.func @blocks(%in: memref<8xf16>) -> memref<8xf16> {
  cf.br ^next
^next:
  return %in : memref<8xf16>
}
