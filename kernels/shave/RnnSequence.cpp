//===- RnnSequence.cpp - The lstm_sequence and gru_sequence kernels -------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// lstm_sequence and gru_sequence (kernels/abi/SwKernels.h): the recurrent
// layers over a whole sequence, as IE.LSTMSequence and IE.GRUSequence define
// them (gate blocks f, i, c, o and z, r, h; every sequence of full length).
// The operands are loaded to FP32 in logical row-major order, each direction
// and batch entry runs its time steps in FP32, and the results are stored
// rounded to the outputs' types.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// The activation `code` (abi::RnnActivation) of `x`, clamped to [-clip,
/// clip] first when clip > 0.
float activate(int32_t code, float x, float clip) {
  if (clip > 0.0f) {
    x = std::clamp(x, -clip, clip);
  }
  switch (static_cast<abi::RnnActivation>(code)) {
  case abi::RnnActivation::Sigmoid:
    return 1.0f / (1.0f + std::exp(-x));
  case abi::RnnActivation::Tanh:
    return std::tanh(x);
  case abi::RnnActivation::Relu:
    return std::max(x, 0.0f);
  }
  return x;
}

/// Checks the scalars the two kernels share.
llvm::Error checkScalars(const char *name, int32_t hiddenSize,
                         std::initializer_list<int32_t> activations, float clip,
                         int32_t direction) {
  if (hiddenSize < 1) {
    return kernelError(name, "hiddenSize " + llvm::Twine(hiddenSize) +
                                 " must be >= 1");
  }
  for (int32_t code : activations) {
    if (code < 0 || code > static_cast<int32_t>(abi::RnnActivation::Relu)) {
      return kernelError(name, "unknown activation " + llvm::Twine(code));
    }
  }
  if (!(clip >= 0.0f) || std::isinf(clip)) {
    return kernelError(name, "clip must be finite and >= 0");
  }
  if (direction < 0 ||
      direction > static_cast<int32_t>(abi::RnnDirection::Bidirectional)) {
    return kernelError(name, "unknown direction " + llvm::Twine(direction));
  }
  return llvm::Error::success();
}

/// The operand dims both kernels share: input [B, T, I] fixes B, T and I.
struct RnnDims {
  int64_t batch, steps, inputSize, hidden, directions;
};

llvm::Expected<RnnDims> getRnnDims(const char *name, const TensorView &input,
                                   int32_t hiddenSize, int32_t direction) {
  std::vector<int64_t> dims = getDims(input);
  if (dims.size() != 3) {
    return kernelError(name, "the input has rank " + llvm::Twine(dims.size()) +
                                 "; expected [batch, seq_len, input_size]");
  }
  return RnnDims{
      dims[0], dims[1], dims[2], hiddenSize,
      direction == static_cast<int32_t>(abi::RnnDirection::Bidirectional) ? 2
                                                                          : 1};
}

/// True when direction `d` of a call with `direction` reads the steps
/// backwards.
bool isReverse(int32_t direction, int64_t d) {
  return direction == static_cast<int32_t>(abi::RnnDirection::Reverse) ||
         (direction == static_cast<int32_t>(abi::RnnDirection::Bidirectional) &&
          d == 1);
}

/// gates[g * H + j] = bias[g * H + j] + x . W[g * H + j] + h . R[g * H + j]
/// for the first `gates` blocks (`rowsW`: W is [gates * H, I], R [.., H]).
void accumulateGates(std::vector<float> &gates, int64_t count, const float *x,
                     const float *w, int64_t inputSize, const float *h,
                     const float *r, int64_t hidden, const float *bias) {
  for (int64_t row = 0; row < count; ++row) {
    float sum = bias ? bias[row] : 0.0f;
    const float *wRow = w + row * inputSize;
    for (int64_t i = 0; i < inputSize; ++i) {
      sum += x[i] * wRow[i];
    }
    if (r) {
      const float *rRow = r + row * hidden;
      for (int64_t k = 0; k < hidden; ++k) {
        sum += h[k] * rRow[k];
      }
    }
    gates[row] = sum;
  }
}

llvm::Error runLstmSequence(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::LstmSequenceKernel::Args>(args);
  const char *name = abi::LstmSequenceKernel::name;
  TensorView x, h0, c0, w, r, b, y, ho, co;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", x},
           {a.initialHiddenState, false, "initial hidden state", h0},
           {a.initialCellState, false, "initial cell state", c0},
           {a.weights, false, "weights", w},
           {a.recurrenceWeights, false, "recurrence weights", r},
           {a.biases, false, "biases", b},
           {a.output, true, "output", y},
           {a.outputHiddenState, true, "output hidden state", ho},
           {a.outputCellState, true, "output cell state", co}})) {
    return error;
  }
  for (const TensorView *view : {&x, &h0, &c0, &w, &r, &b, &y, &ho, &co}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, "an operand")) {
      return error;
    }
  }
  if (llvm::Error error = checkScalars(
          name, a.hiddenSize, {a.actF, a.actG, a.actH}, a.clip, a.direction)) {
    return error;
  }
  llvm::Expected<RnnDims> dims = getRnnDims(name, x, a.hiddenSize, a.direction);
  if (!dims) {
    return dims.takeError();
  }
  int64_t B = dims->batch, T = dims->steps, I = dims->inputSize,
          H = dims->hidden, D = dims->directions;
  for (auto [view, expected, what] :
       {std::make_tuple(&h0, std::vector<int64_t>{B, D, H},
                        "initial hidden state"),
        std::make_tuple(&c0, std::vector<int64_t>{B, D, H},
                        "initial cell state"),
        std::make_tuple(&w, std::vector<int64_t>{D, 4 * H, I}, "weights"),
        std::make_tuple(&r, std::vector<int64_t>{D, 4 * H, H},
                        "recurrence weights"),
        std::make_tuple(&b, std::vector<int64_t>{D, 4 * H}, "biases"),
        std::make_tuple(&y, std::vector<int64_t>{B, D, T, H}, "output"),
        std::make_tuple(&ho, std::vector<int64_t>{B, D, H},
                        "output hidden state"),
        std::make_tuple(&co, std::vector<int64_t>{B, D, H},
                        "output cell state")}) {
    if (llvm::Error error = checkDims(*view, expected, name, what)) {
      return error;
    }
  }
  std::vector<float> xs = loadTensor(x), hs0 = loadTensor(h0),
                     cs0 = loadTensor(c0), ws = loadTensor(w),
                     rs = loadTensor(r), bs = loadTensor(b);
  std::vector<float> ys(B * D * T * H), hos(B * D * H), cos(B * D * H);
  std::vector<float> gates(4 * H), h(H), c(H);
  for (int64_t d = 0; d < D; ++d) {
    const float *wd = ws.data() + d * 4 * H * I;
    const float *rd = rs.data() + d * 4 * H * H;
    const float *bd = bs.data() + d * 4 * H;
    for (int64_t n = 0; n < B; ++n) {
      std::copy_n(hs0.begin() + (n * D + d) * H, H, h.begin());
      std::copy_n(cs0.begin() + (n * D + d) * H, H, c.begin());
      for (int64_t s = 0; s < T; ++s) {
        int64_t t = isReverse(a.direction, d) ? T - 1 - s : s;
        accumulateGates(gates, 4 * H, xs.data() + (n * T + t) * I, wd, I,
                        h.data(), rd, H, bd);
        for (int64_t j = 0; j < H; ++j) {
          float f = activate(a.actF, gates[j], a.clip);
          float i = activate(a.actF, gates[H + j], a.clip);
          float candidate = activate(a.actG, gates[2 * H + j], a.clip);
          float o = activate(a.actF, gates[3 * H + j], a.clip);
          c[j] = f * c[j] + i * candidate;
          h[j] = o * activate(a.actH, c[j], a.clip);
        }
        std::copy(h.begin(), h.end(), ys.begin() + ((n * D + d) * T + t) * H);
      }
      std::copy(h.begin(), h.end(), hos.begin() + (n * D + d) * H);
      std::copy(c.begin(), c.end(), cos.begin() + (n * D + d) * H);
    }
  }
  storeTensor(y, ys.data());
  storeTensor(ho, hos.data());
  storeTensor(co, cos.data());
  return llvm::Error::success();
}

llvm::Error runGruSequence(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::GruSequenceKernel::Args>(args);
  const char *name = abi::GruSequenceKernel::name;
  TensorView x, h0, w, r, b, y, ho;
  if (llvm::Error error = viewOperands(
          context, name,
          {{a.input, false, "input", x},
           {a.initialHiddenState, false, "initial hidden state", h0},
           {a.weights, false, "weights", w},
           {a.recurrenceWeights, false, "recurrence weights", r},
           {a.biases, false, "biases", b},
           {a.output, true, "output", y},
           {a.outputHiddenState, true, "output hidden state", ho}})) {
    return error;
  }
  for (const TensorView *view : {&x, &h0, &w, &r, &b, &y, &ho}) {
    if (llvm::Error error = checkType(*view, kFloatTypes, name, "an operand")) {
      return error;
    }
  }
  if (llvm::Error error = checkScalars(name, a.hiddenSize, {a.actF, a.actG},
                                       a.clip, a.direction)) {
    return error;
  }
  if (a.linearBeforeReset != 0 && a.linearBeforeReset != 1) {
    return kernelError(name, "linearBeforeReset must be 0 or 1");
  }
  llvm::Expected<RnnDims> dims = getRnnDims(name, x, a.hiddenSize, a.direction);
  if (!dims) {
    return dims.takeError();
  }
  int64_t B = dims->batch, T = dims->steps, I = dims->inputSize,
          H = dims->hidden, D = dims->directions;
  bool linearBeforeReset = a.linearBeforeReset == 1;
  int64_t biasBlocks = linearBeforeReset ? 4 : 3;
  for (auto [view, expected, what] :
       {std::make_tuple(&h0, std::vector<int64_t>{B, D, H},
                        "initial hidden state"),
        std::make_tuple(&w, std::vector<int64_t>{D, 3 * H, I}, "weights"),
        std::make_tuple(&r, std::vector<int64_t>{D, 3 * H, H},
                        "recurrence weights"),
        std::make_tuple(&b, std::vector<int64_t>{D, biasBlocks * H}, "biases"),
        std::make_tuple(&y, std::vector<int64_t>{B, D, T, H}, "output"),
        std::make_tuple(&ho, std::vector<int64_t>{B, D, H},
                        "output hidden state")}) {
    if (llvm::Error error = checkDims(*view, expected, name, what)) {
      return error;
    }
  }
  std::vector<float> xs = loadTensor(x), hs0 = loadTensor(h0),
                     ws = loadTensor(w), rs = loadTensor(r), bs = loadTensor(b);
  std::vector<float> ys(B * D * T * H), hos(B * D * H);
  // zr: the z and r gates; xh: X W_h^T + Wb_h; rh: the recurrence of the
  // candidate.
  std::vector<float> zr(2 * H), xh(H), rh(H), h(H), gated(H);
  for (int64_t d = 0; d < D; ++d) {
    const float *wd = ws.data() + d * 3 * H * I;
    const float *rd = rs.data() + d * 3 * H * H;
    const float *bd = bs.data() + d * biasBlocks * H;
    for (int64_t n = 0; n < B; ++n) {
      std::copy_n(hs0.begin() + (n * D + d) * H, H, h.begin());
      for (int64_t s = 0; s < T; ++s) {
        int64_t t = isReverse(a.direction, d) ? T - 1 - s : s;
        const float *xt = xs.data() + (n * T + t) * I;
        accumulateGates(zr, 2 * H, xt, wd, I, h.data(), rd, H, bd);
        for (int64_t j = 0; j < 2 * H; ++j) {
          zr[j] = activate(a.actF, zr[j], a.clip);
        }
        accumulateGates(xh, H, xt, wd + 2 * H * I, I, nullptr, nullptr, H,
                        bd + 2 * H);
        if (linearBeforeReset) {
          // r * (H R_h^T + Rb_h)
          std::vector<float> zeros(1, 0.0f);
          accumulateGates(rh, H, zeros.data(), wd, 0, h.data(), rd + 2 * H * H,
                          H, bd + 3 * H);
          for (int64_t j = 0; j < H; ++j) {
            rh[j] *= zr[H + j];
          }
        } else {
          // (r * H) R_h^T
          for (int64_t j = 0; j < H; ++j) {
            gated[j] = zr[H + j] * h[j];
          }
          std::vector<float> zeros(1, 0.0f);
          accumulateGates(rh, H, zeros.data(), wd, 0, gated.data(),
                          rd + 2 * H * H, H, nullptr);
        }
        for (int64_t j = 0; j < H; ++j) {
          float candidate = activate(a.actG, xh[j] + rh[j], a.clip);
          h[j] = (1.0f - zr[j]) * candidate + zr[j] * h[j];
        }
        std::copy(h.begin(), h.end(), ys.begin() + ((n * D + d) * T + t) * H);
      }
      std::copy(h.begin(), h.end(), hos.begin() + (n * D + d) * H);
    }
  }
  storeTensor(y, ys.data());
  storeTensor(ho, hos.data());
  return llvm::Error::success();
}

/// Work: the multiply-adds of every step, `gates` blocks of H rows of I + H.
template <typename Args, int64_t gates>
int64_t getRnnWork(const uint8_t *args, llvm::ArrayRef<TensorView> views) {
  auto a = readArgs<Args>(args);
  if (views.empty() || views[0].getRank() != 3) {
    return 0;
  }
  std::vector<int64_t> dims = getDims(views[0]);
  int64_t directions =
      a.direction == static_cast<int32_t>(abi::RnnDirection::Bidirectional) ? 2
                                                                            : 1;
  int64_t hidden = std::clamp<int64_t>(a.hiddenSize, 1, int64_t{1} << 20);
  return dims[0] * dims[1] * directions * gates * hidden * (dims[2] + hidden);
}

} // namespace

VPUC_EMU_KERNEL(lstm_sequence) {
  registry.add(makeKernelInfo<abi::LstmSequenceKernel>(
      runLstmSequence, getRnnWork<abi::LstmSequenceKernel::Args, 4>));
}

VPUC_EMU_KERNEL(gru_sequence) {
  registry.add(makeKernelInfo<abi::GruSequenceKernel>(
      runGruSequence, getRnnWork<abi::GruSequenceKernel::Args, 3>));
}

} // namespace mlir::vpuc::emu
