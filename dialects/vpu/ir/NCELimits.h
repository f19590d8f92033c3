//===- NCELimits.h - HW limits of the NCE ops -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The hardware limits of the NCE (DPU) operations, in one place: the verifiers
// of the VPU.NCE.* ops and their static `isSupported(LayerDesc, log)` queries
// call these checks, so passes ask rather than restate a limit. Each check logs
// every violation it finds (naming the limit and the value) through a
// LogCallback and returns whether there was none. LayerDesc is what the
// queries read of a layer: types and attributes, no IR (see
// NCELegalityOpInterface and NCELegality.h).
//
// The values are those of the modelled DPUs of both targets (arch/*.textproto,
// `nce.limits`; a test checks that the built-in targets agree).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_NCELIMITS_H_
#define VPUC_DIALECTS_VPU_IR_NCELIMITS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::vpuc::VPU {

/// Receives one reason why an op does not meet a limit.
using LogCallback = llvm::function_ref<void(const llvm::Twine &reason)>;

namespace NCE {

/// Kernel sizes (KY and KX) are at least this (the upper bound is the
/// target's, Limits::maxKernelSize).
inline constexpr int64_t kMinKernelSize = 1;
/// The NCE processes one image: the batch is 1.
inline constexpr int64_t kBatch = 1;
/// An element-wise layer is offered to the NCE only when aligning its channels
/// to the channel alignment at most doubles them (e.g. 8 -> 16, not 4 -> 16):
/// the NCE reads and writes the padded channels, copies pad and slice them,
/// where a SHAVE kernel works on the channels the tensor has.
inline constexpr int64_t kMaxEltwisePadding = 2;
/// Bytes of the weights table per output channel (4 x i32, see
/// VPUIP.NCEClusterTask).
inline constexpr int64_t kWeightsTableBytesPerChannel = 16;

/// The window and channel limits of the target's DPUs (arch file
/// `nce.limits`), which vpuc-init-compiler records on the module as
/// `VPU.nce_limits` (getTargetLimits). The defaults are those of the built-in
/// targets (a test checks that they agree), for IR compiled without a target.
struct Limits {
  /// Kernel sizes (KY and KX) are in [kMinKernelSize, maxKernelSize].
  int64_t maxKernelSize = 11;
  /// Strides (SY and SX) are in [1, maxStride].
  int64_t maxStride = 8;
  /// Each pad is at most maxPad and smaller than the kernel along its axis.
  int64_t maxPad = 5;
  /// Activation channels (input and output) are multiples of this.
  int64_t channelAlignment = 16;
  /// A dense convolution may also read an input of exactly this many channels
  /// (the compressed-input mode); 0: the target has none.
  int64_t compressedInputChannels = 0;
};

/// The limits the module enclosing `op` records
/// (VPUDialect::kNCELimitsAttrName), or the defaults when it records none.
Limits getTargetLimits(Operation *op);

/// What the `isSupported` queries check besides the limits that no pass can
/// change.
struct SupportOptions {
  /// Check the layouts (NHWC activations, OYXI filter); off for the layout
  /// assignment, which asks before it chooses them.
  bool checkLayouts = true;
  /// Check the channel alignment; off for the channel expansion, which asks
  /// before it pads the channels.
  bool checkChannelAlignment = true;
  /// The element types the target's NCE runs (the module's
  /// VPU.nce_element_types, see getTargetElementTypes); null: every element
  /// type the compiler lowers to the NCE.
  ArrayAttr targetElementTypes;
  /// The target's window and channel limits; unset: the limits of the module
  /// of the op asked about (getTargetLimits), or the defaults when the query
  /// has no op.
  std::optional<Limits> limits;

  /// `limits`, or the defaults.
  Limits getLimits() const { return limits.value_or(Limits()); }
};

/// The IE-stage options: the NCE checks that apply to IE ops before the HW
/// layout assignment and the channel expansion (layouts and channel alignment
/// left out), as the IE passes of the HW modes ask.
inline SupportOptions getIEStageOptions() {
  SupportOptions options;
  options.checkLayouts = false;
  options.checkChannelAlignment = false;
  return options;
}

/// A layer as the NCE legality queries read it: the types of its tensors and
/// its attributes, no IR, so that a pass can ask about a rewrite before it
/// builds it. The fields a kind of layer does not have stay empty.
struct LayerDesc {
  /// The activation inputs (one; two for an eltwise op).
  llvm::SmallVector<Type, 2> inputs;
  /// The output.
  Type output;
  /// The filter of a (group) convolution ([OC, IC / groups, KY, KX]; its
  /// kernel is the window's) and whether it is a constant.
  Type filter;
  bool constantFilter = false;
  /// The optional bias of a (group) convolution and whether it is a constant.
  Type bias;
  bool constantBias = false;
  /// The kernel (KY, KX) of a pool.
  llvm::SmallVector<int64_t, 2> kernel;
  /// The window: strides (SY, SX), pads_begin (top, left), pads_end (bottom,
  /// right); empty for an eltwise op.
  llvm::SmallVector<int64_t, 2> strides;
  llvm::SmallVector<int64_t, 2> padsBegin;
  llvm::SmallVector<int64_t, 2> padsEnd;
  /// The dilations of a (group) convolution.
  llvm::SmallVector<int64_t, 2> dilations;
  /// The groups of a group convolution.
  int64_t groups = 1;
  /// A pool's rounding_type is ceil (the NCE rounds down).
  bool ceilRounding = false;
  /// An average pool's exclude_pad.
  bool excludePad = false;
};

/// True if `type` is a float element type of NCE activations and weights:
/// f16. (Convolutions also run on quantized types: checkConvElementTypes.)
bool isSupportedElementType(Type type);

/// The element types the target's NCE runs, as the module enclosing `op`
/// records them (VPUDialect::kNCEElementTypesAttrName), or null when it does
/// not.
ArrayAttr getTargetElementTypes(Operation *op);

/// getIEStageOptions() with the element types and limits of the target the
/// module enclosing `op` is compiled for, for queries about a layer that
/// does not exist yet (a rewrite of `op`).
inline SupportOptions getIEStageOptions(Operation *op) {
  SupportOptions options = getIEStageOptions();
  options.targetElementTypes = getTargetElementTypes(op);
  options.limits = getTargetLimits(op);
  return options;
}

/// The name of an NCE element type as arch files spell it: `f16`, `bf16`, or
/// for a quantized type its 8-bit storage, `u8` or `i8`; empty for another
/// type.
std::string getArchElementTypeName(Type type);

/// Checks that the target's NCE (`targetTypes`, see SupportOptions) runs the
/// element type `elementType` of `what`.
bool checkTargetElementType(Type elementType, ArrayAttr targetTypes,
                            llvm::StringRef what, LogCallback log);

/// Checks the element types of a (depthwise) convolution on the NCE, with
/// tensor types `input`, `filter`, `bias` (null if absent) and `output`:
/// either f16 activations and filter with an f16 or f32 bias, or the
/// quantized form of IE's quantized layers (IE::detail::checkConvElementTypes:
/// 8-bit per-tensor input and output, an 8-bit filter per tensor or per output
/// channel, an i32 bias scaled by input x filter) whose filter has one zero
/// point (the NCE subtracts a single weights zero point); and the target runs
/// each of them.
bool checkConvElementTypes(Type input, Type filter, Type bias, Type output,
                           ArrayAttr targetTypes, LogCallback log);

/// Checks the element types of an eltwise op on the NCE, with tensor types
/// `input1`, `input2` and `output`: one float NCE type for all three, or the
/// quantized form of IE's quantized eltwise layers
/// (IE::detail::checkEltwiseElementTypes: 8-bit per-tensor operands and
/// result, each with its own scale and zero point); and the target runs each
/// of them.
bool checkEltwiseElementTypes(Type input1, Type input2, Type output,
                              ArrayAttr targetTypes, LogCallback log);

/// True if `type` is an element type of an NCE bias: f16 or f32.
bool isSupportedBiasElementType(Type type);

/// Checks that `kernel`, `strides`, `padsBegin` and `padsEnd` (two values each:
/// y, x) are within the NCE `limits`.
bool checkWindow(llvm::ArrayRef<int64_t> kernel,
                 llvm::ArrayRef<int64_t> strides,
                 llvm::ArrayRef<int64_t> padsBegin,
                 llvm::ArrayRef<int64_t> padsEnd, const Limits &limits,
                 LogCallback log);

/// Checks the element type of a pool's `what` (its input and output have one
/// type): a float NCE type, or an 8-bit type quantized per tensor (a max pool
/// compares the stored values, whose order is the real values'; an average
/// pool sums them less the zero point and requantises the mean); one the
/// target runs.
bool checkPoolElementType(Type elementType, llvm::StringRef what,
                          LogCallback log, ArrayAttr targetTypes = {});

/// Checks that `channels` of `what` ("input channels") are a multiple of the
/// target's channel alignment.
bool checkChannels(int64_t channels, llvm::StringRef what, const Limits &limits,
                   LogCallback log);

/// Checks the input channels of a dense convolution: a multiple of the
/// channel alignment, or the target's compressed-input channel count.
bool checkConvolutionInputChannels(int64_t channels, const Limits &limits,
                                   LogCallback log);

/// Checks the batch (dim 0) of an activation shape.
bool checkBatch(llvm::ArrayRef<int64_t> shape, llvm::StringRef what,
                LogCallback log);

/// Checks the element type of `what`: a float NCE type (isSupportedElementType)
/// the target runs.
bool checkElementType(Type elementType, llvm::StringRef what, LogCallback log,
                      ArrayAttr targetTypes = {});

/// Checks that the tensor type `type` of `what` is an NHWC activation.
bool checkActivationLayout(Type type, llvm::StringRef what, LogCallback log);

/// Checks that the tensor type `type` of a filter has the OYXI order.
bool checkFilterLayout(Type type, LogCallback log);

} // namespace NCE
} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_NCELIMITS_H_
