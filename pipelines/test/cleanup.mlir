// RUN: vpuc-opt %s --pipeline=cleanup --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pipeline-spec=%S/../cleanup.textproto --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pipeline=cleanup --print-spec-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXTUAL
// RUN: vpuc-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' | FileCheck %s

// TEXTUAL: builtin.module(func.func(canonicalize,cse),symbol-dce)

// CHECK-LABEL: func.func @fold_and_cse
// CHECK-NEXT:    %[[C:.+]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[S:.+]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[S]], %[[S]] : i32, i32
func.func @fold_and_cse(%arg0: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.addi %c2, %c3 : i32
  %0 = arith.addi %arg0, %c5 : i32
  %1 = arith.addi %arg0, %c5 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-NOT: func.func private @unused
// CHECK-LABEL: func.func @kept
func.func private @unused() -> ()
func.func @kept() {
  return
}
