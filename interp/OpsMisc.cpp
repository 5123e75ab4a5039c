// Instructions without a family of their own: phis, no-ops, memory barriers (execution is
// sequential, so every write is visible to later reads), undefined values, assumptions.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <vector>

#include "interp/OpsCommon.h"
#include "interp/Printf.h"

namespace sl::interp {

namespace {

void nop(SubgroupExec&, const Inst&) {}

void undefined(SubgroupExec& exec, const Inst& inst) {
  const Ref r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) { std::memset(r.at(lane), 0, inst.result.stride); });
}

// NonSemantic.DebugPrintf's DebugPrintf: every active lane formats its message (interp/Printf.h).
void debugPrintf(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Module::PrintfSite& site = m.printfSites[inst.aux];
  thread_local std::vector<PrintfArg> args;
  forActive(exec, [&](uint32_t lane) {
    args.clear();
    for (uint32_t k = 0; k < site.argTypes.size(); ++k) {
      const Type& t = m.type(site.argTypes[k]);
      const Type& scalar = m.type(t.scalar);
      PrintfArg a;
      a.isFloat = scalar.kind == TypeKind::Float;
      a.isSigned = scalar.isSigned;
      a.width = scalar.kind == TypeKind::Bool ? 32 : scalar.width;
      a.components = std::max<uint32_t>(t.components, 1);
      a.bytes = exec.operand(inst, 3 + k).at(lane);
      args.push_back(a);
    }
    std::string error;
    std::string text = formatDebugPrintf(m.strings[site.format], args, error);
    if (!error.empty()) exec.warning(inst, lane, "printf skipped: " + error, 1);
    else exec.printed(inst, lane, std::move(text));
  });
}

void copyFirstOperand(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane), inst.result.stride); });
}

// The phis at the start of a block, evaluated together (they read their operands as the block
// was entered, before any of them is written): `inst` is the first, aux the number of phis.
void phiGroup(SubgroupExec& exec, const Inst& inst) {
  const Inst* phis = &inst;
  const uint32_t count = inst.aux;
  // Usually every active lane came from the same block: copy whole registers.
  {
    const uint32_t first = exec.active().first();
    const uint32_t previous = exec.previousBlock(first);
    bool uniform = true;
    forActive(exec, [&](uint32_t lane) { uniform &= exec.previousBlock(lane) == previous; });
    if (uniform) {
      thread_local std::vector<uint8_t> values;
      thread_local std::vector<std::pair<Ref, uint32_t>> sources;
      const uint32_t width = exec.width();
      sources.clear();
      for (uint32_t k = 0; k < count; ++k) {
        const Inst& phi = phis[k];
        uint32_t i = 0;
        while (i + 1 < phi.operandCount && exec.literal(phi, i + 1) != previous) i += 2;
        if (i + 1 >= phi.operandCount) {
          exec.error(phi, first, "OpPhi has no operand for the block the invocation came from");
          return;
        }
        sources.push_back({exec.operand(phi, i), phi.result.stride});
      }
      if (!inst.aux2) {
        // No phi of the group reads another: copy straight into the results.
        for (uint32_t k = 0; k < count; ++k) {
          const Ref r = exec.result(phis[k]);
          const auto& [ref, size] = sources[k];
          if (ref.stride && exec.allActive()) std::memcpy(r.base, ref.base, size_t(size) * width);
          else forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), ref.at(lane), size); });
        }
        return;
      }
      // Read every source before writing any result (a phi may read another phi of the block).
      size_t total = 0;
      for (const auto& [ref, size] : sources) total += size_t(size) * width;
      values.resize(total);
      size_t at = 0;
      for (const auto& [ref, size] : sources) {
        if (ref.stride && exec.allActive()) std::memcpy(values.data() + at, ref.base, size_t(size) * width);
        else forActive(exec, [&](uint32_t lane) { std::memcpy(values.data() + at + size_t(lane) * size, ref.at(lane), size); });
        at += size_t(size) * width;
      }
      at = 0;
      for (uint32_t k = 0; k < count; ++k) {
        const Ref r = exec.result(phis[k]);
        const uint32_t size = sources[k].second;
        if (exec.allActive()) std::memcpy(r.base, values.data() + at, size_t(size) * width);
        else forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), values.data() + at + size_t(lane) * size, size); });
        at += size_t(size) * width;
      }
      return;
    }
  }
  thread_local std::vector<uint8_t> scratch;
  uint32_t total = 0;
  for (uint32_t k = 0; k < count; ++k) total += phis[k].result.stride;
  const bool parallel = count > 1;
  if (parallel) scratch.resize(size_t(total) * exec.width());
  forActive(exec, [&](uint32_t lane) {
    const uint32_t previous = exec.previousBlock(lane);
    uint32_t at = 0;
    for (uint32_t k = 0; k < count; ++k) {
      const Inst& phi = phis[k];
      const uint32_t size = phi.result.stride;
      bool found = false;
      for (uint32_t i = 0; i + 1 < phi.operandCount; i += 2) {
        if (exec.literal(phi, i + 1) != previous) continue;
        const uint8_t* value = exec.operand(phi, i).at(lane);
        uint8_t* to = parallel ? scratch.data() + size_t(lane) * total + at : exec.result(phi).at(lane);
        std::memcpy(to, value, size);
        found = true;
        break;
      }
      if (!found) exec.error(phi, lane, "OpPhi has no operand for the block the invocation came from");
      at += size;
    }
  });
  if (!parallel) return;
  forActive(exec, [&](uint32_t lane) {
    uint32_t at = 0;
    for (uint32_t k = 0; k < count; ++k) {
      std::memcpy(exec.result(phis[k]).at(lane), scratch.data() + size_t(lane) * total + at, phis[k].result.stride);
      at += phis[k].result.stride;
    }
  });
}

bool bindPhi(BindContext& c) {
  Function& f = c.function;
  const size_t index = size_t(&c.inst - f.insts.data());
  // Labels become block indices, which the executor records per lane.
  for (uint32_t i = 1; i < c.inst.operandCount; i += 2) {
    Operand& label = f.operands[c.inst.firstOperand + i];
    uint32_t block = Block::kNoBlock;
    for (uint32_t b = 0; b < f.blocks.size(); ++b)
      if (f.blocks[b].labelId == label.value) block = b;
    if (block == Block::kNoBlock) {
      c.error = "OpPhi names a block that does not exist";
      return false;
    }
    label.value = block;
  }
  bool first = true;
  for (const Block& b : f.blocks)
    if (b.first <= index && index < b.terminator) first = index == b.first || f.insts[index - 1].opcode != spv::OpPhi;
  if (!first) {
    c.inst.handler = nop;
    return true;
  }
  uint32_t count = 0;
  while (index + count < f.insts.size() && f.insts[index + count].opcode == spv::OpPhi) ++count;
  c.inst.aux = count;
  // aux2: whether a phi of the group reads another's result (then they copy through scratch).
  c.inst.aux2 = 0;
  for (uint32_t k = 0; k < count; ++k)
    for (uint32_t j = 0; j < count; ++j) {
      const Inst& reader = f.insts[index + k];
      for (uint32_t i = 0; i < reader.operandCount; i += 2)
        if (f.operandIds[reader.firstOperand + i] == f.insts[index + j].resultId) c.inst.aux2 = 1;
    }
  c.inst.handler = phiGroup;
  return true;
}

bool bindDebugPrintf(BindContext& c) {
  Module::PrintfSite site;
  site.format = c.operandId(2);
  if (site.format == 0 || site.format >= c.module.strings.size()) {
    c.error = "DebugPrintf's format is not an OpString";
    return false;
  }
  for (uint32_t i = 3; i < c.inst.operandCount; ++i) {
    const uint32_t type = c.operandType(i);
    const Type& t = c.module.type(type);
    const Type& scalar = c.module.type(t.scalar);
    const bool printable = (t.kind == TypeKind::Bool || t.kind == TypeKind::Int || t.kind == TypeKind::Float || t.kind == TypeKind::Vector) &&
                           (scalar.kind != TypeKind::Float || scalar.width == 16 || scalar.width == 32 || scalar.width == 64);
    if (!type || !printable) {
      c.error = "DebugPrintf argument " + std::to_string(i - 2) + " is not a scalar or vector of numbers";
      return false;
    }
    site.argTypes.push_back(type);
  }
  c.inst.aux = uint32_t(c.module.printfSites.size());
  c.module.printfSites.push_back(std::move(site));
  c.inst.handler = debugPrintf;
  return true;
}

}  // namespace

bool bindMisc(BindContext& c) {
  switch (spv::Op(c.inst.opcode)) {
    case spv::OpNop:
    case spv::OpMemoryBarrier:
    case spv::OpAssumeTrueKHR:
    case spv::OpLifetimeStart:
    case spv::OpLifetimeStop:
      c.inst.handler = nop;
      return true;
    case spv::OpUndef:
      c.inst.handler = undefined;
      return true;
    case spv::OpExpectKHR:
      c.inst.handler = copyFirstOperand;
      return true;
    case spv::OpPhi:
      return bindPhi(c);
    case spv::OpExtInst: {
      const uint32_t set = c.operand(0).value;
      // Non-semantic sets (debug info, printf until the Console consumes it) change no value.
      if (set == c.module.debugPrintfSet && c.module.debugPrintfSet && c.inst.extOpcode == 1) return bindDebugPrintf(c);
      if (set == c.module.debugPrintfSet || set == c.module.shaderDebugInfoSet) {
        c.inst.handler = nop;
        return true;
      }
      return false;
    }
    default:
      return false;
  }
}

}  // namespace sl::interp
