//===- LayoutEncoding.cpp - Encodings with an order -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generated definitions of LayoutEncodingAttrInterface.
//
//===----------------------------------------------------------------------===//

#include "core/shape/LayoutEncoding.h"

#include "core/shape/LayoutEncodingAttrInterface.cpp.inc" // IWYU pragma: keep
