// The two digests a DXContainer carries, computed as DXC computes them (docs/dxil.md, "Digests"):
//
// * the header digest (DxilContainerHeader::Hash, bytes 4..19): the "DXBC checksum", MD5's
//   compression function with a different final block, over the container from byte 20 (the
//   version field) to its end. DXC's validator writes it (DxilHash's ComputeHashRetail); D3D12
//   compares it with the bytes before it accepts a container. The final block differs from MD5's:
//   it starts with the message length in bits (32-bit) and ends with (bits >> 2) | 1, and the
//   0x80 terminator sits right after the data. When the remainder after the last whole 64-byte
//   block is 56 bytes or more, the remainder + 0x80 + zeros are one block and the length words
//   go into a further block of zeros.
// * the HASH part (DxilShaderHash {uint32 Flags; uint8 Digest[16]}): standard MD5 of the DXIL
//   part's bitcode (without the program header, with debug info stripped), Flags 0. With
//   -Zss DXC hashes the bitcode before stripping and sets Flags = IncludesSource (1); we never
//   write that form (our bitcode has no debug info), but the reader checks it against ILDB.
//
// Plain C++: the MD5 block function is ours (RFC 1321), shared by both paddings.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::dxil {

using Digest = std::array<uint8_t, 16>;

// Standard MD5 (RFC 1321) of `bytes`.
Digest md5(std::span<const uint8_t> bytes);

// The DXBC checksum (DXC's ComputeHashRetail) of `bytes`.
Digest dxbcChecksum(std::span<const uint8_t> bytes);

// The header digest `container` should carry: dxbcChecksum of the bytes from offset 20 (the
// whole container: its header's size field is not consulted). Zero for fewer than 20 bytes.
Digest containerDigest(std::span<const uint8_t> container);

// Writes containerDigest into bytes 4..19 (a no-op for fewer than 20 bytes).
void signContainer(std::vector<uint8_t>& container);

// DxilShaderHashFlags.
inline constexpr uint32_t kShaderHashIncludesSource = 1;

// The HASH payload (20 bytes: Flags little-endian, then the digest) for a DXIL part whose
// bitcode is `bitcode`: Flags 0, MD5 of the bitcode.
std::vector<uint8_t> writeShaderHashPart(std::span<const uint8_t> bitcode);

// The bitcode of a DXIL or ILDB part's payload (program header, bitcode header, bitcode): the
// BitcodeHeader's offset and size, bounds-checked; empty when they point outside the part.
std::span<const uint8_t> programPartBitcode(std::span<const uint8_t> part);

// Lower-case hex of a digest, as DXC prints its shader hash.
std::string digestHex(const Digest& digest);

}  // namespace sl::dxil
