// Calls: intrinsic matching against the generated table (hlsl-semantics.md §2.7), intrinsics
// shadowing user functions (§2.8), and DXC's scored overload resolution for user functions (§2.6).
#include "core/frontend/Sema.h"

#include <algorithm>
#include <climits>

namespace sl::frontend {

namespace {

enum class GroupShape { Unset, Scalar, Vector, Matrix };

struct TemplateGroup {
  GroupShape shape = GroupShape::Unset;
  unsigned rows = 0, cols = 0;  // minimum over contributing arguments
};

bool objectClassAccepts(const std::string& cls, const Type* t) {
  if (cls == "string") return t->kind == TypeKind::String;
  if (cls == "udt") return t->isStruct();
  if (cls == "ray_desc") return t->isStruct() && t->record->qualifiedName == "RayDesc";
  if (cls == "RayQuery") return t->isResource() && t->resource == ResourceKind::RayQuery;
  if (!t->isResource()) return false;
  ResourceKind k = t->resource;
  if (cls == "sampler") return k == ResourceKind::SamplerState;
  if (cls == "sampler_cmp") return k == ResourceKind::SamplerComparisonState;
  if (cls == "any_sampler") return resourceIsSampler(k);
  if (cls == "sampler1d" || cls == "sampler2d" || cls == "sampler3d" || cls == "sampler_cube")
    return k == ResourceKind::SamplerState;
  if (cls == "resource") return !resourceIsSampler(k);
  if (cls == "acceleration_struct") return k == ResourceKind::RaytracingAccelerationStructure;
  return resourceKindName(k) == cls;
}

ScalarKind concreteFor(const ComponentClass& cls, ScalarKind unified) {
  auto has = [&](ScalarKind k) { return std::find(cls.kinds.begin(), cls.kinds.end(), k) != cls.kinds.end(); };
  if (unified == ScalarKind::LiteralFloat) {
    if (has(ScalarKind::Float)) return ScalarKind::Float;
    if (has(ScalarKind::Double)) return ScalarKind::Double;
  } else if (unified == ScalarKind::LiteralInt) {
    if (has(ScalarKind::Int)) return ScalarKind::Int;
    if (has(ScalarKind::UInt)) return ScalarKind::UInt;
  } else if (has(unified)) {
    return unified;
  }
  for (ScalarKind k : cls.kinds)
    if (!isLiteralKind(k)) return k;
  return ScalarKind::Float;
}

bool isSymbolic(const std::string& dim) { return !dim.empty() && (dim[0] == 'r' || dim[0] == 'c'); }
unsigned fixedDim(const std::string& dim) { return dim.empty() || !std::isdigit(static_cast<unsigned char>(dim[0])) ? 1u : unsigned(std::atoi(dim.c_str())); }

}  // namespace

Expr* Sema::buildIntrinsicCall(clang::SourceLocation loc, const std::string& space, const std::string& name,
                               Expr* object, std::vector<Expr*> args, const Type* templateArg, bool reportFailure) {
  for (Expr* a : args)
    if (a->type->isError()) return errorExpr(loc);
  if (space == "Intrinsics" && name == "select" && args.size() == 3 && args[1]->type->isStruct() &&
      args[1]->type == args[2]->type && args[0]->type->isNumeric() && args[0]->type->elementCount() == 1) {
    // select(bool, S, S) on one struct type (proposal 0040); DXC's table predates it.
    const std::vector<const IntrinsicRow*> selectRows = findIntrinsics(space, name);
    auto* call = ast().make<IntrinsicCallExpr>();
    call->loc = loc;
    call->name = name;
    call->row = selectRows.empty() ? nullptr : selectRows.front();
    call->opcode = call->row ? call->row->opcode : std::string();
    call->type = args[1]->type;
    call->paramTypes = {types().boolType(), args[1]->type, args[2]->type};
    call->directions = {ParamDirection::In, ParamDirection::In, ParamDirection::In};
    call->args = {convert(args[0], types().boolType(), ConversionContext::Argument), args[1], args[2]};
    return call;
  }
  std::vector<const IntrinsicRow*> rows;
  for (const IntrinsicRow* row : findIntrinsics(space, name)) {
    if (row->hidden()) continue;
    bool varargs = !row->params.empty() && row->params.back().shape == IntrinsicShape::Varargs;
    if (varargs ? args.size() + 1 >= size_t(row->arity) : size_t(row->arity) == args.size()) rows.push_back(row);
  }
  if (rows.empty()) {
    if (!reportFailure) return nullptr;
    error(loc, "no overload of '" + name + "' takes " + std::to_string(args.size()) + " argument" +
                   (args.size() == 1 ? "" : "s"));
    return errorExpr(loc);
  }
  const Type* objectElement = object && object->type->isResource() ? object->type->element : nullptr;
  // A row refused only because a strict ("_only") component class does not list the argument's
  // element type: DXC rejects these too (WaveActiveBitAnd(int4)), and a note says why.
  const ComponentClass* strictRefusal = nullptr;
  std::string strictRefusalClass;

  for (const IntrinsicRow* row : rows) {
    size_t n = std::min(args.size(), row->params.size());
    std::map<int, TemplateGroup> groups;
    std::map<std::string, unsigned> dims;  // symbolic sizes: minimum over arguments
    std::map<int, std::optional<ScalarKind>> components;
    bool ok = true;
    std::vector<const Type*> argTypes(n);
    for (size_t i = 0; i < n && ok; ++i) {
      const IntrinsicParam& p = row->params[i];
      const Type* t = args[i]->type;
      if (t->isEnum()) t = types().intType();
      argTypes[i] = t;
      switch (p.shape) {
        case IntrinsicShape::Object: ok = objectClassAccepts(p.component, t); continue;
        case IntrinsicShape::Varargs: case IntrinsicShape::FromObject: case IntrinsicShape::FromTemplateArg:
        case IntrinsicShape::Void: continue;
        case IntrinsicShape::Array: case IntrinsicShape::AnyArray: ok = t->isArray(); continue;
        default: break;
      }
      if (!t->isNumeric()) {
        ok = false;
        break;
      }
      TemplateGroup& g = groups[p.templateGroup];
      GroupShape argShape = t->isMatrix() ? GroupShape::Matrix : t->isVector() ? GroupShape::Vector : GroupShape::Scalar;
      if (t->isVector() && t->cols == 1) argShape = GroupShape::Scalar;
      if (p.shape == IntrinsicShape::Scalar) {
        if (argShape != GroupShape::Scalar) ok = false;
      } else if (p.shape == IntrinsicShape::Vector) {
        if (argShape == GroupShape::Matrix) ok = false;
        else if (argShape == GroupShape::Vector) {
          if (isSymbolic(p.cols)) {
            auto [it, fresh] = dims.emplace(p.cols, t->cols);
            if (!fresh) it->second = std::min(it->second, unsigned(t->cols));
          } else if (t->cols < fixedDim(p.cols)) {
            ok = false;
          }
        }
      } else if (p.shape == IntrinsicShape::Matrix) {
        if (argShape != GroupShape::Matrix) ok = false;
        else {
          for (auto [dim, value] : {std::pair<const std::string&, unsigned>(p.rows, t->rows),
                                    std::pair<const std::string&, unsigned>(p.cols, t->cols)}) {
            if (isSymbolic(dim)) {
              auto [it, fresh] = dims.emplace(dim, value);
              if (!fresh) it->second = std::min(it->second, value);
            } else if (value < fixedDim(dim)) {
              ok = false;
            }
          }
        }
      } else if (p.shape == IntrinsicShape::Any) {
        if (argShape != GroupShape::Scalar) {
          if (g.shape == GroupShape::Unset || g.shape == GroupShape::Scalar) {
            g.shape = argShape;
            g.rows = t->rows;
            g.cols = t->cols;
          } else if (g.shape != argShape) {
            ok = false;
          } else {
            g.rows = std::min(g.rows, unsigned(t->rows));
            g.cols = std::min(g.cols, unsigned(t->cols));
          }
        } else if (g.shape == GroupShape::Unset) {
          g.shape = GroupShape::Scalar;
        }
      }
      if (!ok) break;
      // Component group.
      if (p.componentGroup >= 0) {
        auto& c = components[p.componentGroup];
        c = c ? combineBasicTypes(*c, t->scalar) : t->scalar;
      }
    }
    if (!ok) continue;

    // Resolve each component group's concrete kind against its class.
    std::map<int, ScalarKind> resolved;
    for (auto& [group, unified] : components) {
      if (!unified) continue;
      const IntrinsicParam& owner = group == 0 ? row->result : row->params[size_t(group - 1)];
      std::string clsName = owner.component;
      // `$typeN` copies are stored with their own class; fall back to the first param that has one.
      const ComponentClass* cls = &componentClass(clsName);
      if (cls->isObject || cls->kinds.empty()) {
        for (const IntrinsicParam& p : row->params)
          if (p.componentGroup == group && !componentClass(p.component).isObject &&
              !componentClass(p.component).kinds.empty())
            cls = &componentClass(p.component);
      }
      if (cls->isObject || cls->kinds.empty()) {
        resolved[group] = isLiteralKind(*unified) ? (*unified == ScalarKind::LiteralInt ? ScalarKind::Int : ScalarKind::Float) : *unified;
        continue;
      }
      bool listed = std::find(cls->kinds.begin(), cls->kinds.end(), *unified) != cls->kinds.end();
      bool onlyOut = true;
      for (size_t i = 0; i < n; ++i)
        if (row->params[i].componentGroup == group && row->params[i].direction != ParamDirection::Out) onlyOut = false;
      if (!listed && cls->strict && !onlyOut) {
        if (!strictRefusal) {
          strictRefusal = cls;
          for (const IntrinsicParam& p : row->params)
            if (&componentClass(p.component) == cls) strictRefusalClass = p.component;
        }
        ok = false;
        break;
      }
      resolved[group] = concreteFor(*cls, *unified);
    }
    if (!ok) continue;

    auto shapedType = [&](const IntrinsicParam& p, ScalarKind kind) -> const Type* {
      switch (p.shape) {
        case IntrinsicShape::Scalar: return types().scalar(kind);
        case IntrinsicShape::Vector: {
          unsigned c = isSymbolic(p.cols) ? (dims.count(p.cols) ? dims[p.cols] : 1) : fixedDim(p.cols);
          // The table's one-element vectors (`int<1>`) are scalars for every purpose here.
          return c == 1 ? types().scalar(kind) : types().vector(kind, c);
        }
        case IntrinsicShape::Matrix: {
          unsigned r = isSymbolic(p.rows) ? (dims.count(p.rows) ? dims[p.rows] : 1) : fixedDim(p.rows);
          unsigned c = isSymbolic(p.cols) ? (dims.count(p.cols) ? dims[p.cols] : 1) : fixedDim(p.cols);
          return types().matrix(kind, r, c);
        }
        case IntrinsicShape::Any: {
          auto it = groups.find(p.templateGroup);
          if (it == groups.end() || it->second.shape == GroupShape::Scalar || it->second.shape == GroupShape::Unset)
            return types().scalar(kind);
          if (it->second.shape == GroupShape::Vector) return types().vector(kind, it->second.cols);
          return types().matrix(kind, it->second.rows, it->second.cols);
        }
        default: return types().scalar(kind);
      }
    };
    auto componentOf = [&](const IntrinsicParam& p, const Type* argType) -> ScalarKind {
      if (p.componentGroup == kMatchObjectTElt0 && objectElement)
        return objectElement->isNumeric() ? objectElement->scalar : ScalarKind::Float;
      auto it = resolved.find(p.componentGroup);
      if (it != resolved.end()) return it->second;
      const ComponentClass& cls = componentClass(p.component);
      if (argType && argType->isNumeric()) return concreteFor(cls, argType->scalar);
      return cls.kinds.empty() ? ScalarKind::Float : concreteFor(cls, cls.kinds[0]);
    };

    // Parameter types and directions.
    std::vector<const Type*> paramTypes;
    std::vector<ParamDirection> directions;
    for (size_t i = 0; i < args.size(); ++i) {
      const IntrinsicParam& p = row->params[std::min(i, row->params.size() - 1)];
      const Type* t = argTypes.size() > i ? argTypes[i] : args[i]->type;
      const Type* pt = nullptr;
      switch (p.shape) {
        case IntrinsicShape::Object: case IntrinsicShape::Array: case IntrinsicShape::AnyArray:
        case IntrinsicShape::Varargs:
          pt = p.shape == IntrinsicShape::Varargs ? concreteType(args[i]->type) : args[i]->type;
          break;
        case IntrinsicShape::FromObject: pt = objectElement ? objectElement : types().error(); break;
        case IntrinsicShape::FromTemplateArg:
          pt = templateArg ? templateArg
               : args[i]->type->isLiteral() ? types().withElement(args[i]->type, args[i]->type->scalar == ScalarKind::LiteralInt ? ScalarKind::UInt : ScalarKind::Float)
                                            : args[i]->type;
          break;
        default: pt = shapedType(p, componentOf(p, t)); break;
      }
      paramTypes.push_back(pt);
      directions.push_back(p.shape == IntrinsicShape::Varargs ? ParamDirection::In : p.direction);
    }
    // Out/inout/ref arguments must be modifiable lvalues, and convertible both ways.
    for (size_t i = 0; i < args.size() && ok; ++i) {
      if (directions[i] != ParamDirection::In && !isModifiable(args[i])) ok = false;
      if (ok && directions[i] == ParamDirection::In && !canConvert(args[i]->type, paramTypes[i], false)) ok = false;
    }
    if (!ok) continue;

    // Result type.
    const IntrinsicParam& r = row->result;
    const Type* resultType = nullptr;
    switch (r.shape) {
      case IntrinsicShape::Void: resultType = types().voidType(); break;
      case IntrinsicShape::FromObject: resultType = objectElement ? objectElement : types().error(); break;
      case IntrinsicShape::FromTemplateArg: resultType = templateArg ? templateArg : types().uintType(); break;
      case IntrinsicShape::Object:
        resultType = !args.empty() && r.templateGroup >= 1 && size_t(r.templateGroup) <= args.size()
                         ? args[size_t(r.templateGroup - 1)]->type
                         : types().error();
        break;
      default: {
        IntrinsicParam shapeSource = r;
        if (r.shape == IntrinsicShape::Any && r.templateGroup >= 1 && size_t(r.templateGroup) <= row->params.size())
          shapeSource.templateGroup = row->params[size_t(r.templateGroup - 1)].templateGroup;
        // A result no parameter matches (`float<> f16tof32(in uint<> x)`) takes the first
        // parameter's shape, as in DXC: f16tof32(uint2) is float2.
        if (r.shape == IntrinsicShape::Any && r.templateGroup == 0 && !groups.count(0) && groups.count(1))
          shapeSource.templateGroup = 1;
        resultType = shapedType(shapeSource, componentOf(r, nullptr));
        break;
      }
    }

    auto* call = ast().make<IntrinsicCallExpr>();
    call->loc = loc;
    call->name = name;
    call->opcode = row->opcode;
    call->row = row;
    call->object = object;
    call->templateArg = templateArg;
    call->type = resultType;
    call->paramTypes = paramTypes;
    call->directions = directions;
    for (size_t i = 0; i < args.size(); ++i) {
      if (directions[i] == ParamDirection::In) call->args.push_back(convert(args[i], paramTypes[i], ConversionContext::Argument));
      else call->args.push_back(args[i]);
    }
    return call;
  }
  if (!reportFailure) return nullptr;
  std::string argList;
  for (Expr* a : args) argList += (argList.empty() ? "" : ", ") + typeName(a->type);
  error(loc, "no matching intrinsic overload for '" + name + "(" + argList + ")'", unsigned(name.size()));
  if (strictRefusal) {
    std::string accepted;
    for (ScalarKind k : strictRefusal->kinds)
      if (!isLiteralKind(k)) accepted += (accepted.empty() ? "" : ", ") + std::string(scalarName(k));
    note(loc, "its argument elements must be one of " + accepted + " (component class '" + strictRefusalClass +
                  "', no implicit conversion); convert the argument explicitly");
  }
  return errorExpr(loc);
}

// ---------------------------------------------------------------------------------------------
// User functions

Expr* Sema::finishCall(clang::SourceLocation loc, FunctionDecl* fn, Expr* object, std::vector<Expr*> args) {
  if (!fn->deferredDiagnostics.empty()) {
    // First use of a template-instance method whose body had errors: report them now.
    std::vector<Diagnostic> deferred = std::move(fn->deferredDiagnostics);
    fn->deferredDiagnostics.clear();
    for (Diagnostic& d : deferred) {
      if (d.severity == Severity::Error) {
        d.notes.push_back(unit_.makeDiagnostic(Severity::Note, loc, "in instantiation of '" + fn->qualifiedName +
                                                                        "' requested here"));
        ++errorCount_;
      }
      diagnostics_.push_back(std::move(d));
    }
  }
  auto* call = ast().make<CallExpr>();
  call->loc = loc;
  call->callee = fn;
  call->object = object;
  call->type = fn->returnType;
  for (size_t i = 0; i < fn->params.size(); ++i) {
    VarDecl* p = fn->params[i];
    if (i >= args.size()) {
      // Default argument: the call site evaluates the parameter's (already converted) default,
      // as C++ and DXC do, so every call passes one argument per parameter.
      call->args.push_back(p->defaultArg ? p->defaultArg : errorExpr(loc));
      continue;
    }
    if (p->direction == ParamDirection::In) call->args.push_back(convert(args[i], p->type, ConversionContext::Argument));
    else {
      checkModifiable(args[i], args[i]->loc, "out argument");
      bool trunc = false;
      if (!canConvert(p->type, args[i]->type, false, &trunc))
        error(args[i]->loc, "cannot convert from '" + typeName(p->type) + "' to '" + typeName(args[i]->type) + "'");
      call->args.push_back(args[i]);
    }
  }
  if (FunctionDecl* caller = currentFunction()) {
    callEdges_.push_back({caller, fn});
    callSites_.push_back({fn, loc});
  }
  return call;
}

Expr* Sema::resolveOverload(clang::SourceLocation loc, const std::string& name, const std::vector<FunctionDecl*>& fns,
                            Expr* object, std::vector<Expr*> args) {
  struct Candidate {
    FunctionDecl* fn;
    uint64_t score;
  };
  std::vector<Candidate> viable;
  // Forward declarations and their definitions are one candidate.
  std::vector<FunctionDecl*> unique;
  for (FunctionDecl* f : fns) {
    bool duplicate = false;
    for (FunctionDecl* u : unique)
      if (u->definition == f || f->definition == u || u == f) duplicate = true;
    if (!duplicate) unique.push_back(f);
  }
  for (FunctionDecl* fn : unique) {
    size_t required = 0;
    for (VarDecl* p : fn->params)
      if (!p->defaultArg) ++required;
    if (args.size() < required || args.size() > fn->params.size()) continue;
    bool ok = true;
    uint64_t score = 0;
    for (size_t i = 0; i < args.size() && ok; ++i) {
      VarDecl* p = fn->params[i];
      const Type* at = args[i]->type;
      if (!canConvert(at, p->type, false)) ok = false;
      if (p->direction != ParamDirection::In) {
        if (!isModifiable(args[i]) || !canConvert(p->type, at, false)) ok = false;
        else score += scoreCast(at, p->type);
      }
      if (ok && p->direction != ParamDirection::Out) score += scoreCast(p->type, at);
      if (ok && p->direction == ParamDirection::Out) score += 0;
    }
    if (ok) viable.push_back({fn, score});
  }
  std::string argList;
  for (Expr* a : args) argList += (argList.empty() ? "" : ", ") + typeName(a->type);
  if (viable.empty()) {
    error(loc, "no matching function for call to '" + name + "'", unsigned(name.size()));
    for (FunctionDecl* fn : unique) {
      std::string why;
      size_t required = 0;
      for (VarDecl* p : fn->params)
        if (!p->defaultArg) ++required;
      if (args.size() < required || args.size() > fn->params.size())
        why = "requires " + std::to_string(fn->params.size()) + " argument" + (fn->params.size() == 1 ? "" : "s") +
              ", but " + std::to_string(args.size()) + " " + (args.size() == 1 ? "was" : "were") + " provided";
      else {
        for (size_t i = 0; i < args.size(); ++i) {
          VarDecl* p = fn->params[i];
          if (!canConvert(args[i]->type, p->type, false)) {
            why = "no known conversion from '" + typeName(args[i]->type) + "' to '" + typeName(p->type) +
                  "' for " + std::to_string(i + 1) + (i == 0 ? "st" : i == 1 ? "nd" : i == 2 ? "rd" : "th") +
                  " argument";
            break;
          }
          if (p->direction != ParamDirection::In && !isModifiable(args[i])) {
            why = "cannot pass a non-modifiable argument to an '" + std::string(directionName(p->direction)) +
                  "' parameter";
            break;
          }
        }
      }
      note(fn->loc, "candidate function not viable" + (why.empty() ? std::string() : ": " + why));
    }
    return errorExpr(loc);
  }
  uint64_t best = UINT64_MAX;
  for (const Candidate& c : viable) best = std::min(best, c.score);
  std::vector<FunctionDecl*> winners;
  for (const Candidate& c : viable)
    if (c.score == best) winners.push_back(c.fn);
  if (winners.size() > 1) {
    error(loc, "call to '" + name + "' is ambiguous", unsigned(name.size()));
    for (FunctionDecl* fn : winners) note(fn->loc, "candidate function");
    return errorExpr(loc);
  }
  return finishCall(loc, winners[0], object, std::move(args));
}

Expr* Sema::buildCall(clang::SourceLocation loc, const std::string& name, std::vector<Decl*> candidates,
                      bool qualified, std::vector<Expr*> args, const Type* templateArg) {
  for (Expr* a : args)
    if (a->type->isError()) return errorExpr(loc);
  // Intrinsics win over user functions of the same name (DXC #1887).
  if (!qualified && hasIntrinsic("Intrinsics", name)) {
    if (Expr* call = buildIntrinsicCall(loc, "Intrinsics", name, nullptr, args, templateArg, false)) return call;
  }
  std::vector<FunctionDecl*> fns;
  for (Decl* d : candidates)
    if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
  if (fns.empty()) {
    if (!qualified && hasIntrinsic("Intrinsics", name))
      return buildIntrinsicCall(loc, "Intrinsics", name, nullptr, args, templateArg, true);
    if (candidates.empty()) error(loc, "use of undeclared identifier '" + name + "'", unsigned(name.size()));
    else error(loc, "called object type is not a function", unsigned(name.size()));
    return errorExpr(loc);
  }
  Expr* object = nullptr;
  bool method = false;
  for (FunctionDecl* f : fns)
    if (f->parent && !f->isStatic) method = true;
  if (method) {
    FunctionDecl* current = currentFunction();
    if (current && current->parent && !current->isStatic) object = buildThis(loc);
  }
  return resolveOverload(loc, name, fns, object, std::move(args));
}

Expr* Sema::buildMethodCall(clang::SourceLocation loc, Expr* object, const std::string& name, std::vector<Expr*> args,
                            const Type* templateArg) {
  const Type* t = object->type;
  if (t->isError()) return errorExpr(loc);
  for (Expr* a : args)
    if (a->type->isError()) return errorExpr(loc);
  if (t->isResource()) {
    std::string_view table = resourceMethodTable(t->resource);
    if (table.empty() || !hasIntrinsic(table, name)) {
      error(loc, "no member named '" + name + "' in '" + typeName(t) + "'", unsigned(name.size()));
      return errorExpr(loc);
    }
    return buildIntrinsicCall(loc, std::string(table), name, object, std::move(args), templateArg, true);
  }
  if (isHeapInfo(t) || isHeapObject(t)) {
    error(loc, "no member named '" + name + "' in '" + typeName(t) +
                   "': a descriptor heap element has no resource type until it is assigned to a resource variable",
          unsigned(name.size()));
    return errorExpr(loc);
  }
  if (t->isStruct()) {
    std::vector<FunctionDecl*> fns;
    for (Decl* d : lookupMember(t->record, name))
      if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
    if (fns.empty()) {
      error(loc, "no member function named '" + name + "' in '" + typeName(t) + "'", unsigned(name.size()));
      return errorExpr(loc);
    }
    return resolveOverload(loc, name, fns, object, std::move(args));
  }
  error(loc, "member reference base type '" + typeName(t) + "' is not a structure", unsigned(name.size()));
  return errorExpr(loc);
}

Expr* Sema::buildDirectCall(clang::SourceLocation loc, FunctionDecl* fn, Expr* object, std::vector<Expr*> args) {
  for (Expr* a : args)
    if (a->type->isError()) return errorExpr(loc);
  if (!object && fn->parent && !fn->isStatic) {
    FunctionDecl* current = currentFunction();
    if (current && current->parent && !current->isStatic) object = buildThis(loc);
  }
  return resolveOverload(loc, fn->name, {fn}, object, std::move(args));
}

Expr* Sema::buildOperatorCall(clang::SourceLocation loc, const std::string& op, Expr* object, std::vector<Expr*> args) {
  if (!object->type->isStruct()) return nullptr;
  std::vector<FunctionDecl*> fns;
  for (Decl* d : lookupMember(object->type->record, "operator" + op))
    if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
  if (fns.empty()) return nullptr;
  return resolveOverload(loc, "operator" + op, fns, object, std::move(args));
}

Expr* Sema::buildStaticMethodCall(clang::SourceLocation loc, StructDecl* record, const std::string& name,
                                  std::vector<Expr*> args) {
  std::vector<FunctionDecl*> fns;
  for (Decl* d : lookupMember(record, name))
    if (d->kind == DeclKind::Function) fns.push_back(static_cast<FunctionDecl*>(d));
  if (fns.empty()) {
    error(loc, "no member named '" + name + "' in '" + record->name + "'", unsigned(name.size()));
    return errorExpr(loc);
  }
  Expr* object = nullptr;
  FunctionDecl* current = currentFunction();
  if (current && current->parent && !current->isStatic) {
    for (StructDecl* r = current->parent; r; r = r->base)
      if (r == record) object = buildThis(loc);
  }
  return resolveOverload(loc, name, fns, object, std::move(args));
}

}  // namespace sl::frontend
