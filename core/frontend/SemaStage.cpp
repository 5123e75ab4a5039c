// Vertex and pixel entry points: stage selection (-T / [shader("...")]), the semantics every
// input and output leaf needs, and the seed 0047 interpolation-modifier merge with its diagnostics
// (the rules themselves live in core/signature/Interpolation.cpp; Sema attaches locations).
#include "core/frontend/Sema.h"
#include "core/frontend/StageInfo.h"
#include "core/signature/Interpolation.h"
#include "core/signature/SemanticTable.h"

#include <optional>

namespace sl::frontend {

namespace sig = sl::signature;

std::string_view shaderStageName(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::None: return "none";
    case ShaderStage::Vertex: return "vertex";
    case ShaderStage::Pixel: return "pixel";
    case ShaderStage::Compute: return "compute";
    case ShaderStage::Geometry: return "geometry";
    case ShaderStage::Hull: return "hull";
    case ShaderStage::Domain: return "domain";
    case ShaderStage::Mesh: return "mesh";
    case ShaderStage::Amplification: return "amplification";
  }
  return "none";
}

ShaderStage shaderStageFromName(std::string_view name) {
  for (ShaderStage s : {ShaderStage::Vertex, ShaderStage::Pixel, ShaderStage::Compute, ShaderStage::Geometry,
                        ShaderStage::Hull, ShaderStage::Domain, ShaderStage::Mesh, ShaderStage::Amplification})
    if (shaderStageName(s) == name) return s;
  return ShaderStage::None;
}

ShaderStage shaderStageFromProfile(std::string_view profile) {
  std::string_view p = profile.substr(0, profile.find('_'));
  if (p == "vs") return ShaderStage::Vertex;
  if (p == "ps") return ShaderStage::Pixel;
  if (p == "cs") return ShaderStage::Compute;
  if (p == "gs") return ShaderStage::Geometry;
  if (p == "hs") return ShaderStage::Hull;
  if (p == "ds") return ShaderStage::Domain;
  if (p == "ms") return ShaderStage::Mesh;
  if (p == "as") return ShaderStage::Amplification;
  return ShaderStage::None;
}

sig::ComponentType componentTypeOf(ScalarKind kind, bool native16Bit) {
  switch (kind) {
    case ScalarKind::Bool: return sig::ComponentType::I1;
    case ScalarKind::Int:
    case ScalarKind::LiteralInt: return sig::ComponentType::I32;
    case ScalarKind::UInt: return sig::ComponentType::U32;
    case ScalarKind::Int64: return sig::ComponentType::I64;
    case ScalarKind::UInt64: return sig::ComponentType::U64;
    case ScalarKind::Half: return native16Bit ? sig::ComponentType::F16 : sig::ComponentType::F32;
    case ScalarKind::Float:
    case ScalarKind::LiteralFloat: return sig::ComponentType::F32;
    case ScalarKind::Double: return sig::ComponentType::F64;
    case ScalarKind::Int16:
    case ScalarKind::Min16Int: return sig::ComponentType::I16;
    case ScalarKind::UInt16:
    case ScalarKind::Min16UInt: return sig::ComponentType::U16;
    case ScalarKind::Float16:
    case ScalarKind::Min16Float: return sig::ComponentType::F16;
  }
  return sig::ComponentType::Invalid;
}

sig::SignatureKind inputPointOf(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::Vertex: return sig::SignatureKind::VSInput;
    case ShaderStage::Pixel: return sig::SignatureKind::PSInput;
    default: return sig::SignatureKind::CSInput;
  }
}

sig::SignatureKind outputPointOf(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::Vertex: return sig::SignatureKind::VSOutput;
    case ShaderStage::Pixel: return sig::SignatureKind::PSOutput;
    default: return sig::SignatureKind::CSInput;  // no outputs
  }
}

namespace {

std::optional<sig::InterpolationModifier> modifierOf(const std::string& word) {
  if (word == "nointerpolation") return sig::InterpolationModifier::NoInterpolation;
  if (word == "linear") return sig::InterpolationModifier::Linear;
  if (word == "centroid") return sig::InterpolationModifier::Centroid;
  if (word == "noperspective") return sig::InterpolationModifier::NoPerspective;
  if (word == "sample") return sig::InterpolationModifier::Sample;
  if (word == "center") return sig::InterpolationModifier::Center;
  return std::nullopt;
}

// The leaves a modifier on a declaration of `type` (with `semantic`) reaches: fields that carry
// their own modifiers override it and are skipped.
void collectFacts(const Type* type, const std::string& semantic, bool native16, sig::InterpolatedDeclaration& facts) {
  while (type->isArray()) type = type->element;
  if (type->isNumeric()) {
    sig::SemanticKind kind = sig::semanticKindFromName(sig::splitSemantic(semantic).name);
    facts.addLeaf(componentTypeOf(type->scalar, native16), kind);
    return;
  }
  if (type->isStruct() && type->record) {
    for (const StructDecl* r = type->record; r; r = r->base)
      for (const VarDecl* f : r->fields)
        if (f->interpolation == 0) collectFacts(f->type, f->semantic.empty() ? semantic : f->semantic, native16, facts);
  }
}

}  // namespace

void Sema::mergeInterpolation(const std::vector<std::string>& modifiers, const std::vector<clang::SourceLocation>& locs,
                              const Type* type, const std::string& semantic, uint8_t& bits) {
  sig::InterpolatedDeclaration facts;
  if (type) collectFacts(type, semantic, options_.enable16BitTypes, facts);
  sig::InterpolationModifiers set{bits};
  for (size_t i = 0; i < modifiers.size(); ++i) {
    std::optional<sig::InterpolationModifier> m = modifierOf(modifiers[i]);
    if (!m) continue;
    clang::SourceLocation at = i < locs.size() ? locs[i] : clang::SourceLocation();
    for (const sig::SignatureDiagnostic& d : sig::mergeInterpolationModifier(set, *m, facts)) {
      if (d.isError()) error(at, d.message, unsigned(modifiers[i].size()));
      else warning(at, d.message, unsigned(modifiers[i].size()));
    }
  }
  bits = set.bits;
}

namespace {

struct LeafCheck {
  Sema& sema;
  sig::SignatureKind point;
  const char* what;  // "parameter", "return value"
  bool missingReported = false;

  // Every numeric leaf needs a semantic (from itself or an enclosing declaration).
  void walk(const Type* type, const std::string& semantic, clang::SourceLocation loc, const std::string& name) {
    const Type* leaf = type;
    while (leaf->isArray()) leaf = leaf->element;
    if (leaf->isStruct() && leaf->record) {
      if (!semantic.empty()) {
        // The semantic numbers every row of the flattened struct (fields' semantics are ignored).
        sig::ResolvedSemantic resolved = sig::resolveSemantic(sig::splitSemantic(semantic).name, point);
        if (resolved.diagnostic) sema.error(loc, resolved.diagnostic->message);
        return;
      }
      if (type->isArray()) {
        sema.error(loc, "arrays of structs as entry-point " + std::string(what) + "s are not supported yet");
        return;
      }
      for (const StructDecl* r = leaf->record; r; r = r->base)
        for (const VarDecl* f : r->fields) walk(f->type, f->semantic, f->loc, f->name);
      return;
    }
    if (!leaf->isNumeric()) {
      if (!leaf->isError())
        sema.error(loc, "entry-point " + std::string(what) + " '" + name + "' has type '" + typeName(type) +
                            "', which cannot be a shader input or output");
      return;
    }
    if (semantic.empty()) {
      if (!missingReported)
        sema.error(loc, "semantic must be defined for all parameters and the return value of an entry function ('" +
                            name + "' has none)");
      missingReported = true;
      return;
    }
    sig::ResolvedSemantic resolved = sig::resolveSemantic(sig::splitSemantic(semantic).name, point);
    if (resolved.diagnostic) sema.error(loc, resolved.diagnostic->message);
  }
};

}  // namespace

void Sema::checkEntryPoint(FunctionDecl* entry) {
  if (entry->stage == ShaderStage::Compute) {
    bool hasNumThreads = false;
    for (const Attribute& a : entry->attributes)
      if (a.name == "numthreads") hasNumThreads = true;
    if (!hasNumThreads) error(entry->loc, "compute entry point must have a valid numthreads attribute");
    return;
  }
  if (entry->stage != ShaderStage::Vertex && entry->stage != ShaderStage::Pixel) return;
  for (VarDecl* p : entry->params) {
    bool uniform = false;
    for (const std::string& m : p->modifiers)
      if (m == "uniform") uniform = true;
    if (uniform) continue;
    const bool out = p->direction == ParamDirection::Out;
    LeafCheck check{*this, out ? outputPointOf(entry->stage) : inputPointOf(entry->stage), "parameter"};
    check.walk(p->type, p->semantic, p->loc, p->name);
    if (p->direction == ParamDirection::InOut) {
      LeafCheck outCheck{*this, outputPointOf(entry->stage), "parameter"};
      outCheck.missingReported = true;
      outCheck.walk(p->type, p->semantic, p->loc, p->name);
    }
  }
  if (entry->returnType && !entry->returnType->isVoid()) {
    LeafCheck check{*this, outputPointOf(entry->stage), "return value"};
    check.walk(entry->returnType, entry->semantic, entry->loc, entry->name);
  }
}

void Sema::resolveEntryPoints() {
  const bool library = options_.profile.rfind("lib", 0) == 0;
  const ShaderStage profileStage = shaderStageFromProfile(options_.profile);
  auto shaderAttr = [](FunctionDecl* fn) -> const Attribute* {
    for (const Attribute& a : fn->attributes)
      if (a.name == "shader") return &a;
    return nullptr;
  };
  auto attrStage = [&](FunctionDecl* fn, const Attribute* a) {
    std::string name = a->stringArgs.empty() ? "" : a->stringArgs[0];
    ShaderStage s = shaderStageFromName(name);
    if (s == ShaderStage::None) error(a->loc, "unknown shader stage '" + name + "' in [shader] attribute of '" + fn->name + "'");
    return s;
  };
  if (library) {
    for (Decl* d : tu_.decls) {
      if (d->kind != DeclKind::Function) continue;
      auto* fn = static_cast<FunctionDecl*>(d);
      const Attribute* a = shaderAttr(fn);
      if (!a) continue;
      fn->isEntry = true;
      if (!fn->body) continue;  // a declaration; its definition is the entry point
      fn->stage = attrStage(fn, a);
      tu_.entries.push_back(fn);
      checkEntryPoint(fn);
    }
    return;
  }
  if (!tu_.entry) return;
  FunctionDecl* entry = tu_.entry;
  entry->isEntry = true;
  entry->stage = profileStage;
  if (const Attribute* a = shaderAttr(entry)) {
    ShaderStage s = attrStage(entry, a);
    if (s != ShaderStage::None && s != profileStage)
      error(a->loc, "entry point '" + entry->name + "' is a " + std::string(shaderStageName(s)) +
                        " shader, but the target profile '" + options_.profile + "' is for " +
                        std::string(shaderStageName(profileStage)) + " shaders");
  }
  tu_.entries.push_back(entry);
  checkEntryPoint(entry);
}

}  // namespace sl::frontend
