//===- Pad.cpp - The pad kernel -------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// pad(input, output, mode, padValue, padsBegin[8], padsEnd[8])
// (kernels/abi/SwKernels.h): constant, edge, reflect or symmetric padding of
// a tensor of any byte-sized type (the same for both), any layouts. Each dim
// gets a table of the source index of every output position (-1 for the
// constant), and the output is filled row by row from the tables, a row
// along the dim the output is contiguous along and in runs of positions that
// one copy moves where the layouts allow.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

llvm::Error runPad(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::PadKernel::Args>(args);
  const char *name = abi::PadKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", in}, {a.output, true, "output", out}})) {
    return error;
  }
  if (in.type != out.type) {
    return kernelError(name, "input type " + getDataTypeName(in.type) +
                                 " differs from output type " +
                                 getDataTypeName(out.type));
  }
  if (llvm::Error error = checkType(in, kAnyRowType, name, "input")) {
    return error;
  }
  int64_t rank = in.getRank();
  if (llvm::Error error =
          checkPerDimArray(a.padsBegin, rank, name, "padsBegin")) {
    return error;
  }
  if (llvm::Error error = checkPerDimArray(a.padsEnd, rank, name, "padsEnd")) {
    return error;
  }
  if (a.mode < 0 || a.mode > static_cast<int32_t>(abi::PadMode::Symmetric)) {
    return kernelError(name, "unknown mode " + llvm::Twine(a.mode));
  }
  auto mode = static_cast<abi::PadMode>(a.mode);
  if (mode != abi::PadMode::Constant && a.padValue != 0.0f) {
    return kernelError(name, "padValue must be 0 outside constant mode");
  }
  std::vector<int64_t> inDims = getDims(in), expected;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t begin = a.padsBegin[d], end = a.padsEnd[d], size = inDims[d];
    if (begin < 0 || end < 0) {
      return kernelError(name, "pads of dim " + llvm::Twine(d) +
                                   " must be non-negative");
    }
    bool tooLarge =
        (mode == abi::PadMode::Reflect && (begin >= size || end >= size) &&
         begin + end > 0) ||
        (mode == abi::PadMode::Symmetric && (begin > size || end > size)) ||
        (mode == abi::PadMode::Edge && size == 0 && begin + end > 0);
    if (tooLarge) {
      return kernelError(
          name, "pads " + llvm::Twine(begin) + " and " + llvm::Twine(end) +
                    " of dim " + llvm::Twine(d) + " of size " +
                    llvm::Twine(size) + " are too large for the mode");
    }
    expected.push_back(begin + size + end);
  }
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  if (out.getNumElements() == 0) {
    return llvm::Error::success();
  }
  // Per dim: the byte offset in the input of each output position, or -1.
  shape::Strides inStrides = in.getLogicalStrides();
  std::vector<std::vector<int64_t>> sources(rank);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = inDims[d];
    int64_t stride = inStrides[shape::Dim(d)] / 8;
    for (int64_t o = 0; o < expected[d]; ++o) {
      int64_t i = o - a.padsBegin[d];
      switch (mode) {
      case abi::PadMode::Constant:
        i = (i < 0 || i >= size) ? -1 : i;
        break;
      case abi::PadMode::Edge:
        i = std::clamp<int64_t>(i, 0, size - 1);
        break;
      case abi::PadMode::Reflect:
        i = i < 0 ? -i : (i >= size ? 2 * (size - 1) - i : i);
        break;
      case abi::PadMode::Symmetric:
        i = i < 0 ? -i - 1 : (i >= size ? 2 * size - 1 - i : i);
        break;
      }
      sources[d].push_back(i < 0 ? -1 : i * stride);
    }
  }
  int64_t elemBytes = in.elemBits / 8;
  uint8_t padBytes[8] = {};
  float padValue = a.padValue;
  storeRow(out.type, padBytes, 0, 1, &padValue);
  shape::Strides outStrides = out.getLogicalStrides();
  // Rows along the dim the output is contiguous along (the innermost in
  // memory), else the last logical dim; a rank-0 tensor is one row of one.
  int64_t rowDim = rank - 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (expected[d] > 1 && outStrides[shape::Dim(d)] / 8 == elemBytes) {
      rowDim = d;
    }
  }
  int64_t inner = rank == 0 ? 1 : expected[rowDim];
  int64_t outInner = rank == 0 ? 0 : outStrides[shape::Dim(rowDim)] / 8;
  std::vector<int64_t> innerSources =
      rank == 0 ? std::vector<int64_t>{0} : sources[rowDim];
  // The other dims, whose positions pick the rows.
  std::vector<int64_t> outerDims;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != rowDim) {
      outerDims.push_back(d);
    }
  }
  int64_t numOuter = static_cast<int64_t>(outerDims.size());
  std::vector<int64_t> index(numOuter, 0);
  // The positions of a row as runs that one copy moves: with the output
  // contiguous along the row, consecutive positions whose sources follow on
  // in the input, or that all take the pad value; else one position each.
  struct InnerRun {
    int64_t begin, count, source;
  };
  bool outContiguous = outInner == elemBytes;
  std::vector<InnerRun> innerRuns;
  for (int64_t i = 0; i < inner; ++i) {
    int64_t source = innerSources[i];
    if (outContiguous && !innerRuns.empty()) {
      InnerRun &last = innerRuns.back();
      bool follows = source < 0
                         ? last.source < 0
                         : last.source >= 0 &&
                               source == last.source + last.count * elemBytes;
      if (follows) {
        ++last.count;
        continue;
      }
    }
    innerRuns.push_back({i, 1, source});
  }
  std::vector<uint8_t> padRow(inner * elemBytes);
  for (int64_t i = 0; i < inner; ++i) {
    std::memcpy(padRow.data() + i * elemBytes, padBytes, elemBytes);
  }
  while (true) {
    int64_t src = 0, dst = 0;
    bool constant = false;
    for (int64_t o = 0; o < numOuter; ++o) {
      int64_t d = outerDims[o];
      int64_t offset = sources[d][index[o]];
      constant = constant || offset < 0;
      src += offset;
      dst += index[o] * (outStrides[shape::Dim(d)] / 8);
    }
    for (const InnerRun &run : innerRuns) {
      uint8_t *target = out.data + dst + run.begin * outInner;
      size_t bytes = static_cast<size_t>(run.count * elemBytes);
      if (constant || run.source < 0) {
        std::memcpy(target, padRow.data(), bytes);
      } else {
        std::memcpy(target, in.data + src + run.source, bytes);
      }
    }
    int64_t o = numOuter - 1;
    for (; o >= 0; --o) {
      if (++index[o] < expected[outerDims[o]]) {
        break;
      }
      index[o] = 0;
    }
    if (o < 0) {
      break;
    }
  }
  return llvm::Error::success();
}

} // namespace

VPUC_EMU_KERNEL(pad) { registry.add(makeKernelInfo<abi::PadKernel>(runPad)); }

} // namespace mlir::vpuc::emu
