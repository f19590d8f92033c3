//===- TextProto.cpp - Parsing textproto files with located errors
//---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/proto/TextProto.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/message.h>

#include "llvm/Support/MemoryBuffer.h"

namespace mlir::vpuc::proto {

namespace {

/// Collects every error protobuf reports, one `SOURCE:LINE:COL: what` line
/// each.
class LocatedErrorCollector : public google::protobuf::io::ErrorCollector {
public:
  explicit LocatedErrorCollector(llvm::StringRef sourceName)
      : sourceName(sourceName.str()) {}

  void AddError(int line, int column, const std::string &message) override {
    // protobuf counts lines and columns from 0.
    errors += (errors.empty() ? "" : "\n") + sourceName + ":" +
              std::to_string(line + 1) + ":" + std::to_string(column + 1) +
              ": " + message;
  }

  void AddWarning(int line, int column, const std::string &message) override {}

  std::string errors;

private:
  std::string sourceName;
};

} // namespace

llvm::Error
parseTextProto(llvm::StringRef text, llvm::StringRef sourceName,
               google::protobuf::Message &message,
               google::protobuf::TextFormat::ParseInfoTree *infoTree) {
  LocatedErrorCollector collector(sourceName);
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&collector);
  parser.WriteLocationsTo(infoTree);
  if (!parser.ParseFromString(text.str(), &message)) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        collector.errors.empty() ? sourceName.str() + ": invalid textproto"
                                 : collector.errors);
  }
  return llvm::Error::success();
}

llvm::Error
readTextProtoFile(llvm::StringRef path, google::protobuf::Message &message,
                  google::protobuf::TextFormat::ParseInfoTree *infoTree) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        path + ": cannot read: " + buffer.getError().message());
  }
  return parseTextProto((*buffer)->getBuffer(), path, message, infoTree);
}

int getFieldLine(const google::protobuf::Message &root,
                 const google::protobuf::TextFormat::ParseInfoTree &infoTree,
                 llvm::ArrayRef<llvm::StringRef> path) {
  const google::protobuf::Descriptor *descriptor = root.GetDescriptor();
  const google::protobuf::TextFormat::ParseInfoTree *tree = &infoTree;
  for (size_t i = 0; i < path.size(); ++i) {
    const google::protobuf::FieldDescriptor *field =
        descriptor->FindFieldByName(path[i].str());
    if (!field || !tree) {
      return 0;
    }
    int index = field->is_repeated() ? 0 : -1;
    if (i + 1 == path.size()) {
      google::protobuf::TextFormat::ParseLocation location =
          tree->GetLocation(field, index);
      return location.line < 0 ? 0 : location.line + 1;
    }
    tree = tree->GetTreeForNested(field, index);
    descriptor = field->message_type();
    if (!descriptor) {
      return 0;
    }
  }
  return 0;
}

} // namespace mlir::vpuc::proto
