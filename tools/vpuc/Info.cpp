//===- Info.cpp - `vpuc info` ---------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Prints a human-readable summary of a blob (backend/blob/BlobInfo.h) after
// the same checks every reader does; exits with 2 on an unreadable or invalid
// blob.
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"
#include "backend/blob/BlobInfo.h"
#include "tools/vpuc/Commands.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getInfoCommand() {
  static cl::SubCommand command("info",
                                "Print a human-readable summary of a blob");
  return command;
}

namespace {

cl::opt<std::string> blobPath(cl::Positional, cl::desc("<m.blob>"),
                              cl::Required, cl::sub(getInfoCommand()));
cl::opt<bool> showTasks("tasks",
                        cl::desc("List every task with its operands and "
                                 "barriers"),
                        cl::sub(getInfoCommand()));

} // namespace

int runInfo() {
  llvm::Expected<blob::BlobFile> file = blob::readBlobFile(blobPath);
  if (!file) {
    llvm::WithColor::error(llvm::errs(), "vpuc info")
        << llvm::toString(file.takeError()) << "\n";
    return kExitError;
  }
  llvm::outs() << blobPath << ": ";
  blob::printBlobInfo(*file, llvm::outs(), showTasks);
  return kExitOk;
}

} // namespace mlir::vpuc::tools
