// The capture instrumentation (Instrument.h): a word-level rewrite of the module. New types and
// constants are appended to the global section (reusing the module's own scalar, vector and
// pointer types, which SPIR-V forbids declaring twice), the capture buffer and a Private array of
// per-instruction occurrence counters are added to every entry point's interface, and each
// function's blocks are split where probes go.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/probe/Instrument.h"

#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace sl::interp::probe {

namespace {

struct Insn {
  std::vector<uint32_t> w;
  spv::Op op() const { return spv::Op(w[0] & 0xffff); }
};

Insn make(spv::Op op, std::initializer_list<uint32_t> operands) {
  Insn i;
  i.w.reserve(operands.size() + 1);
  i.w.push_back(0);
  i.w.insert(i.w.end(), operands);
  i.w[0] = (uint32_t(i.w.size()) << 16) | uint32_t(op);
  return i;
}

std::string str(uint64_t v) { return std::to_string(v); }

constexpr size_t kValuesPerGroup = 8;  // probed values per guarded group, at most (phis aside)

// The result id of an instruction with a result and a type, else 0.
uint32_t typedResultOf(const Insn& insn) {
  bool hasResult = false, hasType = false;
  spv::HasResultAndType(insn.op(), &hasResult, &hasType);
  return hasResult && hasType && insn.w.size() >= 3 ? insn.w[2] : 0;
}

bool parseModule(std::span<const uint32_t> words, std::vector<Insn>& out, std::string& error) {
  if (words.size() < 5 || words[0] != 0x07230203u) {
    error = "not a SPIR-V module (no magic number)";
    return false;
  }
  for (size_t i = 5; i < words.size();) {
    const uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) {
      error = "truncated instruction at word " + str(i);
      return false;
    }
    out.push_back({std::vector<uint32_t>(words.begin() + long(i), words.begin() + long(i + count))});
    i += count;
  }
  return true;
}

bool isOrderDependent(spv::Op op) {
  const uint32_t o = uint32_t(op);
  if (o >= spv::OpAtomicLoad && o <= spv::OpAtomicXor) return true;
  if (o >= spv::OpGroupAll && o <= spv::OpGroupSMax) return true;
  if (o >= spv::OpGroupNonUniformElect && o <= spv::OpGroupNonUniformQuadSwap) return true;
  if (o == 5110 || o == 5111) return true;  // OpGroupNonUniformQuadAllKHR / AnyKHR (newer than these headers)
  switch (op) {
    case spv::OpAtomicFlagTestAndSet:
    case spv::OpAtomicFMinEXT:
    case spv::OpAtomicFMaxEXT:
    case spv::OpAtomicFAddEXT:
    case spv::OpSubgroupBallotKHR:
    case spv::OpSubgroupFirstInvocationKHR:
    case spv::OpSubgroupAllKHR:
    case spv::OpSubgroupAnyKHR:
    case spv::OpSubgroupAllEqualKHR:
    case spv::OpGroupNonUniformRotateKHR:
    case spv::OpSubgroupReadInvocationKHR:
    case spv::OpGroupNonUniformPartitionNV:
      return true;
    default:
      return false;
  }
}

// Results that are not probed although their type is a value type.
bool neverProbed(spv::Op op) {
  switch (op) {
    case spv::OpFunction:
    case spv::OpFunctionCall:  // the callee's own values are probed; the call's is its return operand
    case spv::OpUndef:
    case spv::OpVariable:
    case spv::OpFunctionParameter:
      return true;
    default:
      return false;
  }
}

spv_target_env envFor(uint32_t version) {
  const uint32_t minor = (version >> 8) & 0xff;
  if (minor >= 6) return SPV_ENV_VULKAN_1_3;
  if (minor == 5) return SPV_ENV_VULKAN_1_2;
  if (minor == 4) return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
  if (minor == 3) return SPV_ENV_VULKAN_1_1;
  return SPV_ENV_VULKAN_1_0;
}

struct TypeInfo {
  spv::Op op = spv::OpNop;
  uint32_t width = 0, element = 0, count = 0, storage = 0;
  bool isSigned = false;
};

class Instrumenter {
 public:
  Instrumenter(std::vector<Insn> insns, uint32_t version, uint32_t bound, const InstrumentOptions& o)
      : in_(std::move(insns)), version_(version), bound_(bound), o_(o) {}

  bool run(InstrumentedModule& result);

 private:
  uint32_t newId() { return bound_++; }
  bool inWindow(uint32_t ordinal) const {
    return ordinal >= o_.firstProbe && uint64_t(ordinal) < uint64_t(o_.firstProbe) + o_.probeCount;
  }
  uint32_t intType(uint32_t width, bool isSigned);
  uint32_t floatType(uint32_t width);
  uint32_t boolType();
  uint32_t vectorType(uint32_t component, uint32_t count);
  uint32_t pointerType(uint32_t storage, uint32_t pointee);
  uint32_t constant(uint32_t value);
  void addGlobal(Insn insn) { globals_.push_back(std::move(insn)); }
  void declareType(uint32_t id, const Insn& insn);

  // Whether instruction `insn` (in a function) gets a probe; fills `value` when it does.
  bool probeOf(const Insn& insn, ProbedValue& value) const;
  void markOrderDependence();
  bool setUp(std::string& error);
  void rewriteFunction(size_t begin, size_t end, std::vector<Insn>& out);
  // The entries of `ordinals` (one block's straight-line values), appended to `out`.
  void emitProbes(const std::vector<uint32_t>& ordinals, uint32_t counterPointer, std::vector<Insn>& out);
  // Value words of `id` (of type `type`) as uint ids, appended to `words`.
  void valueWords(uint32_t id, uint32_t type, std::vector<uint32_t>& words, std::vector<Insn>& out);

  std::vector<Insn> in_;
  uint32_t version_, bound_;
  const InstrumentOptions& o_;
  std::unordered_map<uint32_t, TypeInfo> types_;
  std::set<uint32_t> orderDependent_;
  std::map<uint32_t, uint32_t> constants_;
  std::vector<Insn> globals_, decorations_;
  std::vector<ProbedValue> probes_;
  std::unordered_map<uint32_t, uint32_t> ordinalOf_;  // result id -> ordinal
  std::unordered_map<uint32_t, uint32_t> typeOf_;     // probed result id -> its type id
  size_t firstFunction_ = 0, firstGlobal_ = 0;
  uint32_t storageClass_ = spv::StorageClassStorageBuffer;
  uint32_t uint_ = 0, bool_ = 0, v3uint_ = 0, v3bool_ = 0;
  uint32_t gid_ = 0, gidType_ = 0, target_ = 0;
  uint32_t capture_ = 0, captureUint_ = 0, counts_ = 0, privateUint_ = 0;
  uint32_t scope_ = spv::ScopeDevice;
  uint32_t trashWords_ = 0, dataWords_ = 0;  // the capture buffer's regions (Instrument.h)
  bool newGid_ = false;
};

void Instrumenter::declareType(uint32_t id, const Insn& insn) {
  TypeInfo t;
  t.op = insn.op();
  switch (t.op) {
    case spv::OpTypeInt: t.width = insn.w[2], t.isSigned = insn.w[3] != 0; break;
    case spv::OpTypeFloat: t.width = insn.w[2]; break;
    case spv::OpTypeVector: t.element = insn.w[2], t.count = insn.w[3]; break;
    case spv::OpTypePointer: t.storage = insn.w[2], t.element = insn.w[3]; break;
    default: break;
  }
  types_[id] = t;
}

uint32_t Instrumenter::intType(uint32_t width, bool isSigned) {
  for (const auto& [id, t] : types_)
    if (t.op == spv::OpTypeInt && t.width == width && t.isSigned == isSigned) return id;
  const uint32_t id = newId();
  Insn insn = make(spv::OpTypeInt, {id, width, isSigned ? 1u : 0u});
  declareType(id, insn);
  addGlobal(std::move(insn));
  return id;
}

uint32_t Instrumenter::floatType(uint32_t width) {
  for (const auto& [id, t] : types_)
    if (t.op == spv::OpTypeFloat && t.width == width) return id;
  const uint32_t id = newId();
  Insn insn = make(spv::OpTypeFloat, {id, width});
  declareType(id, insn);
  addGlobal(std::move(insn));
  return id;
}

uint32_t Instrumenter::boolType() {
  for (const auto& [id, t] : types_)
    if (t.op == spv::OpTypeBool) return id;
  const uint32_t id = newId();
  Insn insn = make(spv::OpTypeBool, {id});
  declareType(id, insn);
  addGlobal(std::move(insn));
  return id;
}

uint32_t Instrumenter::vectorType(uint32_t component, uint32_t count) {
  for (const auto& [id, t] : types_)
    if (t.op == spv::OpTypeVector && t.element == component && t.count == count) return id;
  const uint32_t id = newId();
  Insn insn = make(spv::OpTypeVector, {id, component, count});
  declareType(id, insn);
  addGlobal(std::move(insn));
  return id;
}

uint32_t Instrumenter::pointerType(uint32_t storage, uint32_t pointee) {
  for (const auto& [id, t] : types_)
    if (t.op == spv::OpTypePointer && t.storage == storage && t.element == pointee) return id;
  const uint32_t id = newId();
  Insn insn = make(spv::OpTypePointer, {id, storage, pointee});
  declareType(id, insn);
  addGlobal(std::move(insn));
  return id;
}

uint32_t Instrumenter::constant(uint32_t value) {
  if (auto it = constants_.find(value); it != constants_.end()) return it->second;
  const uint32_t id = newId();
  addGlobal(make(spv::OpConstant, {uint_, id, value}));
  constants_[value] = id;
  return id;
}

bool Instrumenter::probeOf(const Insn& insn, ProbedValue& value) const {
  bool hasResult = false, hasType = false;
  spv::HasResultAndType(insn.op(), &hasResult, &hasType);
  if (!hasResult || !hasType || insn.w.size() < 3 || neverProbed(insn.op())) return false;
  auto it = types_.find(insn.w[1]);
  if (it == types_.end()) return false;
  TypeInfo t = it->second;
  uint32_t components = 1;
  if (t.op == spv::OpTypeVector) {
    components = t.count;
    auto e = types_.find(t.element);
    if (e == types_.end()) return false;
    t = e->second;
  }
  switch (t.op) {
    case spv::OpTypeBool: value.kind = ValueKind::Bool, value.width = 1; break;
    case spv::OpTypeInt: value.kind = t.isSigned ? ValueKind::SignedInt : ValueKind::UnsignedInt, value.width = t.width; break;
    case spv::OpTypeFloat: value.kind = ValueKind::Float, value.width = t.width; break;
    default: return false;
  }
  if (value.kind != ValueKind::Bool && value.width != 8 && value.width != 16 && value.width != 32 && value.width != 64) return false;
  value.components = components;
  value.opcode = insn.op();
  value.resultId = insn.w[2];
  return true;
}

// Order dependence flows through SSA operands and through invocation-local memory (a Function,
// Private or Workgroup variable once stored a dependent value makes every load of it dependent,
// flow-insensitively), to a fixed point: phis read later definitions.
void Instrumenter::markOrderDependence() {
  std::unordered_map<uint32_t, uint32_t> rootOf;  // pointer id -> its variable, for local variables
  for (const Insn& insn : in_) {
    const spv::Op op = insn.op();
    if (op == spv::OpVariable && insn.w.size() >= 4 &&
        (insn.w[3] == spv::StorageClassFunction || insn.w[3] == spv::StorageClassPrivate || insn.w[3] == spv::StorageClassWorkgroup))
      rootOf[insn.w[2]] = insn.w[2];
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain || op == spv::OpPtrAccessChain) && insn.w.size() >= 4)
      if (auto it = rootOf.find(insn.w[3]); it != rootOf.end()) rootOf[insn.w[2]] = it->second;
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = firstFunction_; i < in_.size(); ++i) {
      const Insn& insn = in_[i];
      if (insn.op() == spv::OpStore && insn.w.size() >= 3 && orderDependent_.count(insn.w[2])) {
        auto root = rootOf.find(insn.w[1]);
        if (root != rootOf.end() && orderDependent_.insert(root->second).second) changed = true;
        continue;
      }
      const uint32_t result = typedResultOf(insn);
      if (!result || orderDependent_.count(result)) continue;
      bool dependent = isOrderDependent(insn.op());
      for (size_t k = 3; k < insn.w.size() && !dependent; ++k) dependent = orderDependent_.count(insn.w[k]) != 0;
      if (dependent) orderDependent_.insert(result), changed = true;
    }
  }
}

bool Instrumenter::setUp(std::string& error) {
  // Sections: the first type/constant/variable starts the globals, the first OpFunction the code.
  firstFunction_ = in_.size();
  firstGlobal_ = in_.size();
  bool vulkanMemoryModel = false;
  for (size_t i = 0; i < in_.size(); ++i) {
    const Insn& insn = in_[i];
    const spv::Op op = insn.op();
    if (op == spv::OpFunction) {
      firstFunction_ = i;
      break;
    }
    if (op == spv::OpMemoryModel && insn.w.size() >= 3 && insn.w[2] == spv::MemoryModelVulkan) vulkanMemoryModel = true;
    const bool declares = (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer) || (op >= spv::OpConstantTrue && op <= spv::OpSpecConstantOp) ||
                          op == spv::OpVariable || op == spv::OpUndef || op == spv::OpTypeAccelerationStructureKHR ||
                          op == spv::OpTypeRayQueryKHR;
    if (declares && firstGlobal_ == in_.size()) firstGlobal_ = i;
    if (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer && insn.w.size() >= 2) declareType(insn.w[1], insn);
    if (op == spv::OpTypeAccelerationStructureKHR || op == spv::OpTypeRayQueryKHR) declareType(insn.w[1], insn);
  }
  if (firstFunction_ == in_.size()) {
    error = "the module has no function";
    return false;
  }
  if (firstGlobal_ > firstFunction_) firstGlobal_ = firstFunction_;
  if (vulkanMemoryModel) scope_ = spv::ScopeQueueFamily;  // Device scope would need VulkanMemoryModelDeviceScope
  if (version_ < 0x10300) storageClass_ = spv::StorageClassUniform;  // StorageBuffer is core from 1.3

  // The captured invocation: GlobalInvocationId, the module's own variable when it has one.
  std::set<uint32_t> gidCandidates;
  for (size_t i = 0; i < firstGlobal_; ++i) {
    const Insn& insn = in_[i];
    if (insn.op() == spv::OpDecorate && insn.w.size() >= 4 && insn.w[2] == spv::DecorationBuiltIn && insn.w[3] == spv::BuiltInGlobalInvocationId)
      gidCandidates.insert(insn.w[1]);
  }
  for (size_t i = firstGlobal_; i < firstFunction_; ++i) {
    const Insn& insn = in_[i];
    if (insn.op() != spv::OpVariable || insn.w.size() < 4 || !gidCandidates.count(insn.w[2])) continue;
    auto p = types_.find(insn.w[1]);
    if (p == types_.end() || p->second.op != spv::OpTypePointer) continue;
    auto v = types_.find(p->second.element);
    if (v == types_.end() || v->second.op != spv::OpTypeVector || v->second.count != 3) continue;
    auto e = types_.find(v->second.element);
    if (e == types_.end() || e->second.op != spv::OpTypeInt || e->second.width != 32) continue;
    gid_ = insn.w[2];
    gidType_ = p->second.element;
  }

  uint_ = intType(32, false);
  bool_ = boolType();
  v3uint_ = vectorType(uint_, 3);
  v3bool_ = vectorType(bool_, 3);
  if (!gid_) {
    newGid_ = true;
    gid_ = newId();
    gidType_ = v3uint_;
    addGlobal(make(spv::OpVariable, {pointerType(spv::StorageClassInput, v3uint_), gid_, spv::StorageClassInput}));
    decorations_.push_back(make(spv::OpDecorate, {gid_, spv::DecorationBuiltIn, spv::BuiltInGlobalInvocationId}));
  }
  target_ = newId();
  const uint32_t tx = constant(o_.target[0]), ty = constant(o_.target[1]), tz = constant(o_.target[2]);
  addGlobal(make(spv::OpConstantComposite, {v3uint_, target_, tx, ty, tz}));

  // The capture buffer: { uint words[]; } at (set, binding).
  const uint32_t array = newId(), block = newId();
  addGlobal(make(spv::OpTypeRuntimeArray, {array, uint_}));
  addGlobal(make(spv::OpTypeStruct, {block, array}));
  decorations_.push_back(make(spv::OpDecorate, {array, spv::DecorationArrayStride, 4}));
  decorations_.push_back(make(spv::OpMemberDecorate, {block, 0, spv::DecorationOffset, 0}));
  decorations_.push_back(make(spv::OpDecorate, {block, storageClass_ == spv::StorageClassUniform ? uint32_t(spv::DecorationBufferBlock) : uint32_t(spv::DecorationBlock)}));
  const uint32_t blockPointer = newId();
  addGlobal(make(spv::OpTypePointer, {blockPointer, storageClass_, block}));
  capture_ = newId();
  addGlobal(make(spv::OpVariable, {blockPointer, capture_, storageClass_}));
  decorations_.push_back(make(spv::OpDecorate, {capture_, spv::DecorationDescriptorSet, o_.set}));
  decorations_.push_back(make(spv::OpDecorate, {capture_, spv::DecorationBinding, o_.binding}));
  captureUint_ = pointerType(storageClass_, uint_);
  return true;
}

void Instrumenter::valueWords(uint32_t id, uint32_t type, std::vector<uint32_t>& words, std::vector<Insn>& out) {
  const TypeInfo& t = types_.at(type);
  if (t.op == spv::OpTypeVector) {
    for (uint32_t c = 0; c < t.count; ++c) {
      const uint32_t component = newId();
      out.push_back(make(spv::OpCompositeExtract, {t.element, component, id, c}));
      valueWords(component, t.element, words, out);
    }
    return;
  }
  const uint32_t word = newId();
  if (t.op == spv::OpTypeBool) {
    out.push_back(make(spv::OpSelect, {uint_, word, id, constant(1), constant(0)}));
  } else if (t.width == 64) {
    const uint32_t pair = newId(), high = newId();
    out.push_back(make(spv::OpBitcast, {vectorType(uint_, 2), pair, id}));
    out.push_back(make(spv::OpCompositeExtract, {uint_, word, pair, 0}));
    out.push_back(make(spv::OpCompositeExtract, {uint_, high, pair, 1}));
    words.push_back(word);
    words.push_back(high);
    return;
  } else if (t.op == spv::OpTypeFloat && t.width == 16) {
    const uint32_t wide = newId();
    out.push_back(make(spv::OpFConvert, {floatType(32), wide, id}));  // exact: every half is a float
    out.push_back(make(spv::OpBitcast, {uint_, word, wide}));
  } else if (t.op == spv::OpTypeInt && t.width < 32) {
    out.push_back(make(spv::OpUConvert, {uint_, word, id}));
  } else if (t.op == spv::OpTypeInt && !t.isSigned) {
    words.push_back(id);
    return;
  } else {
    out.push_back(make(spv::OpBitcast, {uint_, word, id}));
  }
  words.push_back(word);
}

void Instrumenter::emitProbes(const std::vector<uint32_t>& ordinals, uint32_t counterPointer, std::vector<Insn>& out) {
  // One occurrence for the group: its instructions run together, straight-line.
  const uint32_t countPointer = newId(), occurrence = newId(), next = newId();
  out.push_back(make(spv::OpAccessChain, {privateUint_, countPointer, counts_, constant(ordinals[0])}));
  out.push_back(make(spv::OpLoad, {uint_, occurrence, countPointer}));
  out.push_back(make(spv::OpIAdd, {uint_, next, occurrence, constant(1)}));
  out.push_back(make(spv::OpStore, {countPointer, next}));
  // Entries reserved together, at most trashWords_ at a time so a reservation past the data
  // region lands wholly in the trash region.
  std::vector<uint32_t> words;
  auto store = [&] {
    if (words.empty()) return;
    const uint32_t reserved = newId(), fits = newId(), base = newId();
    out.push_back(make(spv::OpAtomicIAdd, {uint_, reserved, counterPointer, constant(scope_), constant(0), constant(uint32_t(words.size()))}));
    out.push_back(make(spv::OpULessThan, {bool_, fits, reserved, constant(dataWords_)}));
    out.push_back(make(spv::OpSelect, {uint_, base, fits, reserved, constant(dataWords_)}));
    for (size_t k = 0; k < words.size(); ++k) {
      const uint32_t index = newId(), pointer = newId();
      out.push_back(make(spv::OpIAdd, {uint_, index, base, constant(uint32_t(1 + k))}));
      out.push_back(make(spv::OpAccessChain, {captureUint_, pointer, capture_, constant(0), index}));
      out.push_back(make(spv::OpStore, {pointer, words[k]}));
    }
    words.clear();
  };
  for (uint32_t ordinal : ordinals) {
    const ProbedValue& value = probes_[ordinal];
    if (words.size() + value.entryWords() > trashWords_) store();
    words.push_back(constant(ordinal));
    words.push_back(occurrence);
    valueWords(value.resultId, typeOf_.at(value.resultId), words, out);
  }
  store();
}

void Instrumenter::rewriteFunction(size_t begin, size_t end, std::vector<Insn>& out) {
  // Header: OpFunction and its parameters.
  size_t i = begin;
  while (i < end && in_[i].op() != spv::OpLabel) out.push_back(in_[i++]);
  std::vector<std::vector<Insn>> blocks;
  for (; i < end; ++i) {
    if (in_[i].op() == spv::OpLabel) blocks.emplace_back();
    if (in_[i].op() == spv::OpFunctionEnd) break;
    if (!blocks.empty()) blocks.back().push_back(in_[i]);
  }
  const size_t bodyStart = out.size();
  std::unordered_map<uint32_t, uint32_t> lastPiece;  // original label -> label of the piece with its terminator
  uint32_t isTarget = 0;
  for (size_t b = 0; b < blocks.size(); ++b) {
    const std::vector<Insn>& block = blocks[b];
    const size_t term = block.size() - 1;
    const bool hasMerge = block.size() >= 2 && (block[term - 1].op() == spv::OpSelectionMerge || block[term - 1].op() == spv::OpLoopMerge);
    const size_t tail = hasMerge ? term - 1 : term;
    const bool loopHeader = hasMerge && block[term - 1].op() == spv::OpLoopMerge;
    std::vector<Insn> piece = {block[0]};
    uint32_t pieceLabel = block[0].w[1];
    std::vector<uint32_t> pending;  // ordinals
    auto flush = [&] {
      if (pending.empty()) return;
      const uint32_t then = newId(), merge = newId();
      piece.push_back(make(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone}));
      piece.push_back(make(spv::OpBranchConditional, {isTarget, then, merge}));
      out.insert(out.end(), piece.begin(), piece.end());
      piece = {make(spv::OpLabel, {then})};
      const uint32_t counter = newId();
      piece.push_back(make(spv::OpAccessChain, {captureUint_, counter, capture_, constant(0), constant(0)}));
      emitProbes(pending, counter, piece);
      piece.push_back(make(spv::OpBranch, {merge}));
      out.insert(out.end(), piece.begin(), piece.end());
      piece = {make(spv::OpLabel, {merge})};
      pieceLabel = merge;
      pending.clear();
    };
    auto probed = [&](const Insn& insn) {
      auto it = ordinalOf_.find(typedResultOf(insn));
      if (it != ordinalOf_.end() && inWindow(it->second)) pending.push_back(it->second);
    };
    size_t k = 1;
    if (b == 0) {
      // The guard, computed once per function after its variables.
      size_t lastVariable = 0;
      for (size_t j = 1; j < tail; ++j)
        if (block[j].op() == spv::OpVariable) lastVariable = j;
      for (; k <= lastVariable; ++k) piece.push_back(block[k]);
      const uint32_t loaded = newId(), equal = newId();
      isTarget = newId();
      piece.push_back(make(spv::OpLoad, {gidType_, loaded, gid_}));
      piece.push_back(make(spv::OpIEqual, {v3bool_, equal, loaded, target_}));
      piece.push_back(make(spv::OpAll, {bool_, isTarget, equal}));
    }
    bool headerMoved = false;
    if (loopHeader) {
      bool anyProbe = false;
      for (size_t j = 1; j < tail; ++j)
        if (auto it = ordinalOf_.find(typedResultOf(block[j])); it != ordinalOf_.end() && inWindow(it->second)) anyProbe = true;
      if (anyProbe) {
        // The header keeps its phis and merge; the rest moves to a block of its own, so the
        // probes' selections do not separate OpLoopMerge from the block the back edge enters.
        for (; k < tail && block[k].op() == spv::OpPhi; ++k) {
          piece.push_back(block[k]);
          probed(block[k]);
        }
        const uint32_t rest = newId();
        piece.push_back(block[term - 1]);
        piece.push_back(make(spv::OpBranch, {rest}));
        out.insert(out.end(), piece.begin(), piece.end());
        piece = {make(spv::OpLabel, {rest})};
        pieceLabel = rest;
        headerMoved = true;
      }
    }
    for (; k < tail; ++k) {
      if (block[k].op() == spv::OpFunctionCall) flush();
      piece.push_back(block[k]);
      probed(block[k]);
      // Long blocks flush every few values: a probe keeps its values alive until it runs, and
      // drivers' register allocation and compile time suffer from long live ranges.
      if (pending.size() >= kValuesPerGroup && block[k].op() != spv::OpPhi && (k + 1 >= tail || block[k + 1].op() != spv::OpPhi)) flush();
    }
    flush();
    if (hasMerge && !headerMoved) piece.push_back(block[term - 1]);
    piece.push_back(block[term]);
    out.insert(out.end(), piece.begin(), piece.end());
    if (pieceLabel != block[0].w[1]) lastPiece[block[0].w[1]] = pieceLabel;
  }
  // Phis name the block their value comes from: now the last piece of a split block.
  for (size_t j = bodyStart; j < out.size(); ++j) {
    Insn& insn = out[j];
    if (insn.op() != spv::OpPhi) continue;
    for (size_t p = 4; p < insn.w.size(); p += 2)
      if (auto it = lastPiece.find(insn.w[p]); it != lastPiece.end()) insn.w[p] = it->second;
  }
  out.push_back(make(spv::OpFunctionEnd, {}));
}

bool Instrumenter::run(InstrumentedModule& result) {
  if (o_.capacityWords < kMinCaptureWords) {
    result.error = "the capture buffer needs at least " + str(kMinCaptureWords) + " words";
    return false;
  }
  trashWords_ = std::min<uint32_t>(1024, o_.capacityWords / 2);
  dataWords_ = o_.capacityWords - 1 - trashWords_;
  result.dataWords = dataWords_;
  if (!setUp(result.error)) return false;
  markOrderDependence();
  // The probes, in module order.
  for (size_t i = firstFunction_; i < in_.size(); ++i) {
    ProbedValue value;
    if (!probeOf(in_[i], value)) continue;
    value.orderDependent = orderDependent_.count(value.resultId) != 0;
    ordinalOf_[value.resultId] = uint32_t(probes_.size());
    typeOf_[value.resultId] = in_[i].w[1];
    probes_.push_back(value);
  }
  // Occurrence counters: one per probe, zero at the start of the invocation.
  const uint32_t countsArray = newId(), countsPointer = newId(), zero = newId();
  addGlobal(make(spv::OpTypeArray, {countsArray, uint_, constant(std::max<uint32_t>(1, uint32_t(probes_.size())))}));
  addGlobal(make(spv::OpTypePointer, {countsPointer, spv::StorageClassPrivate, countsArray}));
  addGlobal(make(spv::OpConstantNull, {countsArray, zero}));
  counts_ = newId();
  addGlobal(make(spv::OpVariable, {countsPointer, counts_, spv::StorageClassPrivate, zero}));
  privateUint_ = pointerType(spv::StorageClassPrivate, uint_);
  // Word offsets of the original instructions, for the probe table.
  {
    uint32_t offset = 5, firstFunctionWord = 0;
    for (size_t i = 0; i < firstFunction_; ++i) firstFunctionWord += uint32_t(in_[i].w.size());
    firstFunctionWord += 5;
    for (const Insn& insn : in_) {
      if (offset >= firstFunctionWord)
        if (auto it = ordinalOf_.find(typedResultOf(insn)); it != ordinalOf_.end())
          probes_[it->second].wordOffset = offset;
      offset += uint32_t(insn.w.size());
    }
  }

  std::vector<Insn> code;
  for (size_t i = firstFunction_; i < in_.size();) {
    size_t end = i;
    while (end < in_.size() && in_[end].op() != spv::OpFunctionEnd) ++end;
    rewriteFunction(i, end, code);
    i = end + 1;
  }

  std::vector<Insn> out;
  for (size_t i = 0; i < firstGlobal_; ++i) {
    Insn insn = in_[i];
    if (insn.op() == spv::OpEntryPoint) {
      // Interfaces list Input variables (and from SPIR-V 1.4 every global the entry uses).
      if (newGid_) insn.w.push_back(gid_);
      if (version_ >= 0x10400) insn.w.push_back(capture_), insn.w.push_back(counts_);
      insn.w[0] = (uint32_t(insn.w.size()) << 16) | uint32_t(spv::OpEntryPoint);
    }
    out.push_back(std::move(insn));
  }
  out.insert(out.end(), decorations_.begin(), decorations_.end());
  for (size_t i = firstGlobal_; i < firstFunction_; ++i) out.push_back(in_[i]);
  out.insert(out.end(), globals_.begin(), globals_.end());
  out.insert(out.end(), code.begin(), code.end());

  result.words = {0x07230203u, version_, 0, bound_, 0};
  for (const Insn& insn : out) result.words.insert(result.words.end(), insn.w.begin(), insn.w.end());
  result.probes = std::move(probes_);
  return true;
}

}  // namespace

uint32_t firstFreeDescriptorSet(std::span<const uint32_t> words) {
  std::vector<Insn> insns;
  std::string error;
  if (!parseModule(words, insns, error)) return 0;
  uint32_t next = 0;
  for (const Insn& insn : insns)
    if (insn.op() == spv::OpDecorate && insn.w.size() >= 4 && insn.w[2] == spv::DecorationDescriptorSet) next = std::max(next, insn.w[3] + 1);
  return next;
}

InstrumentedModule instrument(std::span<const uint32_t> words, const InstrumentOptions& options) {
  InstrumentedModule result;
  std::vector<Insn> insns;
  if (!parseModule(words, insns, result.error)) return result;
  Instrumenter instrumenter(std::move(insns), words[1], words[3], options);
  if (!instrumenter.run(result)) {
    result.words.clear();
    if (result.error.empty()) result.error = "instrumentation failed";
    return result;
  }
  result.words[2] = words[2];  // the generator stays the module's
  if (!options.validate) return result;
  spvtools::SpirvTools tools(envFor(words[1]));
  std::string message;
  tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& pos, const char* text) {
    if (level <= SPV_MSG_ERROR && message.empty()) message = "word " + str(pos.index) + ": " + text;
  });
  spvtools::ValidatorOptions validatorOptions;
  validatorOptions.SetScalarBlockLayout(true);
  if (!tools.Validate(result.words.data(), result.words.size(), validatorOptions)) {
    result.error = "the instrumented module does not validate (spirv-val): " + (message.empty() ? std::string("rejected") : message);
    result.words.clear();
  }
  return result;
}

}  // namespace sl::interp::probe
