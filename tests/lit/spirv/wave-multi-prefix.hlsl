// The SM 6.5 partitioned scans WaveMultiPrefix{Sum,Product,BitAnd,BitOr,BitXor}(value, mask)
// are OpGroupNonUniform{IAdd,FAdd,IMul,FMul,BitwiseAnd,BitwiseOr,BitwiseXor} with the group
// operation PartitionedExclusiveScanNV and the uint4 mask as the last operand, as DXC emits
// them; they need GroupNonUniformPartitionedNV only (not GroupNonUniformArithmetic too). DXC
// leaves WaveMultiPrefixCountBits unimplemented on SPIR-V; here it is the ballot ANDed with the
// mask, counted by BallotBitCount's ExclusiveScan (issue 19). spirv-val checks the module.
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -enable-16bit-types --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -enable-16bit-types %s -Fo %t.spv
// RUN: spirv-val --target-env vulkan1.1 %t.spv

// CHECK-NOT: OpCapability GroupNonUniformArithmetic
// CHECK-DAG: OpCapability GroupNonUniformBallot
// CHECK-DAG: OpCapability GroupNonUniformPartitionedNV
// CHECK-DAG: OpExtension "SPV_NV_shader_subgroup_partitioned"
// CHECK-NOT: OpCapability GroupNonUniformArithmetic

RWStructuredBuffer<uint4> Masks;
RWStructuredBuffer<int4> I;
RWStructuredBuffer<uint> U;
RWStructuredBuffer<float3> F;
RWStructuredBuffer<half2> H;
RWStructuredBuffer<int64_t> L;
RWStructuredBuffer<uint64_t> UL;
RWStructuredBuffer<double> D;
RWStructuredBuffer<uint16_t> S;

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint4 m = Masks[i];
  // CHECK: OpGroupNonUniformIAdd %v4int %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformIMul %v4int %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformBitwiseAnd %v4int %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  I[i] = WaveMultiPrefixSum(I[i], m) + WaveMultiPrefixProduct(I[i], m) + WaveMultiPrefixBitAnd(I[i], m);
  // CHECK: OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformBitwiseOr %uint %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformBitwiseXor %uint %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  U[i] = WaveMultiPrefixSum(U[i], m) + WaveMultiPrefixBitOr(U[i], m) + WaveMultiPrefixBitXor(U[i], m);
  // CHECK: OpGroupNonUniformFAdd %v3float %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformFMul %v3float %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  F[i] = WaveMultiPrefixSum(F[i], m) + WaveMultiPrefixProduct(F[i], m);
  // CHECK: OpGroupNonUniformFAdd %v2half %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformFMul %v2half %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  H[i] = WaveMultiPrefixSum(H[i], m) * WaveMultiPrefixProduct(H[i], m);
  // CHECK: OpGroupNonUniformIMul %long %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  L[i] = WaveMultiPrefixProduct(L[i], m);
  // CHECK: OpGroupNonUniformBitwiseXor %ulong %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  UL[i] = WaveMultiPrefixBitXor(UL[i], m);
  // CHECK: OpGroupNonUniformFAdd %double %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  D[i] = WaveMultiPrefixSum(D[i], m);
  // CHECK: OpGroupNonUniformBitwiseAnd %ushort %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}{{$}}
  S[i] = WaveMultiPrefixBitAnd(S[i], m);
  // CHECK: [[B:%[0-9]+]] = OpGroupNonUniformBallot %v4uint %uint_3
  // CHECK: [[BM:%[0-9]+]] = OpBitwiseAnd %v4uint [[B]] {{%[0-9]+}}{{$}}
  // CHECK: OpGroupNonUniformBallotBitCount %uint %uint_3 ExclusiveScan [[BM]]
  U[i] += WaveMultiPrefixCountBits(U[i] > 3, m);
}
