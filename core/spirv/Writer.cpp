#include "core/spirv/Writer.h"

#include "core/ir/Printer.h"
#include "core/ir/SpirvGrammar.h"
#include "core/ir/Verifier.h"
#include "core/spirv/FeatureSet.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace sl::spirv {
namespace {

using namespace sl::ir;
namespace g = sl::ir::grammar;

using Words = std::vector<uint32_t>;

void appendString(Words& out, std::string_view s) {
  const size_t words = s.size() / 4 + 1;
  const size_t start = out.size();
  out.resize(start + words, 0);
  for (size_t i = 0; i < s.size(); ++i) out[start + i / 4] |= uint32_t(uint8_t(s[i])) << (8 * (i % 4));
}

void emitInst(Words& out, uint32_t opcode, const Words& operands) {
  out.push_back(static_cast<uint32_t>((operands.size() + 1) << 16) | opcode);
  out.insert(out.end(), operands.begin(), operands.end());
}

enum class RegionRole { FunctionBody, Case, LoopBody, Continuing };

class Writer {
 public:
  Writer(const Module& m, const WriterOptions& o)
      : m_(m), cx_(m.cx()), opts_(o), version_(spirvVersion(o.env)),
        features_(version_, std::string(targetEnvName(o.env))) {}

  WriteResult run() {
    WriteResult result;
    declareCapability(spv::CapabilityShader);
    for (const std::string& ext : m_.extensions) features_.addExtension(ext);
    for (uint32_t cap : m_.capabilities) declareCapability(cap);
    for (uint32_t f = 0; f < m_.functions.size(); ++f) funcIds_.push_back(newId());
    for (uint32_t gv = 0; gv < m_.globals.size(); ++gv) emitGlobal(gv);
    for (uint32_t f = 0; f < m_.functions.size(); ++f) emitFunction(f);
    for (const EntryPoint& ep : m_.entryPoints) emitEntryPoint(ep);
    if (opts_.emitShaderDebugInfo) {
      compilationUnit();  // even a module without functions has one
      for (uint32_t gv = 0; gv < m_.globals.size(); ++gv) debugGlobalVariable(gv);
      for (const EntryPoint& ep : m_.entryPoints) debugEntryPoint(ep);
    }
    // The target's SPIR-V version lacks something the module uses: the input's fault (or the
    // target option's), reported at the first instruction that needed it.
    // Module-level declarations (a capability irgen added) have no location; they only add
    // noise next to the instructions that need the same version, so they show when nothing else does.
    bool anyLocated = false;
    for (const auto& [message, loc] : featureErrorLocs_) anyLocated |= loc.valid();
    // One error per instruction: its capability and its opcode need the same version.
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> reportedAt;
    for (const std::string& message : features_.errors()) {
      auto at = featureErrorLocs_.find(message);
      const DebugLoc loc = at == featureErrorLocs_.end() ? DebugLoc{} : at->second;
      if (loc.valid() ? !reportedAt.insert({loc.file, loc.line, loc.column}).second : anyLocated) continue;
      diags_.push_back(Diagnostic::error(sourceLoc(loc), message));
    }
    if (hasErrors(diags_)) {
      result.diagnostics = std::move(diags_);
      return result;
    }
    result.words = assemble();
    result.instructionLocs = std::move(instructionLocs_);
    result.diagnostics = std::move(diags_);
    return result;
  }

 private:
  // ------------------------------------------------------------------ ids, errors, requirements
  uint32_t newId() { return nextId_++; }

  SourceLoc sourceLoc(DebugLoc loc) const {
    SourceLoc sl;
    if (loc.valid() && loc.file < m_.debugFiles.size()) {
      sl.file = m_.debugFiles[loc.file].path;
      sl.line = loc.line;
      sl.column = loc.column;
    }
    return sl;
  }
  // Errors are the writer's own ("SPIR-V writer: ..."); see run() for the target's.
  void error(const std::string& message, DebugLoc loc = {}) {
    SourceLoc sl = sourceLoc(loc);
    // One diagnostic per distinct message keeps a module full of qptr ops readable.
    if (reported_.insert(message).second) diags_.push_back(Diagnostic::error(sl, "SPIR-V writer: " + message));
  }

  void declareCapability(uint32_t cap) { features_.declareCapability(cap); }
  void addExtension(const std::string& ext) { extraExtensions_.insert(ext); }
  void require(const g::Requirements& req, const std::string& what) { features_.require(req, what); }
  void requireEnum(g::Kind kind, uint32_t value) { features_.requireEnum(kind, value); }
  void requireOpcode(uint32_t opcode) { features_.requireOpcode(opcode); }
  // The instruction at `loc` added the feature errors from index `known` on.
  void noteFeatureErrors(size_t known, DebugLoc loc) {
    const std::vector<std::string>& errors = features_.errors();
    for (size_t i = known; i < errors.size(); ++i) featureErrorLocs_.emplace(errors[i], loc);
  }

  // An instruction holds at most 65,535 words (its count is 16 bits): a bigger one is a located
  // error at the declaration or instruction being written (a 200,000-element table), never a
  // module with a corrupt word count.
  void emitInst(Words& out, uint32_t opcode, const Words& operands) {
    if (operands.size() + 1 > 0xFFFF) {
      const g::Instruction* info = g::findInstruction(opcode);
      // A limit of SPIR-V the input reached, not the writer's failure: no "SPIR-V writer:" prefix.
      const std::string message = (info ? std::string(info->name) : std::string("an instruction")) + " would need " +
                                  std::to_string(operands.size() + 1) +
                                  " words; a SPIR-V instruction holds at most 65535 (split the data, e.g. into a buffer)";
      if (reported_.insert(message).second) diags_.push_back(Diagnostic::error(sourceLoc(currentLoc_), message));
      return;
    }
    spirv::emitInst(out, opcode, operands);
  }

  // ------------------------------------------------------------------ names and decorations
  // Debug names are cut to kMaxNameBytes: a 1 MB identifier is valid HLSL, its OpName is not.
  static constexpr size_t kMaxNameBytes = 4096;
  void name(uint32_t id, const std::string& text) {
    if (!opts_.emitNames || text.empty()) return;
    Words ops{id};
    appendString(ops, std::string_view(text).substr(0, kMaxNameBytes));
    emitInst(names_, spv::OpName, ops);
  }

  void memberName(uint32_t id, uint32_t member, const std::string& text) {
    if (!opts_.emitNames || text.empty()) return;
    Words ops{id, member};
    appendString(ops, std::string_view(text).substr(0, kMaxNameBytes));
    emitInst(names_, spv::OpMemberName, ops);
  }

  void decorate(uint32_t id, const Decoration& d) {
    requireEnum(g::Kind::Decoration, d.kind);
    if (d.kind == spv::DecorationBuiltIn && !d.operands.empty()) requireEnum(g::Kind::BuiltIn, d.operands[0]);
    Words ops{id, d.kind};
    ops.insert(ops.end(), d.operands.begin(), d.operands.end());
    emitInst(annotations_, spv::OpDecorate, ops);
  }

  void memberDecorate(uint32_t id, uint32_t member, const Decoration& d) {
    requireEnum(g::Kind::Decoration, d.kind);
    if (d.kind == spv::DecorationBuiltIn && !d.operands.empty()) requireEnum(g::Kind::BuiltIn, d.operands[0]);
    Words ops{id, member, d.kind};
    ops.insert(ops.end(), d.operands.begin(), d.operands.end());
    emitInst(annotations_, spv::OpMemberDecorate, ops);
  }

  // ------------------------------------------------------------------ types and constants
  uint32_t typeId(Type t) {
    if (!t.valid() || t.index >= cx_.typeCount()) {
      error("reference to an invalid type");
      return 0;
    }
    auto it = typeIds_.find(t.index);
    if (it != typeIds_.end()) return it->second;
    const TypeDef& d = cx_.def(t);
    Words ops;
    uint32_t opcode = 0;
    switch (d.kind) {
      case TypeKind::Void: opcode = spv::OpTypeVoid; break;
      case TypeKind::Bool: opcode = spv::OpTypeBool; break;
      case TypeKind::Int:
        opcode = spv::OpTypeInt;
        ops = {d.width, d.isSigned ? 1u : 0u};
        if (d.width == 64) declareCapability(spv::CapabilityInt64);
        else if (d.width == 16) declareCapability(spv::CapabilityInt16);
        else if (d.width == 8) declareCapability(spv::CapabilityInt8);
        break;
      case TypeKind::Float:
        opcode = spv::OpTypeFloat;
        ops = {d.width};
        if (d.width == 64) declareCapability(spv::CapabilityFloat64);
        else if (d.width == 16) declareCapability(spv::CapabilityFloat16);
        break;
      case TypeKind::Vector: opcode = spv::OpTypeVector; ops = {typeId(d.element), d.count}; break;
      case TypeKind::Matrix: opcode = spv::OpTypeMatrix; ops = {typeId(d.element), d.count}; break;
      case TypeKind::Array: {
        opcode = spv::OpTypeArray;
        uint32_t len = d.lengthConst.valid() ? constId(d.lengthConst) : constId(cx_.intern(ConstDef{
                                                                            .kind = ConstKind::Scalar,
                                                                            .type = u32Type(),
                                                                            .bits = d.count}));
        ops = {typeId(d.element), len};
        break;
      }
      case TypeKind::RuntimeArray: opcode = spv::OpTypeRuntimeArray; ops = {typeId(d.element)}; break;
      case TypeKind::Struct:
        opcode = spv::OpTypeStruct;
        for (const StructMember& mem : d.members) ops.push_back(typeId(mem.type));
        break;
      case TypeKind::Pointer:
        opcode = spv::OpTypePointer;
        if (d.storageClass == kHandlesAddrSpace) {
          error("pointer to the qptr Handles address space must be lifted before SPIR-V emission");
          return 0;
        }
        requireEnum(g::Kind::StorageClass, d.storageClass);
        ops = {d.storageClass, typeId(d.element)};
        break;
      case TypeKind::Function:
        opcode = spv::OpTypeFunction;
        ops.push_back(typeId(d.element));
        for (Type p : d.params) ops.push_back(typeId(p));
        break;
      case TypeKind::Image: {
        opcode = spv::OpTypeImage;
        ops = {typeId(d.element), d.image.dim, d.image.depth, d.image.arrayed, d.image.multisampled, d.image.sampled,
               d.image.format};
        const bool storage = d.image.sampled == 2;
        if (d.image.dim == spv::Dim1D) declareCapability(storage ? spv::CapabilityImage1D : spv::CapabilitySampled1D);
        else if (d.image.dim == spv::DimBuffer)
          declareCapability(storage ? spv::CapabilityImageBuffer : spv::CapabilitySampledBuffer);
        else if (d.image.dim == spv::DimCube && d.image.arrayed)
          declareCapability(storage ? spv::CapabilityImageCubeArray : spv::CapabilitySampledCubeArray);
        else if (d.image.dim == spv::DimSubpassData) declareCapability(spv::CapabilityInputAttachment);
        if (storage && d.image.multisampled && d.image.arrayed) declareCapability(spv::CapabilityImageMSArray);
        // 64-bit integer texels (Buffer<uint64_t>, RWTexture2D<int64_t>) need SPV_EXT_shader_image_int64, as DXC emits.
        if (const TypeDef& texel = cx_.def(d.element); texel.kind == TypeKind::Int && texel.width == 64) {
          declareCapability(spv::CapabilityInt64ImageEXT);
          addExtension("SPV_EXT_shader_image_int64");
        }
        requireEnum(g::Kind::ImageFormat, d.image.format);
        break;
      }
      case TypeKind::Sampler: opcode = spv::OpTypeSampler; break;
      case TypeKind::SampledImage: opcode = spv::OpTypeSampledImage; ops = {typeId(d.element)}; break;
      case TypeKind::AccelerationStructure:
        opcode = spv::OpTypeAccelerationStructureKHR;
        declareCapability(spv::CapabilityRayQueryKHR);
        addExtension("SPV_KHR_ray_query");
        break;
      case TypeKind::QPtr:
        error("qptr types must be lifted (qptr.lift) before SPIR-V emission");
        return 0;
      case TypeKind::HlslResource:
        error("type " + printType(cx_, t) + " must be legalized to SPIR-V types before emission");
        return 0;
    }
    // Dependencies were emitted above; a recursive call may have emitted this type already.
    it = typeIds_.find(t.index);
    if (it != typeIds_.end()) return it->second;
    const uint32_t id = newId();
    typeIds_.emplace(t.index, id);
    Words full{id};
    full.insert(full.end(), ops.begin(), ops.end());
    emitInst(globals_, opcode, full);
    if ((d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray) && d.arrayStride)
      decorate(id, {spv::DecorationArrayStride, {d.arrayStride}});
    if (d.kind == TypeKind::Struct) {
      name(id, d.name);
      for (uint32_t i = 0; i < d.members.size(); ++i) {
        memberName(id, i, d.members[i].name);
        for (const Decoration& dec : d.members[i].decorations) memberDecorate(id, i, dec);
      }
      for (const Decoration& dec : d.decorations) decorate(id, dec);
    }
    return id;
  }

  Type u32Type() { return cx_.u32(); }

  uint32_t constId(Const c) {
    if (!c.valid() || c.index >= cx_.constCount()) {
      error("reference to an invalid constant");
      return 0;
    }
    auto it = constIds_.find(c.index);
    if (it != constIds_.end()) return it->second;
    const ConstDef& d = cx_.def(c);
    const uint32_t type = typeId(d.type);
    std::vector<uint32_t> elements;
    for (Const e : d.elements) elements.push_back(constId(e));
    const TypeDef& td = cx_.def(d.type);
    const uint32_t id = newId();
    constIds_.emplace(c.index, id);
    auto literalWords = [&]() {
      Words w;
      uint64_t bits = d.bits;
      if (td.kind == TypeKind::Int && td.isSigned && td.width < 32 && ((bits >> (td.width - 1)) & 1))
        bits |= ~uint64_t(0) << td.width;  // narrow signed literals are sign-extended
      w.push_back(static_cast<uint32_t>(bits));
      if (td.width == 64) w.push_back(static_cast<uint32_t>(bits >> 32));
      return w;
    };
    switch (d.kind) {
      case ConstKind::Scalar:
        if (td.kind == TypeKind::Bool) {
          emitInst(globals_, d.bits ? spv::OpConstantTrue : spv::OpConstantFalse, {type, id});
        } else {
          Words ops{type, id};
          Words lit = literalWords();
          ops.insert(ops.end(), lit.begin(), lit.end());
          emitInst(globals_, spv::OpConstant, ops);
        }
        break;
      case ConstKind::Composite: {
        Words ops{type, id};
        ops.insert(ops.end(), elements.begin(), elements.end());
        emitInst(globals_, spv::OpConstantComposite, ops);
        break;
      }
      case ConstKind::Null: emitInst(globals_, spv::OpConstantNull, {type, id}); break;
      case ConstKind::Undef: emitInst(globals_, spv::OpUndef, {type, id}); break;
      case ConstKind::SpecScalar:
        if (td.kind == TypeKind::Bool) {
          emitInst(globals_, d.bits ? spv::OpSpecConstantTrue : spv::OpSpecConstantFalse, {type, id});
        } else {
          Words ops{type, id};
          Words lit = literalWords();
          ops.insert(ops.end(), lit.begin(), lit.end());
          emitInst(globals_, spv::OpSpecConstant, ops);
        }
        decorate(id, {spv::DecorationSpecId, {d.specId}});
        break;
    }
    return id;
  }

  // ------------------------------------------------------------------ globals
  void emitGlobal(uint32_t index) {
    const GlobalVarDef& gv = m_.globals[index];
    if (!gv.refType.valid() || cx_.def(gv.refType).kind != TypeKind::Pointer) {
      error("global '" + gv.attrs.name + "' is not pointer-typed (qptr globals must be lifted first)");
      globalIds_.push_back(0);
      return;
    }
    const uint32_t ptrType = typeId(gv.refType);
    const uint32_t id = newId();
    globalIds_.push_back(id);
    currentLoc_ = gv.attrs.loc;  // for the initializer's constants
    Words ops{ptrType, id, gv.storageClass};
    if (gv.initializer.valid()) ops.push_back(constId(gv.initializer));
    emitInst(globals_, spv::OpVariable, ops);
    name(id, gv.attrs.name);
    for (const Decoration& d : gv.attrs.decorations) decorate(id, d);
    // Descriptor arrays of unknown size need descriptor indexing.
    const TypeDef& content = cx_.def(gv.type);
    if (content.kind == TypeKind::RuntimeArray &&
        (gv.storageClass == spv::StorageClassUniformConstant || gv.storageClass == spv::StorageClassUniform ||
         gv.storageClass == spv::StorageClassStorageBuffer))
      declareCapability(spv::CapabilityRuntimeDescriptorArray);
  }

  // ------------------------------------------------------------------ debug info
  uint32_t stringId(const std::string& text) {
    auto it = stringIds_.find(text);
    if (it != stringIds_.end()) return it->second;
    const uint32_t id = newId();
    stringIds_.emplace(text, id);
    Words ops{id};
    appendString(ops, text);
    emitInst(debugStrings_, spv::OpString, ops);
    return id;
  }

  // OpString + OpSource of a debug file (-Zi, -fspv-debug=line).
  uint32_t fileStringId(uint32_t file) {
    auto it = fileIds_.find(file);
    if (it != fileIds_.end()) return it->second;
    const uint32_t id = stringId(m_.debugFiles[file].path);
    fileIds_.emplace(file, id);
    // OpSource HLSL: the language version word is informational; DXC writes 600 for SM 6.0.
    const std::string& text = m_.debugFiles[file].contents;
    Words src{spv::SourceLanguageHLSL, 600, id};
    if (opts_.emitSourceText && !text.empty()) {
      const size_t chunk = kTextChunk;
      Words first = src;
      appendString(first, std::string_view(text).substr(0, chunk));
      emitInst(debugStrings_, spv::OpSource, first);
      for (size_t pos = chunk; pos < text.size(); pos += chunk) {
        Words more;
        appendString(more, std::string_view(text).substr(pos, chunk));
        emitInst(debugStrings_, spv::OpSourceContinued, more);
      }
    } else {
      emitInst(debugStrings_, spv::OpSource, src);
    }
    return id;
  }

  // Source text per instruction, in bytes; keeps each instruction under the 65535-word limit.
  static constexpr size_t kTextChunk = 60000;

  // NonSemantic.Shader.DebugInfo.100. Its operands are ids (of OpString and of 32-bit integer
  // constants); its module-level instructions go after every type and constant (debugGlobals_).
  uint32_t debugImport() {
    if (!debugImportId_) {
      debugImportId_ = newId();
      addExtension("SPV_KHR_non_semantic_info");
    }
    return debugImportId_;
  }
  // NonSemantic.DebugPrintf (HLSL printf): one instruction, DebugPrintf (1), whose format is an
  // OpString; the Vulkan validation layer (or the CPU device) prints it.
  uint32_t printfImport() {
    if (!printfImportId_) {
      printfImportId_ = newId();
      addExtension("SPV_KHR_non_semantic_info");
    }
    return printfImportId_;
  }
  void emitPrintf(const InstDef& inst) {
    const DebugLoc loc = inst.attrs.loc;
    currentLoc_ = loc;
    const uint32_t f = inst.operands.empty() || !inst.operands[0].isImm ? UINT32_MAX : inst.operands[0].imm;
    if (f >= m_.printfFormats.size()) return error("dbg.printf without a format", loc);
    // An OpString is one instruction: at most 65535 words with its header and id.
    if (m_.printfFormats[f].size() > kTextChunk) return error("the printf format is longer than " + std::to_string(kTextChunk) + " bytes", loc);
    line(loc);
    Words ops{voidTypeId(), newId(), printfImport(), 1, stringId(m_.printfFormats[f])};
    for (size_t i = 1; i < inst.operands.size(); ++i) ops.push_back(valueId(inst.operands[i].value, loc));
    emitInst(body(), spv::OpExtInst, ops);
  }
  uint32_t u32Const(uint32_t v) {
    return constId(cx_.intern(ConstDef{.kind = ConstKind::Scalar, .type = u32Type(), .bits = v}));
  }
  uint32_t voidTypeId() { return typeId(cx_.voidType()); }

  // One debug instruction: OpExtInst %void %result %import <op> operands...
  uint32_t debugInst(Words& out, uint32_t op, const Words& operands) {
    const uint32_t type = voidTypeId(), import = debugImport();
    const uint32_t id = newId();
    Words ops{type, id, import, op};
    ops.insert(ops.end(), operands.begin(), operands.end());
    emitInst(out, spv::OpExtInst, ops);
    return id;
  }

  uint32_t debugSourceId(uint32_t file) {
    auto it = debugSourceIds_.find(file);
    if (it != debugSourceIds_.end()) return it->second;
    const bool known = file < m_.debugFiles.size();
    const uint32_t path = stringId(known ? m_.debugFiles[file].path : std::string());
    const std::string_view text = known && opts_.emitSourceText ? std::string_view(m_.debugFiles[file].contents) : "";
    Words ops{path};
    if (!text.empty()) ops.push_back(stringId(std::string(text.substr(0, kTextChunk))));
    std::vector<uint32_t> more;
    for (size_t pos = kTextChunk; pos < text.size(); pos += kTextChunk) more.push_back(stringId(std::string(text.substr(pos, kTextChunk))));
    const uint32_t id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugSource, ops);
    for (uint32_t chunk : more) debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugSourceContinued, {chunk});
    debugSourceIds_.emplace(file, id);
    return id;
  }

  // Where a function is: its own location, else its first located instruction's.
  DebugLoc functionLoc(const FunctionDef& fn) const {
    DebugLoc loc = fn.attrs.loc;
    for (size_t i = 0; i < fn.insts.size() && !loc.valid(); ++i) loc = fn.insts[i].attrs.loc;
    return loc.valid() && loc.file < m_.debugFiles.size() ? loc : DebugLoc{0, 1, 1};
  }

  // The compilation unit's source is the file of the (first) entry point.
  uint32_t compilationUnit() {
    if (compUnitId_) return compUnitId_;
    uint32_t primary = 0;
    for (const EntryPoint& ep : m_.entryPoints)
      if (ep.function.valid() && ep.function.index < m_.functions.size()) {
        primary = functionLoc(m_.functions[ep.function.index]).file;
        break;
      }
    const uint32_t version = u32Const(100), dwarf = u32Const(5), language = u32Const(spv::SourceLanguageHLSL);
    const uint32_t source = debugSourceId(primary);
    compUnitId_ = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugCompilationUnit, {version, dwarf, source, language});
    return compUnitId_;
  }

  // Debug types for function signatures: scalars, vectors, arrays and pointers to scalars are
  // described; anything else is an opaque structure named after its IR type.
  uint32_t debugType(Type t) {
    auto it = debugTypeIds_.find(t.index);
    if (it != debugTypeIds_.end()) return it->second;
    const TypeDef& d = cx_.def(t);
    uint32_t id = 0;
    auto basic = [&](const std::string& name, uint32_t encoding) {
      const uint32_t nameId = stringId(name), size = u32Const(d.width ? d.width : 32), enc = u32Const(encoding),
                     flags = u32Const(0);
      return debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeBasic, {nameId, size, enc, flags});
    };
    switch (d.kind) {
      case TypeKind::Void: id = voidTypeId(); break;
      case TypeKind::Bool: id = basic("bool", NonSemanticShaderDebugInfo100Boolean); break;
      case TypeKind::Int:
        id = basic(std::string(d.isSigned ? "int" : "uint") + (d.width == 32 ? "" : std::to_string(d.width) + "_t"),
                   d.isSigned ? NonSemanticShaderDebugInfo100Signed : NonSemanticShaderDebugInfo100Unsigned);
        break;
      case TypeKind::Float:
        id = basic(d.width == 16 ? "half" : d.width == 64 ? "double" : "float", NonSemanticShaderDebugInfo100Float);
        break;
      case TypeKind::Vector: {
        const uint32_t element = debugType(d.element), count = u32Const(d.count);
        id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeVector, {element, count});
        break;
      }
      case TypeKind::Matrix: {
        // As the SPIR-V type: d.count column vectors (DXC describes float3x4 as 3 of float4).
        const uint32_t column = debugType(d.element), count = u32Const(d.count), columnMajor = u32Const(1);
        id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeMatrix, {column, count, columnMajor});
        break;
      }
      case TypeKind::Array: case TypeKind::RuntimeArray: {
        const uint32_t element = debugType(d.element), count = u32Const(d.kind == TypeKind::Array ? d.count : 0);
        id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeArray, {element, count});
        break;
      }
      case TypeKind::Struct: id = compositeDebugType(t); break;
      case TypeKind::Pointer: {
        // SPIRV-Tools accepts only a DebugTypeBasic as a pointer's base type.
        const TypeKind pointee = cx_.def(d.element).kind;
        if (pointee != TypeKind::Bool && pointee != TypeKind::Int && pointee != TypeKind::Float) {
          id = opaqueDebugType(t);
          break;
        }
        const uint32_t base = debugType(d.element), storage = u32Const(d.storageClass), flags = u32Const(0);
        id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypePointer, {base, storage, flags});
        break;
      }
      default: id = opaqueDebugType(t); break;
    }
    debugTypeIds_.emplace(t.index, id);
    return id;
  }

  // Size in bits of a value of type `t` laid out tightly (debug member offsets and sizes; a
  // member's Offset decoration wins where the IR has one). 0 for types without a size.
  uint32_t debugBits(Type t) const {
    const TypeDef& d = cx_.def(t);
    switch (d.kind) {
      case TypeKind::Bool: return 32;
      case TypeKind::Int: case TypeKind::Float: return d.width;
      case TypeKind::Vector: case TypeKind::Matrix: case TypeKind::Array: return d.count * debugBits(d.element);
      case TypeKind::Struct: {
        uint32_t bits = 0;
        for (const StructMember& m : d.members) {
          if (const Decoration* off = findMemberDecoration(m, spv::DecorationOffset)) bits = off->operands.empty() ? bits : off->operands[0] * 8;
          bits += debugBits(m.type);
        }
        return bits;
      }
      default: return 0;
    }
  }
  static const Decoration* findMemberDecoration(const StructMember& m, uint32_t kind) {
    for (const Decoration& d : m.decorations)
      if (d.kind == kind) return &d;
    return nullptr;
  }

  // A structure of value members (DebugTypeComposite + a DebugTypeMember per member); one with a
  // member these debug types cannot describe (a runtime array, a pointer) stays opaque.
  uint32_t compositeDebugType(Type t) {
    const TypeDef& d = cx_.def(t);
    for (const StructMember& m : d.members) {
      const TypeKind k = cx_.def(m.type).kind;
      if (k == TypeKind::RuntimeArray || k == TypeKind::Pointer || !debugBits(m.type)) return opaqueDebugType(t);
    }
    const std::string typeName = d.name.empty() ? printType(cx_, t) : d.name;
    const uint32_t source = debugSourceId(0), one = u32Const(1), flags = u32Const(NonSemanticShaderDebugInfo100FlagIsPublic);
    Words members;
    uint32_t offset = 0;
    for (uint32_t i = 0; i < d.members.size(); ++i) {
      const StructMember& m = d.members[i];
      if (const Decoration* off = findMemberDecoration(m, spv::DecorationOffset); off && !off->operands.empty())
        offset = off->operands[0] * 8;
      const uint32_t bits = debugBits(m.type);
      const uint32_t memberName = stringId(m.name.empty() ? "_" + std::to_string(i) : m.name);
      const uint32_t memberType = debugType(m.type);
      members.push_back(debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeMember,
                                  {memberName, memberType, source, one, one, u32Const(offset), u32Const(bits), flags}));
      offset += bits;
    }
    const uint32_t nameId = stringId(typeName), tag = u32Const(NonSemanticShaderDebugInfo100Structure),
                   unit = compilationUnit(), size = u32Const(debugBits(t));
    Words ops{nameId, tag, source, one, one, unit, nameId, size, flags};
    ops.insert(ops.end(), members.begin(), members.end());
    return debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeComposite, ops);
  }

  // ---- variables and scopes (Module::debugVars, Module::debugScopes, dbg.* ops)
  uint32_t debugExpression() {
    if (!debugExpressionId_) debugExpressionId_ = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugExpression, {});
    return debugExpressionId_;
  }

  // A DebugFunction for code that has no OpFunction of its own (an inlined body).
  uint32_t inlinedDebugFunction(const DebugScopeDef& d) {
    if (!voidDebugFnType_)
      voidDebugFnType_ = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeFunction,
                                   {u32Const(NonSemanticShaderDebugInfo100FlagIsPublic), voidTypeId()});
    const DebugLoc loc = d.loc.valid() && d.loc.file < m_.debugFiles.size() ? d.loc : DebugLoc{0, 1, 1};
    const uint32_t nameId = stringId(d.name), source = debugSourceId(loc.file), line = u32Const(loc.line),
                   column = u32Const(loc.column ? loc.column : 1), unit = compilationUnit(),
                   flags = u32Const(NonSemanticShaderDebugInfo100FlagIsPublic);
    return debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugFunction,
                     {nameId, voidDebugFnType_, source, line, column, unit, nameId, flags, line});
  }

  // The debug scope of DebugLoc::scope `scope` (0: the function being written).
  uint32_t scopeId(uint32_t scope) {
    if (scope == 0 || scope > m_.debugScopes.size()) return curDebugFn_;
    auto it = scopeIds_.find(scope);
    if (it != scopeIds_.end()) return it->second;
    const DebugScopeDef& d = m_.debugScopes[scope - 1];
    uint32_t id = 0;
    if (d.kind == DebugScopeDef::Kind::InlinedFunction) {
      id = inlinedDebugFunction(d);
    } else {
      // A parent scope number is below the scope's own (irgen opens scopes inside out): no cycles.
      const uint32_t parent = d.parent < scope ? scopeId(d.parent) : curDebugFn_;
      const DebugLoc loc = d.loc.valid() && d.loc.file < m_.debugFiles.size() ? d.loc : DebugLoc{0, 1, 1};
      id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugLexicalBlock,
                     {debugSourceId(loc.file), u32Const(loc.line), u32Const(loc.column ? loc.column : 1), parent});
    }
    scopeIds_.emplace(scope, id);
    return id;
  }

  // The DebugInlinedAt chain of code in `scope` (0 when it is not inside an inlined body).
  uint32_t inlinedAtId(uint32_t scope) {
    for (int depth = 0; scope && scope <= m_.debugScopes.size() && depth < 4096; ++depth) {
      const DebugScopeDef& d = m_.debugScopes[scope - 1];
      if (d.kind == DebugScopeDef::Kind::InlinedFunction) {
        auto it = inlinedAtIds_.find(scope);
        if (it != inlinedAtIds_.end()) return it->second;
        const uint32_t caller = d.inlinedAt.scope < scope ? d.inlinedAt.scope : 0;
        Words ops{u32Const(d.inlinedAt.line ? d.inlinedAt.line : 1), scopeId(caller)};
        if (const uint32_t outer = inlinedAtId(caller)) ops.push_back(outer);
        const uint32_t id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugInlinedAt, ops);
        inlinedAtIds_.emplace(scope, id);
        return id;
      }
      if (d.parent >= scope) break;
      scope = d.parent;
    }
    return 0;
  }

  // The scope `scope` lies in (an inlined body lies in its caller's), 0 at the top.
  uint32_t enclosingScope(uint32_t scope) const {
    if (scope == 0 || scope > m_.debugScopes.size()) return 0;
    const DebugScopeDef& d = m_.debugScopes[scope - 1];
    const uint32_t up = d.kind == DebugScopeDef::Kind::InlinedFunction ? d.inlinedAt.scope : d.parent;
    return up < scope ? up : 0;  // irgen numbers scopes inside out; anything else ends the walk
  }

  // DebugScope for `scope` when the current block is in another one; entering a scope declares
  // its memory locals.
  void enterScope(uint32_t scope) {
    Block& blk = blocks_[cur_];
    if (blk.scope == scope) return;
    std::vector<uint32_t> entered;
    std::unordered_set<uint32_t> before;
    for (uint32_t s = blk.scope; s; s = enclosingScope(s)) before.insert(s);
    for (uint32_t s = scope; s && !before.count(s); s = enclosingScope(s)) entered.push_back(s);
    blk.scope = scope;
    blk.lastLine = {};  // a line is restated in its new scope
    Words ops{scopeId(scope)};
    if (const uint32_t inlined = inlinedAtId(scope)) ops.push_back(inlined);
    debugInst(body(), NonSemanticShaderDebugInfo100DebugScope, ops);
    for (auto it = entered.rbegin(); it != entered.rend(); ++it) declareScopeLocals(*it);
  }

  // A memory local is declared where its scope begins (the function's at its start), so a
  // debugger lists it, uninitialized until written, wherever it is in scope; DebugDeclare then
  // needs no particular place among the statements that write it.
  void collectScopeLocals() {
    scopeLocals_.clear();
    scopeDeclared_.clear();
    // The function's DebugLocalVariables in declaration order (parameters first), the order a
    // debugger lists them in.
    std::set<uint32_t> vars;
    for (uint32_t i = 0; i < fn_->insts.size(); ++i) {
      const InstDef& inst = fn_->insts[i];
      if ((inst.op.isDebug(DebugOp::Declare) || inst.op.isDebug(DebugOp::Value)) && !inst.operands.empty() &&
          inst.operands[0].isImm && inst.operands[0].imm < m_.debugVars.size())
        vars.insert(inst.operands[0].imm);
    }
    for (uint32_t var : vars) debugLocalVariable(var);
    for (uint32_t i = 0; i < fn_->insts.size(); ++i) {
      const InstDef& inst = fn_->insts[i];
      if (!inst.op.isDebug(DebugOp::Declare) || inst.operands.size() < 2 || !inst.operands[0].isImm ||
          inst.operands[0].imm >= m_.debugVars.size() || inst.operands[1].isImm)
        continue;
      const DebugVarDef& v = m_.debugVars[inst.operands[0].imm];
      const Value& ptr = inst.operands[1].value;
      if (v.argNumber || ptr.kind != ValueKind::InstResult || !fn_->inst(ptr.asInst()).op.isSpv(spv::OpVariable)) continue;
      auto id = valueIds_.find(valueKey(ptr));
      if (id == valueIds_.end()) continue;
      scopeLocals_[v.loc.scope].push_back({inst.operands[0].imm, id->second});
      scopeDeclared_.insert(inst.operands[0].imm);
    }
  }
  void declareScopeLocals(uint32_t scope) {
    auto it = scopeLocals_.find(scope);
    if (it == scopeLocals_.end()) return;
    for (const auto& [var, ptr] : it->second)
      debugInst(body(), NonSemanticShaderDebugInfo100DebugDeclare, {debugLocalVariable(var), ptr, debugExpression()});
  }

  // A variable's debug type: its value type, or a DebugTypedef of it named as the variable's
  // type was written (the outermost of a typedef chain). Only over a scalar: SPIRV-Tools' validator
  // (v2023.1, run on every module) accepts a DebugTypedef whose Base Type is a DebugTypeBasic only,
  // so a typedef of a typedef is emitted as one DebugTypedef over the scalar, and a typedef of a
  // vector, struct or array is described by its plain type.
  uint32_t debugDeclaredType(const DebugVarDef& v) {
    const uint32_t type = debugType(v.type);
    const TypeKind kind = cx_.def(v.type).kind;
    if (v.typedefs.empty() || (kind != TypeKind::Bool && kind != TypeKind::Int && kind != TypeKind::Float)) return type;
    const DebugTypedefDef& t = v.typedefs.front();
    const DebugLoc loc = t.loc.valid() && t.loc.file < m_.debugFiles.size() ? t.loc : DebugLoc{0, 1, 1};
    const std::string key = t.name + "\n" + std::to_string(type) + "\n" + std::to_string(loc.file) + ":" + std::to_string(loc.line) + ":" +
                            std::to_string(loc.column);
    auto it = debugTypedefIds_.find(key);
    if (it == debugTypedefIds_.end())
      it = debugTypedefIds_.emplace(key, debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypedef,
                                                   {stringId(t.name), type, debugSourceId(loc.file), u32Const(loc.line),
                                                    u32Const(loc.column ? loc.column : 1), compilationUnit()}))
               .first;
    return it->second;
  }

  uint32_t debugLocalVariable(uint32_t var) {
    auto it = localVarIds_.find(var);
    if (it != localVarIds_.end()) return it->second;
    const DebugVarDef& v = m_.debugVars[var];
    const DebugLoc loc = v.loc.valid() && v.loc.file < m_.debugFiles.size() ? v.loc : DebugLoc{0, 1, 1};
    Words ops{stringId(v.name), debugDeclaredType(v), debugSourceId(loc.file), u32Const(loc.line),
              u32Const(loc.column ? loc.column : 1), scopeId(v.loc.scope), u32Const(NonSemanticShaderDebugInfo100FlagIsLocal)};
    if (v.argNumber) ops.push_back(u32Const(v.argNumber));
    const uint32_t id = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugLocalVariable, ops);
    localVarIds_.emplace(var, id);
    return id;
  }

  // dbg.declare -> DebugDeclare, dbg.value -> DebugValue, in the variable's scope.
  void emitDebugOp(const InstDef& inst) {
    if (inst.operands.size() < 2 || !inst.operands[0].isImm || inst.operands[0].imm >= m_.debugVars.size() ||
        inst.operands[1].isImm)
      return;
    const uint32_t var = inst.operands[0].imm;
    if (inst.op.isDebug(DebugOp::Declare)) {
      if (scopeDeclared_.count(var)) {
        // Declared where its scope begins; a scope no located code entered yet (a block
        // holding only declarations) is entered here.
        enterScope(m_.debugVars[var].loc.scope);
        return;
      }
    }
    const uint32_t value = valueId(inst.operands[1].value, inst.attrs.loc);
    if (!value) return;
    if (inst.op.isDebug(DebugOp::Declare)) {
      // DebugDeclare takes an OpVariable or OpFunctionParameter only.
      const Value& v = inst.operands[1].value;
      const bool variable = v.kind == ValueKind::InstResult && fn_->inst(v.asInst()).op.isSpv(spv::OpVariable);
      const bool parameter = v.kind == ValueKind::RegionInput && v.region() == fn_->body;
      if (!variable && !parameter) return;
    }
    enterScope(m_.debugVars[var].loc.scope);
    Words ops{debugLocalVariable(var), value, debugExpression()};
    for (size_t i = 2; i < inst.operands.size(); ++i)
      if (inst.operands[i].isImm) ops.push_back(u32Const(inst.operands[i].imm));
    debugInst(body(), inst.op.isDebug(DebugOp::Declare) ? NonSemanticShaderDebugInfo100DebugDeclare
                                                        : NonSemanticShaderDebugInfo100DebugValue, ops);
  }

  void debugGlobalVariable(uint32_t gv) {
    const GlobalVarDef& g = m_.globals[gv];
    if (!g.debugVar || g.debugVar > m_.debugVars.size() || gv >= globalIds_.size() || !globalIds_[gv]) return;
    const DebugVarDef& v = m_.debugVars[g.debugVar - 1];
    const DebugLoc loc = v.loc.valid() && v.loc.file < m_.debugFiles.size() ? v.loc : DebugLoc{0, 1, 1};
    const uint32_t nameId = stringId(v.name);
    debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugGlobalVariable,
              {nameId, debugType(v.type), debugSourceId(loc.file), u32Const(loc.line), u32Const(loc.column ? loc.column : 1),
               compilationUnit(), nameId, globalIds_[gv], u32Const(NonSemanticShaderDebugInfo100FlagIsDefinition)});
  }

  void debugEntryPoint(const EntryPoint& ep) {
    if (!ep.function.valid()) return;
    auto it = debugFnIds_.find(ep.function.index);
    if (it == debugFnIds_.end()) return;
    debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugEntryPoint,
              {it->second, compilationUnit(), stringId(opts_.compilerSignature), stringId(opts_.commandLine)});
  }

  // A structure without members named after the IR type: what a debugger can show of a type
  // these debug types do not describe.
  uint32_t opaqueDebugType(Type t) {
    const TypeDef& d = cx_.def(t);
    const std::string typeName = d.kind == TypeKind::Struct && !d.name.empty() ? d.name : printType(cx_, t);
    const uint32_t nameId = stringId(typeName), tag = u32Const(NonSemanticShaderDebugInfo100Structure),
                   source = debugSourceId(0), one = u32Const(1), unit = compilationUnit(), zero = u32Const(0);
    return debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeComposite,
                     {nameId, tag, source, one, one, unit, nameId, zero, zero});
  }

  // DebugTypeFunction + DebugFunction for function `f`, at its location (or its first located
  // instruction's).
  uint32_t debugFunction(const FunctionDef& fn) {
    const DebugLoc loc = functionLoc(fn);
    Words typeOps{u32Const(NonSemanticShaderDebugInfo100FlagIsPublic), debugType(fn.returnType)};
    for (Type p : fn.paramTypes()) typeOps.push_back(debugType(p));
    const uint32_t fnType = debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugTypeFunction, typeOps);
    const uint32_t nameId = stringId(fn.name()), source = debugSourceId(loc.file), line = u32Const(loc.line),
                   column = u32Const(loc.column ? loc.column : 1), unit = compilationUnit(),
                   flags = u32Const(NonSemanticShaderDebugInfo100FlagIsPublic);
    return debugInst(debugGlobals_, NonSemanticShaderDebugInfo100DebugFunction,
                     {nameId, fnType, source, line, column, unit, nameId, flags, line});
  }

  // ------------------------------------------------------------------ functions
  struct PhiTarget {
    std::vector<uint32_t> ids;
    std::vector<uint32_t> typeIds;
    std::vector<std::pair<uint32_t, std::vector<uint32_t>>> incoming;  // (pred label, values)
  };
  struct Block {
    uint32_t label = 0;
    Words body;
    bool terminated = false;
    int phiTarget = -1;
    DebugLoc lastLine;
    uint32_t scope = 0;         // the DebugLoc::scope its last DebugScope is in
    uint32_t initialScope = 0;  // the one in effect where control enters it
    // (offset in body, location) where the location changes (recordInstructionLocs).
    std::vector<std::pair<size_t, DebugLoc>> locMarks;
  };
  struct ConstructBlocks {
    size_t header = 0, merge = 0, cont = 0;
    std::vector<size_t> cases;
  };

  size_t newBlock() {
    blocks_.push_back({newId()});
    return blocks_.size() - 1;
  }
  void enterBlock(size_t b) {
    // A block begins in the scope the code before it ended in (a loop's header in the loop's).
    if (!order_.empty()) blocks_[b].scope = blocks_[b].initialScope = blocks_[cur_].scope;
    cur_ = b;
    order_.push_back(b);
  }
  int makePhiTarget(size_t block, const std::vector<Type>& types, std::vector<uint32_t>& idsOut) {
    PhiTarget t;
    for (Type ty : types) {
      if (cx_.def(ty).kind == TypeKind::Pointer) declareCapability(spv::CapabilityVariablePointers);
      t.ids.push_back(newId());
      t.typeIds.push_back(typeId(ty));
    }
    idsOut = t.ids;
    phiTargets_.push_back(std::move(t));
    blocks_[block].phiTarget = static_cast<int>(phiTargets_.size() - 1);
    return blocks_[block].phiTarget;
  }

  Words& body() { return blocks_[cur_].body; }

  void branch(size_t target, const std::vector<uint32_t>& values) {
    if (blocks_[cur_].terminated) return;
    if (blocks_[target].phiTarget >= 0)
      phiTargets_[blocks_[target].phiTarget].incoming.push_back({blocks_[cur_].label, values});
    emitInst(body(), spv::OpBranch, {blocks_[target].label});
    blocks_[cur_].terminated = true;
  }

  uint32_t valueId(const Value& v, DebugLoc loc) {
    switch (v.kind) {
      case ValueKind::Const: return constId(v.asConst());
      case ValueKind::GlobalVar:
        if (v.a >= globalIds_.size()) break;
        usedGlobals_[curFunc_].insert(v.a);
        return globalIds_[v.a];
      case ValueKind::Func:
        if (v.a >= funcIds_.size()) break;
        return funcIds_[v.a];
      case ValueKind::None: break;
      default: {
        auto it = valueIds_.find(valueKey(v));
        if (it != valueIds_.end()) return it->second;
        break;
      }
    }
    error("function '" + fn_->name() + "' uses a value that is undefined or out of scope (run the IR verifier)", loc);
    return 0;
  }

  std::vector<uint32_t> valueIds(const std::vector<Value>& vs, DebugLoc loc) {
    std::vector<uint32_t> ids;
    for (const Value& v : vs) ids.push_back(valueId(v, loc));
    return ids;
  }

  // Called before each instruction, node and exit with its location. Like DXC, a line
  // instruction goes out when the location changes, and again in every block (a line
  // instruction's scope ends with its block).
  void line(DebugLoc loc) {
    if (!loc.valid() || loc.file >= m_.debugFiles.size()) return;
    if (!opts_.emitDebugLines && !opts_.emitShaderDebugInfo && !opts_.recordInstructionLocs) return;
    if (opts_.emitShaderDebugInfo) enterScope(loc.scope);
    if (blocks_[cur_].lastLine == loc) return;
    blocks_[cur_].lastLine = loc;
    if (opts_.recordInstructionLocs) blocks_[cur_].locMarks.push_back({body().size(), loc});
    if (opts_.emitShaderDebugInfo) {
      const uint32_t source = debugSourceId(loc.file), lineId = u32Const(loc.line), column = u32Const(loc.column);
      debugInst(body(), NonSemanticShaderDebugInfo100DebugLine, {source, lineId, lineId, column, column});
    } else if (opts_.emitDebugLines) {
      const uint32_t file = fileStringId(loc.file);
      emitInst(body(), spv::OpLine, {file, loc.line, loc.column});
    }
  }

  void emitFunction(uint32_t f) {
    const FunctionDef& fn = m_.functions[f];
    fn_ = &fn;
    curFunc_ = f;
    blocks_.clear();
    order_.clear();
    phiTargets_.clear();
    valueIds_.clear();
    constructs_.clear();
    if (!fn.body.valid() || fn.body.index >= fn.regions.size()) {
      error("function '" + fn.name() + "' has no body");
      return;
    }
    const RegionDef& bodyRegion = fn.region(fn.body);
    const uint32_t retType = typeId(fn.returnType);
    const uint32_t fnType = typeId(cx_.functionType(fn.returnType, bodyRegion.inputTypes));
    const uint32_t id = funcIds_[f];
    name(id, fn.name());
    Words header;
    emitInst(header, spv::OpFunction, {retType, id, fn.functionControl, fnType});
    for (uint32_t i = 0; i < bodyRegion.inputTypes.size(); ++i) {
      const uint32_t pid = newId();
      valueIds_[valueKey(Value::regionInput(fn.body, i))] = pid;
      emitInst(header, spv::OpFunctionParameter, {typeId(bodyRegion.inputTypes[i]), pid});
      if (i < bodyRegion.inputAttrs.size()) name(pid, bodyRegion.inputAttrs[i].name);
    }
    // Function-storage variables are hoisted to the entry block, as SPIR-V requires.
    Words variables;
    for (uint32_t i = 0; i < fn.insts.size(); ++i) {
      const InstDef& inst = fn.insts[i];
      if (!inst.op.isSpv(spv::OpVariable)) continue;
      const uint32_t vid = newId();
      valueIds_[valueKey(Value::inst(InstId(i)))] = vid;
      Words ops{typeId(inst.resultType), vid, spv::StorageClassFunction};
      if (inst.operands.size() > 1 && !inst.operands[1].isImm) ops.push_back(valueId(inst.operands[1].value, inst.attrs.loc));
      emitInst(variables, spv::OpVariable, ops);
      name(vid, inst.attrs.name);
      for (const Decoration& d : inst.attrs.decorations) decorate(vid, d);
    }
    const uint32_t debugFn = opts_.emitShaderDebugInfo ? debugFunction(fn) : 0;
    curDebugFn_ = debugFn;
    if (debugFn) debugFnIds_.emplace(f, debugFn);
    const size_t entry = newBlock();
    enterBlock(entry);
    if (debugFn) {
      collectScopeLocals();
      declareScopeLocals(0);
    }
    emitRegion(fn.body, RegionRole::FunctionBody, NodeId());

    // Assemble: entry block gets the variables right after its label.
    const bool record = opts_.recordInstructionLocs;
    if (record) fnLocMarks_.push_back({functions_.size(), DebugLoc{}});
    functions_.insert(functions_.end(), header.begin(), header.end());
    for (size_t b : order_) {
      Block& blk = blocks_[b];
      if (record) fnLocMarks_.push_back({functions_.size(), DebugLoc{}});
      emitInst(functions_, spv::OpLabel, {blk.label});
      if (b == entry) functions_.insert(functions_.end(), variables.begin(), variables.end());
      if (blk.phiTarget >= 0) {
        const PhiTarget& t = phiTargets_[blk.phiTarget];
        for (size_t i = 0; i < t.ids.size(); ++i) {
          if (t.incoming.empty()) {
            // No predecessors (e.g. the merge after an if whose arms all return): the block is
            // unreachable and its values are undefined.
            emitInst(functions_, spv::OpUndef, {t.typeIds[i], t.ids[i]});
            continue;
          }
          Words ops{t.typeIds[i], t.ids[i]};
          for (const auto& [pred, values] : t.incoming) {
            ops.push_back(i < values.size() ? values[i] : 0);
            ops.push_back(pred);
          }
          emitInst(functions_, spv::OpPhi, ops);
        }
      }
      if (debugFn) {
        if (b == entry) debugInst(functions_, NonSemanticShaderDebugInfo100DebugFunctionDefinition, {debugFn, id});
        Words scopeOps{scopeId(blk.initialScope)};
        if (const uint32_t inlined = inlinedAtId(blk.initialScope)) scopeOps.push_back(inlined);
        debugInst(functions_, NonSemanticShaderDebugInfo100DebugScope, scopeOps);
      }
      if (record)
        for (const auto& [offset, loc] : blk.locMarks) fnLocMarks_.push_back({functions_.size() + offset, loc});
      functions_.insert(functions_.end(), blk.body.begin(), blk.body.end());
      if (!blk.terminated) emitInst(functions_, spv::OpUnreachable, {});
    }
    if (record) fnLocMarks_.push_back({functions_.size(), DebugLoc{}});
    emitInst(functions_, spv::OpFunctionEnd, {});
  }

  void emitRegion(RegionId r, RegionRole role, NodeId owner) {
    const RegionDef& rd = fn_->region(r);
    for (NodeId n : rd.nodes) emitNode(n);
    emitExit(rd.exit, role, owner, r);
  }

  void emitExit(const Exit& e, RegionRole role, NodeId owner, RegionId region) {
    if (blocks_[cur_].terminated) return;
    line(e.loc);
    auto ret = [&](const std::vector<Value>& values) {
      // The function's scope ends here (DebugScope opened it at each block start).
      if (opts_.emitShaderDebugInfo) debugInst(body(), NonSemanticShaderDebugInfo100DebugNoScope, {});
      if (values.empty()) emitInst(body(), spv::OpReturn, {});
      else emitInst(body(), spv::OpReturnValue, {valueId(values[0], e.loc)});
      blocks_[cur_].terminated = true;
    };
    switch (e.kind) {
      case ExitKind::Yield: {
        std::vector<uint32_t> ids = valueIds(e.values, e.loc);
        switch (role) {
          case RegionRole::FunctionBody: ret(e.values); return;
          case RegionRole::Case: branch(constructs_.at(owner.index).merge, ids); return;
          case RegionRole::LoopBody: branch(constructs_.at(owner.index).cont, ids); return;
          case RegionRole::Continuing: branch(constructs_.at(owner.index).header, ids); return;
        }
        return;
      }
      case ExitKind::Break: {
        auto it = constructs_.find(e.target.index);
        if (it == constructs_.end()) return error("break without an enclosing construct", e.loc);
        branch(it->second.merge, valueIds(e.values, e.loc));
        return;
      }
      case ExitKind::Continue: {
        auto it = constructs_.find(e.target.index);
        if (it == constructs_.end()) return error("continue without an enclosing loop", e.loc);
        branch(it->second.cont, valueIds(e.values, e.loc));
        return;
      }
      case ExitKind::BreakIf: {
        const ConstructBlocks& c = constructs_.at(owner.index);
        const uint32_t cond = valueId(e.condition, e.loc);
        std::vector<uint32_t> next = valueIds(e.values, e.loc);
        std::vector<uint32_t> exitIds = valueIds(e.exitValues, e.loc);
        if (blocks_[c.header].phiTarget >= 0)
          phiTargets_[blocks_[c.header].phiTarget].incoming.push_back({blocks_[cur_].label, next});
        if (blocks_[c.merge].phiTarget >= 0)
          phiTargets_[blocks_[c.merge].phiTarget].incoming.push_back({blocks_[cur_].label, exitIds});
        emitInst(body(), spv::OpBranchConditional, {cond, blocks_[c.merge].label, blocks_[c.header].label});
        blocks_[cur_].terminated = true;
        return;
      }
      case ExitKind::FallThrough: {
        const ConstructBlocks& c = constructs_.at(owner.index);
        const auto& cases = fn_->node(owner).cases;
        for (size_t i = 0; i + 1 < cases.size(); ++i)
          if (cases[i] == region) return branch(c.cases[i + 1], {});
        return error("fallthrough from the last switch case", e.loc);
      }
      case ExitKind::Return: ret(e.values); return;
      case ExitKind::Kill:
        requireOpcode(spv::OpKill);
        emitInst(body(), spv::OpKill, {});
        blocks_[cur_].terminated = true;
        return;
      case ExitKind::Unreachable:
        emitInst(body(), spv::OpUnreachable, {});
        blocks_[cur_].terminated = true;
        return;
    }
  }

  void emitNode(NodeId n) {
    const NodeDef& nd = fn_->node(n);
    if (blocks_[cur_].terminated) return;
    switch (nd.kind) {
      case NodeKind::Block:
        for (InstId i : nd.insts) emitInstruction(i);
        return;
      case NodeKind::Select: {
        line(nd.attrs.loc);
        const uint32_t cond = valueId(nd.condition, nd.attrs.loc);
        ConstructBlocks c;
        c.merge = newBlock();
        std::vector<uint32_t> outIds;
        makePhiTarget(c.merge, nd.outputTypes, outIds);
        for (uint32_t i = 0; i < outIds.size(); ++i) valueIds_[valueKey(Value::nodeOutput(n, i))] = outIds[i];
        for (size_t k = 0; k < nd.cases.size(); ++k) c.cases.push_back(newBlock());
        constructs_[n.index] = c;
        emitInst(body(), spv::OpSelectionMerge, {blocks_[c.merge].label, nd.selectionControl});
        if (nd.selectKind == SelectKind::If) {
          emitInst(body(), spv::OpBranchConditional, {cond, blocks_[c.cases[0]].label, blocks_[c.cases[1]].label});
        } else {
          const Type selType = m_.typeOf(*fn_, nd.condition);
          const bool wide = selType.valid() && cx_.def(selType).width == 64;
          uint32_t defaultLabel = blocks_[c.merge].label;
          Words ops{cond, 0};
          for (size_t k = 0; k < nd.switchCases.size(); ++k) {
            const SwitchCase& sc = nd.switchCases[k];
            if (sc.isDefault) defaultLabel = blocks_[c.cases[k]].label;
            for (uint64_t lit : sc.literals) {
              ops.push_back(static_cast<uint32_t>(lit));
              if (wide) ops.push_back(static_cast<uint32_t>(lit >> 32));
              ops.push_back(blocks_[c.cases[k]].label);
            }
          }
          ops[1] = defaultLabel;
          // Without a default, the merge block gets the default edge (no values).
          if (defaultLabel == blocks_[c.merge].label && blocks_[c.merge].phiTarget >= 0)
            phiTargets_[blocks_[c.merge].phiTarget].incoming.push_back({blocks_[cur_].label, {}});
          emitInst(body(), spv::OpSwitch, ops);
        }
        blocks_[cur_].terminated = true;
        for (size_t k = 0; k < nd.cases.size(); ++k) {
          enterBlock(c.cases[k]);
          emitRegion(nd.cases[k], RegionRole::Case, n);
        }
        enterBlock(c.merge);
        return;
      }
      case NodeKind::Loop: {
        line(nd.attrs.loc);
        ConstructBlocks c;
        c.header = newBlock();
        const size_t bodyStart = newBlock();
        c.cont = newBlock();
        c.merge = newBlock();
        std::vector<uint32_t> ids;
        makePhiTarget(c.header, fn_->region(nd.body).inputTypes, ids);
        for (uint32_t i = 0; i < ids.size(); ++i) valueIds_[valueKey(Value::regionInput(nd.body, i))] = ids[i];
        makePhiTarget(c.cont, fn_->region(nd.continuing).inputTypes, ids);
        for (uint32_t i = 0; i < ids.size(); ++i) valueIds_[valueKey(Value::regionInput(nd.continuing, i))] = ids[i];
        makePhiTarget(c.merge, nd.outputTypes, ids);
        for (uint32_t i = 0; i < ids.size(); ++i) valueIds_[valueKey(Value::nodeOutput(n, i))] = ids[i];
        constructs_[n.index] = c;
        branch(c.header, valueIds(nd.initialInputs, nd.attrs.loc));
        enterBlock(c.header);
        emitInst(body(), spv::OpLoopMerge, {blocks_[c.merge].label, blocks_[c.cont].label, nd.loopControl});
        branch(bodyStart, {});
        enterBlock(bodyStart);
        emitRegion(nd.body, RegionRole::LoopBody, n);
        enterBlock(c.cont);
        emitRegion(nd.continuing, RegionRole::Continuing, n);
        enterBlock(c.merge);
        return;
      }
    }
  }

  uint32_t glslImport() {
    if (!glslImportId_) glslImportId_ = newId();
    return glslImportId_;
  }

  void emitInstruction(InstId id) {
    const InstDef& inst = fn_->inst(id);
    if (inst.op.isSpv(spv::OpVariable)) return;  // hoisted
    if (inst.op.isDebug(DebugOp::Printf)) return emitPrintf(inst);
    if (inst.op.family == OpFamily::Debug) {
      // Variable debug info changes no code: without NonSemantic debug info it is dropped whole.
      if (opts_.emitShaderDebugInfo) emitDebugOp(inst);
      return;
    }
    const DebugLoc loc = inst.attrs.loc;
    currentLoc_ = loc;
    switch (inst.op.family) {
      case OpFamily::Qptr:
        return error("qptr." + std::string(qptrOpName(static_cast<QptrOp>(inst.op.code))) +
                         " must be lifted (qptr.lift) before SPIR-V emission",
                     loc);
      case OpFamily::Hlsl:
        return error("hlsl." + std::string(hlslOpName(static_cast<HlslOp>(inst.op.code))) +
                         " must be legalized before SPIR-V emission",
                     loc);
      default: break;
    }
    line(loc);
    Words ops;
    uint32_t opcode = 0;
    uint32_t resultId = 0;
    const bool hasResult = inst.resultType.valid();
    if (hasResult) {
      ops.push_back(typeId(inst.resultType));
      resultId = newId();
      ops.push_back(resultId);
    }
    switch (inst.op.family) {
      case OpFamily::Spv: {
        opcode = inst.op.code;
        const g::Instruction* gi = g::findInstruction(opcode);
        if (!gi) return error("unknown SPIR-V opcode " + std::to_string(opcode), loc);
        if (gi->hasResultType != hasResult)
          return error(std::string(gi->name) + (hasResult ? " has no result type" : " needs a result type"), loc);
        const size_t knownErrors = features_.errors().size();
        // A partitioned scan (WaveMultiPrefix*) needs GroupNonUniformPartitionedNV, which the
        // arithmetic and bitwise group ops also accept: declare it first, as DXC, rather than
        // GroupNonUniformArithmetic too.
        if (opcode >= spv::OpGroupNonUniformIAdd && opcode <= spv::OpGroupNonUniformLogicalXor && inst.operands.size() > 1 &&
            inst.operands[1].isImm && inst.operands[1].imm == spv::GroupOperationPartitionedExclusiveScanNV)
          requireEnum(g::Kind::GroupOperation, spv::GroupOperationPartitionedExclusiveScanNV);
        requireOpcode(opcode);
        requireOperandEnums(inst, *gi);
        noteAtomicWidth(inst, opcode);
        noteFeatureErrors(knownErrors, loc);
        break;
      }
      case OpFamily::Glsl: {
        opcode = spv::OpExtInst;
        ops.push_back(glslImport());
        ops.push_back(inst.op.code);
        const size_t knownErrors = features_.errors().size();
        features_.requireGlsl(inst.op.code);
        noteFeatureErrors(knownErrors, loc);
        break;
      }
      case OpFamily::Call:
        opcode = spv::OpFunctionCall;
        if (!hasResult) return error("call without a result type", loc);
        if (!inst.operands.empty() && inst.operands[0].value.kind == ValueKind::Func)
          calls_[curFunc_].insert(inst.operands[0].value.a);
        break;
      default: break;
    }
    for (const Operand& o : inst.operands) ops.push_back(o.isImm ? o.imm : valueId(o.value, loc));
    emitInst(body(), opcode, ops);
    if (hasResult) {
      valueIds_[valueKey(Value::inst(id))] = resultId;
      name(resultId, inst.attrs.name);
      for (const Decoration& d : inst.attrs.decorations) decorate(resultId, d);
    }
    noteImageAccess(inst);
    if (hasResult && producesVariablePointer(inst)) declareCapability(spv::CapabilityVariablePointers);
  }

  // 64-bit integer atomics need Int64Atomics; the grammar cannot tell, the operand type does.
  void noteAtomicWidth(const InstDef& inst, uint32_t opcode) {
    bool atomic = (opcode >= spv::OpAtomicLoad && opcode <= spv::OpAtomicXor) || opcode == spv::OpAtomicFMinEXT ||
                  opcode == spv::OpAtomicFMaxEXT || opcode == spv::OpAtomicFAddEXT;
    if (!atomic) return;
    Type dataType = inst.resultType;
    if (opcode == spv::OpAtomicStore && inst.operands.size() == 4 && !inst.operands[3].isImm)
      dataType = m_.typeOf(*fn_, inst.operands[3].value);
    if (!dataType.valid()) return;
    const TypeDef& d = cx_.def(dataType);
    if (d.kind == TypeKind::Int && d.width == 64) declareCapability(spv::CapabilityInt64Atomics);
  }

  // Under the Logical addressing model only some instructions yield pointers the validator
  // accepts without VariablePointers; a pointer from OpSelect, OpBitcast, OpPtrAccessChain,
  // a load or a call needs the capability (and SPV_KHR_variable_pointers below SPIR-V 1.3).
  // Pointer phis (node outputs, region inputs) are handled where they are made.
  bool producesVariablePointer(const InstDef& inst) const {
    if (cx_.def(inst.resultType).kind != TypeKind::Pointer) return false;
    if (inst.op.family == OpFamily::Call) return true;
    if (inst.op.family != OpFamily::Spv) return false;
    switch (inst.op.code) {
      case spv::OpSelect: case spv::OpBitcast: case spv::OpPtrAccessChain: case spv::OpLoad:
        return true;
      default:
        return false;
    }
  }

  // Enumerant immediates (storage classes, scopes given as literals, image operands...) can carry
  // capability requirements of their own.
  void requireOperandEnums(const InstDef& inst, const g::Instruction& gi) {
    size_t gIndex = 0;
    std::vector<const g::OperandDesc*> descs;
    for (const g::OperandDesc& d : gi.operands) {
      std::string_view k = d.kind->name;
      if (k != "IdResultType" && k != "IdResult") descs.push_back(&d);
    }
    for (const Operand& o : inst.operands) {
      const g::OperandDesc* d = gIndex < descs.size() ? descs[gIndex]
                                : (!descs.empty() && descs.back()->quantifier == g::Quantifier::Variadic ? descs.back() : nullptr);
      ++gIndex;
      // Image operand bits (Offset needs ImageGatherExtended, MinLod needs MinLod).
      if (o.isImm && d && std::string_view(d->kind->name) == "ImageOperands") {
        for (uint32_t bit = 0; bit < 32; ++bit)
          if (o.imm & (1u << bit)) requireEnum(g::Kind::ImageOperands, 1u << bit);
        continue;
      }
      if (!o.isImm || !d || d->kind->category != g::OperandCategory::ValueEnum) continue;
      std::string_view k = d->kind->name;
      if (k == "StorageClass") requireEnum(g::Kind::StorageClass, o.imm);
      else if (k == "GroupOperation") requireEnum(g::Kind::GroupOperation, o.imm);
    }
  }

  // Storage images of unknown format need the *WithoutFormat capabilities when read or written.
  void noteImageAccess(const InstDef& inst) {
    if (inst.op.family != OpFamily::Spv || inst.operands.empty()) return;
    const bool read = inst.op.code == spv::OpImageRead, write = inst.op.code == spv::OpImageWrite;
    if (!read && !write) return;
    Type t = m_.typeOf(*fn_, inst.operands[0].value);
    if (!t.valid() || cx_.def(t).kind != TypeKind::Image) return;
    const ImageInfo& info = cx_.def(t).image;
    if (info.format == spv::ImageFormatUnknown && info.sampled == 2)
      declareCapability(read ? spv::CapabilityStorageImageReadWithoutFormat : spv::CapabilityStorageImageWriteWithoutFormat);
  }

  // ------------------------------------------------------------------ entry points
  void collectReachable(uint32_t f, std::set<uint32_t>& seen) {
    if (!seen.insert(f).second) return;
    for (uint32_t callee : calls_[f]) collectReachable(callee, seen);
  }

  void emitEntryPoint(const EntryPoint& ep) {
    if (!ep.function.valid() || ep.function.index >= funcIds_.size()) return error("entry point '" + ep.name + "' has no function");
    requireEnum(g::Kind::ExecutionModel, ep.executionModel);
    std::set<uint32_t> functions;
    collectReachable(ep.function.index, functions);
    std::set<uint32_t> globals;
    for (GlobalVarId gv : ep.interface) globals.insert(gv.index);
    for (uint32_t f : functions) globals.insert(usedGlobals_[f].begin(), usedGlobals_[f].end());
    Words ops{ep.executionModel, funcIds_[ep.function.index]};
    appendString(ops, ep.name);
    for (uint32_t gIndex : globals) {
      if (gIndex >= m_.globals.size() || !globalIds_[gIndex]) continue;
      const uint32_t sc = m_.globals[gIndex].storageClass;
      // Before SPIR-V 1.4 the interface lists only Input and Output variables.
      if (version_ < 0x00010400 && sc != spv::StorageClassInput && sc != spv::StorageClassOutput) continue;
      ops.push_back(globalIds_[gIndex]);
    }
    emitInst(entryPoints_, spv::OpEntryPoint, ops);
    for (const ExecutionMode& mode : ep.modes) {
      requireEnum(g::Kind::ExecutionMode, mode.mode);
      Words mops{funcIds_[ep.function.index], mode.mode};
      mops.insert(mops.end(), mode.operands.begin(), mode.operands.end());
      emitInst(executionModes_, spv::OpExecutionMode, mops);
    }
  }

  // ------------------------------------------------------------------ final layout
  Words assemble() {
    Words out{spv::MagicNumber, version_, 0 /* generator: unregistered */, nextId_, 0};
    for (uint32_t cap : features_.capabilities()) emitInst(out, spv::OpCapability, {cap});
    std::set<std::string> extensions = features_.extensions();
    extensions.insert(extraExtensions_.begin(), extraExtensions_.end());
    for (const std::string& ext : extensions) {
      Words ops;
      appendString(ops, ext);
      emitInst(out, spv::OpExtension, ops);
    }
    if (glslImportId_) {
      Words ops{glslImportId_};
      appendString(ops, "GLSL.std.450");
      emitInst(out, spv::OpExtInstImport, ops);
    }
    if (printfImportId_) {
      Words ops{printfImportId_};
      appendString(ops, "NonSemantic.DebugPrintf");
      emitInst(out, spv::OpExtInstImport, ops);
    }
    if (debugImportId_) {
      Words ops{debugImportId_};
      appendString(ops, "NonSemantic.Shader.DebugInfo.100");
      emitInst(out, spv::OpExtInstImport, ops);
    }
    emitInst(out, spv::OpMemoryModel, {spv::AddressingModelLogical, spv::MemoryModelGLSL450});
    for (const Words* section : {&entryPoints_, &executionModes_, &debugStrings_, &names_, &annotations_, &globals_,
                                 &debugGlobals_})
      out.insert(out.end(), section->begin(), section->end());
    const size_t functionsStart = out.size();
    out.insert(out.end(), functions_.begin(), functions_.end());
    if (opts_.recordInstructionLocs) recordLocs(out, functionsStart);
    return out;
  }

  // One location per instruction of `out` (after the header) from the function marks.
  void recordLocs(const Words& out, size_t functionsStart) {
    size_t mark = 0;
    DebugLoc cur;
    for (size_t w = 5; w < out.size();) {
      const uint32_t count = out[w] >> 16;
      if (count == 0) break;
      if (w >= functionsStart) {
        const size_t offset = w - functionsStart;
        while (mark < fnLocMarks_.size() && fnLocMarks_[mark].first <= offset) cur = fnLocMarks_[mark++].second;
        instructionLocs_.push_back(cur);
      } else {
        instructionLocs_.push_back({});
      }
      w += count;
    }
  }

  const Module& m_;
  Context& cx_;  // interning u32/function types while writing is harmless
  WriterOptions opts_;
  uint32_t version_;
  uint32_t nextId_ = 1;
  std::vector<Diagnostic> diags_;
  std::set<std::string> reported_;
  DebugLoc currentLoc_;  // of the global or instruction being written, for emitInst's errors
  FeatureSet features_;
  std::map<std::string, DebugLoc> featureErrorLocs_;  // feature error -> where it was first needed
  std::set<std::string> extraExtensions_;  // ones the grammar does not tie to a feature
  uint32_t glslImportId_ = 0;
  Words entryPoints_, executionModes_, debugStrings_, names_, annotations_, globals_, debugGlobals_, functions_;
  std::unordered_map<uint32_t, uint32_t> typeIds_, constIds_, fileIds_;
  std::unordered_map<std::string, uint32_t> stringIds_;
  uint32_t debugImportId_ = 0, compUnitId_ = 0, debugExpressionId_ = 0, voidDebugFnType_ = 0;
  uint32_t printfImportId_ = 0;
  std::unordered_map<uint32_t, uint32_t> debugSourceIds_, debugTypeIds_;
  std::unordered_map<std::string, uint32_t> debugTypedefIds_;  // name, base and place -> DebugTypedef
  // Variable debug info: DebugLoc::scope -> DebugLexicalBlock/DebugFunction, inlined scope ->
  // DebugInlinedAt, Module::debugVars index -> DebugLocalVariable, function -> DebugFunction.
  std::unordered_map<uint32_t, uint32_t> scopeIds_, inlinedAtIds_, localVarIds_, debugFnIds_;
  uint32_t curDebugFn_ = 0;  // the DebugFunction of the function being written
  // Its memory locals by DebugLoc::scope: (Module::debugVars index, OpVariable id).
  std::unordered_map<uint32_t, std::vector<std::pair<uint32_t, uint32_t>>> scopeLocals_;
  std::unordered_set<uint32_t> scopeDeclared_;  // the variables in scopeLocals_
  std::vector<std::pair<size_t, DebugLoc>> fnLocMarks_;  // (offset in functions_, location)
  std::vector<DebugLoc> instructionLocs_;
  std::vector<uint32_t> globalIds_, funcIds_;
  std::map<uint32_t, std::set<uint32_t>> usedGlobals_, calls_;

  // Per-function state.
  const FunctionDef* fn_ = nullptr;
  uint32_t curFunc_ = 0;
  std::vector<Block> blocks_;
  std::vector<size_t> order_;
  std::vector<PhiTarget> phiTargets_;
  std::unordered_map<uint64_t, uint32_t> valueIds_;
  std::unordered_map<uint32_t, ConstructBlocks> constructs_;
  size_t cur_ = 0;
};

}  // namespace

namespace {

// Structured control flow nesting we emit. SPIR-V's universal limit is 1023 (spec 2.17), but
// spirv-val's structured-CFG checks take time cubic in the depth (42 s at 1023, 4 s at 500, 0.5 s
// at 250), and every module is validated. The frontend allows deeper statement nesting (DXIL has no
// such limit); long else-if chains do not nest in the IR (irgen).
constexpr uint32_t kMaxControlFlowNesting = 256;

// The first Select/Loop nested deeper than SPIR-V allows, as an error at its location (the input's
// fault, not the writer's); nullopt when every function fits. Iterative: the nesting is input-shaped.
std::optional<Diagnostic> controlFlowTooDeep(const ir::Module& m) {
  for (const ir::FunctionDef& f : m.functions) {
    if (!f.body.valid()) continue;
    std::vector<std::pair<ir::RegionId, uint32_t>> work{{f.body, 0}};
    while (!work.empty()) {
      auto [region, depth] = work.back();
      work.pop_back();
      for (ir::NodeId n : f.region(region).nodes) {
        const ir::NodeDef& node = f.node(n);
        if (node.kind == ir::NodeKind::Block) continue;
        if (depth + 1 > kMaxControlFlowNesting) {
          SourceLoc at;
          if (node.attrs.loc.valid() && node.attrs.loc.file < m.debugFiles.size())
            at = SourceLoc{m.debugFiles[node.attrs.loc.file].path, node.attrs.loc.line, node.attrs.loc.column};
          return Diagnostic::error(at, "control flow nested too deeply for SPIR-V (limit " +
                                           std::to_string(kMaxControlFlowNesting) + " levels of if, switch and loops)");
        }
        for (ir::RegionId r : node.cases) work.push_back({r, depth + 1});
        if (node.body.valid()) work.push_back({node.body, depth + 1});
        if (node.continuing.valid()) work.push_back({node.continuing, depth + 1});
      }
    }
  }
  return std::nullopt;
}

}  // namespace

WriteResult writeModule(const ir::Module& module, const WriterOptions& options) {
  // The writer relies on well-formed IR (ids in range, values in scope, exits with targets);
  // malformed IR is reported, never emitted.
  std::vector<Diagnostic> problems = ir::verifyModule(module);
  if (hasErrors(problems)) {
    WriteResult result;
    for (Diagnostic& d : problems) d.message = "SPIR-V writer: invalid IR: " + d.message;
    result.diagnostics = std::move(problems);
    return result;
  }
  return writeVerifiedModule(module, options);
}

WriteResult writeVerifiedModule(const ir::Module& module, const WriterOptions& options) {
  if (std::optional<Diagnostic> tooDeep = controlFlowTooDeep(module)) {
    WriteResult result;
    result.diagnostics.push_back(std::move(*tooDeep));
    return result;
  }
  return Writer(module, options).run();
}

}  // namespace sl::spirv
