//===- Registration.cpp - The IE-level pipeline specs ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The `pipelines_ie_pipelines` registry component: the specs of pipelines/ that
// stay at the IE level (cleanup, ie_low_precision, ie_adaptation), embedded at
// build time and registered by name. They need only the upstream MLIR passes
// and the target-independent IE passes, so a front-end tool (tools/vpuc-ie) can
// link them without the back end. The other specs are the `pipelines`
// component.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"

namespace vpuc::embedded {
extern const char kCleanupSpec[];
extern const char kIeAdaptationSpec[];
extern const char kIeLowPrecisionSpec[];
} // namespace vpuc::embedded

/// The entry point of the `pipelines_ie_pipelines` component.
extern "C" void
vpuc_register_pipelines_ie_pipelines(mlir::vpuc::registry::Registry &registry) {
  registry.addPipeline("cleanup", vpuc::embedded::kCleanupSpec,
                       "pipelines/cleanup.textproto");
  registry.addPipeline("ie_adaptation", vpuc::embedded::kIeAdaptationSpec,
                       "pipelines/ie_adaptation.textproto");
  registry.addPipeline("ie_low_precision", vpuc::embedded::kIeLowPrecisionSpec,
                       "pipelines/ie_low_precision.textproto");
}
