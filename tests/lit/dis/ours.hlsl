// `shaderlens dis` on a container we compile: the part table, the container stage's decoded
// parts, the program header and the module as LLVM 19 reads it back from the bitcode.
// RUN: %shaderlens compile -T cs_6_6 -Fo %t.dxil %s
// RUN: %shaderlens dis %t.dxil | FileCheck %s
// RUN: %shaderlens dis --part DXIL %t.dxil | FileCheck %s --check-prefix=PART
// RUN: %shaderlens dis --part PSV0 %t.dxil | FileCheck %s --check-prefix=PSV
// RUN: %expect_exit 1 %shaderlens dis --part XXXX %t.dxil 2>&1 | FileCheck %s --check-prefix=NOPART
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * 2; }

// CHECK: ; DXContainer version 1.0, {{[0-9]+}} bytes, {{[0-9]+}} parts
// CHECK-NEXT: ; digest: {{[0-9a-f]+}}
// CHECK: ; part name    offset      size
// CHECK-NEXT: ;    0 SFI0 {{[0-9]+}} 8
// CHECK-NEXT: ;    1 ISG1 {{[0-9]+}} 8
// CHECK-NEXT: ;    2 OSG1 {{[0-9]+}} 8
// CHECK-NEXT: ;    3 PSV0 {{[0-9]+}} {{[0-9]+}}
// CHECK: DXIL {{[0-9]+}} {{[0-9]+}}
// CHECK: ; program: cs_6_6, DXIL 1.6, bitcode {{[0-9]+}} bytes
// CHECK: ; Input signature:
// CHECK: ; no parameters
// CHECK: ;   numthreads: 8, 1, 1
// CHECK: ;     UAVStructured            StructuredBuffer   space 0 range 0..0
// CHECK: ; DXIL program header: shader model 6.6, compute shader (kind 5), {{[0-9]+}} words; DXIL 1.6, bitcode at offset 16, {{[0-9]+}} bytes
// CHECK: ; ---- DXIL module ({{[0-9]+}} bytes of bitcode at byte {{[0-9]+}}, as LLVM 19 reads it)
// CHECK-NOT: the bitcode's data layout
// CHECK: target triple = "dxil-pc-shadermodel6.6-compute"
// CHECK: define void @main()
// CHECK: call i32 @dx.op.threadId.i32(i32 93, i32 0)
// CHECK: call void @dx.op.rawBufferStore.i32(i32 140,

// PART: ; ---- part {{[0-9]}}: DXIL ({{[0-9]+}} bytes at byte {{[0-9]+}})
// PART-NEXT: ; DXIL program header: shader model 6.6, compute shader
// PART: define void @main()

// PSV: ; ---- part 3: PSV0 ({{[0-9]+}} bytes at byte {{[0-9]+}})
// PSV-NEXT: ;
// PSV-NEXT: ; Pipeline state validation (PSV0 version 3):
// PSV-NEXT: ;   stage: compute
// PSV-NEXT: ;   entry: main
// PSV-NOT: Input signature

// NOPART: error: at byte 32: the container has no part 'XXXX' (its parts: SFI0 ISG1 OSG1 PSV0 {{.*}}DXIL)
