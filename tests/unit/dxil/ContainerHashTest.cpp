// The container digests (ContainerHash.h) against vectors that can fail:
// * MD5: RFC 1321's test suite, and LLVM's MD5 for every length 0..300 (all padding cases);
// * the DXBC checksum: the input/digest pairs DXC publishes in its own unit test
//   (microsoft/DirectXShaderCompiler unittests/DxilHash/DxilHashTest.cpp, NCSA licence; only the
//   inputs, rebuilt from their description, and the digests are used here), and real containers
//   signed by dxil.dll and fxc, read from ../shared/containers (copies of files from that
//   repository, NCSA licence, listed in its README) with both final-block layouts;
// * HASH: the DXC-built DXIL container's HASH part is the MD5 of its DXIL part's bitcode;
// * our own containers: they verify, the printer says so, one flipped byte is reported.
#include "core/dxil/container/ContainerHash.h"
#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/container/ContainerReader.h"
#include "core/dxil/container/ContainerWriter.h"
#include "tests/unit/dxil/TestShaders.h"

#include "llvm/Object/DXContainer.h"
#include "llvm/Support/MD5.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

using namespace sl::dxil;
using namespace sl::dxil::test;

namespace {

std::span<const uint8_t> bytesOf(std::string_view text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

// A digest from its four little-endian words, as DXC's test writes them.
Digest fromWords(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  Digest out;
  const uint32_t words[4] = {a, b, c, d};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) out[4 * i + j] = uint8_t(words[i] >> (8 * j));
  return out;
}

const std::string kContainers = std::string(SHADERLENS_SHARED_DIR) + "/containers/DirectXShaderCompiler/";

// The real containers were put beside the other shared data on one machine (they are files of
// DXC's repository, which is not vendored here); where they are absent these cases say so and
// check nothing, and the digests above and our own containers below still are checked.
bool realContainersHere() {
  if (std::filesystem::is_directory(kContainers)) return true;
  WARN("no real containers at " << kContainers << " (copies of DXC test files): not checked here");
  return false;
}

std::vector<uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  INFO(path);
  REQUIRE(in.good());
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// The bytes of the first `const unsigned char name[] = { 0x.., ... };` array in a C header.
std::vector<uint8_t> readCArray(const std::string& path) {
  std::vector<uint8_t> text = readFile(path);
  std::string source(text.begin(), text.end());
  const size_t start = source.find("[] = {");
  REQUIRE(start != std::string::npos);
  const size_t end = source.find("};", start);
  REQUIRE(end != std::string::npos);
  std::vector<uint8_t> out;
  const std::string body = source.substr(start, end - start);
  static const std::regex kByte("0x([0-9a-fA-F]{2})");
  for (std::sregex_iterator it(body.begin(), body.end(), kByte), last; it != last; ++it)
    out.push_back(static_cast<uint8_t>(std::stoul((*it)[1].str(), nullptr, 16)));
  return out;
}

Digest storedDigest(const std::vector<uint8_t>& container) {
  Digest out;
  REQUIRE(container.size() >= 20);
  std::memcpy(out.data(), container.data() + 4, out.size());
  return out;
}

std::string firstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string lineStarting(const std::string& text, const std::string& prefix) {
  const size_t at = text.find("\n" + prefix);
  if (at == std::string::npos) return "";
  return firstLine(text.substr(at + 1));
}

}  // namespace

TEST_CASE("MD5 gives RFC 1321's test-suite digests", "[dxil][hash]") {
  CHECK(digestHex(md5(bytesOf(""))) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(digestHex(md5(bytesOf("a"))) == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(digestHex(md5(bytesOf("abc"))) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(digestHex(md5(bytesOf("message digest"))) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(digestHex(md5(bytesOf("abcdefghijklmnopqrstuvwxyz"))) == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(digestHex(md5(bytesOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"))) ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  std::string digits;
  for (int i = 0; i < 8; ++i) digits += "1234567890";
  CHECK(digestHex(md5(bytesOf(digits))) == "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("MD5 equals LLVM's MD5 for every length up to 300 bytes", "[dxil][hash]") {
  std::vector<uint8_t> data(300);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(i * 131 + 7);
  for (size_t n = 0; n <= data.size(); ++n) {
    llvm::MD5 reference;
    reference.update(llvm::ArrayRef<uint8_t>(data.data(), n));
    const llvm::MD5::MD5Result expected = reference.final();
    const Digest ours = md5(std::span<const uint8_t>(data.data(), n));
    INFO("length " << n);
    CHECK(std::memcmp(ours.data(), expected.data(), 16) == 0);
  }
}

TEST_CASE("the DXBC checksum gives the digests DXC's DxilHash test publishes", "[dxil][hash]") {
  // DxilHashTest.cpp, FixHashValueTest: the empty string, and five 160-byte strings (five rows of
  // 32 characters each). 160 % 64 = 32, so these take the one-final-block path; the containers
  // below take the other.
  CHECK(dxbcChecksum(bytesOf("")) == fromWords(0xf6600d14, 0xbae275b7, 0xd4be4a4e, 0xa1e9b201));
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyz";
  const std::string mixed = alphabet + "abcdef" + alphabet + "ghijkl" + alphabet + "mnopqr" + alphabet + "stuvwx" +
                            alphabet + "yzabcd";
  REQUIRE(mixed.size() == 160);
  CHECK(dxbcChecksum(bytesOf(mixed)) == fromWords(0x00830fe6, 0xd8d8a035, 0xe6d62794, 0x016629df));
  CHECK(dxbcChecksum(bytesOf(std::string(160, 'a'))) == fromWords(0xa5e5a0bb, 0xd96dd9f8, 0x0b4b7191, 0xd63aa54a));
  CHECK(dxbcChecksum(bytesOf(std::string(160, 'z'))) == fromWords(0x58ed1b7a, 0x90ede58b, 0xf9ad857c, 0x5440e613));
  std::string ab;
  for (int i = 0; i < 80; ++i) ab += "ab";
  CHECK(dxbcChecksum(bytesOf(ab)) == fromWords(0xf4fc06fc, 0x0bbd9ef7, 0x765ae0f7, 0x52a55925));
  // It is not MD5: the final block differs.
  CHECK(dxbcChecksum(bytesOf(ab)) != md5(bytesOf(ab)));
}

TEST_CASE("the header digest of real signed containers equals the one they carry", "[dxil][hash]") {
  if (!realContainersHere()) return;
  struct Vector {
    const char* path;
    size_t remainder;  // (size - 20) % 64: < 56 one final block, >= 56 two
    bool signedContainer;
  };
  const Vector vectors[] = {
      {"tools/clang/unittests/HLSL/TestHeaders/TestDxilWithEmptyDefine.h", 58, true},  // DXIL, dxil.dll
      {"projects/dxilconv/test/regression_tests/unaligned-isg1-osg1.bin", 58, true},     // fxc from here on
      {"projects/dxilconv/test/dxbc2dxil/if1.dxbc", 4, true},
      {"projects/dxilconv/test/dxbc2dxil/empty.dxbc", 32, true},
      {"projects/dxilconv/test/dxbc2dxil/constoperand1.dxbc", 52, true},
      {"projects/dxilconv/test/dxbc2dxil/cast5.dxbc", 56, true},
      {"projects/dxilconv/test/dxbc2dxil/f32f16.dxbc", 60, true},
      {"projects/dxilconv/test/dxbc2dxil-asm/call2.dxbc", 0, false},  // hand-assembled, not signed
  };
  for (const Vector& v : vectors) {
    const std::string path = kContainers + v.path;
    const std::vector<uint8_t> bytes =
        std::string_view(v.path).ends_with(".h") ? readCArray(path) : readFile(path);
    INFO(v.path << ": " << bytes.size() << " bytes, digest " << digestHex(storedDigest(bytes)));
    REQUIRE(bytes.size() > 20);
    CHECK((bytes.size() - 20) % 64 == v.remainder);
    CHECK((containerDigest(bytes) == storedDigest(bytes)) == v.signedContainer);
  }
}

TEST_CASE("the HASH part of a DXC-built container is the MD5 of its DXIL part's bitcode", "[dxil][hash]") {
  if (!realContainersHere()) return;
  // dxc -T ps_6_0 /Zi /Qembed_debug, validator 1.5: HASH flags 0, so it hashes the stripped
  // bitcode of the DXIL part, not the debug bitcode of ILDB.
  const std::vector<uint8_t> bytes =
      readCArray(kContainers + "tools/clang/unittests/HLSL/TestHeaders/TestDxilWithEmptyDefine.h");
  std::string error;
  std::optional<ContainerView> view = readContainer(bytes, error);
  INFO(error);
  REQUIRE(view);
  std::vector<std::string> names;
  for (const ContainerPartInfo& part : view->parts) names.push_back(part.name);
  CHECK(names == std::vector<std::string>{"SFI0", "ISG1", "OSG1", "PSV0", "ILDB", "ILDN", "HASH", "DXIL"});
  REQUIRE(view->shaderHash);
  CHECK(view->shaderHash->Flags == 0);
  Digest stored;
  std::memcpy(stored.data(), view->shaderHash->Digest, 16);
  CHECK(digestHex(stored) == "21c11f2029d870c04dedb3fe6b46bf27");  // what the header's -Fc text says
  REQUIRE(!view->programBitcode.empty());
  CHECK(md5(view->programBitcode) == stored);
  CHECK(md5(view->debugBitcode) != stored);
  // The HASH payload we would write for that bitcode is the part DXC wrote.
  CHECK(writeShaderHashPart(view->programBitcode) == partData(bytes, "HASH"));

  std::vector<sl::Diagnostic> diagnostics;
  const std::string text = printContainer(bytes, diagnostics);
  CHECK(diagnostics.empty());
  CHECK(firstLine(text) == "; DXContainer 1.0, 2958 bytes, digest 3a122ee6058dbfaba6a993310df06011 (matches the bytes)");
  CHECK(lineStarting(text, "; shader hash:") ==
        "; shader hash: 21c11f2029d870c04dedb3fe6b46bf27, flags 0, matches the bitcode");
}

TEST_CASE("our containers carry HASH before DXIL and a header digest that verifies", "[dxil][hash]") {
  const std::vector<uint8_t> bitcode = {'B', 'C', 0xC0, 0xDE, 1, 2, 3, 4, 5, 6, 7, 8};
  ContainerBuildResult built = buildContainer(vertexShader(), bitcode);
  REQUIRE(built.ok());
  const std::vector<uint8_t>& bytes = built.bytes;
  CHECK(storedDigest(bytes) != Digest{});
  CHECK(storedDigest(bytes) == containerDigest(bytes));
  CHECK(partData(bytes, "HASH") == writeShaderHashPart(bitcode));
  const std::vector<uint8_t> hash = partData(bytes, "HASH");
  REQUIRE(hash.size() == 20);
  CHECK(std::vector<uint8_t>(hash.begin(), hash.begin() + 4) == std::vector<uint8_t>{0, 0, 0, 0});
  const Digest bitcodeMd5 = md5(bitcode);
  CHECK(std::equal(bitcodeMd5.begin(), bitcodeMd5.end(), hash.begin() + 4));

  // LLVM 19's reader: the part order and its ShaderHash view.
  llvm::StringRef data(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  llvm::Expected<llvm::object::DXContainer> container = llvm::object::DXContainer::create(llvm::MemoryBufferRef(data, "x"));
  REQUIRE(static_cast<bool>(container));
  std::vector<std::string> names;
  for (const auto& part : *container) names.push_back(part.Part.getName().str());
  CHECK(names == std::vector<std::string>{"SFI0", "ISG1", "OSG1", "PSV0", "HASH", "DXIL"});
  REQUIRE(container->getShaderHash().has_value());
  CHECK(container->getShaderHash()->Flags == 0);
  CHECK(std::memcmp(container->getShaderHash()->Digest, bitcodeMd5.data(), 16) == 0);

  std::vector<sl::Diagnostic> diagnostics;
  const std::string text = printContainer(bytes, diagnostics);
  CHECK(diagnostics.empty());
  CHECK(firstLine(text) == "; DXContainer 1.0, " + std::to_string(bytes.size()) + " bytes, digest " +
                               digestHex(containerDigest(bytes)) + " (matches the bytes)");
  CHECK(lineStarting(text, "; shader hash:") ==
        "; shader hash: " + digestHex(bitcodeMd5) + ", flags 0, matches the bitcode");
}

TEST_CASE("flipping any one byte of our container is reported as a digest mismatch", "[dxil][hash]") {
  const std::vector<uint8_t> bitcode = {'B', 'C', 0xC0, 0xDE, 9, 9, 9, 9};
  ContainerBuildResult built = buildContainer(computeShaderWithHeaps(), bitcode);
  REQUIRE(built.ok());
  const std::vector<uint8_t>& bytes = built.bytes;
  // Every byte of the digest and of what it covers; the magic (bytes 0..3) is not covered.
  size_t mismatches = 0;
  for (size_t i = 4; i < bytes.size(); ++i) {
    std::vector<uint8_t> flipped = bytes;
    flipped[i] ^= 0x01;
    if (containerDigest(flipped) != storedDigest(flipped)) ++mismatches;
  }
  CHECK(mismatches == bytes.size() - 4);

  // The printer names both digests; a flipped bitcode byte also breaks the shader hash.
  std::vector<uint8_t> flipped = bytes;
  flipped[bytes.size() - 1] ^= 0x80;  // the last bitcode byte
  std::vector<sl::Diagnostic> diagnostics;
  const std::string text = printContainer(flipped, diagnostics);
  CHECK(diagnostics.empty());
  CHECK(firstLine(text) == "; DXContainer 1.0, " + std::to_string(bytes.size()) + " bytes, digest " +
                               digestHex(storedDigest(bytes)) + " (does not match the bytes, which hash to " +
                               digestHex(containerDigest(flipped)) + ")");
  std::vector<uint8_t> changedBitcode = bitcode;
  changedBitcode.back() ^= 0x80;
  CHECK(lineStarting(text, "; shader hash:") == "; shader hash: " + digestHex(md5(bitcode)) +
                                                    ", flags 0, does not match the bitcode (MD5 " +
                                                    digestHex(md5(changedBitcode)) + ")");
}

TEST_CASE("HASH needs validator 1.5, -Vd leaves the digest zero, root signatures are signed", "[dxil][hash]") {
  ShaderRuntimeInfo old = computeShaderWithHeaps();
  old.validatorMinor = 4;
  ContainerBuildResult built = buildContainer(old);
  REQUIRE(built.ok());
  CHECK(partData(built.bytes, "HASH").empty());
  CHECK(storedDigest(built.bytes) == containerDigest(built.bytes));

  ContainerWriteOptions unsignedOptions;
  unsignedOptions.digest = false;
  ContainerBuildResult unsignedBuild = buildContainer(computeShaderWithHeaps(), {}, unsignedOptions);
  REQUIRE(unsignedBuild.ok());
  CHECK(storedDigest(unsignedBuild.bytes) == Digest{});
  CHECK(partData(unsignedBuild.bytes, "HASH") == writeShaderHashPart({}));  // MD5 of no bitcode
  std::vector<sl::Diagnostic> diagnostics;
  const std::string text = printContainer(unsignedBuild.bytes, diagnostics);
  CHECK(firstLine(text) == "; DXContainer 1.0, " + std::to_string(unsignedBuild.bytes.size()) +
                               " bytes, digest zero (unsigned)");

  const std::vector<uint8_t> rts0 = {2, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0};
  const std::vector<uint8_t> rootSignature = buildRootSignatureContainer(rts0);
  CHECK(partData(rootSignature, "HASH").empty());
  CHECK(storedDigest(rootSignature) != Digest{});
  CHECK(storedDigest(rootSignature) == containerDigest(rootSignature));
  CHECK(storedDigest(buildRootSignatureContainer(rts0, unsignedOptions)) == Digest{});
}
