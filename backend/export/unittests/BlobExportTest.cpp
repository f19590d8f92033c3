//===- BlobExportTest.cpp - Tests of the blob writer ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The writer's header (names, resources, heap size), its determinism across
// contexts, and the network description of IE.CNNNetwork, which the IE
// verifier only accepts for tensor-level functions (so these modules are
// parsed without verification).
//
//===----------------------------------------------------------------------===//

#include "backend/export/BlobExport.h"

#include <string>

#include "backend/blob/Blob.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

using ::testing::HasSubstr;

/// The VPUX37XX resources attribute.
constexpr const char *kResources =
    "VPUIP.resources = #VPUIP.resources<arch = \"VPUX37XX\", clusters = 2, "
    "cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = "
    "2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = "
    "64, max_producers = 256, max_consumers = 256>";

/// A module copying input x to output y through DDR; `moduleHead` is what
/// precedes the attribute dictionary (e.g. "module @name"), `extraAttrs` more
/// module attributes and `network` ops before the function.
std::string copyModule(llvm::StringRef moduleHead, llvm::StringRef extraAttrs,
                       llvm::StringRef network = "",
                       llvm::StringRef argAttrs = "") {
  return (moduleHead + " attributes {" + kResources + extraAttrs + "} {\n" +
          network + "  func.func @main(%x: memref<1x2x3x4xf16>" + argAttrs +
          ", %y: memref<1x2x3x4xf16>) -> memref<1x2x3x4xf16> {\n"
          "    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> "
          "memref<1x2x3x4xf16>\n"
          "    %1 = VPURT.DeclareBuffer <DDR> <128> -> memref<1x2x3x4xf16>\n"
          "    %2 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> "
          "memref<1x2x3x4xf16>\n"
          "    %b = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier\n"
          "    VPURT.Task updates(%b) {\n"
          "      %r = VPUIP.NNDMA inputs(%0 : memref<1x2x3x4xf16>) "
          "outputs(%1 : memref<1x2x3x4xf16>) -> memref<1x2x3x4xf16>\n"
          "    }\n"
          "    VPURT.Task waits(%b) {\n"
          "      %r = VPUIP.NNDMA inputs(%1 : memref<1x2x3x4xf16>) "
          "outputs(%2 : memref<1x2x3x4xf16>) -> memref<1x2x3x4xf16>\n"
          "    }\n"
          "    return %y : memref<1x2x3x4xf16>\n"
          "  }\n"
          "}\n")
      .str();
}

/// An IE.CNNNetwork describing @main's input and output.
std::string network(llvm::StringRef input) {
  return ("  IE.CNNNetwork entryPoint : @main inputsInfo : {\n    " + input +
          "\n  } outputsInfo : {\n"
          "    IE.DataInfo \"prob\" : tensor<1x2x3x4xf16> precision f16\n"
          "  }\n")
      .str();
}

class BlobExportTest : public ::testing::Test {
protected:
  BlobExportTest() { registerBlobExportDialects(registry); }

  /// Parses `text` in `context` (verifying it unless `verify` is false).
  OwningOpRef<ModuleOp> parse(MLIRContext &context, llvm::StringRef text,
                              bool verify = true) {
    ParserConfig config(&context, verify);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
    EXPECT_TRUE(module) << text.str();
    return module;
  }

  /// Exports `text`; on failure returns the diagnostics in `errors`.
  FailureOr<std::vector<uint8_t>> exportText(llvm::StringRef text,
                                             bool verify = true) {
    errors.clear();
    MLIRContext context(registry);
    OwningOpRef<ModuleOp> module = parse(context, text, verify);
    if (!module) {
      return failure();
    }
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    return exportBlob(*module);
  }

  DialectRegistry registry;
  std::string errors;
};

TEST_F(BlobExportTest, header) {
  FailureOr<std::vector<uint8_t>> bytes = exportText(
      copyModule("module", ", VPURT.section_sizes = {DDR = 4096 : i64}"));
  ASSERT_TRUE(succeeded(bytes)) << errors;
  llvm::Expected<BlobFile> file = loadBlob(*bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  const schema::Header &header = *file->get().header();
  EXPECT_EQ(header.arch()->str(), "VPUX37XX");
  EXPECT_EQ(header.name()->str(), "");
  EXPECT_EQ(header.generator()->str(), kWriterGenerator);
  EXPECT_EQ(header.resources()->clusters(), 2u);
  EXPECT_EQ(header.resources()->shaves(), 2u);
  EXPECT_EQ(header.resources()->dma_ports(), 2u);
  EXPECT_EQ(header.resources()->barriers(), 64u);
  EXPECT_EQ(header.resources()->cmx_bytes(), 1982464u);
  // The recorded heap size, not the end of the last buffer (176).
  EXPECT_EQ(header.resources()->ddr_scratch_bytes(), 4096u);
  // Default names.
  EXPECT_EQ(header.inputs()->Get(0)->name()->str(), "input0");
  EXPECT_EQ(header.outputs()->Get(0)->name()->str(), "output0");

  bytes = exportText(copyModule("module @net", ""));
  ASSERT_TRUE(succeeded(bytes)) << errors;
  file = loadBlob(*bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(file->get().header()->name()->str(), "net");
  EXPECT_EQ(file->get().header()->resources()->ddr_scratch_bytes(), 176u);
}

TEST_F(BlobExportTest, isDeterministic) {
  std::string text = copyModule("module @net", "");
  // Two contexts (different pointers everywhere), and twice in one.
  FailureOr<std::vector<uint8_t>> a = exportText(text);
  FailureOr<std::vector<uint8_t>> b = exportText(text);
  ASSERT_TRUE(succeeded(a) && succeeded(b)) << errors;
  EXPECT_EQ(*a, *b);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parse(context, text);
  FailureOr<std::vector<uint8_t>> c = exportBlob(*module);
  FailureOr<std::vector<uint8_t>> d = exportBlob(*module);
  ASSERT_TRUE(succeeded(c) && succeeded(d));
  EXPECT_EQ(*a, *c);
  EXPECT_EQ(*c, *d);
}

TEST_F(BlobExportTest, namesFromTheNetworkDescription) {
  FailureOr<std::vector<uint8_t>> bytes = exportText(
      copyModule("module", "",
                 network("IE.DataInfo \"data\" : tensor<1x2x3x4xf16> "
                         "precision f16")),
      /*verify=*/false);
  ASSERT_TRUE(succeeded(bytes)) << errors;
  llvm::Expected<BlobFile> file = loadBlob(*bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(file->get().header()->inputs()->Get(0)->name()->str(), "data");
  EXPECT_EQ(file->get().header()->outputs()->Get(0)->name()->str(), "prob");

  // The same name on the argument agrees.
  bytes = exportText(
      copyModule("module", "",
                 network("IE.DataInfo \"data\" : tensor<1x2x3x4xf16> "
                         "precision f16"),
                 " {VPURT.name = \"data\"}"),
      /*verify=*/false);
  EXPECT_TRUE(succeeded(bytes)) << errors;
}

TEST_F(BlobExportTest, networkDescriptionMismatches) {
  EXPECT_TRUE(failed(exportText(
      copyModule("module", "",
                 network("IE.DataInfo \"data\" : tensor<1x2x3x4xf16> "
                         "precision f16"),
                 " {VPURT.name = \"x\"}"),
      /*verify=*/false)));
  EXPECT_THAT(errors, HasSubstr("'func.func' op network input #0 is named 'x' "
                                "by VPURT.name but 'data' by IE.CNNNetwork"));

  EXPECT_TRUE(failed(exportText(
      copyModule("module", "",
                 network("IE.DataInfo \"data\" : tensor<1x2x3x4xf32> "
                         "precision f32")),
      /*verify=*/false)));
  EXPECT_THAT(errors,
              HasSubstr("'IE.DataInfo' op has precision 'f32', but network "
                        "input #0 of @main has element type 'f16': the blob "
                        "exchanges the network's own buffers, so any "
                        "conversion must be part of the network"));

  EXPECT_TRUE(failed(exportText(
      copyModule("module", "",
                 network("IE.DataInfo \"data\" : tensor<1x2x3x4xf16> "
                         "precision f16 layout affine_map<(d0, d1, d2, d3) -> "
                         "(d0, d2, d3, d1)>")),
      /*verify=*/false)));
  EXPECT_THAT(errors,
              HasSubstr("'IE.DataInfo' op has layout NHWC, but network input "
                        "#0 of @main is laid out NCHW: the blob exchanges the "
                        "network's own buffers, so any reordering must be "
                        "part of the network"));

  EXPECT_TRUE(failed(
      exportText(copyModule("module", "",
                            network("IE.DataInfo \"data\" : tensor<1x2x12xf16> "
                                    "precision f16")),
                 /*verify=*/false)));
  EXPECT_THAT(
      errors,
      HasSubstr("'IE.DataInfo' op describes shape 'tensor<1x2x12xf16>', "
                "but network input #0 of @main has type "
                "'memref<1x2x3x4xf16>'"));
}

TEST_F(BlobExportTest, kernelDeclarationsAreTables) {
  std::string text =
      std::string("module attributes {") + kResources +
      "} {\n"
      "  module @VPU.SW {\n"
      "    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes "
      "{VPUIP.kernel_entry = \"relu\"}\n"
      "    func.func private @rt() attributes {VPUIP.kernel_entry = "
      "\"nnActEntry\"}\n"
      "  }\n"
      "  VPUIP.SW.Runtime @VPU.SW::@rt stack_sizes [1024, 2048]\n"
      "  func.func @main(%x: memref<8xf16>, %y: memref<8xf16>) -> "
      "memref<8xf16> {\n"
      "    %a = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<8xf16, "
      "#VPUIP.mem<CMX_NN[1]>>\n"
      "    %b = VPURT.DeclareBuffer <CMX_NN> [1] <16> -> memref<8xf16, "
      "#VPUIP.mem<CMX_NN[1]>>\n"
      "    VPURT.Task {\n"
      "      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%a : "
      "memref<8xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%b : memref<8xf16, "
      "#VPUIP.mem<CMX_NN[1]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[1]>> {\n"
      "      ^bb0(%i: memref<8xf16, #VPUIP.mem<CMX_NN[1]>>, %o: memref<8xf16, "
      "#VPUIP.mem<CMX_NN[1]>>):\n"
      "        VPUIP.SW.Kernel.run(%i, %o) : memref<8xf16, "
      "#VPUIP.mem<CMX_NN[1]>>, memref<8xf16, #VPUIP.mem<CMX_NN[1]>>\n"
      "      }\n"
      "    }\n"
      "    return %y : memref<8xf16>\n"
      "  }\n"
      "}\n";
  FailureOr<std::vector<uint8_t>> bytes = exportText(text);
  ASSERT_TRUE(succeeded(bytes)) << errors;
  llvm::Expected<BlobFile> file = loadBlob(*bytes);
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  const schema::Blob &blob = file->get();
  // The reference kernels have no code; their declarations are tables.
  ASSERT_EQ(blob.act_kernels()->size(), 1u);
  const schema::ActKernel &kernel = *blob.act_kernels()->Get(0);
  EXPECT_EQ(kernel.text(), nullptr);
  const schema::KernelDeclaration *decl = kernel.declaration();
  ASSERT_NE(decl, nullptr);
  EXPECT_EQ(decl->symbol()->str(), "relu");
  EXPECT_EQ(decl->entry()->str(), "relu");
  ASSERT_EQ(decl->args()->size(), 2u);
  EXPECT_EQ(decl->args()->Get(0)->role(), schema::KernelArgRole::INPUT);
  EXPECT_EQ(decl->args()->Get(1)->role(), schema::KernelArgRole::OUTPUT);
  EXPECT_EQ(decl->args()->Get(1)->type()->str(), "memref<*xf16>");
  EXPECT_EQ(blob.act_runtime()->code(), nullptr);
  const schema::KernelDeclaration *runtime = blob.act_runtime()->declaration();
  ASSERT_NE(runtime, nullptr);
  EXPECT_EQ(runtime->symbol()->str(), "rt");
  EXPECT_EQ(runtime->entry()->str(), "nnActEntry");
  EXPECT_EQ(runtime->args()->size(), 0u);
  EXPECT_EQ(blob.act_runtime()->stack_sizes()->Get(1), 2048u);
  const schema::ActKernelInvocation &invocation =
      *blob.act_invocations()->Get(0);
  EXPECT_EQ(invocation.tile(), 1u);
  EXPECT_EQ(invocation.args_offset(), 0u);
  // The ACT task list of tile 1, SHAVE 0.
  EXPECT_EQ(getExecutorName(*blob.task_lists()->Get(0)), "ACT1.0");
}

} // namespace
} // namespace mlir::vpuc::blob
