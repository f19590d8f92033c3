//===- MatMul.cpp - The matmul kernel -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// matmul(a, b, output, transposeA, transposeB) (kernels/abi/SwKernels.h):
// batched matrix products of float tensors of rank >= 2 with NumPy-broadcast
// batch dims, any layouts. The operands are loaded densely to FP32 and each
// product runs through the shared -O2 GEMM of kernels/reference, reading
// transposed operands in place.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/reference/Gemm.h"
#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runMatMul(const uint8_t *args, const KernelContext &context) {
  auto p = readArgs<abi::MatMulKernel::Args>(args);
  const char *name = abi::MatMulKernel::name;
  TensorView a, b, out;
  if (llvm::Error error = viewOperands(context, name,
                                       {{p.a, false, "a", a},
                                        {p.b, false, "b", b},
                                        {p.output, true, "output", out}})) {
    return error;
  }
  for (auto [view, what] : {std::make_pair(&a, "a"), std::make_pair(&b, "b"),
                            std::make_pair(&out, "output")}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, what)) {
      return error;
    }
    if (view->getRank() < 2) {
      return kernelError(name, llvm::Twine(what) + " has rank " +
                                   llvm::Twine(view->getRank()) +
                                   ", expected at least 2");
    }
  }
  if (llvm::Error error = checkFlag(p.transposeA, name, "transposeA")) {
    return error;
  }
  if (llvm::Error error = checkFlag(p.transposeB, name, "transposeB")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, a, name, "a")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, b, name, "b")) {
    return error;
  }
  std::vector<int64_t> dimsA = getDims(a), dimsB = getDims(b);
  int64_t rowsA = dimsA[dimsA.size() - 2], colsA = dimsA.back();
  int64_t rowsB = dimsB[dimsB.size() - 2], colsB = dimsB.back();
  bool transA = p.transposeA != 0, transB = p.transposeB != 0;
  int64_t m = transA ? colsA : rowsA;
  int64_t k = transA ? rowsA : colsA;
  int64_t kB = transB ? colsB : rowsB;
  int64_t n = transB ? rowsB : colsB;
  if (k != kB) {
    return kernelError(name, "a " + formatDims(dimsA) + " and b " +
                                 formatDims(dimsB) +
                                 " have different inner extents " +
                                 llvm::Twine(k) + " and " + llvm::Twine(kB));
  }
  // Broadcast batch dims, aligned from the innermost.
  std::vector<int64_t> batchA(dimsA.begin(), dimsA.end() - 2);
  std::vector<int64_t> batchB(dimsB.begin(), dimsB.end() - 2);
  size_t batchRank = std::max(batchA.size(), batchB.size());
  std::vector<int64_t> batch(batchRank, 1);
  std::vector<int64_t> stridesA(batchRank, 0), stridesB(batchRank, 0);
  int64_t strideA = m * k, strideB = k * n;
  for (size_t i = 0; i < batchRank; ++i) {
    size_t d = batchRank - 1 - i;
    int64_t sizeA = i < batchA.size() ? batchA[batchA.size() - 1 - i] : 1;
    int64_t sizeB = i < batchB.size() ? batchB[batchB.size() - 1 - i] : 1;
    if (sizeA != sizeB && sizeA != 1 && sizeB != 1) {
      return kernelError(name, "batch dims of a " + formatDims(dimsA) +
                                   " and b " + formatDims(dimsB) +
                                   " do not broadcast");
    }
    batch[d] = std::max(sizeA, sizeB);
    stridesA[d] = sizeA == 1 ? 0 : strideA;
    stridesB[d] = sizeB == 1 ? 0 : strideB;
    strideA *= sizeA;
    strideB *= sizeB;
  }
  std::vector<int64_t> expected = batch;
  expected.push_back(m);
  expected.push_back(n);
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  std::vector<float> dataA = loadTensor(a), dataB = loadTensor(b);
  std::vector<float> result(out.getNumElements(), 0.0f);
  int64_t batches = getProduct(batch, 0, batch.size());
  for (int64_t index = 0; index < batches && m > 0 && n > 0; ++index) {
    int64_t offsetA = 0, offsetB = 0, rest = index;
    for (int64_t d = static_cast<int64_t>(batchRank) - 1; d >= 0; --d) {
      int64_t i = rest % batch[d];
      rest /= batch[d];
      offsetA += i * stridesA[d];
      offsetB += i * stridesB[d];
    }
    kernels::gemm(m, n, k, {dataA.data() + offsetA, colsA, transA},
                  {dataB.data() + offsetB, colsB, transB},
                  result.data() + index * m * n, n);
  }
  storeTensor(out, result.data());
  return llvm::Error::success();
}

/// MACs: each output element takes K of them.
int64_t getMatMulWork(const uint8_t *args, llvm::ArrayRef<TensorView> views) {
  auto a = readArgs<abi::MatMulKernel::Args>(args);
  if (views.size() < 3 || views[0].getRank() < 2) {
    return getElements(views, 2);
  }
  shape::Shape dims = views[0].getLogicalDims();
  int64_t rank = views[0].getRank();
  int64_t k = dims[shape::Dim(a.transposeA ? rank - 2 : rank - 1)];
  return getElements(views, 2) * std::max<int64_t>(k, 1);
}

} // namespace

VPUC_EMU_KERNEL(matmul) {
  registry.add(makeKernelInfo<abi::MatMulKernel>(runMatMul, getMatMulWork));
}

} // namespace mlir::vpuc::emu
