// Intrinsic lowering to SPIR-V (GenIntrinsic.cpp) and byte-address-buffer Load/Store of
// aggregates (GenResource.cpp, raw branch). Every module here must pass spirv-val.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("intrinsics: D3DCOLORtoUBYTE4 swizzles to BGRA, scales by 255.001953 and truncates", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<float4> In;
RWStructuredBuffer<int4> Out;
[numthreads(1,1,1)] void main() { Out[0] = D3DCOLORtoUBYTE4(In[0]); })");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpFMul %v4float"));
  CHECK(has(r.spirvText, "OpConvertFToS %v4int"));
  CHECK(has(r.spirvText, "255.001953"));
  // z, y, x, w: lanes 2 1 0 3 of the loaded color.
  CHECK(count(r.irText, "spv.OpCompositeExtract(") >= 4);
}

TEST_CASE("intrinsics: asdouble joins words and asuint(double, out, out) splits them, matrices too", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<uint4> W;
StructuredBuffer<double2x2> M;
RWStructuredBuffer<double2> OutD;
RWStructuredBuffer<uint4> OutWords;
[numthreads(1,1,1)] void main() {
  OutD[0] = asdouble(W[0].xy, W[0].zw);
  uint2x2 lo, hi;
  asuint(M[0], lo, hi);
  OutWords[0] = uint4(lo[0], hi[1]);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "OpBitcast %double") == 2);   // one per lane of double2
  CHECK(count(r.spirvText, "OpBitcast %v2uint") == 4);   // one per element of double2x2
}

TEST_CASE("intrinsics: AddUint64 carries from the low word into the high word", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<uint4> A;
RWStructuredBuffer<uint4> Out;
[numthreads(1,1,1)] void main() {
  Out[0] = AddUint64(A[0], A[1]);
  Out[1].xy = AddUint64(A[2].xy, A[3].xy);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "OpULessThan %bool") == 3);  // two pairs + one pair
  CHECK(count(r.spirvText, "OpSelect %uint") == 3);
}

TEST_CASE("intrinsics: dot2add accumulates in fp32; dot4add multiplies signed or unsigned bytes", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<uint4> A;
StructuredBuffer<float4> F;
RWStructuredBuffer<int> OutI;
RWStructuredBuffer<uint> OutU;
RWStructuredBuffer<float> OutF;
[numthreads(1,1,1)] void main() {
  OutI[0] = dot4add_i8packed(A[0].x, A[0].y, -3);
  OutU[0] = dot4add_u8packed(A[0].x, A[0].y, 3u);
  OutF[0] = dot2add(F[0].xy, F[0].zw, F[0].x);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "OpShiftRightArithmetic %int") == 8);  // 4 bytes x 2 operands, sign-extended
  CHECK(count(r.spirvText, "OpIMul %int") == 4);
  CHECK(count(r.spirvText, "OpIMul %uint") == 4);
  CHECK(has(r.spirvText, "OpDot %float"));
}

TEST_CASE("intrinsics: ldexp multiplies by exp2 of the float exponent", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<float4> In;
RWStructuredBuffer<float4> Out;
[numthreads(1,1,1)] void main() { Out[0] = ldexp(In[0], In[1]); Out[1].x = ldexp(In[2].x, -0.5); })");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK_FALSE(has(r.spirvText, "Ldexp"));
  CHECK(has(r.spirvText, "Exp2"));
  CHECK(has(r.spirvText, "OpFMul %v4float"));
}

TEST_CASE("intrinsics: f16tof32 and f32tof16 keep the argument's vector shape", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<uint3> H;
StructuredBuffer<float2> F;
RWStructuredBuffer<float3> OutF;
RWStructuredBuffer<uint2> OutH;
[numthreads(1,1,1)] void main() { OutF[0] = f16tof32(H[0]); OutH[0] = f32tof16(F[0]); })");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "UnpackHalf2x16") == 3);
  CHECK(count(r.spirvText, " PackHalf2x16") == 2);
}

TEST_CASE("intrinsics: 64-bit integer literals keep their high word", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
RWStructuredBuffer<uint64_t> U;
RWStructuredBuffer<int64_t> S;
[numthreads(1,1,1)] void main() {
  U[0] = reversebits(uint64_t2(0x3333CCCCCCCC3333, 4294967295)).x;
  S[0] = max(int64_t4(-9223372036854775807, -10, 10, 9223372036854775807), int64_t4(0, 1, 2, 3)).x;
  int small = 4294967295;  // still a 32-bit int: the literal wraps as before
  S[1] = small;
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpConstant %ulong 3689517699727897395"));
  CHECK(has(r.spirvText, "OpConstant %ulong 4294967295"));
  CHECK(has(r.spirvText, "OpConstant %long 9223372036854775807"));
  CHECK(has(r.spirvText, "OpSNegate %long"));
}

TEST_CASE("intrinsics: select on structs selects leaf by leaf; mismatched structs are rejected", "[irgen][intrinsic]") {
  const char* decls = R"(
struct S { float a; int2 b; };
struct T { float a; int2 b; };
StructuredBuffer<S> A;
StructuredBuffer<S> B;
StructuredBuffer<T> C;
RWStructuredBuffer<S> Out;
)";
  auto r = compileHlsl(std::string(decls) + "[numthreads(1,1,1)] void main(uint i : SV_GroupIndex) { Out[0] = select(i == 1, A[0], B[0]); }");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpSelect %float"));
  CHECK(count(r.spirvText, "OpSelect %int") == 2);

  auto bad = compileHlsl(std::string(decls) + "[numthreads(1,1,1)] void main(uint i : SV_GroupIndex) { Out[0] = select(i == 1, A[0], C[0]); }");
  CHECK_FALSE(bad.valid);
  CHECK(has(bad.errors(), "no matching intrinsic overload for 'select(bool, S, T)'"));
}

TEST_CASE("byte-address buffers: Load<T> and Store<T> of arrays and structs of numbers", "[irgen][intrinsic][raw]") {
  auto r = compileHlsl(R"(
struct ArrayStruct { int arr[4]; };
struct Mixed { float a; uint2 b; bool c; };
ByteAddressBuffer In;
RWByteAddressBuffer Out;
[numthreads(1,1,1)] void main() {
  ArrayStruct s = In.Load<ArrayStruct>(0);
  Mixed m = In.Load<Mixed>(16);
  s.arr[1] += m.b.y;
  Out.Store<ArrayStruct>(0, s);
  Out.Store<Mixed>(32, m);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "OpLoad %uint") == 8);    // 4 + 4 words
  CHECK(count(r.spirvText, "OpStore") >= 8);
  CHECK(has(r.spirvText, "%uint_12 = OpConstant %uint 12"));  // Mixed.c is 12 bytes in
}

TEST_CASE("byte-address buffers: 64-bit And/Or/Xor/Add are one 64-bit atomic each", "[irgen][intrinsic][raw]") {
  auto r = compileHlsl(R"(
RWByteAddressBuffer B;
RWStructuredBuffer<uint64_t> Out;
[numthreads(64,1,1)] void main(uint i : SV_GroupIndex) {
  uint64_t old;
  B.InterlockedAnd64(0, ~(1ull << i), old);
  B.InterlockedOr64(8, 1ull << i);
  B.InterlockedXor64(16, 1ull << i);
  B.InterlockedAdd64(24, 1ull << 31);
  Out[i] = old;
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(count(r.spirvText, "OpAtomicAnd %ulong") == 1);
  CHECK(count(r.spirvText, "OpAtomicOr %ulong") == 1);
  CHECK(count(r.spirvText, "OpAtomicXor %ulong") == 1);
  CHECK(count(r.spirvText, "OpAtomicIAdd %ulong") == 1);
  CHECK(count(r.spirvText, "OpAtomicIAdd %uint") == 0);
}

TEST_CASE("byte-address buffers from a heap: 64-bit And/Or/Xor/Add split in halves; exchange/compare/min/max say "
          "they are unsupported, with a location",
          "[irgen][intrinsic][raw]") {
  auto split = compileHlsl(R"(
[numthreads(1,1,1)] void main() {
  RWByteAddressBuffer B = ResourceDescriptorHeap[0];
  B.InterlockedAdd64(24, 1ull << 31);
})");
  INFO(split.errors());
  CHECK(split.valid);
  CHECK(count(split.spirvText, "OpAtomicIAdd %uint") == 2);
  CHECK(has(split.spirvText, "OpULessThan %bool"));  // the carry into the high half
  auto r = compileHlsl(R"(
[numthreads(1,1,1)] void main() {
  RWByteAddressBuffer B = ResourceDescriptorHeap[0];
  B.InterlockedMin64(0, (int64_t)-1);
})");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "test.hlsl:4:"));
  CHECK(has(r.errors(), "InterlockedMin64 on a byte-address buffer from a descriptor heap is not supported"));
}

TEST_CASE("intrinsics: atan keeps a NaN argument (GLSL Atan leaves it undefined)", "[irgen][intrinsic]") {
  auto r = compileHlsl(R"(
StructuredBuffer<float4> In;
RWStructuredBuffer<float4> Out;
[numthreads(1,1,1)] void main() { Out[0] = atan(In[0]); Out[1].x = atan(In[1].x); })");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpIsNan %v4bool"));
  CHECK(has(r.spirvText, "OpIsNan %bool"));
  CHECK(count(r.spirvText, "Atan") == 2);
}
