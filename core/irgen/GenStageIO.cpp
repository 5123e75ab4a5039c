// Vertex and pixel entry points: the `void()` wrapper DXC emits (hlsl-spirv.md §4.1), with one
// Input/Output variable per leaf of the parameters and return value, system values as BuiltIn
// variables (§4.3), Locations in DXC's order (§4.4) and interpolation decorations.
#include "core/frontend/StageInfo.h"
#include "core/irgen/Gen.h"
#include "core/signature/Interpolation.h"
#include "core/signature/SemanticTable.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
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

// One leaf of an entry point's inputs or outputs.
struct Leaf {
  const fe::Type* type = nullptr;  // numeric, or an array of numerics
  std::string semantic;            // as written (index included)
  uint8_t interpolation = 0;       // effective modifier bits (inner overrides outer)
  clang::SourceLocation loc;
  ir::GlobalVarId var;
  const fe::Type* varType = nullptr;  // the variable's HLSL-level type (bool I/O is uint)
  bool builtin = false;
  bool isTarget = false;
  uint32_t targetIndex = 0;
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

}  // namespace

// The stage I/O of one vertex or pixel entry point.
class StageIO {
 public:
  StageIO(Gen& g, const fe::FunctionDecl* entry) : g_(g), entry_(entry), stage_(entry->stage) {}

  // Values of the input parameter `p` (built from its leaves' variables).
  ir::Value input(const fe::VarDecl* p) {
    return readValue(p->type, p->semantic, p->interpolation, p->loc, "in");
  }
  // Writes `v` of `type` to new Output variables of its leaves.
  void output(ir::Value v, const fe::Type* type, const std::string& semantic, uint8_t interpolation,
              clang::SourceLocation loc) {
    writeValue(v, type, semantic, interpolation, loc);
  }
  // Assigns Locations (SV_Target N first, then the lowest free run in creation order).
  void finish() {
    assign(inputs_);
    assign(outputs_);
  }
  bool writesDepth = false;
  int depthMode = 0;  // 1 greater-equal, 2 less-equal

 private:
  ir::Value readValue(const fe::Type* type, const std::string& semantic, uint8_t interp, clang::SourceLocation loc,
                      const char* dir) {
    const fe::Type* leafType = innermost(type);
    if (leafType->isStruct()) {
      if (!semantic.empty()) {
        g_.error(loc, "a semantic on a struct-typed shader input is not supported by the SPIR-V back end yet");
        return ir::Value::constant(g_.cx_->undef(g_.lower(type)));
      }
      if (type->isArray() || leafType->record->base) {
        g_.error(loc, "arrays of structs and derived structs are not supported as shader inputs yet");
        return ir::Value::constant(g_.cx_->undef(g_.lower(type)));
      }
      std::vector<ir::Value> parts;
      for (const fe::VarDecl* f : leafType->record->fields)
        parts.push_back(readValue(f->type, f->semantic, f->interpolation ? f->interpolation : interp, f->loc, dir));
      return g_.b_->construct(g_.lower(type), parts);
    }
    Leaf leaf = makeLeaf(type, semantic, interp, loc, /*output=*/false);
    inputs_.push_back(leaf);
    ir::Value v = g_.b_->load(ir::Value::global(leaf.var));
    return fromVariable(v, leaf);
  }

  void writeValue(ir::Value v, const fe::Type* type, const std::string& semantic, uint8_t interp,
                  clang::SourceLocation loc) {
    const fe::Type* leafType = innermost(type);
    if (leafType->isStruct()) {
      if (!semantic.empty()) {
        g_.error(loc, "a semantic on a struct-typed shader output is not supported by the SPIR-V back end yet");
        return;
      }
      if (type->isArray() || leafType->record->base) {
        g_.error(loc, "arrays of structs and derived structs are not supported as shader outputs yet");
        return;
      }
      for (const fe::VarDecl* f : leafType->record->fields)
        writeValue(g_.b_->extract(v, {fieldIndex(leafType->record, f)}), f->type, f->semantic,
                   f->interpolation ? f->interpolation : interp, f->loc);
      return;
    }
    Leaf leaf = makeLeaf(type, semantic, interp, loc, /*output=*/true);
    outputs_.push_back(leaf);
    g_.b_->store(ir::Value::global(leaf.var), toVariable(v, leaf));
  }

  // The SPIR-V BuiltIn of a system value at this stage and direction, or nullopt when the value
  // is an ordinary Location variable there.
  struct Builtin {
    uint32_t id;
    const char* name;
    const fe::Type* type;
  };
  std::optional<Builtin> builtinFor(const std::string& sv, const fe::Type* declared, bool output,
                                    clang::SourceLocation loc) {
    auto& types = g_.unit_.context->types;
    const fe::Type* declaredLeaf = innermost(declared);
    const fe::ScalarKind intKind = g_.isSigned(declaredLeaf) ? fe::ScalarKind::Int : fe::ScalarKind::UInt;
    const bool vs = stage_ == fe::ShaderStage::Vertex, ps = stage_ == fe::ShaderStage::Pixel;
    const fe::Type* float4 = types.vector(fe::ScalarKind::Float, 4);
    if (sv == "sv_position") {
      if (vs && output) return Builtin{spv::BuiltInPosition, "gl_Position", float4};
      if (ps && !output) return Builtin{spv::BuiltInFragCoord, "gl_FragCoord", float4};
      return std::nullopt;
    }
    if (vs && !output && sv == "sv_vertexid") return Builtin{spv::BuiltInVertexIndex, "gl_VertexIndex", types.scalar(intKind)};
    if (vs && !output && sv == "sv_instanceid")
      return Builtin{spv::BuiltInInstanceIndex, "gl_InstanceIndex", types.scalar(intKind)};
    if (ps && !output && sv == "sv_isfrontface") return Builtin{spv::BuiltInFrontFacing, "gl_FrontFacing", types.scalar(fe::ScalarKind::Bool)};
    if (ps && !output && sv == "sv_sampleindex") return Builtin{spv::BuiltInSampleId, "gl_SampleID", types.scalar(intKind)};
    if (ps && !output && sv == "sv_primitiveid") return Builtin{spv::BuiltInPrimitiveId, "gl_PrimitiveID", types.scalar(intKind)};
    if (ps && !output && sv == "sv_rendertargetarrayindex")
      return Builtin{spv::BuiltInLayer, "gl_Layer", types.scalar(intKind)};
    if (ps && !output && sv == "sv_viewportarrayindex")
      return Builtin{spv::BuiltInViewportIndex, "gl_ViewportIndex", types.scalar(intKind)};
    if (ps && sv == "sv_coverage")
      return Builtin{spv::BuiltInSampleMask, output ? "gl_SampleMask" : "gl_SampleMaskIn",
                     types.array(types.scalar(fe::ScalarKind::UInt), 1)};
    if (ps && output && (sv == "sv_depth" || sv == "sv_depthgreaterequal" || sv == "sv_depthlessequal")) {
      writesDepth = true;
      depthMode = sv == "sv_depthgreaterequal" ? 1 : sv == "sv_depthlessequal" ? 2 : 0;
      return Builtin{spv::BuiltInFragDepth, "gl_FragDepth", types.scalar(fe::ScalarKind::Float)};
    }
    if ((sv == "sv_clipdistance" || sv == "sv_culldistance") && ((vs && output) || (ps && !output))) {
      const bool clip = sv == "sv_clipdistance";
      if (declared->isArray() || !g_.isFloat(declared)) {
        g_.error(loc, "SV_" + std::string(clip ? "Clip" : "Cull") + "Distance must be a float scalar or vector");
        return std::nullopt;
      }
      if ((clip ? clipDeclared_ : cullDeclared_)++) {
        g_.error(loc, "more than one SV_" + std::string(clip ? "Clip" : "Cull") +
                          "Distance declaration per entry point is not supported by the SPIR-V back end yet");
        return std::nullopt;
      }
      return Builtin{clip ? uint32_t(spv::BuiltInClipDistance) : uint32_t(spv::BuiltInCullDistance),
                     clip ? (output ? "gl_ClipDistance" : "gl_ClipDistanceIn") : (output ? "gl_CullDistance" : "gl_CullDistanceIn"),
                     types.array(types.scalar(fe::ScalarKind::Float), declared->elementCount())};
    }
    unsupported_ = true;
    return std::nullopt;
  }

  Leaf makeLeaf(const fe::Type* type, const std::string& semantic, uint8_t interp, clang::SourceLocation loc,
                bool output) {
    auto& types = g_.unit_.context->types;
    Leaf leaf;
    leaf.type = type;
    leaf.semantic = semantic;
    leaf.interpolation = interp;
    leaf.loc = loc;
    sig::SplitSemantic split = sig::splitSemantic(semantic);
    const std::string sv = lower(split.name);
    std::optional<Builtin> builtin;
    unsupported_ = false;
    if (sv.rfind("sv_", 0) == 0) {
      if (sv == "sv_target") {
        if (!(output && stage_ == fe::ShaderStage::Pixel)) unsupported_ = true;
        leaf.isTarget = true;
        leaf.targetIndex = split.index;
      } else {
        builtin = builtinFor(sv, type, output, loc);
      }
      // SV_Position as a VS input and SV_InstanceID as a VS output are ordinary variables.
      const bool plainHere = (sv == "sv_position" && stage_ == fe::ShaderStage::Vertex && !output) ||
                             (stage_ == fe::ShaderStage::Vertex && output &&
                              (sv == "sv_instanceid" || sv == "sv_vertexid" || sv == "sv_primitiveid"));
      if (!builtin && unsupported_ && !plainHere)
        g_.error(loc, "system value '" + semantic + "' is not supported as a " + std::string(shaderStageName(stage_)) +
                          " shader " + (output ? "output" : "input") + " by the SPIR-V back end yet");
    }
    const std::string prefix = output ? "out.var." : "in.var.";
    const uint32_t storage = output ? spv::StorageClassOutput : spv::StorageClassInput;
    if (builtin) {
      leaf.builtin = true;
      leaf.varType = builtin->type;
      std::string key = std::string(builtin->name);
      auto it = builtinVars_.find(key);
      if (it != builtinVars_.end()) {
        g_.error(loc, "system value '" + semantic + "' is declared twice");
        leaf.var = it->second;
      } else {
        leaf.var = g_.b_->global(key, g_.lower(builtin->type), storage);
        g_.b_->decorate(leaf.var, spv::DecorationBuiltIn, {builtin->id});
        builtinVars_[key] = leaf.var;
      }
    } else {
      // bool crosses stages as uint (hlsl-spirv.md §4.4).
      const fe::Type* inner = innermost(type);
      leaf.varType = type;
      if (inner->isNumeric() && inner->scalar == fe::ScalarKind::Bool && !type->isArray())
        leaf.varType = inner->isScalar() ? types.scalar(fe::ScalarKind::UInt) : types.vector(fe::ScalarKind::UInt, inner->cols);
      else if (inner->scalar == fe::ScalarKind::Bool)
        g_.error(loc, "arrays of bool are not supported as shader inputs or outputs yet");
      leaf.var = g_.b_->global(prefix + semantic, g_.lower(leaf.varType), storage);
    }
    decorateInterpolation(leaf, output);
    return leaf;
  }

  // PS inputs and VS outputs carry the interpolation (§4.4): integers and bools are always Flat.
  void decorateInterpolation(const Leaf& leaf, bool output) {
    const bool interpolated = (stage_ == fe::ShaderStage::Pixel && !output) || (stage_ == fe::ShaderStage::Vertex && output);
    if (!interpolated) return;
    const fe::Type* inner = innermost(leaf.varType);
    const bool integral = !g_.isFloat(inner);
    sig::InterpolationModifiers m{leaf.interpolation};
    using M = sig::InterpolationModifier;
    if (integral) {
      // SV_Position/FragCoord is float; builtins like FrontFacing or SampleId are Flat too.
      if (!m.empty() && !m.has(M::NoInterpolation))
        g_.error(leaf.loc, "interpolation modifiers other than nointerpolation cannot be applied to integer or bool "
                           "shader inputs and outputs");
      g_.b_->decorate(leaf.var, spv::DecorationFlat);
      return;
    }
    if (m.has(M::NoInterpolation)) g_.b_->decorate(leaf.var, spv::DecorationFlat);
    if (m.has(M::NoPerspective)) g_.b_->decorate(leaf.var, spv::DecorationNoPerspective);
    if (m.has(M::Sample)) g_.b_->decorate(leaf.var, spv::DecorationSample);
    else if (m.has(M::Centroid)) g_.b_->decorate(leaf.var, spv::DecorationCentroid);
  }

  ir::Value fromVariable(ir::Value v, const Leaf& leaf) {
    if (leaf.varType == leaf.type) return v;
    const fe::Type* from = leaf.varType;
    if (from->isArray() && leaf.varType->element->isScalar()) {
      // SampleMask / ClipDistance arrays: gather the declared components.
      const unsigned n = leaf.type->elementCount();
      std::vector<ir::Value> parts;
      for (unsigned i = 0; i < n; ++i) parts.push_back(g_.b_->extract(v, {i}));
      ir::Value scalarOrVector = n == 1 ? parts[0] : g_.b_->construct(g_.lower(g_.unit_.context->types.vector(from->element->scalar, n)), parts);
      const fe::Type* shape = n == 1 ? from->element : g_.unit_.context->types.vector(from->element->scalar, n);
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
      const fe::Type* shape = n == 1 ? g_.unit_.context->types.scalar(from->scalar) : g_.unit_.context->types.vector(from->scalar, n);
      ir::Value x = n == 1 ? parts[0] : g_.b_->construct(g_.lower(shape), parts);
      return g_.convertValue(x, shape, leaf.type);
    }
    return g_.convertValue(v, from, leaf.type);
  }

  ir::Value toVariable(ir::Value v, const Leaf& leaf) {
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

  void assign(std::vector<Leaf>& leaves) {
    std::set<uint32_t> used;
    for (const Leaf& l : leaves)
      if (!l.builtin && l.isTarget) {
        for (uint32_t i = 0; i < locationCount(l.type); ++i)
          if (!used.insert(l.targetIndex + i).second) g_.error(l.loc, "SV_Target" + std::to_string(l.targetIndex + i) + " is written twice");
        g_.b_->decorate(l.var, spv::DecorationLocation, {l.targetIndex});
      }
    for (const Leaf& l : leaves) {
      if (l.builtin || l.isTarget) continue;
      const uint32_t count = locationCount(l.type);
      uint32_t start = 0;
      while (true) {
        bool free = true;
        for (uint32_t i = 0; i < count && free; ++i) free = !used.count(start + i);
        if (free) break;
        ++start;
      }
      for (uint32_t i = 0; i < count; ++i) used.insert(start + i);
      g_.b_->decorate(l.var, spv::DecorationLocation, {start});
    }
  }

  Gen& g_;
  const fe::FunctionDecl* entry_;
  fe::ShaderStage stage_;
  std::vector<Leaf> inputs_, outputs_;
  std::map<std::string, ir::GlobalVarId> builtinVars_;
  int clipDeclared_ = 0, cullDeclared_ = 0;
  bool unsupported_ = false;
};

// ddx/ddy (+_coarse/_fine), fwidth and clip: pixel-shader intrinsics (implicit derivatives, discard).
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
  if (!pixel || !t || args.empty()) {
    error(call->loc, "'" + n + "' is only available in pixel shaders in the SPIR-V back end");
    return undef();
  }
  if (derivative != kDerivatives.end()) {
    const uint32_t op = derivative->second;
    if (t->isMatrix() && t->rows > 1 && t->cols > 1) {
      const fe::Type* row = unit_.context->types.vector(t->scalar, t->cols);
      std::vector<ir::Value> rows;
      for (uint32_t r = 0; r < t->rows; ++r)
        rows.push_back(b_->spv(op, lower(row), {ir::Operand::v(b_->extract(args[0], {r}))}));
      return b_->construct(lower(t), rows);
    }
    return b_->spv(op, lower(t), {ir::Operand::v(args[0])});
  }
  // clip(x): discard when any component is negative.
  if (t->isMatrix() && t->rows > 1 && t->cols > 1) {
    error(call->loc, "clip of a matrix is not supported by the SPIR-V back end yet");
    return undef();
  }
  ir::Value negative = componentwise(spv::OpFOrdLessThan, args[0], constOfType(lower(t), 0.0), t, true);
  if (t->elementCount() > 1) negative = b_->spv(spv::OpAny, cx_->boolType(), {ir::Operand::v(negative)});
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
  if (entry->returnType && !entry->returnType->isVoid())
    io.output(result, entry->returnType, entry->semantic, entry->interpolation, entry->loc);
  for (auto& [p, slot] : outParams) io.output(b_->load(slot), p->type, p->semantic, p->interpolation, p->loc);
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
