// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @cell_input_rank(%x: tensor<2x1x3xf32>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op expects input of rank 2 [batch_size, input_size], got shape [2, 1, 3]}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64}
      : tensor<2x1x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_gate_rows(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %w: tensor<12x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op expects weights of shape [4 * hidden_size, input_size] = [16, 3], got [12, 3]}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<12x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_hidden_size(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op attribute 'hidden_size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 0 : i64}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_activation_count(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op expects 3 activations, got 2}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64, activations = ["sigmoid", "tanh"]}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_activation_name(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op activation 'elu' is not supported (expected sigmoid, tanh or relu)}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64, activations = ["sigmoid", "elu", "tanh"]}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_clip(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op expects clip > 0, got 0.000000e+00}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64, clip = 0.0 : f64}
      : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @cell_element_types(%x: tensor<2x3xf16>, %h: tensor<2x4xf32>, %w: tensor<16x3xf32>, %r: tensor<16x4xf32>, %b: tensor<16xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.LSTMCell' op failed to verify that all of {input, initial_hidden_state, initial_cell_state, weights, recurrence_weights, biases, output_hidden_state, output_cell_state} have same element type}}
  %0:2 = IE.LSTMCell(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64}
      : tensor<2x3xf16>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0 : tensor<2x4xf32>
}

// -----

func.func @seq_directions(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x16xf32>) -> tensor<2x2x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op expects initial_hidden_state of shape [batch_size, num_directions, hidden_size] = [2, 2, 4], got [2, 1, 4]}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
  return %0#0 : tensor<2x2x5x4xf32>
}

// -----

func.func @seq_batch(%x: tensor<2x5x3xf32>, %h: tensor<3x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x16xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op expects initial_hidden_state of shape [batch_size, num_directions, hidden_size] = [2, 1, 4], got [3, 1, 4]}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<3x1x4xf32>, tensor<3x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @seq_input_size(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x5xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x16xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op expects weights of shape [num_directions, 4 * hidden_size, input_size] = [1, 16, 3], got [1, 16, 5]}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x5xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @seq_recurrence(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x3xf32>, %b: tensor<1x16xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op expects recurrence_weights of shape [num_directions, 4 * hidden_size, hidden_size] = [1, 16, 4], got [1, 16, 3]}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x3xf32>, tensor<1x16xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @seq_bias(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x32xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op expects biases of shape [num_directions, 4 * hidden_size] = [1, 16], got [1, 32]}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x32xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @seq_result_type(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x16xf32>) -> tensor<2x5x1x4xf32> {
  // expected-error @+2 {{'IE.LSTMSequence' op inferred type(s) 'tensor<2x1x5x4xf32>', 'tensor<2x1x4xf32>', 'tensor<2x1x4xf32>' are incompatible with return type(s) of operation 'tensor<2x5x1x4xf32>', 'tensor<2x1x4xf32>', 'tensor<2x1x4xf32>'}}
  // expected-error @+1 {{'IE.LSTMSequence' op failed to infer returned types}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x5x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x5x1x4xf32>
}

// -----

func.func @seq_no_direction(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x16x4xf32>, %b: tensor<1x16xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.LSTMSequence' op requires attribute 'direction'}}
  %0:3 = IE.LSTMSequence(%x, %h, %h, %w, %r, %b) {hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32>
      -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @gru_bias_lbr(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x12x3xf32>, %r: tensor<1x12x4xf32>, %b: tensor<1x12xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.GRUSequence' op expects biases of shape [num_directions, 4 * hidden_size] = [1, 16], got [1, 12]}}
  %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64, linear_before_reset}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @gru_gate_rows(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x16x3xf32>, %r: tensor<1x12x4xf32>, %b: tensor<1x12xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.GRUSequence' op expects weights of shape [num_directions, 3 * hidden_size, input_size] = [1, 12, 3], got [1, 16, 3]}}
  %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @gru_activation_count(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x12x3xf32>, %r: tensor<1x12x4xf32>, %b: tensor<1x12xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+1 {{'IE.GRUSequence' op expects 2 activations, got 3}}
  %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {activations = ["sigmoid", "tanh", "tanh"], direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}

// -----

func.func @gru_direction_name(%x: tensor<2x5x3xf32>, %h: tensor<2x1x4xf32>, %w: tensor<1x12x3xf32>, %r: tensor<1x12x4xf32>, %b: tensor<1x12xf32>) -> tensor<2x1x5x4xf32> {
  // expected-error @+2 {{expected ::mlir::vpuc::IE::RNNDirection to be one of: forward, reverse, bidirectional}}
  // expected-error @+1 {{failed to parse IE_RNNDirectionAttr parameter 'value' which is to be a `::mlir::vpuc::IE::RNNDirection`}}
  %0:2 = IE.GRUSequence(%x, %h, %w, %r, %b) {direction = #IE.rnn_direction<backward>, hidden_size = 4 : i64}
      : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0 : tensor<2x1x5x4xf32>
}
