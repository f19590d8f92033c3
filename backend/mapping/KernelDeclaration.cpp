//===- KernelDeclaration.cpp - A SHAVE kernel's declaration in the blob ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/mapping/KernelDeclaration.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

namespace {

schema::KernelArgRole toRole(KernelArgKind kind) {
  switch (kind) {
  case KernelArgKind::Input:
    return schema::KernelArgRole::INPUT;
  case KernelArgKind::Output:
    return schema::KernelArgRole::OUTPUT;
  case KernelArgKind::Scalar:
    return schema::KernelArgRole::SCALAR;
  }
  llvm_unreachable("unknown KernelArgKind");
}

} // namespace

KernelDeclarationDesc toDeclarationDesc(const KernelDecl &decl) {
  KernelDeclarationDesc desc;
  desc.symbol = decl.symbol;
  desc.entry = decl.entry;
  for (const KernelDecl::Arg &arg : decl.args) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << arg.type;
    desc.args.emplace_back(toRole(arg.kind), std::move(text));
  }
  return desc;
}

llvm::Expected<KernelDecl>
readDeclaration(const schema::KernelDeclaration &table, MLIRContext *context) {
  KernelDecl decl;
  decl.symbol = table.symbol()->str();
  decl.entry = table.entry()->str();
  for (uint32_t i = 0, e = table.args()->size(); i < e; ++i) {
    const schema::KernelDeclArg &arg = *table.args()->Get(i);
    std::string what = "argument " + std::to_string(i) + " of declaration '" +
                       decl.symbol + "'";
    llvm::StringRef text = arg.type()->string_view();
    Type type;
    {
      // Parser errors go to the message below, not to the context's handler.
      ScopedDiagnosticHandler silence(context,
                                      [](Diagnostic &) { return success(); });
      size_t read = 0;
      type = parseType(text, context, &read);
      if (type && read != text.size()) {
        type = {};
      }
    }
    if (!type) {
      return llvm::createStringError(what + ": invalid type '" + text + "'");
    }
    KernelArgKind kind =
        arg.role() == schema::KernelArgRole::INPUT    ? KernelArgKind::Input
        : arg.role() == schema::KernelArgRole::OUTPUT ? KernelArgKind::Output
                                                      : KernelArgKind::Scalar;
    bool isBuffer = llvm::isa<BaseMemRefType>(type);
    if (isBuffer != (kind != KernelArgKind::Scalar)) {
      return llvm::createStringError(
          what + ": the " + (isBuffer ? "buffer" : "scalar") + " type '" +
          text + "' has the role " + schema::EnumNameKernelArgRole(arg.role()));
    }
    decl.args.push_back({kind, type});
  }
  return decl;
}

} // namespace mlir::vpuc::blob
