// RUN: not vpuc-opt %s --vpuc-ie-convert-shape-to-4d 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// RUN: not vpuc-opt %s --vpuc-ie-convert-shape-to-4d="ops=IE.Add,IE.Addd" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: not vpuc-opt %s --vpuc-ie-convert-shape-to-4d="ops=IE.ReLU,func.return" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT-LAYER
// RUN: not vpuc-opt %s --vpuc-ie-convert-shape-to-4d="ops=IE.DataInfo" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT-LAYER-IE

// EMPTY: error: vpuc-ie-convert-shape-to-4d: option 'ops' lists no op to convert
// UNKNOWN: error: vpuc-ie-convert-shape-to-4d: unknown op 'IE.Addd' in option 'ops'
// NOT-LAYER: error: vpuc-ie-convert-shape-to-4d: op 'func.return' in option 'ops' is not an IE layer
// NOT-LAYER-IE: error: vpuc-ie-convert-shape-to-4d: op 'IE.DataInfo' in option 'ops' is not an IE layer

func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = IE.ReLU(%x) : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
