//===- CodegenTest.cpp - The flatbuffers and protobuf macros work
//----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include <google/protobuf/text_format.h>

#include "tools/bazel/test/codegen_test.pb.h"
#include "tools/bazel/test/codegen_test_schema_generated.h"
#include "gtest/gtest.h"

namespace {

TEST(CodegenTest, flatbuffersRoundTripAndVerify) {
  namespace fb = vpuc::codegen_test;
  flatbuffers::FlatBufferBuilder builder;
  std::vector<uint32_t> waits = {1, 2};
  auto task = fb::CreateTaskDirect(builder, "conv1", fb::Kind::Dpu, &waits);
  std::vector<flatbuffers::Offset<fb::Task>> tasks = {task};
  builder.Finish(fb::CreateProgramDirect(builder, &tasks),
                 fb::ProgramIdentifier());

  flatbuffers::Verifier verifier(builder.GetBufferPointer(), builder.GetSize());
  ASSERT_TRUE(fb::VerifyProgramBuffer(verifier));
  const fb::Program *program = fb::GetProgram(builder.GetBufferPointer());
  ASSERT_EQ(program->tasks()->size(), 1u);
  EXPECT_EQ(program->tasks()->Get(0)->name()->str(), "conv1");
  EXPECT_EQ(program->tasks()->Get(0)->kind(), fb::Kind::Dpu);

  // A corrupted buffer fails verification instead of being read.
  std::vector<uint8_t> bytes(builder.GetBufferPointer(),
                             builder.GetBufferPointer() + builder.GetSize());
  bytes[0] = 0xff;
  bytes[1] = 0xff;
  flatbuffers::Verifier bad(bytes.data(), bytes.size());
  EXPECT_FALSE(fb::VerifyProgramBuffer(bad));
}

TEST(CodegenTest, protobufTextFormat) {
  vpuc::codegen_test::Sample sample;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(
      "name: 'x' dims: [1, 3, 224, 224]", &sample));
  EXPECT_EQ(sample.name(), "x");
  EXPECT_EQ(sample.dims_size(), 4);
}

} // namespace
