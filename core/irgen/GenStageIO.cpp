// Vertex and pixel entry points: the `void()` wrapper DXC emits (hlsl-spirv.md §4.1), with one
// Input/Output variable per leaf of the parameters and return value, system values as BuiltIn
// variables (§4.3), Locations in DXC's order or from [[vk::location]] (§4.4) and interpolation
// decorations. docs/stage-io.md lists what is supported.
#include "core/frontend/StageInfo.h"
#include "core/irgen/Gen.h"
#include "core/signature/Interpolation.h"
#include "core/signature/SemanticTable.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <functional>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace sl::irgen {

namespace {

namespace sig = sl::signature;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// One declaration on the way down to a leaf: a parameter, the return value, a field, or a base
// class (which has no semantic or attributes of its own).
struct DeclView {
  std::string semantic;
  uint8_t interpolation = 0;
  clang::SourceLocation loc;
  const std::vector<fe::Attribute>* attributes = nullptr;
  std::string name;
};

// A semantic on a struct-typed declaration: every leaf below takes it, with consecutive indices
// (DXC: index 0 keeps the spelling as written, later ones are name + index).
struct Inherited {
  std::string written;
  std::string name;
  uint32_t index = 0;
};

// The semantic one leaf ends up with.
struct LeafSemantic {
  std::string text;  // what the variable is named after ("TEXCOORD", "PAIR1")
  std::string name;  // without the index
  uint32_t index = 0;
};

// One leaf of an entry point's inputs or outputs.
struct Leaf {
  const fe::Type* type = nullptr;  // numeric, or an array of numerics
  std::string semantic;            // as the variable is named (index included)
  uint32_t semanticIndex = 0;
  uint8_t interpolation = 0;       // effective modifier bits (inner overrides outer)
  clang::SourceLocation loc;
  ir::GlobalVarId var;
  const fe::Type* varType = nullptr;  // the variable's HLSL-level type (bool I/O is uint)
  bool builtin = false;
  uint32_t builtinId = 0;
  bool isTarget = false;
  std::optional<uint32_t> vkLocation;  // [[vk::location(N)]]
  clang::SourceLocation vkLocationLoc;
  std::optional<uint32_t> vkIndex;  // [[vk::index(I)]] (dual-source blending)
  clang::SourceLocation vkIndexLoc;
};

uint32_t locationCount(const fe::Type* type) {
  uint32_t n = 1;
  while (type->isArray()) {
    n *= std::max<uint32_t>(type->arraySize, 1);
    type = type->element;
  }
  const bool wide = type->scalar == fe::ScalarKind::Double || type->scalar == fe::ScalarKind::Int64 ||
                    type->scalar == fe::ScalarKind::UInt64;
  const uint32_t perVector = wide && type->cols > 2 ? 2 : 1;
  return n * perVector * (type->isMatrix() ? type->rows : 1);
}

const fe::Type* innermost(const fe::Type* t) {
  while (t->isArray()) t = t->element;
  return t;
}

// Clip and cull distances may only be 32-bit float scalars, vectors or arrays of them (DXC's
// GlPerVertex; `half` is 32-bit without -enable-16bit-types); returns the number of floats they
// take, or 0 for any other type.
uint32_t clipCullFloats(const fe::Type* type, bool halfIsFloat) {
  if (type->isArray()) return type->arraySize * clipCullFloats(type->element, halfIsFloat);
  if (!type->isNumeric()) return 0;
  if (type->scalar != fe::ScalarKind::Float && !(halfIsFloat && type->scalar == fe::ScalarKind::Half)) return 0;
  if (type->isMatrix() && type->rows > 1 && type->cols > 1) return 0;
  return type->elementCount();
}

enum class SystemValueUse { Builtin, Plain, Unsupported };

}  // namespace

// The stage I/O of one vertex or pixel entry point. Every declaration is walked twice in the same
// order: `collect` first gathers the facts that shape shared variables (all SV_ClipDistance/
// SV_CullDistance pieces of a direction become one float array), then `input`/`output` create the
// variables and move the values.
class StageIO {
 public:
  StageIO(Gen& g, const fe::FunctionDecl* entry) : g_(g), entry_(entry), stage_(entry->stage) {}

  void collect() {
    collecting_ = true;
    for (const fe::VarDecl* p : entry_->params) {
      if (p->direction != fe::ParamDirection::Out) walk(false, {}, p->type, viewOf(p), nullptr);
    }
    if (entry_->returnType && !entry_->returnType->isVoid()) walk(true, {}, entry_->returnType, returnView(), nullptr);
    for (const fe::VarDecl* p : entry_->params)
      if (p->direction != fe::ParamDirection::In) walk(true, {}, p->type, viewOf(p), nullptr);
    collecting_ = false;
    for (auto& dir : clipCull_)
      for (ClipCull& cc : dir) {
        for (auto& [index, type] : cc.types) {
          cc.offsets[index] = cc.size;
          cc.size += clipCullFloats(type, !g_.options_.enable16BitTypes);
        }
      }
    seenSemantics_[0].clear();
    seenSemantics_[1].clear();
  }

  // Values of the input parameter `p` (built from its leaves' variables).
  ir::Value input(const fe::VarDecl* p) { return walk(false, {}, p->type, viewOf(p), nullptr); }
  void outputParam(ir::Value v, const fe::VarDecl* p) { walk(true, v, p->type, viewOf(p), nullptr); }
  void outputReturn(ir::Value v) { walk(true, v, entry_->returnType, returnView(), nullptr); }

  // Assigns Locations: all from [[vk::location]], or SV_Target N at N and the rest the lowest
  // free run in creation order.
  void finish() {
    assign(inputs_, "input");
    assign(outputs_, "output");
  }
  bool writesDepth = false;
  int depthMode = 0;  // 1 greater-equal, 2 less-equal

 private:
  static DeclView viewOf(const fe::VarDecl* v) {
    return DeclView{v->semantic, v->interpolation, v->loc, &v->attributes, v->name};
  }
  DeclView returnView() const {
    return DeclView{entry_->semantic, entry_->interpolation, entry_->loc, &entry_->attributes, entry_->name};
  }

  // ---- diagnostics at an arbitrary source location (Gen::error uses the builder's location)
  void report(Severity severity, clang::SourceLocation loc, const std::string& message) {
    if (collecting_ && severity != Severity::Error) return;
    if (!reported_.insert(std::to_string(loc.getRawEncoding()) + message).second) return;
    g_.diags_.push_back(g_.source_.makeDiagnostic(severity, loc, message));
    if (severity == Severity::Error) ++g_.errors_;
  }
  void error(clang::SourceLocation loc, const std::string& message) { report(Severity::Error, loc, message); }
  void warning(clang::SourceLocation loc, const std::string& message) { report(Severity::Warning, loc, message); }

  ir::Value undefOf(const fe::Type* type) { return ir::Value::constant(g_.cx_->undef(g_.lower(type))); }

  // Visits the leaves of one declaration in DXC's order (base class first, then fields). Inputs
  // return the value built from the leaves' variables; outputs store `v` into them. While
  // collecting, nothing is created and the result is meaningless.
  ir::Value walk(bool output, ir::Value v, const fe::Type* type, const DeclView& d, Inherited* inherit) {
    if (inherit && !d.semantic.empty())
      warning(d.loc, "internal semantic '" + d.semantic + "' overridden by enclosing semantic '" + inherit->written + "'");
    const fe::Type* leafType = innermost(type);
    if (leafType->isStruct() && leafType->record) {
      if (type->isArray()) {
        error(d.loc, "arrays of structs are not supported as shader " + std::string(output ? "outputs" : "inputs") +
                         " by the SPIR-V back end ('" + d.name + "')");
        return collecting_ ? ir::Value{} : undefOf(type);
      }
      Inherited own;
      if (!inherit && !d.semantic.empty()) {
        sig::SplitSemantic split = sig::splitSemantic(d.semantic);
        own = Inherited{d.semantic, split.name, split.index};
        inherit = &own;
      }
      const fe::StructDecl* rec = leafType->record;
      std::vector<ir::Value> parts;
      if (rec->base) {
        const fe::Type* baseType = g_.unit_.context->types.structType(const_cast<fe::StructDecl*>(rec->base));
        DeclView bd{"", d.interpolation, d.loc, nullptr, d.name};
        ir::Value sub = output && !collecting_ ? g_.b_->extract(v, {0}) : ir::Value{};
        parts.push_back(walk(output, sub, baseType, bd, inherit));
      }
      for (const fe::VarDecl* f : rec->fields) {
        if (f->type->isResource()) continue;
        DeclView fd = viewOf(f);
        if (!fd.interpolation) fd.interpolation = d.interpolation;
        ir::Value sub = output && !collecting_ ? g_.b_->extract(v, {fieldIndex(rec, f)}) : ir::Value{};
        parts.push_back(walk(output, sub, f->type, fd, inherit));
      }
      if (output || collecting_) return {};
      if (parts.empty()) return undefOf(type);
      return g_.b_->construct(g_.lower(type), parts);
    }
    if (!leafType->isNumeric()) return collecting_ || output ? ir::Value{} : undefOf(type);

    LeafSemantic sem;
    if (inherit) {
      sem.name = inherit->name;
      sem.index = inherit->index;
      sem.text = inherit->index == 0 ? inherit->written : inherit->name + std::to_string(inherit->index);
    } else {
      sig::SplitSemantic split = sig::splitSemantic(d.semantic);
      sem = LeafSemantic{d.semantic, split.name, split.index};
    }
    // Sema reported a missing semantic.
    if (sem.text.empty()) return collecting_ || output ? ir::Value{} : undefOf(type);

    const std::string sv = lower(sem.name);
    if ((sv == "sv_clipdistance" || sv == "sv_culldistance") && interpolatedDirection(output)) {
      // Outsourced to one float array per kind, as DXC's GlPerVertex; they use no semantic index.
      const bool cull = sv == "sv_culldistance";
      if (collecting_) {
        if (!clipCullFloats(type, !g_.options_.enable16BitTypes)) {
          error(d.loc, "elements for SV_" + std::string(cull ? "Cull" : "Clip") + "Distance variable '" + d.name +
                           "' must be scalar, vector, or array with float type");
          return {};
        }
        noteSemantic(output, sem, d.loc);
        clipCull_[output][cull].types[sem.index] = type;
        return {};
      }
      if (!clipCullFloats(type, !g_.options_.enable16BitTypes)) return output ? ir::Value{} : undefOf(type);  // reported while collecting
      return clipCullAccess(output, cull, sem.index, v, type);
    }
    if (inherit) ++inherit->index;
    if (collecting_) {
      noteSemantic(output, sem, d.loc);
      return {};
    }
    Leaf leaf = makeLeaf(type, sem, d, output);
    if (output) {
      outputs_.push_back(leaf);
      g_.b_->store(ir::Value::global(leaf.var), toVariable(v, leaf));
      return {};
    }
    inputs_.push_back(leaf);
    ir::Value loaded = g_.b_->load(ir::Value::global(leaf.var));
    // -fvk-support-nonzero-base-vertex/-instance: D3D's IDs count from 0 in every draw.
    if (leaf.builtin && ((leaf.builtinId == spv::BuiltInVertexIndex && g_.options_.nonzeroBaseVertex) ||
                         (leaf.builtinId == spv::BuiltInInstanceIndex && g_.options_.nonzeroBaseInstance))) {
      const bool vertex = leaf.builtinId == spv::BuiltInVertexIndex;
      ir::GlobalVarId base = builtinVariable(vertex ? "gl_BaseVertex" : "gl_BaseInstance",
                                             vertex ? spv::BuiltInBaseVertex : spv::BuiltInBaseInstance, leaf.varType);
      loaded = g_.b_->isub(loaded, g_.b_->load(ir::Value::global(base)));
    }
    return fromVariable(loaded, leaf);
  }

  // PS inputs and VS outputs are the interpolated ones (and the ones clip/cull distances use).
  bool interpolatedDirection(bool output) const {
    return (stage_ == fe::ShaderStage::Pixel && !output) || (stage_ == fe::ShaderStage::Vertex && output);
  }

  // DXC: a semantic (name and index) may appear once per direction.
  void noteSemantic(bool output, const LeafSemantic& sem, clang::SourceLocation loc) {
    const std::string key = upper(sem.name) + "#" + std::to_string(sem.index);
    if (!seenSemantics_[output].insert(key).second)
      error(loc, std::string(output ? "output" : "input") + " semantic '" + sem.text + "' used more than once");
  }

  // ---- SV_ClipDistance / SV_CullDistance: one float[N] per kind and direction, each semantic
  // index at its offset (pieces sorted by index, packed tightly).
  struct ClipCull {
    std::map<uint32_t, const fe::Type*> types;
    std::map<uint32_t, uint32_t> offsets;
    uint32_t size = 0;
    std::optional<ir::GlobalVarId> var;
  };

  ir::Value clipCullAccess(bool output, bool cull, uint32_t index, ir::Value v, const fe::Type* type) {
    ClipCull& cc = clipCull_[output][cull];
    auto& types = g_.unit_.context->types;
    const fe::Type* f32 = types.scalar(fe::ScalarKind::Float);
    if (!cc.var) {
      const char* name = cull ? (output ? "gl_CullDistance" : "gl_CullDistanceIn")
                              : (output ? "gl_ClipDistance" : "gl_ClipDistanceIn");
      cc.var = g_.b_->global(name, g_.lower(types.array(f32, std::max<uint32_t>(cc.size, 1))),
                             output ? spv::StorageClassOutput : spv::StorageClassInput);
      g_.b_->decorate(*cc.var, spv::DecorationBuiltIn,
                      {cull ? uint32_t(spv::BuiltInCullDistance) : uint32_t(spv::BuiltInClipDistance)});
    }
    const uint32_t offset = cc.offsets.count(index) ? cc.offsets[index] : 0;
    const ir::Value base = ir::Value::global(*cc.var);
    // Flatten the declared value to its floats in order (arrays of vectors row by row).
    std::vector<std::vector<uint32_t>> paths;
    std::vector<const fe::Type*> shapes;  // scalar/vector shape at each array element
    std::function<void(const fe::Type*, std::vector<uint32_t>)> flatten = [&](const fe::Type* t, std::vector<uint32_t> path) {
      if (t->isArray()) {
        for (uint32_t i = 0; i < t->arraySize; ++i) {
          auto p = path;
          p.push_back(i);
          flatten(t->element, p);
        }
        return;
      }
      const uint32_t n = t->elementCount();
      for (uint32_t c = 0; c < n; ++c) {
        auto p = path;
        if (n > 1 || t->isVector()) p.push_back(c);
        paths.push_back(p);
      }
    };
    flatten(type, {});
    if (output) {
      for (uint32_t i = 0; i < paths.size(); ++i) {
        ir::Value x = paths[i].empty() ? v : g_.b_->extract(v, paths[i]);
        g_.b_->store(g_.b_->accessChain(base, {g_.b_->constU32(offset + i)}), x);
      }
      return {};
    }
    uint32_t next = offset;
    std::function<ir::Value(const fe::Type*)> build = [&](const fe::Type* t) -> ir::Value {
      if (t->isArray()) {
        std::vector<ir::Value> elems;
        for (uint32_t i = 0; i < t->arraySize; ++i) elems.push_back(build(t->element));
        return g_.b_->construct(g_.lower(t), elems);
      }
      std::vector<ir::Value> comps;
      for (uint32_t c = 0; c < t->elementCount(); ++c)
        comps.push_back(g_.b_->load(g_.b_->accessChain(base, {g_.b_->constU32(next++)})));
      return comps.size() == 1 && !t->isVector() ? comps[0] : g_.b_->construct(g_.lower(t), comps);
    };
    return build(type);
  }

  // ---- system values
  struct Builtin {
    uint32_t id;
    const char* name;
    const fe::Type* type;
  };

  // How the system value `sv` is lowered at this stage and direction: a BuiltIn variable, an
  // ordinary Location variable (SV_Position as a VS input, SV_InstanceID as a VS output, ...), or
  // not supported.
  SystemValueUse builtinFor(const std::string& sv, const fe::Type* declared, bool output, const Leaf& leaf,
                            std::optional<Builtin>& out) {
    auto& types = g_.unit_.context->types;
    const fe::Type* declaredLeaf = innermost(declared);
    const fe::ScalarKind intKind = g_.isSigned(declaredLeaf) ? fe::ScalarKind::Int : fe::ScalarKind::UInt;
    const bool vs = stage_ == fe::ShaderStage::Vertex, ps = stage_ == fe::ShaderStage::Pixel;
    const fe::Type* float3 = types.vector(fe::ScalarKind::Float, 3);
    const fe::Type* float4 = types.vector(fe::ScalarKind::Float, 4);
    auto builtin = [&](uint32_t id, const char* name, const fe::Type* type) {
      out = Builtin{id, name, type};
      return SystemValueUse::Builtin;
    };
    if (sv == "sv_position") {
      if (vs && output) return builtin(spv::BuiltInPosition, "gl_Position", float4);
      if (ps && !output) return builtin(spv::BuiltInFragCoord, "gl_FragCoord", float4);
      return vs && !output ? SystemValueUse::Plain : SystemValueUse::Unsupported;
    }
    if (vs && !output) {
      if (sv == "sv_vertexid") return builtin(spv::BuiltInVertexIndex, "gl_VertexIndex", types.scalar(intKind));
      if (sv == "sv_instanceid") return builtin(spv::BuiltInInstanceIndex, "gl_InstanceIndex", types.scalar(intKind));
      if (sv == "sv_viewid") return builtin(spv::BuiltInViewIndex, "gl_ViewIndex", types.scalar(intKind));
      // Only meaningful further down the pipeline: an ordinary input here (DXC).
      if (sv == "sv_rendertargetarrayindex" || sv == "sv_viewportarrayindex" || sv == "sv_clipdistance" ||
          sv == "sv_culldistance")
        return SystemValueUse::Plain;
      return SystemValueUse::Unsupported;
    }
    if (vs && output) {
      if (sv == "sv_instanceid" || sv == "sv_vertexid" || sv == "sv_primitiveid") return SystemValueUse::Plain;
      if (sv == "sv_rendertargetarrayindex" || sv == "sv_viewportarrayindex") {
        const bool layer = sv == "sv_rendertargetarrayindex";
        // DXC: ShaderLayer / ShaderViewportIndex from Vulkan 1.2 (SPIR-V 1.5), before that the
        // EXT extension's combined capability.
        if (g_.options_.spirvMinor >= 5) {
          requireCapability(layer ? spv::CapabilityShaderLayer : spv::CapabilityShaderViewportIndex);
        } else {
          requireExtension("SPV_EXT_shader_viewport_index_layer");
          requireCapability(spv::CapabilityShaderViewportIndexLayerEXT);
        }
        return layer ? builtin(spv::BuiltInLayer, "gl_Layer", types.scalar(intKind))
                     : builtin(spv::BuiltInViewportIndex, "gl_ViewportIndex", types.scalar(intKind));
      }
      if (sv == "sv_shadingrate") return shadingRate(false, declared, leaf, out);
      return SystemValueUse::Unsupported;
    }
    if (ps && !output) {
      if (sv == "sv_isfrontface") return builtin(spv::BuiltInFrontFacing, "gl_FrontFacing", types.scalar(fe::ScalarKind::Bool));
      if (sv == "sv_sampleindex") return builtin(spv::BuiltInSampleId, "gl_SampleID", types.scalar(intKind));
      if (sv == "sv_primitiveid") return builtin(spv::BuiltInPrimitiveId, "gl_PrimitiveID", types.scalar(intKind));
      if (sv == "sv_rendertargetarrayindex") return builtin(spv::BuiltInLayer, "gl_Layer", types.scalar(intKind));
      if (sv == "sv_viewportarrayindex") return builtin(spv::BuiltInViewportIndex, "gl_ViewportIndex", types.scalar(intKind));
      if (sv == "sv_viewid") return builtin(spv::BuiltInViewIndex, "gl_ViewIndex", types.scalar(intKind));
      if (sv == "sv_coverage")
        return builtin(spv::BuiltInSampleMask, "gl_SampleMaskIn", types.array(types.scalar(fe::ScalarKind::UInt), 1));
      if (sv == "sv_innercoverage") {
        // DXC: the bool FullyCoveredEXT builtin, read as the declared integer (1 when the pixel
        // is fully covered).
        if (!declared->isScalar() || !fe::isIntKind(declared->scalar)) {
          error(leaf.loc, "SV_InnerCoverage must be a 32-bit integer scalar");
          return SystemValueUse::Plain;
        }
        requireExtension("SPV_EXT_fragment_fully_covered");
        requireCapability(spv::CapabilityFragmentFullyCoveredEXT);
        return builtin(spv::BuiltInFullyCoveredEXT, "gl_FragFullyCoveredEXT", types.scalar(fe::ScalarKind::Bool));
      }
      if (sv == "sv_barycentrics") return barycentrics(leaf, float3, out);
      if (sv == "sv_shadingrate") return shadingRate(true, declared, leaf, out);
      return SystemValueUse::Unsupported;
    }
    if (ps && output) {
      if (sv == "sv_coverage")
        return builtin(spv::BuiltInSampleMask, "gl_SampleMask", types.array(types.scalar(fe::ScalarKind::UInt), 1));
      if (sv == "sv_depth" || sv == "sv_depthgreaterequal" || sv == "sv_depthlessequal") {
        writesDepth = true;
        depthMode = sv == "sv_depthgreaterequal" ? 1 : sv == "sv_depthlessequal" ? 2 : 0;
        return builtin(spv::BuiltInFragDepth, "gl_FragDepth", types.scalar(fe::ScalarKind::Float));
      }
      if (sv == "sv_stencilref") {
        if (!declared->isScalar() || !fe::isIntKind(declared->scalar)) {
          error(leaf.loc, "SV_StencilRef must be a 32-bit integer scalar");
          return SystemValueUse::Plain;
        }
        return builtin(spv::BuiltInFragStencilRefEXT, "gl_FragStencilRefARB", types.scalar(intKind));
      }
    }
    return SystemValueUse::Unsupported;
  }

  // SV_Barycentrics: BaryCoordKHR, or BaryCoordNoPerspKHR with `noperspective` (at most one of
  // each, semantic index 0 or 1; `nointerpolation` is an error), as DXC.
  SystemValueUse barycentrics(const Leaf& leaf, const fe::Type* float3, std::optional<Builtin>& out) {
    using M = sig::InterpolationModifier;
    sig::InterpolationModifiers m{leaf.interpolation};
    if (m.has(M::NoInterpolation)) error(leaf.loc, "SV_Barycentrics inputs cannot have attribute 'nointerpolation'");
    if (leaf.semanticIndex > 1) error(leaf.loc, "the index of SV_Barycentrics semantics can only be 0 or 1");
    if (!g_.isFloat(innermost(leaf.type)) || leaf.type->isArray() || leaf.type->elementCount() > 3)
      error(leaf.loc, "SV_Barycentrics must be a float scalar or vector of up to 3 components");
    const bool noPersp = m.has(M::NoPerspective);
    requireExtension("SPV_KHR_fragment_shader_barycentric");
    requireCapability(spv::CapabilityFragmentBarycentricKHR);
    out = Builtin{noPersp ? uint32_t(spv::BuiltInBaryCoordNoPerspKHR) : uint32_t(spv::BuiltInBaryCoordKHR),
                  noPersp ? "gl_BaryCoordNoPerspEXT" : "gl_BaryCoordEXT", float3};
    return SystemValueUse::Builtin;
  }

  // SV_ShadingRate: ShadingRateKHR read by a pixel shader, PrimitiveShadingRateKHR written by a
  // vertex shader (SPV_KHR_fragment_shading_rate), a 32-bit integer scalar.
  SystemValueUse shadingRate(bool input, const fe::Type* declared, const Leaf& leaf, std::optional<Builtin>& out) {
    if (!declared->isScalar() || !fe::isIntKind(declared->scalar) || g_.scalarWidth(declared->scalar) != 32) {
      error(leaf.loc, "SV_ShadingRate must be a 32-bit integer scalar");
      return SystemValueUse::Plain;
    }
    requireExtension("SPV_KHR_fragment_shading_rate");
    requireCapability(spv::CapabilityFragmentShadingRateKHR);
    out = Builtin{input ? uint32_t(spv::BuiltInShadingRateKHR) : uint32_t(spv::BuiltInPrimitiveShadingRateKHR),
                  input ? "gl_ShadingRateEXT" : "gl_PrimitiveShadingRateEXT", declared};
    return SystemValueUse::Builtin;
  }

  // A builtin Input variable made by the wrapper itself (shared with a declaration of it).
  ir::GlobalVarId builtinVariable(const std::string& name, uint32_t id, const fe::Type* type) {
    auto it = builtinVars_.find(name);
    if (it != builtinVars_.end()) return it->second;
    ir::GlobalVarId v = g_.b_->global(name, g_.lower(type), spv::StorageClassInput);
    g_.b_->decorate(v, spv::DecorationBuiltIn, {id});
    builtinVars_[name] = v;
    builtinSemantic_[name] = "";
    return v;
  }

  void requireCapability(uint32_t cap) {
    auto& caps = g_.module_->capabilities;
    if (std::find(caps.begin(), caps.end(), cap) == caps.end()) caps.push_back(cap);
  }
  void requireExtension(const std::string& ext) {
    auto& exts = g_.module_->extensions;
    if (std::find(exts.begin(), exts.end(), ext) == exts.end()) exts.push_back(ext);
  }

  Leaf makeLeaf(const fe::Type* type, const LeafSemantic& sem, const DeclView& d, bool output) {
    auto& types = g_.unit_.context->types;
    Leaf leaf;
    leaf.type = type;
    leaf.semantic = sem.text;
    leaf.semanticIndex = sem.index;
    leaf.interpolation = d.interpolation;
    leaf.loc = d.loc;
    if (d.attributes)
      for (const fe::Attribute& a : *d.attributes) {
        if (a.name != "vk::location" && a.name != "vk::index") continue;
        const bool isIndex = a.name == "vk::index";
        if (a.intArgs.size() != 1 || a.intArgs[0] < 0) {
          error(a.loc, a.name + " takes one non-negative integer constant");
          continue;
        }
        (isIndex ? leaf.vkIndex : leaf.vkLocation) = uint32_t(a.intArgs[0]);
        (isIndex ? leaf.vkIndexLoc : leaf.vkLocationLoc) = a.loc;
      }
    checkDualSource(leaf);
    const std::string sv = lower(sem.name);
    std::optional<Builtin> builtin;
    const fe::Attribute* vkBuiltin = nullptr;
    if (d.attributes)
      for (const fe::Attribute& a : *d.attributes)
        if (a.name == "vk::builtin") vkBuiltin = &a;
    if (vkBuiltin) {
      builtin = explicitBuiltin(*vkBuiltin, type, output, leaf);
      if (!builtin) builtin = Builtin{0, "", type};  // reported; keep going with a placeholder
    } else if (sv.rfind("sv_", 0) == 0) {
      SystemValueUse use = SystemValueUse::Plain;
      if (sv == "sv_target") {
        if (!(output && stage_ == fe::ShaderStage::Pixel)) use = SystemValueUse::Unsupported;
        leaf.isTarget = true;
      } else {
        use = builtinFor(sv, type, output, leaf, builtin);
      }
      if (use == SystemValueUse::Unsupported)
        error(d.loc, "system value '" + sem.text + "' is not supported as a " + std::string(shaderStageName(stage_)) +
                         " shader " + (output ? "output" : "input") + " by the SPIR-V back end yet");
    }
    const std::string prefix = output ? "out.var." : "in.var.";
    const uint32_t storage = output ? spv::StorageClassOutput : spv::StorageClassInput;
    if (builtin) {
      leaf.builtin = true;
      leaf.builtinId = builtin->id;
      leaf.varType = builtin->type;
      const std::string key = std::string(builtin->name);
      auto it = builtinVars_.find(key);
      if (it != builtinVars_.end()) {
        // Different semantics of one builtin (SV_Depth and SV_DepthLessEqual); repeats of the same
        // semantic were reported by the collection pass.
        if (builtinSemantic_[key] != upper(sem.name) + std::to_string(sem.index))
          error(d.loc, "system value '" + sem.text + "' maps to the same SPIR-V BuiltIn as an earlier one (" +
                           builtin->name + ")");
        leaf.var = it->second;
      } else {
        leaf.var = g_.b_->global(key, g_.lower(builtin->type), storage);
        if (!key.empty()) g_.b_->decorate(leaf.var, spv::DecorationBuiltIn, {builtin->id});
        // Vulkan 1.3 (SPIR-V 1.6): HelperInvocation changes within an invocation (demote).
        if (builtin->id == spv::BuiltInHelperInvocation && !key.empty() && g_.options_.spirvMinor >= 6)
          g_.b_->decorate(leaf.var, spv::DecorationVolatile);
        builtinVars_[key] = leaf.var;
        builtinSemantic_[key] = upper(sem.name) + std::to_string(sem.index);
      }
    } else {
      // bool crosses stages as uint (hlsl-spirv.md §4.4).
      const fe::Type* inner = innermost(type);
      leaf.varType = type;
      if (inner->isNumeric() && inner->scalar == fe::ScalarKind::Bool && !type->isArray())
        leaf.varType = inner->isScalar() ? types.scalar(fe::ScalarKind::UInt) : types.vector(fe::ScalarKind::UInt, inner->cols);
      else if (inner->scalar == fe::ScalarKind::Bool)
        error(d.loc, "arrays of bool are not supported as shader inputs or outputs yet");
      leaf.var = g_.b_->global(prefix + sem.text, g_.lower(leaf.varType), storage);
    }
    decorateInterpolation(leaf, output);
    return leaf;
  }

  // [[vk::builtin("X")]]: the declaration is that SPIR-V builtin, with DXC's checks.
  std::optional<Builtin> explicitBuiltin(const fe::Attribute& a, const fe::Type* type, bool output, const Leaf& leaf) {
    const std::string name = a.stringArgs.empty() ? "" : a.stringArgs[0];
    if (leaf.vkLocation) error(a.loc, "cannot use vk::builtin and vk::location together");
    const bool vs = stage_ == fe::ShaderStage::Vertex, ps = stage_ == fe::ShaderStage::Pixel;
    const bool int32 = type->isScalar() && (type->scalar == fe::ScalarKind::Int || type->scalar == fe::ScalarKind::UInt);
    auto intBuiltin = [&](uint32_t id, const char* var) -> std::optional<Builtin> {
      if (!int32) error(a.loc, name + " builtin must be of 32-bit scalar integer type");
      return Builtin{id, var, type};
    };
    if (name == "PointSize") {
      if (!type->isScalar() || !g_.isFloat(type)) error(a.loc, "PointSize builtin must be of float type");
      if (!(vs && output) && !(ps && !output)) error(a.loc, "PointSize builtin cannot be used here");
      return Builtin{spv::BuiltInPointSize, "gl_PointSize", g_.unit_.context->types.scalar(fe::ScalarKind::Float)};
    }
    if (name == "HelperInvocation") {
      if (!type->isScalar() || type->scalar != fe::ScalarKind::Bool) error(a.loc, "HelperInvocation builtin must be of boolean type");
      if (!(ps && !output)) error(a.loc, "HelperInvocation builtin can only be used as pixel shader input");
      return Builtin{spv::BuiltInHelperInvocation, "gl_HelperInvocation", type};
    }
    if (name == "BaseVertex" || name == "BaseInstance" || name == "DrawIndex") {
      if (!(vs && !output)) error(a.loc, name + " builtin cannot be used as " + (output ? "an output" : "a pixel shader input"));
      if (name == "BaseVertex") return intBuiltin(spv::BuiltInBaseVertex, "gl_BaseVertex");
      if (name == "BaseInstance") return intBuiltin(spv::BuiltInBaseInstance, "gl_BaseInstance");
      return intBuiltin(spv::BuiltInDrawIndex, "gl_DrawID");
    }
    if (name == "DeviceIndex") {
      if (output) error(a.loc, "DeviceIndex builtin can only be used as shader input");
      return intBuiltin(spv::BuiltInDeviceIndex, "gl_DeviceIndex");
    }
    error(a.loc, "unknown or unsupported vk::builtin '" + name + "'");
    return std::nullopt;
  }

  // [[vk::index]] selects the dual-source blending input of Location 0 (DXC's rules).
  void checkDualSource(const Leaf& leaf) {
    if (!leaf.vkIndex) return;
    if (stage_ != fe::ShaderStage::Pixel) error(leaf.vkIndexLoc, "vk::index only allowed in pixel shader");
    if (!leaf.vkLocation)
      error(leaf.vkIndexLoc, "vk::index should be used together with vk::location for dual-source blending");
    else if (*leaf.vkLocation != 0)
      error(leaf.vkLocationLoc, "dual-source blending should use vk::location 0");
    if (*leaf.vkIndex > 1) error(leaf.vkIndexLoc, "dual-source blending only accepts 0 or 1 as vk::index");
  }

  // PS inputs and VS outputs carry the interpolation (§4.4): integers and bools are always Flat.
  void decorateInterpolation(const Leaf& leaf, bool output) {
    if (!interpolatedDirection(output)) return;
    const fe::Type* inner = innermost(leaf.varType);
    // Vulkan also requires Flat on 64-bit float pixel shader inputs (seed 0047 only allows
    // nointerpolation on them).
    const bool integral = !g_.isFloat(inner) || (stage_ == fe::ShaderStage::Pixel && !output &&
                                                 g_.scalarWidth(inner->scalar) == 64);
    sig::InterpolationModifiers m{leaf.interpolation};
    using M = sig::InterpolationModifier;
    if (integral) {
      if (!m.empty() && !m.has(M::NoInterpolation))
        error(leaf.loc, "interpolation modifiers other than nointerpolation cannot be applied to integer or bool "
                        "shader inputs and outputs");
      g_.b_->decorate(leaf.var, spv::DecorationFlat);
      return;
    }
    // The barycentric builtin chosen already encodes (no)perspective.
    const bool bary = leaf.builtin && (leaf.builtinId == spv::BuiltInBaryCoordKHR || leaf.builtinId == spv::BuiltInBaryCoordNoPerspKHR);
    if (m.has(M::NoInterpolation) && !bary) g_.b_->decorate(leaf.var, spv::DecorationFlat);
    if (m.has(M::NoPerspective) && !bary) g_.b_->decorate(leaf.var, spv::DecorationNoPerspective);
    if (m.has(M::Sample)) g_.b_->decorate(leaf.var, spv::DecorationSample);
    else if (m.has(M::Centroid)) g_.b_->decorate(leaf.var, spv::DecorationCentroid);
  }

  ir::Value fromVariable(ir::Value v, const Leaf& leaf) {
    auto& types = g_.unit_.context->types;
    // -fvk-use-dx-position-w: FragCoord.w is 1/w in Vulkan, w in D3D.
    if (g_.options_.dxPositionW && leaf.builtin && leaf.builtinId == spv::BuiltInFragCoord) {
      ir::Value w = g_.b_->extract(v, {3});
      ir::Value rcp = g_.b_->fdiv(g_.b_->constF32(1.0f), w);
      v = g_.b_->construct(g_.lower(leaf.varType),
                           {g_.b_->extract(v, {0}), g_.b_->extract(v, {1}), g_.b_->extract(v, {2}), rcp});
    }
    if (leaf.varType == leaf.type) return v;
    const fe::Type* from = leaf.varType;
    if (from->isArray() && leaf.varType->element->isScalar()) {
      // SampleMask arrays: gather the declared components.
      const unsigned n = leaf.type->elementCount();
      std::vector<ir::Value> parts;
      for (unsigned i = 0; i < n; ++i) parts.push_back(g_.b_->extract(v, {i}));
      ir::Value scalarOrVector = n == 1 ? parts[0] : g_.b_->construct(g_.lower(types.vector(from->element->scalar, n)), parts);
      const fe::Type* shape = n == 1 ? from->element : types.vector(from->element->scalar, n);
      return g_.convertValue(scalarOrVector, shape, leaf.type);
    }
    if (from->isScalar() && !leaf.type->isScalar()) {
      // A scalar builtin read into a 1-vector or larger declared shape.
      return g_.convertValue(v, from, leaf.type);
    }
    if (from->isVector() && leaf.type->isNumeric() && leaf.type->elementCount() < from->elementCount()) {
      const unsigned n = leaf.type->elementCount();
      std::vector<ir::Value> parts;
      for (unsigned i = 0; i < n; ++i) parts.push_back(g_.b_->extract(v, {i}));
      const fe::Type* shape = n == 1 ? types.scalar(from->scalar) : types.vector(from->scalar, n);
      ir::Value x = n == 1 ? parts[0] : g_.b_->construct(g_.lower(shape), parts);
      return g_.convertValue(x, shape, leaf.type);
    }
    return g_.convertValue(v, from, leaf.type);
  }

  ir::Value toVariable(ir::Value v, const Leaf& leaf) {
    ir::Value x = toVariableType(v, leaf);
    // -fvk-invert-y: negate Position.y where the vertex shader writes it.
    if (g_.options_.invertY && leaf.builtin && leaf.builtinId == spv::BuiltInPosition) {
      std::vector<ir::Value> parts;
      for (uint32_t i = 0; i < 4; ++i) parts.push_back(g_.b_->extract(x, {i}));
      parts[1] = g_.b_->fneg(parts[1]);
      x = g_.b_->construct(g_.lower(leaf.varType), parts);
    }
    return x;
  }

  ir::Value toVariableType(ir::Value v, const Leaf& leaf) {
    if (leaf.varType == leaf.type) return v;
    const fe::Type* to = leaf.varType;
    auto& types = g_.unit_.context->types;
    if (to->isArray() && to->element->isScalar()) {
      const unsigned n = to->arraySize;
      const fe::Type* shape = n == 1 ? to->element : types.vector(to->element->scalar, n);
      ir::Value x = g_.convertValue(v, leaf.type, shape);
      std::vector<ir::Value> parts;
      for (unsigned i = 0; i < n; ++i) parts.push_back(n == 1 ? x : g_.b_->extract(x, {i}));
      return g_.b_->construct(g_.lower(to), parts);
    }
    if (to->isVector() && leaf.type->isNumeric() && leaf.type->elementCount() < to->elementCount()) {
      // SV_Position written from fewer components: the rest are zero.
      const fe::Type* shape = types.vector(to->scalar, leaf.type->elementCount());
      if (leaf.type->elementCount() == 1) shape = types.scalar(to->scalar);
      ir::Value x = g_.convertValue(v, leaf.type, shape);
      std::vector<ir::Value> parts;
      for (unsigned i = 0; i < to->elementCount(); ++i)
        parts.push_back(i < leaf.type->elementCount() ? (leaf.type->elementCount() == 1 ? x : g_.b_->extract(x, {i}))
                                                      : ir::Value::constant(g_.cx_->f32(0.0f)));
      return g_.b_->construct(g_.lower(to), parts);
    }
    return g_.convertValue(v, leaf.type, to);
  }

  void assign(std::vector<Leaf>& leaves, const char* dir) {
    std::vector<const Leaf*> vars;
    for (const Leaf& l : leaves)
      if (!l.builtin) vars.push_back(&l);
    if (vars.empty()) return;
    const bool allExplicit = std::all_of(vars.begin(), vars.end(), [](const Leaf* l) { return l->vkLocation.has_value(); });
    const bool anyExplicit = std::any_of(vars.begin(), vars.end(), [](const Leaf* l) { return l->vkLocation.has_value(); });
    std::map<uint32_t, std::string> used;  // location -> semantic that took it
    if (allExplicit) {
      std::map<std::pair<uint32_t, uint32_t>, std::string> taken;  // (location, vk::index)
      for (const Leaf* l : vars) {
        const uint32_t start = *l->vkLocation, index = l->vkIndex.value_or(0);
        for (uint32_t i = 0; i < locationCount(l->type); ++i) {
          auto [it, fresh] = taken.emplace(std::make_pair(start + i, index), l->semantic);
          if (!fresh)
            error(l->vkLocationLoc, "stage " + std::string(dir) + " location #" + std::to_string(start + i) +
                                        " already consumed by semantic '" + it->second + "'");
        }
        g_.b_->decorate(l->var, spv::DecorationLocation, {start});
        if (l->vkIndex) g_.b_->decorate(l->var, spv::DecorationIndex, {index});
      }
      return;
    }
    if (anyExplicit) {
      for (const Leaf* l : vars)
        if (!l->vkLocation) {
          error(l->loc, "partial explicit stage " + std::string(dir) +
                            " location assignment via vk::location(X) unsupported");
          break;
        }
      return;
    }
    for (const Leaf* l : vars)
      if (l->isTarget) {
        for (uint32_t i = 0; i < locationCount(l->type); ++i)
          if (!used.emplace(l->semanticIndex + i, l->semantic).second)
            error(l->loc, "SV_Target" + std::to_string(l->semanticIndex + i) + " is written twice");
        g_.b_->decorate(l->var, spv::DecorationLocation, {l->semanticIndex});
      }
    std::vector<const Leaf*> automatic;
    for (const Leaf* l : vars)
      if (!l->isTarget) automatic.push_back(l);
    // -fvk-stage-io-order=alpha: numbered in the order of their semantic strings (DXC's
    // getSemanticStr, stable).
    if (g_.options_.stageIoAlpha)
      std::stable_sort(automatic.begin(), automatic.end(),
                       [](const Leaf* a, const Leaf* b) { return a->semantic < b->semantic; });
    for (const Leaf* l : automatic) {
      const uint32_t count = locationCount(l->type);
      uint32_t start = 0;
      while (true) {
        bool free = true;
        for (uint32_t i = 0; i < count && free; ++i) free = !used.count(start + i);
        if (free) break;
        ++start;
      }
      for (uint32_t i = 0; i < count; ++i) used.emplace(start + i, l->semantic);
      g_.b_->decorate(l->var, spv::DecorationLocation, {start});
    }
  }

  Gen& g_;
  const fe::FunctionDecl* entry_;
  fe::ShaderStage stage_;
  bool collecting_ = false;
  std::vector<Leaf> inputs_, outputs_;
  std::map<std::string, ir::GlobalVarId> builtinVars_;
  std::map<std::string, std::string> builtinSemantic_;
  ClipCull clipCull_[2][2];  // [output][cull]
  std::set<std::string> seenSemantics_[2];
  std::set<std::string> reported_;
};

// ddx/ddy (+_coarse/_fine), fwidth (implicit derivatives: pixel shaders, and compute-like ones from
// SM 6.6) and clip (pixel shaders: discard).
// One derivative instruction over a scalar, vector or (row by row) matrix of 32-bit floats.
ir::Value Gen::derivativeOp(uint32_t op, ir::Value x, const fe::Type* t) {
  if (t->isMatrix() && t->rows > 1 && t->cols > 1) {
    const fe::Type* row = unit_.context->types.vector(t->scalar, t->cols);
    std::vector<ir::Value> rows;
    for (uint32_t r = 0; r < t->rows; ++r) rows.push_back(b_->spv(op, lower(row), {ir::Operand::v(b_->extract(x, {r}))}));
    return b_->construct(lower(t), rows);
  }
  return b_->spv(op, lower(t), {ir::Operand::v(x)});
}

std::optional<ir::Value> Gen::stageIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<ir::Value>& args) {
  static const std::map<std::string, uint32_t> kDerivatives{
      {"ddx", spv::OpDPdx},         {"ddy", spv::OpDPdy},         {"ddx_coarse", spv::OpDPdxCoarse},
      {"ddy_coarse", spv::OpDPdyCoarse}, {"ddx_fine", spv::OpDPdxFine}, {"ddy_fine", spv::OpDPdyFine},
      {"fwidth", spv::OpFwidth}};
  const std::string& n = call->name;
  auto derivative = kDerivatives.find(n);
  if (derivative == kDerivatives.end() && n != "clip") return std::nullopt;
  const bool pixel = unit_.entry && unit_.entry->stage == fe::ShaderStage::Pixel;
  const fe::Type* t = call->args.empty() ? nullptr : call->args[0]->type;
  auto undef = [&]() { return ir::Value::constant(cx_->undef(lower(call->type))); };
  if (!t || args.empty()) {
    error(call->loc, "'" + n + "' needs an argument");
    return undef();
  }
  if (derivative != kDerivatives.end()) {
    // Derivatives also work in compute/mesh/amplification shaders from SM 6.6.
    if (!allowImplicitDerivatives(call, n)) return undef();
    const uint32_t op = derivative->second;
    // Derivative instructions take 32-bit floats only (Vulkan): 16-bit values are widened for
    // them and narrowed back, as DXC does.
    if (scalarWidth(t->scalar) == 16) {
      const fe::Type* wide = unit_.context->types.withElement(t, fe::ScalarKind::Float);
      ir::Value d = derivativeOp(op, convertValue(args[0], t, wide), wide);
      return convertValue(d, wide, t);
    }
    return derivativeOp(op, args[0], t);
  }
  if (!pixel) {
    error(call->loc, "'" + n + "' is only available in pixel shaders in the SPIR-V back end");
    return undef();
  }
  // clip(x): discard when any component is negative.
  ir::Value negative = componentwise(spv::OpFOrdLessThan, args[0], constOfType(lower(t), 0.0), t, true);
  if (t->isMatrix() && t->rows > 1 && t->cols > 1) {
    // A matrix compares row by row (an array of bool rows): any lane of any row.
    ir::Value anyRow;
    for (uint32_t r = 0; r < t->rows; ++r) {
      ir::Value row = b_->spv(spv::OpAny, cx_->boolType(), {ir::Operand::v(b_->extract(negative, {r}))});
      anyRow = anyRow.valid() ? b_->logicalOr(anyRow, row) : row;
    }
    negative = anyRow;
  } else if (t->elementCount() > 1) {
    negative = b_->spv(spv::OpAny, cx_->boolType(), {ir::Operand::v(negative)});
  }
  b_->beginIf(negative);
  if (options_.demoteForDiscard) b_->spvVoid(spv::OpDemoteToHelperInvocation, {});
  else b_->kill();
  b_->endIf();
  return undef();
}

void Gen::genStageEntry(const fe::FunctionDecl* entry) {
  setLoc(entry);
  const bool pixel = entry->stage == fe::ShaderStage::Pixel;
  ir::FuncId wrapper = b_->createFunction(entry->name, cx_->voidType(), {});
  ir::EntryPoint& epRef = b_->entryPoint(wrapper, pixel ? spv::ExecutionModelFragment : spv::ExecutionModelVertex, entry->name);
  if (pixel) epRef.modes.push_back({spv::ExecutionModeOriginUpperLeft, {}});
  const size_t epIndex = module_->entryPoints.size() - 1;

  locals_.clear();
  for (const fe::VarDecl* var : staticInits_) {
    setLoc(var);
    store(LValue{LValue::Kind::Pointer, globals_[var].ptr, {}, false, false, var->type}, rvalue(var->init));
  }

  StageIO io(*this, entry);
  io.collect();
  std::vector<ir::Value> args;
  std::vector<std::pair<const fe::VarDecl*, ir::Value>> outParams;
  for (const fe::VarDecl* p : entry->params) {
    setLoc(p);
    if (p->direction == fe::ParamDirection::In) {
      args.push_back(io.input(p));
      continue;
    }
    ir::Value slot = b_->local(lower(p->type), p->name);
    if (p->direction == fe::ParamDirection::InOut) b_->store(slot, io.input(p));
    args.push_back(slot);
    outParams.push_back({p, slot});
  }
  ir::FuncId src = functionFor(entry);
  setLoc(entry);
  ir::Value result = b_->call(src, args);
  if (entry->returnType && !entry->returnType->isVoid()) io.outputReturn(result);
  for (auto& [p, slot] : outParams) {
    setLoc(p);
    io.outputParam(b_->load(slot), p);
  }
  b_->ret();
  io.finish();
  ir::EntryPoint& ep = module_->entryPoints[epIndex];
  if (io.writesDepth) {
    ep.modes.push_back({spv::ExecutionModeDepthReplacing, {}});
    if (io.depthMode == 1) ep.modes.push_back({spv::ExecutionModeDepthGreater, {}});
    if (io.depthMode == 2) ep.modes.push_back({spv::ExecutionModeDepthLess, {}});
  }
}

}  // namespace sl::irgen
