// Parser: attributes, and types (telling a type name from an expression, template arguments).
#include "core/frontend/Parser.h"

#include <algorithm>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

// ---------------------------------------------------------------------------------------------
// Attributes

bool Parser::atAttribute() const { return !splitGreater_ && cur().kind == tok::l_square; }

void Parser::finishAttribute(Attribute& a) {
  for (Expr* e : a.args) {
    int64_t value = 0;
    std::string text;
    if (e->kind == ExprKind::StringLiteral) text = static_cast<StringLiteralExpr*>(e)->value;
    else if (auto v = sema_.evaluate(e)) value = v->asInt();
    a.intArgs.push_back(value);
    a.stringArgs.push_back(text);
  }
}

void Parser::parseBracketAttribute(std::vector<Attribute>& out) {
  consume();  // [
  while (!is(tok::r_square) && !is(tok::eof)) {
    Attribute a;
    a.loc = cur().loc;
    if (!cur().word) {
      errorHere("expected an attribute name");
      skipUntil({tok::r_square}, true);
      return;
    }
    a.name = cur().text;
    consume();
    while (tryConsume(tok::coloncolon) && cur().word) {
      a.name += "::" + cur().text;
      consume();
    }
    if (tryConsume(tok::l_paren)) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        if (cur().word && (peekIs(1, tok::comma) || peekIs(1, tok::r_paren)) && sema_.lookup(cur().text).empty()) {
          // Bare words like [domain(tri)] or [WaveSize(32)] enums: keep as strings.
          a.args.push_back(sema_.buildStringLiteral(cur().loc, cur().text));
          consume();
        } else {
          a.args.push_back(parseAssignment());
        }
        if (!tryConsume(tok::comma)) break;
      }
      expect(tok::r_paren, "')'");
    }
    finishAttribute(a);
    out.push_back(a);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::r_square, "']'");
}

void Parser::parseDoubleBracketAttribute(std::vector<Attribute>& out) {
  consume();
  consume();  // [[
  while (!is(tok::r_square) && !is(tok::eof)) {
    Attribute a;
    a.loc = cur().loc;
    if (!cur().word) {
      errorHere("expected an attribute name");
      break;
    }
    a.name = cur().text;
    consume();
    while (tryConsume(tok::coloncolon) && cur().word) {
      a.name += "::" + cur().text;
      consume();
    }
    if (tryConsume(tok::l_paren)) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        a.args.push_back(parseAssignment());
        if (!tryConsume(tok::comma)) break;
      }
      expect(tok::r_paren, "')'");
    }
    finishAttribute(a);
    out.push_back(a);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::r_square, "']]'");
  expect(tok::r_square, "']]'");
}

void Parser::parseAttributes(std::vector<Attribute>& out) {
  while (atAttribute()) {
    if (peekIs(1, tok::l_square)) parseDoubleBracketAttribute(out);
    else parseBracketAttribute(out);
  }
}

// ---------------------------------------------------------------------------------------------
// Types

size_t Parser::scanTypeName(size_t at) const {
  auto tokenAt = [&](size_t i) -> const Token& { return tokens_[std::min(i, tokens_.size() - 1)]; };
  size_t i = at;
  if (tokenAt(i).kind == tok::coloncolon) ++i;
  const Token& t = tokenAt(i);
  if (!t.word) return 0;
  // Vulkan-only builtin types are spelled with their namespace (vk::SampledTexture2D).
  std::string builtinName = t.text;
  if (t.text == "vk" && tokenAt(i + 1).kind == tok::coloncolon && tokenAt(i + 2).word &&
      sema_.builtinTypeByName("vk::" + tokenAt(i + 2).text)) {
    builtinName = "vk::" + tokenAt(i + 2).text;
    i += 2;
  }
  if (t.text == "unsigned" || t.text == "struct" || t.text == "class" || t.text == "const" || t.text == "enum" ||
      t.text == "long" || t.text == "short" || t.text == "char")
    return i + 1;
  if (Sema& s = sema_; s.builtinTypeByName(builtinName)) {
    // `vector<...>` etc.: skip the template arguments.
    if (tokenAt(i + 1).kind == tok::less) {
      int depth = 0;
      size_t j = i + 1;
      for (; j < tokens_.size(); ++j) {
        TokenKind k = tokens_[j].kind;
        if (k == tok::less) ++depth;
        else if (k == tok::greater) --depth;
        else if (k == tok::greatergreater) depth -= 2;
        else if (k == tok::semi || k == tok::l_brace || k == tok::eof) return 0;
        if (depth <= 0) break;
      }
      return j + 1;
    }
    return i + 1;
  }
  // User names, possibly qualified.
  std::vector<Decl*> found = sema_.lookup(t.text);
  Decl* d = nullptr;
  for (Decl* c : found)
    if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
        c->kind == DeclKind::Namespace || c->kind == DeclKind::Template) {
      d = c;
      break;
    }
  if (!d || (found.size() && found[0]->kind != d->kind && found[0]->kind != DeclKind::Template)) {
    if (!d) return 0;
  }
  ++i;
  if (d->kind == DeclKind::Template) {
    if (!static_cast<TemplateDecl*>(d)->isStruct || tokenAt(i).kind != tok::less) return 0;
    int depth = 0;
    for (; i < tokens_.size(); ++i) {
      TokenKind k = tokens_[i].kind;
      if (k == tok::less) ++depth;
      else if (k == tok::greater) --depth;
      else if (k == tok::greatergreater) depth -= 2;
      else if (k == tok::semi || k == tok::l_brace || k == tok::eof) return 0;
      if (depth <= 0) break;
    }
    return i + 1;
  }
  while (tokenAt(i).kind == tok::coloncolon && tokenAt(i + 1).word) {
    std::vector<Decl*> inner = const_cast<Sema&>(sema_).lookupIn(d, tokenAt(i + 1).text);
    Decl* next = nullptr;
    for (Decl* c : inner)
      if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
          c->kind == DeclKind::Namespace || c->kind == DeclKind::Template)
        next = c;
    if (!next) return d->kind == DeclKind::Namespace ? 0 : 0;
    d = next;
    i += 2;
  }
  if (d->kind == DeclKind::Namespace) return 0;
  if (d->kind == DeclKind::Template) return 0;
  return i;
}

bool Parser::startsDeclaration() const {
  if (splitGreater_) return false;
  const Token& t = cur();
  if (!t.word && t.kind != tok::coloncolon && t.kind != tok::l_square) return false;
  if (t.kind == tok::l_square) return false;
  if (t.word && (isTypeModifierWord(t.text) || t.text == "typedef" || t.text == "struct" || t.text == "class" ||
                 t.text == "enum" || t.text == "using")) {
    if ((isContextualModifierWord(t.text) || t.text == "in" || t.text == "out") && !peek(1).word) return false;
    return true;
  }
  size_t end = scanTypeName(pos_);
  if (!end) return false;
  const Token& after = tokens_[std::min(end, tokens_.size() - 1)];
  // `int* p;` is a declaration with an unsupported pointer, reported by the declarator.
  if ((after.kind == tok::star || after.kind == tok::amp) && tokens_[std::min(end + 1, tokens_.size() - 1)].word &&
      tokens_[std::min(end + 2, tokens_.size() - 1)].kind != tok::equal)
    return true;
  return after.word;
}

bool Parser::startsTypeForCast() const {
  // `(` type [dims] `)` followed by something that can start an operand.
  size_t end = scanTypeName(pos_ + 1);
  if (!end) return false;
  while (tokens_[std::min(end, tokens_.size() - 1)].kind == tok::l_square) {
    while (end < tokens_.size() && tokens_[end].kind != tok::r_square) ++end;
    ++end;
  }
  if (end >= tokens_.size() || tokens_[end].kind != tok::r_paren) return false;
  return true;
}

bool Parser::parseTemplateArguments(std::vector<const Type*>& typesOut, std::vector<int64_t>& valuesOut,
                                    std::vector<bool>& isType) {
  consume();  // <
  while (!is(tok::greater) && !is(tok::greatergreater) && !is(tok::eof)) {
    if (scanTypeName(pos_)) {
      const Type* t = parseType(false);
      if (!t) return false;
      t = parseArrayDims(t, false);
      typesOut.push_back(t);
      valuesOut.push_back(0);
      isType.push_back(true);
    } else {
      // Non-type argument: parsed above the relational operators so `>` closes the list.
      Expr* e = parseBinary(9);
      int64_t v = 0;
      if (auto c = sema_.evaluateInt(e, e->loc, "template argument")) v = *c;
      typesOut.push_back(nullptr);
      valuesOut.push_back(v);
      isType.push_back(false);
    }
    if (!tryConsume(tok::comma)) break;
  }
  return expectGreater();
}

const Type* Parser::parseType(bool allowDefinitions, DeclSpec* spec) {
  (void)allowDefinitions;
  // Counted apart from expressions: a cast's type is not a level of its expression.
  if (stopped_) return nullptr;
  if (typeNesting_ >= kMaxBracketDepth) {
    stopParsing(cur().loc, "type nested too deeply (limit " + std::to_string(kMaxBracketDepth) + ")");
    return nullptr;
  }
  ++typeNesting_;
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{typeNesting_};
  TypeContext& types = sema_.types();
  if (isWord("const")) {
    consume();
    if (spec) spec->isConst = true;
  }
  if (isWord("unsigned")) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (cur().word) {
      const Type* t = sema_.builtinTypeByName(cur().text);
      if (t && t->isNumeric() && isIntKind(t->scalar) && !isUnsignedKind(t->scalar)) {
        consume();
        ScalarKind k = t->scalar == ScalarKind::Int ? ScalarKind::UInt
                       : t->scalar == ScalarKind::Int64 ? ScalarKind::UInt64
                       : t->scalar == ScalarKind::Int16 ? ScalarKind::UInt16
                                                        : ScalarKind::Min16UInt;
        return types.withElement(t, k);
      }
      if (t && t->isNumeric()) {
        sema_.error(loc, "'unsigned' cannot be applied to '" + typeName(t) + "'");
        consume();
        return t;
      }
    }
    return types.uintType();
  }
  if (isWord("long") || isWord("short") || isWord("char")) {
    errorHere("'" + cur().text + "' is a reserved keyword in HLSL");
    consume();
    return types.intType();
  }
  if (isWord("struct") || isWord("class")) {
    StructDecl* s = parseStruct();
    return types.structType(s);
  }
  tryConsume(tok::coloncolon);
  if (!cur().word) return nullptr;
  std::string name = cur().text;
  clang::SourceLocation loc = cur().loc;
  if (name == "vk" && peek(1).kind == tok::coloncolon && peek(2).word && sema_.builtinTypeByName("vk::" + peek(2).text)) {
    name = "vk::" + peek(2).text;
    consume();
    consume();
  }
  bool isTemplateName = false;
  if (const Type* builtin = sema_.builtinTypeByName(name, &isTemplateName)) {
    consume();
    if (name == "vector" || name == "matrix") {
      if (!is(tok::less)) return builtin;
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      size_t want = name == "vector" ? 2 : 3;
      if (targs.empty() || !isType[0] || !targs[0] || !targs[0]->isScalar()) {
        sema_.error(loc, "'" + name + "' template argument must be a scalar type");
        return types.error();
      }
      ScalarKind k = targs[0]->scalar;
      std::vector<int64_t> dims;
      for (size_t i = 1; i < want; ++i) dims.push_back(i < vals.size() && !isType[i] ? vals[i] : 4);
      for (int64_t d : dims)
        if (d < 1 || d > 4) {
          sema_.error(loc, "invalid value, valid range is between 1 and 4 inclusive");
          return types.error();
        }
      return name == "vector" ? types.vector(k, unsigned(dims[0])) : types.matrix(k, unsigned(dims[0]), unsigned(dims[1]));
    }
    if (builtin->isResource() && builtin->resource == ResourceKind::RayQuery) {
      if (!is(tok::less)) {
        sema_.error(loc, "'RayQuery' requires ray flags ('RayQuery<RAY_FLAG_NONE>')");
        return types.error();
      }
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      if (vals.empty() || isType[0]) {
        sema_.error(loc, "'RayQuery' template argument must be an integral constant (ray flags)");
        return types.error();
      }
      return types.resource(ResourceKind::RayQuery, nullptr, uint32_t(vals[0]));
    }
    if (builtin->isResource() && is(tok::less)) {
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      if (!isTemplateName) {
        sema_.error(loc, "'" + name + "' does not take template arguments");
        return builtin;
      }
      if (targs.empty() || !isType[0] || !targs[0]) {
        sema_.error(loc, "'" + name + "' requires an element type");
        return types.error();
      }
      const Type* element = targs[0];
      ResourceKind rk = builtin->resource;
      if (element->isResource()) {
        sema_.error(loc, "object '" + typeName(element) + "' is not allowed in a template argument of '" + name + "'");
        return types.error();
      }
      bool structured = rk == ResourceKind::StructuredBuffer || rk == ResourceKind::RWStructuredBuffer ||
                        rk == ResourceKind::AppendStructuredBuffer || rk == ResourceKind::ConsumeStructuredBuffer ||
                        rk == ResourceKind::ConstantBuffer || rk == ResourceKind::TextureBuffer;
      if (!structured && !element->isNumeric()) {
        sema_.error(loc, "elements of typed buffers and textures must be scalars or vectors");
        return types.error();
      }
      if ((rk == ResourceKind::ConstantBuffer || rk == ResourceKind::TextureBuffer) && !element->isStruct()) {
        sema_.error(loc, "'" + name + "' requires a struct type argument");
        return types.error();
      }
      return types.resource(rk, element, builtin->arraySize);  // keeps RasterizerOrdered
    }
    if (builtin->isResource() && (builtin->resource == ResourceKind::StructuredBuffer ||
                                  builtin->resource == ResourceKind::RWStructuredBuffer ||
                                  builtin->resource == ResourceKind::ConstantBuffer ||
                                  builtin->resource == ResourceKind::AppendStructuredBuffer ||
                                  builtin->resource == ResourceKind::ConsumeStructuredBuffer ||
                                  builtin->resource == ResourceKind::TextureBuffer)) {
      sema_.error(loc, "'" + name + "' requires an element type ('" + name + "<T>')");
      return types.error();
    }
    return builtin;
  }
  // User-defined names.
  std::vector<Decl*> found = sema_.lookup(name);
  Decl* d = nullptr;
  for (Decl* c : found)
    if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
        c->kind == DeclKind::Namespace || c->kind == DeclKind::Template) {
      d = c;
      break;
    }
  if (!d) return nullptr;
  consume();
  while (is(tok::coloncolon) && peek(1).word) {
    if (d->kind == DeclKind::Template) break;
    consume();
    std::string inner = cur().text;
    Decl* next = nullptr;
    for (Decl* c : sema_.lookupIn(d, inner))
      if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
          c->kind == DeclKind::Namespace || c->kind == DeclKind::Template)
        next = c;
    if (!next) {
      errorHere("no type named '" + inner + "' in '" + d->name + "'");
      consume();
      return types.error();
    }
    d = next;
    loc = cur().loc;
    consume();
  }
  if (d->kind == DeclKind::Template) {
    auto* tmpl = static_cast<TemplateDecl*>(d);
    if (!tmpl->isStruct || !is(tok::less)) {
      sema_.error(loc, "use of template '" + name + "' requires template arguments");
      return types.error();
    }
    std::vector<const Type*> targs;
    std::vector<int64_t> vals;
    std::vector<bool> isType;
    if (!parseTemplateArguments(targs, vals, isType)) return types.error();
    return instantiateStructTemplate(tmpl, targs, vals, isType, loc);
  }
  if (d->kind == DeclKind::Namespace) {
    sema_.error(loc, "'" + name + "' is a namespace, not a type");
    return types.error();
  }
  if (d->kind == DeclKind::Typedef && static_cast<TypedefDecl*>(d)->declared) namedTypedef_ = static_cast<TypedefDecl*>(d);
  return sema_.typeOfTypeDecl(d);
}

const Type* Parser::parseTemplateArgumentType() { return parseType(false); }

}  // namespace sl::frontend
