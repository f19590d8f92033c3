//===- BlobImportTest.cpp - Tests of the blob reader ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The reader on blobs made with BlobBuilder: what it builds from blobs the
// writer did not produce, and every blob it refuses rather than import
// unfaithfully.
//
//===----------------------------------------------------------------------===//

#include "backend/import/BlobImport.h"

#include <string>

#include "backend/blob/BlobBuilder.h"
#include "backend/export/BlobExport.h"
#include "kernels/abi/ArgPacker.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

/// The tensor type of the tests' buffers.
TensorTypeDesc f16x8() { return tensorType(schema::DType::F16, {8}); }

/// A VPUX37XX blob with input x and output y (f16 [8]) and the target's
/// resources.
BlobBuilder make37xx() {
  BlobBuilder builder("VPUX37XX");
  BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 2;
  resources.shaves = 2;
  resources.dmaPorts = 2;
  resources.barriers = 64;
  resources.cmxBytes = 1982464;
  builder.addInput("x", f16x8());
  builder.addOutput("y", f16x8());
  return builder;
}

using Role = schema::KernelArgRole;

/// A declaration of kernel `name` with `args` (role, type text).
KernelDeclarationDesc
declaration(llvm::StringRef name,
            std::vector<std::pair<Role, std::string>> args) {
  return {name.str(), name.str(), std::move(args)};
}

/// The declaration of a kernel `name` reading one buffer and writing one,
/// then `extraArgs`.
KernelDeclarationDesc
unaryDecl(llvm::StringRef name,
          std::vector<std::pair<Role, std::string>> extraArgs = {}) {
  std::vector<std::pair<Role, std::string>> args = {
      {Role::INPUT, "memref<*xf16>"}, {Role::OUTPUT, "memref<*xf16>"}};
  args.insert(args.end(), extraArgs.begin(), extraArgs.end());
  return declaration(name, std::move(args));
}

/// Packs (in, out) descriptors of f16 [8] buffers at CMX offsets 0 and 64.
abi::ArgPacker packUnary(uint32_t inAddress = abi::kWinFBase) {
  abi::ArgPacker packer;
  packer.addMemRef(abi::ArgKind::MemRefIn, inAddress, {8}, {16},
                   abi::DataType::F16, 0x1);
  packer.addMemRef(abi::ArgKind::MemRefOut, abi::kWinFBase + 64, {8}, {16},
                   abi::DataType::F16, 0x1);
  return packer;
}

/// Adds an ACT kernel declared by `decl` and one task calling it with `args` on
/// tile 0, and the runtime.
void addActTask(BlobBuilder &builder, const KernelDeclarationDesc &decl,
                const std::vector<uint8_t> &args, llvm::StringRef name = "relu",
                uint32_t shave = 0) {
  uint32_t kernel = builder.addActKernel(name, std::nullopt, decl);
  uint32_t invocation = builder.addActInvocationWithArgs(kernel, 0, args);
  builder.setActRuntime({16384, 16384});
  builder.addActTask(0, shave, invocation, {}, name);
}

class BlobImportTest : public ::testing::Test {
protected:
  BlobImportTest() {
    DialectRegistry registry;
    registerBlobImportDialects(registry);
    registerBlobExportDialects(registry);
    context.appendDialectRegistry(registry);
  }

  /// Imports `bytes`, collecting the diagnostics.
  OwningOpRef<ModuleOp> import(const std::vector<uint8_t> &bytes) {
    diagnostics.clear();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str() + "\n";
      return success();
    });
    return importBlob(bytes, &context, UnknownLoc::get(&context));
  }

  /// The diagnostics of a failed import of `bytes`.
  std::string importError(const std::vector<uint8_t> &bytes) {
    OwningOpRef<ModuleOp> module = import(bytes);
    EXPECT_FALSE(module) << "the import succeeded";
    return diagnostics;
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    return os.str();
  }

  MLIRContext context;
  std::string diagnostics;
};

TEST_F(BlobImportTest, importsBuilderBlobs) {
  // A blob the writer did not produce: the reader gives IR whose blob holds
  // the same network, and a second round trip is byte-identical.
  BlobBuilder builder = make37xx();
  builder.setName("copy");
  uint32_t x = builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0,
                                 0, f16x8());
  uint32_t cmx = builder.addTensor("x_cmx", schema::MemoryLocation::CMX_NN, 1,
                                   32, f16x8());
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, f16x8());
  uint32_t barrier = builder.addBarrier(2);
  builder.addDmaTask(1, x, cmx, {{}, {barrier}}, "load");
  builder.addDmaTask(0, cmx, y, {{barrier}, {}}, "store");
  OwningOpRef<ModuleOp> module = import(builder.finish());
  ASSERT_TRUE(module) << diagnostics;
  std::string text = print(*module);
  EXPECT_THAT(text, HasSubstr("module @copy"));
  EXPECT_THAT(text, HasSubstr("VPURT.DeclareBuffer <CMX_NN> [1] <32> -> "
                              "memref<8xf16, #VPUIP.mem<CMX_NN[1]>>"));
  EXPECT_THAT(text, HasSubstr("VPURT.ConfigureBarrier<2> {consumer_count = 1 "
                              ": i64, producer_count = 1 : i64}"));
  // The load (DMA1) waits for nothing and comes first, although DMA0's list
  // comes first in the blob.
  EXPECT_LT(text.find("VPUIP.NNDMA {port = 1 : i64}"),
            text.find("VPUIP.NNDMA inputs"));

  FailureOr<std::vector<uint8_t>> first = exportBlob(*module);
  ASSERT_TRUE(succeeded(first));
  OwningOpRef<ModuleOp> again = import(*first);
  ASSERT_TRUE(again) << diagnostics;
  FailureOr<std::vector<uint8_t>> second = exportBlob(*again);
  ASSERT_TRUE(succeeded(second));
  EXPECT_EQ(*first, *second);
}

TEST_F(BlobImportTest, isDeterministic) {
  BlobBuilder builder = make37xx();
  addActTask(builder, unaryDecl("relu"), packUnary().finish());
  std::vector<uint8_t> bytes = builder.finish();
  OwningOpRef<ModuleOp> a = import(bytes);
  OwningOpRef<ModuleOp> b = import(bytes);
  ASSERT_TRUE(a && b) << diagnostics;
  EXPECT_EQ(print(*a), print(*b));
}

TEST_F(BlobImportTest, importsActTasksOfEveryShave) {
  // A task of SHAVE 1 keeps its SHAVE through the IR, and a second round trip
  // is byte-identical.
  BlobBuilder act = make37xx();
  addActTask(act, unaryDecl("relu"), packUnary().finish(), "relu",
             /*shave=*/1);
  OwningOpRef<ModuleOp> module = import(act.finish());
  ASSERT_TRUE(module) << diagnostics;
  EXPECT_THAT(print(*module),
              HasSubstr("VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 shave 1 "));
  FailureOr<std::vector<uint8_t>> first = exportBlob(*module);
  ASSERT_TRUE(succeeded(first));
  OwningOpRef<ModuleOp> again = import(*first);
  ASSERT_TRUE(again) << diagnostics;
  EXPECT_THAT(print(*again), HasSubstr("on tile 0 shave 1 "));
  FailureOr<std::vector<uint8_t>> second = exportBlob(*again);
  ASSERT_TRUE(succeeded(second));
  EXPECT_EQ(*first, *second);
}

TEST_F(BlobImportTest, refusesTaskListsTheIRCannotHold) {
  BlobBuilder upa("VPUX30XX");
  upa.getResources().shaves = 16;
  upa.addInput("x", f16x8());
  upa.addOutput("y", f16x8());
  uint32_t x =
      upa.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, f16x8());
  uint32_t y =
      upa.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0, 0, f16x8());
  upa.addUpaTask(1, "relu", {x}, {y}, {}, "relu");
  EXPECT_THAT(importError(upa.finish()),
              HasSubstr("task list UPA1: the IR has one UPA task list, so UPA "
                        "queues other than 0 cannot be imported"));
}

TEST_F(BlobImportTest, refusesHeaderResources) {
  BlobBuilder builder = make37xx();
  builder.getResources().ddrScratchBytes = uint64_t(1) << 63;
  EXPECT_THAT(importError(builder.finish()),
              HasSubstr("header resources: memory sizes beyond 2^63 bytes"));
}

TEST_F(BlobImportTest, refusesTensorsWithoutBufferForm) {
  BlobBuilder kernelData = make37xx();
  kernelData.addKernelData("data", std::vector<uint8_t>(64));
  kernelData.addTensor("k", schema::MemoryLocation::KERNEL_DATA, 0, 0, f16x8());
  EXPECT_THAT(importError(kernelData.finish()),
              HasSubstr("tensor 0 'k' is in KERNEL_DATA[0], which has no "
                        "VPURT section"));

  // A BOOL tensor has one: i1, a byte per element.
  BlobBuilder boolean = make37xx();
  boolean.addTensor("b", schema::MemoryLocation::DDR_SCRATCH, 0, 0,
                    tensorType(schema::DType::BOOL, {4}));
  boolean.getResources().ddrScratchBytes = 64;
  OwningOpRef<ModuleOp> booleanModule = import(boolean.finish());
  ASSERT_TRUE(booleanModule) << diagnostics;
  EXPECT_THAT(print(*booleanModule),
              HasSubstr("VPURT.DeclareBuffer <DDR> <0> -> memref<4xi1>"));

  BlobBuilder quant = make37xx();
  TensorTypeDesc quantType = tensorType(schema::DType::U8, {4});
  quantType.scales = {0.5f};
  quant.addOutput("q", quantType);
  EXPECT_THAT(importError(quant.finish()),
              HasSubstr("network output 1 'q': quantisation parameters have "
                        "no buffer form"));
}

TEST_F(BlobImportTest, refusesConstantsWithoutConstForm) {
  BlobBuilder strided = make37xx();
  TensorTypeDesc type = f16x8();
  type.dims = {4};
  type.strides = {32};
  uint64_t offset = strided.addConstant(std::vector<uint8_t>(16));
  strided.addTensor("w", schema::MemoryLocation::CONSTANT, 0, offset, type);
  EXPECT_THAT(importError(strided.finish()),
              HasSubstr("tensor 0 'w' (CONSTANT): constants are compact "
                        "buffers, but the tensor's strides are not compact"));

  BlobBuilder int4 = make37xx();
  offset = int4.addConstant(std::vector<uint8_t>(4));
  int4.addTensor("w4", schema::MemoryLocation::CONSTANT, 0, offset,
                 tensorType(schema::DType::I4, {8}));
  EXPECT_THAT(importError(int4.finish()),
              HasSubstr("tensor 0 'w4' (CONSTANT): constants of element type "
                        "'i4' have no const.Declare form"));
}

TEST_F(BlobImportTest, runtimeDeclarations) {
  // A runtime without code gets a declaration of its own.
  BlobBuilder noCode = make37xx();
  noCode.setActRuntime({16384, 16384});
  OwningOpRef<ModuleOp> module = import(noCode.finish());
  ASSERT_TRUE(module) << diagnostics;
  EXPECT_THAT(print(*module),
              HasSubstr("VPUIP.SW.Runtime @VPU.SW::@act_runtime stack_sizes "
                        "[16384, 16384]"));

  BlobBuilder declared = make37xx();
  declared.setActRuntime({16384, 16384}, std::nullopt,
                         declaration("rt_decl", {}));
  module = import(declared.finish());
  ASSERT_TRUE(module) << diagnostics;
  EXPECT_THAT(print(*module), HasSubstr("VPUIP.SW.Runtime @VPU.SW::@rt_decl"));

  BlobBuilder args = make37xx();
  args.setActRuntime({16384, 16384}, std::nullopt, unaryDecl("rt"));
  EXPECT_THAT(importError(args.finish()),
              HasSubstr("act runtime: its declaration has 2 argument(s); the "
                        "runtime takes none"));
}

TEST_F(BlobImportTest, refusesInconsistentKernelDeclarations) {
  BlobBuilder entry = make37xx();
  addActTask(entry, unaryDecl("gelu"), packUnary().finish(), "relu");
  EXPECT_THAT(importError(entry.finish()),
              HasSubstr("act kernel 0 'relu': its declaration has entry "
                        "'gelu'"));

  BlobBuilder kind = make37xx();
  addActTask(kind, declaration("relu", {{Role::INPUT, "i32"}}),
             packUnary().finish());
  EXPECT_THAT(importError(kind.finish()),
              HasSubstr("act kernel 0 'relu': argument 0 of declaration "
                        "'relu': the scalar type 'i32' has the role INPUT"));

  BlobBuilder type = make37xx();
  addActTask(type, declaration("relu", {{Role::INPUT, "memref<*xfoo>"}}),
             packUnary().finish());
  EXPECT_THAT(importError(type.finish()),
              HasSubstr("act kernel 0 'relu': argument 0 of declaration "
                        "'relu': invalid type 'memref<*xfoo>'"));

  BlobBuilder none = make37xx();
  uint32_t kernel = none.addActKernel("relu", std::nullopt);
  uint32_t invocation =
      none.addActInvocationWithArgs(kernel, 0, packUnary().finish());
  none.setActRuntime({16384, 16384});
  none.addActTask(0, 0, invocation, {}, "relu");
  EXPECT_THAT(importError(none.finish()),
              HasSubstr("act kernel 0 'relu': the blob does not declare it"));

  BlobBuilder scalar = make37xx();
  abi::ArgPacker packer = packUnary();
  packer.addI32(0);
  addActTask(scalar, unaryDecl("relu", {{Role::SCALAR, "f16"}}),
             packer.finish());
  EXPECT_THAT(importError(scalar.finish()),
              HasSubstr("act invocation 0, argument #2: scalars of type 'f16' "
                        "have no kernel ABI form (i32, i64, f32)"));
}

TEST_F(BlobImportTest, decodesScalars) {
  BlobBuilder builder = make37xx();
  abi::ArgPacker packer = packUnary();
  packer.addI32(-3);
  packer.addI64(int64_t(1) << 40);
  packer.addF32(0.25f);
  addActTask(builder,
             unaryDecl("k", {{Role::SCALAR, "i32"},
                             {Role::SCALAR, "i64"},
                             {Role::SCALAR, "f32"}}),
             packer.finish(), "k");
  OwningOpRef<ModuleOp> module = import(builder.finish());
  ASSERT_TRUE(module) << diagnostics;
  EXPECT_THAT(print(*module),
              HasSubstr("-3 : i32, 1099511627776 : i64, 2.500000e-01 : f32)"));
}

TEST_F(BlobImportTest, refusesBadArguments) {
  BlobBuilder outside = make37xx();
  addActTask(outside, unaryDecl("relu"),
             packUnary(abi::kWinEBase + 64).finish());
  EXPECT_THAT(importError(outside.finish()),
              HasSubstr("act invocation 0, argument #0: data address 1e000040 "
                        "is not in the tile's CMX (window WIN_F)"));

  BlobBuilder shortArgs = make37xx();
  std::vector<uint8_t> args = packUnary().finish();
  args.resize(16);
  addActTask(shortArgs, unaryDecl("relu"), args);
  EXPECT_THAT(importError(shortArgs.finish()),
              HasSubstr("act invocation 0, argument #0: the argument buffer of "
                        "16 bytes ends before it"));

  BlobBuilder shortScalar = make37xx();
  addActTask(shortScalar, declaration("k", {{Role::SCALAR, "i64"}}),
             std::vector<uint8_t>(4), "k");
  EXPECT_THAT(importError(shortScalar.finish()),
              HasSubstr("act invocation 0, argument #0: the argument buffer of "
                        "4 bytes ends before it"));

  BlobBuilder rank = make37xx();
  abi::ArgPacker badRank;
  badRank.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase, {8}, {16},
                    abi::DataType::F16, 0x12);
  addActTask(rank, unaryDecl("relu"), badRank.finish());
  EXPECT_THAT(importError(rank.finish()),
              HasSubstr("act invocation 0, argument #0: invalid descriptor "
                        "(rank 1, data type 2, order 0x12)"));

  BlobBuilder negative = make37xx();
  args = packUnary().finish();
  abi::MemRefData first;
  std::memcpy(&first, args.data(), sizeof(first));
  int32_t minusOne = -1;
  std::memcpy(args.data() + (first.dimsAddr - abi::kWinEBase), &minusOne, 4);
  addActTask(negative, unaryDecl("relu"), args);
  EXPECT_THAT(importError(negative.finish()),
              HasSubstr("act invocation 0, argument #0: negative dims or "
                        "strides"));

  BlobBuilder huge = make37xx();
  abi::ArgPacker hugePacker;
  hugePacker.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase + 1024,
                       {1 << 20, 8}, {128, 16}, abi::DataType::F16, 0x12);
  addActTask(huge, unaryDecl("relu"), hugePacker.finish());
  EXPECT_THAT(importError(huge.finish()),
              HasSubstr("act invocation 0, argument #0: the tensor does not "
                        "fit in the tile's CMX window WIN_F"));

  BlobBuilder broadcast = make37xx();
  abi::ArgPacker broadcastPacker;
  broadcastPacker.addMemRef(abi::ArgKind::MemRefIn, abi::kWinFBase, {8}, {0},
                            abi::DataType::F16, 0x1);
  addActTask(broadcast, unaryDecl("relu"), broadcastPacker.finish());
  EXPECT_THAT(importError(broadcast.finish()),
              HasSubstr("act invocation 0, argument #0: zero strides "
                        "(broadcasting) have no buffer type"));

  BlobBuilder dims = make37xx();
  args = packUnary().finish();
  abi::MemRefData desc;
  std::memcpy(&desc, args.data(), sizeof(desc));
  desc.dimsAddr = abi::kWinEBase + 4096;
  std::memcpy(args.data(), &desc, sizeof(desc));
  addActTask(dims, unaryDecl("relu"), args);
  EXPECT_THAT(importError(dims.finish()),
              HasSubstr("act invocation 0, argument #0: the dims array at "
                        "1e001000 is not inside the argument buffer"));
}

TEST_F(BlobImportTest, refusesArgumentsTheWriterWouldLayOutDifferently) {
  BlobBuilder window = make37xx();
  uint32_t kernel =
      window.addActKernel("relu", std::nullopt, unaryDecl("relu"));
  std::vector<uint8_t> args = packUnary().finish();
  uint32_t data = window.addKernelData("args", args);
  uint32_t invocation = window.addActInvocation(
      kernel, 0, {data, 0, static_cast<uint64_t>(args.size())}, 8);
  window.setActRuntime({16384, 16384});
  window.addActTask(0, 0, invocation, {}, "relu");
  EXPECT_THAT(importError(window.finish()),
              HasSubstr("act invocation 0: its data window is not laid out as "
                        "the blob writer lays it out"));

  BlobBuilder padded = make37xx();
  args = packUnary().finish();
  args.resize(args.size() + 8, 0);
  addActTask(padded, unaryDecl("relu"), args);
  EXPECT_THAT(importError(padded.finish()),
              HasSubstr("act invocation 0: its argument buffer is not laid out "
                        "as the blob writer lays it out"));
}

TEST_F(BlobImportTest, refusesRelocationsOfNoArgument) {
  // A valid relocation (as loadBlob sees it) of a descriptor appended after
  // the arguments: not one the kernel's arguments use.
  BlobBuilder builder = make37xx();
  uint32_t x = builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0,
                                 0, f16x8());
  std::vector<uint8_t> args = packUnary().finish();
  auto offset = static_cast<uint32_t>(args.size());
  std::vector<uint8_t> extra(args.begin() + 32, args.begin() + 64);
  std::fill(extra.begin(), extra.begin() + 4, 0); // dataAddr 0
  args.insert(args.end(), extra.begin(), extra.end());
  uint32_t kernel =
      builder.addActKernel("relu", std::nullopt, unaryDecl("relu"));
  uint32_t invocation =
      builder.addActInvocationWithArgs(kernel, 0, args, {{x, offset}});
  builder.setActRuntime({16384, 16384});
  builder.addActTask(0, 0, invocation, {}, "relu");
  EXPECT_THAT(importError(builder.finish()),
              HasSubstr("act invocation 0: relocation of the descriptor at "
                        "offset 96, which is not the descriptor of a tensor "
                        "argument of kernel 'relu'"));
}

TEST_F(BlobImportTest, declaresUpaKernelsPerSignature) {
  BlobBuilder builder("VPUX30XX");
  builder.getResources().shaves = 16;
  TensorTypeDesc f32x8 = tensorType(schema::DType::F32, {8});
  builder.addInput("x", f16x8());
  builder.addInput("x32", f32x8);
  builder.addOutput("y", f16x8());
  builder.addOutput("y32", f32x8);
  uint32_t x = builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0,
                                 0, f16x8());
  uint32_t x32 = builder.addTensor("x32", schema::MemoryLocation::NETWORK_INPUT,
                                   1, 0, f32x8);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, f16x8());
  uint32_t y32 = builder.addTensor(
      "y32", schema::MemoryLocation::NETWORK_OUTPUT, 1, 0, f32x8);
  builder.addUpaTask(0, "softmax", {x}, {y}, {}, "a", softmaxParams(0), 2);
  builder.addUpaTask(0, "softmax", {x32}, {y32}, {}, "b", softmaxParams(0), 2);
  builder.addUpaTask(0, "softmax", {x}, {y}, {}, "c", softmaxParams(0), 2);
  OwningOpRef<ModuleOp> module = import(builder.finish());
  ASSERT_TRUE(module) << diagnostics;
  std::string text = print(*module);
  EXPECT_THAT(text, HasSubstr("func.func private @softmax(memref<*xf16>, "
                              "memref<*xf16>, i32)"));
  EXPECT_THAT(text, HasSubstr("func.func private @softmax_0(memref<*xf32>, "
                              "memref<*xf32>, i32)"));
  EXPECT_THAT(text, Not(HasSubstr("@softmax_1")));
}

TEST_F(BlobImportTest, inconsistentBarrierCountsFailVerification) {
  BlobBuilder builder = make37xx();
  uint32_t x = builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0,
                                 0, f16x8());
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, f16x8());
  uint32_t barrier = builder.addBarrier(0);
  builder.setBarrierCounts(barrier, 2, 1);
  builder.addDmaTask(0, x, y, {{}, {barrier}}, "a");
  builder.addDmaTask(1, x, y, {{barrier}, {}}, "b");
  EXPECT_THAT(importError(builder.finish()),
              HasSubstr("'VPURT.ConfigureBarrier' op producer_count 2 differs "
                        "from the count of the tasks that update the barrier "
                        "(1)"));
}

/// Networks in VPURT form whose blobs the corruption test damages: ACT
/// kernels with scalars on VPUX37XX, UPA layers and constants on VPUX30XX.
constexpr const char *kActNetwork = R"mlir(
module @act attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX",
    clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64,
    dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2,
    barriers = 64, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%x: memref<2x8xf16>, %y: memref<2x8xf16>) -> memref<2x8xf16> {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x8xf16> loc("x")
    %a = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> loc("a")
    %b = VPURT.DeclareBuffer <CMX_NN> [1] <64> -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> loc("b")
    %out = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<2x8xf16> loc("y")
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<2x8xf16>) outputs(%a : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>
    } loc("load")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 1 inputs(%a : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%b : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>> {
      ^bb0(%i: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, %o: memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>):
        VPUIP.SW.Kernel.run(%i, %o, 1 : i32) : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>, memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>
      }
    } loc("softmax")
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<2x8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<2x8xf16>) -> memref<2x8xf16>
    } loc("store")
    return %y : memref<2x8xf16>
  }
}
)mlir";

constexpr const char *kUpaNetwork = R"mlir(
module @upa attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX",
    clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64,
    dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16,
    barriers = 32, max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @add(memref<*xf16>, memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "add"}
    func.func private @clamp(memref<*xf16>, memref<*xf16>, f32, f32) attributes {VPUIP.kernel_entry = "clamp"}
  }
  func.func @main(%x: memref<2x4xf16>, %y: memref<2x4xf16>) -> memref<2x4xf16> {
    %c = const.Declare memref<2x4xf16> = #const.Content<dense<1.0> : tensor<2x4xf16>> loc("bias")
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<2x4xf16>
    %sum = VPURT.DeclareBuffer <DDR> <0> -> memref<2x4xf16>
    %out = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<2x4xf16>
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.UPA.SW @VPU.SW::@add inputs(%in, %c : memref<2x4xf16>, memref<2x4xf16>) outputs(%sum : memref<2x4xf16>) -> memref<2x4xf16>
    } loc("add")
    VPURT.Task waits(%b0) {
      %r = VPUIP.NNDMA inputs(%sum : memref<2x4xf16>) outputs(%out : memref<2x4xf16>) -> memref<2x4xf16>
    } loc("copy")
    VPURT.Task {
      %r = VPUIP.UPA.SW @VPU.SW::@clamp inputs(%sum : memref<2x4xf16>) outputs(%out : memref<2x4xf16>) params [0.0 : f32, 1.0 : f32] -> memref<2x4xf16>
    } loc("clamp")
    return %y : memref<2x4xf16>
  }
}
)mlir";

TEST_F(BlobImportTest, survivesCorruption) {
  // Every byte flipped and every prefix of the writer's blobs: the reader
  // either imports a valid module or reports an error, and never crashes.
  for (const char *text : {kActNetwork, kUpaNetwork}) {
    OwningOpRef<ModuleOp> source = parseSourceString<ModuleOp>(text, &context);
    ASSERT_TRUE(source);
    FailureOr<std::vector<uint8_t>> bytes = exportBlob(*source);
    ASSERT_TRUE(succeeded(bytes));
    OwningOpRef<ModuleOp> intact = import(*bytes);
    ASSERT_TRUE(intact) << diagnostics;
    FailureOr<std::vector<uint8_t>> again = exportBlob(*intact);
    ASSERT_TRUE(succeeded(again));
    EXPECT_EQ(*bytes, *again);

    size_t imported = 0;
    for (size_t i = 0; i < bytes->size(); ++i) {
      std::vector<uint8_t> corrupted = *bytes;
      corrupted[i] ^= 0xff;
      if (import(corrupted)) {
        ++imported;
      } else {
        EXPECT_FALSE(diagnostics.empty()) << "byte " << i;
      }
    }
    for (size_t size = 0; size < bytes->size(); ++size) {
      std::vector<uint8_t> prefix(bytes->begin(), bytes->begin() + size);
      EXPECT_FALSE(import(prefix)) << "prefix of " << size << " bytes";
    }
    // Flips in padding, names and values still import.
    EXPECT_GT(imported, 0u);
  }
}

} // namespace
} // namespace mlir::vpuc::blob
