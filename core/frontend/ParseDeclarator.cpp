// Parser: declaration specifiers and declarators (arrays, semantics, registers, parameters,
// functions, variables, out-of-line members, initializers).
#include "core/frontend/Parser.h"

#include <algorithm>
#include <charconv>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

// ---------------------------------------------------------------------------------------------
// Declaration specifiers and declarators

bool Parser::parseDeclSpec(DeclSpec& spec, bool allowDefinitions) {
  spec.loc = cur().loc;
  while (true) {
    if (atAttribute()) {
      parseAttributes(spec.attributes);
      continue;
    }
    if (!cur().word || splitGreater_) break;
    const std::string& w = cur().text;
    if (!isTypeModifierWord(w)) break;
    // `sample`, `linear`, ... are also ordinary identifiers; they are modifiers only before a type.
    if (isContextualModifierWord(w) && !peek(1).word) break;
    if (w == "static") spec.isStatic = true;
    else if (w == "const") spec.isConst = true;
    else if (w == "uniform") spec.isUniform = true;
    else if (w == "groupshared") spec.isGroupShared = true;
    else if (w == "extern") spec.isExtern = true;
    else if (w == "inline") spec.isInline = true;
    else if (w == "export") spec.isExport = true;
    else if (w == "row_major") spec.layout = MatrixLayout::RowMajor;
    else if (w == "column_major") spec.layout = MatrixLayout::ColumnMajor;
    else if (w == "in" || w == "out" || w == "inout") {
      ParamDirection d = w == "in" ? ParamDirection::In : w == "out" ? ParamDirection::Out : ParamDirection::InOut;
      if (spec.hasDirection && !(spec.direction == ParamDirection::In && d == ParamDirection::Out) &&
          !(spec.direction == ParamDirection::Out && d == ParamDirection::In))
        errorHere("duplicate parameter qualifier '" + w + "'");
      if (spec.hasDirection && d != spec.direction) d = ParamDirection::InOut;
      spec.direction = d;
      spec.hasDirection = true;
    } else {
      spec.modifiers.push_back(w);
      spec.modifierLocs.push_back(cur().loc);
    }
    consume();
  }
  if (isWord("struct") || isWord("class")) {
    if (!allowDefinitions && (peekIs(2, tok::l_brace) || peekIs(1, tok::l_brace))) {
      errorHere("struct definitions are not allowed here");
    }
    size_t at = pos_;
    bool defines = peekIs(1, tok::l_brace) || peekIs(2, tok::l_brace) || peekIs(2, tok::colon);
    StructDecl* s = parseStruct();
    if (!s) return false;
    if (defines && at != pos_) spec.definedType = s;
    spec.type = sema_.types().structType(s);
  } else if (isWord("interface")) {
    errorHere("interfaces are not supported");
    return false;
  } else if (isWord("enum")) {
    Decl* e = parseEnum();
    spec.definedType = e;
    spec.type = sema_.types().enumType(static_cast<EnumDecl*>(e));
  } else {
    size_t before = pos_;
    namedTypedef_ = nullptr;
    spec.type = parseType(allowDefinitions, &spec);
    // Only when the whole specifier is the typedef (not a template argument inside it).
    if (namedTypedef_ && namedTypedef_->type == spec.type) spec.typedefName = namedTypedef_;
    if (!spec.type) {
      if (pos_ != before) return false;
      return false;
    }
  }
  // Modifiers after the type are an error in HLSL (`float const x` is accepted by Clang's C++ rules).
  while (cur().word && (cur().text == "const")) {
    spec.isConst = true;
    consume();
  }
  return true;
}

const Type* Parser::parseArrayDims(const Type* type, bool allowUnsized, std::vector<clang::SourceLocation>* unsizedAt) {
  std::vector<std::pair<uint32_t, clang::SourceLocation>> dims;
  while (is(tok::l_square)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (tryConsume(tok::r_square)) {
      if (!allowUnsized) sema_.error(loc, "array size is required here");
      dims.push_back({0, loc});
      if (unsizedAt) unsizedAt->push_back(loc);
      continue;
    }
    Expr* size = parseExpression();
    uint32_t n = 1;
    if (auto v = sema_.evaluateInt(size, size->loc, "array size")) {
      if (*v <= 0) sema_.error(size->loc, "array size must be greater than zero");
      else n = uint32_t(*v);
    }
    expect(tok::r_square, "']'");
    dims.push_back({n, loc});
    if (typeDepth(type) + dims.size() > kMaxTypeDepth) {
      stopParsing(loc, "type nested too deeply (limit " + std::to_string(kMaxTypeDepth) + ")");
      return sema_.types().error();
    }
  }
  // `T a[2][3]` is an array of 2 arrays of 3. Absurd sizes are rejected before any flattening.
  uint64_t total = std::max<uint64_t>(1, flattenedCount(type));
  for (auto it = dims.rbegin(); it != dims.rend(); ++it) {
    total *= std::max<uint32_t>(1, it->first);
    if (total > (uint64_t(1) << 26)) {
      sema_.error(it->second, "array is too large");
      return sema_.types().error();
    }
    type = sema_.types().array(type, it->first);
  }
  return type;
}

void Parser::parsePostDeclarator(std::string& semantic, RegisterBinding& binding, std::string& packOffset,
                                 std::vector<RegisterBinding>* all) {
  while (is(tok::colon)) {
    consume();
    if (isWord("register")) {
      RegisterBinding one;  // this annotation alone; `binding` accumulates all of them
      binding.present = one.present = true;
      binding.loc = one.loc = cur().loc;
      consume();
      if (!expect(tok::l_paren, "'('")) return;
      while (!is(tok::r_paren) && !is(tok::eof)) {
        if (cur().word) {
          std::string w = cur().text;
          // The whole rest of the word, in 32 bits (atoi took `u99999999999999999999` for 4294967295
          // and `u1x` for 1); Clang's messages.
          auto number = [](const std::string& digits) -> std::optional<uint32_t> {
            uint32_t v = 0;
            auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
            return v;
          };
          if (w.rfind("space", 0) == 0 && w.size() > 5 && std::isdigit(static_cast<unsigned char>(w[5]))) {
            if (auto v = number(w.substr(5))) {
              binding.space = one.space = *v;
              binding.hasSpace = one.hasSpace = true;
            } else {
              errorHere("invalid space specifier '" + w + "' used; expected 'space' followed by an integer, like space1");
            }
          } else if (w.size() >= 2 && std::strchr("btusc", std::tolower(w[0])) &&
                     std::isdigit(static_cast<unsigned char>(w[1]))) {
            if (auto v = number(w.substr(1))) {
              binding.registerClass = one.registerClass = char(std::tolower(w[0]));
              binding.index = one.index = *v;
            } else {
              errorHere("register number should be an integer (in 32 bits): '" + w + "'");
            }
          } else if (w.find('_') != std::string::npos) {
            // A profile qualifier such as `ps_5_0`; ignored as DXC ignores it for other targets.
          } else {
            errorHere("invalid register specification '" + w + "'");
          }
        } else if (!is(tok::comma)) {
          errorHere("invalid register specification");
        }
        consume();
      }
      expect(tok::r_paren, "')'");
      if (all) all->push_back(one);
    } else if (isWord("packoffset")) {
      consume();
      if (!expect(tok::l_paren, "'('")) return;
      while (!is(tok::r_paren) && !is(tok::eof)) {
        packOffset += cur().text;
        consume();
      }
      expect(tok::r_paren, "')'");
    } else if (cur().word) {
      semantic = cur().text;
      consume();
    } else {
      errorHere("expected a semantic, register or packoffset after ':'");
      return;
    }
  }
}

VarDecl* Parser::parseParameter() {
  DeclSpec spec;
  size_t before = pos_;
  if (!parseDeclSpec(spec, false)) {
    if (pos_ == before) {
      errorHere(cur().word ? "unknown type name '" + cur().text + "'" : "expected a parameter declaration");
      consume();
    }
    return nullptr;
  }
  auto* p = sema_.ast().make<VarDecl>();
  p->storage = StorageClass::Param;
  p->direction = spec.direction;
  p->isConst = spec.isConst;
  p->layout = spec.layout;
  p->modifiers = spec.modifiers;
  p->attributes = spec.attributes;
  p->loc = cur().loc;
  if (cur().word) {
    p->name = cur().text;
    consume();
  }
  p->type = parseArrayDims(spec.type, true);
  if (p->type == spec.type) p->declaredAs = spec.typedefName;
  if (p->type->isVoid()) {
    sema_.error(p->loc, "parameter cannot have type 'void'");
    p->type = sema_.types().error();
  }
  parsePostDeclarator(p->semantic, p->binding, p->packOffset);
  sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, p->type, p->semantic, p->interpolation);
  if (tryConsume(tok::equal)) {
    Expr* def = parseAssignment();
    // Inside a template instance an unusable default only matters if a call relies on it (C++
    // instantiates default arguments lazily), so drop it silently there.
    if (templateDepth_ > 0 && !def->type->isError() && !sema_.canConvert(def->type, p->type, false)) p->defaultArg = nullptr;
    else p->defaultArg = sema_.convert(def, p->type, ConversionContext::Initialization);
  }
  return p;
}

FunctionDecl* Parser::parseFunctionRest(DeclSpec& spec, const std::string& name, clang::SourceLocation nameLoc,
                                        StructDecl* record) {
  auto* fn = sema_.ast().make<FunctionDecl>();
  fn->name = name;
  fn->loc = nameLoc;
  fn->returnType = spec.type;
  fn->attributes = spec.attributes;
  fn->parent = record;
  fn->isStatic = spec.isStatic && record;
  fn->qualifiedName = sema_.currentScope()->prefix + name;
  consume();  // (
  if (!(isWord("void") && peekIs(1, tok::r_paren))) {
    while (!is(tok::r_paren) && !is(tok::eof)) {
      VarDecl* p = parseParameter();
      if (p) fn->params.push_back(p);
      else skipUntil({tok::comma, tok::r_paren}, false);
      if (!tryConsume(tok::comma)) break;
    }
  } else {
    consume();
  }
  if (!expect(tok::r_paren, "')'")) skipUntil({tok::r_paren}, true);
  bool seenDefault = false;
  for (VarDecl* p : fn->params) {
    if (p->defaultArg) seenDefault = true;
    else if (seenDefault) sema_.error(p->loc, "missing default argument on parameter '" + p->name + "'");
  }
  // Return semantic.
  std::string packOffset;
  RegisterBinding ignored;
  parsePostDeclarator(fn->semantic, ignored, packOffset);
  sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, fn->returnType, fn->semantic, fn->interpolation);
  while (isWord("const")) consume();
  sema_.checkRedeclaration(fn, is(tok::l_brace));
  // A template instance is reached through its template, never by plain lookup (that would hide
  // the template's other overloads inside the instance's own body).
  if (sema_.currentScope()->kind != Scope::Kind::Template) sema_.declare(fn);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(fn);
  if (record) record->methods.push_back(fn);
  if (is(tok::l_brace)) {
    if (record && !record->complete) {
      // Parsed after the struct's closing brace (parseStruct).
      size_t begin = pos_;
      skipBalanced();
      pendingMethodBodies_.push_back({fn, {begin, pos_}});
      // Mark as defined now so redeclaration checks and calls see a definition.
      fn->body = sema_.ast().make<CompoundStmt>();
      fn->body->loc = tokens_[begin].loc;
      return fn;
    }
    Scope* scope = sema_.pushScope(Scope::Kind::Function);
    scope->function = fn;
    for (VarDecl* p : fn->params) {
      sema_.checkRedeclaration(p);
      sema_.declare(p);
    }
    fn->body = parseCompound();
    sema_.popScope();
    sema_.finishFunction(fn);
    return fn;
  }
  expect(tok::semi, "';' after function declaration");
  return fn;
}

void Parser::parseDeclarators(DeclSpec& spec, std::vector<Decl*>& out, StorageClass storage, CBufferDecl* cbuffer,
                              StructDecl* record) {
  bool first = true;
  while (true) {
    if (record && is(tok::colon) && peekIs(1, tok::numeric_constant)) {
      // An unnamed bitfield (`uint : 2;`) only pads.
      auto* pad = sema_.ast().make<VarDecl>();
      pad->loc = cur().loc;
      pad->type = spec.type;
      pad->storage = StorageClass::Field;
      pad->parent = record;
      consume();
      Expr* width = parseConditional();
      if (auto v = sema_.evaluateInt(width, width->loc, "bitfield width")) pad->bitWidth = uint32_t(std::max<int64_t>(*v, 0));
      record->fields.push_back(pad);
      out.push_back(pad);
      first = false;
      if (!tryConsume(tok::comma)) break;
      continue;
    }
    if (is(tok::star) || is(tok::amp)) {
      errorHere(is(tok::star) ? "pointers are unsupported in HLSL" : "references are unsupported in HLSL");
      consume();
      continue;
    }
    if (!cur().word) {
      errorHere(first ? "expected an identifier after the type" : "expected an identifier");
      skipUntil({tok::semi}, true);
      return;
    }
    std::string name = cur().text;
    clang::SourceLocation nameLoc = cur().loc;
    consume();
    if (name == "operator") {
      // Member operator overloads (HLSL 2021): `T operator[](uint i)`, `S operator+(S o)`.
      if (is(tok::l_square) && peekIs(1, tok::r_square)) {
        name += "[]";
        consume();
        consume();
      } else if (is(tok::l_paren) && peekIs(1, tok::r_paren)) {
        name += "()";
        consume();
        consume();
      } else if (!cur().word && !is(tok::l_paren) && !is(tok::eof)) {
        name += cur().text;
        consume();
      } else {
        errorHere("expected an overloadable operator after 'operator'");
        skipUntil({tok::semi}, true);
        return;
      }
      if (!record) {
        sema_.error(nameLoc, "overloading non-member '" + name + "' is not allowed");
      } else if (name == "operator=" || name == "operator++" || name == "operator--" || name == "operator<<" ||
                 name == "operator>>" || name == "operator->" || (name.size() > 9 && name.back() == '=' &&
                                                                  name != "operator==" && name != "operator!=" &&
                                                                  name != "operator<=" && name != "operator>=")) {
        sema_.error(nameLoc, "'" + name + "' cannot be overloaded in HLSL");
      }
      if (!is(tok::l_paren)) {
        errorHere("expected '(' after the operator name");
        skipUntil({tok::semi}, true);
        return;
      }
    }
    if (first && is(tok::coloncolon) && peek(1).word && !record) {
      // An out-of-line member definition: `uint S::s = 1;`, `float S::f() { ... }`.
      Decl* container = sema_.lookupNamespaceOrType(name);
      while (container && is(tok::coloncolon) && peek(1).word) {
        consume();
        name = cur().text;
        nameLoc = cur().loc;
        consume();
        if (is(tok::coloncolon)) {
          Decl* next = nullptr;
          for (Decl* d : sema_.lookupIn(container, name))
            if (d->kind == DeclKind::Struct || d->kind == DeclKind::Namespace || d->kind == DeclKind::Typedef) next = d;
          container = next;
        }
      }
      const Type* containerType = container ? sema_.typeOfTypeDecl(container) : nullptr;
      if (!containerType || !containerType->isStruct()) {
        sema_.error(nameLoc, "out-of-line definition of '" + name + "' does not match any struct member");
        if (is(tok::l_paren)) {
          skipBalanced();
          if (is(tok::l_brace)) skipBalanced();
          else skipUntil({tok::semi}, true);
        } else {
          skipUntil({tok::semi}, true);
        }
        return;
      }
      parseOutOfLineMember(spec, containerType->record, name, nameLoc);
      return;
    }
    if (is(tok::l_paren)) {
      if (!first) {
        errorHere("a function cannot be declared in a declarator list");
        skipUntil({tok::semi}, true);
        return;
      }
      FunctionDecl* fn = parseFunctionRest(spec, name, nameLoc, record);
      out.push_back(fn);
      return;
    }
    auto* var = sema_.ast().make<VarDecl>();
    var->name = name;
    var->loc = nameLoc;
    var->attributes = spec.attributes;
    var->modifiers = spec.modifiers;
    var->layout = spec.layout;
    var->cbuffer = cbuffer;
    var->parent = record;
    if (record && is(tok::colon) && peekIs(1, tok::numeric_constant)) {
      consume();
      Expr* width = parseConditional();
      if (auto v = sema_.evaluateInt(width, width->loc, "bitfield width")) {
        if (!spec.type->isScalar() || !isIntKind(spec.type->scalar))
          sema_.error(nameLoc, "bitfields are only allowed on integer members");
        else if (*v <= 0 || *v > int64_t(bitWidth(spec.type->scalar)))
          sema_.error(width->loc, "bitfield width must be between 1 and " + std::to_string(bitWidth(spec.type->scalar)));
        else var->bitWidth = uint32_t(*v);
      }
    }
    std::vector<clang::SourceLocation> unsized;
    bool allowUnsized = storage != StorageClass::Field && storage != StorageClass::CBufferMember;
    var->type = parseArrayDims(spec.type, allowUnsized, &unsized);
    if (var->type == spec.type) var->declaredAs = spec.typedefName;
    if (spec.type->isVoid()) {
      sema_.error(nameLoc, "variable has incomplete type 'void'");
      var->type = sema_.types().error();
    }
    parsePostDeclarator(var->semantic, var->binding, var->packOffset, &var->registers);
    if (storage == StorageClass::Field)
      sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, var->type, var->semantic, var->interpolation);
    {
      // A value of a struct that is still being defined (or only forward-declared) has no layout.
      const Type* leaf = var->type;
      while (leaf->isArray()) leaf = leaf->element;
      if (leaf->isStruct() && !leaf->record->complete && storage != StorageClass::StaticField) {
        sema_.error(nameLoc, std::string(storage == StorageClass::Field ? "field" : "variable") + " has incomplete type '" +
                                 typeName(leaf) + "'",
                    unsigned(name.size()));
        var->type = sema_.types().error();
      }
    }
    // Storage class.
    StorageClass sc = storage;
    bool isResourceType = containsResource(var->type);
    if (storage == StorageClass::Uniform) {
      if (spec.isStatic) sc = StorageClass::Static;
      else if (spec.isGroupShared) sc = StorageClass::GroupShared;
    } else if (storage == StorageClass::Local) {
      if (spec.isStatic) sc = StorageClass::Static;
      else if (spec.isGroupShared) {
        sema_.error(nameLoc, "'groupshared' variables must be declared at global scope");
      }
    }
    // Specialization constants (`[[vk::constant_id(N)]] const T x = v;`) are not buffer members.
    for (const Attribute& a : spec.attributes)
      if (a.name == "vk::constant_id" && sc == StorageClass::Uniform) sc = StorageClass::Static;
    var->storage = sc;
    var->isConst = spec.isConst || sc == StorageClass::Uniform || sc == StorageClass::CBufferMember;
    if (isResourceType && (sc == StorageClass::Uniform)) var->isConst = spec.isConst;
    if (isResourceType && sc == StorageClass::Uniform) var->isConst = true;
    if (is(tok::equal)) {
      if (storage == StorageClass::Field) sema_.error(cur().loc, "struct/class members cannot have default values");
      consume();
      Expr* init = parseInitializer(var->type);
      if (var->type->isArray() && var->type->arraySize == 0) {
        // Size an unsized array from its initializer.
        unsigned elementCount = flattenedCount(var->type->element);
        if (init->type && init->type->isArray() && init->type->element == var->type->element) {
          var->type = init->type;
        } else if (init->kind == ExprKind::InitList && init->type == nullptr && elementCount) {
          unsigned total = 0;
          bool ok = true;
          std::vector<Expr*> pending(static_cast<InitListExpr*>(init)->elements.begin(),
                                     static_cast<InitListExpr*>(init)->elements.end());
          while (!pending.empty()) {
            Expr* item = pending.back();
            pending.pop_back();
            if (item->kind == ExprKind::InitList && item->type == nullptr) {
              for (Expr* inner : static_cast<InitListExpr*>(item)->elements) pending.push_back(inner);
            } else if (item->type->isError()) {
              ok = false;
            } else {
              total += item->type->isEnum() ? 1 : flattenedCount(item->type);
            }
          }
          if (ok && (total == 0 || total % elementCount != 0)) {
            sema_.error(init->loc, "array initializer must provide a multiple of " + std::to_string(elementCount) +
                                       " elements (have " + std::to_string(total) + ")");
          } else if (ok) {
            var->type = sema_.types().array(var->type->element, total / elementCount);
          }
        }
      }
      if (init->kind == ExprKind::InitList && init->type == nullptr) init = sema_.buildInitList(init->loc, var->type, static_cast<InitListExpr*>(init)->elements);
      else if (init->kind == ExprKind::InitList && init->type != var->type && !init->type->isError()) init = sema_.buildInitList(init->loc, var->type, static_cast<InitListExpr*>(init)->elements);
      else init = sema_.convert(init, var->type, ConversionContext::Initialization);
      var->init = init;
      if (sc == StorageClass::Uniform && isResourceType && !init->type->isError()) {
        bool fromHeap = init->kind == ExprKind::ImplicitCast && static_cast<CastExpr*>(init)->castKind == CastKind::HeapToResource;
        if (fromHeap)
          sema_.error(init->loc, "a global resource cannot be initialized from a descriptor heap (initializers of "
                                 "external globals are ignored); use a local or 'static' variable");
        else
          sema_.warning(init->loc, "initializer of external global will be ignored");
      }
    } else if (spec.isConst && (sc == StorageClass::Static || sc == StorageClass::Local) && !isResourceType &&
               flattenedCount(var->type) > 0) {
      sema_.error(nameLoc, "default initialization of an object of const type 'const " + typeName(var->type) + "'");
    }
    if (var->type->isArray() && var->type->arraySize == 0 && sc != StorageClass::Uniform && sc != StorageClass::Param &&
        !(isResourceType))
      sema_.error(nameLoc, "definition of variable with array type needs an explicit size or an initializer");
    if (sc == StorageClass::Field) {
      if (record) record->fields.push_back(var);
    } else if (sc == StorageClass::StaticField) {
      if (record) record->staticFields.push_back(var);
    }
    if (sc == StorageClass::Uniform && !isResourceType && !var->type->isError()) {
      var->cbuffer = sema_.tu().globals;
      sema_.tu().globals->members.push_back(var);
    }
    sema_.checkRedeclaration(var);
    sema_.declare(var);
    if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(var);
    out.push_back(var);
    first = false;
    if (!tryConsume(tok::comma)) break;
  }
  if (!expect(tok::semi, "';' after declaration")) skipUntil({tok::semi}, true);
}

bool Parser::sameParams(const FunctionDecl* a, const FunctionDecl* b) const {
  if (a->params.size() != b->params.size()) return false;
  for (size_t i = 0; i < a->params.size(); ++i)
    if (a->params[i]->type != b->params[i]->type) return false;
  return true;
}

void Parser::parseOutOfLineMember(DeclSpec& spec, StructDecl* record, const std::string& name,
                                  clang::SourceLocation nameLoc) {
  // Re-enter the struct's scope so member names resolve in the definition.
  Scope* structScope = sema_.pushScope(Scope::Kind::Struct);
  structScope->record = record;
  structScope->prefix = record->qualifiedName + "::";
  for (VarDecl* f : record->fields) sema_.declare(f, structScope);
  for (VarDecl* f : record->staticFields) sema_.declare(f, structScope);
  for (FunctionDecl* m : record->methods) sema_.declare(m, structScope);
  for (Decl* t : record->nestedTypes) sema_.declare(t, structScope);
  if (is(tok::l_paren)) {
    FunctionDecl probe;
    consume();
    if (!(isWord("void") && peekIs(1, tok::r_paren))) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        VarDecl* p = parseParameter();
        if (p) probe.params.push_back(p);
        else skipUntil({tok::comma, tok::r_paren}, false);
        if (!tryConsume(tok::comma)) break;
      }
    } else {
      consume();
    }
    expect(tok::r_paren, "')'");
    std::string semantic, packOffset;
    RegisterBinding ignored;
    parsePostDeclarator(semantic, ignored, packOffset);
    FunctionDecl* method = nullptr;
    for (FunctionDecl* m : record->methods)
      if (m->name == name && sameParams(m, &probe)) method = m;
    if (!method) {
      sema_.error(nameLoc, "out-of-line definition of '" + name + "' does not match any declaration in '" +
                               record->qualifiedName + "'");
      if (is(tok::l_brace)) skipBalanced();
      else skipUntil({tok::semi}, true);
      sema_.popScope();
      return;
    }
    if (is(tok::l_brace)) {
      if (method->body && !method->body->body.empty()) {
        sema_.error(nameLoc, "redefinition of '" + name + "'");
        sema_.note(method->loc, "previous definition is here");
      }
      method->params = probe.params;
      Scope* fnScope = sema_.pushScope(Scope::Kind::Function);
      fnScope->function = method;
      for (VarDecl* p : method->params) sema_.declare(p);
      method->body = parseCompound();
      sema_.popScope();
    } else {
      expect(tok::semi, "';'");
    }
    sema_.popScope();
    return;
  }
  VarDecl* field = nullptr;
  for (VarDecl* f : record->staticFields)
    if (f->name == name) field = f;
  if (!field) {
    sema_.error(nameLoc, "no static member named '" + name + "' in '" + record->qualifiedName + "'");
    skipUntil({tok::semi}, true);
    sema_.popScope();
    return;
  }
  if (spec.type != field->type && !spec.type->isError())
    sema_.error(nameLoc, "type of the definition of '" + name + "' does not match its declaration");
  if (tryConsume(tok::equal)) {
    Expr* init = parseInitializer(field->type);
    if (init->kind == ExprKind::InitList && init->type == nullptr)
      init = sema_.buildInitList(init->loc, field->type, static_cast<InitListExpr*>(init)->elements);
    else init = sema_.convert(init, field->type, ConversionContext::Initialization);
    field->init = init;
  }
  expect(tok::semi, "';'");
  sema_.popScope();
}

Expr* Parser::parseInitializerItem() {
  if (is(tok::l_brace)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (!enterBracket("initializer list")) return sema_.errorExpr(loc);
    // A nested list stays untyped (type == nullptr) until buildInitList flattens it.
    auto* list = sema_.ast().make<InitListExpr>();
    list->loc = loc;
    while (!is(tok::r_brace) && !is(tok::eof)) {
      list->elements.push_back(parseInitializerItem());
      if (!tryConsume(tok::comma)) break;
    }
    --bracketDepth_;
    expect(tok::r_brace, "'}'");
    return nested(list, nullptr, list->elements);
  }
  return parseAssignment();
}

Expr* Parser::parseInitializer(const Type* type) {
  (void)type;
  return parseInitializerItem();
}

}  // namespace sl::frontend
