#include "core/dxil/bitcode/BitstreamWriter.h"

#include <cassert>
#include <stdexcept>

namespace sl::dxil::bitcode {

unsigned encodeChar6(char c) {
  if (c >= 'a' && c <= 'z') return unsigned(c - 'a');
  if (c >= 'A' && c <= 'Z') return unsigned(c - 'A') + 26;
  if (c >= '0' && c <= '9') return unsigned(c - '0') + 52;
  if (c == '.') return 62;
  if (c == '_') return 63;
  throw std::logic_error("bitstream: character has no char6 code");
}

bool isChar6(std::string_view s) {
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'))
      return false;
  return true;
}

void BitstreamWriter::flushWord() {
  for (int i = 0; i < 4; ++i) out_.push_back(uint8_t(cur_ >> (8 * i)));
  cur_ = 0;
  curBit_ = 0;
}

void BitstreamWriter::emit(uint64_t value, unsigned width) {
  assert(width <= 64);
  if (width > 32) {
    emit(value & 0xffffffffu, 32);
    emit(value >> 32, width - 32);
    return;
  }
  if (width == 0) return;
  uint32_t v = width == 32 ? uint32_t(value) : uint32_t(value & ((1u << width) - 1));
  assert(width == 32 || (value >> width) == 0);
  cur_ |= v << curBit_;
  if (curBit_ + width >= 32) {
    const unsigned used = 32 - curBit_;
    flushWord();
    if (used < width) cur_ = v >> used;
    curBit_ = width - used;
  } else {
    curBit_ += width;
  }
}

void BitstreamWriter::emitVBR(uint64_t value, unsigned width) {
  assert(width >= 2 && width <= 32);
  const uint64_t hi = uint64_t(1) << (width - 1);
  while (value >= hi) {
    emit((value & (hi - 1)) | hi, width);
    value >>= width - 1;
  }
  emit(value, width);
}

void BitstreamWriter::alignTo32() {
  if (curBit_ != 0) flushWord();
}

void BitstreamWriter::enterBlock(unsigned blockId, unsigned newAbbrevWidth) {
  emit(kEnterSubblock, abbrevWidth_);
  emitVBR(blockId, 8);
  emitVBR(newAbbrevWidth, 4);
  alignTo32();
  Scope scope{curBlockId_, abbrevWidth_, std::move(abbrevs_), out_.size()};
  scopes_.push_back(std::move(scope));
  emit(0, 32);  // the length, patched by exitBlock
  abbrevWidth_ = newAbbrevWidth;
  curBlockId_ = blockId;
  abbrevs_.clear();
  if (auto it = blockInfo_.find(blockId); it != blockInfo_.end()) abbrevs_ = it->second;
}

void BitstreamWriter::exitBlock() {
  assert(!scopes_.empty());
  emit(kEndBlock, abbrevWidth_);
  alignTo32();
  Scope scope = std::move(scopes_.back());
  scopes_.pop_back();
  const size_t bodyWords = (out_.size() - scope.lengthWordOffset) / 4 - 1;
  for (int i = 0; i < 4; ++i) out_[scope.lengthWordOffset + i] = uint8_t(bodyWords >> (8 * i));
  abbrevWidth_ = scope.outerAbbrevWidth;
  abbrevs_ = std::move(scope.outerAbbrevs);
  curBlockId_ = scope.blockId;
  if (curBlockId_ != kBlockInfoBlockId) blockInfoTarget_ = ~0u;
}

void BitstreamWriter::emitAbbrevOp(const AbbrevOp& op) {
  if (op.kind == AbbrevOp::Kind::Literal) {
    emit(1, 1);
    emitVBR(op.value, 8);
    return;
  }
  emit(0, 1);
  switch (op.kind) {
    case AbbrevOp::Kind::Fixed: emit(1, 3); emitVBR(op.value, 5); break;
    case AbbrevOp::Kind::VBR: emit(2, 3); emitVBR(op.value, 5); break;
    case AbbrevOp::Kind::Array: emit(3, 3); break;
    case AbbrevOp::Kind::Char6: emit(4, 3); break;
    case AbbrevOp::Kind::Blob: emit(5, 3); break;
    case AbbrevOp::Kind::Literal: break;
  }
}

void BitstreamWriter::emitAbbrevDefinition(const Abbrev& abbrev) {
  emit(kDefineAbbrev, abbrevWidth_);
  emitVBR(abbrev.ops.size(), 5);
  for (const AbbrevOp& op : abbrev.ops) emitAbbrevOp(op);
}

unsigned BitstreamWriter::defineAbbrev(const Abbrev& abbrev) {
  assert(curBlockId_ != kBlockInfoBlockId && "use defineBlockInfoAbbrev inside BLOCKINFO");
  emitAbbrevDefinition(abbrev);
  abbrevs_.push_back(abbrev);
  return kFirstApplicationAbbrev + unsigned(abbrevs_.size()) - 1;
}

void BitstreamWriter::enterBlockInfo() {
  enterBlock(kBlockInfoBlockId, 2);
  blockInfoTarget_ = ~0u;
}

unsigned BitstreamWriter::defineBlockInfoAbbrev(unsigned blockId, const Abbrev& abbrev) {
  assert(curBlockId_ == kBlockInfoBlockId);
  if (blockInfoTarget_ != blockId) {
    const uint64_t bid[] = {blockId};
    emitRecord(kBlockInfoSetBid, bid);
    blockInfoTarget_ = blockId;
  }
  emitAbbrevDefinition(abbrev);
  std::vector<Abbrev>& list = blockInfo_[blockId];
  list.push_back(abbrev);
  return kFirstApplicationAbbrev + unsigned(list.size()) - 1;
}

void BitstreamWriter::emitRecord(unsigned code, std::span<const uint64_t> ops) {
  emit(kUnabbrevRecord, abbrevWidth_);
  emitVBR(code, 6);
  emitVBR(ops.size(), 6);
  for (uint64_t v : ops) emitVBR(v, 6);
}

const Abbrev& BitstreamWriter::abbrevFor(unsigned id) const {
  if (id < kFirstApplicationAbbrev || id - kFirstApplicationAbbrev >= abbrevs_.size())
    throw std::logic_error("bitstream: record uses an abbreviation the block does not have");
  return abbrevs_[id - kFirstApplicationAbbrev];
}

void BitstreamWriter::emitScalar(const AbbrevOp& op, uint64_t v) {
  switch (op.kind) {
    case AbbrevOp::Kind::Literal:
      if (v != op.value) throw std::logic_error("bitstream: value does not match the abbreviation's literal");
      break;
    case AbbrevOp::Kind::Fixed: emit(v, unsigned(op.value)); break;
    case AbbrevOp::Kind::VBR: emitVBR(v, unsigned(op.value)); break;
    case AbbrevOp::Kind::Char6: emit(encodeChar6(char(v)), 6); break;
    default: throw std::logic_error("bitstream: array or blob operand used as a scalar");
  }
}

void BitstreamWriter::emitRecord(unsigned abbrevId, std::span<const uint64_t> values, std::string_view blob) {
  const Abbrev& abbrev = abbrevFor(abbrevId);
  emit(abbrevId, abbrevWidth_);
  size_t next = 0;
  for (size_t i = 0; i < abbrev.ops.size(); ++i) {
    const AbbrevOp& op = abbrev.ops[i];
    if (op.kind == AbbrevOp::Kind::Array) {
      if (i + 2 != abbrev.ops.size()) throw std::logic_error("bitstream: an array must be the last operand but one");
      const AbbrevOp& element = abbrev.ops[i + 1];
      emitVBR(values.size() - next, 6);
      for (; next < values.size(); ++next) emitScalar(element, values[next]);
      return;
    }
    if (op.kind == AbbrevOp::Kind::Blob) {
      if (i + 1 != abbrev.ops.size()) throw std::logic_error("bitstream: a blob must be the last operand");
      emitVBR(blob.size(), 6);
      alignTo32();
      for (char c : blob) emit(uint8_t(c), 8);
      alignTo32();
      return;
    }
    if (next >= values.size()) throw std::logic_error("bitstream: record has fewer values than its abbreviation");
    emitScalar(op, values[next++]);
  }
  if (next != values.size()) throw std::logic_error("bitstream: record has more values than its abbreviation");
}

std::vector<uint8_t> BitstreamWriter::take() {
  assert(scopes_.empty());
  alignTo32();
  return std::move(out_);
}

}  // namespace sl::dxil::bitcode
