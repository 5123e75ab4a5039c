#include "core/frontend/Sema.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <functional>
#include <set>

namespace sl::frontend {

Sema::Sema(PreprocessedUnit& unit, const FrontendOptions& options, TranslationUnit& tu)
    : unit_(unit), options_(options), tu_(tu) {
  pushScope(Scope::Kind::Global);
  tu_.globals = ast().make<CBufferDecl>();
  tu_.globals->name = "$Globals";
  tu_.globals->isGlobals = true;
  declareBuiltins();
}

void Sema::declareBuiltins() {
  // namespace hlsl { namespace __detail { struct heap_resource_info { uint Index; }; ... } }
  auto makeStruct = [&](const char* name, bool withIndex) {
    auto* s = ast().make<StructDecl>();
    s->name = name;
    s->qualifiedName = std::string("hlsl::__detail::") + name;
    s->complete = true;
    if (withIndex) {
      auto* index = ast().make<VarDecl>();
      index->name = "Index";
      index->type = types().uintType();
      index->storage = StorageClass::Field;
      index->parent = s;
      s->fields.push_back(index);
    }
    return s;
  };
  heapResourceInfo_ = makeStruct("heap_resource_info", true);
  heapSamplerInfo_ = makeStruct("heap_sampler_info", true);
  resourceHeapStruct_ = makeStruct("resource_descriptor_heap_struct", false);
  samplerHeapStruct_ = makeStruct("sampler_descriptor_heap_struct", false);
  auto* detail = ast().make<NamespaceDecl>();
  detail->name = "__detail";
  detail->decls = {heapResourceInfo_, heapSamplerInfo_, resourceHeapStruct_, samplerHeapStruct_};
  auto* hlsl = ast().make<NamespaceDecl>();
  hlsl->name = "hlsl";
  hlsl->decls.push_back(detail);
  for (auto [name, record] : {std::pair<const char*, StructDecl*>{"ResourceDescriptorHeap", resourceHeapStruct_},
                              {"SamplerDescriptorHeap", samplerHeapStruct_}}) {
    auto* heap = ast().make<VarDecl>();
    heap->name = name;
    heap->type = types().structType(record);
    heap->storage = StorageClass::Static;
    heap->isConst = true;
    hlsl->decls.push_back(heap);
    declare(heap);  // visible unqualified, as in DXC
  }
  declare(hlsl);

  // Inline ray tracing: the RayDesc struct and the RAY_FLAG_* / COMMITTED_* / CANDIDATE_* constants.
  auto* rayDesc = ast().make<StructDecl>();
  rayDesc->name = rayDesc->qualifiedName = "RayDesc";
  rayDesc->complete = true;
  for (auto [name, type] : {std::pair<const char*, const Type*>{"Origin", types().vector(ScalarKind::Float, 3)},
                            {"TMin", types().floatType()},
                            {"Direction", types().vector(ScalarKind::Float, 3)},
                            {"TMax", types().floatType()}}) {
    auto* field = ast().make<VarDecl>();
    field->name = name;
    field->type = type;
    field->storage = StorageClass::Field;
    field->parent = rayDesc;
    rayDesc->fields.push_back(field);
  }
  declare(rayDesc);
  static const std::pair<const char*, uint32_t> kConstants[] = {
      {"RAY_FLAG_NONE", 0x0}, {"RAY_FLAG_FORCE_OPAQUE", 0x1}, {"RAY_FLAG_FORCE_NON_OPAQUE", 0x2},
      {"RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x4}, {"RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x8},
      {"RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10}, {"RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20},
      {"RAY_FLAG_CULL_OPAQUE", 0x40}, {"RAY_FLAG_CULL_NON_OPAQUE", 0x80}, {"RAY_FLAG_SKIP_TRIANGLES", 0x100},
      {"RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200}, {"RAY_FLAG_FORCE_OMM_2_STATE", 0x400},
      {"COMMITTED_NOTHING", 0}, {"COMMITTED_TRIANGLE_HIT", 1}, {"COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2},
      {"CANDIDATE_NON_OPAQUE_TRIANGLE", 0}, {"CANDIDATE_PROCEDURAL_PRIMITIVE", 1},
      {"HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE}, {"HIT_KIND_TRIANGLE_BACK_FACE", 0xFF},
  };
  for (auto [name, value] : kConstants) {
    auto* c = ast().make<VarDecl>();
    c->name = name;
    c->type = types().uintType();
    c->storage = StorageClass::Static;
    c->isConst = true;
    c->init = buildIntLiteral({}, std::to_string(value) + "u");
    declare(c);
  }
}

bool Sema::isHeapInfo(const Type* t) const {
  return t->isStruct() && (t->record == heapResourceInfo_ || t->record == heapSamplerInfo_);
}
bool Sema::isHeapObject(const Type* t) const {
  return t->isStruct() && (t->record == resourceHeapStruct_ || t->record == samplerHeapStruct_);
}
bool Sema::heapInfoConvertsTo(const Type* info, const Type* resource) const {
  if (!info->isStruct() || !resource->isResource()) return false;
  if (info->record == heapResourceInfo_)
    return !resourceIsSampler(resource->resource) && resource->resource != ResourceKind::RayQuery;
  if (info->record == heapSamplerInfo_) return resourceIsSampler(resource->resource);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

void Sema::error(clang::SourceLocation loc, const std::string& message, unsigned length) {
  if (errorLimitReached()) {
    ++droppedErrors_;
    return;
  }
  diagnostics_.push_back(unit_.makeDiagnostic(Severity::Error, loc, message, length));
  ++errorCount_;
}

void Sema::finalError(clang::SourceLocation loc, const std::string& message) {
  diagnostics_.push_back(unit_.makeDiagnostic(Severity::Error, loc, message, 0));
  ++errorCount_;
}

void Sema::warning(clang::SourceLocation loc, const std::string& message, unsigned length) {
  diagnostics_.push_back(unit_.makeDiagnostic(Severity::Warning, loc, message, length));
}

std::vector<Diagnostic> Sema::takeDiagnosticsSince(size_t mark) {
  std::vector<Diagnostic> taken(diagnostics_.begin() + long(std::min(mark, diagnostics_.size())), diagnostics_.end());
  diagnostics_.resize(std::min(mark, diagnostics_.size()));
  for (const Diagnostic& d : taken)
    if (d.severity == Severity::Error) --errorCount_;
  return taken;
}

void Sema::note(clang::SourceLocation loc, const std::string& message) {
  if (diagnostics_.empty()) return;
  diagnostics_.back().notes.push_back(unit_.makeDiagnostic(Severity::Note, loc, message));
}

// ---------------------------------------------------------------------------------------------
// Scopes and lookup

Scope* Sema::pushScope(Scope::Kind kind) {
  auto scope = std::make_unique<Scope>();
  scope->kind = kind;
  scope->parent = scope_;
  if (scope_) scope->prefix = scope_->prefix;
  scope_ = scope.get();
  scopes_.push_back(std::move(scope));
  return scope_;
}

void Sema::popScope() {
  if (scope_ && scope_->parent) scope_ = scope_->parent;
}

void Sema::declare(Decl* decl, Scope* scope) {
  if (!scope) scope = scope_;
  if (decl->name.empty()) return;
  scope->names[decl->name].push_back(decl);
}

std::vector<Decl*> Sema::lookupMember(StructDecl* record, std::string_view name) {
  std::vector<Decl*> found;
  for (StructDecl* r = record; r; r = r->base) {
    for (VarDecl* f : r->fields)
      if (f->name == name) found.push_back(f);
    for (VarDecl* f : r->staticFields)
      if (f->name == name) found.push_back(f);
    for (FunctionDecl* m : r->methods)
      if (m->name == name) found.push_back(m);
    for (Decl* t : r->nestedTypes)
      if (t->name == name) found.push_back(t);
    if (!found.empty()) return found;
  }
  return found;
}

std::vector<Decl*> Sema::lookup(std::string_view name) {
  for (Scope* s = scope_; s; s = s->parent) {
    auto it = s->names.find(name);
    if (it != s->names.end() && !it->second.empty()) return it->second;
    if (s->kind == Scope::Kind::Struct && s->record && s->record->base) {
      std::vector<Decl*> inherited = lookupMember(s->record->base, name);
      if (!inherited.empty()) return inherited;
    }
  }
  return {};
}

std::vector<Decl*> Sema::lookupIn(Decl* container, std::string_view name) {
  if (!container) return {};
  switch (container->kind) {
    case DeclKind::Namespace: {
      std::vector<Decl*> found;
      for (Decl* d : static_cast<NamespaceDecl*>(container)->decls)
        if (d->name == name) found.push_back(d);
      return found;
    }
    case DeclKind::Struct: return lookupMember(static_cast<StructDecl*>(container), name);
    case DeclKind::Enum: {
      for (EnumConstantDecl* c : static_cast<EnumDecl*>(container)->constants)
        if (c->name == name) return {c};
      return {};
    }
    case DeclKind::Typedef: {
      const Type* t = static_cast<TypedefDecl*>(container)->type;
      if (t->isStruct()) return lookupMember(t->record, name);
      if (t->isEnum()) return lookupIn(t->enumDecl, name);
      return {};
    }
    default: return {};
  }
}

Decl* Sema::lookupNamespaceOrType(std::string_view name) {
  for (Decl* d : lookup(name))
    if (d->kind == DeclKind::Namespace || d->kind == DeclKind::Struct || d->kind == DeclKind::Enum ||
        d->kind == DeclKind::Typedef || d->kind == DeclKind::Template)
      return d;
  return nullptr;
}

const Type* Sema::typeOfTypeDecl(Decl* decl) {
  if (!decl) return nullptr;
  switch (decl->kind) {
    case DeclKind::Struct: return types().structType(static_cast<StructDecl*>(decl));
    case DeclKind::Typedef: return static_cast<TypedefDecl*>(decl)->type;
    case DeclKind::Enum: return types().enumType(static_cast<EnumDecl*>(decl));
    default: return nullptr;
  }
}

// ---------------------------------------------------------------------------------------------
// Builtin type names

std::optional<ScalarKind> Sema::scalarByName(std::string_view name) {
  bool b16 = options_.enable16BitTypes;
  static const std::pair<const char*, ScalarKind> kNames[] = {
      {"bool", ScalarKind::Bool},         {"int", ScalarKind::Int},           {"int32_t", ScalarKind::Int},
      {"uint", ScalarKind::UInt},         {"dword", ScalarKind::UInt},        {"uint32_t", ScalarKind::UInt},
      {"int64_t", ScalarKind::Int64},     {"uint64_t", ScalarKind::UInt64},   {"float", ScalarKind::Float},
      {"float32_t", ScalarKind::Float},   {"double", ScalarKind::Double},     {"float64_t", ScalarKind::Double},
      {"half", ScalarKind::Half},         {"min16float", ScalarKind::Min16Float},
      {"min10float", ScalarKind::Min16Float}, {"min16int", ScalarKind::Min16Int},
      {"min12int", ScalarKind::Min16Int}, {"min16uint", ScalarKind::Min16UInt},
      {"int16_t", ScalarKind::Int16},     {"uint16_t", ScalarKind::UInt16},   {"float16_t", ScalarKind::Float16},
  };
  for (auto& [n, kind] : kNames) {
    if (name != n) continue;
    if (kind == ScalarKind::Int16 || kind == ScalarKind::UInt16 || kind == ScalarKind::Float16)
      return b16 ? std::optional<ScalarKind>(kind) : std::nullopt;
    if (b16) {
      if (kind == ScalarKind::Half || kind == ScalarKind::Min16Float) return ScalarKind::Float16;
      if (kind == ScalarKind::Min16Int) return ScalarKind::Int16;
      if (kind == ScalarKind::Min16UInt) return ScalarKind::UInt16;
    }
    return kind;
  }
  return std::nullopt;
}

std::optional<ResourceKind> Sema::resourceByName(std::string_view name, bool* rasterizerOrdered) {
  if (rasterizerOrdered) *rasterizerOrdered = name.starts_with("RasterizerOrdered");
  static const std::pair<const char*, ResourceKind> kNames[] = {
      {"Buffer", ResourceKind::Buffer},
      {"RWBuffer", ResourceKind::RWBuffer},
      {"RasterizerOrderedBuffer", ResourceKind::RWBuffer},
      {"StructuredBuffer", ResourceKind::StructuredBuffer},
      {"RWStructuredBuffer", ResourceKind::RWStructuredBuffer},
      {"RasterizerOrderedStructuredBuffer", ResourceKind::RWStructuredBuffer},
      {"AppendStructuredBuffer", ResourceKind::AppendStructuredBuffer},
      {"ConsumeStructuredBuffer", ResourceKind::ConsumeStructuredBuffer},
      {"ByteAddressBuffer", ResourceKind::ByteAddressBuffer},
      {"RWByteAddressBuffer", ResourceKind::RWByteAddressBuffer},
      {"RasterizerOrderedByteAddressBuffer", ResourceKind::RWByteAddressBuffer},
      {"Texture1D", ResourceKind::Texture1D},
      {"Texture1DArray", ResourceKind::Texture1DArray},
      {"Texture2D", ResourceKind::Texture2D},
      {"Texture2DArray", ResourceKind::Texture2DArray},
      {"Texture2DMS", ResourceKind::Texture2DMS},
      {"Texture2DMSArray", ResourceKind::Texture2DMSArray},
      {"Texture3D", ResourceKind::Texture3D},
      {"TextureCube", ResourceKind::TextureCube},
      {"TextureCubeArray", ResourceKind::TextureCubeArray},
      {"RWTexture1D", ResourceKind::RWTexture1D},
      {"RWTexture1DArray", ResourceKind::RWTexture1DArray},
      {"RWTexture2D", ResourceKind::RWTexture2D},
      {"RWTexture2DArray", ResourceKind::RWTexture2DArray},
      {"RWTexture3D", ResourceKind::RWTexture3D},
      {"RasterizerOrderedTexture1D", ResourceKind::RWTexture1D},
      {"RasterizerOrderedTexture1DArray", ResourceKind::RWTexture1DArray},
      {"RasterizerOrderedTexture2D", ResourceKind::RWTexture2D},
      {"RasterizerOrderedTexture2DArray", ResourceKind::RWTexture2DArray},
      {"RasterizerOrderedTexture3D", ResourceKind::RWTexture3D},
      {"ConstantBuffer", ResourceKind::ConstantBuffer},
      {"TextureBuffer", ResourceKind::TextureBuffer},
      {"SamplerState", ResourceKind::SamplerState},
      {"sampler", ResourceKind::SamplerState},
      {"SamplerComparisonState", ResourceKind::SamplerComparisonState},
      {"RaytracingAccelerationStructure", ResourceKind::RaytracingAccelerationStructure},
      {"RayQuery", ResourceKind::RayQuery},
      {"vk::SampledTexture2D", ResourceKind::VkSampledTexture2D},
  };
  for (auto& [n, kind] : kNames)
    if (name == n) return kind;
  return std::nullopt;
}

const Type* Sema::builtinTypeByName(std::string_view name, bool* isTemplateName) {
  if (isTemplateName) *isTemplateName = false;
  if (name == "void") return types().voidType();
  if (name == "string") return types().string();
  if (name == "vector" || name == "matrix") {
    if (isTemplateName) *isTemplateName = true;
    return name == "vector" ? types().vector(ScalarKind::Float, 4) : types().matrix(ScalarKind::Float, 4, 4);
  }
  if (auto k = scalarByName(name)) return types().scalar(*k);
  bool rasterizerOrdered = false;
  if (auto r = resourceByName(name, &rasterizerOrdered)) {
    if (isTemplateName) *isTemplateName = resourceHasElementType(*r);
    const Type* element = nullptr;
    if (resourceHasElementType(*r) && *r != ResourceKind::ConstantBuffer && *r != ResourceKind::TextureBuffer &&
        *r != ResourceKind::StructuredBuffer && *r != ResourceKind::RWStructuredBuffer &&
        *r != ResourceKind::AppendStructuredBuffer && *r != ResourceKind::ConsumeStructuredBuffer)
      element = types().vector(ScalarKind::Float, 4);
    return types().resource(*r, element, rasterizerOrdered ? kRasterizerOrdered : 0);
  }
  // Shorthands: <scalar>N and <scalar>RxC.
  size_t n = name.size();
  if (n >= 2 && name[n - 1] >= '1' && name[n - 1] <= '4') {
    if (n >= 4 && name[n - 2] == 'x' && name[n - 3] >= '1' && name[n - 3] <= '4') {
      if (auto k = scalarByName(name.substr(0, n - 3)))
        return types().matrix(*k, unsigned(name[n - 3] - '0'), unsigned(name[n - 1] - '0'));
    }
    if (auto k = scalarByName(name.substr(0, n - 1))) return types().vector(*k, unsigned(name[n - 1] - '0'));
  }
  return nullptr;
}

const Type* Sema::concreteType(const Type* type) {
  if (!type->isNumeric() || !isLiteralKind(type->scalar)) return type;
  return types().withElement(type, type->scalar == ScalarKind::LiteralInt ? ScalarKind::Int : ScalarKind::Float);
}

// ---------------------------------------------------------------------------------------------
// Declarations

FunctionDecl* Sema::currentFunction() {
  for (Scope* s = scope_; s; s = s->parent)
    if (s->function) return s->function;
  return nullptr;
}

static bool sameSignature(const FunctionDecl* a, const FunctionDecl* b) {
  if (a->params.size() != b->params.size()) return false;
  for (size_t i = 0; i < a->params.size(); ++i) {
    if (a->params[i]->type != b->params[i]->type) return false;
    bool aIn = a->params[i]->direction == ParamDirection::In, bIn = b->params[i]->direction == ParamDirection::In;
    if (aIn != bIn) return false;
  }
  return true;
}

void Sema::checkRedeclaration(Decl* decl, bool defining) {
  auto it = scope_->names.find(decl->name);
  if (it == scope_->names.end()) return;
  for (Decl* previous : it->second) {
    if (previous == decl) continue;
    if (decl->kind == DeclKind::Function && previous->kind == DeclKind::Function) {
      auto* fn = static_cast<FunctionDecl*>(decl);
      auto* prev = static_cast<FunctionDecl*>(previous);
      if (!sameSignature(fn, prev)) continue;
      // A declaration after the definition (FSR's sample defines FsrEasuRF, then ffx_fsr1.h
      // declares it): one function, not an ambiguous overload.
      if (!fn->body && !fn->definition) fn->definition = prev->body ? prev : prev->definition;
      if ((fn->body || defining) && prev->body) {
        error(decl->loc, "redefinition of '" + decl->name + "'", unsigned(decl->name.size()));
        note(previous->loc, "previous definition is here");
      } else if (fn->returnType != prev->returnType) {
        error(decl->loc, "functions that differ only in their return type cannot be overloaded");
        note(previous->loc, "previous declaration is here");
      }
      continue;
    }
    if (decl->kind == DeclKind::Namespace && previous->kind == DeclKind::Namespace) continue;
    // A function template and functions may share a name (one overload set).
    if ((decl->kind == DeclKind::Function && previous->kind == DeclKind::Template &&
         !static_cast<TemplateDecl*>(previous)->isStruct) ||
        (decl->kind == DeclKind::Template && previous->kind == DeclKind::Function &&
         !static_cast<TemplateDecl*>(decl)->isStruct) ||
        (decl->kind == DeclKind::Template && previous->kind == DeclKind::Template &&
         !static_cast<TemplateDecl*>(decl)->isStruct && !static_cast<TemplateDecl*>(previous)->isStruct))
      continue;
    if (decl->kind == DeclKind::Struct && previous->kind == DeclKind::Struct &&
        !(static_cast<StructDecl*>(decl)->complete && static_cast<StructDecl*>(previous)->complete))
      continue;
    if (decl->kind == DeclKind::Typedef && previous->kind == DeclKind::Typedef &&
        static_cast<TypedefDecl*>(decl)->type == static_cast<TypedefDecl*>(previous)->type)
      continue;
    error(decl->loc, "redefinition of '" + decl->name + "'", unsigned(decl->name.size()));
    note(previous->loc, "previous definition is here");
    return;
  }
}

void Sema::finishFunction(FunctionDecl* fn) {
  // Link forward declarations to this definition so calls resolved early reach the body.
  if (!fn->body) return;
  for (Decl* d : lookup(fn->name)) {
    if (d == fn || d->kind != DeclKind::Function) continue;
    auto* other = static_cast<FunctionDecl*>(d);
    if (!other->body && sameSignature(other, fn)) other->definition = fn;
  }
}

// Calls nested deeper than this from an entry point are an error: every later walk over the call
// graph recurses on its depth, and SPIR-V validation takes time quadratic in it (a chain of 30,000
// functions, 1.4 MB of source, ran for minutes).
constexpr size_t kMaxCallDepth = 1024;

void Sema::checkRecursion() {
  // DXC reports recursion reachable from the entry point (hlsl-semantics.md §5.3). Iterative: the
  // depth of the call graph follows the input.
  auto resolve = [](FunctionDecl* f) { return f->definition ? f->definition : f; };
  std::map<FunctionDecl*, std::vector<std::pair<FunctionDecl*, size_t>>> edges;
  for (size_t i = 0; i < callEdges_.size(); ++i)
    edges[resolve(callEdges_[i].first)].push_back({resolve(callEdges_[i].second), i});
  std::vector<FunctionDecl*> roots = tu_.entries;
  if (roots.empty() && tu_.entry) roots.push_back(tu_.entry);
  for (FunctionDecl* root : roots) {
    std::map<FunctionDecl*, int> state;      // 1 = on the stack, 2 = done
    std::map<FunctionDecl*, size_t> height;  // longest chain of calls below, once done
    std::set<FunctionDecl*> reported;
    struct Frame {
      FunctionDecl* f;
      size_t next = 0;  // index of the next edge to look at
    };
    std::vector<Frame> stack{{root}};
    state[root] = 1;
    while (!stack.empty()) {
      Frame& top = stack.back();
      std::vector<std::pair<FunctionDecl*, size_t>>& out = edges[top.f];
      if (top.next == out.size()) {
        size_t h = 0;
        for (auto& [callee, site] : out)
          if (state[callee] == 2) h = std::max(h, height[callee] + 1);
        height[top.f] = h;
        state[top.f] = 2;
        stack.pop_back();
        continue;
      }
      auto [callee, site] = out[top.next++];
      if (state[callee] == 1) {
        if (reported.insert(callee).second) {
          error(callSites_[site].second, "recursive functions are not allowed: function '" + root->name +
                                             "' calls recursive function '" + callee->name + "'");
          note(callee->loc, "function '" + callee->name + "' declared here");
        }
      } else if (state[callee] == 0) {
        state[callee] = 1;
        stack.push_back({callee});
      }
    }
    if (height[root] <= kMaxCallDepth) continue;
    // Follow the longest chain down to the call that passes the limit.
    FunctionDecl* f = root;
    for (size_t depth = 1;; ++depth) {
      std::pair<FunctionDecl*, size_t> deepest{nullptr, 0};
      for (auto& edge : edges[f])
        if (edge.first != f && height.count(edge.first) && height[edge.first] + 1 == height[f]) deepest = edge;
      if (!deepest.first) break;
      if (depth > kMaxCallDepth) {
        error(callSites_[deepest.second].second,
              "function calls nested too deeply (limit " + std::to_string(kMaxCallDepth) + ")");
        break;
      }
      f = deepest.first;
    }
  }
}

void Sema::finishTranslationUnit() {
  // The entry point: the -E function at global scope with a body.
  for (Decl* d : tu_.decls)
    if (d->kind == DeclKind::Function && d->name == options_.entryPoint && static_cast<FunctionDecl*>(d)->body)
      tu_.entry = static_cast<FunctionDecl*>(d);
  bool library = options_.profile.rfind("lib", 0) == 0;
  if (!tu_.entry && !library && errorCount_ == 0) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.range.begin.file = unit_.location(unit_.sourceManager().getLocForStartOfFile(unit_.sourceManager().getMainFileID())).file;
    d.message = "missing entry point definition '" + options_.entryPoint + "'";
    diagnostics_.push_back(d);
    ++errorCount_;
  }
  resolveEntryPoints();
  checkRecursion();
}

std::string Sema::spellingOfLocation(clang::SourceLocation loc) {
  SourceLoc l = unit_.location(loc);
  return std::to_string(l.line) + ":" + std::to_string(l.column);
}

}  // namespace sl::frontend
