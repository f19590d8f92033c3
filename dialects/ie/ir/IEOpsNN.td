//===- IEOpsNN.td - IE: Convolution, pooling, matrix multiplication, reductions and normalisation ops -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Convolution, pooling, matrix multiplication, reductions and normalisation ops of the IE dialect. Included by IEOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPSNN
#define VPUC_DIALECTS_IE_IR_IEOPSNN

#endif // VPUC_DIALECTS_IE_IR_IEOPSNN
