//===- BlobInfo.h - Human-readable blob summaries ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The text `vpuc info` prints: header, resources, network I/O, sections,
// barriers and task lists, optionally every task with its operands and
// barriers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_BLOB_BLOBINFO_H_
#define VPUC_BACKEND_BLOB_BLOBINFO_H_

#include "backend/blob/Blob.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::blob {

/// Prints a summary of `file`; with `tasks`, one line per task too.
void printBlobInfo(const BlobFile &file, llvm::raw_ostream &os, bool tasks);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_BLOB_BLOBINFO_H_
