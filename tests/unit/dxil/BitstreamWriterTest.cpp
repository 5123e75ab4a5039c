// The bitstream writer, read back with LLVM 19's own BitstreamCursor: every field kind, blocks
// and their lengths, abbreviations (literal, fixed, vbr, array, char6, blob), unabbreviated
// records and BLOCKINFO abbreviations.
#include "core/dxil/bitcode/BitstreamWriter.h"

#include <llvm/Bitstream/BitstreamReader.h>

#include <catch2/catch.hpp>

#include <string>

using namespace sl::dxil::bitcode;

namespace {

llvm::ArrayRef<uint8_t> bytesRef(const std::vector<uint8_t>& bytes) { return llvm::ArrayRef<uint8_t>(bytes.data(), bytes.size()); }

uint64_t read(llvm::BitstreamCursor& c, unsigned width) {
  llvm::Expected<llvm::SimpleBitstreamCursor::word_t> v = c.Read(width);
  REQUIRE(bool(v));
  return *v;
}

uint64_t readVBR64(llvm::BitstreamCursor& c, unsigned width) {
  llvm::Expected<uint64_t> v = c.ReadVBR64(width);
  REQUIRE(bool(v));
  return *v;
}

llvm::BitstreamEntry advance(llvm::BitstreamCursor& c, unsigned flags = 0) {
  llvm::Expected<llvm::BitstreamEntry> e = c.advance(flags);
  REQUIRE(bool(e));
  return *e;
}

unsigned readRecord(llvm::BitstreamCursor& c, unsigned abbrevId, llvm::SmallVectorImpl<uint64_t>& ops,
                    llvm::StringRef* blob = nullptr) {
  ops.clear();
  llvm::Expected<unsigned> code = c.readRecord(abbrevId, ops, blob);
  if (!code) FAIL(llvm::toString(code.takeError()));
  return *code;
}

}  // namespace

TEST_CASE("bitstream: fixed and VBR fields round-trip through LLVM's cursor", "[bitcode]") {
  BitstreamWriter w;
  w.emit('B', 8);
  w.emit(5, 3);
  w.emit(0x1ffff, 17);
  w.emit(0xdeadbeefcafef00dull, 64);
  w.emit(1, 1);
  w.emitVBR(0, 6);
  w.emitVBR(31, 6);
  w.emitVBR(32, 6);
  w.emitVBR(123456789, 4);
  w.emitVBR(0xffffffffffffffffull, 8);
  w.emit(0x7fffffff, 32);
  w.alignTo32();
  std::vector<uint8_t> bytes = w.take();
  REQUIRE(bytes.size() % 4 == 0);
  REQUIRE(bytes[0] == 'B');
  llvm::BitstreamCursor c(bytesRef(bytes));
  CHECK(read(c, 8) == 'B');
  CHECK(read(c, 3) == 5);
  CHECK(read(c, 17) == 0x1ffff);
  CHECK(read(c, 32) == 0xcafef00d);
  CHECK(read(c, 32) == 0xdeadbeef);
  CHECK(read(c, 1) == 1);
  CHECK(readVBR64(c, 6) == 0);
  CHECK(readVBR64(c, 6) == 31);
  CHECK(readVBR64(c, 6) == 32);
  CHECK(readVBR64(c, 4) == 123456789);
  CHECK(readVBR64(c, 8) == 0xffffffffffffffffull);
  CHECK(read(c, 32) == 0x7fffffff);
}

TEST_CASE("bitstream: char6 codes", "[bitcode]") {
  CHECK(encodeChar6('a') == 0);
  CHECK(encodeChar6('z') == 25);
  CHECK(encodeChar6('A') == 26);
  CHECK(encodeChar6('Z') == 51);
  CHECK(encodeChar6('0') == 52);
  CHECK(encodeChar6('9') == 61);
  CHECK(encodeChar6('.') == 62);
  CHECK(encodeChar6('_') == 63);
  CHECK(isChar6("dx.op_threadId9"));
  CHECK_FALSE(isChar6("a-b"));
  for (char ch : std::string("azAZ09._")) CHECK(llvm::BitCodeAbbrevOp::DecodeChar6(encodeChar6(ch)) == ch);
}

TEST_CASE("bitstream: blocks, abbreviations, records and BLOCKINFO read back", "[bitcode]") {
  BitstreamWriter w;
  w.emit('X', 8);
  w.emit('Y', 8);
  // BLOCKINFO: one abbreviation for block 9 (fixed code, char6 array).
  w.enterBlockInfo();
  const unsigned infoAbbrev = w.defineBlockInfoAbbrev(9, Abbrev{{AbbrevOp::literal(7), AbbrevOp::array(), AbbrevOp::char6()}});
  w.exitBlock();
  CHECK(infoAbbrev == 4);

  w.enterBlock(8, 3);
  const uint64_t version[] = {1};
  w.emitRecord(1, version);  // unabbreviated
  const unsigned fixedVbr = w.defineAbbrev(Abbrev{{AbbrevOp::fixed(4), AbbrevOp::fixed(5), AbbrevOp::vbr(6)}});
  const unsigned arrayFixed = w.defineAbbrev(Abbrev{{AbbrevOp::literal(2), AbbrevOp::array(), AbbrevOp::fixed(8)}});
  const unsigned blobAbbrev = w.defineAbbrev(Abbrev{{AbbrevOp::literal(3), AbbrevOp::vbr(4), AbbrevOp::blob()}});
  CHECK(fixedVbr == 4);
  CHECK(arrayFixed == 5);
  CHECK(blobAbbrev == 6);
  const uint64_t r1[] = {9, 17, 100000};
  w.emitRecord(fixedVbr, r1, {});
  const uint64_t r2[] = {2, 'h', 'i', 0, 255};
  w.emitRecord(arrayFixed, r2, {});
  const uint64_t r3[] = {3, 42};
  w.emitRecord(blobAbbrev, r3, std::string_view("blob\0data!", 10));
  {
    w.enterBlock(9, 4);  // nested: the BLOCKINFO abbreviation comes first, then its own
    const unsigned own = w.defineAbbrev(Abbrev{{AbbrevOp::literal(5), AbbrevOp::vbr(8)}});
    CHECK(own == 5);
    const uint64_t name[] = {7, 'm', 'a', 'i', 'n', '.', '_', '0'};
    w.emitRecord(infoAbbrev, name, {});
    const uint64_t r4[] = {5, 300};
    w.emitRecord(own, r4, {});
    const uint64_t big[] = {0xffffffffull, 1ull << 40, 0};
    w.emitRecord(12, big);
    w.exitBlock();
  }
  const uint64_t empty[] = {0};
  w.emitRecord(arrayFixed, std::span<const uint64_t>(r2, 1), {});  // an empty array
  w.emitRecord(20, std::span<const uint64_t>(empty, 0));          // no operands
  w.exitBlock();
  std::vector<uint8_t> bytes = w.take();
  REQUIRE(bytes.size() % 4 == 0);

  llvm::BitstreamCursor c(bytesRef(bytes));
  CHECK(read(c, 8) == 'X');
  CHECK(read(c, 8) == 'Y');
  llvm::BitstreamEntry e = advance(c, llvm::BitstreamCursor::AF_DontAutoprocessAbbrevs);
  REQUIRE(e.Kind == llvm::BitstreamEntry::SubBlock);
  REQUIRE(e.ID == 0);
  llvm::Expected<std::optional<llvm::BitstreamBlockInfo>> info = c.ReadBlockInfoBlock();
  REQUIRE(bool(info));
  REQUIRE(info->has_value());
  llvm::BitstreamBlockInfo blockInfo = std::move(**info);
  const llvm::BitstreamBlockInfo::BlockInfo* nine = blockInfo.getBlockInfo(9);
  REQUIRE(nine);
  REQUIRE(nine->Abbrevs.size() == 1);
  c.setBlockInfo(&blockInfo);

  e = advance(c);
  REQUIRE(e.Kind == llvm::BitstreamEntry::SubBlock);
  REQUIRE(e.ID == 8);
  const uint64_t blockStart = c.GetCurrentBitNo();
  REQUIRE(!c.EnterSubBlock(8));
  CHECK(c.getAbbrevIDWidth() == 3);
  llvm::SmallVector<uint64_t, 8> ops;
  e = advance(c);
  REQUIRE(e.Kind == llvm::BitstreamEntry::Record);
  CHECK(e.ID == llvm::bitc::UNABBREV_RECORD);
  CHECK(readRecord(c, e.ID, ops) == 1);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{1});

  e = advance(c);  // the three DEFINE_ABBREVs are processed by advance()
  REQUIRE(e.Kind == llvm::BitstreamEntry::Record);
  CHECK(e.ID == 4);
  {
    llvm::Expected<const llvm::BitCodeAbbrev*> a = c.getAbbrev(4);
    REQUIRE(bool(a));
    REQUIRE((*a)->getNumOperandInfos() == 3);
    CHECK((*a)->getOperandInfo(0).getEncoding() == llvm::BitCodeAbbrevOp::Fixed);
    CHECK((*a)->getOperandInfo(0).getEncodingData() == 4);
    CHECK((*a)->getOperandInfo(2).getEncoding() == llvm::BitCodeAbbrevOp::VBR);
    CHECK((*a)->getOperandInfo(2).getEncodingData() == 6);
    llvm::Expected<const llvm::BitCodeAbbrev*> b = c.getAbbrev(6);
    REQUIRE(bool(b));
    CHECK((*b)->getOperandInfo(0).isLiteral());
    CHECK((*b)->getOperandInfo(0).getLiteralValue() == 3);
    CHECK((*b)->getOperandInfo(2).getEncoding() == llvm::BitCodeAbbrevOp::Blob);
  }
  CHECK(readRecord(c, e.ID, ops) == 9);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{17, 100000});

  e = advance(c);
  CHECK(e.ID == 5);
  CHECK(readRecord(c, e.ID, ops) == 2);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{'h', 'i', 0, 255});

  e = advance(c);
  CHECK(e.ID == 6);
  llvm::StringRef blob;
  CHECK(readRecord(c, e.ID, ops, &blob) == 3);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{42});
  CHECK(blob == llvm::StringRef("blob\0data!", 10));

  e = advance(c);
  REQUIRE(e.Kind == llvm::BitstreamEntry::SubBlock);
  REQUIRE(e.ID == 9);
  REQUIRE(!c.EnterSubBlock(9));
  CHECK(c.getAbbrevIDWidth() == 4);
  e = advance(c);
  CHECK(e.ID == 4);  // the BLOCKINFO abbreviation
  CHECK(readRecord(c, e.ID, ops) == 7);
  CHECK(std::string(ops.begin(), ops.end()) == "main._0");
  e = advance(c);
  CHECK(e.ID == 5);
  CHECK(readRecord(c, e.ID, ops) == 5);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{300});
  e = advance(c);
  CHECK(e.ID == llvm::bitc::UNABBREV_RECORD);
  CHECK(readRecord(c, e.ID, ops) == 12);
  CHECK(ops == llvm::SmallVector<uint64_t, 8>{0xffffffffull, 1ull << 40, 0});
  e = advance(c);
  CHECK(e.Kind == llvm::BitstreamEntry::EndBlock);

  e = advance(c);
  CHECK(e.ID == 5);
  CHECK(readRecord(c, e.ID, ops) == 2);
  CHECK(ops.empty());
  e = advance(c);
  CHECK(readRecord(c, e.ID, ops) == 20);
  CHECK(ops.empty());
  e = advance(c);
  CHECK(e.Kind == llvm::BitstreamEntry::EndBlock);
  CHECK(c.AtEndOfStream());

  // The length word: skipping the outer block from its start lands at the end of the stream.
  llvm::BitstreamCursor outer(bytesRef(bytes));
  REQUIRE(!outer.JumpToBit(blockStart));
  REQUIRE(!outer.SkipBlock());
  CHECK(outer.AtEndOfStream());
}

TEST_CASE("bitstream: misuse is an exception, not a wrong stream", "[bitcode]") {
  BitstreamWriter w;
  w.enterBlock(8, 3);
  const unsigned a = w.defineAbbrev(Abbrev{{AbbrevOp::literal(2), AbbrevOp::fixed(4)}});
  const uint64_t wrongCode[] = {3, 1};
  CHECK_THROWS(w.emitRecord(a, wrongCode, {}));
  const uint64_t tooMany[] = {2, 1, 1};
  CHECK_THROWS(w.emitRecord(a, tooMany, {}));
  const uint64_t ok[] = {2, 1};
  CHECK_THROWS(w.emitRecord(a + 1, ok, {}));
}
