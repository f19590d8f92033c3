// RUN: vpuc-opt %s --pipeline-spec=%S/Inputs/valid.textproto --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pipeline-spec=%S/Inputs/valid.textproto --print-spec-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXTUAL
// RUN: not vpuc-opt %s --pipeline-spec=%S/Inputs/valid.textproto --print-spec-pipeline \
// RUN:   --pipeline-option=canonicalize.max-iterations=2 \
// RUN:   --pipeline-option=cse.foo=1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADOVERRIDE
// RUN: vpuc-opt %s --pipeline-spec=%S/Inputs/valid.textproto --print-spec-pipeline \
// RUN:   --pipeline-option=canonicalize.max-iterations=2 \
// RUN:   --pipeline-option=canonicalize.top-down=false -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVERRIDE
// The textual form reproduces the spec exactly.
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(canonicalize{max-iterations=4},func.func(cse),func.func(canonicalize,cse),symbol-dce)' \
// RUN:   | FileCheck %s

// TEXTUAL: builtin.module(canonicalize{max-iterations=4},func.func(cse),func.func(canonicalize,cse),symbol-dce)

// BADOVERRIDE: pipeline option 'cse.foo=1': unknown option 'foo' of pass 'cse'
// BADOVERRIDE-NOT: builtin.module(

// OVERRIDE: builtin.module(canonicalize{max-iterations=2 top-down=false},func.func(cse),func.func(canonicalize{max-iterations=2 top-down=false},cse),symbol-dce)

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C:.+]] = arith.constant 6 : i32
// CHECK-NEXT:    return %[[C]], %[[C]] : i32, i32
func.func @fold() -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.muli %c2, %c3 : i32
  %1 = arith.muli %c3, %c2 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-NOT: @dead
// CHECK-LABEL: func.func @live
func.func private @dead()
func.func @live() {
  return
}
