//===- NpyTest.cpp - Tests of the .npy/.npz reader and writer
//--------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/npy/Npy.h"

#include <cstdlib>
#include <string>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc::npy;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

const std::string kFixtures = "core/npy/unittests/fixtures/";

std::string tmpPath(const std::string &name) {
  const char *dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value) {
    ADD_FAILURE() << llvm::toString(value.takeError());
    return T();
  }
  return std::move(*value);
}

std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : std::string("(no error)");
}

template <typename T> std::string errorOf(llvm::Expected<T> value) {
  return value ? std::string("(no error)") : llvm::toString(value.takeError());
}

TEST(NpyTest, readsNumPyFiles) {
  Array c = unwrap(readNpy(kFixtures + "f32_c.npy"));
  EXPECT_EQ(c.dtype, DType::F32);
  EXPECT_THAT(c.shape, ElementsAre(2, 3));
  EXPECT_THAT(c.getValues<float>(), ElementsAre(0, 0.5, 1, 1.5, 2, 2.5));

  Array f = unwrap(readNpy(kFixtures + "f32_fortran.npy"));
  EXPECT_THAT(f.shape, ElementsAre(2, 3));
  EXPECT_THAT(f.getValues<float>(), ElementsAre(0, 0.5, 1, 1.5, 2, 2.5));

  Array be = unwrap(readNpy(kFixtures + "i32_big_endian.npy"));
  EXPECT_EQ(be.dtype, DType::I32);
  EXPECT_THAT(be.getValues<int32_t>(), ElementsAre(1, -2, 70000));

  Array b = unwrap(readNpy(kFixtures + "bool.npy"));
  EXPECT_EQ(b.dtype, DType::Bool);
  EXPECT_THAT(b.getValues<uint8_t>(), ElementsAre(1, 0, 1));

  Array h = unwrap(readNpy(kFixtures + "f16.npy"));
  EXPECT_EQ(h.dtype, DType::F16);
  // 1.0, -2.5, 65504 as IEEE half bit patterns.
  EXPECT_THAT(h.getValues<uint16_t>(), ElementsAre(0x3c00, 0xc100, 0x7bff));

  Array s = unwrap(readNpy(kFixtures + "u8_scalar.npy"));
  EXPECT_TRUE(s.shape.empty());
  EXPECT_EQ(s.getNumElements(), 1);
  EXPECT_THAT(s.getValues<uint8_t>(), ElementsAre(200));

  Array v2 = unwrap(readNpy(kFixtures + "i64_v2.npy"));
  EXPECT_THAT(v2.shape, ElementsAre(1, 2));
  EXPECT_THAT(v2.getValues<int64_t>(), ElementsAre(-1, int64_t(1) << 40));
}

TEST(NpyTest, readsNumPyArchives) {
  ArrayMap stored = unwrap(readNpz(kFixtures + "stored.npz"));
  ASSERT_EQ(stored.size(), 2u);
  EXPECT_EQ(stored.begin()->first, "x");
  EXPECT_THAT(stored["x"].getValues<float>(),
              ElementsAre(0, 0.5, 1, 1.5, 2, 2.5));
  EXPECT_THAT(stored["y"].getValues<int8_t>(), ElementsAre(7, 8));

  ArrayMap deflated = unwrap(readNpz(kFixtures + "deflated.npz"));
  ASSERT_EQ(deflated.size(), 1u);
  llvm::ArrayRef<float> big = deflated["big"].getValues<float>();
  ASSERT_EQ(big.size(), 10000u);
  EXPECT_EQ(big[9999], 9999.0f);

  ArrayMap single = unwrap(readArrays(kFixtures + "f32_c.npy"));
  ASSERT_EQ(single.size(), 1u);
  EXPECT_EQ(single.begin()->first, "f32_c");
}

TEST(NpyTest, roundTripsEveryDType) {
  for (DType dtype : {DType::Bool, DType::I8, DType::U8, DType::I16, DType::U16,
                      DType::I32, DType::U32, DType::I64, DType::U64,
                      DType::F16, DType::F32, DType::F64}) {
    Array array = Array::zeros(dtype, {2, 1, 3});
    for (size_t i = 0; i < array.data.size(); ++i) {
      array.data[i] = static_cast<char>(i * 7 + 1);
    }
    if (dtype == DType::Bool) {
      std::fill(array.data.begin(), array.data.end(), 1);
    }
    Array back = unwrap(parseNpy(serializeNpy(array), "mem"));
    EXPECT_EQ(back.dtype, dtype) << getDTypeName(dtype).str();
    EXPECT_EQ(back.shape, array.shape);
    EXPECT_EQ(back.data, array.data);
    EXPECT_EQ(unwrap(parseDTypeName(getDTypeName(dtype))), dtype);
  }
  // Rank 0 and rank 1 headers ("()" and "(5,)").
  for (auto shape :
       {llvm::SmallVector<int64_t>{}, llvm::SmallVector<int64_t>{5}}) {
    Array array = Array::zeros(DType::F32, shape);
    Array back = unwrap(parseNpy(serializeNpy(array), "mem"));
    EXPECT_EQ(back.shape, array.shape);
  }
  // The data starts on a 64-byte boundary, as NumPy writes it.
  std::string bytes = serializeNpy(Array::zeros(DType::F32, {3}));
  EXPECT_EQ(bytes.size() % 64, 12u);
}

TEST(NpyTest, writesFilesNumPyReads) {
  std::string dir = tmpPath("npy_written");
  ASSERT_FALSE(llvm::sys::fs::create_directories(dir));
  std::vector<float> values = {0, 1, 2, 3, 4, 5};
  ASSERT_EQ(
      errorOf(writeNpy(dir + "/written.npy",
                       Array::fromValues<float>(DType::F32, {2, 3}, values))),
      "(no error)");
  ArrayMap arrays;
  std::vector<uint16_t> half = {0x3c00, 0xc000};
  arrays["input"] = Array::fromValues<uint16_t>(DType::F16, {1, 2}, half);
  std::vector<uint8_t> mask = {1, 0, 1};
  arrays["mask"] = Array::fromValues<uint8_t>(DType::Bool, {3}, mask);
  EXPECT_EQ(errorOf(writeNpz(dir + "/written.npz", arrays)), "(no error)");
  EXPECT_EQ(errorOf(writeNpz(dir + "/written_deflated.npz", arrays, true)),
            "(no error)");
  std::string cmd =
      "/usr/bin/python3 core/npy/unittests/check_written.py " + dir;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;

  ArrayMap back = unwrap(readNpz(dir + "/written_deflated.npz"));
  EXPECT_EQ(back["input"].data, arrays["input"].data);
}

TEST(NpyTest, reportsBadFiles) {
  EXPECT_THAT(errorOf(parseNpy("hello", "a.npy")),
              HasSubstr("a.npy: not a .npy file (bad magic)"));
  std::string good = serializeNpy(Array::zeros(DType::F32, {4}));
  EXPECT_THAT(errorOf(parseNpy(llvm::StringRef(good).take_front(20), "t.npy")),
              HasSubstr("t.npy: truncated .npy header"));
  EXPECT_THAT(errorOf(parseNpy(llvm::StringRef(good).drop_back(3), "t.npy")),
              HasSubstr("t.npy: truncated data: expected 16 bytes, found 13"));
  std::string badVersion = good;
  badVersion[6] = 9;
  EXPECT_THAT(errorOf(parseNpy(badVersion, "v.npy")),
              HasSubstr("unsupported .npy format version 9"));
  std::string badShape = good;
  badShape.replace(badShape.find("(4,)"), 4, "(x,)");
  EXPECT_THAT(errorOf(parseNpy(badShape, "s.npy")),
              HasSubstr("malformed or unsupported value of 'shape'"));
  EXPECT_THAT(errorOf(readNpy(kFixtures + "complex.npy")),
              HasSubstr("unsupported dtype descriptor '<c8'"));
  EXPECT_THAT(errorOf(readNpy("/nonexistent/x.npy")),
              HasSubstr("/nonexistent/x.npy: cannot read"));
  EXPECT_THAT(errorOf(readNpz("/nonexistent/x.npz")),
              HasSubstr("/nonexistent/x.npz: no such file"));
  EXPECT_THAT(errorOf(readNpz(kFixtures + "f32_c.npy")),
              HasSubstr("not a valid .npz (zip) archive"));
  EXPECT_THAT(errorOf(parseDTypeName("float128")),
              HasSubstr("unknown dtype 'float128'"));
}

/// A version 1.0 .npy file with `header` (padded to a multiple of 64 bytes)
/// and `payload`.
std::string makeNpy(const std::string &header, const std::string &payload) {
  std::string text = header;
  while ((10 + text.size() + 1) % 64 != 0) {
    text += ' ';
  }
  text += '\n';
  std::string bytes = "\x93NUMPY";
  bytes += '\x01';
  bytes += '\x00';
  bytes += static_cast<char>(text.size() & 0xff);
  bytes += static_cast<char>(text.size() >> 8);
  return bytes + text + payload;
}

TEST(NpyTest, reportsShapesBeyondTheFile) {
  const std::string payload(16, '\0');
  // A valid file of this form reads.
  llvm::Expected<Array> ok = parseNpy(
      makeNpy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }",
              payload),
      "ok.npy");
  ASSERT_TRUE(static_cast<bool>(ok)) << llvm::toString(ok.takeError());
  EXPECT_EQ(ok->getNumElements(), 4);
  // Dims whose product overflows int64: an error, not a wrapped count.
  EXPECT_THAT(errorOf(parseNpy(
                  makeNpy("{'descr': '<f4', 'fortran_order': False, 'shape': "
                          "(3037000500, 3037000500, 8), }",
                          payload),
                  "o.npy")),
              HasSubstr("o.npy: the shape in the .npy header has more "
                        "elements than an int64 counts"));
  // Bytes beyond int64 with an element count within it.
  EXPECT_THAT(errorOf(parseNpy(
                  makeNpy("{'descr': '<f8', 'fortran_order': False, 'shape': "
                          "(2305843009213693952,), }",
                          payload),
                  "b.npy")),
              HasSubstr("b.npy: the shape in the .npy header has more "
                        "elements than an int64 counts"));
  // A large shape with a short payload.
  EXPECT_THAT(
      errorOf(
          parseNpy(makeNpy("{'descr': '<f4', 'fortran_order': False, 'shape': "
                           "(1099511627776,), }",
                           payload),
                   "t.npy")),
      HasSubstr("t.npy: truncated data: expected 4398046511104 bytes, found "
                "16"));
}

TEST(NpyTest, readsEmptyArchives) {
  // What numpy.savez writes for no array: an end of central directory record.
  std::string path = tmpPath("empty.npz");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << llvm::StringRef("PK\x05\x06", 4) << std::string(18, '\0');
  }
  llvm::Expected<ArrayMap> arrays = readNpz(path);
  ASSERT_TRUE(bool(arrays)) << llvm::toString(arrays.takeError());
  EXPECT_TRUE(arrays->empty());

  // Our writer's empty archive reads back empty.
  std::string written = tmpPath("written_empty.npz");
  ASSERT_FALSE(bool(writeNpz(written, ArrayMap())));
  arrays = readNpz(written);
  ASSERT_TRUE(bool(arrays)) << llvm::toString(arrays.takeError());
  EXPECT_TRUE(arrays->empty());

  // A record that claims entries is no empty archive.
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << llvm::StringRef("PK\x05\x06", 4) << std::string(4, '\0')
       << llvm::StringRef("\x01\x00\x01\x00", 4) << std::string(10, '\0');
  }
  EXPECT_THAT(errorOf(readNpz(path)),
              HasSubstr("not a valid .npz (zip) archive"));
}

TEST(NpyTest, reportsTruncatedArchive) {
  std::string src = kFixtures + "deflated.npz";
  auto buffer = llvm::MemoryBuffer::getFile(src);
  ASSERT_TRUE(bool(buffer));
  std::string truncated = tmpPath("truncated.npz");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(truncated, ec);
    ASSERT_FALSE(ec);
    os << (*buffer)->getBuffer().take_front((*buffer)->getBufferSize() / 2);
  }
  EXPECT_THAT(errorOf(readNpz(truncated)), HasSubstr(truncated));
}

} // namespace
