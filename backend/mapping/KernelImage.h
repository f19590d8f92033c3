//===- KernelImage.h - A reference kernel as blob code ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The reference-SW targets have no SHAVE binaries: their kernels are the
// native kernels of the runtime (emulator), registered by entry name.
// What the blob writer stores as a kernel's code (ActKernel.text) and as the
// ACT runtime's code (ActKernelRuntime.code) is therefore the kernel's
// declaration, as UTF-8 text, one item per line:
//
//   vpuc-kernel-image 1
//   symbol softmax
//   entry softmax
//   arg in memref<*xf16>
//   arg out memref<*xf16>
//   arg scalar i32
//
// `symbol` is the declaration's name in `module @VPU.SW`, `entry` its
// `VPUIP.kernel_entry`, and each `arg` one argument in declaration order: a
// buffer the kernel reads (`in`) or writes (`out`), or a scalar, with its
// MLIR type. The runtime ignores these bytes (it runs the kernel registered
// under ActKernel.name); the blob reader parses them back into the
// declaration, which the packed arguments of an invocation cannot tell (the
// scalar types, which buffers are outputs).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_MAPPING_KERNELIMAGE_H_
#define VPUC_BACKEND_MAPPING_KERNELIMAGE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::blob {

/// The role of a kernel argument.
enum class KernelArgKind {
  /// A buffer the kernel reads.
  Input,
  /// A buffer the kernel writes.
  Output,
  /// A scalar parameter.
  Scalar,
};

/// A kernel declaration as the image records it.
struct KernelImage {
  /// The declaration's symbol name in `module @VPU.SW`.
  std::string symbol;
  /// The kernel's entry name (`VPUIP.kernel_entry`).
  std::string entry;
  /// One argument of the kernel.
  struct Arg {
    KernelArgKind kind;
    Type type;
  };
  /// The arguments in declaration order.
  llvm::SmallVector<Arg> args;
};

/// The bytes of `image`. Fails when the symbol or the entry name is empty or
/// holds a line break.
llvm::Expected<std::vector<uint8_t>> printKernelImage(const KernelImage &image);

/// Parses an image; types are parsed in `context`, which must have the
/// dialects they use loaded. The error names the offending line.
llvm::Expected<KernelImage> parseKernelImage(llvm::ArrayRef<uint8_t> bytes,
                                             MLIRContext *context);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_MAPPING_KERNELIMAGE_H_
