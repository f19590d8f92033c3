//===- ArrayDumpTest.cpp - Layer dump writer tests ------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/npy/ArrayDump.h"

#include <cstdlib>
#include <string>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::npy {
namespace {

std::string tmpPath(const std::string &name) {
  const char *dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

Array makeArray(std::initializer_list<int64_t> shape, float first) {
  Array array = Array::zeros(DType::F32, llvm::ArrayRef<int64_t>(shape));
  *reinterpret_cast<float *>(array.data.data()) = first;
  return array;
}

float firstValue(const Array &array) {
  return *reinterpret_cast<const float *>(array.data.data());
}

TEST(ArrayDumpTest, ArchiveKeepsOrderAndMakesRepeatedNamesUnique) {
  std::string path = tmpPath("dump.npz");
  llvm::Expected<ArrayDumpWriter> writer =
      ArrayDumpWriter::create(path, "--dump-layers");
  ASSERT_TRUE(static_cast<bool>(writer)) << llvm::toString(writer.takeError());
  ASSERT_FALSE(static_cast<bool>(writer->add("conv/2", makeArray({2}, 1))));
  ASSERT_FALSE(static_cast<bool>(writer->add("a", makeArray({1, 3}, 2))));
  ASSERT_FALSE(static_cast<bool>(writer->add("conv/2", makeArray({2}, 3))));
  ASSERT_FALSE(static_cast<bool>(writer->finish()));

  llvm::Expected<ArrayMap> read = readNpz(path);
  ASSERT_TRUE(static_cast<bool>(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), 3u);
  auto it = read->begin();
  EXPECT_EQ(it->first, "conv/2");
  EXPECT_EQ(firstValue(it->second), 1.0f);
  ++it;
  EXPECT_EQ(it->first, "a");
  EXPECT_EQ(it->second.shape, (llvm::SmallVector<int64_t, 4>{1, 3}));
  ++it;
  EXPECT_EQ(it->first, "conv/2#2");
  EXPECT_EQ(firstValue(it->second), 3.0f);
}

TEST(ArrayDumpTest, DirectoryHasSanitisedFilesAndAnIndex) {
  std::string dir = tmpPath("dump_dir");
  llvm::sys::fs::remove_directories(dir);
  llvm::Expected<ArrayDumpWriter> writer =
      ArrayDumpWriter::create(dir, "--dump-layers");
  ASSERT_TRUE(static_cast<bool>(writer)) << llvm::toString(writer.takeError());
  ASSERT_FALSE(static_cast<bool>(writer->add("/b/Conv", makeArray({2, 2}, 4))));
  ASSERT_FALSE(static_cast<bool>(writer->add("_b_Conv", makeArray({1}, 5))));
  ASSERT_FALSE(static_cast<bool>(writer->add("..", makeArray({1}, 6))));
  ASSERT_FALSE(static_cast<bool>(writer->finish()));

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> index =
      llvm::MemoryBuffer::getFile(dir + "/layers.tsv");
  ASSERT_TRUE(static_cast<bool>(index));
  EXPECT_EQ((*index)->getBuffer().str(), "file\tlayer\tshape\tdtype\n"
                                         "_b_Conv.npy\t/b/Conv\t2x2\tfloat32\n"
                                         "_b_Conv_2.npy\t_b_Conv\t1\tfloat32\n"
                                         "layer...npy\t..\t1\tfloat32\n");
  llvm::Expected<Array> second = readNpy(dir + "/_b_Conv_2.npy");
  ASSERT_TRUE(static_cast<bool>(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(firstValue(*second), 5.0f);
}

TEST(ArrayDumpTest, UncreatableDirectoryNamesTheFlag) {
  std::string file = tmpPath("dump_file");
  ASSERT_FALSE(static_cast<bool>(
      ArrayDumpWriter::create(file + ".npz", "--x").takeError()));
  {
    std::error_code error;
    llvm::raw_fd_ostream os(file, error);
    ASSERT_FALSE(error);
  }
  llvm::Expected<ArrayDumpWriter> writer =
      ArrayDumpWriter::create(file + "/sub", "--dump-layers");
  ASSERT_FALSE(static_cast<bool>(writer));
  EXPECT_NE(llvm::toString(writer.takeError())
                .find("--dump-layers: cannot create the directory"),
            std::string::npos);
}

} // namespace
} // namespace mlir::vpuc::npy
