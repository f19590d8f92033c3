//===- TaskCost.h - Estimated cycles of a VPUIP task ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The cost of a task for the level-2 scheduling passes (the feasible memory
// scheduler and the list scheduling): the cycles the one cost model
// (core/cost/CostModel.h, which the emulator's timing also uses) gives
// the task alone, read off its VPUIP form.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_
#define VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_

#include <cstdint>
#include <string>

#include "mlir/IR/Types.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::cost {
class CostModel;
} // namespace mlir::vpuc::cost

namespace mlir::vpuc::VPUIP {

class ResourcesAttr;
class TaskOpInterface;

/// The cost model of the module's target: its description file (`arch_file`
/// of `resources`) when set, else the built-in target named `arch`. An
/// error names the target when it cannot be loaded.
llvm::Expected<cost::CostModel> loadCostModel(ResourcesAttr resources);

/// The name of the MAC rate (nce.mac_rates) of an NCE input of element type
/// `elementType`: "u8" / "i8" for a quantized type's storage or an integer
/// type, else the type's name ("f16", "bf16").
std::string getMacRateName(Type elementType);

/// The estimated cycles of `task` alone under `model`, at least 1:
/// - `VPUIP.NNDMA`: CostModel::getDmaCycles of its bytes, their DDR and CMX
///   ends from its buffers' memories;
/// - `VPUIP.NCEClusterTask`: the NCE overhead + the busiest DPU of its
///   `VPUIP.DPUTask` variants, each in its MPE mode (the output split over the
///   target's DPUs when it has none yet), or the CMX bytes of its buffers at
///   the CMX bandwidth if longer;
/// - SHAVE tasks: CostModel::getShaveCycles of the kernel's work at its
///   cycles per vector (`work` and `cyclesPerVector` of the kernel library,
///   kernels/abi/SwKernels.td, as the emulator prices it: the first input's
///   elements for `inputs`, else the output elements; one cycle per vector
///   of output elements for a kernel the library does not have), on every
///   SHAVE of the target for a UPA task, with the bytes of its buffers in
///   DDR and CMX;
/// - anything else: 1.
uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources,
                          const cost::CostModel &model);

/// The cycles `task`'s DDR bytes take at the DDR bandwidth of `model`
/// (cost::CostModel::getDdrBytesPerCycle), which every DMA port and SHAVE
/// shares; 0 for a task that moves nothing through DDR (NCE tasks).
uint64_t estimateDdrCycles(TaskOpInterface task, const cost::CostModel &model);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_TASKCOST_H_
