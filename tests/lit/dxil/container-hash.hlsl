// The container's two digests (issue 21): the header digest (DXC's validator's DXBC checksum of
// the bytes from offset 20) and the HASH part (MD5 of the DXIL part's bitcode, flags 0), placed
// between PSV0 and DXIL as DXC places it. container_digests.py recomputes both independently
// (hashlib's MD5 for HASH); obj2yaml (LLVM 19) decodes HASH; -Vd leaves the header digest zero.
// RUN: %shaderlens compile -T cs_6_6 -E main --print container %s | FileCheck %s --check-prefix=TEXT
// RUN: %shaderlens compile -T cs_6_6 -E main -Fo %t.dxil %s
// RUN: %python %S/Inputs/container_digests.py %t.dxil | FileCheck %s --check-prefix=DIGESTS
// RUN: obj2yaml %t.dxil | FileCheck %s --check-prefix=YAML
// RUN: %shaderlens compile -T cs_6_6 -E main -Vd -Fo %t.vd.dxil %s
// RUN: %python %S/Inputs/container_digests.py %t.vd.dxil | FileCheck %s --check-prefix=VD

RWStructuredBuffer<float> output : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  output[id.x] = id.x * 2.0;
}

// TEXT:      ; DXContainer 1.0, {{[0-9]+}} bytes, digest {{[0-9a-f]{32} }}(matches the bytes)
// TEXT-NEXT: ; parts: SFI0(8) ISG1(8) OSG1(8) PSV0({{[0-9]+}}) HASH(20) DXIL({{[0-9]+}})
// TEXT-NEXT: ; program: cs_6_6, DXIL 1.6, bitcode {{[1-9][0-9]*}} bytes
// TEXT-NEXT: ; shader hash: {{[0-9a-f]{32},}} flags 0, matches the bitcode

// DIGESTS: header stored=[[DIGEST:[0-9a-f]{32}]] computed=[[DIGEST]]
// DIGESTS: HASH flags=0 stored=[[HASH:[0-9a-f]{32}]] md5(bitcode)=[[HASH]]

// YAML:      PartCount: 6
// YAML:      - Name: PSV0
// YAML:      - Name: HASH
// YAML-NEXT:   Size: 20
// YAML-NEXT:   Hash:
// YAML-NEXT:     IncludesSource: false
// YAML-NEXT:     Digest: [
// YAML:      - Name: DXIL

// VD: header stored=00000000000000000000000000000000 computed={{[0-9a-f]{32}$}}
// VD: HASH flags=0 stored=[[VDHASH:[0-9a-f]{32}]] md5(bitcode)=[[VDHASH]]
