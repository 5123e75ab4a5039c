// The `disassemble` request: the recorded module's SPIR-V as DAP disassembled instructions, so a
// client's disassembly view steps by instruction (next/stepIn with granularity "instruction")
// beside the HLSL. Addresses are byte offsets in the module; each instruction carries the source
// line its OpLine/DebugLine gives it and, for a result the traced lane has computed in the
// current frame, its value ("%105 = OpIMul %uint %102 %uint_4  ; = 20").
#include "app/cli/dap/DapAdapter.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace sl::cli::dap {

using llvm::json::Array;
using llvm::json::Object;

std::string byteAddress(uint32_t wordOffset) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%x", unsigned(wordOffset) * 4u);
  return text;
}

const interp::debug::Disassembly& Adapter::disassembly() {
  if (!disassembly_) {
    disassembly_ = interp::debug::disassembleInstructions(target_->program->words);
    const interp::Module& m = session()->module();
    for (const interp::Function& f : m.functions)
      for (const interp::Inst& inst : f.insts)
        if (inst.location && inst.location < m.locations.size()) locationByWord_[inst.wordOffset] = inst.location;
  }
  return *disassembly_;
}

const interp::SourceLocation* Adapter::locationOfWord(uint32_t wordOffset) {
  auto it = locationByWord_.find(wordOffset);
  return it == locationByWord_.end() ? nullptr : &session()->module().locations[it->second];
}

Adapter::Reply Adapter::disassemble(const Object& args) {
  const std::optional<llvm::StringRef> reference = args.getString("memoryReference");
  const std::optional<int64_t> count = args.getInteger("instructionCount");
  if (!reference || !count || *count < 0) return fail("disassemble needs 'memoryReference' and 'instructionCount'");
  if (*count > 100000) return fail("disassemble: at most 100000 instructions at a time");
  char* end = nullptr;
  const std::string text = reference->str();
  const unsigned long long base = std::strtoull(text.c_str(), &end, 0);
  if (text.empty() || *end) return fail("disassemble: memoryReference '" + text + "' is not an address");
  const int64_t byte = int64_t(base) + args.getInteger("offset").value_or(0);
  const interp::debug::Disassembly& d = disassembly();
  if (!d.error.empty()) return fail("disassemble: " + d.error);
  // The instruction at (or the first after) the address, then instructionOffset from it.
  const uint32_t word = byte <= 0 ? 0 : uint32_t(std::min<int64_t>(byte / 4, INT32_MAX));
  const auto at = std::lower_bound(d.instructions.begin(), d.instructions.end(), word,
                                   [](const interp::debug::DisassembledInstruction& i, uint32_t w) { return i.wordOffset < w; });
  const int64_t first = int64_t(at - d.instructions.begin()) + args.getInteger("instructionOffset").value_or(0);
  interp::debug::DebugSession& s = *session();
  Array list;
  for (int64_t k = first; k < first + *count; ++k) {
    if (k < 0 || k >= int64_t(d.instructions.size())) {
      // Outside the module: DAP wants exactly instructionCount entries.
      list.push_back(Object{{"address", k < 0 ? "0x0" : byteAddress(uint32_t(target_->program->words.size()))},
                            {"instruction", ""},
                            {"presentationHint", "invalid"}});
      continue;
    }
    const interp::debug::DisassembledInstruction& inst = d.instructions[size_t(k)];
    std::string line = inst.text;
    if (inst.resultId)
      if (std::optional<interp::debug::Value> value = s.idValue(inst.resultId)) line += "  ; = " + interp::debug::formatValue(*value);
    Object entry{{"address", byteAddress(inst.wordOffset)}, {"instruction", jsonText(line)}};
    if (const interp::SourceLocation* where = locationOfWord(inst.wordOffset); where && where->line &&
        where->file < s.module().sourceFiles.size()) {
      const std::string& file = s.module().sourceFiles[where->file];
      entry["location"] = sources_.source(file);
      entry["line"] = sources_.clientLine(file, where->line);
    }
    list.push_back(std::move(entry));
  }
  Reply r;
  r.body = Object{{"instructions", std::move(list)}};
  return r;
}

}  // namespace sl::cli::dap
