// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip and type inference of IE.LSTMCell, IE.LSTMSequence and IE.GRUSequence.

// CHECK-LABEL: func.func @lstm_cell
func.func @lstm_cell(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %c: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  // Default activations are not printed.
  // CHECK: %[[H:.+]], %[[C:.+]] = IE.LSTMCell(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {hidden_size = 4 : i64} : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  %0:2 = IE.LSTMCell(%x, %h, %c, %w, %r, %b) {hidden_size = 4 : i64, activations = ["sigmoid", "tanh", "tanh"]}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  // CHECK: IE.LSTMCell({{.*}}) {activations = ["relu", "sigmoid", "tanh"], clip = 3.000000e+00 : f64, hidden_size = 4 : i64}
  %1:2 = IE.LSTMCell(%x, %h, %c, %w, %r, %b) {hidden_size = 4 : i64, activations = ["relu", "sigmoid", "tanh"], clip = 3.0 : f64}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0, %0#1, %1#0 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @lstm_sequence
func.func @lstm_sequence(%x: tensor<2x5x3xf32>, %h: tensor<2x2x4xf32>, %c: tensor<2x2x4xf32>, %w: tensor<2x16x3xf32>, %r: tensor<2x16x4xf32>, %b: tensor<2x16xf32>,
                         %h1: tensor<2x1x4xf32>, %c1: tensor<2x1x4xf32>, %w1: tensor<1x16x3xf32>, %r1: tensor<1x16x4xf32>, %b1: tensor<1x16xf32>)
    -> (tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x1x5x4xf32>) {
  // CHECK: IE.LSTMSequence({{.*}}) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x16x3xf32>, tensor<2x16x4xf32>, tensor<2x16xf32> -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
  %0:3 = IE.LSTMSequence(%x, %h, %c, %w, %r, %b) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x16x3xf32>, tensor<2x16x4xf32>, tensor<2x16xf32>
      -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
  // CHECK: IE.LSTMSequence({{.*}}) {direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64} : {{.*}} -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  %1:3 = IE.LSTMSequence(%x, %h1, %c1, %w1, %r1, %b1) {direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0, %0#1, %0#2, %1#0 : tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x1x5x4xf32>
}

// -----

// A dynamic batch or sequence length propagates; a batch known from a state operand wins.
// CHECK-LABEL: func.func @lstm_sequence_dynamic
func.func @lstm_sequence_dynamic(%x: tensor<?x?x3xf16>, %h: tensor<?x1x4xf16>, %h2: tensor<2x1x4xf16>, %w: tensor<1x16x3xf16>, %r: tensor<1x16x4xf16>, %b: tensor<1x16xf16>)
    -> (tensor<?x1x?x4xf16>, tensor<2x1x?x4xf16>) {
  // CHECK: IE.LSTMSequence({{.*}}) {{.*}} -> tensor<?x1x?x4xf16>, tensor<?x1x4xf16>, tensor<?x1x4xf16>
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<?x?x3xf16>, tensor<?x1x4xf16>, tensor<?x1x4xf16>, tensor<1x16x3xf16>, tensor<1x16x4xf16>, tensor<1x16xf16>
      -> tensor<?x1x?x4xf16>, tensor<?x1x4xf16>, tensor<?x1x4xf16>
  // CHECK: IE.LSTMSequence({{.*}}) {{.*}} -> tensor<2x1x?x4xf16>, tensor<2x1x4xf16>, tensor<2x1x4xf16>
  %1:3 = IE.LSTMSequence(%x, %h2, %h2, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<?x?x3xf16>, tensor<2x1x4xf16>, tensor<2x1x4xf16>, tensor<1x16x3xf16>, tensor<1x16x4xf16>, tensor<1x16xf16>
      -> tensor<2x1x?x4xf16>, tensor<2x1x4xf16>, tensor<2x1x4xf16>
  return %0#0, %1#0 : tensor<?x1x?x4xf16>, tensor<2x1x?x4xf16>
}

// -----

// CHECK-LABEL: func.func @gru_sequence
func.func @gru_sequence(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x12x3xf32>, %r: tensor<1x12x4xf32>, %b: tensor<1x12xf32>, %b4: tensor<1x16xf32>,
                        %h2: tensor<2x2x4xf32>, %w2: tensor<2x12x3xf32>, %r2: tensor<2x12x4xf32>, %b2: tensor<2x12xf32>)
    -> (tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x5x4xf32>, tensor<2x2x5x4xf32>) {
  // CHECK: IE.GRUSequence({{.*}}) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  // With linear_before_reset the bias has a fourth block.
  // CHECK: IE.GRUSequence({{.*}}) {activations = ["tanh", "relu"], clip = 1.000000e+01 : f64, direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64, linear_before_reset} : {{.*}}, tensor<1x16xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  %1:2 = IE.GRUSequence(%x, %h, %w, %r, %b4) {activations = ["tanh", "relu"], clip = 10.0 : f64, direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64, linear_before_reset}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x16xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  // CHECK: IE.GRUSequence({{.*}}) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64} : {{.*}} -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>
  %2:2 = IE.GRUSequence(%x, %h2, %w2, %r2, %b2) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x12x3xf32>, tensor<2x12x4xf32>, tensor<2x12xf32> -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>
  return %0#0, %0#1, %1#0, %2#0 : tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x5x4xf32>, tensor<2x2x5x4xf32>
}
