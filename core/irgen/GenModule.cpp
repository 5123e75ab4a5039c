// Module-level generation: global declarations (resources in declaration order, $Globals at its
// first member, statics, groupshared), functions (generated on first call), and the compute entry
// wrapper that reads the builtins and calls `src.<entry>` (hlsl-spirv.md §4.1, §4.2).
#include "core/irgen/Gen.h"

#include <functional>

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <set>
#include <cctype>

namespace sl::irgen {

Gen::Gen(const fe::TranslationUnit& unit, const fe::PreprocessedUnit& source, const IrGenOptions& options)
    : unit_(unit), source_(source), options_(options) {
  module_ = std::make_unique<ir::Module>(std::make_shared<ir::Context>());
  cx_ = &module_->cx();
  b_ = std::make_unique<ir::Builder>(*module_);
}

void Gen::error(clang::SourceLocation loc, const std::string& message) {
  // The location of the construct being generated (setLoc). Some AST nodes reach here only
  // through resource paths that never set it, and their raw locations are not always usable.
  (void)loc;
  SourceLoc where;
  const ir::DebugLoc dl = b_->loc();
  if (dl.valid() && dl.file < module_->debugFiles.size()) {
    where.file = module_->debugFiles[dl.file].path;
    where.line = dl.line;
    where.column = dl.column;
  }
  Diagnostic d = Diagnostic::error(where, message);
  // Inside an inlined body (resource parameters, methods of structs holding resources): which
  // calls brought it here, innermost first, since the same body may be fine at another call.
  for (auto frame = inlineStack_.rbegin(); frame != inlineStack_.rend(); ++frame) {
    if (!frame->call || !frame->call->loc.isValid()) continue;
    SourceLoc at = source_.location(frame->call->loc);
    if (at.valid()) d.notes.push_back(Diagnostic::note(at, "in the call inlined here"));
  }
  diags_.push_back(std::move(d));
  ++errors_;
}

ir::DebugLoc Gen::debugLocOf(const fe::Node* node) {
  if (!node || !node->loc.isValid()) return {};
  SourceLoc loc = source_.location(node->loc);
  if (!loc.valid()) return {};
  auto it = fileIndex_.find(loc.file);
  uint32_t file;
  if (it == fileIndex_.end()) {
    file = module_->addDebugFile(loc.file);
    fileIndex_[loc.file] = file;
  } else {
    file = it->second;
  }
  return {file, loc.line, loc.column, b_->scope()};
}

void Gen::setLoc(const fe::Node* node) {
  const ir::DebugLoc loc = debugLocOf(node);
  if (loc.valid()) b_->setLoc(loc);
}

const fe::Attribute* findAttr(const std::vector<fe::Attribute>& attrs, std::string_view name) {
  for (const fe::Attribute& a : attrs)
    if (a.name == name) return &a;
  return nullptr;
}

static bool isPushConstant(const fe::VarDecl* var) { return findAttr(var->attributes, "vk::push_constant"); }
static bool isSpecConstant(const fe::VarDecl* var) { return findAttr(var->attributes, "vk::constant_id"); }

static const fe::Type* stripArrays(const fe::Type* t) {
  while (t->isArray()) t = t->element;
  return t;
}

// ---------------------------------------------------------------------------------------------
// Globals

void Gen::declareGlobals() {
  bool globalsDeclared = false;
  std::function<void(const std::vector<fe::Decl*>&)> walk = [&](const std::vector<fe::Decl*>& decls) {
    for (const fe::Decl* d : decls) {
      switch (d->kind) {
        case fe::DeclKind::Namespace: walk(static_cast<const fe::NamespaceDecl*>(d)->decls); break;
        case fe::DeclKind::CBuffer: declareCBuffer(static_cast<const fe::CBufferDecl*>(d)); break;
        case fe::DeclKind::Struct: {
          auto* rec = static_cast<const fe::StructDecl*>(d);
          for (const fe::VarDecl* f : rec->staticFields) declareGlobal(f);
          break;
        }
        case fe::DeclKind::Var: {
          auto* var = static_cast<const fe::VarDecl*>(d);
          if (var->storage == fe::StorageClass::Uniform && !fe::containsResource(var->type) &&
              !isPushConstant(var) && !isSpecConstant(var)) {
            if (!globalsDeclared && unit_.globals) declareCBuffer(unit_.globals);
            globalsDeclared = true;
            break;
          }
          declareGlobal(var);
          break;
        }
        default: break;
      }
    }
  };
  walk(unit_.decls);
}

void Gen::declareGlobal(const fe::VarDecl* var) {
  if (globals_.count(var)) return;
  setLoc(var);
  if (fe::containsResource(var->type) || isPushConstant(var)) {
    if (var->storage == fe::StorageClass::Static && !isPushConstant(var)) {
      // `static RWBuffer<int> b = ResourceDescriptorHeap[i];` (or = a global, or a struct of
      // resources = a call): every use refers to what the initializer names (GenResource.cpp,
      // GenResourceLocals.cpp); assigning one is diagnosed there.
      if (declareStaticResources(var)) return;
      error(var->loc, "static resource variables without an initializer naming a resource are not supported");
      return;
    }
    if (stripArrays(var->type)->isStruct() && !isPushConstant(var)) declareResourceStruct(var);
    else declareResource(var);
    return;
  }
  if (isSpecConstant(var)) {
    const fe::Attribute* a = findAttr(var->attributes, "vk::constant_id");
    uint32_t id = a->intArgs.empty() ? 0 : static_cast<uint32_t>(a->intArgs[0]);
    ir::Type t = lower(var->type);
    uint64_t bits = 0;
    // The default value: a literal initializer (through its conversions).
    const fe::Expr* init = var->init;
    double value = 0;
    while (init && (init->kind == fe::ExprKind::ImplicitCast || init->kind == fe::ExprKind::ExplicitCast))
      init = static_cast<const fe::CastExpr*>(init)->operand;
    if (init && init->kind == fe::ExprKind::IntLiteral) value = double(static_cast<const fe::IntLiteralExpr*>(init)->value);
    else if (init && init->kind == fe::ExprKind::FloatLiteral) value = static_cast<const fe::FloatLiteralExpr*>(init)->value;
    else if (init && init->kind == fe::ExprKind::BoolLiteral) value = static_cast<const fe::BoolLiteralExpr*>(init)->value;
    else if (init && init->kind == fe::ExprKind::Unary && static_cast<const fe::UnaryExpr*>(init)->op == fe::UnaryOp::Minus) {
      const fe::Expr* inner = static_cast<const fe::UnaryExpr*>(init)->operand;
      while (inner && (inner->kind == fe::ExprKind::ImplicitCast || inner->kind == fe::ExprKind::ExplicitCast))
        inner = static_cast<const fe::CastExpr*>(inner)->operand;
      if (inner && inner->kind == fe::ExprKind::IntLiteral) value = -double(static_cast<const fe::IntLiteralExpr*>(inner)->value);
      if (inner && inner->kind == fe::ExprKind::FloatLiteral) value = -static_cast<const fe::FloatLiteralExpr*>(inner)->value;
    }
    if (isBool(var->type)) bits = value != 0;
    else if (isFloat(var->type)) {
      float f = static_cast<float>(value);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      bits = u;
    } else {
      bits = static_cast<uint64_t>(static_cast<int64_t>(value)) & 0xFFFFFFFFu;
    }
    VarInfo info;
    info.kind = VarInfo::Kind::Constant;
    info.constant = ir::Value::constant(cx_->specConst(t, bits, id));
    globals_[var] = info;
    return;
  }
  VarInfo info;
  switch (var->storage) {
    case fe::StorageClass::GroupShared: {
      ir::GlobalVarId g = b_->global(var->name, lower(var->type), spv::StorageClassWorkgroup);
      info.ptr = ir::Value::global(g);
      info.workgroup = true;
      debugGlobal(var, g);
      break;
    }
    case fe::StorageClass::Static:
    case fe::StorageClass::StaticField:
    default: {
      ir::GlobalVarId g = b_->global(var->name, lower(var->type), spv::StorageClassPrivate);
      info.ptr = ir::Value::global(g);
      if (var->init) staticInits_.push_back(var);
      debugGlobal(var, g);
      break;
    }
  }
  globals_[var] = info;
}

static std::string registerText(const fe::RegisterBinding& r) {
  return std::string(1, r.registerClass) + std::to_string(r.index);
}

static void addBindingAttrs(ir::Attrs& attrs, const fe::RegisterBinding& reg, const std::vector<fe::Attribute>& vkAttrs) {
  if (reg.present) {
    if (reg.registerClass) attrs.extra.push_back({attr::kRegister, registerText(reg)});
    if (reg.hasSpace) attrs.extra.push_back({attr::kSpace, std::to_string(reg.space)});
  }
  if (const fe::Attribute* a = findAttr(vkAttrs, "vk::binding")) {
    std::string v = a->intArgs.empty() ? "0" : std::to_string(a->intArgs[0]);
    if (a->intArgs.size() > 1) v += "," + std::to_string(a->intArgs[1]);
    attrs.extra.push_back({attr::kVkBinding, v});
  }
  if (const fe::Attribute* a = findAttr(vkAttrs, "vk::counter_binding"))
    attrs.extra.push_back({attr::kVkCounterBinding, a->intArgs.empty() ? "0" : std::to_string(a->intArgs[0])});
}

void Gen::declareResource(const fe::VarDecl* var) {
  ResourceInfo info;
  info.name = var->name;
  info.isArray = var->type->isArray();
  // Multi-dimensional arrays are one array of all elements, row-major (as DXC binds them).
  info.arraySize = 1;
  for (const fe::Type* t = var->type; t->isArray(); t = t->element) info.arraySize *= t->arraySize;
  info.type = stripArrays(var->type);
  // SPIR-V needs fragment shader interlock around each access, not written yet; compiled as its
  // RW* kind it would lose the ordering guarantee (a silently racy shader). DXIL has the ROV flag.
  if (fe::isRasterizerOrdered(info.type) && options_.spirvTarget)
    error(var->loc, "'" + fe::typeName(info.type) + "': rasterizer-ordered views are not supported on the SPIR-V target "
                    "yet (their accesses need fragment shader interlock)");
  if (info.isArray && var->type->element->isArray() && info.arraySize == 0) {
    error(var->loc, "unbounded multi-dimensional resource arrays are not supported");
    return;
  }
  ir::Type t;
  if (info.type->isResource()) {
    t = lowerResource(info.type);
  } else {
    // [[vk::push_constant]] S pc: a constant block of S.
    t = cx_->hlslResourceType(ir::ResourceKind::ConstantBuffer, lowerMemory(info.type));
  }
  if (info.isArray) t = info.arraySize ? cx_->arrayType(t, info.arraySize) : cx_->runtimeArrayType(t);
  ir::GlobalVarId g = b_->global(var->name, t, spv::StorageClassUniformConstant);
  ir::Attrs& attrs = module_->global(g).attrs;
  addBindingAttrs(attrs, var->binding, var->attributes);
  addImageFormat(var, info.type, attrs);
  if (fe::isRasterizerOrdered(info.type)) {
    attrs.extra.push_back({attr::kRasterizerOrdered, "1"});
    rasterizerOrdered_[g.index] = var;
  }
  if (isPushConstant(var)) attrs.extra.push_back({attr::kPushConstant, "1"});
  if (std::find(var->modifiers.begin(), var->modifiers.end(), "globallycoherent") != var->modifiers.end())
    attrs.extra.push_back({attr::kGloballyCoherent, "1"});
  info.global = g;
  VarInfo v;
  v.kind = VarInfo::Kind::Resource;
  v.resource.resource = static_cast<int>(resources_.size());
  resources_.push_back(std::move(info));
  globals_[var] = v;
}

// The register class a resource of this type binds to (DX rules; used to offset the registers of
// resources flattened out of a struct).
static char registerClassOf(const fe::Type* t) {
  using RK = fe::ResourceKind;
  switch (t->resource) {
    case RK::ConstantBuffer: return 'b';
    case RK::SamplerState:
    case RK::SamplerComparisonState: return 's';
    default: return fe::resourceIsWritable(t->resource) ? 'u' : 't';
  }
}

// A global struct (or array of structs) holding resources: DXC declares each resource member of
// each element as its own resource, named like `s.member` / `s[2].member`. A `register(xN)` on the
// variable gives the members of class x consecutive registers N, N+1, ... in declaration order
// (arrays count their elements); `[[vk::binding(B)]]` gives consecutive bindings over all of them.
void Gen::declareResourceStruct(const fe::VarDecl* var) {
  const fe::Type* st = stripArrays(var->type);
  uint32_t elements = 1;
  for (const fe::Type* t = var->type; t->isArray(); t = t->element) elements *= t->arraySize;
  if (var->type->isArray() && elements == 0) {
    error(var->loc, "unbounded arrays of structs holding resources are not supported");
    return;
  }
  std::vector<ResourceRef> leaves;
  std::map<char, uint32_t> classOffset;
  uint32_t bindingOffset = 0;
  bool ok = true;
  std::function<void(const fe::StructDecl*, const std::string&)> walk = [&](const fe::StructDecl* rec, const std::string& prefix) {
    if (rec->base) walk(rec->base, prefix);
    for (const fe::VarDecl* f : rec->fields) {
      const fe::Type* leaf = stripArrays(f->type);
      uint32_t count = 1;
      for (const fe::Type* t = f->type; t->isArray(); t = t->element) count *= t->arraySize;
      if (leaf->isStruct()) {
        if (f->type->isArray()) {
          for (uint32_t k = 0; k < count; ++k) walk(leaf->record, prefix + f->name + "[" + std::to_string(k) + "].");
        } else {
          walk(leaf->record, prefix + f->name + ".");
        }
        continue;
      }
      if (!leaf->isResource()) {
        error(var->loc, "the global '" + var->name + "' holds resources and data ('" + f->name +
                            "'); only structs of resources can be declared as globals for SPIR-V");
        ok = false;
        continue;
      }
      // `G g : register(u5) : register(t3)`: each register class takes the register written for it
      // (the last one of that class); a space-only `register(spaceM)` puts the rest in space M.
      const char cls = registerClassOf(leaf);
      std::vector<fe::RegisterBinding> written = var->registers;
      if (written.empty() && var->binding.present) written.push_back(var->binding);
      fe::RegisterBinding reg;
      for (const fe::RegisterBinding& r : written)
        if (r.registerClass == cls) reg = r;
      if (reg.present) {
        reg.index += classOffset[cls];
      } else {
        for (const fe::RegisterBinding& r : written)
          if (r.registerClass == 0 && r.hasSpace) reg = r;
      }
      classOffset[cls] += count;
      std::vector<fe::Attribute> attrs = var->attributes;
      for (fe::Attribute& a : attrs)
        if (a.name == "vk::binding" && !a.intArgs.empty()) a.intArgs[0] += bindingOffset;
      bindingOffset += count;
      ResourceInfo info;
      info.name = prefix + f->name;
      info.isArray = f->type->isArray();
      info.arraySize = info.isArray ? count : 1;
      info.type = leaf;
      info.pending = true;
      info.pendingBinding = reg;
      info.pendingAttrs = std::move(attrs);
      const int index = static_cast<int>(resources_.size());
      resources_.push_back(std::move(info));
      for (uint32_t k = 0; k < count; ++k) {
        ResourceRef ref;
        ref.resource = index;
        if (f->type->isArray()) ref.index = b_->constU32(k);
        leaves.push_back(ref);
      }
    }
  };
  for (uint32_t e = 0; e < elements; ++e)
    walk(st->record, var->name + (var->type->isArray() ? "[" + std::to_string(e) + "]." : "."));
  VarInfo v;
  v.kind = VarInfo::Kind::Resource;
  globals_[var] = v;
  if (ok) globalLeaves_[var] = std::move(leaves);
}

void Gen::ensureDeclared(int resource) {
  if (resource < 0 || !resources_[resource].pending) return;
  ResourceInfo& info = resources_[resource];
  info.pending = false;
  ir::Type t = lowerResource(info.type);
  if (info.isArray) t = cx_->arrayType(t, info.arraySize);
  info.global = b_->global(info.name, t, spv::StorageClassUniformConstant);
  addBindingAttrs(module_->global(info.global).attrs, info.pendingBinding, info.pendingAttrs);
  if (info.isArray) module_->global(info.global).attrs.extra.push_back({attr::kBindingCount, std::to_string(info.arraySize)});
}

void Gen::declareCBuffer(const fe::CBufferDecl* block) {
  setLoc(block);
  std::vector<const fe::VarDecl*> data;
  std::vector<std::string> offsets;
  for (const fe::VarDecl* m : block->members) {
    if (fe::containsResource(m->type)) {
      declareResource(m);
      continue;
    }
    if (block->isGlobals && (isPushConstant(m) || isSpecConstant(m))) continue;
    data.push_back(m);
    std::string off = m->packOffset;
    if (off.empty() && block->isGlobals && m->binding.present && m->binding.registerClass == 'c')
      off = "c" + std::to_string(m->binding.index);
    offsets.push_back(off);
  }
  if (data.empty()) return;
  ResourceInfo info;
  info.name = block->name;
  info.cbuffer = block;
  info.members = data;
  ir::Type content = memoryStruct(block->isGlobals ? "type.$Globals" : "type." + block->name, data, offsets);
  ir::ResourceKind kind = block->isTBuffer ? ir::ResourceKind::TextureBuffer : ir::ResourceKind::ConstantBuffer;
  ir::GlobalVarId g = b_->global(block->name, cx_->hlslResourceType(kind, content), spv::StorageClassUniformConstant);
  ir::Attrs& attrs = module_->global(g).attrs;
  addBindingAttrs(attrs, block->binding, block->attributes);
  attrs.extra.push_back({block->isGlobals ? attr::kGlobals : attr::kCBufferBlock, "1"});
  info.global = g;
  const int index = static_cast<int>(resources_.size());
  resources_.push_back(std::move(info));
  for (size_t i = 0; i < data.size(); ++i) {
    VarInfo v;
    v.kind = VarInfo::Kind::CBufferMember;
    v.cbuffer = index;
    v.member = static_cast<uint32_t>(i);
    globals_[data[i]] = v;
  }
}

// ---------------------------------------------------------------------------------------------
// Functions

ir::FuncId Gen::functionFor(const fe::FunctionDecl* fn) {
  if (fn->definition) fn = fn->definition;
  auto it = functions_.find(fn);
  if (it != functions_.end()) return it->second;
  std::vector<ir::Type> params;
  std::vector<std::string> names;
  if (fn->parent && !fn->isStatic) {
    params.push_back(cx_->pointerType(spv::StorageClassFunction, lower(unit_.context->types.structType(fn->parent))));
    names.push_back("this");
  }
  for (const fe::VarDecl* p : fn->params) {
    ir::Type t = lower(p->type);
    if (p->direction != fe::ParamDirection::In) t = cx_->pointerType(spv::StorageClassFunction, t);
    params.push_back(t);
    names.push_back(p->name);
  }
  ir::FunctionDef def;
  def.attrs.name = (fn == unit_.entry ? "src." : "") + (fn->qualifiedName.empty() ? fn->name : fn->qualifiedName);
  def.returnType = lower(fn->returnType);
  ir::RegionDef body;
  body.inputTypes = params;
  body.inputAttrs.resize(params.size());
  for (size_t i = 0; i < names.size(); ++i) body.inputAttrs[i].name = names[i];
  def.regions.push_back(std::move(body));
  def.body = ir::RegionId(0);
  module_->functions.push_back(std::move(def));
  ir::FuncId id(static_cast<uint32_t>(module_->functions.size() - 1));
  functions_[fn] = id;
  pending_.push_back({fn, id});
  return id;
}

void Gen::genFunctionBody(const fe::FunctionDecl* fn, ir::FuncId id) {
  b_->setFunction(id);
  locals_.clear();
  currentFn_ = fn;
  setLoc(fn);
  uint32_t index = 0;
  thisPtr_ = {};
  if (fn->parent && !fn->isStatic) thisPtr_ = b_->param(index++);
  // Debug info: every by-value parameter equals its argument from the start (before any copy).
  std::vector<uint32_t> paramVars(fn->params.size(), UINT32_MAX);
  for (size_t i = 0; i < fn->params.size(); ++i)
    if (!fn->params[i]->type->isResource() && fn->params[i]->direction == fe::ParamDirection::In)
      paramVars[i] = debugParamValue(fn->params[i], b_->param(index + static_cast<uint32_t>(i)), static_cast<uint32_t>(i) + 1);
  uint32_t argNumber = 0;  // the HLSL parameter's position, from 1
  for (const fe::VarDecl* p : fn->params) {
    ++argNumber;
    VarInfo v;
    if (p->type->isResource()) {
      error(p->loc, "resource parameters are not supported yet");
      ++index;
      continue;
    }
    if (p->direction == fe::ParamDirection::In) {
      v.ptr = b_->local(lower(p->type), p->name);
      b_->store(v.ptr, b_->param(index));
      debugParamCopied(paramVars[argNumber - 1], v.ptr);
    } else {
      v.ptr = b_->param(index);
      debugDeclare(p, v.ptr, argNumber);
    }
    ++index;
    locals_[p] = v;
  }
  functionBody_ = fn->body;
  if (fn->body) stmt(fn->body);
  functionBody_ = nullptr;
  if (!b_->isTerminated()) {
    ir::Type ret = lower(fn->returnType);
    if (cx_->def(ret).kind == ir::TypeKind::Void) b_->ret();
    else b_->ret(ir::Value::constant(cx_->undef(ret)));
  }
  currentFn_ = nullptr;
}

ir::Value Gen::builtinInput(const std::string& name, uint32_t builtIn, ir::Type type) {
  auto it = builtins_.find(name);
  ir::GlobalVarId g;
  if (it != builtins_.end()) {
    g = it->second;
  } else {
    g = b_->global(name, type, spv::StorageClassInput);
    b_->decorate(g, spv::DecorationBuiltIn, {builtIn});
    // Vulkan requires Flat on every integer or float Input of a fragment shader, builtins read
    // by intrinsics (WaveGetLaneIndex/Count) included; DXC decorates them the same way.
    const fe::FunctionDecl* entry = unit_.entry;
    if (entry && entry->definition) entry = entry->definition;
    ir::Type scalar = cx_->def(type).kind == ir::TypeKind::Vector ? cx_->def(type).element : type;
    if (entry && entry->stage == fe::ShaderStage::Pixel && cx_->def(scalar).kind != ir::TypeKind::Bool)
      b_->decorate(g, spv::DecorationFlat);
    builtins_[name] = g;
  }
  return b_->load(ir::Value::global(g));
}

static std::string lowerCase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

void Gen::genEntry(const fe::FunctionDecl* entry) {
  setLoc(entry);
  if (entry->stage == fe::ShaderStage::Vertex || entry->stage == fe::ShaderStage::Pixel) {
    genStageEntry(entry);
    return;
  }
  const fe::Attribute* numthreads = findAttr(entry->attributes, "numthreads");
  if (!numthreads) {
    error(entry->loc, "only compute shaders are supported by the SPIR-V back end yet (entry point '" + entry->name +
                          "' has no [numthreads])");
    return;
  }
  ir::FuncId wrapper = b_->createFunction(entry->name, cx_->voidType(), {});
  ir::EntryPoint& ep = b_->entryPoint(wrapper, spv::ExecutionModelGLCompute, entry->name);
  std::vector<uint32_t> size{1, 1, 1};
  for (size_t i = 0; i < 3 && i < numthreads->intArgs.size(); ++i) size[i] = static_cast<uint32_t>(numthreads->intArgs[i]);
  ep.modes.push_back({spv::ExecutionModeLocalSize, size});

  // Static globals get their initial values before the entry function runs.
  locals_.clear();
  for (const fe::VarDecl* var : staticInits_) {
    setLoc(var);
    store(LValue{LValue::Kind::Pointer, globals_[var].ptr, {}, false, false, var->type}, rvalue(var->init));
  }

  // A compute input is a system value (SV_DispatchThreadID...) on the parameter, or a struct
  // whose fields (recursively) carry them, as DXC and Clang accept.
  std::function<ir::Value(const fe::VarDecl*, const fe::Type*, const std::string&)> input =
      [&](const fe::VarDecl* p, const fe::Type* type, const std::string& semantic) -> ir::Value {
    const std::string sem = lowerCase(semantic);
    if (sem.empty() && type->isStruct() && p->direction == fe::ParamDirection::In) {
      const fe::StructDecl* record = type->record;
      if (record->base) {
        error(p->loc, "entry parameter '" + p->name + "': a struct with a base class is not supported as a compute input");
        return ir::Value::constant(cx_->undef(lower(type)));
      }
      std::vector<ir::Operand> parts;
      for (const fe::VarDecl* f : record->fields) {
        if (f->type->isResource()) continue;
        parts.push_back(ir::Operand::v(input(p, f->type, f->semantic)));
      }
      return b_->spv(spv::OpCompositeConstruct, lower(type), parts);
    }
    uint32_t builtIn = UINT32_MAX;
    std::string name;
    if (sem == "sv_dispatchthreadid") builtIn = spv::BuiltInGlobalInvocationId, name = "gl_GlobalInvocationID";
    else if (sem == "sv_groupid") builtIn = spv::BuiltInWorkgroupId, name = "gl_WorkGroupID";
    else if (sem == "sv_groupthreadid") builtIn = spv::BuiltInLocalInvocationId, name = "gl_LocalInvocationID";
    else if (sem == "sv_groupindex") builtIn = spv::BuiltInLocalInvocationIndex, name = "gl_LocalInvocationIndex";
    if (builtIn == UINT32_MAX || p->direction != fe::ParamDirection::In || !type->isNumeric()) {
      error(p->loc, "entry parameter '" + p->name + "' with semantic '" + semantic +
                        "' is not supported for compute shaders");
      return ir::Value::constant(cx_->undef(lower(type)));
    }
    const bool isSignedParam = isSigned(type);
    ir::Type scalar = isSignedParam ? cx_->s32() : cx_->u32();
    ir::Value v;
    const fe::Type* from;
    if (builtIn == spv::BuiltInLocalInvocationIndex) {
      v = builtinInput(name, builtIn, cx_->u32());
      from = unit_.context->types.uintType();
    } else {
      v = builtinInput(name + (isSignedParam ? "_int" : ""), builtIn, cx_->vectorType(scalar, 3));
      from = unit_.context->types.vector(isSignedParam ? fe::ScalarKind::Int : fe::ScalarKind::UInt, 3);
      const unsigned n = type->elementCount();
      if (n < 3) {
        from = n == 1 ? unit_.context->types.scalar(from->scalar) : unit_.context->types.vector(from->scalar, n);
        if (n == 1) {
          v = b_->extract(v, {0});
        } else {
          v = b_->spv(spv::OpVectorShuffle, lower(from), {ir::Operand::v(v), ir::Operand::v(v), ir::Operand::i(0), ir::Operand::i(1)});
        }
      }
    }
    if (type->isScalar() && !from->isScalar()) from = unit_.context->types.scalar(from->scalar);
    return convertValue(v, from, type);
  };
  std::vector<ir::Value> args;
  for (const fe::VarDecl* p : entry->params) {
    setLoc(p);
    args.push_back(input(p, p->type, p->semantic));
  }
  ir::FuncId src = functionFor(entry);
  b_->call(src, args);
  b_->ret();
}

// Rasterizer-ordered views exist in pixel shaders only (DXC's validator: Sm.ROVOnlyInPS); one a
// non-pixel entry uses is an error at its declaration. (SPIR-V refuses every one at declaration.)
void Gen::checkRasterizerOrderedStage(const fe::FunctionDecl* entry) {
  if (rasterizerOrdered_.empty() || options_.spirvTarget || entry->stage == fe::ShaderStage::Pixel) return;
  std::set<uint32_t> used;
  for (size_t f = 0; f < module_->functions.size(); ++f) {
    const ir::FunctionDef& fn = module_->functions[f];
    for (size_t i = 0; i < fn.insts.size(); ++i) {
      const ir::InstDef& inst = fn.insts[i];
      if (!inst.op.isHlsl(ir::HlslOp::HandleFromBinding)) continue;
      for (const auto& [key, value] : inst.attrs.extra)
        if (key == attr::kResourceId) used.insert(uint32_t(std::stoul(value)));
    }
  }
  for (const auto& [global, var] : rasterizerOrdered_)
    if (used.count(global)) {
      setLoc(var);
      error(var->loc, "'" + fe::typeName(stripArrays(var->type)) + "': rasterizer-ordered views are only allowed in pixel shaders");
    }
}

IrGenResult Gen::run() {
  IrGenResult result;
  declareGlobals();
  const fe::FunctionDecl* entry = unit_.entry;
  if (entry && entry->definition) entry = entry->definition;
  if (!entry || !entry->body) {
    error({}, "entry point not found");
  } else {
    genEntry(entry);
    while (!pending_.empty() && errors_ < 50) {
      auto [fn, id] = pending_.front();
      pending_.pop_front();
      genFunctionBody(fn, id);
    }
    addDerivativeGroupMode();
    checkRasterizerOrderedStage(entry);
  }
  result.diagnostics = std::move(diags_);
  if (!hasErrors(result.diagnostics)) result.module = std::move(module_);
  return result;
}

IrGenResult generateIR(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                       const IrGenOptions& options) {
  Gen gen(unit, source, options);
  return gen.run();
}

}  // namespace sl::irgen
