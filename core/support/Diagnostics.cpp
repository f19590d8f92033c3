//===- Diagnostics.cpp - Formatted, located diagnostics ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compact printing of locations.
//
//===----------------------------------------------------------------------===//

#include "core/support/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::support {

void printLocation(llvm::raw_ostream &os, Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    os << file.getFilename().getValue() << ':' << file.getLine() << ':'
       << file.getColumn();
    return;
  }
  if (auto name = dyn_cast<NameLoc>(loc)) {
    os << '"' << name.getName().getValue() << '"';
    if (!isa<UnknownLoc>(name.getChildLoc())) {
      os << '(';
      printLocation(os, name.getChildLoc());
      os << ')';
    }
    return;
  }
  if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    printLocation(os, call.getCallee());
    return;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations()) {
      if (!isa<UnknownLoc>(part)) {
        printLocation(os, part);
        return;
      }
    }
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc)) {
    printLocation(os, opaque.getFallbackLocation());
    return;
  }
  os << "<unknown>";
}

std::string getLocationName(Location loc) {
  std::string name;
  loc->walk([&](Location nested) {
    if (auto named = dyn_cast<NameLoc>(nested)) {
      name = named.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return name;
}

Location getPieceLocation(Location loc, llvm::StringRef suffix) {
  std::string name = getLocationName(loc);
  if (name.empty()) {
    return loc;
  }
  return NameLoc::get(
      StringAttr::get(loc.getContext(), name + "/" + suffix.str()), loc);
}

std::string locationToString(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printLocation(os, loc);
  return os.str();
}

} // namespace mlir::vpuc::support
