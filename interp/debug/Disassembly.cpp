#include "interp/debug/Disassembly.h"

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <cctype>

namespace sl::interp::debug {

namespace {

// Where an instruction's text begins: "%name = Op..." or "Op...". A line that does not begin so
// continues the previous instruction's string literal (OpString/OpSource text with newlines).
bool beginsInstruction(const std::string& line) {
  size_t at = 0;
  while (at < line.size() && line[at] == ' ') ++at;
  if (line.compare(at, 1, "%") == 0) {
    const size_t equals = line.find(" = Op", at);
    if (equals == std::string::npos) return false;
    for (size_t k = at + 1; k < equals; ++k)
      if (!std::isalnum(static_cast<unsigned char>(line[k])) && line[k] != '_' && line[k] != '.') return false;
    return true;
  }
  return line.compare(at, 2, "Op") == 0 && at + 2 < line.size() && std::isupper(static_cast<unsigned char>(line[at + 2]));
}

}  // namespace

int Disassembly::find(uint32_t wordOffset) const {
  auto it = std::lower_bound(instructions.begin(), instructions.end(), wordOffset,
                             [](const DisassembledInstruction& i, uint32_t offset) { return i.wordOffset < offset; });
  return it != instructions.end() && it->wordOffset == wordOffset ? int(it - instructions.begin()) : -1;
}

Disassembly disassembleInstructions(std::span<const uint32_t> words) {
  Disassembly out;
  if (words.size() < 5) {
    out.error = "the module is shorter than its header";
    return out;
  }
  // The instructions' offsets and result ids, from the binary itself.
  std::vector<DisassembledInstruction> found;
  for (size_t at = 5; at < words.size();) {
    const uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
    if (count == 0 || at + count > words.size()) {
      out.error = "instruction at word " + std::to_string(at) + " runs past the module";
      return out;
    }
    DisassembledInstruction inst;
    inst.wordOffset = uint32_t(at);
    bool hasResult = false, hasType = false;
    spv::HasResultAndType(spv::Op(opcode), &hasResult, &hasType);
    const size_t resultAt = at + 1 + (hasType ? 1 : 0);
    if (hasResult && resultAt < at + count) inst.resultId = words[resultAt];
    found.push_back(std::move(inst));
    at += count;
  }
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
  std::string error, text;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* message) { error += message; });
  std::vector<uint32_t> copy(words.begin(), words.end());
  // Friendly names (%uint, %main, %sum) where the module names an id; the numbers otherwise.
  if (!tools.Disassemble(copy, &text, SPV_BINARY_TO_TEXT_OPTION_NO_HEADER | SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES)) {
    out.error = "disassembly failed: " + (error.empty() ? std::string("invalid binary") : error);
    return out;
  }
  size_t next = 0;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (beginsInstruction(line) || next == 0) {
      if (next >= found.size()) {
        out.error = "the disassembly has more instructions than the module";
        return out;
      }
      found[next++].text = line;
    } else {
      found[next - 1].text += "\\n" + line;
    }
  }
  if (next != found.size()) {
    out.error = "the disassembly has " + std::to_string(next) + " instructions, the module " + std::to_string(found.size());
    return out;
  }
  out.instructions = std::move(found);
  return out;
}

}  // namespace sl::interp::debug
