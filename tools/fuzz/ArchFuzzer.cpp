//===- ArchFuzzer.cpp - Fuzz target of the arch-file loader ---------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: the text of a target description (arch/*.textproto). It must be
// loaded or rejected with an error; a description that passes the verifier
// must give finite, positive derived rates (the cost model divides by them).
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "core/arch/Arch.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::vpuc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  llvm::Expected<arch::ArchDesc> desc =
      arch::parseArchDesc(text, "fuzz.textproto");
  if (!desc) {
    llvm::consumeError(desc.takeError());
    return 0;
  }
  double ddr = arch::getDdrBytesPerCycle(*desc);
  if (!std::isfinite(ddr) || ddr <= 0) {
    llvm::errs() << "a verified arch has a DDR rate of " << ddr
                 << " bytes per cycle\n";
    abort();
  }
  for (llvm::StringRef type : {"i8", "u8", "f16", "bf16", "f32"}) {
    if (arch::getMacsPerCycle(*desc, type) < 0) {
      llvm::errs() << "a verified arch has a negative MAC rate for " << type
                   << "\n";
      abort();
    }
  }
  return 0;
}
