//===- IEInterfaces.cpp - Op interfaces of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Generated definitions of the IE op interfaces.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEInterfaces.h"

#include "dialects/ie/ir/IEOpInterfaces.cpp.inc" // IWYU pragma: keep
