//===- TextProto.h - Parsing textproto files with located errors -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The one way vpuc reads textproto files (pipeline specs, target descriptions):
// protobuf's TextFormat with an error collector, so that every syntax error is
// reported as FILE:LINE:COL, and a parse-info tree, so that later semantic
// checks can point at the line of the offending field.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_PROTO_TEXTPROTO_H_
#define VPUC_CORE_PROTO_TEXTPROTO_H_

#include <string>

#include <google/protobuf/text_format.h>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::proto {

/// Parses `text` into `message`. On failure the error has one "SOURCE:LINE:COL:
/// what" line per syntax error. When `infoTree` is given it receives the
/// location of every parsed field.
llvm::Error
parseTextProto(llvm::StringRef text, llvm::StringRef sourceName,
               google::protobuf::Message &message,
               google::protobuf::TextFormat::ParseInfoTree *infoTree = nullptr);

/// Reads and parses a textproto file; the error names the file when it cannot
/// be read.
llvm::Error readTextProtoFile(
    llvm::StringRef path, google::protobuf::Message &message,
    google::protobuf::TextFormat::ParseInfoTree *infoTree = nullptr);

/// Returns the 1-based line of the field at `path` (field names from the root
/// message, e.g.
/// {"cmx", "usable_bytes_per_cluster"}), or 0 when the field was not in the
/// text.
int getFieldLine(const google::protobuf::Message &root,
                 const google::protobuf::TextFormat::ParseInfoTree &infoTree,
                 llvm::ArrayRef<llvm::StringRef> path);

} // namespace mlir::vpuc::proto

#endif // VPUC_CORE_PROTO_TEXTPROTO_H_
