//===- PostOp.h - The post-op attribute of IE layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The activation an IE layer applies to its output on the fly (what the NCE's
// PPE does), stored as the attribute `post_op` of the layer:
//
//   post_op = {name = "IE.ReLU"}
//   post_op = {attrs = {max = 6.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}
//   post_op = {attrs = {negative_slope = 0.1 : f64}, name = "IE.LeakyRelu"}
//
// `name` is the activation op and `attrs` its attributes: the layer computes
// `activation(layer(x))` exactly as the two ops would, the activation reading
// the layer's output rounded to the result type. Layers that take a post-op:
// IE.Convolution, IE.GroupConvolution, IE.Add, IE.Subtract, IE.Multiply,
// IE.FullyConnected (IE_LayerWithPostOpInterface) and IE.MaxPool, IE.AvgPool.
// Their verifiers check the attribute and their host inference applies it;
// the Add / Subtract / Multiply folders leave a layer with a post-op alone.
//
// The attribute is not declared in the ops' tablegen arguments (it is a
// discardable attribute checked by the verifier every IE op runs,
// ValidLayoutEncoding), so that the generated builders and the dialect's
// headers stay as they are; a pass that rebuilds one of these ops must copy
// it (copyPostOp). The lowering to VPU reads `name` and `attrs` (the PPE mode
// and its parameters).
//
// The functions are defined in dialects/ie/ir (PostOp.cpp) and exported by
// the header-only target //dialects/ie/ir:post_op, so that the headers of
// //dialects/ie/ir, which the whole tree compiles against, stay as they are;
// within :ir the header is private (a source of the library).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_POSTOP_H_
#define VPUC_DIALECTS_IE_IR_POSTOP_H_

#include <optional>

#include "dialects/ie/utils/HostTensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::IE {

/// The name of the post-op attribute of a layer.
inline constexpr llvm::StringLiteral kPostOpAttrName = "post_op";

/// The activations a post-op can be.
enum class PostOpKind { ReLU, Clamp, LeakyRelu };

/// A decoded post-op: its kind and parameters (`min` / `max` for Clamp,
/// `slope` for LeakyRelu).
struct PostOp {
  PostOpKind kind = PostOpKind::ReLU;
  double min = 0.0;
  double max = 0.0;
  double slope = 0.0;

  /// The activation applied to `value`, computed in float as the IE ops do.
  float apply(float value) const;
};

/// The decoded post-op of `layer`, or nothing (none, or malformed).
std::optional<PostOp> getPostOp(Operation *layer);

/// True if `op` is an activation a post-op can describe (IE.ReLU, IE.Clamp,
/// IE.LeakyRelu).
bool isPostOpActivation(Operation *op);

/// True if `layer` is an op that can carry a post-op (see the file comment).
bool canHavePostOp(Operation *layer);

/// The `post_op` attribute describing the activation `activation`, or null if
/// it is not a post-op activation.
DictionaryAttr buildPostOpAttr(Operation *activation);

/// The `post_op` attribute describing `postOp`.
DictionaryAttr buildPostOpAttr(MLIRContext *context, const PostOp &postOp);

/// The `post_op` attribute of `layer`, or null.
DictionaryAttr getPostOpAttr(Operation *layer);

/// True if `layer` has a post-op.
bool hasPostOp(Operation *layer);

/// Copies the post-op of `from` (if any) to `to`.
void copyPostOp(Operation *from, Operation *to);

/// Verifies the `post_op` attribute of `layer` (if present): a layer that can
/// carry one, a float result, a known activation with exactly its attributes.
LogicalResult verifyPostOp(Operation *layer);

namespace detail {
/// Applies the post-op of `layer` (if any) to its host output `output` (the
/// layer's result values, rounded to the result type) and rounds again.
void applyPostOp(Operation *layer, HostTensor &output);
} // namespace detail

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_POSTOP_H_
