// The LLVM bitstream container, written from the format description in LLVM's BitCodeFormat
// document (not from any LLVM or DXC writer): fixed and VBR fields, char6, 32-bit alignment,
// blocks (ENTER_SUBBLOCK with its abbreviation width and a length word patched at END_BLOCK),
// DEFINE_ABBREV (literal, fixed, vbr, array, char6 and blob operands), abbreviated and
// unabbreviated records, and the BLOCKINFO block (abbreviations shared by every block of an id).
//
// Bits are packed little-endian into 32-bit words, as the format requires; bytes() is always a
// whole number of words once every block is closed and alignTo32() has run.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string_view>
#include <vector>

namespace sl::dxil::bitcode {

// The abbreviation ids every block has (BitCodeFormat "Abbreviation IDs").
enum FixedAbbrevId : unsigned {
  kEndBlock = 0,
  kEnterSubblock = 1,
  kDefineAbbrev = 2,
  kUnabbrevRecord = 3,
  kFirstApplicationAbbrev = 4,
};

constexpr unsigned kBlockInfoBlockId = 0;
constexpr unsigned kBlockInfoSetBid = 1;  // BLOCKINFO record SETBID: [blockid]

struct AbbrevOp {
  enum class Kind : uint8_t { Literal, Fixed, VBR, Array, Char6, Blob };
  Kind kind = Kind::Literal;
  uint64_t value = 0;  // the literal, or the width of Fixed/VBR

  static AbbrevOp literal(uint64_t v) { return {Kind::Literal, v}; }
  static AbbrevOp fixed(unsigned width) { return {Kind::Fixed, width}; }
  static AbbrevOp vbr(unsigned width) { return {Kind::VBR, width}; }
  static AbbrevOp array() { return {Kind::Array, 0}; }  // followed by the element's operand
  static AbbrevOp char6() { return {Kind::Char6, 0}; }
  static AbbrevOp blob() { return {Kind::Blob, 0}; }
};

struct Abbrev {
  std::vector<AbbrevOp> ops;  // ops[0] usually describes the record code
};

// Char6: [a-zA-Z0-9._] in 6 bits. isChar6 says whether every character of s has a code.
bool isChar6(std::string_view s);
unsigned encodeChar6(char c);

class BitstreamWriter {
public:
  // Raw fields.
  void emit(uint64_t value, unsigned width);  // fixed width, 0..64 bits
  void emitVBR(uint64_t value, unsigned width);
  void alignTo32();

  // Blocks. abbrevWidth is the width of abbreviation ids inside the block.
  void enterBlock(unsigned blockId, unsigned abbrevWidth);
  void exitBlock();
  unsigned abbrevWidth() const { return abbrevWidth_; }

  // DEFINE_ABBREV in the current block; returns the abbreviation id records use.
  unsigned defineAbbrev(const Abbrev& abbrev);

  // UNABBREV_RECORD: [code, numops, ops...] all vbr6.
  void emitRecord(unsigned code, std::span<const uint64_t> ops);
  // An abbreviated record: values[0] is the record code, the rest the operands, matched to the
  // abbreviation's operands in order (an array takes all the remaining values; a blob takes `blob`).
  void emitRecord(unsigned abbrevId, std::span<const uint64_t> values, std::string_view blob);

  // BLOCKINFO: enterBlockInfo() opens block 0; defineBlockInfoAbbrev emits SETBID when the
  // target block changes and the abbreviation, and returns the id it has inside blocks of blockId
  // (those abbreviations come before any a block defines itself). exitBlock() closes it.
  void enterBlockInfo();
  unsigned defineBlockInfoAbbrev(unsigned blockId, const Abbrev& abbrev);

  // The stream so far (call after the outermost block is closed).
  const std::vector<uint8_t>& bytes() const { return out_; }
  std::vector<uint8_t> take();
  uint64_t bitPosition() const { return uint64_t(out_.size()) * 8 + curBit_; }

private:
  struct Scope {
    unsigned blockId;
    unsigned outerAbbrevWidth;
    std::vector<Abbrev> outerAbbrevs;
    size_t lengthWordOffset;  // byte offset of the block length word
  };
  void flushWord();
  void emitAbbrevOp(const AbbrevOp& op);
  void emitScalar(const AbbrevOp& op, uint64_t v);
  const Abbrev& abbrevFor(unsigned id) const;
  void emitAbbrevDefinition(const Abbrev& abbrev);

  std::vector<uint8_t> out_;
  uint32_t cur_ = 0;
  unsigned curBit_ = 0;
  unsigned abbrevWidth_ = 2;  // the top level uses 2-bit abbreviation ids
  unsigned curBlockId_ = ~0u;
  std::vector<Abbrev> abbrevs_;  // of the current block: blockinfo ones first, then its own
  std::vector<Scope> scopes_;
  std::map<unsigned, std::vector<Abbrev>> blockInfo_;
  unsigned blockInfoTarget_ = ~0u;
};

}  // namespace sl::dxil::bitcode
