//===- InitCompiler.td - Record the target on the module --*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares InitCompilerPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER
#define VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER

include "mlir/Pass/PassBase.td"

def InitCompilerPass : Pass<"vpuc-init-compiler", "::mlir::ModuleOp"> {
  let summary = "Records the target's resources on the module (VPUIP.resources)";
  let description = [{
    The first pass of every compilation mode: it loads the target description
    named by `arch` (core/arch: a built-in target such as `VPUX30XX` or
    `VPUX37XX`, case-insensitive, or the path of a `.textproto` target
    description) and attaches its resources to the top module as the
    `VPUIP.resources` attribute (see `VPUIP::getResourcesAttr`), which the
    level-2 and level-1 verifiers, the passes and the blob writer read; and the
    element types its NCE runs (`nce.limits.element_types`) as
    `VPU.nce_element_types`, which the NCE legality checks read (a quantized
    layer goes to the NCE only on a target whose NCE runs its 8-bit types); and
    its NCE window and channel limits (`nce.limits`: largest kernel, stride and
    pad, channel alignment) as `VPU.nce_limits`, which the NCE op verifiers,
    the NCE legality checks, the channel expansion and the tiling read.

    A module that already targets the same arch (a `VPUIP.resources` attribute
    with the same `arch` name) keeps its resources unchanged, so that a test can
    shrink them (e.g. the CMX size or the barrier count) before running a whole
    pipeline; likewise a module's own `VPU.nce_element_types` and
    `VPU.nce_limits` are kept. It is an error when:

    * `arch` is not set, or names neither a known target nor a readable,
      valid target description (the message lists the known targets);
    * the module already targets another arch.

    ```mlir
    // vpuc-opt --vpuc-init-compiler=arch=VPUX37XX
    module @net {
    }
    // becomes
    module @net attributes {VPU.nce_element_types = ["i8", "u8", "f16", "bf16"],
        VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64,
                          max_pad = 5 : i64, max_stride = 8 : i64},
        VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
        cmx_size = 1982464, ..., shave_kind = ACT, shaves = 2, ...>} {
    }
    ```
  }];
  let options = [
    Option<"arch", "arch", "std::string", /*default=*/"\"\"",
           "The target: a built-in target name (VPUX30XX, VPUX37XX) or the "
           "path of a .textproto target description">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::VPU::VPUDialect",
    "::mlir::vpuc::VPUIP::VPUIPDialect",
  ];
}

#endif // VPUC_PASSES_COMMON_INIT_COMPILER_INITCOMPILER
