#include "core/passes/LegalizeBindings.h"

#include "core/irgen/IRGen.h"
#include "core/ir/Rewrite.h"
#include "core/passes/Rewrite.h"

#include <spirv/unified1/spirv.hpp>

#include <map>
#include <optional>

namespace sl::passes {

using ir::Operand;
using ir::Value;

void selectLayoutRules(LegalizeOptions& options, bool dxLayout, bool scalarLayout, bool glLayout) {
  if (scalarLayout) {
    options.cbufferRule = options.bufferRule = LayoutRule::Scalar;
  } else if (dxLayout) {
    options.cbufferRule = LayoutRule::FxcCTBuffer;
    options.bufferRule = LayoutRule::FxcSBuffer;
  } else if (glLayout) {
    options.cbufferRule = LayoutRule::Std140;
    options.bufferRule = LayoutRule::Std430;
  }
}

namespace {

namespace attr = sl::irgen::attr;
using RK = ir::ResourceKind;

const std::string* findExtra(const ir::Attrs& attrs, const char* key) {
  for (const auto& [k, v] : attrs.extra)
    if (k == key) return &v;
  return nullptr;
}

bool isStructured(RK k) {
  return k == RK::StructuredBuffer || k == RK::RWStructuredBuffer || k == RK::AppendStructuredBuffer ||
         k == RK::ConsumeStructuredBuffer;
}
bool isRaw(RK k) { return k == RK::ByteAddressBuffer || k == RK::RWByteAddressBuffer; }
bool isBlock(RK k) { return k == RK::ConstantBuffer || k == RK::TextureBuffer; }
bool isBufferLike(RK k) { return isStructured(k) || isRaw(k) || isBlock(k); }

char implicitClass(RK k) {
  switch (k) {
    case RK::ConstantBuffer: return 'b';
    case RK::SamplerState:
    case RK::SamplerComparisonState: return 's';
    case RK::RWBuffer: case RK::RWStructuredBuffer: case RK::AppendStructuredBuffer: case RK::ConsumeStructuredBuffer:
    case RK::RWByteAddressBuffer: case RK::RWTexture1D: case RK::RWTexture1DArray: case RK::RWTexture2D:
    case RK::RWTexture2DArray: case RK::RWTexture3D: return 'u';
    default: return 't';
  }
}

struct Resource {
  ir::GlobalVarId global;
  RK kind = RK::Buffer;
  ir::Type element;   // irgen's element/content type
  std::string name;
  uint32_t count = 1;  // array length; 0 = runtime array
  bool isArray = false;
  bool push = false;
  bool needsCounter = false;
  int request = -1;         // index into the binding requests
  int counterRequest = -1;
  // After lowering:
  ir::GlobalVarId counter;
  ir::Type blockType;       // buffer block / image / sampler type
  uint32_t storageClass = 0;
  uint32_t stride = 0;      // structured buffer element stride
  uint32_t blockSize = 0;
  // Byte-address buffers with 64-bit atomics: a second descriptor variable on the same binding
  // whose block is a runtime array of u64 (both views decorated Aliased).
  ir::GlobalVarId view64;
};

class Legalizer {
 public:
  Legalizer(ir::Module& m, const LegalizeOptions& o) : m_(m), cx_(m.cx()), o_(o) {}

  LegalizeResult run() {
    collect();
    assign();
    for (Resource& r : resources_) lowerGlobal(r);
    for (ir::FunctionDef& fn : m_.functions) lowerFunction(fn);
    return std::move(result_);
  }

 private:
  void error(const std::string& message) { result_.diagnostics.push_back(Diagnostic::error({}, message)); }

  void collect() {
    for (uint32_t i = 0; i < m_.globals.size(); ++i) {
      const ir::GlobalVarDef& g = m_.globals[i];
      ir::Type t = g.type;
      Resource r;
      const ir::TypeDef* d = &cx_.def(t);
      if (d->kind == ir::TypeKind::Array || d->kind == ir::TypeKind::RuntimeArray) {
        r.isArray = true;
        r.count = d->kind == ir::TypeKind::Array ? d->count : 0;
        t = d->element;
        d = &cx_.def(t);
      }
      if (d->kind != ir::TypeKind::HlslResource) continue;
      r.global = ir::GlobalVarId(i);
      r.kind = d->resource;
      r.element = d->element;
      r.name = g.attrs.name;
      r.push = findExtra(g.attrs, attr::kPushConstant) != nullptr;
      byGlobal_[i] = resources_.size();
      resources_.push_back(r);
    }
    // RW structured buffer counters exist only when the code uses them (in order of first use).
    for (const ir::FunctionDef& fn : m_.functions)
      for (const ir::InstDef& inst : fn.insts) {
        if (!inst.op.isHlsl(ir::HlslOp::HandleFromBinding) || !findExtra(inst.attrs, attr::kCounter)) continue;
        const std::string* id = findExtra(inst.attrs, attr::kResourceId);
        if (!id) continue;
        auto it = byGlobal_.find(static_cast<uint32_t>(std::stoul(*id)));
        if (it == byGlobal_.end()) continue;
        Resource& r = resources_[it->second];
        if (!r.needsCounter) {
          r.needsCounter = true;
          lazyCounters_.push_back(it->second);
        }
      }
  }

  BindingRequest requestFor(const Resource& r) {
    const ir::Attrs& a = m_.global(r.global).attrs;
    BindingRequest q;
    q.name = r.name;
    q.implicitClass = implicitClass(r.kind);
    if (const std::string* reg = findExtra(a, attr::kRegister); reg && reg->size() > 1) {
      q.registerClass = (*reg)[0];
      q.registerIndex = static_cast<uint32_t>(std::stoul(reg->substr(1)));
    }
    if (const std::string* s = findExtra(a, attr::kSpace)) q.space = static_cast<uint32_t>(std::stoul(*s));
    if (const std::string* n = findExtra(a, attr::kBindingCount)) q.count = static_cast<uint32_t>(std::stoul(*n));
    if (const std::string* vb = findExtra(a, attr::kVkBinding)) {
      size_t comma = vb->find(',');
      q.vkBinding = static_cast<uint32_t>(std::stoul(vb->substr(0, comma)));
      if (comma != std::string::npos) q.vkSet = static_cast<uint32_t>(std::stoul(vb->substr(comma + 1)));
    }
    return q;
  }

  void assign() {
    std::vector<BindingRequest> requests;
    for (Resource& r : resources_) {
      if (r.push) continue;
      r.request = static_cast<int>(requests.size());
      requests.push_back(requestFor(r));
      if (r.kind == RK::AppendStructuredBuffer || r.kind == RK::ConsumeStructuredBuffer) {
        r.needsCounter = true;
        addCounterRequest(r, requests);
      }
    }
    for (size_t i : lazyCounters_) {
      Resource& r = resources_[i];
      if (r.counterRequest < 0 && r.request >= 0) addCounterRequest(r, requests);
    }
    std::vector<std::string> errors;
    bindings_ = assignBindings(requests, o_.bindings, &errors);
    for (const std::string& e : errors) error(e);
    requestOrder_ = requests.size();
  }

  void addCounterRequest(Resource& r, std::vector<BindingRequest>& requests) {
    BindingRequest q;
    q.name = "counter_var_" + r.name;
    q.counterOf = r.request;
    q.implicitClass = 'u';
    if (const std::string* c = findExtra(m_.global(r.global).attrs, attr::kVkCounterBinding))
      q.counterBinding = static_cast<uint32_t>(std::stoul(*c));
    r.counterRequest = static_cast<int>(requests.size());
    requests.push_back(q);
  }

  bool storageBufferClass() const { return o_.spirvMinor >= 4; }

  ir::Type withBlock(ir::Type s, bool bufferBlock, std::string name) {
    ir::TypeDef d = cx_.def(s);
    d.name = std::move(name);
    d.decorations.push_back({bufferBlock ? uint32_t(spv::DecorationBufferBlock) : uint32_t(spv::DecorationBlock), {}});
    return cx_.intern(d);
  }

  std::string typeLabel(ir::Type t) {
    const ir::TypeDef& d = cx_.def(t);
    switch (d.kind) {
      case ir::TypeKind::Struct: return d.name;
      case ir::TypeKind::Int: return d.isSigned ? "int" : "uint";
      case ir::TypeKind::Float: return d.width == 64 ? "double" : d.width == 16 ? "half" : "float";
      case ir::TypeKind::Bool: return "bool";
      case ir::TypeKind::Vector: return "v" + std::to_string(d.count) + typeLabel(d.element);
      case ir::TypeKind::Matrix: return "mat" + std::to_string(d.count) + typeLabel(d.element);
      case ir::TypeKind::Array: return "_arr_" + typeLabel(d.element) + "_" + std::to_string(d.count);
      default: return "T";
    }
  }

  ir::Type sampledScalar(ir::Type element) {
    ir::Type s = cx_.scalarOf(element);
    if (!s.valid()) return cx_.f32();
    const ir::TypeDef& d = cx_.def(s);
    if (d.kind == ir::TypeKind::Bool) return cx_.u32();
    return s;
  }

  uint32_t inferFormat(ir::Type element) {
    ir::Type s = cx_.scalarOf(element);
    if (!s.valid()) return spv::ImageFormatUnknown;
    const uint32_t n = cx_.componentCount(element);
    const ir::TypeDef& d = cx_.def(s);
    if (n == 3) return spv::ImageFormatUnknown;
    auto pick = [&](uint32_t a, uint32_t b, uint32_t c) { return n == 1 ? a : n == 2 ? b : c; };
    if (d.kind == ir::TypeKind::Float)
      return d.width == 16 ? pick(spv::ImageFormatR16f, spv::ImageFormatRg16f, spv::ImageFormatRgba16f)
                           : pick(spv::ImageFormatR32f, spv::ImageFormatRg32f, spv::ImageFormatRgba32f);
    if (d.kind == ir::TypeKind::Int) {
      if (d.width == 64) return n == 1 ? (d.isSigned ? spv::ImageFormatR64i : spv::ImageFormatR64ui) : spv::ImageFormatUnknown;
      if (d.width == 16)
        return d.isSigned ? pick(spv::ImageFormatR16i, spv::ImageFormatRg16i, spv::ImageFormatRgba16i)
                          : pick(spv::ImageFormatR16ui, spv::ImageFormatRg16ui, spv::ImageFormatRgba16ui);
      return d.isSigned ? pick(spv::ImageFormatR32i, spv::ImageFormatRg32i, spv::ImageFormatRgba32i)
                        : pick(spv::ImageFormatR32ui, spv::ImageFormatRg32ui, spv::ImageFormatRgba32ui);
    }
    if (d.kind == ir::TypeKind::Bool) return pick(spv::ImageFormatR32ui, spv::ImageFormatRg32ui, spv::ImageFormatRgba32ui);
    return spv::ImageFormatUnknown;
  }

  // `declaredFormat`: [[vk::image_format]]'s, which wins over inference and -fspv-use-unknown-image-format.
  ir::Type imageType(RK k, ir::Type element, std::string* descriptor, std::optional<uint32_t> declaredFormat) {
    ir::ImageInfo info;
    bool storage = false, texel = false;
    switch (k) {
      case RK::Texture1D: info.dim = spv::Dim1D; break;
      case RK::Texture1DArray: info.dim = spv::Dim1D; info.arrayed = 1; break;
      case RK::Texture2D: info.dim = spv::Dim2D; break;
      case RK::Texture2DArray: info.dim = spv::Dim2D; info.arrayed = 1; break;
      case RK::Texture2DMS: info.dim = spv::Dim2D; info.multisampled = 1; break;
      case RK::Texture2DMSArray: info.dim = spv::Dim2D; info.multisampled = 1; info.arrayed = 1; break;
      case RK::Texture3D: info.dim = spv::Dim3D; break;
      case RK::TextureCube: info.dim = spv::DimCube; break;
      case RK::TextureCubeArray: info.dim = spv::DimCube; info.arrayed = 1; break;
      case RK::RWTexture1D: info.dim = spv::Dim1D; storage = true; break;
      case RK::RWTexture1DArray: info.dim = spv::Dim1D; info.arrayed = 1; storage = true; break;
      case RK::RWTexture2D: info.dim = spv::Dim2D; storage = true; break;
      case RK::RWTexture2DArray: info.dim = spv::Dim2D; info.arrayed = 1; storage = true; break;
      case RK::RWTexture3D: info.dim = spv::Dim3D; storage = true; break;
      case RK::VkSampledTexture2D: info.dim = spv::Dim2D; break;
      case RK::Buffer: info.dim = spv::DimBuffer; texel = true; break;
      case RK::RWBuffer: info.dim = spv::DimBuffer; texel = true; storage = true; break;
      default: break;
    }
    info.depth = 2;
    info.sampled = storage ? 2 : 1;
    info.format = (storage || texel) && !o_.unknownImageFormat ? inferFormat(element) : uint32_t(spv::ImageFormatUnknown);
    if (declaredFormat) info.format = *declaredFormat;
    *descriptor = texel ? (storage ? "STORAGE_TEXEL_BUFFER" : "UNIFORM_TEXEL_BUFFER")
                        : (storage ? "STORAGE_IMAGE" : "SAMPLED_IMAGE");
    ir::Type image = cx_.imageType(sampledScalar(element), info);
    if (k == RK::VkSampledTexture2D) {
      *descriptor = "COMBINED_IMAGE_SAMPLER";
      return cx_.sampledImageType(image);
    }
    return image;
  }

  void lowerGlobal(Resource& r) {
    ir::GlobalVarDef& g = m_.global(r.global);
    BoundResource info;
    info.name = r.name;
    info.hlslType = ir::resourceKindName(r.kind);
    info.count = r.isArray ? r.count : 1;
    const bool sb = storageBufferClass();
    LayoutBuilder buffers(cx_, o_.bufferRule, o_.rowMajorByDefault);
    LayoutBuilder cbuffers(cx_, o_.cbufferRule, o_.rowMajorByDefault);
    ir::Type t;
    uint32_t sc = spv::StorageClassUniformConstant;
    if (isStructured(r.kind) || isRaw(r.kind)) {
      ir::Type elem = isRaw(r.kind) ? cx_.u32() : r.element;
      ir::StructMember member = buffers.bufferDataMember("", elem);
      r.stride = cx_.def(member.type).arrayStride;
      const bool readOnly = r.kind == RK::StructuredBuffer || r.kind == RK::ByteAddressBuffer;
      if (readOnly) member.decorations.push_back({spv::DecorationNonWritable, {}});
      std::string name = "type." + std::string(ir::resourceKindName(r.kind)) + (isRaw(r.kind) ? "" : "." + typeLabel(elem));
      t = cx_.structType(name, {member}, {{sb ? uint32_t(spv::DecorationBlock) : uint32_t(spv::DecorationBufferBlock), {}}});
      sc = sb ? spv::StorageClassStorageBuffer : spv::StorageClassUniform;
      info.descriptorType = "STORAGE_BUFFER";
      if (r.element.valid() && !isRaw(r.kind)) info.hlslType += "<" + typeLabel(r.element) + ">";
    } else if (isBlock(r.kind)) {
      const bool tbuffer = r.kind == RK::TextureBuffer;
      LaidOutType laid = (tbuffer || r.push) ? buffers.layout(r.element) : cbuffers.layout(r.element);
      r.blockSize = laid.size;
      ir::TypeDef d = cx_.def(laid.type);
      if (tbuffer)
        for (ir::StructMember& mem : d.members) mem.decorations.push_back({spv::DecorationNonWritable, {}});
      if (r.push && d.name.rfind("type.", 0) != 0) d.name = "type.PushConstant." + d.name;
      else if (!r.push && d.name.rfind("type.", 0) != 0) d.name = "type.ConstantBuffer." + d.name;
      const bool bufferBlock = tbuffer && !sb;
      d.decorations.push_back({bufferBlock ? uint32_t(spv::DecorationBufferBlock) : uint32_t(spv::DecorationBlock), {}});
      t = cx_.intern(d);
      sc = r.push ? spv::StorageClassPushConstant : tbuffer ? (sb ? spv::StorageClassStorageBuffer : spv::StorageClassUniform)
                                                           : spv::StorageClassUniform;
      info.descriptorType = r.push ? "PUSH_CONSTANT" : tbuffer ? "STORAGE_BUFFER" : "UNIFORM_BUFFER";
      info.blockSize = laid.size;
      info.isPushConstant = r.push;
      if (findExtra(g.attrs, attr::kGlobals)) info.hlslType = "$Globals";
      else if (findExtra(g.attrs, attr::kCBufferBlock)) info.hlslType = tbuffer ? "tbuffer" : "cbuffer";
      else if (r.push) info.hlslType = "push_constant " + cx_.def(r.element).name;
      else info.hlslType += "<" + cx_.def(r.element).name + ">";
    } else if (r.kind == RK::SamplerState || r.kind == RK::SamplerComparisonState) {
      t = cx_.samplerType();
      info.descriptorType = "SAMPLER";
    } else if (r.kind == RK::RaytracingAccelerationStructure) {
      t = cx_.accelerationStructureType();
      info.descriptorType = "ACCELERATION_STRUCTURE";
    } else {
      std::optional<uint32_t> declaredFormat;
      if (const std::string* f = findExtra(g.attrs, attr::kImageFormat)) declaredFormat = uint32_t(std::stoul(*f));
      t = imageType(r.kind, r.element, &info.descriptorType, declaredFormat);
      if (r.element.valid()) info.hlslType += "<" + typeLabel(r.element) + ">";
    }
    r.blockType = t;
    r.storageClass = sc;
    ir::Type varType = t;
    if (r.isArray) varType = r.count ? cx_.arrayType(t, r.count) : cx_.runtimeArrayType(t);
    g.type = varType;
    g.storageClass = sc;
    g.refType = cx_.pointerType(sc, varType);
    // globallycoherent: writes are visible device-wide, as DXC marks it (OpDecorate Coherent).
    if (findExtra(g.attrs, attr::kGloballyCoherent)) g.attrs.decorations.push_back({spv::DecorationCoherent, {}});
    g.attrs.extra.clear();
    if (r.request >= 0) {
      const BindingResult& b = bindings_[r.request];
      g.attrs.decorations.push_back({spv::DecorationDescriptorSet, {b.set}});
      g.attrs.decorations.push_back({spv::DecorationBinding, {b.binding}});
      info.set = b.set;
      info.binding = b.binding;
    }
    result_.resources.push_back(info);
    if (r.needsCounter && r.counterRequest >= 0) {
      ir::Type ct = cx_.structType("type.ACSBuffer.counter", {{"counter", cx_.s32(), {{spv::DecorationOffset, {0}}}}},
                                   {{sb ? uint32_t(spv::DecorationBlock) : uint32_t(spv::DecorationBufferBlock), {}}});
      const uint32_t csc = sb ? spv::StorageClassStorageBuffer : spv::StorageClassUniform;
      ir::Type cvt = r.isArray ? (r.count ? cx_.arrayType(ct, r.count) : cx_.runtimeArrayType(ct)) : ct;
      r.counter = m_.addGlobal("counter_var_" + r.name, cvt, csc);
      const BindingResult& b = bindings_[r.counterRequest];
      m_.global(r.counter).attrs.decorations.push_back({spv::DecorationDescriptorSet, {b.set}});
      m_.global(r.counter).attrs.decorations.push_back({spv::DecorationBinding, {b.binding}});
      BoundResource c;
      c.name = "counter_var_" + r.name;
      c.descriptorType = "STORAGE_BUFFER";
      c.hlslType = "counter of " + r.name;
      c.set = b.set;
      c.binding = b.binding;
      c.isCounter = true;
      c.blockSize = 4;
      result_.resources.push_back(c);
    }
  }

  ir::Type pointee(const ir::FunctionDef& fn, Value ptr) {
    ir::Type t = m_.typeOf(fn, ptr);
    if (!t.valid() || cx_.def(t).kind != ir::TypeKind::Pointer) return {};
    return cx_.def(t).element;
  }

  // The result type of an access chain recomputed from its (possibly retyped) base.
  ir::Type chainType(const ir::FunctionDef& fn, const ir::InstDef& inst) {
    ir::Type baseType = m_.typeOf(fn, inst.operands[0].value);
    if (!baseType.valid() || cx_.def(baseType).kind != ir::TypeKind::Pointer) return inst.resultType;
    const uint32_t sc = cx_.def(baseType).storageClass;
    ir::Type t = cx_.def(baseType).element;
    for (size_t i = 1; i < inst.operands.size(); ++i) {
      const ir::TypeDef& d = cx_.def(t);
      if (d.kind == ir::TypeKind::Struct) {
        const Value& v = inst.operands[i].value;
        uint32_t member = v.kind == ir::ValueKind::Const ? static_cast<uint32_t>(cx_.def(v.asConst()).bits) : 0;
        if (member >= d.members.size()) return inst.resultType;
        t = d.members[member].type;
      } else {
        t = d.element;
      }
    }
    return cx_.pointerType(sc, t);
  }

  const Resource* resourceOfHandle(const ir::InstDef& inst) {
    const std::string* id = findExtra(inst.attrs, attr::kResourceId);
    if (!id) return nullptr;
    auto it = byGlobal_.find(static_cast<uint32_t>(std::stoul(*id)));
    return it == byGlobal_.end() ? nullptr : &resources_[it->second];
  }

  bool decoratedNonUniform(const ir::FunctionDef& fn, Value v) {
    if (v.kind != ir::ValueKind::InstResult) return false;
    return fn.inst(v.asInst()).attrs.hasDecoration(spv::DecorationNonUniform);
  }

  // Replaces instruction `id`'s result by `to` and erases it. Uses are rewritten once, at the end
  // of lowerFunction, and in each instruction's operands before it is lowered (one walk of the
  // body per replacement was quadratic: 10,000 buffer stores took 13 s).
  void replaceInst(ir::FunctionDef& fn, ir::InstId id, Value to) {
    replaced_[id.index] = to;
    ir::eraseInst(fn, id);
  }

  void lowerFunction(ir::FunctionDef& fn) {
    replaced_.clear();
    maybeUnused_.clear();
    lowerInsts(fn);
    ir::replaceAllUses(fn, replaced_);
    if (!maybeUnused_.empty()) {
      const std::vector<uint32_t> uses = ir::instUseCounts(fn);
      for (ir::InstId load : maybeUnused_)
        if (load.index < uses.size() && uses[load.index] == 0) ir::eraseInst(fn, load);
    }
  }

  void lowerInsts(ir::FunctionDef& fn) {
    std::map<uint32_t, const Resource*> handleOf;  // inst index -> resource (handles and element ptrs)
    std::map<uint32_t, bool> handleIsCounter;
    for (uint32_t i = 0; i < fn.insts.size(); ++i) {
      ir::InstDef* inst = &fn.insts[i];
      const ir::InstId id(i);
      if (!replaced_.empty())
        for (Operand& o : inst->operands)
          if (!o.isImm) o.value = ir::resolveReplacement(replaced_, o.value);
      if (inst->op.family == ir::OpFamily::Spv) {
        if (inst->op.isSpv(spv::OpAccessChain) && !inst->operands.empty()) inst->resultType = chainType(fn, *inst);
        else if (inst->op.isSpv(spv::OpLoad) && !inst->operands.empty()) {
          ir::Type p = pointee(fn, inst->operands[0].value);
          if (p.valid()) {
            const ir::TypeKind k = cx_.def(p).kind;
            if (k != ir::TypeKind::Struct && k != ir::TypeKind::Array && k != ir::TypeKind::RuntimeArray)
              inst->resultType = p;
          }
        }
        continue;
      }
      if (inst->op.family != ir::OpFamily::Hlsl) continue;
      const auto op = static_cast<ir::HlslOp>(inst->op.code);
      // Descriptor-heap handles and the accesses through them are core/passes/heaps' to lower.
      if (usesHeapHandle(fn, *inst)) continue;
      switch (op) {
        case ir::HlslOp::HandleFromBinding: {
          const Resource* r = resourceOfHandle(*inst);
          if (!r) {
            error("internal error: a resource handle names no declared resource");
            continue;
          }
          const bool counter = findExtra(inst->attrs, attr::kCounter) != nullptr;
          handleOf[i] = r;
          handleIsCounter[i] = counter;
          ir::GlobalVarId g = counter ? r->counter : r->global;
          if (!g.valid()) {
            error("internal error: the counter of '" + r->name + "' was not created");
            continue;
          }
          const ir::GlobalVarDef& gv = m_.global(g);
          Value base = Value::global(g);
          Value index = inst->operands.size() > 3 && !inst->operands[3].isImm ? inst->operands[3].value : Value();
          const bool nonUniform = index.valid() && decoratedNonUniform(fn, index);
          ir::Type elemType = gv.type;
          if (index.valid()) elemType = cx_.def(gv.type).element;
          const bool bufferLike = counter || isBufferLike(r->kind);
          if (bufferLike) {
            if (index.valid()) {
              inst->op = ir::Opcode::spv(spv::OpAccessChain);
              inst->resultType = cx_.pointerType(gv.storageClass, elemType);
              inst->operands = {Operand::v(base), Operand::v(index)};
              inst->attrs.extra.clear();
              if (nonUniform) inst->attrs.decorations.push_back({spv::DecorationNonUniform, {}});
            } else {
              replaceInst(fn, id, base);
            }
          } else {
            Value ptr = base;
            if (index.valid()) {
              ir::InstId chain = insertBefore(fn, id, ir::Opcode::spv(spv::OpAccessChain),
                                              cx_.pointerType(gv.storageClass, elemType), {Operand::v(base), Operand::v(index)});
              if (nonUniform) fn.inst(chain).attrs.decorations.push_back({spv::DecorationNonUniform, {}});
              ptr = Value::inst(chain);
              inst = &fn.insts[i];
            }
            inst->op = ir::Opcode::spv(spv::OpLoad);
            inst->resultType = elemType;
            inst->operands = {Operand::v(ptr)};
            inst->attrs.extra.clear();
            if (nonUniform) inst->attrs.decorations.push_back({spv::DecorationNonUniform, {}});
          }
          break;
        }
        case ir::HlslOp::ResourceElementPtr: {
          Value h = inst->operands[0].value;
          const Resource* r = h.kind == ir::ValueKind::InstResult ? lookup(handleOf, h.asInst().index) : nullptr;
          if (!r) r = resourceOfGlobal(h);
          if (!r) {
            error("internal error: resource_element_ptr without a resource handle");
            continue;
          }
          if (isBlock(r->kind)) {
            replaceInst(fn, id, h);
            break;
          }
          if (isRaw(r->kind) && inst->operands.size() > 1 && is64BitPointee(inst->resultType)) {
            lowerQwordPtr(fn, i, resources_[static_cast<size_t>(r - resources_.data())]);
            break;
          }
          std::vector<Operand> ops{Operand::v(h), Operand::v(Value::constant(cx_.u32(0)))};
          if (inst->operands.size() > 1) ops.push_back(inst->operands[1]);
          inst->op = ir::Opcode::spv(spv::OpAccessChain);
          inst->operands = std::move(ops);
          inst->resultType = chainType(fn, *inst);
          break;
        }
        case ir::HlslOp::ResourceDimensions: {
          Value h = inst->operands[0].value;
          const Resource* r = h.kind == ir::ValueKind::InstResult ? lookup(handleOf, h.asInst().index) : resourceOfGlobal(h);
          const uint32_t what = inst->operands.size() > 1 && inst->operands[1].isImm ? inst->operands[1].imm : 0;
          if (!r) {
            error("internal error: resource_dimensions without a resource handle");
            continue;
          }
          if (isStructured(r->kind) || isRaw(r->kind)) {
            if (what == 1) {
              Value stride = Value::constant(cx_.u32(r->stride));
              replaceInst(fn, id, stride);
              break;
            }
            inst->op = ir::Opcode::spv(spv::OpArrayLength);
            inst->operands = {Operand::v(h), Operand::i(0)};
            inst->resultType = cx_.u32();
          } else if (isTextureKind(r->kind)) {
            lowerTextureQuery(fn, i);
          } else {
            inst->op = ir::Opcode::spv(spv::OpImageQuerySize);
            inst->operands = {Operand::v(h)};
            inst->resultType = cx_.u32();
          }
          break;
        }
        case ir::HlslOp::CounterIncrement:
        case ir::HlslOp::CounterDecrement: {
          Value h = inst->operands[0].value;
          ir::InstId chain = insertBefore(fn, id, ir::Opcode::spv(spv::OpAccessChain), ir::Type(),
                                          {Operand::v(h), Operand::v(Value::constant(cx_.u32(0)))});
          fn.inst(chain).resultType = chainType(fn, fn.inst(chain));
          inst = &fn.insts[i];
          inst->op = ir::Opcode::spv(op == ir::HlslOp::CounterIncrement ? spv::OpAtomicIAdd : spv::OpAtomicISub);
          inst->resultType = cx_.s32();
          inst->operands = {Operand::v(Value::inst(chain)), Operand::v(Value::constant(cx_.u32(spv::ScopeDevice))),
                            Operand::v(Value::constant(cx_.u32(0))), Operand::v(Value::constant(cx_.s32(1)))};
          break;
        }
        case ir::HlslOp::ResourceLoad: lowerImageLoad(fn, i); break;
        case ir::HlslOp::ResourceSample: lowerImageSample(fn, i); break;
        case ir::HlslOp::ResourceGather: lowerImageGather(fn, i); break;
        case ir::HlslOp::ResourceCalculateLod: lowerImageQueryLod(fn, i); break;
        case ir::HlslOp::ResourceStore: {
          Value img = inst->operands[0].value;
          inst->op = ir::Opcode::spv(spv::OpImageWrite);
          inst->resultType = ir::Type();
          inst->operands = {Operand::v(img), inst->operands[1], inst->operands[2]};
          break;
        }
        case ir::HlslOp::ResourceAtomic: lowerImageAtomic(fn, i); break;
        default:
          error(std::string("internal error: hlsl.") + ir::hlslOpName(op) + " is not lowered for SPIR-V yet");
          break;
      }
    }
  }

  // hlsl.resource_atomic (image, coords, imm atomic opcode, value [, comparator]) -> the atomic
  // on OpImageTexelPointer. The texel pointer takes the image's pointer: the one its handle (an
  // OpLoad by now) was loaded from; the load goes when nothing else reads it.
  void lowerImageAtomic(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    ir::InstDef& inst = fn.inst(id);  // IR tables never move, so the reference stays valid
    const bool compare = inst.operands.size() > 2 && inst.operands[2].isImm && inst.operands[2].imm == spv::OpAtomicCompareExchange;
    if (inst.operands.size() != (compare ? 5u : 4u) || !inst.operands[2].isImm) {
      error("internal error: malformed hlsl.resource_atomic");
      return;
    }
    const Value image = inst.operands[0].value;
    const ir::InstDef* load = image.kind == ir::ValueKind::InstResult ? &fn.inst(image.asInst()) : nullptr;
    if (!load || !load->op.isSpv(spv::OpLoad) || load->operands.empty()) {
      error("internal error: hlsl.resource_atomic on an image that was not loaded from its variable");
      return;
    }
    const bool nonUniform = load->attrs.hasDecoration(spv::DecorationNonUniform);
    const ir::InstId texel = insertBefore(fn, id, ir::Opcode::spv(spv::OpImageTexelPointer),
                                          cx_.pointerType(spv::StorageClassImage, inst.resultType),
                                          {Operand::v(ir::resolveReplacement(replaced_, load->operands[0].value)), inst.operands[1],
                                           Operand::v(Value::constant(cx_.u32(0)))});
    if (nonUniform) fn.inst(texel).attrs.decorations.push_back({spv::DecorationNonUniform, {}});
    std::optional<Value> comparator;
    if (compare) comparator = inst.operands[4].value;
    inst.op = ir::Opcode::spv(inst.operands[2].imm);
    inst.operands = ir::deviceAtomicOperands(cx_, Value::inst(texel), inst.operands[3].value, comparator);
    maybeUnused_.push_back(image.asInst());  // erased at the end if nothing else reads it
  }

  static bool usesHeapHandle(const ir::FunctionDef& fn, const ir::InstDef& inst) {
    auto isHeap = [](const ir::InstDef& i) {
      return i.op.isHlsl(ir::HlslOp::HandleFromHeap) || i.op.isHlsl(ir::HlslOp::CounterHandleFromHeap);
    };
    if (isHeap(inst)) return true;
    for (const Operand& o : inst.operands)
      if (!o.isImm && o.value.kind == ir::ValueKind::InstResult && isHeap(fn.inst(o.value.asInst()))) return true;
    return false;
  }

  bool is64BitPointee(ir::Type ptr) {
    if (!ptr.valid() || cx_.def(ptr).kind != ir::TypeKind::Pointer) return false;
    const ir::TypeDef& e = cx_.def(cx_.def(ptr).element);
    return e.kind == ir::TypeKind::Int && e.width == 64;
  }

  // The u64 view of a byte-address buffer (created at first need).
  ir::GlobalVarId view64(Resource& r) {
    if (r.view64.valid()) return r.view64;
    const bool sb = storageBufferClass();
    LayoutBuilder buffers(cx_, o_.bufferRule, o_.rowMajorByDefault);
    LaidOutType arr = buffers.layout(cx_.runtimeArrayType(cx_.intType(64, false)));
    ir::StructMember member{"", arr.type, {{spv::DecorationOffset, {0}}}};
    ir::Type t = cx_.structType("type." + std::string(ir::resourceKindName(r.kind)) + ".u64", {member},
                                {{sb ? uint32_t(spv::DecorationBlock) : uint32_t(spv::DecorationBufferBlock), {}}});
    ir::Type varType = r.isArray ? (r.count ? cx_.arrayType(t, r.count) : cx_.runtimeArrayType(t)) : t;
    r.view64 = m_.addGlobal(r.name + ".u64", varType, r.storageClass);
    // Same descriptor; the two views alias, and the u32 view's loads and stores must see the
    // atomics done through this one.
    std::vector<ir::Decoration> decorations;
    for (const ir::Decoration& d : m_.global(r.global).attrs.decorations)
      if (d.kind == spv::DecorationDescriptorSet || d.kind == spv::DecorationBinding) decorations.push_back(d);
    decorations.push_back({spv::DecorationAliased, {}});
    for (const ir::Decoration& d : decorations) m_.global(r.view64).attrs.decorations.push_back(d);
    if (!m_.global(r.global).attrs.hasDecoration(spv::DecorationAliased))
      m_.global(r.global).attrs.decorations.push_back({spv::DecorationAliased, {}});
    return r.view64;
  }

  // resource_element_ptr(h, wordIndex): ptr<u64> on a byte-address buffer -> an access chain into
  // the u64 view at wordIndex / 2 (irgen keeps word indices so every back end reads them alike).
  void lowerQwordPtr(ir::FunctionDef& fn, uint32_t i, Resource& r) {
    const ir::InstId id(i);
    const Value h = fn.insts[i].operands[0].value;
    const Value word = fn.insts[i].operands[1].value;
    const ir::GlobalVarId view = view64(r);
    Value base = Value::global(view);
    if (h.kind == ir::ValueKind::InstResult) {
      // An element of a buffer array: the same element of the view array.
      const ir::InstDef& chain = fn.inst(h.asInst());
      if (!chain.op.isSpv(spv::OpAccessChain) || chain.operands.size() < 2) {
        error("internal error: a 64-bit byte-address buffer access through an unexpected handle");
        return;
      }
      const Value element = chain.operands[1].value;
      const bool nonUniform = chain.attrs.hasDecoration(spv::DecorationNonUniform);
      const ir::Type blockPtr = cx_.pointerType(r.storageClass, cx_.def(m_.global(view).type).element);
      ir::InstId c = insertBefore(fn, id, ir::Opcode::spv(spv::OpAccessChain), blockPtr,
                                  {Operand::v(base), Operand::v(element)});
      if (nonUniform) fn.inst(c).attrs.decorations.push_back({spv::DecorationNonUniform, {}});
      base = Value::inst(c);
    }
    Value qword = spvBefore(fn, id, spv::OpShiftRightLogical, cx_.u32(), {Operand::v(word), Operand::v(Value::constant(cx_.u32(1)))});
    ir::InstDef& inst = fn.insts[i];
    inst.op = ir::Opcode::spv(spv::OpAccessChain);
    inst.operands = {Operand::v(base), Operand::v(Value::constant(cx_.u32(0))), Operand::v(qword)};
    inst.resultType = cx_.pointerType(r.storageClass, cx_.intType(64, false));
  }

  const Resource* lookup(const std::map<uint32_t, const Resource*>& m, uint32_t index) {
    auto it = m.find(index);
    return it == m.end() ? nullptr : it->second;
  }
  const Resource* resourceOfGlobal(Value v) {
    if (v.kind != ir::ValueKind::GlobalVar) return nullptr;
    auto it = byGlobal_.find(v.a);
    return it == byGlobal_.end() ? nullptr : &resources_[it->second];
  }

  // ------------------------------------------------------------------ textures
  static bool isTextureKind(RK k) {
    switch (k) {
      case RK::Texture1D: case RK::Texture1DArray: case RK::Texture2D: case RK::Texture2DArray: case RK::Texture2DMS:
      case RK::Texture2DMSArray: case RK::Texture3D: case RK::TextureCube: case RK::TextureCubeArray:
      case RK::RWTexture1D: case RK::RWTexture1DArray: case RK::RWTexture2D: case RK::RWTexture2DArray:
      case RK::RWTexture3D: case RK::VkSampledTexture2D: return true;
      default: return false;
    }
  }

  Value spvBefore(ir::FunctionDef& fn, ir::InstId at, uint32_t op, ir::Type type, std::vector<Operand> ops) {
    return Value::inst(insertBefore(fn, at, ir::Opcode::spv(op), type, std::move(ops)));
  }

  // The image of a handle: a combined image-sampler (vk::SampledTexture*) yields it through OpImage.
  Value imageOf(ir::FunctionDef& fn, ir::InstId at, Value h) {
    const ir::TypeDef& d = cx_.def(m_.typeOf(fn, h));
    if (d.kind != ir::TypeKind::SampledImage) return h;
    return spvBefore(fn, at, spv::OpImage, d.element, {Operand::v(h)});
  }

  // The sampled image of (image, sampler); a combined handle already is one.
  Value sampledImageOf(ir::FunctionDef& fn, ir::InstId at, Value image, Value sampler) {
    ir::Type t = m_.typeOf(fn, image);
    if (cx_.def(t).kind == ir::TypeKind::SampledImage) return image;
    return spvBefore(fn, at, spv::OpSampledImage, cx_.sampledImageType(t), {Operand::v(image), Operand::v(sampler)});
  }

  // The sampled scalar type of an image or sampled-image value (float when unknown).
  ir::Type texelScalar(ir::FunctionDef& fn, Value h) {
    ir::Type t = m_.typeOf(fn, h);
    if (cx_.def(t).kind == ir::TypeKind::SampledImage) t = cx_.def(t).element;
    return cx_.def(t).kind == ir::TypeKind::Image ? cx_.def(t).element : cx_.f32();
  }

  static bool isConstant(Value v) { return v.kind == ir::ValueKind::Const; }

  // Replaces instruction `i` by `v` (a 4-vector, or a scalar for Dref sampling), narrowed to the
  // instruction's result type.
  void finishTexel(ir::FunctionDef& fn, uint32_t i, Value v, ir::Type texel) {
    const ir::InstId id(i);
    ir::InstDef& out = fn.insts[i];
    ir::Type want = out.resultType;
    ir::Type have = m_.typeOf(fn, v);
    if (have == want) {
      replaceInst(fn, id, v);
      return;
    }
    const uint32_t n = cx_.componentCount(want);
    if (n == 1) {
      out.op = ir::Opcode::spv(spv::OpCompositeExtract);
      out.operands = {Operand::v(v), Operand::i(0)};
      out.resultType = texel;
    } else {
      out.op = ir::Opcode::spv(spv::OpVectorShuffle);
      out.operands = {Operand::v(v), Operand::v(v)};
      for (uint32_t k = 0; k < n; ++k) out.operands.push_back(Operand::i(k));
      out.resultType = cx_.vectorType(texel, n);
    }
    if (out.resultType != want) error("internal error: texel types other than the sampled type are not supported yet");
  }

  // hlsl.resource_load: (handle, coords [, imm loadFlags [, sampleIndex] [, offset]]).
  void lowerImageLoad(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    ir::InstDef& inst = fn.insts[i];
    Value handle = inst.operands[0].value;
    Value coord = inst.operands[1].value;
    const uint32_t flags = inst.operands.size() > 2 && inst.operands[2].isImm ? inst.operands[2].imm : 0;
    size_t next = 3;
    Value sampleIndex, offset;
    if ((flags & ir::LoadFlag::SampleIndex) && next < inst.operands.size()) sampleIndex = inst.operands[next++].value;
    if ((flags & ir::LoadFlag::Offset) && next < inst.operands.size()) offset = inst.operands[next++].value;
    Value img = imageOf(fn, id, handle);
    ir::Type imgType = m_.typeOf(fn, img);
    const ir::TypeDef& idef = cx_.def(imgType);
    ir::Type texel = idef.kind == ir::TypeKind::Image ? idef.element : cx_.f32();
    ir::Type v4 = cx_.vectorType(texel, 4);
    const bool storage = idef.kind == ir::TypeKind::Image && idef.image.sampled == 2;
    std::vector<Operand> ops{Operand::v(img)};
    uint32_t mask = 0;
    std::vector<Operand> imageOps;
    if (flags & ir::LoadFlag::MipInCoord) {
      ir::Type ct = m_.typeOf(fn, coord);
      const uint32_t n = cx_.componentCount(ct);
      ir::Type cs = cx_.scalarOf(ct);
      ir::Type xyType = n - 1 == 1 ? cs : cx_.vectorType(cs, n - 1);
      Value xy;
      if (n - 1 == 1) {
        xy = spvBefore(fn, id, spv::OpCompositeExtract, cs, {Operand::v(coord), Operand::i(0)});
      } else {
        std::vector<Operand> sh{Operand::v(coord), Operand::v(coord)};
        for (uint32_t k = 0; k + 1 < n; ++k) sh.push_back(Operand::i(k));
        xy = spvBefore(fn, id, spv::OpVectorShuffle, xyType, sh);
      }
      Value lod = spvBefore(fn, id, spv::OpCompositeExtract, cs, {Operand::v(coord), Operand::i(n - 1)});
      ops.push_back(Operand::v(xy));
      mask |= spv::ImageOperandsLodMask;
      imageOps.push_back(Operand::v(lod));
    } else {
      ops.push_back(Operand::v(coord));
    }
    if (offset.valid()) {
      mask |= isConstant(offset) ? spv::ImageOperandsConstOffsetMask : spv::ImageOperandsOffsetMask;
      imageOps.push_back(Operand::v(offset));
    }
    if (sampleIndex.valid()) {
      mask |= spv::ImageOperandsSampleMask;
      imageOps.push_back(Operand::v(sampleIndex));
    }
    if (mask) {
      ops.push_back(Operand::i(mask));
      ops.insert(ops.end(), imageOps.begin(), imageOps.end());
    }
    Value fetch = spvBefore(fn, id, storage ? spv::OpImageRead : spv::OpImageFetch, v4, ops);
    finishTexel(fn, i, fetch, texel);
  }

  // hlsl.resource_sample: (image, sampler, coords, imm flags [, dref] [, lod|bias] [, ddx, ddy]
  // [, offset] [, minLod]).
  // hlsl.resource_calculate_lod: (image, sampler, coords, imm unclamped). OpImageQueryLod yields
  // (clamped, unclamped) levels; CalculateLevelOfDetail is the first, ...Unclamped the second.
  void lowerImageQueryLod(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    std::vector<Operand> in = fn.insts[i].operands;
    if (in.size() < 4 || !in[3].isImm) return error("internal error: malformed hlsl.resource_calculate_lod");
    Value si = sampledImageOf(fn, id, in[0].value, in[1].value);
    Value lods = spvBefore(fn, id, spv::OpImageQueryLod, cx_.vectorType(cx_.f32(), 2), {Operand::v(si), in[2]});
    ir::InstDef& out = fn.insts[i];
    out.op = ir::Opcode::spv(spv::OpCompositeExtract);
    out.operands = {Operand::v(lods), Operand::i(in[3].imm ? 1u : 0u)};
    if (out.resultType != cx_.f32()) error("internal error: CalculateLevelOfDetail must return float");
  }

  void lowerImageSample(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    std::vector<Operand> in = fn.insts[i].operands;
    if (in.size() < 4 || !in[3].isImm) return error("internal error: malformed hlsl.resource_sample");
    const uint32_t flags = in[3].imm;
    size_t next = 4;
    auto take = [&]() { return next < in.size() ? in[next++].value : Value(); };
    Value dref = (flags & ir::SampleFlag::Cmp) ? take() : Value();
    Value lodOrBias = (flags & (ir::SampleFlag::Lod | ir::SampleFlag::Bias)) ? take() : Value();
    Value ddx, ddy;
    if (flags & ir::SampleFlag::Grad) {
      ddx = take();
      ddy = take();
    }
    Value offset = (flags & ir::SampleFlag::Offset) ? take() : Value();
    Value minLod = (flags & ir::SampleFlag::Clamp) ? take() : Value();
    ir::Type texel = texelScalar(fn, in[0].value);
    Value si = sampledImageOf(fn, id, in[0].value, in[1].value);
    const bool explicitLod = (flags & (ir::SampleFlag::Lod | ir::SampleFlag::Grad)) != 0;
    std::vector<Operand> ops{Operand::v(si), in[2]};
    if (dref.valid()) ops.push_back(Operand::v(dref));
    uint32_t mask = 0;
    std::vector<Operand> imageOps;
    if (flags & ir::SampleFlag::Bias) mask |= spv::ImageOperandsBiasMask, imageOps.push_back(Operand::v(lodOrBias));
    if (flags & ir::SampleFlag::Lod) mask |= spv::ImageOperandsLodMask, imageOps.push_back(Operand::v(lodOrBias));
    if (flags & ir::SampleFlag::Grad) {
      mask |= spv::ImageOperandsGradMask;
      imageOps.push_back(Operand::v(ddx));
      imageOps.push_back(Operand::v(ddy));
    }
    if (offset.valid()) {
      mask |= isConstant(offset) ? spv::ImageOperandsConstOffsetMask : spv::ImageOperandsOffsetMask;
      imageOps.push_back(Operand::v(offset));
    }
    if (minLod.valid()) mask |= spv::ImageOperandsMinLodMask, imageOps.push_back(Operand::v(minLod));
    if (mask) {
      ops.push_back(Operand::i(mask));
      ops.insert(ops.end(), imageOps.begin(), imageOps.end());
    }
    uint32_t op;
    if (dref.valid()) op = explicitLod ? spv::OpImageSampleDrefExplicitLod : spv::OpImageSampleDrefImplicitLod;
    else op = explicitLod ? spv::OpImageSampleExplicitLod : spv::OpImageSampleImplicitLod;
    Value v = spvBefore(fn, id, op, dref.valid() ? texel : cx_.vectorType(texel, 4), ops);
    finishTexel(fn, i, v, texel);
  }

  // hlsl.resource_gather: (image, sampler, coords, imm component, imm flags [, dref] [, offset]).
  void lowerImageGather(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    std::vector<Operand> in = fn.insts[i].operands;
    if (in.size() < 5 || !in[3].isImm || !in[4].isImm) return error("internal error: malformed hlsl.resource_gather");
    const uint32_t component = in[3].imm, flags = in[4].imm;
    size_t next = 5;
    Value dref = (flags & ir::SampleFlag::Cmp) && next < in.size() ? in[next++].value : Value();
    Value offset = (flags & ir::SampleFlag::Offset) && next < in.size() ? in[next++].value : Value();
    ir::Type texel = texelScalar(fn, in[0].value);
    Value si = sampledImageOf(fn, id, in[0].value, in[1].value);
    std::vector<Operand> ops{Operand::v(si), in[2]};
    ops.push_back(Operand::v(dref.valid() ? dref : Value::constant(cx_.u32(component))));
    if (offset.valid()) {
      ops.push_back(Operand::i(isConstant(offset) ? spv::ImageOperandsConstOffsetMask : spv::ImageOperandsOffsetMask));
      ops.push_back(Operand::v(offset));
    }
    Value v = spvBefore(fn, id, dref.valid() ? spv::OpImageDrefGather : spv::OpImageGather, cx_.vectorType(texel, 4), ops);
    finishTexel(fn, i, v, texel);
  }

  // hlsl.resource_dimensions on a texture: (handle, imm what [, lod]); what 0 size, 2 levels,
  // 3 samples.
  void lowerTextureQuery(ir::FunctionDef& fn, uint32_t i) {
    const ir::InstId id(i);
    std::vector<Operand> in = fn.insts[i].operands;
    const uint32_t what = in.size() > 1 && in[1].isImm ? in[1].imm : 0;
    Value img = imageOf(fn, id, in[0].value);
    ir::InstDef& inst = fn.insts[i];
    if (what == 2 || what == 3) {
      inst.op = ir::Opcode::spv(what == 2 ? spv::OpImageQueryLevels : spv::OpImageQuerySamples);
      inst.operands = {Operand::v(img)};
      inst.resultType = cx_.u32();
      return;
    }
    if (in.size() > 2 && !in[2].isImm) {
      inst.op = ir::Opcode::spv(spv::OpImageQuerySizeLod);
      inst.operands = {Operand::v(img), in[2]};
    } else {
      inst.op = ir::Opcode::spv(spv::OpImageQuerySize);
      inst.operands = {Operand::v(img)};
    }
  }

  using Type = ir::Type;
  ir::Module& m_;
  ir::Context& cx_;
  const LegalizeOptions& o_;
  LegalizeResult result_;
  ir::InstReplacements replaced_;          // this function's erased instructions -> their replacements
  std::vector<ir::InstId> maybeUnused_;    // image loads that atomics no longer read
  std::vector<Resource> resources_;
  std::map<uint32_t, size_t> byGlobal_;
  std::vector<size_t> lazyCounters_;
  std::vector<BindingResult> bindings_;
  size_t requestOrder_ = 0;
};

}  // namespace

LegalizeResult legalizeBindings(ir::Module& module, const LegalizeOptions& options) {
  return Legalizer(module, options).run();
}

}  // namespace sl::passes
