// SPIR-V binary -> Module. Two passes: the module-level section (names, decorations, types,
// constants, global variables, entry points), then each function body, whose registers are laid
// out before its instructions are bound so forward references (phis, later blocks) resolve.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>
#include <spirv/unified1/GLSL.std.450.h>

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <algorithm>
#include <unordered_map>

#include "interp/Bind.h"
#include "interp/Module.h"
#include "interp/SpecConstants.h"

namespace sl::interp {

namespace {

constexpr uint32_t kMaxBound = 1u << 22;           // ids; far above any real shader
constexpr uint64_t kMaxValueBytes = 1ull << 26;    // one value in register form
constexpr uint64_t kMaxFrameBytes = 1ull << 27;    // a function's registers or locals, per lane

struct InstRef {
  uint32_t offset = 0;
  uint16_t opcode = 0;
  uint16_t wordCount = 0;
};

struct MemberDecorations {
  uint32_t offset = ~0u;
  uint32_t matrixStride = 0;
  bool rowMajor = false;
  bool nonWritable = false;
};

struct Decorations {
  std::optional<uint32_t> set, binding, builtIn, specId;
  uint32_t arrayStride = 0;
  bool block = false, bufferBlock = false, nonWritable = false;
  std::map<uint32_t, MemberDecorations> members;
};

class Decoder {
 public:
  Decoder(std::span<const uint32_t> words, const DecodeOptions& options) : words_(words), options_(options) {}

  DecodeResult run() {
    module_ = std::make_shared<Module>();
    if (!parseHeader() || !scan() || !moduleSection() || !functions() || !finishEntryPoints()) return {nullptr, error_};
    return {module_, ""};
  }

 private:
  bool fail(const std::string& message, uint32_t offset = 0) {
    if (error_.empty()) error_ = offset ? "word " + std::to_string(offset) + ": " + message : message;
    return false;
  }
  uint32_t word(const InstRef& in, uint32_t i) const { return i < in.wordCount ? words_[in.offset + i] : 0; }
  std::string literalString(const InstRef& in, uint32_t first) const {
    std::string s;
    for (uint32_t i = first; i < in.wordCount; ++i) {
      uint32_t w = words_[in.offset + i];
      for (int b = 0; b < 4; ++b) {
        char c = char((w >> (8 * b)) & 0xff);
        if (!c) return s;
        s.push_back(c);
      }
    }
    return s;
  }
  bool validId(uint32_t id) const { return id > 0 && id < module_->bound; }

  bool parseHeader() {
    if (words_.size() < 5) return fail("not a SPIR-V module: fewer than 5 words");
    if (words_[0] != spv::MagicNumber) return fail("not a SPIR-V module: bad magic number");
    const uint32_t version = words_[1];
    if ((version & 0xff0000ffu) != 0 || version > 0x00010600u || version < 0x00010000u)
      return fail("unsupported SPIR-V version word 0x" + hex(version));
    if (words_[3] == 0 || words_[3] > kMaxBound) return fail("id bound " + std::to_string(words_[3]) + " is out of range");
    if (options_.validate) {
      spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
      std::string messages;
      tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& pos, const char* message) {
        if (level <= SPV_MSG_ERROR && messages.empty())
          messages = "invalid SPIR-V (word " + std::to_string(pos.index) + "): " + message;
      });
      spvtools::ValidatorOptions validatorOptions;
      validatorOptions.SetScalarBlockLayout(true);  // DXC's -fvk-use-scalar-layout; the executor reads any explicit layout
      if (!tools.Validate(words_.data(), words_.size(), validatorOptions))
        return fail(messages.empty() ? "invalid SPIR-V" : messages);
    }
    module_->bound = words_[3];
    const size_t n = module_->bound;
    module_->types.resize(n);
    module_->typeOf.assign(n, 0);
    module_->constantOffset.assign(n, ~0u);
    module_->globalIndexOf.assign(n, ~0u);
    module_->functionIndexOf.assign(n, ~0u);
    module_->names.resize(n);
    module_->strings.resize(n);
    decorations_.resize(n);
    return true;
  }

  static std::string hex(uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", v);
    return buf;
  }

  bool scan() {
    for (size_t i = 5; i < words_.size();) {
      const uint32_t w = words_[i];
      const uint32_t count = w >> 16;
      if (count == 0) return fail("instruction with a word count of 0", uint32_t(i));
      if (i + count > words_.size()) return fail("instruction runs past the end of the module", uint32_t(i));
      insts_.push_back({uint32_t(i), uint16_t(w & 0xffff), uint16_t(count)});
      i += count;
    }
    return true;
  }

  // ---- module section ------------------------------------------------------------------

  bool moduleSection() {
    for (size_t k = 0; k < insts_.size(); ++k) {
      const InstRef& in = insts_[k];
      const auto op = spv::Op(in.opcode);
      if (op == spv::OpFunction) {
        functionStarts_.push_back(k);
        while (k < insts_.size() && insts_[k].opcode != spv::OpFunctionEnd) ++k;
        if (k == insts_.size()) return fail("function without OpFunctionEnd", in.offset);
        continue;
      }
      if (!moduleInstruction(in)) return false;
    }
    // A pointee may be declared after its pointer (OpTypeForwardPointer), so it is checked once
    // all types are known: handlers read the pointee's type without asking.
    for (const Type& t : module_->types)
      if (t.id && t.kind == TypeKind::Pointer && !isType(t.element))
        return fail("pointer type %" + std::to_string(t.id) + " points to %" + std::to_string(t.element) + ", which is not a type");
    return true;
  }

  bool needWords(const InstRef& in, uint32_t n) {
    if (in.wordCount < n) return fail("instruction " + std::to_string(in.opcode) + " is too short", in.offset);
    return true;
  }
  bool needId(const InstRef& in, uint32_t id) {
    if (!validId(id)) return fail("id " + std::to_string(id) + " is out of range", in.offset);
    return true;
  }

  bool moduleInstruction(const InstRef& in) {
    const auto op = spv::Op(in.opcode);
    Module& m = *module_;
    switch (op) {
      case spv::OpName:
        if (!needWords(in, 3) || !needId(in, word(in, 1))) return false;
        m.names[word(in, 1)] = literalString(in, 2);
        return true;
      case spv::OpString:
        if (!needWords(in, 3) || !needId(in, word(in, 1))) return false;
        m.strings[word(in, 1)] = literalString(in, 2);
        return true;
      case spv::OpExtInstImport: {
        if (!needWords(in, 3) || !needId(in, word(in, 1))) return false;
        const std::string name = literalString(in, 2);
        if (name == "GLSL.std.450") m.glslExtSet = word(in, 1);
        else if (name == "NonSemantic.DebugPrintf") m.debugPrintfSet = word(in, 1);
        else if (name == "NonSemantic.Shader.DebugInfo.100") m.shaderDebugInfoSet = word(in, 1);
        return true;
      }
      case spv::OpDecorate:
        return decorate(in);
      case spv::OpMemberDecorate:
        return memberDecorate(in);
      case spv::OpEntryPoint: {
        if (!needWords(in, 4)) return false;
        EntryPoint e;
        e.executionModel = word(in, 1);
        e.function = word(in, 2);  // an id until finishEntryPoints
        e.name = literalString(in, 3);
        const uint32_t nameWords = uint32_t(e.name.size() / 4 + 1);
        for (uint32_t i = 3 + nameWords; i < in.wordCount; ++i) e.interface.push_back(word(in, i));
        m.entryPoints.push_back(std::move(e));
        return true;
      }
      case spv::OpExecutionMode:
      case spv::OpExecutionModeId:
        executionModes_.push_back(in);
        return true;
      case spv::OpLine:
      case spv::OpNoLine:
      case spv::OpCapability:
      case spv::OpExtension:
      case spv::OpMemoryModel:
      case spv::OpSource:
      case spv::OpSourceContinued:
      case spv::OpSourceExtension:
      case spv::OpMemberName:
      case spv::OpModuleProcessed:
      case spv::OpDecorationGroup:
      case spv::OpGroupDecorate:
      case spv::OpGroupMemberDecorate:
      case spv::OpDecorateString:
      case spv::OpMemberDecorateString:
      case spv::OpNop:
        return true;
      case spv::OpExtInst:  // NonSemantic debug info at module scope
        return true;
      case spv::OpVariable:
        return globalVariable(in);
      default:
        break;
    }
    if (isTypeOp(op)) return typeInstruction(in);
    if (isConstantOp(op)) return constantInstruction(in);
    if (op == spv::OpUndef) return constantInstruction(in);
    return fail(std::string("unexpected instruction ") + opName(op) + " outside a function", in.offset);
  }

  static bool isTypeOp(spv::Op op) {
    switch (op) {
      case spv::OpTypeVoid: case spv::OpTypeBool: case spv::OpTypeInt: case spv::OpTypeFloat:
      case spv::OpTypeVector: case spv::OpTypeMatrix: case spv::OpTypeImage: case spv::OpTypeSampler:
      case spv::OpTypeSampledImage: case spv::OpTypeArray: case spv::OpTypeRuntimeArray:
      case spv::OpTypeStruct: case spv::OpTypeOpaque: case spv::OpTypePointer: case spv::OpTypeFunction:
      case spv::OpTypeForwardPointer: case spv::OpTypeAccelerationStructureKHR: case spv::OpTypeRayQueryKHR:
        return true;
      default:
        return false;
    }
  }
  static bool isConstantOp(spv::Op op) {
    switch (op) {
      case spv::OpConstantTrue: case spv::OpConstantFalse: case spv::OpConstant: case spv::OpConstantComposite:
      case spv::OpConstantNull: case spv::OpConstantSampler: case spv::OpSpecConstantTrue: case spv::OpSpecConstantFalse:
      case spv::OpSpecConstant: case spv::OpSpecConstantComposite: case spv::OpSpecConstantOp:
        return true;
      default:
        return false;
    }
  }

  bool decorate(const InstRef& in) {
    if (!needWords(in, 3) || !needId(in, word(in, 1))) return false;
    Decorations& d = decorations_[word(in, 1)];
    const uint32_t value = word(in, 3);
    switch (word(in, 2)) {
      case spv::DecorationDescriptorSet: d.set = value; break;
      case spv::DecorationBinding: d.binding = value; break;
      case spv::DecorationBuiltIn: d.builtIn = value; break;
      case spv::DecorationSpecId: d.specId = value; break;
      case spv::DecorationArrayStride: d.arrayStride = value; break;
      case spv::DecorationBlock: d.block = true; break;
      case spv::DecorationBufferBlock: d.bufferBlock = true; break;
      case spv::DecorationNonWritable: d.nonWritable = true; break;
      default: break;
    }
    return true;
  }
  bool memberDecorate(const InstRef& in) {
    if (!needWords(in, 4) || !needId(in, word(in, 1))) return false;
    MemberDecorations& d = decorations_[word(in, 1)].members[word(in, 2)];
    switch (word(in, 3)) {
      case spv::DecorationOffset: d.offset = word(in, 4); break;
      case spv::DecorationMatrixStride: d.matrixStride = word(in, 4); break;
      case spv::DecorationRowMajor: d.rowMajor = true; break;
      case spv::DecorationColMajor: d.rowMajor = false; break;
      case spv::DecorationNonWritable: d.nonWritable = true; break;
      case spv::DecorationBuiltIn: break;
      default: break;
    }
    return true;
  }

  // A type id that is defined as a type.
  bool isType(uint32_t id) const { return validId(id) && module_->types[id].id == id; }

  bool typeInstruction(const InstRef& in) {
    const auto op = spv::Op(in.opcode);
    if (op == spv::OpTypeForwardPointer) return true;
    if (!needWords(in, 2) || !needId(in, word(in, 1))) return false;
    const uint32_t id = word(in, 1);
    Module& m = *module_;
    Type t;
    t.id = id;
    auto elementOf = [&](uint32_t i) -> bool {
      const uint32_t e = word(in, i);
      if (!isType(e)) return fail("operand " + std::to_string(e) + " is not a type", in.offset);
      t.element = e;
      return true;
    };
    uint64_t size = 0;
    switch (op) {
      case spv::OpTypeVoid: t.kind = TypeKind::Void; break;
      case spv::OpTypeBool: t.kind = TypeKind::Bool; size = 1; t.scalar = id; t.components = 1; break;
      case spv::OpTypeInt:
      case spv::OpTypeFloat: {
        if (!needWords(in, 3)) return false;
        t.kind = op == spv::OpTypeInt ? TypeKind::Int : TypeKind::Float;
        t.width = word(in, 2);
        t.isSigned = op == spv::OpTypeInt && word(in, 3) != 0;
        if (t.width != 8 && t.width != 16 && t.width != 32 && t.width != 64)
          return fail("unsupported " + std::string(op == spv::OpTypeInt ? "integer" : "float") + " width " + std::to_string(t.width), in.offset);
        if (t.kind == TypeKind::Float && t.width == 8) return fail("unsupported float width 8", in.offset);
        size = t.width / 8;
        t.scalar = id;
        t.components = 1;
        break;
      }
      case spv::OpTypeVector:
      case spv::OpTypeMatrix: {
        if (!needWords(in, 4) || !elementOf(2)) return false;
        t.kind = op == spv::OpTypeVector ? TypeKind::Vector : TypeKind::Matrix;
        t.count = word(in, 3);
        const Type& e = m.types[t.element];
        if (t.count < 2 || t.count > 16) return fail("vector/matrix size out of range", in.offset);
        if (op == spv::OpTypeVector && e.kind != TypeKind::Bool && e.kind != TypeKind::Int && e.kind != TypeKind::Float)
          return fail("vector of a non-scalar type", in.offset);
        if (op == spv::OpTypeMatrix && e.kind != TypeKind::Vector) return fail("matrix of a non-vector type", in.offset);
        size = uint64_t(e.size) * t.count;
        t.scalar = e.scalar;
        t.components = e.components * t.count;
        break;
      }
      case spv::OpTypeArray: {
        if (!needWords(in, 4) || !elementOf(2)) return false;
        t.kind = TypeKind::Array;
        const uint32_t lengthId = word(in, 3);
        uint64_t length = 0;
        if (!scalarConstant(lengthId, length)) return fail("array length is not a constant integer", in.offset);
        if (length == 0 || length > (1u << 28)) return fail("array length " + std::to_string(length) + " is out of range", in.offset);
        t.count = uint32_t(length);
        size = uint64_t(m.types[t.element].size) * length;
        t.arrayStride = decorations_[id].arrayStride;
        break;
      }
      case spv::OpTypeRuntimeArray:
        if (!needWords(in, 3) || !elementOf(2)) return false;
        t.kind = TypeKind::RuntimeArray;
        t.arrayStride = decorations_[id].arrayStride;
        break;
      case spv::OpTypeStruct: {
        t.kind = TypeKind::Struct;
        const Decorations& d = decorations_[id];
        t.block = d.block;
        t.bufferBlock = d.bufferBlock;
        for (uint32_t i = 2; i < in.wordCount; ++i) {
          const uint32_t member = word(in, i);
          if (!isType(member)) return fail("struct member " + std::to_string(member) + " is not a type", in.offset);
          t.members.push_back(member);
          size += m.types[member].size;
          auto it = d.members.find(i - 2);
          MemberDecorations md = it == d.members.end() ? MemberDecorations{} : it->second;
          t.memberOffsets.push_back(md.offset);
          t.memberMatrixStride.push_back(md.matrixStride);
          t.memberRowMajor.push_back(md.rowMajor);
        }
        break;
      }
      case spv::OpTypePointer:
        if (!needWords(in, 4)) return false;
        t.kind = TypeKind::Pointer;
        t.storageClass = word(in, 2);
        t.element = word(in, 3);  // may be a forward-declared pointee (physical pointers)
        if (!validId(t.element)) return fail("pointer to %" + std::to_string(t.element) + ", outside the module's id bound", in.offset);
        size = sizeof(Pointer);
        break;
      case spv::OpTypeFunction:
        t.kind = TypeKind::Function;
        for (uint32_t i = 2; i < in.wordCount; ++i) t.members.push_back(word(in, i));
        break;
      case spv::OpTypeImage:
        if (!needWords(in, 9) || !elementOf(2)) return false;
        t.kind = TypeKind::Image;
        t.image = {t.element, word(in, 3), word(in, 4), word(in, 5) != 0, word(in, 6) != 0, word(in, 7), word(in, 8)};
        size = sizeof(Handle);
        break;
      case spv::OpTypeSampler:
        t.kind = TypeKind::Sampler;
        size = sizeof(Handle);
        break;
      case spv::OpTypeSampledImage:
        if (!needWords(in, 3) || !elementOf(2)) return false;
        t.kind = TypeKind::SampledImage;
        t.image = m.types[t.element].image;
        size = sizeof(Handle);
        break;
      case spv::OpTypeAccelerationStructureKHR:
        t.kind = TypeKind::AccelerationStructure;
        size = 8;
        break;
      default:
        t.kind = TypeKind::Other;
        size = 8;
        break;
    }
    if (size > kMaxValueBytes) return fail("type " + std::to_string(id) + " is too large (" + std::to_string(size) + " bytes)", in.offset);
    t.size = uint32_t(size);
    m.types[id] = std::move(t);
    return true;
  }

  // An integer OpConstant/OpSpecConstant (after specialization) as an unsigned value.
  bool scalarConstant(uint32_t id, uint64_t& out) const {
    if (!validId(id)) return false;
    const Module& m = *module_;
    const uint32_t offset = m.constantOffset[id];
    const uint32_t type = m.typeOf[id];
    if (offset == ~0u || !isType(type) || m.types[type].kind != TypeKind::Int) return false;
    const Type& t = m.types[type];
    out = 0;
    std::memcpy(&out, m.constants.data() + offset, t.size);
    if (t.isSigned && t.width < 64 && (out >> (t.width - 1)) & 1) return false;  // negative
    return true;
  }

  uint32_t allocateConstant(uint32_t id, uint32_t type) {
    Module& m = *module_;
    const uint32_t size = m.types[type].size;
    // 8-byte alignment keeps the pool friendly to wide loads.
    const uint32_t offset = uint32_t((m.constants.size() + 7) & ~size_t(7));
    m.constants.resize(offset + std::max<uint32_t>(size, 1), 0);
    m.constantOffset[id] = offset;
    m.typeOf[id] = type;
    return offset;
  }

  bool constantInstruction(const InstRef& in) {
    const auto op = spv::Op(in.opcode);
    if (!needWords(in, 3)) return false;
    const uint32_t type = word(in, 1), id = word(in, 2);
    if (!needId(in, id)) return false;
    if (!isType(type)) return fail("constant of a non-type " + std::to_string(type), in.offset);
    Module& m = *module_;
    const Type& t = m.types[type];
    if (t.kind == TypeKind::RuntimeArray || t.kind == TypeKind::Void || t.kind == TypeKind::Function)
      return fail("constant of an unsized type", in.offset);
    const uint32_t offset = allocateConstant(id, type);
    uint8_t* out = m.constants.data() + offset;
    const std::optional<uint32_t> specId = decorations_[id].specId;
    auto specialized = [&]() -> const std::vector<uint8_t>* {
      if (!specId) return nullptr;
      auto it = options_.specialization.find(*specId);
      return it == options_.specialization.end() ? nullptr : &it->second;
    };
    switch (op) {
      case spv::OpConstantTrue:
      case spv::OpConstantFalse:
      case spv::OpSpecConstantTrue:
      case spv::OpSpecConstantFalse: {
        if (t.kind != TypeKind::Bool) return fail("boolean constant of a non-bool type", in.offset);
        bool value = op == spv::OpConstantTrue || op == spv::OpSpecConstantTrue;
        if (const auto* s = specialized()) {
          uint32_t v = 0;
          std::memcpy(&v, s->data(), std::min<size_t>(4, s->size()));
          value = v != 0;
        }
        *out = value;
        return true;
      }
      case spv::OpConstant:
      case spv::OpSpecConstant: {
        if (t.kind != TypeKind::Int && t.kind != TypeKind::Float) return fail("scalar constant of a non-scalar type", in.offset);
        const uint32_t literalWords = t.width > 32 ? 2 : 1;
        if (in.wordCount < 3 + literalWords) return fail("constant literal is too short", in.offset);
        uint64_t bits = word(in, 3);
        if (literalWords == 2) bits |= uint64_t(word(in, 4)) << 32;
        if (const auto* s = specialized()) {
          bits = 0;
          std::memcpy(&bits, s->data(), std::min<size_t>(t.size, s->size()));
        }
        std::memcpy(out, &bits, t.size);
        return true;
      }
      case spv::OpConstantNull:
      case spv::OpUndef:
        return true;  // zeros
      case spv::OpConstantComposite:
      case spv::OpSpecConstantComposite: {
        uint32_t at = 0;
        for (uint32_t i = 3; i < in.wordCount; ++i) {
          const uint32_t part = word(in, i);
          if (!validId(part) || m.constantOffset[part] == ~0u) return fail("composite constant part " + std::to_string(part) + " is not a constant", in.offset);
          const uint32_t partSize = m.types[m.typeOf[part]].size;
          if (at + partSize > t.size) return fail("composite constant parts exceed its type", in.offset);
          // `out` may have moved: the pool only grows at allocation, which happened above.
          std::memcpy(m.constants.data() + offset + at, m.constants.data() + m.constantOffset[part], partSize);
          at += partSize;
        }
        if (at != t.size) return fail("composite constant parts do not fill its type", in.offset);
        return true;
      }
      case spv::OpSpecConstantOp: {
        // Its operands precede it, so it is evaluated in place (SpecConstants.cpp).
        std::string error = evaluateSpecConstantOps(m, words_, {in.offset});
        return error.empty() ? true : fail(error);
      }
      case spv::OpConstantSampler:
        m.unsupported.push_back("OpConstantSampler (word " + std::to_string(in.offset) + ")");
        return true;
      default:
        return fail("unexpected constant instruction", in.offset);
    }
  }

  bool globalVariable(const InstRef& in) {
    if (!needWords(in, 4)) return false;
    const uint32_t pointerType = word(in, 1), id = word(in, 2), storage = word(in, 3);
    if (!needId(in, id)) return false;
    Module& m = *module_;
    if (!isType(pointerType) || m.types[pointerType].kind != TypeKind::Pointer) return fail("variable of a non-pointer type", in.offset);
    const uint32_t pointee = m.types[pointerType].element;
    if (!isType(pointee)) return fail("variable's pointee is not a type", in.offset);
    if (storage == spv::StorageClassFunction) return fail("Function variable outside a function", in.offset);
    GlobalVariable v;
    v.id = id;
    v.name = m.names[id];
    v.pointerType = pointerType;
    v.type = pointee;
    v.storageClass = storage;
    const Decorations& d = decorations_[id];
    v.set = d.set;
    v.binding = d.binding;
    v.builtIn = d.builtIn;
    v.nonWritable = d.nonWritable;
    if (in.wordCount > 4) {
      v.initializer = word(in, 4);
      if (!validId(v.initializer) || m.constantOffset[v.initializer] == ~0u) return fail("variable initializer is not a constant", in.offset);
    }
    // A block's builtIn members (gl_PerVertex) are not compute inputs; a struct of built-ins is rare.
    if (!v.builtIn && m.types[pointee].kind == TypeKind::Struct) {
      auto it = decorations_[pointee].members.find(0);
      (void)it;
    }
    const Type& pt = m.types[pointee];
    const bool resourceClass = storage == spv::StorageClassUniformConstant || storage == spv::StorageClassStorageBuffer ||
                               storage == spv::StorageClassUniform;
    if (resourceClass && (pt.kind == TypeKind::Array || pt.kind == TypeKind::RuntimeArray)) {
      const Type& elem = m.types[pt.element];
      const bool descriptorElement = elem.kind == TypeKind::Image || elem.kind == TypeKind::Sampler ||
                                     elem.kind == TypeKind::SampledImage || elem.kind == TypeKind::Struct ||
                                     elem.kind == TypeKind::AccelerationStructure;
      if (descriptorElement) {
        v.descriptorArray = true;
        v.descriptorCount = pt.kind == TypeKind::Array ? pt.count : 0;
        v.descriptorType = pt.element;
      }
    }
    const uint32_t index = uint32_t(m.globals.size());
    v.layout = m.layoutOf(v.descriptorArray ? v.descriptorType : pointee);
    const uint32_t memorySize = m.layouts[v.layout].size;
    auto place = [&](uint32_t& total) -> bool {
      const uint64_t at = (uint64_t(total) + 15) & ~uint64_t(15);
      if (at + memorySize > kMaxFrameBytes) return fail("too much " + storageName(storage) + " memory", in.offset);
      v.offset = uint32_t(at);
      total = uint32_t(at + memorySize);
      return true;
    };
    ObjectKind kind = ObjectKind::Null;
    switch (storage) {
      case spv::StorageClassPrivate:
      case spv::StorageClassOutput:  // compute has none; kept per lane so a stray one is harmless
        if (!place(m.privateBytes)) return false;
        kind = ObjectKind::LanePrivate;
        break;
      case spv::StorageClassInput:
        if (!place(m.inputBytes)) return false;
        kind = ObjectKind::LaneInput;
        break;
      case spv::StorageClassWorkgroup:
        if (!place(m.workgroupBytes)) return false;
        kind = ObjectKind::Workgroup;
        break;
      case spv::StorageClassPushConstant:
        kind = ObjectKind::PushConstant;
        break;
      case spv::StorageClassStorageBuffer:
      case spv::StorageClassUniform:
      case spv::StorageClassShaderRecordBufferKHR:
        kind = v.descriptorArray ? ObjectKind::Descriptor : ObjectKind::Buffer;
        break;
      case spv::StorageClassUniformConstant:
        kind = ObjectKind::Descriptor;
        break;
      default:
        m.unsupported.push_back(storageName(storage) + " variable " + std::to_string(id));
        kind = ObjectKind::Null;
        break;
    }
    // The variable's pointer is the same for every lane: a constant.
    const uint32_t offset = allocateConstant(id, pointerType);
    Pointer p;
    p.object = makeObject(kind, index);
    p.layout = v.descriptorArray ? m.layoutOf(pointee) : v.layout;
    p.offset = kind == ObjectKind::Buffer || kind == ObjectKind::Descriptor || kind == ObjectKind::PushConstant ? 0 : v.offset;
    std::memcpy(m.constants.data() + offset, &p, sizeof p);
    m.globalIndexOf[id] = index;
    m.globals.push_back(std::move(v));
    return true;
  }

  static std::string storageName(uint32_t storage) {
    switch (storage) {
      case spv::StorageClassPrivate: return "Private";
      case spv::StorageClassInput: return "Input";
      case spv::StorageClassOutput: return "Output";
      case spv::StorageClassWorkgroup: return "Workgroup";
      case spv::StorageClassPhysicalStorageBuffer: return "PhysicalStorageBuffer";
      case spv::StorageClassCrossWorkgroup: return "CrossWorkgroup";
      case spv::StorageClassGeneric: return "Generic";
      case spv::StorageClassTaskPayloadWorkgroupEXT: return "TaskPayloadWorkgroup";
      default: return "storage class " + std::to_string(storage);
    }
  }

  // ---- functions -----------------------------------------------------------------------

  bool functions() {
    for (size_t start : functionStarts_)
      if (!function(start)) return false;
    return true;
  }

  bool function(size_t start) {
    Module& m = *module_;
    const InstRef& head = insts_[start];
    if (!needWords(head, 5)) return false;
    Function f;
    f.returnType = word(head, 1);
    f.id = word(head, 2);
    if (!needId(head, f.id)) return false;
    f.name = m.names[f.id];
    if (!isType(f.returnType)) return fail("function return type is not a type", head.offset);
    size_t end = start + 1;
    while (insts_[end].opcode != spv::OpFunctionEnd) ++end;

    // Registers: every result id of the body, in order; labels become block indices.
    std::unordered_map<uint32_t, uint32_t> registerOffset;  // id -> per-lane offset
    std::unordered_map<uint32_t, uint32_t> blockOf;         // label id -> block index
    uint64_t registerBytes = 0, localBytes = 0;
    auto addRegister = [&](uint32_t id, uint32_t type, const InstRef& in) -> bool {
      if (!needId(in, id)) return false;
      if (!isType(type)) return fail("result type " + std::to_string(type) + " is not a type", in.offset);
      if (registerOffset.count(id) || m.constantOffset[id] != ~0u) return fail("id " + std::to_string(id) + " is defined twice", in.offset);
      const uint32_t size = std::max<uint32_t>(m.types[type].size, 1);
      registerBytes = (registerBytes + 7) & ~uint64_t(7);
      registerOffset[id] = uint32_t(registerBytes);
      registerBytes += size;
      if (registerBytes > kMaxFrameBytes) return fail("function " + f.name + " has too many registers", in.offset);
      m.typeOf[id] = type;
      return true;
    };
    for (size_t k = start + 1; k < end; ++k) {
      const InstRef& in = insts_[k];
      const auto op = spv::Op(in.opcode);
      if (op == spv::OpLabel) {
        if (!needWords(in, 2) || !needId(in, word(in, 1))) return false;
        blockOf[word(in, 1)] = uint32_t(blockOf.size());
        continue;
      }
      bool hasResult = false, hasType = false;
      spv::HasResultAndType(op, &hasResult, &hasType);
      if (op == spv::OpExtInst && word(in, 3) == m.shaderDebugInfoSet && m.shaderDebugInfoSet) {
        // NonSemantic debug instructions produce no value the shader reads (DebugLine is read below).
        continue;
      }
      if (hasResult && hasType) {
        if (!needWords(in, 3)) return false;
        if (!addRegister(word(in, 2), word(in, 1), in)) return false;
      } else if (hasResult && !needId(in, word(in, 1))) {
        return false;
      }
    }
    if (blockOf.empty()) return fail("function " + std::to_string(f.id) + " has no blocks", head.offset);
    f.registerBytes = uint32_t((registerBytes + 7) & ~uint64_t(7));

    auto operandFor = [&](uint32_t id, Operand& out) -> bool {
      if (auto it = registerOffset.find(id); it != registerOffset.end()) {
        out.value = it->second;
        out.size = m.types[m.typeOf[id]].size;
        out.stride = std::max<uint32_t>(out.size, 1);
        return true;
      }
      if (validId(id) && m.constantOffset[id] != ~0u) {
        out.value = m.constantOffset[id];
        out.stride = 0;
        out.size = m.types[m.typeOf[id]].size;
        return true;
      }
      out.value = id;  // a label, function, type, string or extended set: read as a literal
      out.stride = Operand::kLiteral;
      return false;
    };
    auto pushOperand = [&](uint32_t id, bool literal) {
      Operand o;
      if (literal) {
        o.value = id;
        o.stride = Operand::kLiteral;
        f.operandIds.push_back(0);
      } else {
        operandFor(id, o);
        f.operandIds.push_back(o.isLiteral() ? 0 : id);
      }
      f.operands.push_back(o);
    };

    uint32_t currentLocation = 0;
    Block* block = nullptr;
    for (size_t k = start + 1; k < end; ++k) {
      const InstRef& in = insts_[k];
      const auto op = spv::Op(in.opcode);
      switch (op) {
        case spv::OpFunctionParameter: {
          const uint32_t id = word(in, 2);
          f.parameterIds.push_back(id);
          Operand o;
          operandFor(id, o);
          f.parameters.push_back(o);
          continue;
        }
        case spv::OpLabel:
          f.blocks.push_back({});
          block = &f.blocks.back();
          block->labelId = word(in, 1);
          block->first = uint32_t(f.insts.size());
          continue;
        case spv::OpLine:
          if (!needWords(in, 4)) return false;
          currentLocation = location(word(in, 1), word(in, 2), word(in, 3));
          continue;
        case spv::OpNoLine:
          currentLocation = 0;
          continue;
        case spv::OpSelectionMerge:
        case spv::OpLoopMerge: {
          if (!block || !needWords(in, op == spv::OpLoopMerge ? 4 : 3)) return fail("merge instruction outside a block", in.offset);
          auto target = blockOf.find(word(in, 1));
          if (target == blockOf.end()) return fail("merge target is not a block", in.offset);
          block->mergeBlock = target->second;
          if (op == spv::OpLoopMerge) {
            auto cont = blockOf.find(word(in, 2));
            if (cont == blockOf.end()) return fail("continue target is not a block", in.offset);
            block->continueBlock = cont->second;
            block->loopHeader = true;
          }
          continue;
        }
        default:
          break;
      }
      if (op == spv::OpExtInst && m.shaderDebugInfoSet && word(in, 3) == m.shaderDebugInfoSet) {
        debugInfoLine(in, currentLocation);
        continue;
      }
      if (!block) return fail("instruction outside a block", in.offset);
      bool hasResult = false, hasType = false;
      spv::HasResultAndType(op, &hasResult, &hasType);
      Inst inst;
      inst.opcode = uint16_t(op);
      inst.wordOffset = in.offset;
      inst.location = currentLocation;
      uint32_t firstWord = 1;
      if (hasType) inst.typeId = word(in, firstWord++);
      if (hasResult) inst.resultId = word(in, firstWord++);
      if (hasResult && hasType) operandFor(inst.resultId, inst.result);
      inst.firstOperand = uint32_t(f.operands.size());
      if (op == spv::OpVariable) {
        // Function-storage variable: its pointer register is filled when the frame is entered.
        const uint32_t pointee = m.types[inst.typeId].element;
        if (!isType(pointee)) return fail("variable's pointee is not a type", in.offset);
        const uint32_t layout = m.layoutOf(pointee);
        localBytes = (localBytes + 15) & ~uint64_t(15);
        Function::Local local{inst.resultId, uint32_t(localBytes), pointee};
        localBytes += m.layouts[layout].size;
        if (localBytes > kMaxFrameBytes) return fail("function " + f.name + " has too many locals", in.offset);
        inst.aux = local.offset;
        inst.aux2 = layout;
        pushOperand(in.wordCount > 4 ? word(in, 4) : 0, in.wordCount <= 4);  // initializer
        inst.operandCount = 1;
        f.locals.push_back(local);
      } else {
        for (uint32_t i = firstWord; i < in.wordCount; ++i) {
          const uint32_t index = i - firstWord;
          if (isDroppedOperand(op, index)) break;
          pushOperand(word(in, i), isLiteralOperand(op, index, in));
        }
        inst.operandCount = uint32_t(f.operands.size()) - inst.firstOperand;
        if (op == spv::OpExtInst) inst.extOpcode = uint16_t(word(in, 4));
        if (op == spv::OpExtInst && m.debugPrintfSet && word(in, 3) == m.debugPrintfSet && inst.operandCount > 2) {
          // DebugPrintf's format names an OpString, not a value: keep its id as a literal.
          Operand& format = f.operands[inst.firstOperand + 2];
          format = Operand{word(in, 5), Operand::kLiteral, 0};
          f.operandIds[inst.firstOperand + 2] = word(in, 5);
        }
      }
      const bool terminator = isTerminator(op);
      if (op == spv::OpPhi) block->hasPhis = true;
      f.insts.push_back(inst);
      if (terminator) {
        if (!terminate(f, *block, in, blockOf)) return false;
        block = nullptr;
      }
    }
    if (block) return fail("block " + std::to_string(block->labelId) + " has no terminator", head.offset);
    f.localBytes = uint32_t((localBytes + 15) & ~uint64_t(15));
    if (f.returnType && m.types[f.returnType].kind != TypeKind::Void) {
      // The return value travels through a register of its own at the end of the frame.
      const uint32_t size = m.types[f.returnType].size;
      f.returnValue.value = f.registerBytes;
      f.returnValue.stride = std::max<uint32_t>(size, 1);
      f.returnValue.size = size;
      f.registerBytes = uint32_t((uint64_t(f.registerBytes) + size + 7) & ~uint64_t(7));
    }
    computePostDominators(f);
    const uint32_t index = uint32_t(m.functions.size());
    m.functionIndexOf[f.id] = index;
    m.functions.push_back(std::move(f));
    // Bind after the function is in place (binders may look at it).
    Function& placed = m.functions.back();
    for (Inst& inst : placed.insts) {
      BindContext context{m, placed, inst, {}};
      if (!bindInstruction(context)) return fail(context.error, inst.wordOffset);
    }
    return true;
  }

  uint32_t location(uint32_t fileId, uint32_t line, uint32_t column) {
    Module& m = *module_;
    uint32_t file = 0;
    if (validId(fileId) && !m.strings[fileId].empty()) {
      auto it = fileIndex_.find(fileId);
      if (it == fileIndex_.end()) {
        it = fileIndex_.emplace(fileId, uint32_t(m.sourceFiles.size())).first;
        m.sourceFiles.push_back(m.strings[fileId]);
      }
      file = it->second;
    }
    const SourceLocation& last = m.locations.back();
    if (m.locations.size() > 1 && last.file == file && last.line == line && last.column == column) return uint32_t(m.locations.size() - 1);
    m.locations.push_back({file, line, column});
    return uint32_t(m.locations.size() - 1);
  }

  // NonSemantic.Shader.DebugInfo.100 DebugLine (103) and DebugNoLine (104) set the location.
  void debugInfoLine(const InstRef& in, uint32_t& current) {
    const uint32_t instruction = word(in, 4);
    if (instruction == 104) {
      current = 0;
      return;
    }
    if (instruction != 103 || in.wordCount < 10) return;
    // Operands: Source, LineStart, LineEnd, ColumnStart, ColumnEnd (ids of constants).
    const uint32_t source = word(in, 5);
    uint64_t line = 0, column = 0;
    scalarConstant(word(in, 6), line);
    scalarConstant(word(in, 8), column);
    uint32_t fileString = 0;
    if (auto it = debugSourceFile_.find(source); it != debugSourceFile_.end()) fileString = it->second;
    else fileString = debugSourceOf(source);
    current = location(fileString, uint32_t(line), uint32_t(column));
  }
  // DebugSource (35) names its file with an OpString.
  uint32_t debugSourceOf(uint32_t id) {
    for (const InstRef& in : insts_) {
      if (in.opcode == spv::OpExtInst && word(in, 2) == id && word(in, 4) == 35) {
        debugSourceFile_[id] = word(in, 5);
        return word(in, 5);
      }
    }
    debugSourceFile_[id] = 0;
    return 0;
  }

  static bool isTerminator(spv::Op op) {
    switch (op) {
      case spv::OpBranch: case spv::OpBranchConditional: case spv::OpSwitch: case spv::OpReturn:
      case spv::OpReturnValue: case spv::OpUnreachable: case spv::OpKill: case spv::OpTerminateInvocation:
        return true;
      default:
        return false;
    }
  }

  // Memory-access operands of loads/stores/copies carry nothing the executor needs.
  static bool isDroppedOperand(spv::Op op, uint32_t index) {
    switch (op) {
      case spv::OpLoad: return index >= 1;
      case spv::OpStore: return index >= 2;
      case spv::OpCopyMemory: case spv::OpCopyMemorySized: return index >= (op == spv::OpCopyMemory ? 2u : 3u);
      default: return false;
    }
  }

  static bool isGroupOperationOp(spv::Op op) {
    switch (op) {
      case spv::OpGroupNonUniformIAdd: case spv::OpGroupNonUniformFAdd: case spv::OpGroupNonUniformIMul:
      case spv::OpGroupNonUniformFMul: case spv::OpGroupNonUniformSMin: case spv::OpGroupNonUniformUMin:
      case spv::OpGroupNonUniformFMin: case spv::OpGroupNonUniformSMax: case spv::OpGroupNonUniformUMax:
      case spv::OpGroupNonUniformFMax: case spv::OpGroupNonUniformBitwiseAnd: case spv::OpGroupNonUniformBitwiseOr:
      case spv::OpGroupNonUniformBitwiseXor: case spv::OpGroupNonUniformLogicalAnd: case spv::OpGroupNonUniformLogicalOr:
      case spv::OpGroupNonUniformLogicalXor: case spv::OpGroupNonUniformBallotBitCount:
        return true;
      default:
        return false;
    }
  }

  // Which operands (counted after the result) are literal words rather than ids.
  static bool isLiteralOperand(spv::Op op, uint32_t index, const InstRef&) {
    switch (op) {
      case spv::OpCompositeExtract: return index >= 1;
      case spv::OpCompositeInsert: return index >= 2;
      case spv::OpVectorShuffle: return index >= 2;
      case spv::OpExtInst: return index == 1;
      case spv::OpArrayLength: return index == 1;
      case spv::OpSwitch: return index >= 1 && index % 2 == 1;  // selector, default, (literal, label)*
      case spv::OpImageSampleImplicitLod: case spv::OpImageSampleExplicitLod: case spv::OpImageSampleProjImplicitLod:
      case spv::OpImageSampleProjExplicitLod: case spv::OpImageFetch: case spv::OpImageRead:
      case spv::OpImageSparseSampleImplicitLod: case spv::OpImageSparseSampleExplicitLod:
      case spv::OpImageSparseFetch: case spv::OpImageSparseRead:
        return index == 2;
      case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod:
      case spv::OpImageSampleProjDrefImplicitLod: case spv::OpImageSampleProjDrefExplicitLod:
      case spv::OpImageGather: case spv::OpImageDrefGather: case spv::OpImageWrite:
      case spv::OpImageSparseSampleDrefImplicitLod: case spv::OpImageSparseSampleDrefExplicitLod:
      case spv::OpImageSparseGather: case spv::OpImageSparseDrefGather:
        return index == 3;
      case spv::OpGroupNonUniformPartitionNV:
        return false;
      default:
        return isGroupOperationOp(op) && index == 1;
    }
  }

  bool terminate(Function& f, Block& block, const InstRef& in, const std::unordered_map<uint32_t, uint32_t>& blockOf) {
    const auto op = spv::Op(in.opcode);
    block.terminator = uint32_t(f.insts.size() - 1);
    const Inst& inst = f.insts.back();
    auto target = [&](uint32_t label, uint32_t& out) -> bool {
      auto it = blockOf.find(label);
      if (it == blockOf.end()) return fail("branch target " + std::to_string(label) + " is not a block", in.offset);
      out = it->second;
      return true;
    };
    uint32_t t = 0;
    switch (op) {
      case spv::OpBranch:
        block.kind = Terminator::Branch;
        if (!target(word(in, 1), t)) return false;
        block.targets = {t};
        return true;
      case spv::OpBranchConditional: {
        block.kind = Terminator::BranchConditional;
        uint32_t a = 0, b = 0;
        if (!needWords(in, 4) || !target(word(in, 2), a) || !target(word(in, 3), b)) return false;
        block.targets = {a, b};
        block.selector = inst.firstOperand;
        return true;
      }
      case spv::OpSwitch: {
        block.kind = Terminator::Switch;
        if (!needWords(in, 3) || !target(word(in, 2), t)) return false;
        block.targets = {t};
        block.selector = inst.firstOperand;
        // The selector is an id the module may not have (malformed input): checked before use.
        const uint32_t selectorId = word(in, 1);
        if (!validId(selectorId))
          return fail("OpSwitch selector %" + std::to_string(selectorId) + " is not an id of the module", in.offset);
        const uint32_t selectorType = module_->typeOf[selectorId];
        const uint32_t literalWords = isType(selectorType) && module_->types[selectorType].width > 32 ? 2 : 1;
        for (uint32_t i = 3; i + literalWords < in.wordCount; i += literalWords + 1) {
          uint64_t literal = word(in, i);
          if (literalWords == 2) literal |= uint64_t(word(in, i + 1)) << 32;
          if (!target(word(in, i + literalWords), t)) return false;
          block.caseLiterals.push_back(literal);
          block.targets.push_back(t);
        }
        return true;
      }
      case spv::OpReturn:
        block.kind = Terminator::Return;
        return true;
      case spv::OpReturnValue:
        block.kind = Terminator::ReturnValue;
        block.selector = inst.firstOperand;
        return true;
      case spv::OpUnreachable:
        block.kind = Terminator::Unreachable;
        return true;
      default:
        block.kind = Terminator::Kill;
        return true;
    }
  }

  // Immediate post-dominators (Cooper-Harvey-Kennedy on the reverse CFG with a virtual exit), the
  // executor's reconvergence point where a divergent branch has no merge instruction.
  void computePostDominators(Function& f) {
    const uint32_t n = uint32_t(f.blocks.size());
    const uint32_t exit = n;
    std::vector<std::vector<uint32_t>> succ(n + 1), pred(n + 1);
    for (uint32_t b = 0; b < n; ++b) {
      const Block& block = f.blocks[b];
      std::vector<uint32_t> targets = block.targets;
      if (targets.empty()) targets.push_back(exit);
      std::sort(targets.begin(), targets.end());
      targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
      for (uint32_t t : targets) {
        succ[b].push_back(t);
        pred[t].push_back(b);
      }
    }
    // Blocks that cannot reach the exit (infinite loops) are tied to it so every block has one.
    std::vector<uint8_t> reaches(n + 1, 0);
    std::vector<uint32_t> work{exit};
    reaches[exit] = 1;
    while (!work.empty()) {
      uint32_t b = work.back();
      work.pop_back();
      for (uint32_t p : pred[b])
        if (!reaches[p]) reaches[p] = 1, work.push_back(p);
    }
    for (uint32_t b = 0; b < n; ++b)
      if (!reaches[b]) succ[b].push_back(exit), pred[exit].push_back(b);
    // Post-order of the reverse graph from the exit.
    std::vector<uint32_t> order, number(n + 1, ~0u);
    std::vector<std::pair<uint32_t, uint32_t>> stack{{exit, 0}};
    std::vector<uint8_t> seen(n + 1, 0);
    seen[exit] = 1;
    while (!stack.empty()) {
      auto& [b, i] = stack.back();
      if (i < pred[b].size()) {
        uint32_t p = pred[b][i++];
        if (!seen[p]) seen[p] = 1, stack.push_back({p, 0});
      } else {
        number[b] = uint32_t(order.size());
        order.push_back(b);
        stack.pop_back();
      }
    }
    std::vector<uint32_t> idom(n + 1, ~0u);
    idom[exit] = exit;
    auto intersect = [&](uint32_t a, uint32_t b) {
      while (a != b) {
        while (number[a] < number[b]) a = idom[a];
        while (number[b] < number[a]) b = idom[b];
      }
      return a;
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t k = order.size(); k-- > 0;) {
        const uint32_t b = order[k];
        if (b == exit) continue;
        uint32_t next = ~0u;
        for (uint32_t s : succ[b]) {
          if (idom[s] == ~0u) continue;
          next = next == ~0u ? s : intersect(s, next);
        }
        if (next != ~0u && idom[b] != next) idom[b] = next, changed = true;
      }
    }
    for (uint32_t b = 0; b < n; ++b)
      f.blocks[b].immediatePostDominator = idom[b] == exit || idom[b] == ~0u ? Block::kExitBlock : idom[b];
  }

  bool finishEntryPoints() {
    Module& m = *module_;
    for (EntryPoint& e : m.entryPoints) {
      const uint32_t id = e.function;
      if (!validId(id) || m.functionIndexOf[id] == ~0u) return fail("entry point " + e.name + " names no function");
      e.function = m.functionIndexOf[id];
      for (const InstRef& in : executionModes_) {
        if (word(in, 1) != id) continue;
        // Switch on the word itself: casting an arbitrary word to the enum is undefined.
        switch (word(in, 2)) {
          case spv::ExecutionModeLocalSize:
            e.localSize = {word(in, 3), word(in, 4), word(in, 5)};
            break;
          case spv::ExecutionModeLocalSizeId: {
            for (int i = 0; i < 3; ++i) {
              uint64_t v = 0;
              if (!scalarConstant(word(in, 3 + i), v)) return fail("LocalSizeId operand is not a constant", in.offset);
              e.localSize[i] = uint32_t(v);
            }
            break;
          }
          case spv::ExecutionModeDerivativeGroupQuadsNV: e.derivativeGroupQuads = true; break;
          case spv::ExecutionModeDerivativeGroupLinearNV: e.derivativeGroupLinear = true; break;
          case spv::ExecutionModeSubgroupSize: e.requiredSubgroupSize = word(in, 3); break;
          case spv::ExecutionModeDenormFlushToZero: e.denormFlushWidths |= word(in, 3); break;
          case spv::ExecutionModeDenormPreserve: e.denormPreserveWidths |= word(in, 3); break;
          default: break;
        }
      }
      // A WorkgroupSize built-in constant overrides the execution mode.
      for (uint32_t id2 = 1; id2 < m.bound; ++id2) {
        if (decorations_[id2].builtIn != uint32_t(spv::BuiltInWorkgroupSize) || m.constantOffset[id2] == ~0u) continue;
        const Type& t = m.types[m.typeOf[id2]];
        if (t.kind == TypeKind::Vector && t.count == 3 && m.types[t.element].width == 32) {
          std::memcpy(e.localSize.data(), m.constants.data() + m.constantOffset[id2], 12);
        }
      }
      for (uint32_t& size : e.localSize)
        if (size == 0) return fail("entry point " + e.name + " has a workgroup size of 0");
    }
    return true;
  }

  static const char* opName(spv::Op op) {
    (void)op;
    return "instruction";
  }

  std::span<const uint32_t> words_;
  const DecodeOptions& options_;
  std::shared_ptr<Module> module_;
  std::string error_;
  std::vector<InstRef> insts_;
  std::vector<size_t> functionStarts_;
  std::vector<InstRef> executionModes_;
  std::vector<Decorations> decorations_;
  std::unordered_map<uint32_t, uint32_t> fileIndex_;
  std::unordered_map<uint32_t, uint32_t> debugSourceFile_;
};

}  // namespace

DecodeResult decodeModule(std::span<const uint32_t> words, const DecodeOptions& options) {
  if (options.optimize) {
    // Validate first: the optimizer assumes a valid module.
    if (options.validate) {
      DecodeOptions check = options;
      check.optimize = false;
      DecodeResult checked = Decoder(words, check).run();
      if (!checked.module) return checked;
    }
    spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_3);
    optimizer.RegisterPerformancePasses();
    std::vector<uint32_t> optimized;
    spvtools::ValidatorOptions validatorOptions;
    validatorOptions.SetScalarBlockLayout(true);
    spvtools::OptimizerOptions optimizerOptions;
    optimizerOptions.set_run_validator(false);
    if (optimizer.Run(words.data(), words.size(), &optimized, optimizerOptions)) {
      DecodeOptions plain = options;
      plain.optimize = false;
      plain.validate = false;  // validated above
      return Decoder(optimized, plain).run();
    }
  }
  return Decoder(words, options).run();
}

int Module::findEntryPoint(const std::string& name) const {
  for (size_t i = 0; i < entryPoints.size(); ++i)
    if (entryPoints[i].name == name) return int(i);
  return -1;
}

std::string Module::describeLocation(uint32_t index) const {
  if (index == 0 || index >= locations.size()) return "";
  const SourceLocation& l = locations[index];
  std::string s = sourceFiles[l.file].empty() ? "<source>" : sourceFiles[l.file];
  s += ":" + std::to_string(l.line);
  if (l.column) s += ":" + std::to_string(l.column);
  return s;
}

}  // namespace sl::interp
