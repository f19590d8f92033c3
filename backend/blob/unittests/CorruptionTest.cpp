//===- CorruptionTest.cpp - loadBlob on damaged blobs ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Truncated and corrupted blobs: every prefix, and every byte position
// flipped with several patterns, must either load or fail with a message;
// nothing may crash. A blob that still loads must be safe to inspect.
//
//===----------------------------------------------------------------------===//

#include <random>

#include "backend/blob/Blob.h"
#include "backend/blob/TensorLayout.h"
#include "backend/blob/unittests/TestBlobs.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::blob {
namespace {

/// Touches every part of a loaded blob that readers use.
void inspect(const BlobFile &file) {
  const schema::Blob &blob = file.get();
  if (blob.tensors()) {
    for (const schema::TensorReference *ref : *blob.tensors()) {
      llvm::Expected<TensorLayout> layout = getTensorLayout(*ref->type(), "t");
      ASSERT_TRUE(static_cast<bool>(layout))
          << "a loaded blob has a bad layout";
      EXPECT_LE(ref->offset() + layout->spanBytes,
                file.getRegionSize(ref->location(), ref->location_index()) +
                    (layout->spanBytes == 0 ? ref->offset() : 0));
      (void)layout->describe();
    }
  }
  if (blob.task_lists()) {
    for (const schema::TaskList *list : *blob.task_lists()) {
      (void)getExecutorName(*list);
      for (const schema::Task *task : *list->tasks()) {
        (void)getTaskKindName(task->kind_type());
      }
    }
  }
}

/// Loads `bytes`; returns whether it loaded.
bool tryLoad(const std::vector<uint8_t> &bytes) {
  llvm::Expected<BlobFile> file = loadBlob(bytes);
  if (!file) {
    std::string message = llvm::toString(file.takeError());
    EXPECT_FALSE(message.empty());
    return false;
  }
  inspect(*file);
  return true;
}

TEST(CorruptionTest, everyTruncationFails) {
  std::vector<uint8_t> bytes = testing::makeFullBuilder().finish();
  ASSERT_TRUE(tryLoad(bytes));
  for (size_t size = 0; size < bytes.size(); ++size) {
    std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + size);
    // A flatbuffer's root offset points forward, so a strict prefix never
    // holds a complete blob.
    EXPECT_FALSE(tryLoad(prefix)) << "prefix of " << size << " bytes loaded";
  }
}

TEST(CorruptionTest, flippedBytesNeverCrash) {
  std::vector<uint8_t> bytes = testing::makeFullBuilder().finish();
  size_t loaded = 0, rejected = 0;
  for (uint8_t pattern : {0x01, 0x80, 0xff, 0x10}) {
    for (size_t at = 0; at < bytes.size(); ++at) {
      std::vector<uint8_t> damaged = bytes;
      damaged[at] ^= pattern;
      (tryLoad(damaged) ? loaded : rejected) += 1;
    }
  }
  // Both outcomes occur: payload bytes (names, constants) may change freely.
  EXPECT_GT(loaded, 0u);
  EXPECT_GT(rejected, 0u);
}

TEST(CorruptionTest, randomDamageNeverCrashes) {
  std::vector<uint8_t> bytes = testing::makeFullBuilder().finish();
  std::mt19937 random(1234);
  for (int round = 0; round < 3000; ++round) {
    std::vector<uint8_t> damaged = bytes;
    int changes = 1 + random() % 8;
    for (int i = 0; i < changes; ++i) {
      damaged[random() % damaged.size()] = static_cast<uint8_t>(random());
    }
    if (round % 5 == 0) {
      damaged.resize(random() % damaged.size());
    }
    tryLoad(damaged);
  }
}

} // namespace
} // namespace mlir::vpuc::blob
