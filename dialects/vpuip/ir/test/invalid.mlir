// RUN: vpuc-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{DDR takes no index}}
func.func @ddr_index(%a: memref<4xf16, #VPUIP.mem<DDR[0]>>)

// -----

// expected-error @+1 {{CMX_NN needs a cluster index: CMX_NN[<cluster>]}}
func.func @cmx_without_index(%a: memref<4xf16, #VPUIP.mem<CMX_NN>>)

// -----

// expected-error @+1 {{CMX_NN cluster index -1 is negative}}
func.func @cmx_negative_index(%a: memref<4xf16, #VPUIP.mem<CMX_NN[-1]>>)

// -----

// expected-error @+1 {{the target name (arch) is empty}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "", clusters = 2, cmx_size = 1024,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 4096,
    shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
}

// -----

// expected-error @+1 {{clusters must be positive, got 0}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "X", clusters = 0, cmx_size = 1024,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 4096,
    shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
}

// -----

// expected-error @+1 {{dpus must be positive, got 0}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "X", clusters = 2, cmx_size = 1024,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 4096,
    shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256,
    dpus = 0>} {
}

// -----

// expected-error @+1 {{max_variants must not be negative, got -1}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "X", clusters = 2, cmx_size = 1024,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 4096,
    shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256,
    max_variants = -1>} {
}

// -----

// expected-error @+1 {{cmx_alignment must be a power of two, got 24}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "X", clusters = 2, cmx_size = 1024,
    cmx_alignment = 24, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 4096,
    shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
}

// -----

// expected-error @+1 {{'func.func' op attribute 'VPUIP.resources' is only valid on a module}}
func.func @resources_on_func() attributes {VPUIP.resources = #VPUIP.resources<arch = "X",
    clusters = 2, cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  return
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPUIP.resources' must be a #VPUIP.resources attribute}}
module attributes {VPUIP.resources = 1 : i64} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPUIP.network_weight_bytes' must be a module's non-negative i64 byte count}}
module attributes {VPUIP.network_weight_bytes = -1 : i64} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPUIP.network_macs' must be a module's dictionary of non-negative i64 MAC counts by element type}}
module attributes {VPUIP.network_macs = {f16 = 1.0 : f32}} {
}

// -----

// expected-error @+1 {{'builtin.module' op unknown VPUIP attribute 'VPUIP.resource'}}
module attributes {VPUIP.resource = 1 : i64} {
}

// -----

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

func.func @dynamic_buffer(%in: memref<?xf16>, %out: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.Copy' op operand #0 must be buffer}}
  %0 = VPUIP.Copy inputs(%in : memref<?xf16>) outputs(%out : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @strided_with_offset(%in: memref<4xf16, strided<[1], offset: 2>>, %out: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.Copy' op operand #0 must be buffer}}
  %0 = VPUIP.Copy inputs(%in : memref<4xf16, strided<[1], offset: 2>>) outputs(%out : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @foreign_memory_space(%in: memref<4xf16, 1>, %out: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.Copy' op operand #0 must be buffer}}
  %0 = VPUIP.Copy inputs(%in : memref<4xf16, 1>) outputs(%out : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @cmx_cluster_out_of_range(%in: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op result #0 is in #VPUIP.mem<CMX_NN[2]>, but the target VPUX37XX has 2 cluster(s)}}
    %0 = VPUIP.StaticAlloc<0> -> memref<4xf16, #VPUIP.mem<CMX_NN[2]>>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @cmx_operand_out_of_range(%in: memref<4xf16, #VPUIP.mem<CMX_NN[3]>>, %out: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.Copy' op operand #0 is in #VPUIP.mem<CMX_NN[3]>, but the target VPUX37XX has 2 cluster(s)}}
    %0 = VPUIP.Copy inputs(%in : memref<4xf16, #VPUIP.mem<CMX_NN[3]>>) outputs(%out : memref<4xf16>) -> memref<4xf16>
    return
  }
}

// -----

//===----------------------------------------------------------------------===//
// StaticAlloc
//===----------------------------------------------------------------------===//

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @misaligned_cmx() {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op offset 8 is not a multiple of the CMX_NN alignment of the target (16 bytes)}}
    %0 = VPUIP.StaticAlloc<8> -> memref<4xf16, #VPUIP.mem<CMX_NN[0]>>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @misaligned_ddr() {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op offset 32 is not a multiple of the DDR alignment of the target (64 bytes)}}
    %0 = VPUIP.StaticAlloc<32> -> memref<4xf16>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @beyond_cmx() {
    // expected-error @+1 {{'VPUIP.StaticAlloc' op buffer ends at byte 1040, beyond the usable CMX of the target (1024 bytes)}}
    %0 = VPUIP.StaticAlloc<1008> -> memref<16xf16, #VPUIP.mem<CMX_NN[1]>>
    return
  }
}

// -----

func.func @negative_offset() {
  // expected-error @+1 {{'VPUIP.StaticAlloc' op attribute 'offset' failed to satisfy constraint}}
  %0 = VPUIP.StaticAlloc<-16> -> memref<16xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// GenericReshape
//===----------------------------------------------------------------------===//

func.func @reshape_element_type(%x: memref<2x3xf16>) {
  // expected-error @+1 {{'VPUIP.GenericReshape' op changes the element type from 'f16' to 'i16': a reshape keeps the elements}}
  %0 = VPUIP.GenericReshape %x : memref<2x3xf16> to memref<6xi16>
  return
}

// -----

func.func @reshape_memory(%x: memref<2x3xf16>) {
  // expected-error @+1 {{'VPUIP.GenericReshape' op moves the buffer from #VPUIP.mem<DDR> to #VPUIP.mem<CMX_NN[0]>: a reshape is a view of the same memory}}
  %0 = VPUIP.GenericReshape %x : memref<2x3xf16> to memref<6xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @reshape_strided_input(%x: memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) {
  // expected-error @+1 {{'VPUIP.GenericReshape' op input 'memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>' is not compact: only the bytes of a compact buffer can be seen with another shape}}
  %0 = VPUIP.GenericReshape %x : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>> to memref<128xf16>
  return
}

// -----

func.func @reshape_strided_result(%x: memref<4x2xf16>) {
  // expected-error @+1 {{'VPUIP.GenericReshape' op result 'memref<2x4xf16, strided<[8, 1]>>' is not compact: a reshape is a compact buffer}}
  %0 = VPUIP.GenericReshape %x : memref<4x2xf16> to memref<2x4xf16, strided<[8, 1]>>
  return
}

// -----

func.func @reshape_size(%x: memref<2x3xf16>) {
  // expected-error @+1 {{'VPUIP.GenericReshape' op input of 96 bits and result of 128 bits differ in size: a reshape keeps every byte}}
  %0 = VPUIP.GenericReshape %x : memref<2x3xf16> to memref<8xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// SubView
//===----------------------------------------------------------------------===//

func.func @subview_rank(%src: memref<1x16x4x4xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op has 3 offsets and 4 sizes for a source of rank 4}}
  %0 = VPUIP.SubView %src [0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  return
}

// -----

func.func @subview_out_of_range(%src: memref<1x16x4x4xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op offset 12 and size 8 of dimension 1 are out of range for a source dimension of 16}}
  %0 = VPUIP.SubView %src [0, 12, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  return
}

// -----

func.func @subview_empty(%src: memref<1x16x4x4xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op offset 0 and size 0 of dimension 2 are out of range for a source dimension of 4}}
  %0 = VPUIP.SubView %src [0, 0, 0, 0] [1, 16, 0, 4] : memref<1x16x4x4xf16> to memref<1x16x0x4xf16>
  return
}

// -----

func.func @subview_sub_byte(%src: memref<4x3xi4>) {
  // expected-error @+1 {{'VPUIP.SubView' op starts at bit 4 of the source, not on a byte boundary}}
  %0 = VPUIP.SubView %src [0, 1] [4, 2] : memref<4x3xi4> to memref<4x2xi4, strided<[3, 1]>>
  return
}

// -----

func.func @subview_wrong_type(%src: memref<1x16x4x4xf16>) {
  // expected-error @+1 {{'VPUIP.SubView' op result type 'memref<1x16x2x4xf16>' differs from the inferred type 'memref<1x16x2x4xf16, strided<[256, 16, 4, 1]>>'}}
  %0 = VPUIP.SubView %src [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16> to memref<1x16x2x4xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// ConcatView
//===----------------------------------------------------------------------===//

func.func @concat_no_inputs(%buf: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op needs at least one input}}
  %0 = "VPUIP.ConcatView"(%buf) : (memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @concat_element_type(%a: memref<2xf32>, %b: memref<2xf16>, %buf: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op input #0 has element type 'f32', but the output buffer has 'f16'}}
  %0 = VPUIP.ConcatView inputs(%a, %b : memref<2xf32>, memref<2xf16>) outputs(%buf : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @concat_rank(%a: memref<1x2xf16>, %b: memref<2xf16>, %buf: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op input #0 has rank 2, but the output buffer has 1}}
  %0 = VPUIP.ConcatView inputs(%a, %b : memref<1x2xf16>, memref<2xf16>) outputs(%buf : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @concat_memory(%a: memref<2xf16>, %b: memref<2xf16, #VPUIP.mem<CMX_NN[0]>>, %buf: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op input #1 is in #VPUIP.mem<CMX_NN[0]>, but the output buffer is in #VPUIP.mem<DDR>}}
  %0 = VPUIP.ConcatView inputs(%a, %b : memref<2xf16>, memref<2xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%buf : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

func.func @concat_does_not_fit(%a: memref<1x8xf16>, %buf: memref<2x4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op input #0 of shape [1, 8] does not fit in the output buffer of shape [2, 4]}}
  %0 = VPUIP.ConcatView inputs(%a : memref<1x8xf16>) outputs(%buf : memref<2x4xf16>) -> memref<2x4xf16>
  return
}

// -----

func.func @concat_element_count(%a: memref<2xf16>, %buf: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.ConcatView' op inputs hold 2 elements, but the output buffer holds 4}}
  %0 = VPUIP.ConcatView inputs(%a : memref<2xf16>) outputs(%buf : memref<4xf16>) -> memref<4xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Copy and NNDMA
//===----------------------------------------------------------------------===//

func.func @copy_shape(%in: memref<2x3xf16>, %out: memref<3x2xf16>) {
  // expected-error @+1 {{'VPUIP.Copy' op input shape [2, 3] differs from output shape [3, 2]}}
  %0 = VPUIP.Copy inputs(%in : memref<2x3xf16>) outputs(%out : memref<3x2xf16>) -> memref<3x2xf16>
  return
}

// -----

func.func @dma_element_type(%in: memref<4xf16>, %out: memref<4xf32>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op input element type 'f16' differs from output element type 'f32'}}
  %0 = VPUIP.NNDMA inputs(%in : memref<4xf16>) outputs(%out : memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @broadcast_from_ddr(%in: memref<16xf16>, %out: memref<16xf16>, %copy: memref<16xf16, #VPUIP.mem<CMX_NN[1]>>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op broadcasts, but its output buffer is not in the CMX of a cluster}}
  %0 = VPUIP.NNDMA inputs(%in : memref<16xf16>) outputs(%out : memref<16xf16>) broadcast(%copy : memref<16xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<16xf16>
  return
}

// -----

func.func @broadcast_into_ddr(%in: memref<16xf16>, %out: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, %copy: memref<16xf16>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op broadcast buffer of type 'memref<16xf16>' is not in the CMX of a cluster}}
  %0 = VPUIP.NNDMA inputs(%in : memref<16xf16>) outputs(%out : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) broadcast(%copy : memref<16xf16>) -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @broadcast_same_cluster(%in: memref<16xf16>, %out: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, %copy: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op broadcasts twice into the CMX of cluster 0}}
  %0 = VPUIP.NNDMA inputs(%in : memref<16xf16>) outputs(%out : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) broadcast(%copy : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @broadcast_other_type(%in: memref<16xf16>, %out: memref<16xf16, #VPUIP.mem<CMX_NN[0]>>, %copy: memref<32xf16, #VPUIP.mem<CMX_NN[1]>>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op broadcast buffer of type 'memref<32xf16, #VPUIP.mem<CMX_NN[1]>>' is not the output buffer's type 'memref<16xf16, #VPUIP.mem<CMX_NN[0]>>' in another CMX}}
  %0 = VPUIP.NNDMA inputs(%in : memref<16xf16>) outputs(%out : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) broadcast(%copy : memref<32xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @broadcast_other_offset(%in: memref<16xf16>) {
  %out = VPUIP.StaticAlloc<0> -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  %copy = VPUIP.StaticAlloc<64> -> memref<16xf16, #VPUIP.mem<CMX_NN[1]>>
  // expected-error @+1 {{'VPUIP.NNDMA' op broadcast buffer at offset 64 of the CMX of cluster 1, but the output buffer is at offset 0: a broadcast writes the same address of every CMX}}
  %0 = VPUIP.NNDMA inputs(%in : memref<16xf16>) outputs(%out : memref<16xf16, #VPUIP.mem<CMX_NN[0]>>) broadcast(%copy : memref<16xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<16xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

func.func @dma_sub_byte(%in: memref<3xi4>, %out: memref<3xi4>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op moves 12 bits, not a whole number of bytes}}
  %0 = VPUIP.NNDMA inputs(%in : memref<3xi4>) outputs(%out : memref<3xi4>) -> memref<3xi4>
  return
}

// -----

func.func @dma_result_type(%in: memref<4xf16>, %out: memref<4xf16>) {
  // expected-error @+1 {{'VPUIP.NNDMA' op failed to verify that all of {output_buff, output} have same type}}
  %0 = "VPUIP.NNDMA"(%in, %out) : (memref<4xf16>, memref<4xf16>) -> memref<4xf16, #VPUIP.mem<CMX_NN[0]>>
  return
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @dma_port(%in: memref<4xf16>, %out: memref<4xf16>) {
    // expected-error @+1 {{'VPUIP.NNDMA' op port 2 is out of range: the target VPUX37XX has 2 DMA port(s)}}
    %0 = VPUIP.NNDMA {port = 2 : i64} inputs(%in : memref<4xf16>) outputs(%out : memref<4xf16>) -> memref<4xf16>
    return
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1024, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 4096, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256,
    max_consumers = 256>} {
  func.func @dma_too_large(%in: memref<4096xf16>, %out: memref<4096xf16>) {
    // expected-error @+1 {{'VPUIP.NNDMA' op moves 8192 bytes, more than one DMA of the target moves (4096 bytes)}}
    %0 = VPUIP.NNDMA inputs(%in : memref<4096xf16>) outputs(%out : memref<4096xf16>) -> memref<4096xf16>
    return
  }
}
