//===- KernelSupport.h - Loops shared by the native kernels -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The numeric model of the SHAVE kernels (kernels/abi/SwKernels.h): elements
// are loaded to FP32, the math is done in FP32, and results are rounded to the
// storage type on store (round to nearest even for f16/bf16, core/numeric;
// integers truncated toward zero and saturated). Element-wise kernels work row
// by row: `forEachRow` walks an iteration space (dims plus, per operand, byte
// strides) and hands each innermost row to a callback, which loads it with
// `loadRow` into a float buffer, computes with a plain loop and stores with
// `storeRow`. Kernels that need whole tensors (convolutions, reductions, ...)
// load them with `loadTensor` into a dense buffer in logical row-major order
// and store their results with `storeTensor`. The element type is dispatched
// once per row, never per element.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_SHAVE_KERNELSUPPORT_H_
#define VPUC_KERNELS_SHAVE_KERNELSUPPORT_H_

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "kernels/abi/SwKernels.h"
#include "kernels/shave/KernelRegistry.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::numeric {
struct F16Underflow;
} // namespace mlir::vpuc::numeric

namespace mlir::vpuc::emu {

/// An error of kernel `kernel`: "<kernel>: <message>".
llvm::Error kernelError(llvm::StringRef kernel, const llvm::Twine &message);

/// The name of an ABI data type ("f16", ...).
std::string getDataTypeName(abi::DataType type);

/// Checks that the storage range [qmin, qmax] of a quantizing kernel lies in
/// the range of the integer type `type` of its output.
llvm::Error checkStorageRange(int32_t qmin, int32_t qmax, abi::DataType type,
                              llvm::StringRef kernel);

/// Checks that the scale scalar `what` of a quantized kernel is finite and
/// positive ("<what> must be finite and positive").
llvm::Error checkScale(float scale, llvm::StringRef what,
                       llvm::StringRef kernel);

/// True for the types the arithmetic kernels compute on: f32, f16, bf16.
bool isFloatType(abi::DataType type);

/// True for the integer types of 8 to 64 bits.
bool isIntegerType(abi::DataType type);

/// True for the types loadRow/storeRow handle: every type of at least 8 bits
/// (floats, integers, bool, and the storage type f64).
bool isRowType(abi::DataType type);

/// Sets of element types a kernel operand accepts.
enum TypeSet : unsigned {
  kFloatTypes = 1,
  kIntegerTypes = 2,
  kBoolType = 4,
  /// f64, a storage type only `convert` and `copy` take: no kernel computes
  /// in it.
  kF64Type = 8,
  kNumericTypes = kFloatTypes | kIntegerTypes,
  kAnyRowType = kFloatTypes | kIntegerTypes | kBoolType,
};

/// Loads `count` elements of `type` starting at `data`, `strideBytes` apart,
/// as floats into `out` (integers beyond 2^24 round). `type` must satisfy
/// isRowType.
void loadRow(abi::DataType type, const uint8_t *data, int64_t strideBytes,
             int64_t count, float *out);

/// Stores `count` floats to elements of `type`: f16/bf16 rounded to nearest
/// even, integers truncated toward zero and saturated (NaN -> 0), bool as
/// x != 0.
void storeRow(abi::DataType type, uint8_t *data, int64_t strideBytes,
              int64_t count, const float *in);

/// While one is alive, the f16 stores of the kernels that run on the thread
/// that made it (storeRow and everything built on it) add their results and
/// the bits stored to `count` (numeric::countF16Underflow): the emulator's
/// numerics check makes one around a kernel call. Kernels store on the thread
/// that calls them; nested scopes restore the outer one.
class ScopedF16UnderflowCount {
public:
  explicit ScopedF16UnderflowCount(numeric::F16Underflow &count);
  ~ScopedF16UnderflowCount();
  ScopedF16UnderflowCount(const ScopedF16UnderflowCount &) = delete;
  ScopedF16UnderflowCount &operator=(const ScopedF16UnderflowCount &) = delete;

private:
  numeric::F16Underflow *previous;
};

/// loadRow with doubles (exact for integers up to 2^53).
void loadRowF64(abi::DataType type, const uint8_t *data, int64_t strideBytes,
                int64_t count, double *out);

/// storeRow from doubles (floats go through FP32 first).
void storeRowF64(abi::DataType type, uint8_t *data, int64_t strideBytes,
                 int64_t count, const double *in);

/// An iteration space for `N` operands: sizes and, per operand, byte strides
/// of each dimension (outermost first). Rows run along the last dimension.
template <size_t N> struct IterationSpace {
  llvm::SmallVector<int64_t, 8> dims;
  std::array<llvm::SmallVector<int64_t, 8>, N> strides;

  /// Appends a dimension.
  void push(int64_t size, const std::array<int64_t, N> &operandStrides) {
    dims.push_back(size);
    for (size_t i = 0; i < N; ++i) {
      strides[i].push_back(operandStrides[i]);
    }
  }

  /// Drops size-1 dimensions and merges a dimension into the next inner one
  /// when every operand steps over it contiguously. With `keepLast`, the last
  /// dimension stays as it is (e.g. the softmax axis).
  void simplify(bool keepLast);
};

/// Calls `rowFn(pointers, innerStrides, rowLength)` for every row of `space`
/// (the last dimension), with the operands' pointers at the row start.
template <size_t N, typename RowFn>
void forEachRow(const IterationSpace<N> &space,
                const std::array<uint8_t *, N> &bases, RowFn rowFn) {
  size_t rank = space.dims.size();
  for (int64_t dim : space.dims) {
    if (dim == 0) {
      return;
    }
  }
  std::array<int64_t, N> inner;
  int64_t rowLength = 1;
  if (rank == 0) {
    inner.fill(0);
  } else {
    rowLength = space.dims[rank - 1];
    for (size_t i = 0; i < N; ++i) {
      inner[i] = space.strides[i][rank - 1];
    }
  }
  size_t outer = rank == 0 ? 0 : rank - 1;
  llvm::SmallVector<int64_t, 8> index(outer, 0);
  std::array<uint8_t *, N> pointers = bases;
  while (true) {
    rowFn(pointers, inner, rowLength);
    // Odometer over the outer dimensions.
    size_t d = outer;
    while (d > 0) {
      --d;
      if (++index[d] < space.dims[d]) {
        for (size_t i = 0; i < N; ++i) {
          pointers[i] += space.strides[i][d];
        }
        break;
      }
      for (size_t i = 0; i < N; ++i) {
        pointers[i] -= space.strides[i][d] * (space.dims[d] - 1);
      }
      index[d] = 0;
      if (d == 0) {
        return;
      }
    }
    if (outer == 0) {
      return;
    }
  }
}

/// Calls `body(begin, end)` over [0, rows) on the kernels' parallel runner
/// (kernels::parallelFor), in chunks of at least `grain` rows. The f16
/// stores of every chunk count into the calling thread's
/// ScopedF16UnderflowCount, if any: each chunk counts into its own and they
/// are merged, the same counts as one thread's.
void parallelRows(int64_t rows, int64_t grain,
                  const std::function<void(int64_t, int64_t)> &body);

/// forEachRow with the rows split over the kernels' parallel runner
/// (parallelRows) in chunks of whole rows and at least `grainElements`
/// elements: rowFn is called concurrently for different rows, so its buffers
/// must be its own per call or per thread.
template <size_t N, typename RowFn>
void forEachRowParallel(const IterationSpace<N> &space,
                        const std::array<uint8_t *, N> &bases,
                        int64_t grainElements, RowFn rowFn) {
  size_t rank = space.dims.size();
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < rank; ++d) {
    rows *= space.dims[d];
  }
  int64_t grainRows =
      rank == 0
          ? 1
          : std::max<int64_t>(1, grainElements /
                                     std::max<int64_t>(1, space.dims.back()));
  if (rank <= 1 || rows <= grainRows) {
    forEachRow(space, bases, rowFn);
    return;
  }
  if (space.dims[rank - 1] == 0) {
    return;
  }
  std::array<int64_t, N> inner;
  for (size_t i = 0; i < N; ++i) {
    inner[i] = space.strides[i][rank - 1];
  }
  parallelRows(rows, grainRows, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      // Row r's index over the outer dims (mixed radix, last fastest).
      std::array<uint8_t *, N> pointers = bases;
      int64_t rest = r;
      for (size_t d = rank - 1; d-- > 0;) {
        int64_t index = rest % space.dims[d];
        rest /= space.dims[d];
        for (size_t i = 0; i < N; ++i) {
          pointers[i] += index * space.strides[i][d];
        }
      }
      rowFn(pointers, inner, space.dims[rank - 1]);
    }
  });
}

template <size_t N> void IterationSpace<N>::simplify(bool keepLast) {
  IterationSpace<N> result;
  size_t rank = dims.size();
  for (size_t d = 0; d < rank; ++d) {
    bool last = d + 1 == rank;
    if (dims[d] == 1 && !(keepLast && last)) {
      continue;
    }
    std::array<int64_t, N> operandStrides;
    for (size_t i = 0; i < N; ++i) {
      operandStrides[i] = strides[i][d];
    }
    // Merge the previous (outer) kept dimension into this one if contiguous.
    bool canMerge = !result.dims.empty() && !(keepLast && last);
    if (canMerge) {
      size_t p = result.dims.size() - 1;
      for (size_t i = 0; i < N; ++i) {
        if (result.strides[i][p] != operandStrides[i] * dims[d]) {
          canMerge = false;
        }
      }
    }
    if (canMerge) {
      size_t p = result.dims.size() - 1;
      result.dims[p] *= dims[d];
      for (size_t i = 0; i < N; ++i) {
        result.strides[i][p] = operandStrides[i];
      }
    } else {
      result.push(dims[d], operandStrides);
    }
  }
  *this = std::move(result);
}

/// Byte strides of `operand` along the memory dimensions of `reference`, with
/// NumPy broadcasting: the logical dims are aligned from the innermost, and
/// dims `operand` lacks or has as 1 where `reference` is larger get stride 0.
/// Fails when `operand` has a higher rank or a dim is neither equal nor 1.
llvm::Expected<llvm::SmallVector<int64_t, 8>>
getStridesAlong(const TensorView &reference, const TensorView &operand,
                llvm::StringRef kernel, llvm::StringRef operandName);

/// Checks that `view` has one of the row types and byte-sized elements.
llvm::Error checkRowType(const TensorView &view, llvm::StringRef kernel,
                         llvm::StringRef operandName, bool floatOnly);

/// Checks that the element type of `view` is in `types` (a TypeSet mask).
llvm::Error checkType(const TensorView &view, unsigned types,
                      llvm::StringRef kernel, llvm::StringRef operandName);

/// Checks that the element type of `view` is byte-sized (any type the data
/// movement kernels copy).
llvm::Error checkByteType(const TensorView &view, llvm::StringRef kernel,
                          llvm::StringRef operandName);

/// "[1, 3, 224, 224]".
std::string formatDims(llvm::ArrayRef<int64_t> dims);

/// The logical dims of `view` as a vector.
std::vector<int64_t> getDims(const TensorView &view);

/// Checks that `view` has the logical dims `expected`.
llvm::Error checkDims(const TensorView &view, llvm::ArrayRef<int64_t> expected,
                      llvm::StringRef kernel, llvm::StringRef operandName);

/// Checks that `view` has rank `rank`.
llvm::Error checkRank(const TensorView &view, int64_t rank,
                      llvm::StringRef kernel, llvm::StringRef operandName);

/// Fails unless `output` and `input` touch disjoint bytes.
llvm::Error checkDisjoint(const TensorView &output, const TensorView &input,
                          llvm::StringRef kernel, llvm::StringRef inputName);

/// True for an absent optional operand (no elements).
inline bool isAbsent(const TensorView &view) {
  return view.getNumElements() == 0;
}

/// Normalises an axis scalar of a tensor of `rank` (negative values count
/// from the end when `allowNegative`).
llvm::Expected<int64_t> getAxis(int32_t axis, int64_t rank, bool allowNegative,
                                llvm::StringRef kernel,
                                llvm::StringRef what = "axis");

/// Decodes an axes bit mask of a tensor of `rank`: bit d set = dim d.
llvm::Expected<std::vector<bool>> getAxesMask(int32_t mask, int64_t rank,
                                              llvm::StringRef kernel);

/// Checks that a 0/1 flag scalar is 0 or 1.
llvm::Error checkFlag(int32_t value, llvm::StringRef kernel,
                      llvm::StringRef what);

/// Checks that the entries of a per-dim array at and beyond `rank` are 0.
template <typename T>
llvm::Error checkPerDimArray(const T (&values)[abi::kMaxRank], int64_t rank,
                             llvm::StringRef kernel, llvm::StringRef what) {
  for (int64_t d = rank; d < static_cast<int64_t>(abi::kMaxRank); ++d) {
    if (values[d] != 0) {
      return kernelError(kernel, what + "[" + llvm::Twine(d) +
                                     "] must be 0 for rank " +
                                     llvm::Twine(rank));
    }
  }
  return llvm::Error::success();
}

/// Loads every element of `view` as floats in logical row-major order.
std::vector<float> loadTensor(const TensorView &view);

/// Stores `values` (logical row-major order) to every element of `view`.
void storeTensor(const TensorView &view, const float *values);

/// loadTensor with doubles (exact for integers up to 2^53).
std::vector<double> loadTensorF64(const TensorView &view);

/// storeTensor from doubles.
void storeTensorF64(const TensorView &view, const double *values);

/// The bytes of every element of `view` (a byte-sized type) in logical
/// row-major order.
std::vector<uint8_t> loadBytes(const TensorView &view);

/// Stores `bytes` (logical row-major order) to every element of `view`.
void storeBytes(const TensorView &view, const uint8_t *bytes);

/// One tensor operand of a kernel to decode with viewOperands.
struct Operand {
  const abi::MemRefData &desc;
  /// True for outputs.
  bool write;
  /// For messages: "input", "filter", ...
  const char *name;
  TensorView &view;
};

/// Decodes the descriptors of `operands` (see KernelContext::view).
llvm::Error viewOperands(const KernelContext &context, llvm::StringRef kernel,
                         std::initializer_list<Operand> operands);

/// Decodes the operands of a one-input, one-output kernel and checks that both
/// element types are in `types` (a TypeSet mask).
llvm::Error viewUnaryOperands(const KernelContext &context,
                              llvm::StringRef kernel,
                              const abi::MemRefData &inDesc,
                              const abi::MemRefData &outDesc, unsigned types,
                              TensorView &in, TensorView &out);

/// Decodes the operands of a two-input, one-output element-wise kernel
/// ("input 0", "input 1", "output"), checks that their element types are in
/// `types` (a TypeSet mask) and that the output overlaps an input only as
/// the same elements (checkAliasing).
llvm::Error viewBinaryOperands(const KernelContext &context,
                               llvm::StringRef kernel,
                               const abi::MemRefData &in1Desc,
                               const abi::MemRefData &in2Desc,
                               const abi::MemRefData &outDesc, unsigned types,
                               TensorView &in1, TensorView &in2,
                               TensorView &out);

/// Checks that `in` and `out` have the same logical dims ("input dims .. differ
/// from output dims ..").
llvm::Error checkSameDims(const TensorView &in, const TensorView &out,
                          llvm::StringRef kernel);

/// The dims of a tensor of `dims` reduced over `axes`: reduced dims become 1
/// (keepDims) or disappear.
std::vector<int64_t> getReducedDims(llvm::ArrayRef<int64_t> dims,
                                    const std::vector<bool> &axes,
                                    bool keepDims);

/// Calls `rowFn(offset, group, count, groupStride)` for every innermost row
/// of a dense row-major tensor of `dims`: element i of the row is at
/// `offset + i` and belongs to group `group + i * groupStride`, the groups
/// being the elements of the keep-dims reduction over `axes` in row-major
/// order. Rows are visited in row-major order.
template <typename RowFn>
void forEachReductionRow(llvm::ArrayRef<int64_t> dims,
                         const std::vector<bool> &axes, RowFn rowFn) {
  int64_t rank = static_cast<int64_t>(dims.size());
  int64_t total = 1;
  for (int64_t dim : dims) {
    total *= dim;
  }
  if (total == 0) {
    return;
  }
  if (rank == 0) {
    rowFn(0, 0, 1, 0);
    return;
  }
  // Strides of each dim in the group buffer (0 for reduced dims).
  llvm::SmallVector<int64_t, 8> groupStrides(rank, 0);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (!axes[d]) {
      groupStrides[d] = stride;
      stride *= dims[d];
    }
  }
  int64_t inner = dims[rank - 1];
  int64_t rows = total / inner;
  llvm::SmallVector<int64_t, 8> index(rank, 0);
  int64_t group = 0;
  for (int64_t r = 0; r < rows; ++r) {
    rowFn(r * inner, group, inner, groupStrides[rank - 1]);
    for (int64_t d = rank - 2; d >= 0; --d) {
      ++index[d];
      group += groupStrides[d];
      if (index[d] < dims[d]) {
        break;
      }
      group -= groupStrides[d] * dims[d];
      index[d] = 0;
    }
  }
}

/// Loads `view` broadcast NumPy-style to `dims` (dense, row-major; leading
/// dims of size 1 beyond the rank of `dims` are ignored); fails when it does
/// not broadcast.
llvm::Expected<std::vector<float>> loadBroadcast(const TensorView &view,
                                                 llvm::ArrayRef<int64_t> dims,
                                                 llvm::StringRef kernel,
                                                 llvm::StringRef operandName);

/// The product of dims[begin, end).
int64_t getProduct(llvm::ArrayRef<int64_t> dims, size_t begin, size_t end);

/// Work function: the elements of the first tensor argument (kernels that
/// read their whole input once per pass: reductions, normalisations).
int64_t getInputWork(const uint8_t *args, llvm::ArrayRef<TensorView> views);

/// The registry entry of ABI kernel `K` (kernels/abi/SwKernels.h), with the
/// cost the ABI declares (`K::cyclesPerVector`, `K::work`): the work of an
/// `Inputs` kernel is getInputWork, a `Kernel` kernel's is `work` (its own
/// count), an `Outputs` kernel has none (the output elements).
template <typename K>
KernelInfo makeKernelInfo(KernelFn run, KernelWorkFn work = nullptr) {
  static_assert(K::cyclesPerVector > 0, "a kernel costs something");
  if constexpr (K::work == abi::KernelWork::Inputs) {
    assert(!work && "an Inputs kernel's work is getInputWork");
    work = getInputWork;
  } else {
    assert((K::work == abi::KernelWork::Kernel) == (work != nullptr) &&
           "a kernel's own work function is that of a Kernel-work kernel");
  }
  return {K::name,
          {std::begin(K::signature), std::end(K::signature)},
          run,
          K::cyclesPerVector,
          work};
}

/// The elements of view `index`, or 0 when there is no such view.
inline int64_t getElements(llvm::ArrayRef<TensorView> views, size_t index) {
  return index < views.size() ? views[index].getNumElements() : 0;
}

/// Fails unless `output` and `input` are disjoint or the very same elements
/// (same address, element size and strides): kernels that load a row before
/// storing it may then run in place.
llvm::Error checkAliasing(const TensorView &output, const TensorView &input,
                          llvm::StringRef kernel, llvm::StringRef inputName);

/// Decodes the descriptor of argument `name` of `kernel`.
llvm::Expected<TensorView> viewArg(const KernelContext &context,
                                   const abi::MemRefData &desc, bool write,
                                   llvm::StringRef kernel,
                                   llvm::StringRef name);

/// The space of an element-wise operation: the output's memory dims, and
/// per operand the byte strides along them (inputs broadcast). Operand 0 is
/// the output, the inputs follow.
template <size_t N>
llvm::Expected<IterationSpace<N>>
getElementwiseSpace(const TensorView &output,
                    const std::array<const TensorView *, N - 1> &inputs,
                    llvm::StringRef kernel) {
  IterationSpace<N> space;
  std::array<llvm::SmallVector<int64_t, 8>, N> strides;
  for (int64_t d = 0; d < output.getRank(); ++d) {
    strides[0].push_back(output.strides[shape::MemDim(d)] / 8);
  }
  for (size_t i = 0; i + 1 < N; ++i) {
    llvm::Expected<llvm::SmallVector<int64_t, 8>> along = getStridesAlong(
        output, *inputs[i], kernel, "input " + std::to_string(i));
    if (!along) {
      return along.takeError();
    }
    strides[i + 1] = std::move(*along);
  }
  for (int64_t d = 0; d < output.getRank(); ++d) {
    std::array<int64_t, N> operandStrides;
    for (size_t i = 0; i < N; ++i) {
      operandStrides[i] = strides[i][d];
    }
    space.push(output.dims[shape::MemDim(d)], operandStrides);
  }
  space.simplify(/*keepLast=*/false);
  return space;
}

} // namespace mlir::vpuc::emu

#endif // VPUC_KERNELS_SHAVE_KERNELSUPPORT_H_
