//===- main.cpp - The vpuc user driver
//-------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `vpuc <command> ...`: the user-facing driver. Each command is a subcommand in
// its own file.
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/Commands.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::vpuc::tools;

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Touch every subcommand so that it is registered before parsing.
  llvm::cl::SubCommand &compare = getCompareCommand();
  llvm::cl::SubCommand &compile = getCompileCommand();
  llvm::cl::SubCommand &infer = getInferCommand();
  llvm::cl::SubCommand &info = getInfoCommand();
  llvm::cl::SubCommand &quantize = getQuantizeCommand();
  llvm::cl::SubCommand &run = getRunCommand();
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "vpuc: a neural-network compiler for VPU-class accelerators\n",
          &llvm::errs())) {
    return kExitError;
  }
  if (compare) {
    return runCompare();
  }
  if (compile) {
    return runCompile();
  }
  if (infer) {
    return runInfer();
  }
  if (info) {
    return runInfo();
  }
  if (quantize) {
    return runQuantize();
  }
  if (run) {
    return runRun();
  }
  llvm::errs() << "vpuc: no command given; see `vpuc --help`\n";
  return kExitError;
}
