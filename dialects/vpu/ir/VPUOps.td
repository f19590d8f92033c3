//===- VPUOps.td - Ops of the VPU dialect ------------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The ops of the VPU dialect: the base class of ops that mirror an IE layer
// (VPU_IEMirrorOp), the software-kernel layers `VPU.SW.*` and the view ops
// (VPU.Reshape, VPU.AffineReshape, VPU.Concat, VPU.Slice). The IE op records
// are included for their definitions only: the BUILD generates the op classes
// of the VPU dialect alone (`-op-include-regex`).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUOPS
#define VPUC_DIALECTS_VPU_IR_VPUOPS

include "dialects/ie/ir/IEOps.td"
include "dialects/vpu/ir/VPUBase.td"
include "dialects/vpu/ir/VPUInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Mirrors of IE layers
//===----------------------------------------------------------------------===//

/// Verifies an op that mirrors an IE layer (VPU rules, then the IE op's verifier) before
/// the result types are checked (see IEMirror.h).
def VPU_MirrorsIELayer : NativeOpTrait<"MirrorsIELayer"> {
  let cppNamespace = "::mlir::vpuc::VPU";
}

/// An op with the operands, attributes, results and assembly format of the IE op `ieOp`,
/// whose verifier, result type inference, host inference, cost and layouts are those of
/// `ieOp` applied through IEMirror.h (see the dialect description).
class VPU_IEMirrorOp<string mnemonic, Op ieOp, list<Trait> traits = []> :
    VPU_Op<mnemonic, !listconcat([
        Pure,
        VPU_MirrorsIELayer,
        DeclareOpInterfaceMethods<InferTypeOpInterface>,
        IE_LayerOpInterface,
        IE_LayoutInfoOpInterface,
        DeclareOpInterfaceMethods<IE_InferenceOpInterface>,
        DeclareOpInterfaceMethods<IE_CostOpInterface>,
      ],
      // The traits that select IE's layout rules, and those the operands rely on.
      !filter(t, ieOp.traits, !or(!eq(t, IE_AnyLayout), !eq(t, IE_SpatialLayout),
                                  !eq(t, Commutative), !eq(t, AttrSizedOperandSegments))),
      traits)> {
  /// The full name of the mirrored IE op.
  string ieOperationName = ieOp.opDialect.name # "." # ieOp.opName;
  let summary = ieOp.summary;
  let arguments = ieOp.arguments;
  let results = ieOp.results;
  let assemblyFormat = ieOp.assemblyFormat;
  /// The IE op's description, with its examples spelt with this op.
  string mirroredDescription = !subst(ieOperationName # "(", "VPU." # mnemonic # "(",
                                      !subst(ieOperationName # " ", "VPU." # mnemonic # " ",
                                             ieOp.description));
  let extraClassDeclaration = [{
    /// The IE op this op mirrors.
    static constexpr ::llvm::StringLiteral getIEOperationName() {
      return "}] # ieOperationName # [{";
    }
    /// The inferred types and the actual ones agree up to the parameters of quantized
    /// element types: the result of a layer on quantized types has its own (as in IE).
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual) {
      return ::mlir::vpuc::IE::detail::areCompatibleUpToQuantization(inferred, actual);
    }
  }];
  code mirrorDefinition = [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *context,
        ::std::optional<::mlir::Location> location, ::mlir::ValueRange operands,
        ::mlir::DictionaryAttr attributes, ::mlir::OpaqueProperties properties,
        ::mlir::RegionRange regions, ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
      return ::mlir::vpuc::VPU::detail::inferMirroredReturnTypes(getIEOperationName(), context,
          location, operands,
          ::mlir::vpuc::VPU::detail::getInherentAttrs<$cppClass>(context, attributes, properties),
          inferredReturnTypes);
    }
    ::llvm::LogicalResult $cppClass::inferOnCPU(
        ::llvm::ArrayRef<::mlir::vpuc::IE::HostTensor> inputs,
        ::llvm::SmallVectorImpl<::mlir::vpuc::IE::HostTensor> &outputs) {
      return ::mlir::vpuc::VPU::detail::inferMirroredOnCPU(getOperation(), getIEOperationName(),
                                                          inputs, outputs);
    }
    std::optional<int64_t> $cppClass::getNumMACs() {
      return ::mlir::vpuc::VPU::detail::getMirroredCost(getOperation(), getIEOperationName(),
                                                       /*macs=*/true);
    }
    std::optional<int64_t> $cppClass::getNumFLOPs() {
      return ::mlir::vpuc::VPU::detail::getMirroredCost(getOperation(), getIEOperationName(),
                                                       /*macs=*/false);
    }
  }];
  let extraClassDefinition = mirrorDefinition;
}

//===----------------------------------------------------------------------===//
// Software layers
//===----------------------------------------------------------------------===//

/// `VPU.SW.<name>`: the IE op `ieOp` run as the software kernel `kernel`. `kernelName` is the
/// body of getKernelName (ops with optional operands choose a name per combination),
/// `kernelParams` the body of getKernelParams (`params` is the SWKernelParams to fill) and
/// `kernelParamsDoc` describes the parameters for the reference.
class VPU_SWOp<string name, Op ieOp, string kernel, list<Trait> traits = []> :
    VPU_IEMirrorOp<"SW." # name, ieOp,
                   !listconcat([DeclareOpInterfaceMethods<VPU_SWKernelOpInterface>], traits)> {
  code kernelName = "return \"" # kernel # "\";";
  code kernelParams = "";
  string kernelDoc = "Kernel `" # kernel # "`, no scalar parameters.";
  // Indented as the IE descriptions are, so that the documentation strips one indentation.
  let description = "\n    Runs `" # ieOperationName # "` as a SHAVE software kernel. "
      # "Operands, attributes, results, verification, result types and host inference are "
      # "those of `" # ieOperationName # "` (below), on VPU tensors: every tensor of the op "
      # "is in one memory, which the result takes.\n\n    " # kernelDoc # "\n"
      # mirroredDescription;
  let extraClassDefinition = mirrorDefinition # [{
    ::llvm::StringRef $cppClass::getKernelName() {
      }] # kernelName # [{
    }
    void $cppClass::getKernelParams(::mlir::vpuc::VPU::SWKernelParams &params) {
      }] # kernelParams # [{
    }
  }];
}

/// A software layer whose kernel takes no scalar parameters.
class VPU_SWSimpleOp<string name, Op ieOp, string kernel> : VPU_SWOp<name, ieOp, kernel>;

/// A software layer with one `axis` parameter (normalised) from the `input` operand's rank.
class VPU_SWAxisOp<string name, Op ieOp, string kernel> : VPU_SWOp<name, ieOp, kernel> {
  let kernelParams = [{
    params.addAxis("axis", static_cast<int64_t>(getAxis()), ::mlir::vpuc::VPU::getRank(getInput()));
  }];
  let kernelDoc = "Kernel `" # kernel # "`; parameters: `axis` (i64, in [0, rank)).";
}

include "dialects/vpu/ir/VPUOpsSW.td"

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// An op that moves no data: bufferisation makes it a view of its input (or, for
/// VPU.Concat, makes its inputs write into parts of its output buffer).
class VPU_ViewOp<string name, Op ieOp, string what> : VPU_IEMirrorOp<name, ieOp> {
  let description = "\n    A view: " # what # " Operands, attributes, results, "
      # "verification, result types and host inference are those of `" # ieOperationName
      # "` (below), on VPU tensors: every tensor of the op is in one memory, which the "
      # "result takes. No kernel runs it.\n" # mirroredDescription;
}

def VPU_ReshapeOp : VPU_ViewOp<"Reshape", IE_ReshapeOp,
    "the row-major elements of a tensor in the default order with a new static shape "
    # "(`IE.Reshape`, `IE.Squeeze`, `IE.Unsqueeze` and `IE.Flatten` become it). The input "
    # "must have the default order, so that the result (default order too) is the same "
    # "bytes."> {
  let hasVerifier = 1;
}

def VPU_AffineReshapeOp : VPU_ViewOp<"AffineReshape", IE_AffineReshapeOp,
    "splits and merges neighbouring dims, keeping the layout, so the bytes stay as they are.">;

def VPU_ConcatOp : VPU_ViewOp<"Concat", IE_ConcatOp,
    "joins tensors along an axis; bufferisation lets each input write into its part of the "
    # "output buffer.">;

def VPU_SliceOp : VPU_Op<"Slice", [
    Pure,
    IE_AnyLayout,
    IE_VerifiedBeforeInference,
    InferTypeOpAdaptor,
    IE_LayerOpInterface,
    IE_LayoutInfoOpInterface,
    DeclareOpInterfaceMethods<IE_InferenceOpInterface>,
    DeclareOpInterfaceMethods<IE_CostOpInterface>,
  ]> {
  let summary = "A static box of a tensor (a view)";
  let description = [{
    The part of `input` that starts at `static_offsets` and has the shape `static_sizes`
    (one entry per dim; offsets >= 0, sizes >= 1, `offset + size` at most the dim). The
    result keeps the input's order and memory: bufferisation makes it a (strided) view of
    the input's buffer. Unit-step `IE.Slice`, `IE.StridedSlice` and every part of an
    `IE.Split` become it.

    ```mlir
    %0 = VPU.Slice %x [0, 8, 0, 0] [1, 8, 16, 16] : tensor<1x16x16x16xf16> -> tensor<1x8x16x16xf16>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$input, DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes);
  let results = (outs AnyRankedTensor:$output);
  let assemblyFormat = [{
    $input $static_offsets $static_sizes attr-dict `:` type($input) `->` type($output)
  }];
}

//===----------------------------------------------------------------------===//
// NCE ops
//===----------------------------------------------------------------------===//

include "dialects/vpu/ir/VPUOpsNCE.td"

#endif // VPUC_DIALECTS_VPU_IR_VPUOPS
