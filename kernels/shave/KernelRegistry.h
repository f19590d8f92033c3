//===- KernelRegistry.h - Native SHAVE kernels of the emulator --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The emulator runs software layers with native C++ kernels registered by
// name. A kernel receives exactly what a SHAVE kernel receives: a pointer to
// its packed parameter struct (kernels/abi/SwKernelAbi.h) whose MemRefData
// descriptors hold window addresses, and a KernelContext that translates
// those addresses to host memory the way the SHAVE's windows would. The
// emulator decodes and checks every tensor argument of the declared signature
// before the call (bounds, read-only windows, overlapping outputs), so a
// kernel may trust `context.view()` on them.
//
// The kernels are the software-layer library of kernels/abi/SwKernels.td,
// which fixes each kernel's name, packed parameter struct, signature and UPA
// parameter table. Adding a kernel is one declaration there and one new file
// in kernels/shave/ (the BUILD file globs them; a genrule collects the
// registration functions):
//
//   #include "kernels/shave/KernelSupport.h"
//   namespace mlir::vpuc::emu {
//   namespace {
//   llvm::Error run(const uint8_t *args, const KernelContext &context) {
//     auto a = readArgs<abi::MyKernel::Args>(args);
//     TensorView in, out;
//     if (llvm::Error error = viewOperands(context, abi::MyKernel::name,
//             {{a.input, false, "input", in}, {a.output, true, "output",
//             out}}))
//       return error;
//     ...check types, dims and scalars with KernelSupport.h's helpers, then
//     plain loops over rows (forEachRow/loadRow/storeRow) or over dense
//     buffers (loadTensor/storeTensor), FP32 math, RNE stores...
//   }
//   } // namespace
//   VPUC_EMU_KERNEL(my_kernel) {
//     // The cost (cyclesPerVector, work) is the ABI's (SwKernels.td); a
//     // kernel whose `work` is "kernel" passes its work function.
//     registry.add(makeKernelInfo<abi::MyKernel>(run, work));
//   }
//   } // namespace mlir::vpuc::emu
//
// `registerBuiltinKernels` calls every VPUC_EMU_KERNEL function; there is no
// static-initialisation registration. A kernel with scalar arguments also
// runs as a VPUX30XX UPA layer: the runtime packs its scalars from its
// parameter table with the generated backend/schema/UpaParams.h. The
// kernels_test checks that the registry and SwKernels.h agree.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_KERNELREGISTRY_H_
#define VPUC_KERNELS_SHAVE_KERNELREGISTRY_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/shape/DimsOrder.h"
#include "core/shape/Shape.h"
#include "kernels/abi/ArgPacker.h"
#include "kernels/abi/SwKernelAbi.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::emu {

/// The id of a memory region of the emulator, or kNoRegion for memory that
/// belongs to no region (e.g. the argument buffer the UPA runtime builds).
inline constexpr uint32_t kNoRegion = ~0u;

/// A decoded tensor argument: host pointer, element type and layout.
struct TensorView {
  /// Host address of the element at index 0.
  uint8_t *data = nullptr;
  abi::DataType type = abi::DataType::Undefined;
  /// Bits per element.
  int64_t elemBits = 0;
  shape::DimsOrder order;
  /// Dims in memory order (outermost first).
  shape::MemShape dims;
  /// Strides in bits, memory order.
  shape::MemStrides strides;
  /// Bytes spanned from element 0 (0 for an empty tensor).
  int64_t spanBytes = 0;
  /// Where the view lies (for the hazard detector).
  uint32_t region = kNoRegion;
  uint64_t regionOffset = 0;

  /// Product of the dims.
  int64_t getNumElements() const;
  /// Dims in logical order.
  shape::Shape getLogicalDims() const { return order.toLogicalOrder(dims); }
  /// Strides in bits in logical order.
  shape::Strides getLogicalStrides() const {
    return order.toLogicalOrder(strides);
  }
  /// Rank.
  int64_t getRank() const { return dims.rank(); }
};

/// A window of the kernel's 32-bit address space mapped to host memory.
struct Window {
  /// First address of the window.
  uint32_t base = 0;
  /// Mapped bytes from `base`.
  uint64_t size = 0;
  /// Host memory of address `base`.
  uint8_t *host = nullptr;
  /// The region and offset of `host` (kNoRegion for private memory).
  uint32_t region = kNoRegion;
  uint64_t regionOffset = 0;
  bool writable = false;
  /// For diagnostics, e.g. "WIN_F (CMX_NN[0])".
  std::string name;
};

/// What a kernel sees of the machine: address translation through windows.
class KernelContext {
public:
  explicit KernelContext(llvm::SmallVector<Window, 4> windows)
      : windows(std::move(windows)) {}

  /// The window holding [address, address + size), or nullptr.
  const Window *findWindow(uint32_t address, uint64_t size) const;

  /// Host pointer of [address, address + size) when it lies inside one
  /// window (a writable one if `write`), else nullptr.
  uint8_t *translate(uint32_t address, uint64_t size, bool write) const;

  /// Decodes and checks a descriptor: rank, element type, order, the dims and
  /// strides arrays, the layout (non-overlapping if `write`) and its data
  /// inside one window (writable if `write`). On failure the message says
  /// what is wrong; `*outOfBounds` (when given) tells whether it was an
  /// address outside the windows or a write to a read-only window.
  llvm::Expected<TensorView> view(const abi::MemRefData &desc, bool write,
                                  bool *outOfBounds = nullptr) const;

  /// The windows, for diagnostics.
  llvm::ArrayRef<Window> getWindows() const { return windows; }

private:
  llvm::SmallVector<Window, 4> windows;
};

/// A kernel: its packed parameter struct at `args` (already checked to lie
/// inside the argument window), and the context of the invocation.
using KernelFn = llvm::Error (*)(const uint8_t *args,
                                 const KernelContext &context);

/// The work of one call for the cost model, in elements: the cost is
/// `cyclesPerVector` per vector of `fp16_lanes` of them (e.g. the MACs of a
/// convolution). `views` are the decoded tensor arguments in signature order;
/// the function must not trust their dims (the kernel checks them later).
using KernelWorkFn = int64_t (*)(const uint8_t *args,
                                 llvm::ArrayRef<TensorView> views);

/// A registered kernel.
struct KernelInfo {
  /// The name blobs use (ActKernel.name, UpaLayerTask.kernel).
  std::string name;
  /// The argument kinds, in ABI order.
  std::vector<abi::ArgKind> signature;
  KernelFn run = nullptr;
  /// Cost model: SHAVE cycles per vector of `fp16_lanes` elements of work
  /// (the ABI's abi::KernelDecl::cyclesPerVector).
  double cyclesPerVector = 1.0;
  /// The work of a call; nullptr: the number of output elements.
  KernelWorkFn work = nullptr;
};

/// Kernels by name.
class KernelRegistry {
public:
  /// Adds a kernel; a second kernel with the same name is a programming
  /// error (asserted).
  void add(KernelInfo info);
  /// The kernel registered as `name`, or nullptr.
  const KernelInfo *lookup(llvm::StringRef name) const;
  /// The registered names, sorted.
  std::vector<std::string> getNames() const;

private:
  llvm::StringMap<KernelInfo> kernels;
};

/// "(in, in, out, i32)".
std::string getSignatureText(llvm::ArrayRef<abi::ArgKind> kinds);

/// Fails unless `given` is the signature of `kernel`; `what` names the
/// caller's arguments in the message ("the UPA layer gives", ...).
llvm::Error checkSignature(const KernelInfo &kernel,
                           llvm::ArrayRef<abi::ArgKind> given,
                           llvm::StringRef what);

/// Registers every kernel of kernels/shave.
void registerBuiltinKernels(KernelRegistry &registry);

/// The registry with every built-in kernel.
const KernelRegistry &getBuiltinKernels();

/// Copies a packed parameter struct out of an argument buffer.
template <typename T> T readArgs(const uint8_t *args) {
  T value;
  std::memcpy(&value, args, sizeof(T));
  return value;
}

/// Declares the registration function of a kernel file; see the file comment.
#define VPUC_EMU_KERNEL(id)                                                    \
  void registerKernel_##id(::mlir::vpuc::emu::KernelRegistry &registry)

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_KERNELREGISTRY_H_
