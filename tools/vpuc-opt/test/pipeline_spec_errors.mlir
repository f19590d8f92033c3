// Every user-facing error of --pipeline-spec / --pipeline / --pipeline-option.
// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/misspelt_pass.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSPELT
// MISSPELT: Inputs/misspelt_pass.textproto:4: unknown pass 'canonicalise'; did you mean 'canonicalize'?

// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/bad_option_value.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADVALUE
// BADVALUE-DAG: Inputs/bad_option_value.textproto:5: invalid value 'lots' for option 'max-iterations' of pass 'canonicalize'
// BADVALUE-DAG: Inputs/bad_option_value.textproto:6: unknown option 'top-dwon' of pass 'canonicalize'; did you mean 'top-down'?

// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/unknown_anchor.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: Inputs/unknown_anchor.textproto:4: unknown anchor op 'func.fucn'; did you mean 'func.func'?
// ANCHOR: Inputs/unknown_anchor.textproto:10: unknown anchor op 'vpu.func': no dialect 'vpu' is registered

// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/syntax_error.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: Inputs/syntax_error.textproto:4:9: Message type "vpuc.pipeline.Stage" has no field named "stage".

// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/unknown_reference.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REFERENCE
// REFERENCE: Inputs/unknown_reference.textproto:2: unknown pipeline 'claenup'; did you mean 'cleanup'?

// RUN: not vpuc-opt %s --pipeline=claenup 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: unknown pipeline 'claenup'; did you mean 'cleanup'?

// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/does_not_exist.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: cannot read the pipeline spec: {{.*}}does_not_exist.textproto

// RUN: not vpuc-opt %s --pipeline=cleanup --pipeline-option=symbol-dce.foo=1 \
// RUN:   --pipeline-option=sccp.x=1 --pipeline-option=cse 2>&1 | FileCheck %s --check-prefix=OVERRIDE
// OVERRIDE: pipeline option 'symbol-dce.foo=1': unknown option 'foo' of pass 'symbol-dce'
// OVERRIDE: pipeline option 'sccp.x=1': pass 'sccp' does not occur in the pipeline
// OVERRIDE: pipeline option 'cse': expected `pass-name.option=value`

// RUN: not vpuc-opt %s --pipeline=cleanup --pass-pipeline='builtin.module(cse)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COMBINED
// COMBINED: --pipeline-spec and --pipeline cannot be combined with --pass-pipeline or pass flags

// RUN: not vpuc-opt %s --pipeline=cleanup --pipeline-spec=%S/Inputs/valid.textproto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXCLUSIVE
// EXCLUSIVE: --pipeline-spec and --pipeline are mutually exclusive

// RUN: not vpuc-opt %s --pipeline-option=cse.x=1 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: --pipeline-option and --print-spec-pipeline need --pipeline-spec or --pipeline

func.func @f() {
  return
}
