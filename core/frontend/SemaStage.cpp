// Vertex and pixel entry points: stage selection (-T / [shader("...")]), the semantics every
// input and output leaf needs, and the seed 0047 interpolation-modifier merge with its diagnostics
// (the rules themselves live in core/signature/Interpolation.cpp; Sema attaches locations).
#include "core/frontend/Sema.h"
#include "core/frontend/StageInfo.h"
#include "core/signature/Interpolation.h"
#include "core/signature/SemanticTable.h"

#include <cstdlib>
#include <map>
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

// (struct, semantic its fields inherit) -> the facts of its leaves: a struct tree reaches its
// leaves by exponentially many paths (S1 { S0 a, b, c; } ... S15), each struct is walked once.
using FactsMemo = std::map<std::pair<const StructDecl*, std::string>, sig::InterpolatedDeclaration>;

void addFacts(sig::InterpolatedDeclaration& into, const sig::InterpolatedDeclaration& from) {
  into.hasIntegerLeaf |= from.hasIntegerLeaf;
  into.hasBoolLeaf |= from.hasBoolLeaf;
  into.hasFloat64Leaf |= from.hasFloat64Leaf;
  into.hasSVPositionLeaf |= from.hasSVPositionLeaf;
}

// The leaves a modifier on a declaration of `type` (with `semantic`) reaches: fields that carry
// their own modifiers override it and are skipped.
void collectFacts(const Type* type, const std::string& semantic, bool native16, sig::InterpolatedDeclaration& facts,
                  FactsMemo& memo) {
  while (type->isArray()) type = type->element;
  if (type->isNumeric()) {
    sig::SemanticKind kind = sig::semanticKindFromName(sig::splitSemantic(semantic).name);
    facts.addLeaf(componentTypeOf(type->scalar, native16), kind);
    return;
  }
  if (type->isStruct() && type->record) {
    const auto key = std::make_pair(type->record, semantic);
    auto it = memo.find(key);
    if (it == memo.end()) {
      sig::InterpolatedDeclaration own;
      for (const StructDecl* r = type->record; r; r = r->base)
        for (const VarDecl* f : r->fields)
          if (f->interpolation == 0) collectFacts(f->type, f->semantic.empty() ? semantic : f->semantic, native16, own, memo);
      it = memo.emplace(key, own).first;
    }
    addFacts(facts, it->second);
  }
}

}  // namespace

void Sema::mergeInterpolation(const std::vector<std::string>& modifiers, const std::vector<clang::SourceLocation>& locs,
                              const Type* type, const std::string& semantic, uint8_t& bits) {
  if (modifiers.empty()) return;  // nothing to merge (most declarations)
  sig::InterpolatedDeclaration facts;
  FactsMemo memo;
  if (type) collectFacts(type, semantic, options_.enable16BitTypes, facts, memo);
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

namespace {

// The minor shader model of a profile ("cs_6_6" -> 6; lib_6_x, the offline library, -> 15).
int profileMinor(const std::string& profile) {
  const size_t at = profile.rfind('_');
  if (at == std::string::npos || at + 1 >= profile.size()) return 0;
  if (profile.compare(at + 1, std::string::npos, "x") == 0) return 15;
  return std::atoi(profile.c_str() + at + 1);
}

// An integer argument of an entry attribute as DXC's ValidateAttributeIntArg reads it: a constant;
// a float argument or a negative one earns "must have a uint literal argument" (a float with a
// fraction counts as 0, as DXC's inexact conversion leaves it). Nullopt (with an error) when the
// argument is not a constant at all.
std::optional<int64_t> attributeUInt(Sema& sema, const Attribute& a, size_t index, bool& warned) {
  Expr* e = a.args[index];
  std::optional<ConstantValue> v = e->kind == ExprKind::StringLiteral ? std::nullopt : sema.evaluate(e);
  if (!v) {
    sema.error(e->loc, "'" + a.name + "' attribute requires an integer constant");
    return std::nullopt;
  }
  int64_t value = v->asInt();
  bool exact = !v->isFloat || double(value) == v->f;
  if (!exact) value = 0;
  const bool integral = !v->isFloat && e->type && (e->type->isEnum() || (e->type->isScalar() && isIntKind(e->type->scalar)));
  if ((!integral || value < 0) && !warned) {
    sema.warning(a.loc, "attribute '" + a.name + "' must have a uint literal argument");
    warned = true;
  }
  return value;
}

const Attribute* findAttribute(const FunctionDecl* fn, std::string_view name) {
  for (const Attribute& a : fn->attributes)
    if (a.name == name) return &a;
  return nullptr;
}

// [numthreads(X, Y, Z)] of a compute, mesh or amplification entry, by DXC's rules: Sema's (three
// constant arguments, X*Y*Z in 1..1024, else a warning and the attribute is dropped, so the entry
// has none) and then its validator's per-dimension limits (compute: X, Y <= 1024, Z <= 64; mesh and
// amplification: each and X*Y*Z <= 128). True when the entry has a valid one.
bool checkNumThreads(Sema& sema, FunctionDecl* entry) {
  const Attribute* a = findAttribute(entry, "numthreads");
  if (!a) return false;
  if (a->args.size() != 3) {
    sema.error(a->loc, "'numthreads' attribute requires exactly 3 arguments");
    return false;
  }
  int64_t size[3];
  bool warned = false;
  for (size_t i = 0; i < 3; ++i) {
    std::optional<int64_t> v = attributeUInt(sema, *a, i, warned);
    if (!v) return false;
    size[i] = *v;
  }
  // The product in 128 bits, of arguments cut to 2^42 (a larger one is out of range anyway).
  auto cut = [](int64_t v) -> __int128 { return v > (int64_t(1) << 42) ? (__int128(1) << 42) : v < -(int64_t(1) << 42) ? -(__int128(1) << 42) : v; };
  const bool exactProduct = cut(size[0]) == size[0] && cut(size[1]) == size[1] && cut(size[2]) == size[2];
  const __int128 product = cut(size[0]) * cut(size[1]) * cut(size[2]);
  if (product < 1 || product > 1024) {
    auto text = [&](__int128 v) -> std::string {
      if (!exactProduct) return product < 0 ? "less than -2^42" : "more than 2^42";
      const bool negative = v < 0;
      unsigned __int128 u = negative ? -(unsigned __int128)v : (unsigned __int128)v;
      std::string digits;
      do digits.insert(digits.begin(), char('0' + int(u % 10))); while (u /= 10);
      return (negative ? "-" : "") + digits;
    };
    sema.warning(a->loc, "Group size of " + text(product) + " (" + std::to_string(size[0]) + " * " +
                             std::to_string(size[1]) + " * " + std::to_string(size[2]) +
                             ") is outside of valid range [1..1024] - attribute will be ignored");
    return false;
  }
  const bool meshLike = entry->stage == ShaderStage::Mesh || entry->stage == ShaderStage::Amplification;
  const int64_t limit[3] = {meshLike ? 128 : 1024, meshLike ? 128 : 1024, meshLike ? 128 : 64};
  static const char* const kAxis[3] = {"X", "Y", "Z"};
  bool ok = true;
  for (size_t i = 0; i < 3; ++i)
    if (size[i] > limit[i]) {
      sema.error(a->args[i]->loc, "Declared Thread Group " + std::string(kAxis[i]) + " size " + std::to_string(size[i]) +
                                      " outside valid range [1.." + std::to_string(limit[i]) + "]");
      ok = false;
    }
  if (ok && meshLike && product > 128) {
    sema.error(a->loc, "Declared Thread Group Count " + std::to_string(int64_t(product)) +
                           " (X*Y*Z) is beyond the valid maximum of 128");
    ok = false;
  }
  return ok;
}

bool isWaveSize(int64_t v) { return v >= 4 && v <= 128 && (v & (v - 1)) == 0; }

// [WaveSize(N)] or [WaveSize(min, max[, preferred])] (SM 6.8), by DXC's rules.
void checkWaveSize(Sema& sema, const FunctionDecl* entry, const std::string& profile) {
  const Attribute* a = findAttribute(entry, "WaveSize");
  if (!a) return;
  if (a->args.empty() || a->args.size() > 3) {
    sema.error(a->loc, "'WaveSize' attribute takes one to three arguments");
    return;
  }
  if (a->args.size() > 1 && profileMinor(profile) < 8) {
    sema.error(a->loc, "WaveSize only takes multiple arguments in Shader Model 6.8 or higher");
    return;
  }
  int64_t v[3] = {0, 0, 0};
  bool warned = false;
  for (size_t i = 0; i < a->args.size(); ++i) {
    std::optional<int64_t> value = attributeUInt(sema, *a, i, warned);
    if (!value) return;
    v[i] = *value;
    if (!isWaveSize(v[i])) {
      sema.error(a->args[i]->loc, "WaveSize arguments must be between 4 and 128 and a power of 2");
      return;
    }
  }
  if (a->args.size() >= 2) {
    if (v[0] == v[1]) sema.error(a->loc, "Wave Size Range minimum and maximum are equal");
    else if (v[0] > v[1])
      sema.error(a->loc, "Minimum WaveSize value " + std::to_string(v[0]) + " must be less than maximum WaveSize value " +
                             std::to_string(v[1]));
    else if (a->args.size() == 3 && (v[2] < v[0] || v[2] > v[1]))
      sema.error(a->args[2]->loc, "Preferred WaveSize value " + std::to_string(v[2]) + " must be between " +
                                      std::to_string(v[0]) + " and " + std::to_string(v[1]));
  }
}

}  // namespace

void Sema::checkEntryPoint(FunctionDecl* entry) {
  if (entry->stage == ShaderStage::Compute || entry->stage == ShaderStage::Mesh ||
      entry->stage == ShaderStage::Amplification) {
    if (!checkNumThreads(*this, entry))
      error(entry->loc, std::string(shaderStageName(entry->stage)) + " entry point must have a valid numthreads attribute");
    checkWaveSize(*this, entry, options_.profile);
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
