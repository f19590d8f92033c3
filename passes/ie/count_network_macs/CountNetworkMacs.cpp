//===- CountNetworkMacs.cpp - vpuc-ie-count-network-macs --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements CountNetworkMacsPass: the sum of the layers' MACs per element
// type and the bytes of the constants, stored on the module as
// VPUIP.network_macs and VPUIP.network_weight_bytes.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/count_network_macs/CountNetworkMacs.h"

#include <map>
#include <string>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "passes/vpuip/utils/TaskCost.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_COUNTNETWORKMACSPASS
#include "passes/ie/count_network_macs/Passes.h.inc" // IWYU pragma: keep

namespace {

struct CountNetworkMacsPass
    : impl::CountNetworkMacsPassBase<CountNetworkMacsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::map<std::string, int64_t> macs;
    WalkResult result = module.walk([&](CostOpInterface layer) {
      std::optional<int64_t> count = layer.getNumMACs();
      if (!count) {
        layer->emitOpError()
            << "has MACs that depend on a dynamic shape; "
               "vpuc-ie-count-network-macs needs static shapes";
        return WalkResult::interrupt();
      }
      if (*count > 0) {
        macs[VPUIP::getMacRateName(
            getElementTypeOrSelf(layer->getOperand(0).getType()))] += *count;
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted()) {
      return signalPassFailure();
    }
    // A constant's content is a static-shaped attribute; a quantized
    // element counts its storage.
    int64_t weightBytes = 0;
    module.walk([&](Const::DeclareOp constant) {
      auto type = llvm::cast<ShapedType>(constant.getType());
      weightBytes += type.getNumElements() *
                     static_cast<int64_t>(Const::Content::getElementByteSize(
                         type.getElementType()));
    });
    Builder builder(&getContext());
    SmallVector<NamedAttribute> counts;
    for (const auto &[type, count] : macs) {
      counts.push_back(
          builder.getNamedAttr(type, builder.getI64IntegerAttr(count)));
    }
    module->setAttr(VPUIP::VPUIPDialect::kNetworkMacsAttrName,
                    builder.getDictionaryAttr(counts));
    module->setAttr(VPUIP::VPUIPDialect::kNetworkWeightBytesAttrName,
                    builder.getI64IntegerAttr(weightBytes));
  }
};

} // namespace

} // namespace mlir::vpuc::IE
