// Parser: templates, stored as token ranges and re-parsed per argument list.
#include "core/frontend/Parser.h"

#include <algorithm>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {
constexpr int kMaxTemplateDepth = 16;
}  // namespace

// ---------------------------------------------------------------------------------------------
// Templates: declarations are stored as token ranges and re-parsed per argument list.

void Parser::parseTemplateDeclaration(std::vector<Decl*>& out) {
  clang::SourceLocation loc = cur().loc;
  consume();
  auto* tmpl = sema_.ast().make<TemplateDecl>();
  tmpl->loc = loc;
  if (!expect(tok::less, "'<' after 'template'")) {
    skipUntil({tok::semi}, true);
    return;
  }
  while (!is(tok::greater) && !is(tok::eof)) {
    TemplateDecl::Param p;
    if (tryConsumeWord("typename") || tryConsumeWord("class")) {
      p.isType = true;
    } else {
      const Type* t = parseType(false);
      if (!t || !t->isScalar()) {
        errorHere("expected a template parameter");
        skipUntil({tok::semi}, true);
        return;
      }
      p.isType = false;
      p.valueType = t;
    }
    if (is(tok::ellipsis)) {
      errorHere("variadic templates are not supported in HLSL");
      consume();
    }
    if (cur().word) {
      p.name = cur().text;
      consume();
    }
    if (tryConsume(tok::equal)) {
      p.defaultBegin = pos_;
      int depth = 0;
      while (!is(tok::eof)) {
        if (is(tok::less) || is(tok::l_paren)) ++depth;
        if (is(tok::r_paren)) --depth;
        if ((is(tok::comma) || is(tok::greater)) && depth == 0) break;
        if (is(tok::greater)) --depth;
        consume();
      }
      p.defaultEnd = pos_;
    }
    tmpl->params.push_back(p);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::greater, "'>'");
  if (tmpl->params.empty() && (isWord("struct") || isWord("class")) && peek(1).word && peekIs(2, tok::less)) {
    // Explicit specialization `template<> struct S<Args> { ... };`: stored on the primary template.
    size_t begin = pos_;
    std::string name = peek(1).text;
    clang::SourceLocation nameLoc = peek(1).loc;
    TemplateDecl* primary = nullptr;
    for (Decl* d : sema_.lookup(name))
      if (d->kind == DeclKind::Template && static_cast<TemplateDecl*>(d)->isStruct) primary = static_cast<TemplateDecl*>(d);
    consume();
    consume();
    std::vector<const Type*> targs;
    std::vector<int64_t> vals;
    std::vector<bool> isType;
    parseTemplateArguments(targs, vals, isType);
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    size_t end = pos_;
    tryConsume(tok::semi);
    if (!primary) {
      sema_.error(nameLoc, "explicit specialization of undeclared template '" + name + "'");
      return;
    }
    primary->specializations.push_back({templateKeyOf(targs, vals, isType), begin, end});
    return;
  }
  tmpl->tokenBegin = pos_;
  // Find the templated declaration's name and extent without analysing it.
  tmpl->isStruct = isWord("struct") || isWord("class");
  if (tmpl->isStruct) {
    if (peek(1).word) tmpl->name = peek(1).text;
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    if (!is(tok::semi)) errorHere("expected ';' after struct");
    tmpl->tokenEnd = pos_;
    tryConsume(tok::semi);
  } else {
    size_t nameAt = 0;
    while (!is(tok::l_paren) && !is(tok::semi) && !is(tok::eof)) {
      if (cur().word) nameAt = pos_;
      if (is(tok::less)) skipBalanced();
      consume();
    }
    if (nameAt) {
      tmpl->name = tokens_[nameAt].text;
      tmpl->loc = tokens_[nameAt].loc;
    }
    if (is(tok::l_paren)) skipBalanced();
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    else tryConsume(tok::semi);
    tmpl->tokenEnd = pos_;
  }
  tmpl->scope = sema_.currentScope();
  sema_.checkRedeclaration(tmpl);
  sema_.declare(tmpl);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(tmpl);
  out.push_back(tmpl);
}

Decl* Parser::replayTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgs,
                             const std::vector<int64_t>& valueArgs, const std::vector<bool>& isType,
                             const std::string& key) {
  if (templateDepth_ >= kMaxTemplateDepth) {
    sema_.error(tmpl->loc, "template instantiation depth exceeds the maximum of " + std::to_string(kMaxTemplateDepth));
    return nullptr;
  }
  ++templateDepth_;
  Scope* saved = sema_.currentScope();
  sema_.setCurrentScope(static_cast<Scope*>(tmpl->scope));
  Scope* scope = sema_.pushScope(Scope::Kind::Template);
  scope->ns = nullptr;
  for (size_t i = 0; i < tmpl->params.size(); ++i) {
    const TemplateDecl::Param& p = tmpl->params[i];
    if (p.isType) {
      auto* td = sema_.ast().make<TypedefDecl>();
      td->name = p.name;
      td->type = i < typeArgs.size() && typeArgs[i] ? typeArgs[i] : sema_.types().error();
      sema_.declare(td, scope);
    } else {
      auto* v = sema_.ast().make<VarDecl>();
      v->name = p.name;
      v->type = p.valueType;
      v->storage = StorageClass::Static;
      v->isConst = true;
      v->init = sema_.buildIntLiteral(tmpl->loc, std::to_string(i < valueArgs.size() ? valueArgs[i] : 0));
      v->init = sema_.convert(v->init, p.valueType, ConversionContext::Initialization);
      sema_.declare(v, scope);
    }
  }
  (void)isType;
  size_t savedPos = pos_;
  bool savedSplit = splitGreater_;
  pos_ = tmpl->tokenBegin;
  splitGreater_ = false;
  std::vector<Decl*> decls;
  Decl* result = nullptr;
  bool memberInstance = false;
  if (tmpl->isStruct) {
    StructDecl* s = parseStruct(tmpl->name + key);
    tryConsume(tok::semi);
    decls.push_back(s);
    result = s;
  } else {
    // The instance is declared in the template scope only; callers reach it through the template.
    size_t errors = sema_.errorCount();
    if (StructDecl* owner = static_cast<Scope*>(tmpl->scope)->record) {
      // A member function template: the instance becomes a method of its struct.
      DeclSpec spec;
      if (parseDeclSpec(spec, false))
        parseDeclarators(spec, decls, spec.isStatic ? StorageClass::StaticField : StorageClass::Field, nullptr, owner);
      memberInstance = true;
    } else {
      parseExternalDeclaration(decls, false);
    }
    for (Decl* d : decls)
      if (d->kind == DeclKind::Function) result = d;
    if (result) {
      static_cast<FunctionDecl*>(result)->qualifiedName = static_cast<Scope*>(tmpl->scope)->prefix + tmpl->name + key;
    }
    (void)errors;
  }
  pos_ = savedPos;
  splitGreater_ = savedSplit;
  sema_.setCurrentScope(saved);
  --templateDepth_;
  if (!memberInstance)
    for (Decl* d : decls) sema_.tu().decls.push_back(d);
  return result;
}

std::string Parser::templateKeyOf(const std::vector<const Type*>& typeArgs, const std::vector<int64_t>& valueArgs,
                                  const std::vector<bool>& isType) {
  std::string key = "<";
  for (size_t i = 0; i < isType.size(); ++i) {
    if (i) key += ", ";
    key += isType[i] ? typeName(typeArgs[i]) : std::to_string(valueArgs[i]);
  }
  return key + ">";
}

const Type* Parser::instantiateStructTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgsIn,
                                              const std::vector<int64_t>& valueArgsIn, const std::vector<bool>& isTypeIn,
                                              clang::SourceLocation loc) {
  std::vector<const Type*> typeArgs = typeArgsIn;
  std::vector<int64_t> valueArgs = valueArgsIn;
  std::vector<bool> isType = isTypeIn;
  if (typeArgs.size() > tmpl->params.size()) {
    sema_.error(loc, "too many template arguments for '" + tmpl->name + "'");
    return sema_.types().error();
  }
  for (size_t i = typeArgs.size(); i < tmpl->params.size(); ++i) {
    const TemplateDecl::Param& p = tmpl->params[i];
    if (!p.defaultBegin) {
      sema_.error(loc, "too few template arguments for '" + tmpl->name + "'");
      return sema_.types().error();
    }
    size_t saved = pos_;
    pos_ = p.defaultBegin;
    if (p.isType) {
      typeArgs.push_back(parseType(false));
      valueArgs.push_back(0);
    } else {
      Expr* e = parseBinary(9);
      typeArgs.push_back(nullptr);
      valueArgs.push_back(sema_.evaluateInt(e, e->loc, "template argument").value_or(0));
    }
    isType.push_back(p.isType);
    pos_ = saved;
  }
  for (size_t i = 0; i < tmpl->params.size(); ++i)
    if (tmpl->params[i].isType != isType[i] || (isType[i] && !typeArgs[i])) {
      sema_.error(loc, "template argument " + std::to_string(i + 1) + " of '" + tmpl->name + "' has the wrong kind");
      return sema_.types().error();
    }
  std::string key = templateKeyOf(typeArgs, valueArgs, isType);
  for (auto& [k, d] : tmpl->instances)
    if (k == key) return sema_.types().structType(static_cast<StructDecl*>(d));
  size_t savedBegin = tmpl->tokenBegin;
  for (const TemplateDecl::Specialization& spec : tmpl->specializations)
    if (spec.key == key) tmpl->tokenBegin = spec.tokenBegin;  // replay the specialization's tokens
  Decl* d = replayTemplate(tmpl, typeArgs, valueArgs, isType, key);
  tmpl->tokenBegin = savedBegin;
  if (!d || d->kind != DeclKind::Struct) return sema_.types().error();
  tmpl->instances.push_back({key, d});
  return sema_.types().structType(static_cast<StructDecl*>(d));
}

FunctionDecl* Parser::instantiateFunctionTemplate(TemplateDecl* tmpl, std::vector<const Type*> typeArgs,
                                                  std::vector<int64_t> valueArgs, std::vector<bool> isType,
                                                  const std::vector<Expr*>& callArgs, clang::SourceLocation loc) {
  size_t explicitCount = typeArgs.size();
  typeArgs.resize(tmpl->params.size(), nullptr);
  valueArgs.resize(tmpl->params.size(), 0);
  isType.resize(tmpl->params.size(), true);
  std::vector<bool> bound(tmpl->params.size(), false);
  for (size_t i = 0; i < explicitCount && i < bound.size(); ++i) bound[i] = true;
  for (size_t i = 0; i < tmpl->params.size(); ++i) isType[i] = tmpl->params[i].isType;
  // Deduce from the parameter list's tokens: `T x`, `vector<T, N> x`, `matrix<T, R, C> x`, `T x[N]`.
  size_t i = tmpl->tokenBegin;
  while (i < tmpl->tokenEnd && tokens_[i].kind != tok::l_paren) ++i;
  ++i;
  size_t argIndex = 0;
  auto paramIndex = [&](const std::string& name) -> int {
    for (size_t k = 0; k < tmpl->params.size(); ++k)
      if (tmpl->params[k].name == name) return int(k);
    return -1;
  };
  while (i < tmpl->tokenEnd && argIndex < callArgs.size()) {
    size_t start = i;
    int depth = 0;
    while (i < tmpl->tokenEnd) {
      TokenKind k = tokens_[i].kind;
      if (k == tok::l_paren || k == tok::less || k == tok::l_square) ++depth;
      if (k == tok::greater || k == tok::r_square) --depth;
      if (k == tok::r_paren) {
        if (depth == 0) break;
        --depth;
      }
      if (k == tok::comma && depth == 0) break;
      ++i;
    }
    const Type* at = sema_.concreteType(callArgs[argIndex]->type);
    std::vector<const Token*> words;
    for (size_t k = start; k < i; ++k) words.push_back(&tokens_[k]);
    // Skip direction and modifiers.
    size_t w = 0;
    while (w < words.size() && words[w]->word && isTypeModifierWord(words[w]->text)) ++w;
    if (w < words.size() && words[w]->word) {
      int pi = paramIndex(words[w]->text);
      if (pi >= 0 && !bound[size_t(pi)]) {
        typeArgs[size_t(pi)] = at->isArray() ? at->element : at;
        bound[size_t(pi)] = true;
      } else if ((words[w]->text == "vector" || words[w]->text == "matrix") && w + 1 < words.size() &&
                 words[w + 1]->kind == tok::less) {
        std::vector<int> slots;
        for (size_t k = w + 2; k < words.size() && words[k]->kind != tok::greater; ++k)
          if (words[k]->word) slots.push_back(paramIndex(words[k]->text));
          else if (words[k]->kind != tok::comma) slots.push_back(-1);
        if (at->isNumeric()) {
          std::vector<int64_t> dims = words[w]->text == "vector" ? std::vector<int64_t>{at->cols}
                                                                 : std::vector<int64_t>{at->rows, at->cols};
          if (!slots.empty() && slots[0] >= 0 && !bound[size_t(slots[0])]) {
            typeArgs[size_t(slots[0])] = sema_.types().scalar(at->scalar);
            bound[size_t(slots[0])] = true;
          }
          for (size_t s = 1; s < slots.size() && s - 1 < dims.size(); ++s)
            if (slots[s] >= 0 && !bound[size_t(slots[s])]) {
              valueArgs[size_t(slots[s])] = dims[s - 1];
              bound[size_t(slots[s])] = true;
            }
        }
      }
    }
    ++argIndex;
    if (i < tmpl->tokenEnd && tokens_[i].kind == tok::comma) ++i;
    else break;
  }
  for (size_t k = 0; k < tmpl->params.size(); ++k) {
    if (bound[k]) continue;
    const TemplateDecl::Param& p = tmpl->params[k];
    if (!p.defaultBegin) {
      sema_.error(loc, "no matching function for call to '" + tmpl->name + "'");
      sema_.note(tmpl->loc, "candidate template ignored: couldn't infer template argument '" + p.name + "'");
      return nullptr;
    }
    size_t saved = pos_;
    pos_ = p.defaultBegin;
    if (p.isType) typeArgs[k] = parseType(false);
    else {
      Expr* e = parseBinary(9);
      valueArgs[k] = sema_.evaluateInt(e, e->loc, "template argument").value_or(0);
    }
    pos_ = saved;
  }
  std::string key = templateKeyOf(typeArgs, valueArgs, isType);
  for (auto& [k, d] : tmpl->instances)
    if (k == key) return static_cast<FunctionDecl*>(d);
  Decl* d = replayTemplate(tmpl, typeArgs, valueArgs, isType, key);
  if (!d) return nullptr;
  tmpl->instances.push_back({key, d});
  return static_cast<FunctionDecl*>(d);
}

}  // namespace sl::frontend
