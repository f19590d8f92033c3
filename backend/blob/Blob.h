//===- Blob.h - Loading and checking vpuc blobs -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The one way to read a blob (schema: backend/schema/blob.fbs). `loadBlob`
// copies the bytes into 64-byte aligned storage and checks, in order:
//
//  1. the size and the file identifier ("not a vpuc blob");
//  2. the schema version in the header, read with a partial verification so
//     that a blob of another major version gets a version message rather than
//     a structural one;
//  3. the whole buffer with the flatbuffers verifier;
//  4. the semantic rules documented on the schema's fields ("Checked:"):
//     indices in range, tensor references inside their regions, valid
//     layouts, barrier ids, executor and task kinds, operand rules.
//
// Any failure is an llvm::Error with a message that names the offending
// element (e.g. "task list DMA0, task 3 'conv1': wait barrier 17 out of range
// (the blob has 12 barriers)"); no input makes it crash.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_BLOB_BLOB_H_
#define VPUC_BACKEND_BLOB_BLOB_H_

#include <cstdint>
#include <memory>
#include <string>

#include "backend/schema/blob_generated.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::blob {

namespace schema = ::vpuc::schema;

/// The schema version this library reads and writes.
inline constexpr uint16_t kSchemaMajor = 2;
inline constexpr uint16_t kSchemaMinor = 8;
/// The largest requantisation multiplier of an INT8 NCE task with an integer
/// output (weights-table word 2, a pool's PPE quant_mult): 24 bits (2.2).
inline constexpr int64_t kMaxQuantMult = (int64_t{1} << 24) - 1;
/// The largest requantisation shift.
inline constexpr int64_t kMaxQuantShift = 63;
/// The largest input multiplier of an INT8 ELTWISE_ADD / ELTWISE_SUB task
/// (NceInvariant.input_mult, input2_mult; schema 2.3): 15 bits.
inline constexpr int64_t kMaxEltwiseMult = (int64_t{1} << 15) - 1;

/// A verified blob. It owns an aligned copy of the bytes, so `get()` and every
/// pointer obtained from it stay valid as long as the BlobFile lives.
class BlobFile {
public:
  BlobFile(BlobFile &&) = default;
  BlobFile &operator=(BlobFile &&) = default;

  /// The root table.
  const schema::Blob &get() const { return *root; }
  /// The bytes of the file.
  llvm::ArrayRef<uint8_t> getBytes() const {
    return llvm::ArrayRef<uint8_t>(storage.get(), size);
  }

  /// The size in bytes of the memory region `location`[`index`], or 0 when
  /// the blob has no such region.
  uint64_t getRegionSize(schema::MemoryLocation location, uint32_t index) const;

private:
  friend llvm::Expected<BlobFile> loadBlob(llvm::ArrayRef<uint8_t> bytes);
  BlobFile() = default;

  struct AlignedDeleter {
    void operator()(uint8_t *pointer) const;
  };
  std::unique_ptr<uint8_t, AlignedDeleter> storage;
  size_t size = 0;
  const schema::Blob *root = nullptr;
};

/// Loads and checks a blob (see the file comment).
llvm::Expected<BlobFile> loadBlob(llvm::ArrayRef<uint8_t> bytes);

/// Reads a file and loads it as a blob; errors are prefixed with the path.
llvm::Expected<BlobFile> readBlobFile(llvm::StringRef path);

/// Writes bytes to a file (used by tools and tests that produce blobs).
llvm::Error writeBlobFile(llvm::StringRef path, llvm::ArrayRef<uint8_t> bytes);

//===----------------------------------------------------------------------===//
// Names for diagnostics and summaries
//===----------------------------------------------------------------------===//

/// "f16", "i8", ... ("undefined" and "dtype(N)" for unknown values).
std::string getDTypeName(schema::DType dtype);
/// Bits per element of a dtype; 0 for UNDEFINED and unknown values.
int64_t getDTypeBits(schema::DType dtype);
/// "NETWORK_INPUT[0]", "CONSTANT", "CMX_NN[1]", ...
std::string getRegionName(schema::MemoryLocation location, uint32_t index);
/// "DMA0", "ACT1.0" (tile 1, SHAVE 0), "UPA0", "NCE0".
std::string getExecutorName(schema::ExecutorKind kind, uint32_t cluster,
                            uint32_t index);
/// The name of a task list's executor.
std::string getExecutorName(const schema::TaskList &list);
/// "CONV", "DWCONV", ... or "unknown(N)".
std::string getNceTaskTypeName(schema::NceTaskType type);
/// The tensor index that marks an absent NceInvariant tensor.
inline constexpr uint32_t kNoTensor = 0xFFFFFFFF;
/// The most variants an NceClusterTask may have.
inline constexpr uint32_t kMaxNceVariants = 4096;
/// "DMA", "ActKernel", "UPALayer", "NCE" or "unknown(N)".
std::string getTaskKindName(schema::TaskKind kind);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_BLOB_BLOB_H_
