#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "renderer/vulkan/FaultMutation.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

namespace sl::vulkan {

namespace {

// Opcodes a mutation may switch between: their operands are values of the result's shape (or
// a bool condition), so swapping one for another keeps a module valid when the types allow it.
const std::map<std::string, spv::Op>& mutableOpcodes() {
  static const std::map<std::string, spv::Op> table = {
#define SL_OP(name) {"Op" #name, spv::Op##name}
      SL_OP(IAdd), SL_OP(ISub), SL_OP(IMul), SL_OP(UDiv), SL_OP(SDiv), SL_OP(UMod), SL_OP(SRem), SL_OP(SMod),
      SL_OP(FAdd), SL_OP(FSub), SL_OP(FMul), SL_OP(FDiv), SL_OP(FRem), SL_OP(FMod), SL_OP(FNegate), SL_OP(SNegate),
      SL_OP(ShiftLeftLogical), SL_OP(ShiftRightLogical), SL_OP(ShiftRightArithmetic),
      SL_OP(BitwiseAnd), SL_OP(BitwiseOr), SL_OP(BitwiseXor), SL_OP(Not),
      SL_OP(LogicalAnd), SL_OP(LogicalOr), SL_OP(LogicalNot), SL_OP(LogicalEqual), SL_OP(LogicalNotEqual),
      SL_OP(IEqual), SL_OP(INotEqual), SL_OP(UGreaterThan), SL_OP(SGreaterThan), SL_OP(UGreaterThanEqual), SL_OP(SGreaterThanEqual),
      SL_OP(ULessThan), SL_OP(SLessThan), SL_OP(ULessThanEqual), SL_OP(SLessThanEqual),
      SL_OP(FOrdEqual), SL_OP(FOrdNotEqual), SL_OP(FOrdLessThan), SL_OP(FOrdGreaterThan), SL_OP(FOrdLessThanEqual),
      SL_OP(FOrdGreaterThanEqual), SL_OP(FUnordEqual), SL_OP(FUnordNotEqual), SL_OP(FUnordLessThan), SL_OP(FUnordGreaterThan),
      SL_OP(FUnordLessThanEqual), SL_OP(FUnordGreaterThanEqual),
      SL_OP(ConvertFToU), SL_OP(ConvertFToS), SL_OP(ConvertSToF), SL_OP(ConvertUToF), SL_OP(UConvert), SL_OP(SConvert),
      SL_OP(FConvert), SL_OP(Bitcast), SL_OP(Select), SL_OP(CopyObject), SL_OP(Constant),
#undef SL_OP
  };
  return table;
}

std::string nameOf(uint32_t opcode) {
  for (const auto& [name, op] : mutableOpcodes())
    if (uint32_t(op) == opcode) return name;
  return "Op" + std::to_string(opcode);
}

hal::Status bad(const std::string& spec, const std::string& why) {
  return hal::makeError(hal::ErrorCode::InvalidArgument, "SHADERLENS_FAULT_MUTATE_SPIRV='" + spec + "': " + why);
}

bool parseUnsigned(const std::string& text, uint32_t& out) {
  if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos) return false;
  const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
  if (v > 0xffffffffull) return false;
  out = uint32_t(v);
  return true;
}

// A 32-bit constant's bits from "42", "-1", "0x10" or (for float types) "2.5".
bool parseLiteral(const std::string& text, bool isFloat, uint32_t& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  if (isFloat) {
    const float v = std::strtof(text.c_str(), &end);
    if (*end) return false;
    std::memcpy(&out, &v, 4);
    return true;
  }
  const long long v = std::strtoll(text.c_str(), &end, 0);
  if (*end || v < -2147483648ll || v > 0xffffffffll) return false;
  out = uint32_t(v);
  return true;
}

struct Located {
  size_t at = 0;  // word index of the instruction
  uint32_t resultId = 0;
};

}  // namespace

hal::Status applyMutation(const std::string& spec, std::vector<uint32_t>& words, const std::string& label) {
  const size_t colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    return bad(spec, "expected SELECTOR:CHANGE (e.g. 23:OpISub, OpIAdd#2:OpISub, OpConstant=7:9, 23:swap)");
  const std::string selector = spec.substr(0, colon), change = spec.substr(colon + 1);
  if (words.size() < 5) return bad(spec, "the module is empty");

  // Index the module: each instruction's start and result id; float type ids for constants.
  std::vector<Located> insns;
  std::set<uint32_t> floatTypes;
  for (size_t i = 5; i < words.size();) {
    const uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    if (count == 0 || i + count > words.size()) return bad(spec, "the module is malformed at word " + std::to_string(i));
    bool hasResult = false, hasType = false;
    spv::HasResultAndType(spv::Op(opcode), &hasResult, &hasType);
    Located l;
    l.at = i;
    if (hasResult) l.resultId = words[i + (hasType ? 2 : 1)];
    if (opcode == spv::OpTypeFloat && count >= 3 && words[i + 2] == 32) floatTypes.insert(words[i + 1]);
    insns.push_back(l);
    i += count;
  }

  // A selector resolves once per process: later modules (an instrumented copy of the first, with
  // instructions of its own before the original ones) get the instruction with the same id.
  static std::mutex mutex;
  static std::map<std::string, uint32_t> resolved;
  uint32_t id = 0;
  bool byId = parseUnsigned(selector, id);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = resolved.find(selector); !byId && it != resolved.end()) id = it->second, byId = true;
  }
  const Located* target = nullptr;
  if (byId) {
    for (const Located& l : insns)
      if (l.resultId == id) target = &l;
    if (!target) return bad(spec, "no instruction has result id " + std::to_string(id));
  } else if (const size_t hash = selector.find('#'); hash != std::string::npos) {
    auto op = mutableOpcodes().find(selector.substr(0, hash));
    uint32_t nth = 0;
    if (op == mutableOpcodes().end() || !parseUnsigned(selector.substr(hash + 1), nth) || nth == 0)
      return bad(spec, "selector '" + selector + "' is not OPCODE#N with a known opcode and N >= 1");
    uint32_t seen = 0;
    for (const Located& l : insns)
      if ((words[l.at] & 0xffff) == uint32_t(op->second) && ++seen == nth) {
        target = &l;
        break;
      }
    if (!target) return bad(spec, "the module has " + std::to_string(seen) + " " + op->first + " instruction(s)");
  } else if (selector.rfind("OpConstant=", 0) == 0) {
    const std::string value = selector.substr(11);
    for (const Located& l : insns) {
      if ((words[l.at] & 0xffff) != spv::OpConstant || (words[l.at] >> 16) != 4) continue;
      uint32_t bits = 0;
      if (parseLiteral(value, floatTypes.count(words[l.at + 1]) != 0, bits) && words[l.at + 3] == bits) {
        target = &l;
        break;
      }
    }
    if (!target) return bad(spec, "no 32-bit OpConstant has the value " + value);
  } else {
    return bad(spec, "selector '" + selector + "' is neither a result id, OPCODE#N nor OpConstant=VALUE");
  }

  {
    std::lock_guard<std::mutex> lock(mutex);
    resolved[selector] = target->resultId;
  }
  const size_t at = target->at;
  const uint32_t count = words[at] >> 16, opcode = words[at] & 0xffff;
  std::string what;
  if (change == "swap") {
    bool hasResult = false, hasType = false;
    spv::HasResultAndType(spv::Op(opcode), &hasResult, &hasType);
    const uint32_t firstOperand = 1 + (hasResult ? 1 : 0) + (hasType ? 1 : 0);
    if (count < firstOperand + 2) return bad(spec, nameOf(opcode) + " has fewer than two operands to swap");
    std::swap(words[at + count - 1], words[at + count - 2]);
    what = "had its last two operands swapped";
  } else if (auto op = mutableOpcodes().find(change); op != mutableOpcodes().end()) {
    if (mutableOpcodes().count(nameOf(opcode)) == 0) return bad(spec, "%" + std::to_string(target->resultId) + " is " + nameOf(opcode) + ", which a mutation may not change");
    words[at] = (count << 16) | uint32_t(op->second);
    what = "became " + op->first;
  } else if (opcode == spv::OpConstant) {
    uint32_t bits = 0;
    if (count != 4) return bad(spec, "only 32-bit constants can be given a new value");
    if (!parseLiteral(change, floatTypes.count(words[at + 1]) != 0, bits)) return bad(spec, "'" + change + "' is not a value for this constant");
    words[at + 3] = bits;
    what = "became the constant " + change;
  } else {
    return bad(spec, "change '" + change + "' is not swap, a known opcode, or a value (for an OpConstant)");
  }
  std::fprintf(stderr, "SHADERLENS_FAULT_MUTATE_SPIRV: %%%u = %s %s in %s\n", target->resultId, nameOf(opcode).c_str(), what.c_str(),
               label.c_str());
  return hal::okStatus();
}

hal::Status applyInjectedMutation(std::vector<uint32_t>& words, const std::string& label) {
  const char* spec = std::getenv("SHADERLENS_FAULT_MUTATE_SPIRV");
  if (!spec || !*spec) return hal::okStatus();
  return applyMutation(spec, words, label);
}

}  // namespace sl::vulkan
