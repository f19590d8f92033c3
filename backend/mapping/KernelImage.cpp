//===- KernelImage.cpp - The blob image of a reference SHAVE kernel -------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/KernelImage.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

/// The first line of every image.
static constexpr llvm::StringLiteral kMagic = "vpuc-kernel-image 1";

/// The keyword of an argument kind.
static llvm::StringRef getKindKeyword(KernelArgKind kind) {
  switch (kind) {
  case KernelArgKind::Input:
    return "in";
  case KernelArgKind::Output:
    return "out";
  case KernelArgKind::Scalar:
    return "scalar";
  }
  llvm_unreachable("unknown KernelArgKind");
}

/// Checks that a name fits on one line of the image.
static llvm::Error checkName(llvm::StringRef what, llvm::StringRef name) {
  if (name.empty()) {
    return llvm::createStringError("kernel image: empty " + what);
  }
  if (name.find_first_of("\r\n") != llvm::StringRef::npos) {
    std::string escaped;
    llvm::raw_string_ostream os(escaped);
    os.write_escaped(name);
    return llvm::createStringError("kernel image: the " + what + " '" +
                                   os.str() + "' holds a line break");
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<uint8_t>>
printKernelImage(const KernelImage &image) {
  if (llvm::Error error = checkName("symbol", image.symbol)) {
    return std::move(error);
  }
  if (llvm::Error error = checkName("entry name", image.entry)) {
    return std::move(error);
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << kMagic << "\n";
  os << "symbol " << image.symbol << "\n";
  os << "entry " << image.entry << "\n";
  for (const KernelImage::Arg &arg : image.args) {
    os << "arg " << getKindKeyword(arg.kind) << " " << arg.type << "\n";
  }
  os.flush();
  return std::vector<uint8_t>(text.begin(), text.end());
}

llvm::Expected<KernelImage> parseKernelImage(llvm::ArrayRef<uint8_t> bytes,
                                             MLIRContext *context) {
  llvm::StringRef text(reinterpret_cast<const char *>(bytes.data()),
                       bytes.size());
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  // The text ends with a line break, which leaves an empty last item.
  if (lines.empty() || !lines.back().empty() || lines.front() != kMagic) {
    return llvm::createStringError(
        "not a vpuc kernel image (it must start with '" + kMagic +
        "' and end with a line break)");
  }
  lines.pop_back();
  auto lineError = [](size_t index, const llvm::Twine &message) {
    return llvm::createStringError("kernel image line " +
                                   llvm::Twine(index + 1) + ": " + message);
  };
  KernelImage image;
  bool hasSymbol = false;
  bool hasEntry = false;
  for (size_t index = 1; index < lines.size(); ++index) {
    auto [keyword, rest] = lines[index].split(' ');
    if (keyword == "symbol" && !hasSymbol && image.args.empty()) {
      image.symbol = rest.str();
      hasSymbol = true;
    } else if (keyword == "entry" && hasSymbol && !hasEntry) {
      image.entry = rest.str();
      hasEntry = true;
    } else if (keyword == "arg" && hasEntry) {
      auto [kindText, typeText] = rest.split(' ');
      KernelArgKind kind;
      if (kindText == "in") {
        kind = KernelArgKind::Input;
      } else if (kindText == "out") {
        kind = KernelArgKind::Output;
      } else if (kindText == "scalar") {
        kind = KernelArgKind::Scalar;
      } else {
        return lineError(index, "unknown argument kind '" + kindText +
                                    "' (in, out or scalar)");
      }
      std::string diagnostic;
      Type type;
      {
        ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
          if (diagnostic.empty()) {
            diagnostic = diag.str();
          }
          return success();
        });
        type = parseType(typeText, context);
      }
      if (!type) {
        return lineError(index,
                         "invalid type '" + typeText + "': " + diagnostic);
      }
      image.args.push_back({kind, type});
    } else {
      return lineError(index, "unexpected '" + lines[index] +
                                  "' (expected symbol, entry, then args)");
    }
  }
  if (!hasEntry) {
    return llvm::createStringError(
        "kernel image: the symbol and entry lines are missing");
  }
  if (llvm::Error error = checkName("symbol", image.symbol)) {
    return std::move(error);
  }
  if (llvm::Error error = checkName("entry name", image.entry)) {
    return std::move(error);
  }
  return image;
}

} // namespace mlir::vpuc::blob
