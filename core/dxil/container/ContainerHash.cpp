#include "core/dxil/container/ContainerHash.h"

#include <algorithm>
#include <cstring>

namespace sl::dxil {
namespace {

// MD5's state and its compression function over one 64-byte block (RFC 1321 section 3.4).
struct Md5State {
  uint32_t a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;

  void compress(const uint8_t* block) {
    // K[i] = floor(2^32 * |sin(i + 1)|), as the RFC tabulates it.
    static constexpr uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
    };
    // Left-rotation amounts, four per round.
    static constexpr uint8_t R[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t x[16];
    for (int i = 0; i < 16; ++i)
      x[i] = uint32_t(block[4 * i]) | uint32_t(block[4 * i + 1]) << 8 | uint32_t(block[4 * i + 2]) << 16 |
             uint32_t(block[4 * i + 3]) << 24;
    uint32_t aa = a, bb = b, cc = c, dd = d;
    for (int i = 0; i < 64; ++i) {
      const int round = i / 16;
      uint32_t f;
      int word;
      switch (round) {
        case 0: f = (bb & cc) | (~bb & dd); word = i; break;
        case 1: f = (bb & dd) | (cc & ~dd); word = (5 * i + 1) % 16; break;
        case 2: f = bb ^ cc ^ dd; word = (3 * i + 5) % 16; break;
        default: f = cc ^ (bb | ~dd); word = (7 * i) % 16; break;
      }
      const uint32_t sum = aa + f + K[i] + x[word];
      const uint8_t s = R[round][i % 4];
      const uint32_t rotated = bb + ((sum << s) | (sum >> (32 - s)));
      aa = dd;
      dd = cc;
      cc = bb;
      bb = rotated;
    }
    a += aa;
    b += bb;
    c += cc;
    d += dd;
  }

  Digest digest() const {
    Digest out;
    const uint32_t words[4] = {a, b, c, d};
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) out[4 * i + j] = uint8_t(words[i] >> (8 * j));
    return out;
  }
};

void putU32(uint8_t* at, uint32_t value) {
  for (int i = 0; i < 4; ++i) at[i] = uint8_t(value >> (8 * i));
}

// Runs the whole 64-byte blocks of `bytes` through `state`; returns the remainder.
std::span<const uint8_t> compressWholeBlocks(Md5State& state, std::span<const uint8_t> bytes) {
  const size_t whole = bytes.size() / 64 * 64;
  for (size_t offset = 0; offset < whole; offset += 64) state.compress(bytes.data() + offset);
  return bytes.subspan(whole);
}

}  // namespace

Digest md5(std::span<const uint8_t> bytes) {
  Md5State state;
  std::span<const uint8_t> rest = compressWholeBlocks(state, bytes);
  // 0x80, zeros to 56 mod 64, then the 64-bit length in bits.
  uint8_t tail[128] = {};
  std::copy(rest.begin(), rest.end(), tail);  // not memcpy: an empty span's data() may be null
  tail[rest.size()] = 0x80;
  const size_t tailSize = rest.size() < 56 ? 64 : 128;
  const uint64_t bits = uint64_t(bytes.size()) * 8;
  putU32(tail + tailSize - 8, uint32_t(bits));
  putU32(tail + tailSize - 4, uint32_t(bits >> 32));
  for (size_t offset = 0; offset < tailSize; offset += 64) state.compress(tail + offset);
  return state.digest();
}

Digest dxbcChecksum(std::span<const uint8_t> bytes) {
  Md5State state;
  std::span<const uint8_t> rest = compressWholeBlocks(state, bytes);
  // DXC counts the length in a 32-bit word: bits = size * 8 modulo 2^32 (containers are < 2 GiB).
  const uint32_t size = static_cast<uint32_t>(bytes.size());
  const uint32_t bits = size << 3;
  const uint32_t last = (size << 1) | 1;  // (bits >> 2) | 1
  uint8_t block[64] = {};
  if (rest.size() < 56) {
    // One block: bits, the remainder, 0x80, zeros, last.
    putU32(block, bits);
    std::copy(rest.begin(), rest.end(), block + 4);
    block[4 + rest.size()] = 0x80;
    putU32(block + 60, last);
    state.compress(block);
  } else {
    // The remainder, 0x80 and zeros fill one block; bits, zeros and last make another.
    std::copy(rest.begin(), rest.end(), block);
    block[rest.size()] = 0x80;
    state.compress(block);
    std::memset(block, 0, sizeof(block));
    putU32(block, bits);
    putU32(block + 60, last);
    state.compress(block);
  }
  return state.digest();
}

Digest containerDigest(std::span<const uint8_t> container) {
  if (container.size() < 20) return Digest{};
  return dxbcChecksum(container.subspan(20));
}

void signContainer(std::vector<uint8_t>& container) {
  if (container.size() < 20) return;
  const Digest digest = containerDigest(container);
  std::memcpy(container.data() + 4, digest.data(), digest.size());
}

std::vector<uint8_t> writeShaderHashPart(std::span<const uint8_t> bitcode) {
  std::vector<uint8_t> out(20, 0);  // Flags 0: the bitcode alone
  const Digest digest = md5(bitcode);
  std::memcpy(out.data() + 4, digest.data(), digest.size());
  return out;
}

std::span<const uint8_t> programPartBitcode(std::span<const uint8_t> part) {
  // ProgramHeader: version, size in words, then BitcodeHeader at 8: magic, DXIL version,
  // offset (from the BitcodeHeader), size.
  if (part.size() < 24) return {};
  auto u32 = [&](size_t at) {
    return uint32_t(part[at]) | uint32_t(part[at + 1]) << 8 | uint32_t(part[at + 2]) << 16 |
           uint32_t(part[at + 3]) << 24;
  };
  const uint64_t offset = 8 + uint64_t(u32(16));
  const uint64_t size = u32(20);
  if (offset > part.size() || part.size() - offset < size) return {};
  return part.subspan(offset, size);
}

std::string digestHex(const Digest& digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint8_t byte : digest) {
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}

}  // namespace sl::dxil
