//===- SwKernels.h - The software-layer kernel library ABI ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernels of the software-layer library and, for each, the exact packed
// parameter struct a compiler writes and a kernel reads (SwKernelAbi.h has
// the address space and MemRefData). The kernels are declared once, in
// SwKernels.td; vpuc-tblgen generates the structs below from it
// (SwKernels.h.inc) as well as the UPA parameter tables of the blob schema,
// their writers and readers, and the tensor-only rows of the compiler's kernel
// mapping. This header is the contract: the SHAVE kernel library
// (kernels/shave) registers a kernel for every entry of VPUC_SW_KERNELS with
// the same name and signature (its tests check it), and the compiler emits
// `VPUIP.SW.Kernel` calls (VPUX37XX) or UPA layers (VPUX30XX) from it.
//
// Each kernel is a struct `<Name>Kernel` with
//   - `name`: the kernel name blobs use (ActKernel.name, UpaLayerTask.kernel);
//   - `Args`: the packed parameter struct: the tensor operands as MemRefData,
//     inputs first then outputs, then the scalars;
//   - `signature`: the ArgKind of every field of Args, in order (fixed-size
//     arrays such as `int32_t perm[kMaxRank]` are kMaxRank scalars);
//   - `scalars`: each scalar field with its range (`numScalars` of them);
//   - `floatOnly`: every tensor is f32, f16 or bf16;
//   - `elementwise`: every output element depends on the input elements at
//     its own index alone (inputs broadcast by NumPy rules), so a call on
//     matching pieces of the tensors computes those pieces of the outputs.
// static_asserts check that Args is exactly the packed size of the signature
// and that every field sits at its signature offset.
//
// Conventions shared by every kernel
// ----------------------------------
// Dims. Kernels define their semantics on LOGICAL dims: a descriptor's
// memory-order dims mapped back through its DimsOrder (for 4-D activations
// that is N, C, H, W whatever the memory order). A kernel never requires a
// particular DimsOrder: it honours every operand's order and strides, so
// NHWC, NCHW, padded rows or a strided view of a larger buffer are all
// accepted. Outputs must not overlap themselves (no stride 0 on a dim > 1).
// A kernel is fastest on compact tensors.
//
// Element types. "float" means F32, F16 or BF16; each operand may have its
// own type (e.g. an F16 input with an F32 bias). Elements are loaded to FP32,
// the math is FP32 (accumulations too, in row-major order; the exceptions,
// in FP64, are noted: convert, dequantize, interpolate) and results are
// rounded on store: F16/BF16 to nearest even; integers are
// truncated toward zero and saturated, NaN -> 0; Bool stores x != 0. "int"
// means any integer type of 8 to 64 bits (values above 2^53 lose precision
// where they pass through FP64). "any" means any element type of at least
// 8 bits (data movement kernels copy bytes; input and output types equal).
// 4-bit types are not supported by any kernel.
//
// Optional operands. An optional tensor operand (e.g. a bias) is absent when
// its descriptor has zero elements (e.g. rank 1, dims [0]); its data address
// is then never read.
//
// Axes. Axis scalars index logical dims; where noted, negative values count
// from the end. Axis sets are bit masks (`axesMask`, bit d = logical dim d).
// Per-dim arrays have kMaxRank entries; entries at and beyond the rank must
// be 0.
//
// In place. Kernels whose output has their input's dims (copy, convert, the
// element-wise kernels, activation, prelu, scale_shift, softmax, log_softmax,
// cumsum, mvn, layer_norm, normalize_l2, batch_norm_inference) may write the
// output over their (first) input when both describe the very same elements;
// every other overlap of an output with an input is rejected.
//
// Errors. A kernel that rejects its arguments reports "<name>: <reason>";
// the emulator reports it as a `kernel-error` problem of the task.
//
// Not kernels: concat, split, slice, strided slice without negative steps,
// tile and broadcast are DMA or view work (DMA copies between any layouts,
// with stride-0 sources for broadcasting); reshape, squeeze and unsqueeze are
// views.
//
// VPUX30XX. A UPA layer names the same kernel; the runtime builds the same
// buffer, with the scalars taken in Args order from the layer's typed
// parameter table (blob.fbs, UpaParams, generated from SwKernels.td; the
// table used by each kernel is named below).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_ABI_SWKERNELS_H_
#define VPUC_KERNELS_ABI_SWKERNELS_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kernels/abi/SwKernelAbi.h"

namespace mlir::vpuc::abi {

/// `postOp` value of the kernels with a fused post-operation: none.
inline constexpr int32_t kNoPostOp = -1;

/// One scalar field of a kernel's Args: `count` scalars of `kind` (1, or
/// kMaxRank for a per-dim array), each within [min, max] for I32; `isAxis`:
/// a logical dim of the first input, below its rank. `paramName` is the
/// snake_case name the field has as a VPU kernel parameter and in the UPA
/// table.
struct ScalarDecl {
  const char *name;
  const char *paramName;
  ArgKind kind;
  uint32_t count;
  int64_t min;
  int64_t max;
  bool isAxis;
};

/// The range bounds of scalars without a range (F32).
inline constexpr int64_t kNoMin = INT64_MIN;
inline constexpr int64_t kNoMax = INT64_MAX;

/// What the cost model counts as a kernel call's work (SwKernelBase.td,
/// `work`): the cost is the kernel's `cyclesPerVector` per vector of
/// `fp16_lanes` elements of it.
enum class KernelWork {
  /// The output elements.
  Outputs,
  /// The first input's elements (kernels that read their whole input per
  /// pass: reductions, normalisations).
  Inputs,
  /// A count of the kernel's own (e.g. a convolution's MACs), which the
  /// emulator computes from the call's arguments; the compiler's estimates
  /// count the output elements instead.
  Kernel,
};

#include "kernels/abi/SwKernels.h.inc"

/// A kernel of the library as data.
struct KernelDecl {
  const char *name;
  const ArgKind *signature;
  uint32_t numArgs;
  /// The scalar fields of Args, in order.
  const ScalarDecl *scalars;
  uint32_t numScalars;
  /// Every tensor is f32, f16 or bf16.
  bool floatOnly;
  /// Computes each output element from the inputs at its index alone.
  bool elementwise;
  /// The cost model's cycles per vector of work, and what the work counts.
  double cyclesPerVector;
  KernelWork work;
};

#define VPUC_ABI_KERNEL_DECL(Kernel)                                           \
  KernelDecl{                                                                  \
      Kernel::name,                                                            \
      Kernel::signature,                                                       \
      static_cast<uint32_t>(sizeof(Kernel::signature) / sizeof(ArgKind)),      \
      Kernel::scalars,                                                         \
      Kernel::numScalars,                                                      \
      Kernel::floatOnly,                                                       \
      Kernel::elementwise,                                                     \
      Kernel::cyclesPerVector,                                                 \
      Kernel::work},

/// Every kernel of the library, in VPUC_SW_KERNELS order.
inline constexpr KernelDecl kSwKernels[] = {
    VPUC_SW_KERNELS(VPUC_ABI_KERNEL_DECL)};

#undef VPUC_ABI_KERNEL_DECL

/// The kernel named `name`, or nullptr.
constexpr const KernelDecl *findKernel(std::string_view name) {
  for (const KernelDecl &decl : kSwKernels) {
    if (name == decl.name) {
      return &decl;
    }
  }
  return nullptr;
}

} // namespace mlir::vpuc::abi

#endif // VPUC_KERNELS_ABI_SWKERNELS_H_
