//===- ProducerTileTest.cpp - Tests of ProducerTile -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The tile whose CMX a software kernel's DDR inputs were copied out of, on
// parsed VPUIP IR: the halves of a buffer that two tiles' results were copied
// into, all of it, the result of a kernel on one of them, a half with a
// small operand from the other tile broadcast into it, and inputs no CMX
// copy wrote.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/ProducerTile.h"

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "passes/vpuip/utils/unittests/TaggedProgram.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using namespace mlir::vpuc::VPUIP;

namespace {

constexpr const char *kProgram = R"mlir(
module @VPU.SW {
  func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  func.func private @mul(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "multiply"}
}
func.func @main(%in: memref<2000xf16>) {
  %cmx0 = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>
  %cmx1 = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
  %ddr = memref.alloc() : memref<2000xf16>
  %lo = VPUIP.SubView %ddr [0] [1000] : memref<2000xf16> to memref<1000xf16>
  %hi = VPUIP.SubView %ddr [1000] [1000] : memref<2000xf16> to memref<1000xf16>
  %c0 = VPUIP.Copy inputs(%cmx0 : memref<1000xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%lo : memref<1000xf16>) -> memref<1000xf16>
  %c1 = VPUIP.Copy inputs(%cmx1 : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%hi : memref<1000xf16>) -> memref<1000xf16>
  %join = VPUIP.ConcatView inputs(%c0, %c1 : memref<1000xf16>, memref<1000xf16>) outputs(%ddr : memref<2000xf16>) -> memref<2000xf16>
  %r0 = VPUIP.SubView %join [0] [500] : memref<2000xf16> to memref<500xf16>
  %r1 = VPUIP.SubView %join [1500] [500] : memref<2000xf16> to memref<500xf16>
  %a = memref.alloc() : memref<500xf16>
  %0 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%r0 : memref<500xf16>) outputs(%a : memref<500xf16>) -> memref<500xf16> attributes {tag = "low"} {
  ^bb0(%x: memref<500xf16>, %y: memref<500xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<500xf16>, memref<500xf16>
  }
  %b = memref.alloc() : memref<500xf16>
  %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%r1 : memref<500xf16>) outputs(%b : memref<500xf16>) -> memref<500xf16> attributes {tag = "high"} {
  ^bb0(%x: memref<500xf16>, %y: memref<500xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<500xf16>, memref<500xf16>
  }
  %c = memref.alloc() : memref<2000xf16>
  %2 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%join : memref<2000xf16>) outputs(%c : memref<2000xf16>) -> memref<2000xf16> attributes {tag = "both"} {
  ^bb0(%x: memref<2000xf16>, %y: memref<2000xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<2000xf16>, memref<2000xf16>
  }
  %d = memref.alloc() : memref<2000xf16>
  %3 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%in : memref<2000xf16>) outputs(%d : memref<2000xf16>) -> memref<2000xf16> attributes {tag = "argument"} {
  ^bb0(%x: memref<2000xf16>, %y: memref<2000xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<2000xf16>, memref<2000xf16>
  }
  %e = memref.alloc() : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
  %4 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%cmx1 : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%e : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1000xf16, #VPUIP.mem<CMX_NN[1]>> attributes {tag = "cmx"} {
  ^bb0(%x: memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>, %y: memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>, memref<1000xf16, #VPUIP.mem<CMX_NN[1]>>
  }
  %g = memref.alloc() : memref<500xf16>
  %5 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<500xf16>) outputs(%g : memref<500xf16>) -> memref<500xf16> attributes {tag = "chained"} {
  ^bb0(%x: memref<500xf16>, %y: memref<500xf16>):
    VPUIP.SW.Kernel.run(%x, %y) : memref<500xf16>, memref<500xf16>
  }
  %s = VPUIP.SubView %join [1000] [10] : memref<2000xf16> to memref<10xf16>
  %f = memref.alloc() : memref<500xf16>
  %6 = VPUIP.SW.Kernel @VPU.SW::@mul on tile 0 inputs(%r0, %s : memref<500xf16>, memref<10xf16>) outputs(%f : memref<500xf16>) -> memref<500xf16> attributes {tag = "broadcast"} {
  ^bb0(%x: memref<500xf16>, %w: memref<10xf16>, %y: memref<500xf16>):
    VPUIP.SW.Kernel.run(%x, %w, %y) : memref<500xf16>, memref<10xf16>, memref<500xf16>
  }
  return
}
)mlir";

class ProducerTileTest : public TaggedProgramTest {
protected:
  std::optional<int64_t> producerOf(const ProducerTiles &tiles,
                                    StringRef name) {
    return tiles.getProducerTile(llvm::cast<SwKernelOp>(op(name)));
  }
};

TEST_F(ProducerTileTest, oneTileOrNone) {
  parse(kProgram);
  ProducerTiles tiles(func);
  // Each half of the buffer was copied out of one tile's CMX.
  EXPECT_EQ(producerOf(tiles, "low"), std::optional<int64_t>(0));
  EXPECT_EQ(producerOf(tiles, "high"), std::optional<int64_t>(1));
  // All of it came from both tiles.
  EXPECT_EQ(producerOf(tiles, "both"), std::nullopt);
  // The result of a kernel on tile 0's rows: tile 0 again.
  EXPECT_EQ(producerOf(tiles, "chained"), std::optional<int64_t>(0));
  // Rows of tile 0 and a 10-element operand from tile 1 broadcast into them.
  EXPECT_EQ(producerOf(tiles, "broadcast"), std::optional<int64_t>(0));
  // A network input no copy wrote; an input in CMX (not looked at).
  EXPECT_EQ(producerOf(tiles, "argument"), std::nullopt);
  EXPECT_EQ(producerOf(tiles, "cmx"), std::nullopt);
}

} // namespace
