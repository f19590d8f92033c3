// RUN: vpuc-opt %s --split-input-file --verify-diagnostics

func.func @not_a_layer(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Sigmoid' op cannot have a post-op ('post_op')}}
  %0 = IE.Sigmoid(%x) {post_op = {name = "IE.ReLU"}} : tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @not_a_dictionary(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' is not a dictionary}}
  %0 = IE.Add(%x, %x) {post_op = "IE.ReLU"} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @no_name(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' has no string 'name'}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = {}}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @attrs_not_a_dictionary(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' has an 'attrs' entry that is not a dictionary}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = 1 : i64, name = "IE.ReLU"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @unknown_entry(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' has an unknown entry 'slope'}}
  %0 = IE.Add(%x, %x) {post_op = {name = "IE.ReLU", slope = 1.0}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @unknown_activation(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' names 'IE.Sigmoid', which is not a post-op activation (IE.ReLU, IE.Clamp, IE.LeakyRelu)}}
  %0 = IE.Add(%x, %x) {post_op = {name = "IE.Sigmoid"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @relu_attrs(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' 'IE.ReLU' takes no attributes}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = {min = 0.0 : f64}, name = "IE.ReLU"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @clamp_missing_max(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' 'IE.Clamp' needs exactly the float attributes 'min' and 'max'}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = {min = 0.0 : f64}, name = "IE.Clamp"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @clamp_order(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' 'IE.Clamp' needs min <= max}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = {max = 0.0 : f64, min = 1.0 : f64}, name = "IE.Clamp"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @leaky_no_slope(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.Add' op 'post_op' 'IE.LeakyRelu' needs exactly the float attribute 'negative_slope'}}
  %0 = IE.Add(%x, %x) {post_op = {attrs = {slope = 0.5 : f64}, name = "IE.LeakyRelu"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @integer_result(%x: tensor<1x4xi32>) -> tensor<1x4xi32> {
  // expected-error @+1 {{'IE.Add' op has a post-op but its result is not a single float or quantized tensor}}
  %0 = IE.Add(%x, %x) {post_op = {name = "IE.ReLU"}} : tensor<1x4xi32>, tensor<1x4xi32> -> tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}
