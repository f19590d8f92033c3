//===- NceExecution.h - The arithmetic of NCE cluster tasks -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What a DPU computes for one variant of an NCE cluster task (blob.fbs,
// NceInvariant), on tensors in memory, exactly. FP16 mode (F16 input):
//
//  - the products of FP16 inputs and weights (exact in FP32) are accumulated
//    in FP32 in the order ky, kx, ic (positions in the padding add nothing;
//    MAXPOOL skips them and keeps the FP32 maximum);
//  - then, in FP32: CONV / DWCONV `acc * scale + bias` (the channel's weights
//    table words 2 and 3 as FP32 bit patterns), AVEPOOL `acc / (KY * KX)`,
//    eltwise `a + b`, `a - b`, `a * b`;
//  - then the PPE (RELU, RELUX clamp, LRELU) in FP32;
//  - then one rounding to FP16, to nearest even.
//
// INT8 mode (U8 / I8 input), in integers:
//
//  - acc = the sum (CONV, DWCONV: of (x - input zero point) * (w - weights
//    zero point); AVEPOOL: of x - input zero point) or the maximum (MAXPOOL:
//    of x - input zero point) over the window, in 32 bits, summed in the
//    order ky, kx, ic: a partial sum outside int32 stops the variant and is
//    returned as an NceOverflow; eltwise (U8 / I8 input2, each input with
//    its zero point): ELTWISE_ADD input mult * (a - zp) + input2 mult *
//    (b - zp2), ELTWISE_SUB the same with the second product subtracted,
//    ELTWISE_MUL (a - zp) * (b - zp2);
//  - an integer output: v = acc + bias (CONV / DWCONV; 0 for pools and
//    eltwise), r = v * mult rounded by `shift` bits (requantizeNce), the PPE
//    on r in integers (applyIntegerPpe), + the output zero point, clamped to
//    the output type;
//  - an F16 output (CONV / DWCONV): f32(acc) * scale + bias, the PPE in FP32,
//    one rounding to FP16.
//
// The FP16 mode runs blocked kernels vectorised across the output channels
// (NceF16.cpp), with AVX2 + FMA + F16C where the CPU has them: every output
// element still gets exactly the operations above, in their order (a product
// of two FP16 values is exact in FP32, so a fused multiply-add rounds as the
// separate multiply and add do).
// The INT8 mode runs vectorised kernels too (NceInt8.cpp) when no partial
// sum of the box can leave int32, so that the order of the integer sums
// cannot matter; otherwise the scalar code that stops at the first overflow.
//
// The emulator resolves the tensors and the weights table (executeNce in
// Execution.cpp); this file holds only the arithmetic and the geometry, so
// that both can be tested on plain arrays.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_NCEEXECUTION_H_
#define VPUC_EMULATOR_NCEEXECUTION_H_

#include <cstdint>
#include <optional>

#include "backend/blob/Blob.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir::vpuc::threading {
class ThreadPool;
} // namespace mlir::vpuc::threading

namespace mlir::vpuc::numeric {
struct F16Underflow;
} // namespace mlir::vpuc::numeric

namespace mlir::vpuc::emu {

namespace schema = ::vpuc::schema;

/// A 1 x C x H x W activation in memory: element (c, y, x) is the element
/// (2 bytes for F16, 1 for U8 / I8) at `data + c * strideC + y * strideH + x
/// * strideW`.
struct NceActivation {
  uint8_t *data = nullptr;
  /// F16, U8 or I8.
  schema::DType dtype = schema::DType::F16;
  int64_t channels = 0, height = 0, width = 0;
  /// Strides in bytes.
  int64_t strideC = 0, strideH = 0, strideW = 0;
};

/// The invariant of a task, as the arithmetic needs it.
struct NceInvariantDesc {
  schema::NceTaskType type = schema::NceTaskType::CONV;
  int64_t kernelH = 1, kernelW = 1, strideH = 1, strideW = 1;
  int64_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
  schema::PpeMode ppe = schema::PpeMode::NONE;
  float clampLow = 0, clampHigh = 0, alpha = 0;
  /// INT8 mode: the weights' element type (U8 or I8) and the zero points.
  schema::DType weightsType = schema::DType::F16;
  int32_t inputZeroPoint = 0, weightsZeroPoint = 0, outZeroPoint = 0;
  /// INT8 eltwise tasks: input2's zero point and the multipliers of the
  /// inputs (ELTWISE_ADD / ELTWISE_SUB), in [0, blob::kMaxEltwiseMult].
  int32_t input2ZeroPoint = 0, inputMult = 0, input2Mult = 0;
  /// INT8 pools and eltwise tasks with an integer output: the PPE's
  /// multiplier and shift.
  uint32_t ppeMult = 1, ppeShift = 0;
};

/// The invariant of a blob task.
NceInvariantDesc getNceInvariantDesc(const schema::NceClusterTask &task);

/// What a weights table row gives one output channel: its weights (the
/// block of KY * KX * IC, resp. KY * KX, values in (ky, kx, ic) order, of the
/// weights' element type), and either the FP32 scale and bias (F16 outputs)
/// or the multiplier, shift and integer bias (integer outputs).
struct NceChannelWeights {
  const uint8_t *weights = nullptr;
  float scale = 1, bias = 0;
  uint32_t mult = 1, shift = 0;
  int32_t intBias = 0;
};

/// A sum of an INT8 task that left the 32-bit accumulator: the output
/// element and the sum.
struct NceOverflow {
  int64_t channel = 0, y = 0, x = 0;
  int64_t sum = 0;
};

/// An inclusive box of an output (x = W, y = H, z = C).
struct NceBox {
  int64_t x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0;

  int64_t getNumElements() const {
    return (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
  }
};

/// True for the element-wise task types.
bool isNceEltwise(schema::NceTaskType type);
/// True for the task types with weights and a weights table.
bool isNceWeighted(schema::NceTaskType type);

/// The part of the input the variant computing `box` reads, clamped to the
/// input (its halo included): rows and columns of the windows, and the
/// input channels (all of them for CONV, the box's channels otherwise).
NceBox getNceInputBox(const NceInvariantDesc &desc, const NceBox &box,
                      const NceActivation &input);

/// MACs per output element: KY * KX * IC for CONV, KY * KX for DWCONV and
/// pools, 1 for eltwise.
int64_t getNceMacsPerOutput(const NceInvariantDesc &desc, int64_t inChannels);

/// Computes the output box `box` (see the file comment). `weights` has one
/// entry per output channel for CONV and DWCONV and is empty otherwise;
/// `input2` is set for eltwise tasks. Returns the first accumulator
/// overflow of an INT8 task, which stops the computation (elements already
/// computed stay written). With `pool`, a box is split by output rows over
/// its threads (the same bytes as on one thread), except an INT8 box whose
/// sums could leave int32, which runs on the calling thread in the order
/// above (NceInt8.h). With `underflow`, the FP32 results of an F16 task and
/// their FP16 roundings are added to it (numeric::countF16Underflow; the
/// numerics check).
std::optional<NceOverflow>
computeNceBox(const NceInvariantDesc &desc, const NceActivation &input,
              const NceActivation *input2,
              llvm::ArrayRef<NceChannelWeights> weights,
              const NceActivation &output, const NceBox &box,
              threading::ThreadPool *pool = nullptr,
              numeric::F16Underflow *underflow = nullptr);

/// The code the NCE arithmetic runs: portable C++ loops, AVX2 + FMA + F16C,
/// or (Avx512) those AVX2 kernels with AVX-512 for the FP16 CONV tile, INT8
/// CONV and the requantisation (VNNI's 8-bit dot products, 64-bit lanes). All
/// give the same bits.
enum class NceKernelIsa { Portable, Avx2, Avx512 };

/// The ISA in use: the best the CPU has, unless setNceKernelIsa changed it.
NceKernelIsa getNceKernelIsa();

/// Selects the ISA for every later computeNceBox (process-wide; for tests
/// and measurements). Returns false, changing nothing, when the CPU lacks
/// it.
bool setNceKernelIsa(NceKernelIsa isa);

/// The requantisation of INT8 mode in 64-bit integers: `value * mult`, then,
/// for shift > 0, + 2^(shift - 1) and an arithmetic (flooring) shift right by
/// `shift` (halves round toward +infinity). |value| <= 2^32 (an int32
/// accumulator plus an int32 bias), mult < 2^24, shift < 64: the product fits
/// 57 bits.
int64_t requantizeNce(int64_t value, uint32_t mult, uint32_t shift);

/// The PPE of an integer output on a requantised value (blob.fbs, PpeTask).
int64_t applyIntegerPpe(const NceInvariantDesc &desc, int64_t value);

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_NCEEXECUTION_H_
