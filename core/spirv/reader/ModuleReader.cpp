// Module-level part of the SPIR-V reader: header, capabilities, debug info, decorations, types,
// constants, global variables and entry points. Function bodies go to FunctionReader.cpp.
#include "core/ir/SpirvGrammar.h"
#include "core/ir/Verifier.h"
#include "core/spirv/reader/ReaderState.h"

#include <cstdio>
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <cstring>
#include <optional>

namespace sl::spirv {
namespace detail {

std::string opcodeNameOf(uint32_t opcode) {
  const ir::grammar::Instruction* g = ir::grammar::findInstruction(opcode);
  return g ? std::string(g->name) : "Op#" + std::to_string(opcode);
}

void fail(const RawInst& inst, std::string message) { throw ReadFailure{inst.offset, inst.opcode, std::move(message)}; }

uint32_t operand(const RawInst& inst, size_t index) {
  if (index >= inst.ops.size()) fail(inst, "missing operand " + std::to_string(index));
  return inst.ops[index];
}

std::string literalString(const RawInst& inst, size_t index, size_t* next) {
  std::string s;
  for (size_t i = index; i < inst.ops.size(); ++i) {
    for (int b = 0; b < 4; ++b) {
      const char c = static_cast<char>((inst.ops[i] >> (8 * b)) & 0xFF);
      if (c == 0) {
        if (next) *next = i + 1;
        return s;
      }
      s += c;
    }
  }
  fail(inst, "unterminated literal string");
}

ir::Type ModuleState::type(const RawInst& inst, uint32_t id) const {
  auto it = types.find(id);
  if (it == types.end()) fail(inst, "%" + std::to_string(id) + " is not a type");
  return it->second;
}

std::vector<ir::Decoration> ModuleState::decorationsOf(uint32_t id) const {
  auto it = decorations.find(id);
  return it == decorations.end() ? std::vector<ir::Decoration>{} : it->second.decorations;
}

}  // namespace detail

namespace {

using namespace sl::ir;
using detail::fail;
using detail::operand;
using detail::RawInst;

class ModuleReader {
 public:
  ModuleReader(std::span<const uint32_t> words, std::shared_ptr<Context> cx, const ReadOptions& options)
      : words_(words), cx_(std::move(cx)) {
    st_.fileName = options.fileName;
  }

  ReadResult run() {
    ReadResult result;
    try {
      auto module = std::make_unique<Module>(cx_);
      st_.module = module.get();
      st_.cx = cx_.get();
      parse(result);
      result.module = std::move(module);
    } catch (const detail::ReadFailure& f) {
      SourceLoc loc;
      loc.file = st_.fileName;
      result.diagnostics.push_back(Diagnostic::error(
          loc, "SPIR-V word " + std::to_string(f.offset) + " (" + detail::opcodeNameOf(f.opcode) + "): " + f.message));
      result.module.reset();
    }
    return result;
  }

 private:
  void parse(ReadResult& result) {
    if (words_.size() < 5) throw detail::ReadFailure{0, 0, "module shorter than the 5-word header"};
    if (words_[0] != spv::MagicNumber) throw detail::ReadFailure{0, 0, "bad magic number"};
    result.version = words_[1];
    // 0x00MMmm00: SPIR-V 1.0 to 1.6 (a later version may change what a word means).
    if ((result.version & 0xff0000ffu) != 0 || result.version < 0x00010000u || result.version > 0x00010600u) {
      char word[16];
      std::snprintf(word, sizeof word, "0x%08x", result.version);
      throw detail::ReadFailure{1, 0, std::string("unsupported SPIR-V version word ") + word + " (this reader knows 1.0 to 1.6)"};
    }
    st_.bound = words_[3];
    if (st_.bound == 0 || st_.bound > (1u << 22)) throw detail::ReadFailure{3, 0, "implausible id bound " + std::to_string(st_.bound)};
    std::vector<RawInst> insts;
    for (size_t pos = 5; pos < words_.size();) {
      const uint32_t count = words_[pos] >> 16;
      const uint32_t opcode = words_[pos] & 0xFFFF;
      if (count == 0) throw detail::ReadFailure{uint32_t(pos), opcode, "instruction with word count 0"};
      if (pos + count > words_.size()) throw detail::ReadFailure{uint32_t(pos), opcode, "instruction runs past the end of the module"};
      insts.push_back({uint32_t(pos), opcode, words_.subspan(pos + 1, count - 1)});
      pos += count;
    }
    // Pass 1: everything outside functions, and the function ids (calls may refer forward).
    std::vector<std::pair<size_t, size_t>> functionRanges;
    for (size_t i = 0; i < insts.size(); ++i) {
      const RawInst& in = insts[i];
      checkIds(in);
      if (in.opcode == spv::OpFunction) {
        size_t end = i;
        while (end < insts.size() && insts[end].opcode != spv::OpFunctionEnd) ++end;
        if (end == insts.size()) fail(in, "function without OpFunctionEnd");
        declareFunction(in, insts[i + 1 < end ? i + 1 : i], std::span(insts).subspan(i, end - i + 1));
        functionRanges.push_back({i, end + 1 - i});
        i = end;
        continue;
      }
      moduleInst(in, result);
    }
    st_.debugInfo.finishModule(st_);
    // Pass 2: function bodies.
    for (size_t k = 0; k < functionRanges.size(); ++k)
      detail::readFunction(st_, std::span(insts).subspan(functionRanges[k].first, functionRanges[k].second), FuncId(uint32_t(k)));
    st_.debugInfo.finishModuleFunctions(st_);
    for (auto& [ep, fnId] : pendingEntries_) {
      auto it = st_.funcs.find(fnId);
      if (it == st_.funcs.end()) throw detail::ReadFailure{0, spv::OpEntryPoint, "entry point names %" + std::to_string(fnId) + ", not a function"};
      st_.module->entryPoints[ep].function = it->second;
    }
    for (auto& [ep, mode] : pendingModes_) {
      bool found = false;
      for (size_t e = 0; e < pendingEntries_.size(); ++e)
        if (pendingEntries_[e].second == mode.first) {
          st_.module->entryPoints[pendingEntries_[e].first].modes.push_back(mode.second);
          found = true;
        }
      if (!found) throw detail::ReadFailure{ep, spv::OpExecutionMode, "execution mode for %" + std::to_string(mode.first) + ", which is no entry point"};
    }
  }

  // Every id operand must be below the bound; we check the result id (the common corruption).
  void checkIds(const RawInst& in) {
    const ir::grammar::Instruction* g = ir::grammar::findInstruction(in.opcode);
    if (!g) fail(in, "unknown opcode " + std::to_string(in.opcode));
    if (g->hasResult) {
      const size_t idx = g->hasResultType ? 1 : 0;
      const uint32_t id = operand(in, idx);
      if (id == 0 || id >= st_.bound) fail(in, "result id %" + std::to_string(id) + " out of the bound " + std::to_string(st_.bound));
      if (g->hasResultType && (operand(in, 0) == 0 || operand(in, 0) >= st_.bound)) fail(in, "result type id out of bound");
    }
  }

  void declareFunction(const RawInst& fn, const RawInst&, std::span<const RawInst>) {
    const Type ret = st_.type(fn, operand(fn, 0));
    const uint32_t id = operand(fn, 1);
    if (st_.funcs.count(id)) fail(fn, "function %" + std::to_string(id) + " defined twice");
    FunctionDef def;
    def.returnType = ret;
    def.functionControl = operand(fn, 2);
    def.attrs.name = nameOf(id);
    st_.module->functions.push_back(std::move(def));
    st_.funcs[id] = FuncId(uint32_t(st_.module->functions.size() - 1));
  }

  std::string nameOf(uint32_t id) const {
    auto it = st_.names.find(id);
    return it == st_.names.end() ? std::string() : it->second;
  }

  void moduleInst(const RawInst& in, ReadResult& result) {
    switch (in.opcode) {
      case spv::OpNop: case spv::OpSourceContinued: case spv::OpSourceExtension: case spv::OpModuleProcessed:
      case spv::OpNoLine: case spv::OpLine:
        return;
      case spv::OpCapability: result.capabilities.push_back(operand(in, 0)); return;
      case spv::OpExtension: result.extensions.push_back(detail::literalString(in, 0)); return;
      case spv::OpExtInstImport: {
        const std::string set = detail::literalString(in, 1);
        if (set == "GLSL.std.450") st_.glslSet = operand(in, 0);
        else if (set == "NonSemantic.DebugPrintf") st_.printfSet = operand(in, 0);
        else if (set == "NonSemantic.Shader.DebugInfo.100") st_.debugInfo.setImport(operand(in, 0));
        else if (set.rfind("NonSemantic.", 0) == 0) st_.ignoredSets.push_back(operand(in, 0));
        else fail(in, "unsupported extended instruction set \"" + set + "\"");
        return;
      }
      case spv::OpMemoryModel:
        result.addressingModel = operand(in, 0);
        result.memoryModel = operand(in, 1);
        if (result.addressingModel != spv::AddressingModelLogical)
          fail(in, "only the Logical addressing model is supported");
        return;
      case spv::OpEntryPoint: {
        EntryPoint ep;
        ep.executionModel = operand(in, 0);
        size_t next = 0;
        ep.name = detail::literalString(in, 2, &next);
        pendingEntries_.push_back({st_.module->entryPoints.size(), operand(in, 1)});
        for (size_t i = next; i < in.ops.size(); ++i) pendingInterface_.push_back({st_.module->entryPoints.size(), in.ops[i]});
        st_.module->entryPoints.push_back(std::move(ep));
        return;
      }
      case spv::OpExecutionMode: {
        ExecutionMode mode;
        mode.mode = operand(in, 1);
        mode.operands.assign(in.ops.begin() + 2, in.ops.end());
        pendingModes_.push_back({in.offset, {operand(in, 0), mode}});
        return;
      }
      case spv::OpExecutionModeId: fail(in, "OpExecutionModeId is not supported");
      case spv::OpString: st_.strings[operand(in, 0)] = detail::literalString(in, 1); return;
      case spv::OpSource: {
        if (in.ops.size() >= 3) {
          const uint32_t fileId = in.ops[2];
          auto it = st_.strings.find(fileId);
          if (it == st_.strings.end()) fail(in, "OpSource file is not an OpString");
          std::string text = in.ops.size() > 3 ? detail::literalString(in, 3) : std::string();
          st_.debugFileOf[fileId] = st_.module->addDebugFile(it->second, std::move(text));
        }
        return;
      }
      case spv::OpName: st_.names[operand(in, 0)] = detail::literalString(in, 1); return;
      case spv::OpMemberName: st_.memberNames[operand(in, 0)][operand(in, 1)] = detail::literalString(in, 2); return;
      case spv::OpDecorate: {
        Decoration d{operand(in, 1), {in.ops.begin() + 2, in.ops.end()}};
        st_.decorations[operand(in, 0)].decorations.push_back(std::move(d));
        return;
      }
      case spv::OpMemberDecorate: {
        Decoration d{operand(in, 2), {in.ops.begin() + 3, in.ops.end()}};
        st_.decorations[operand(in, 0)].members[operand(in, 1)].push_back(std::move(d));
        return;
      }
      case spv::OpDecorationGroup: case spv::OpGroupDecorate: case spv::OpGroupMemberDecorate:
        fail(in, "decoration groups are not supported");
      case spv::OpDecorateId: case spv::OpDecorateString: case spv::OpMemberDecorateString:
        if (in.opcode == spv::OpDecorateString || in.opcode == spv::OpMemberDecorateString) return;  // HLSL semantics: informational
        fail(in, "OpDecorateId is not supported");
      case spv::OpVariable: globalVariable(in); return;
      case spv::OpUndef: st_.consts[operand(in, 1)] = cx_->undef(st_.type(in, operand(in, 0))); return;
      case spv::OpExtInst:
        // Module-level debug info: variable debug info is read back, other NonSemantic sets dropped.
        if (st_.debugInfo.isDebugInfo(in)) return st_.debugInfo.moduleInst(in);
        if (std::find(st_.ignoredSets.begin(), st_.ignoredSets.end(), operand(in, 2)) != st_.ignoredSets.end()) return;
        fail(in, "extended instruction of a semantic set outside a function");
      default: break;
    }
    if (typeInst(in)) return;
    if (constInst(in)) return;
    fail(in, "unexpected instruction outside a function");
  }

  std::optional<uint32_t> decorationValue(uint32_t id, uint32_t kind) const {
    auto it = st_.decorations.find(id);
    if (it == st_.decorations.end()) return std::nullopt;
    for (const Decoration& d : it->second.decorations)
      if (d.kind == kind && !d.operands.empty()) return d.operands[0];
    return std::nullopt;
  }

  bool typeInst(const RawInst& in) {
    const uint32_t id = in.opcode >= spv::OpTypeVoid && in.opcode <= spv::OpTypeForwardPointer ? operand(in, 0) : 0;
    Type t;
    switch (in.opcode) {
      case spv::OpTypeVoid: t = cx_->voidType(); break;
      case spv::OpTypeBool: t = cx_->boolType(); break;
      case spv::OpTypeInt: {
        const uint32_t w = operand(in, 1);
        if (w != 8 && w != 16 && w != 32 && w != 64) fail(in, "unsupported integer width " + std::to_string(w));
        t = cx_->intType(w, operand(in, 2) != 0);
        break;
      }
      case spv::OpTypeFloat: {
        const uint32_t w = operand(in, 1);
        if (w != 16 && w != 32 && w != 64) fail(in, "unsupported float width " + std::to_string(w));
        t = cx_->floatType(w);
        break;
      }
      case spv::OpTypeVector: {
        const uint32_t n = operand(in, 2);
        if (n < 2 || n > 4) fail(in, "vector of " + std::to_string(n) + " components");
        t = cx_->vectorType(st_.type(in, operand(in, 1)), n);
        break;
      }
      case spv::OpTypeMatrix: {
        const uint32_t n = operand(in, 2);
        if (n < 2 || n > 4) fail(in, "matrix of " + std::to_string(n) + " columns");
        const Type col = st_.type(in, operand(in, 1));
        if (cx_->def(col).kind != TypeKind::Vector) fail(in, "matrix column type is not a vector");
        t = cx_->matrixType(col, n);
        break;
      }
      case spv::OpTypeArray: {
        const Type elem = st_.type(in, operand(in, 1));
        auto c = st_.consts.find(operand(in, 2));
        if (c == st_.consts.end()) fail(in, "array length is not a constant");
        const ConstDef& len = cx_->def(c->second);
        const uint32_t stride = decorationValue(id, spv::DecorationArrayStride).value_or(0);
        if (len.kind == ConstKind::Scalar) {
          if (len.bits == 0 || len.bits > 0xFFFFFFFFu) fail(in, "array length " + std::to_string(len.bits) + " is out of range");
          t = cx_->arrayType(elem, uint32_t(len.bits), stride);
        } else if (len.kind == ConstKind::SpecScalar) {
          t = cx_->arrayTypeWithLength(elem, c->second, stride);
        } else {
          fail(in, "array length is not a scalar constant");
        }
        break;
      }
      case spv::OpTypeRuntimeArray:
        t = cx_->runtimeArrayType(st_.type(in, operand(in, 1)), decorationValue(id, spv::DecorationArrayStride).value_or(0));
        break;
      case spv::OpTypeStruct: {
        std::vector<StructMember> members;
        auto dec = st_.decorations.find(id);
        auto mnames = st_.memberNames.find(id);
        for (size_t i = 1; i < in.ops.size(); ++i) {
          StructMember m;
          m.type = st_.type(in, in.ops[i]);
          const uint32_t idx = uint32_t(i - 1);
          if (mnames != st_.memberNames.end() && mnames->second.count(idx)) m.name = mnames->second.at(idx);
          if (dec != st_.decorations.end() && dec->second.members.count(idx)) m.decorations = dec->second.members.at(idx);
          members.push_back(std::move(m));
        }
        t = cx_->structType(nameOf(id), std::move(members), st_.decorationsOf(id));
        break;
      }
      case spv::OpTypePointer: {
        TypeDef d;
        d.kind = TypeKind::Pointer;
        d.storageClass = operand(in, 1);
        d.element = st_.type(in, operand(in, 2));
        d.arrayStride = decorationValue(id, spv::DecorationArrayStride).value_or(0);
        t = cx_->intern(d);
        break;
      }
      case spv::OpTypeFunction: {
        std::vector<Type> params;
        for (size_t i = 2; i < in.ops.size(); ++i) params.push_back(st_.type(in, in.ops[i]));
        t = cx_->functionType(st_.type(in, operand(in, 1)), std::move(params));
        break;
      }
      case spv::OpTypeImage: {
        ImageInfo info;
        info.dim = operand(in, 2);
        info.depth = operand(in, 3);
        info.arrayed = operand(in, 4);
        info.multisampled = operand(in, 5);
        info.sampled = operand(in, 6);
        info.format = operand(in, 7);
        if (in.ops.size() > 8) fail(in, "access-qualified images are not supported");
        t = cx_->imageType(st_.type(in, operand(in, 1)), info);
        break;
      }
      case spv::OpTypeSampler: t = cx_->samplerType(); break;
      case spv::OpTypeSampledImage: t = cx_->sampledImageType(st_.type(in, operand(in, 1))); break;
      case spv::OpTypeAccelerationStructureKHR: t = cx_->accelerationStructureType(); break;
      case spv::OpTypeForwardPointer: fail(in, "forward pointers are not supported");
      default:
        if (in.opcode >= spv::OpTypeVoid && in.opcode <= spv::OpTypeForwardPointer) fail(in, "unsupported type");
        return false;
    }
    if (st_.types.count(id) || st_.consts.count(id)) fail(in, "id %" + std::to_string(id) + " defined twice");
    st_.types[id] = t;
    return true;
  }

  bool constInst(const RawInst& in) {
    Const c;
    switch (in.opcode) {
      case spv::OpConstantTrue: case spv::OpConstantFalse:
        c = cx_->boolConst(in.opcode == spv::OpConstantTrue);
        break;
      case spv::OpConstant: case spv::OpSpecConstant: {
        const Type t = st_.type(in, operand(in, 0));
        const TypeDef& td = cx_->def(t);
        if (td.kind != TypeKind::Int && td.kind != TypeKind::Float) fail(in, "constant of a non-scalar type");
        uint64_t bits = operand(in, 2);
        if (td.width == 64) bits |= uint64_t(operand(in, 3)) << 32;
        if (in.opcode == spv::OpSpecConstant) {
          c = cx_->specConst(t, bits, decorationValue(operand(in, 1), spv::DecorationSpecId).value_or(0));
        } else if (td.kind == TypeKind::Int) {
          c = cx_->intConst(t, bits);
        } else {
          ConstDef d;
          d.kind = ConstKind::Scalar;
          d.type = t;
          d.bits = bits;
          c = cx_->intern(d);
        }
        break;
      }
      case spv::OpSpecConstantTrue: case spv::OpSpecConstantFalse:
        c = cx_->specConst(cx_->boolType(), in.opcode == spv::OpSpecConstantTrue,
                           decorationValue(operand(in, 1), spv::DecorationSpecId).value_or(0));
        break;
      case spv::OpConstantComposite: {
        std::vector<Const> elems;
        for (size_t i = 2; i < in.ops.size(); ++i) {
          auto it = st_.consts.find(in.ops[i]);
          if (it == st_.consts.end()) fail(in, "constituent %" + std::to_string(in.ops[i]) + " is not a constant");
          elems.push_back(it->second);
        }
        c = cx_->composite(st_.type(in, operand(in, 0)), std::move(elems));
        break;
      }
      case spv::OpConstantNull: c = cx_->null(st_.type(in, operand(in, 0))); break;
      case spv::OpSpecConstantComposite: case spv::OpSpecConstantOp: case spv::OpConstantSampler:
        fail(in, "this constant instruction is not supported");
      default: return false;
    }
    const uint32_t id = operand(in, 1);
    if (st_.consts.count(id) || st_.types.count(id)) fail(in, "id %" + std::to_string(id) + " defined twice");
    st_.consts[id] = c;
    return true;
  }

  void globalVariable(const RawInst& in) {
    const Type ptr = st_.type(in, operand(in, 0));
    const TypeDef& pd = cx_->def(ptr);
    if (pd.kind != TypeKind::Pointer) fail(in, "variable type is not a pointer");
    const uint32_t sc = operand(in, 2);
    if (sc == spv::StorageClassFunction) fail(in, "Function-storage variable outside a function");
    if (sc != pd.storageClass) fail(in, "storage class differs from the pointer type's");
    Const init;
    if (in.ops.size() > 3) {
      auto it = st_.consts.find(in.ops[3]);
      if (it == st_.consts.end()) fail(in, "initializer is not a constant");
      init = it->second;
    }
    const uint32_t id = operand(in, 1);
    const GlobalVarId g = st_.module->addGlobal(nameOf(id), pd.element, sc, init);
    // addGlobal interns a plain pointer type; keep the input's (it may carry ArrayStride).
    st_.module->global(g).refType = ptr;
    st_.module->global(g).attrs.decorations = st_.decorationsOf(id);
    st_.globals[id] = g;
  }

  std::span<const uint32_t> words_;
  std::shared_ptr<Context> cx_;
  detail::ModuleState st_;
  std::vector<std::pair<size_t, uint32_t>> pendingEntries_;  // entry point index, function id
  std::vector<std::pair<size_t, uint32_t>> pendingInterface_;
  std::vector<std::pair<uint32_t, std::pair<uint32_t, ExecutionMode>>> pendingModes_;

 public:
  void resolveInterfaces() {
    for (auto& [ep, id] : pendingInterface_) {
      auto it = st_.globals.find(id);
      if (it != st_.globals.end()) st_.module->entryPoints[ep].interface.push_back(it->second);
    }
  }
};

}  // namespace

ReadResult readModule(std::span<const uint32_t> words, std::shared_ptr<ir::Context> cx, const ReadOptions& options) {
  ModuleReader reader(words, std::move(cx), options);
  ReadResult r = reader.run();
  if (!r.module) return r;
  reader.resolveInterfaces();
  // Structure the IR cannot express (a value used outside the construct defining it, ...)
  // shows up here rather than as a broken module later.
  for (Diagnostic& d : ir::verifyModule(*r.module)) {
    if (d.severity != Severity::Error) continue;
    d.message = "SPIR-V input not representable in the IR: " + d.message;
    if (d.range.begin.file.empty()) d.range.begin.file = options.fileName;
    r.diagnostics.push_back(std::move(d));
  }
  if (hasErrors(r.diagnostics)) r.module.reset();
  return r;
}

ReadResult readModuleBytes(std::span<const uint8_t> bytes, std::shared_ptr<ir::Context> cx, const ReadOptions& options) {
  if (bytes.size() % 4 != 0 || bytes.size() < 20) {
    ReadResult r;
    SourceLoc loc;
    loc.file = options.fileName;
    r.diagnostics.push_back(Diagnostic::error(loc, "not a SPIR-V module: " + std::to_string(bytes.size()) +
                                                       " bytes (need a multiple of 4, at least 20)"));
    return r;
  }
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (words[0] != spv::MagicNumber) {
    const uint32_t swapped = __builtin_bswap32(words[0]);
    if (swapped == spv::MagicNumber)
      for (uint32_t& w : words) w = __builtin_bswap32(w);
  }
  return readModule(words, std::move(cx), options);
}

bool addMissingCapabilities(std::vector<uint32_t>& words, std::span<const uint32_t> capabilities,
                            std::span<const std::string> extensions) {
  if (words.size() < 5 || words[0] != spv::MagicNumber) return false;
  std::vector<uint32_t> haveCaps;
  std::vector<std::string> haveExts;
  size_t capEnd = 5, extEnd = 5;  // capabilities come first, then extensions
  for (size_t pos = 5; pos < words.size();) {
    const uint32_t count = words[pos] >> 16, op = words[pos] & 0xFFFF;
    if (count == 0 || pos + count > words.size()) return false;
    if (op == spv::OpCapability && count == 2) {
      haveCaps.push_back(words[pos + 1]);
      capEnd = extEnd = pos + count;
    } else if (op == spv::OpExtension) {
      RawInst in{uint32_t(pos), op, std::span<const uint32_t>(words).subspan(pos + 1, count - 1)};
      try { haveExts.push_back(detail::literalString(in, 0)); } catch (const detail::ReadFailure&) { return false; }
      extEnd = pos + count;
    } else {
      break;
    }
    pos += count;
  }
  std::vector<uint32_t> caps, exts;
  for (uint32_t cap : capabilities) {
    if (std::find(haveCaps.begin(), haveCaps.end(), cap) != haveCaps.end()) continue;
    // Only capabilities a Shader module may declare and the writer cannot infer by itself.
    if (cap != spv::CapabilityVariablePointers && cap != spv::CapabilityVariablePointersStorageBuffer) continue;
    caps.push_back((2u << 16) | spv::OpCapability);
    caps.push_back(cap);
    haveCaps.push_back(cap);
  }
  for (const std::string& ext : extensions) {
    if (std::find(haveExts.begin(), haveExts.end(), ext) != haveExts.end()) continue;
    if (ext != "SPV_KHR_variable_pointers") continue;
    const size_t n = ext.size() / 4 + 1;
    exts.push_back(uint32_t((n + 1) << 16) | spv::OpExtension);
    std::vector<uint32_t> lit(n, 0);
    for (size_t i = 0; i < ext.size(); ++i) lit[i / 4] |= uint32_t(uint8_t(ext[i])) << (8 * (i % 4));
    exts.insert(exts.end(), lit.begin(), lit.end());
    haveExts.push_back(ext);
  }
  words.insert(words.begin() + extEnd, exts.begin(), exts.end());
  words.insert(words.begin() + capEnd, caps.begin(), caps.end());
  return true;
}

}  // namespace sl::spirv
