//===- IEOpsData.td - IE: Data movement and shape ops -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Data movement and shape ops of the IE dialect. Included by IEOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSDATA
#define VPUC_DIALECTS_IE_IR_IEOPSDATA

#endif // VPUC_DIALECTS_IE_IR_IEOPSDATA
