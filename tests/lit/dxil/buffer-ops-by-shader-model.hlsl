// Buffer and texture access as DXC lowers it per shader model (DXC's HLSLFileCheck
// res64bit.hlsl and load_type_shapes_sm60.hlsl pin the same choices):
// * before SM 6.6 handles come from createHandle (class, dx.resources range id, absolute
//   register), with no annotateHandle; from 6.6 createHandleFromBinding + annotateHandle;
// * before SM 6.2 raw and structured buffers take bufferLoad/bufferStore (as typed buffers always
//   do); from 6.2 rawBufferLoad/rawBufferStore with a mask and an alignment;
// * bufferLoad/Store and textureLoad/Store have no 64-bit overloads: a double or 64-bit integer
//   moves as two i32 words, low first (makeDouble/splitDouble, zext/shl/or and trunc/lshr); a raw
//   access of more than four words takes one op per 16 bytes.
// Every module also passes dxil.validate (the RUN lines would fail otherwise).
// RUN: %shaderlens compile -T cs_6_0 -E main --print dxil %s | FileCheck %s --check-prefixes=SM60,ALL
// RUN: %shaderlens compile -T cs_6_2 -E main --print dxil %s | FileCheck %s --check-prefixes=SM62,ALL
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s --check-prefixes=SM66,ALL
// RUN: %shaderlens compile -T cs_6_0 -E main --print dxil %s | not grep -E "createHandleFromBinding|annotateHandle|rawBuffer|(buffer|texture)(Load|Store)\.(i|f)64"
// RUN: %shaderlens compile -T cs_6_2 -E main --print dxil %s | not grep -E "createHandleFromBinding|annotateHandle|(buffer|texture)(Load|Store)\.(i|f)64"
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | not grep -E "createHandle\(|(buffer|texture)(Load|Store)\.(i|f)64"
// RUN: %shaderlens compile -T cs_6_0 -E main %s -Fo %t.dxil && %shaderlens dis %t.dxil | FileCheck %s --check-prefix=DIS

RWBuffer<double> Doubles : register(u0);
RWTexture2D<uint64_t> Wide : register(u1);
struct Item { double d; int64_t i; float f; };
StructuredBuffer<Item> Items : register(t0);
RWStructuredBuffer<Item> OutItems : register(u2);
RWStructuredBuffer<double4> OutQuads : register(u3);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Doubles[id.x] = Doubles[id.x] * 2.0;
  Wide[id.xy] = Wide[id.xy] + 3;
  Item it = Items[id.x];
  it.i += 5;
  OutItems[id.x] = it;
  OutQuads[id.x] = double4(it.d, 1.0, 2.0, 3.0);
}

// The typed buffer of doubles: one i32 pair per element, all four components written.
// SM60:      [[H0:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
// SM62:      [[H0:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
// SM66:      [[B0:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
// SM66-NEXT: [[H0:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[B0]]
// ALL:       [[R:%[0-9]+]] = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle [[H0]], i32 %0, i32 undef)
// ALL-NEXT:  [[LO:%[0-9]+]] = extractvalue %dx.types.ResRet.i32 [[R]], 0
// ALL-NEXT:  [[HI:%[0-9]+]] = extractvalue %dx.types.ResRet.i32 [[R]], 1
// ALL-NEXT:  call double @dx.op.makeDouble.f64(i32 101, i32 [[LO]], i32 [[HI]])
// ALL:       [[S:%[0-9]+]] = call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102, double
// ALL-NEXT:  [[SLO:%[0-9]+]] = extractvalue %dx.types.splitdouble [[S]], 0
// ALL-NEXT:  [[SHI:%[0-9]+]] = extractvalue %dx.types.splitdouble [[S]], 1
// ALL-NEXT:  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle [[H0]], i32 %0, i32 undef, i32 [[SLO]], i32 [[SHI]], i32 [[SLO]], i32 [[SLO]], i8 15)

// The 64-bit texture: textureLoad/Store.i32, the words joined and split as integers.
// ALL:       call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66,
// ALL:       zext i32
// ALL:       shl i64
// ALL:       or i64
// ALL:       trunc i64
// ALL:       lshr i64
// ALL:       call void @dx.op.textureStore.i32(i32 67,

// The structured buffers: bufferLoad/Store at 6.0 (coordinates: element, byte offset), raw ops later.
// SM60:      call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 0)
// SM60:      call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 8)
// SM60:      call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 16)
// SM60:      call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 8, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 undef, i8 3)
// SM60:      call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 16, float %{{[0-9]+}}, float undef, float undef, float undef, i8 1)
// A double4 is eight words: two stores, the second 16 bytes on.
// SM60:      call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle [[Q:%[0-9]+]], i32 %0, i32 0, i32 {{.*}}, i8 15)
// SM60-NEXT: call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle [[Q]], i32 %0, i32 16, i32 {{.*}}, i8 15)
// SM62:      call %dx.types.ResRet.f64 @dx.op.rawBufferLoad.f64(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 0, i8 1, i32 8)
// SM62:      call %dx.types.ResRet.i64 @dx.op.rawBufferLoad.i64(i32 139, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 8, i8 1, i32 8)
// SM62:      call void @dx.op.rawBufferStore.f64(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 0, double {{.*}}, i8 15, i32 8)
// SM66:      call void @dx.op.rawBufferStore.f64(i32 140, %dx.types.Handle %{{[0-9]+}}, i32 %0, i32 0, double {{.*}}, i8 15, i32 8)

// The container's DXIL part holds the same ops, as LLVM 19 reads them back.
// DIS: ; program: cs_6_0, DXIL 1.0
// DIS: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
// DIS: call double @dx.op.makeDouble.f64(i32 101,
