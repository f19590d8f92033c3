//===- Registration.cpp - The pipeline specs shipped with vpuc ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The `pipelines` registry component: the .textproto specs of this directory
// that reach below the IE level (the modes and their parts), embedded at build
// time (vpuc_embed_file) and registered by name; the IE-level specs (cleanup,
// ie_adaptation) are the `ie_pipelines` component (ie_pipelines/). Adding a
// spec: embed it in BUILD, declare its symbol below and add one addPipeline
// call.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"

namespace vpuc::embedded {
extern const char kDefaultHwSpec[];
extern const char kHwAdaptationSpec[];
extern const char kOverlappedBackendSpec[];
extern const char kReferenceHwSpec[];
extern const char kReferenceSwSpec[];
extern const char kSerialBackendSpec[];
} // namespace vpuc::embedded

/// The entry point of the `pipelines` component.
extern "C" void
vpuc_register_pipelines(mlir::vpuc::registry::Registry &registry) {
  registry.addPipeline("serial_backend", vpuc::embedded::kSerialBackendSpec,
                       "pipelines/serial_backend.textproto");
  registry.addPipeline("reference_sw", vpuc::embedded::kReferenceSwSpec,
                       "pipelines/reference_sw.textproto");
  registry.addPipeline("overlapped_backend",
                       vpuc::embedded::kOverlappedBackendSpec,
                       "pipelines/overlapped_backend.textproto");
  registry.addPipeline("hw_adaptation", vpuc::embedded::kHwAdaptationSpec,
                       "pipelines/hw_adaptation.textproto");
  registry.addPipeline("reference_hw", vpuc::embedded::kReferenceHwSpec,
                       "pipelines/reference_hw.textproto");
  registry.addPipeline("default_hw", vpuc::embedded::kDefaultHwSpec,
                       "pipelines/default_hw.textproto");
}
