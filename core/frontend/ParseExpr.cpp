// Parser: expressions (C precedence; HLSL has no pointers, references or lambdas).
#include "core/frontend/Parser.h"

#include <algorithm>
#include <cmath>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {

struct BinaryInfo {
  int precedence;
  BinaryOp op;
};

bool binaryInfo(TokenKind k, BinaryInfo& out) {
  switch (k) {
    case tok::pipepipe: out = {1, BinaryOp::LogOr}; return true;
    case tok::ampamp: out = {2, BinaryOp::LogAnd}; return true;
    case tok::pipe: out = {3, BinaryOp::BitOr}; return true;
    case tok::caret: out = {4, BinaryOp::BitXor}; return true;
    case tok::amp: out = {5, BinaryOp::BitAnd}; return true;
    case tok::equalequal: out = {6, BinaryOp::Eq}; return true;
    case tok::exclaimequal: out = {6, BinaryOp::Ne}; return true;
    case tok::less: out = {7, BinaryOp::Lt}; return true;
    case tok::greater: out = {7, BinaryOp::Gt}; return true;
    case tok::lessequal: out = {7, BinaryOp::Le}; return true;
    case tok::greaterequal: out = {7, BinaryOp::Ge}; return true;
    case tok::lessless: out = {8, BinaryOp::Shl}; return true;
    case tok::greatergreater: out = {8, BinaryOp::Shr}; return true;
    case tok::plus: out = {9, BinaryOp::Add}; return true;
    case tok::minus: out = {9, BinaryOp::Sub}; return true;
    case tok::star: out = {10, BinaryOp::Mul}; return true;
    case tok::slash: out = {10, BinaryOp::Div}; return true;
    case tok::percent: out = {10, BinaryOp::Rem}; return true;
    default: return false;
  }
}

bool compoundAssign(TokenKind k, std::optional<BinaryOp>& op) {
  switch (k) {
    case tok::equal: op.reset(); return true;
    case tok::plusequal: op = BinaryOp::Add; return true;
    case tok::minusequal: op = BinaryOp::Sub; return true;
    case tok::starequal: op = BinaryOp::Mul; return true;
    case tok::slashequal: op = BinaryOp::Div; return true;
    case tok::percentequal: op = BinaryOp::Rem; return true;
    case tok::ampequal: op = BinaryOp::BitAnd; return true;
    case tok::pipeequal: op = BinaryOp::BitOr; return true;
    case tok::caretequal: op = BinaryOp::BitXor; return true;
    case tok::lesslessequal: op = BinaryOp::Shl; return true;
    case tok::greatergreaterequal: op = BinaryOp::Shr; return true;
    default: return false;
  }
}
}  // namespace

int Parser::binaryPrecedence(TokenKind kind) const {
  BinaryInfo info;
  return binaryInfo(kind, info) ? info.precedence : -1;
}

Expr* Parser::parseExpression() {
  Expr* e = parseAssignment();
  while (is(tok::comma)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    Expr* rhs = parseAssignment();
    e = nested(sema_.buildBinary(loc, BinaryOp::Comma, e, rhs), {e, rhs});
  }
  return e;
}

Expr* Parser::parseAssignment() {
  if (!enterBracket("expression")) return sema_.errorExpr(cur().loc);
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{bracketDepth_};
  Expr* lhs = parseConditional();
  std::optional<BinaryOp> op;
  if (!splitGreater_ && compoundAssign(cur().kind, op)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    Expr* rhs;
    if (is(tok::l_brace)) {
      errorHere("initializer lists are only allowed in declarations");
      skipBalanced();
      rhs = sema_.errorExpr(loc);
    } else {
      rhs = parseAssignment();
    }
    return nested(sema_.buildAssign(loc, op, lhs, rhs), {lhs, rhs});
  }
  return lhs;
}

Expr* Parser::parseConditional() {
  Expr* cond = parseBinary(1);
  if (!is(tok::question)) return cond;
  clang::SourceLocation loc = cur().loc;
  consume();
  if (is(tok::colon)) {
    errorHere("GNU '?:' without a middle operand is not supported in HLSL");
    return sema_.errorExpr(loc);
  }
  Expr* a = parseExpression();
  expect(tok::colon, "':'");
  Expr* b = parseAssignment();
  return nested(sema_.buildConditional(loc, cond, a, b), {cond, a, b});
}

Expr* Parser::parseBinary(int minPrecedence) {
  Expr* lhs = parseUnary();
  while (true) {
    if (splitGreater_) return lhs;
    BinaryInfo info;
    if (!binaryInfo(cur().kind, info) || info.precedence < minPrecedence) return lhs;
    clang::SourceLocation loc = cur().loc;
    consume();
    Expr* rhs = parseBinary(info.precedence + 1);
    lhs = nested(sema_.buildBinary(loc, info.op, lhs, rhs), {lhs, rhs});
  }
}

Expr* Parser::parseUnary() {
  clang::SourceLocation loc = cur().loc;
  if (splitGreater_) {
    errorHere("expected an expression");
    return sema_.errorExpr(loc);
  }
  std::optional<UnaryOp> op;
  switch (cur().kind) {
    case tok::plus: op = UnaryOp::Plus; break;
    case tok::minus: op = UnaryOp::Minus; break;
    case tok::exclaim: op = UnaryOp::Not; break;
    case tok::tilde: op = UnaryOp::BitNot; break;
    case tok::plusplus: op = UnaryOp::PreInc; break;
    case tok::minusminus: op = UnaryOp::PreDec; break;
    case tok::amp:
    case tok::star:
      errorHere("pointers are unsupported in HLSL");
      consume();
      if (!enterBracket("expression")) return sema_.errorExpr(loc);
      parseUnary();
      --bracketDepth_;
      return sema_.errorExpr(loc);
    default: break;
  }
  if (op) {
    consume();
    if (!enterBracket("expression")) return sema_.errorExpr(loc);
    Expr* operand = parseUnary();
    --bracketDepth_;
    return nested(sema_.buildUnary(loc, *op, operand), {operand});
  }
  if (is(tok::l_paren) && startsTypeForCast()) {
    consume();
    if (!enterBracket("expression")) return sema_.errorExpr(loc);
    const Type* type = parseType(false);
    if (!type) type = sema_.types().error();
    type = parseArrayDims(type, false);
    expect(tok::r_paren, "')'");
    Expr* operand = parseUnary();
    --bracketDepth_;
    return nested(sema_.buildCast(loc, type, operand), {operand});
  }
  if (isWord("sizeof")) {
    consume();
    return parseSizeof(loc);
  }
  return parsePostfix(parsePrimary());
}

// Byte size as DXC's sizeof reports it: scalars by width (bool is 4 bytes), aggregates packed with
// each member aligned to its element size; objects have no size.
static std::optional<uint64_t> hlslSizeOf(const Type* t) {
  switch (t->kind) {
    case TypeKind::Scalar: case TypeKind::Vector: case TypeKind::Matrix: {
      uint64_t element = t->scalar == ScalarKind::Bool ? 4 : bitWidth(t->scalar) / 8;
      if (isLiteralKind(t->scalar)) return std::nullopt;
      return element * t->elementCount();
    }
    case TypeKind::Enum: return 4;
    case TypeKind::Array: {
      auto e = hlslSizeOf(t->element);
      if (!e) return std::nullopt;
      return *e * t->arraySize;
    }
    case TypeKind::Struct: {
      uint64_t size = 0, maxAlign = 1;
      std::vector<const Type*> fields;
      std::vector<const StructDecl*> chain;
      for (const StructDecl* r = t->record; r; r = r->base) chain.insert(chain.begin(), r);
      for (const StructDecl* r : chain)
        for (const VarDecl* f : r->fields) fields.push_back(f->type);
      for (const Type* f : fields) {
        auto fs = hlslSizeOf(f);
        if (!fs) return std::nullopt;
        const Type* leaf = f;
        while (leaf->isArray()) leaf = leaf->element;
        uint64_t align = leaf->isNumeric() ? (leaf->scalar == ScalarKind::Bool ? 4 : bitWidth(leaf->scalar) / 8) : 4;
        maxAlign = std::max(maxAlign, align);
        size = (size + align - 1) / align * align + *fs;
      }
      return (size + maxAlign - 1) / maxAlign * maxAlign;
    }
    default: return std::nullopt;
  }
}

Expr* Parser::parseSizeof(clang::SourceLocation loc) {
  const Type* type = nullptr;
  if (is(tok::l_paren) && startsTypeForCast()) {
    consume();
    type = parseType(false);
    if (type) type = parseArrayDims(type, false);
    expect(tok::r_paren, "')'");
  } else {
    if (!enterBracket("expression")) return sema_.errorExpr(loc);
    Expr* operand = parseUnary();
    --bracketDepth_;
    type = operand->type;
    if (type->isLiteral()) {
      sema_.error(loc, "invalid application of 'sizeof' to literal type '" + typeName(type) + "'");
      return sema_.errorExpr(loc);
    }
  }
  if (!type || type->isError()) return sema_.errorExpr(loc);
  auto size = hlslSizeOf(type);
  if (!size) {
    sema_.error(loc, "invalid application of 'sizeof' to type '" + typeName(type) + "'");
    return sema_.errorExpr(loc);
  }
  return sema_.buildIntLiteral(loc, std::to_string(*size) + "u");
}

std::vector<Expr*> Parser::parseCallArguments() {
  std::vector<Expr*> args;
  consume();  // (
  while (!is(tok::r_paren) && !is(tok::eof)) {
    if (is(tok::l_brace)) {
      errorHere("initializer lists are not expressions");
      skipBalanced();
      args.push_back(sema_.errorExpr(cur().loc));
    } else {
      args.push_back(parseAssignment());
    }
    if (!tryConsume(tok::comma)) break;
  }
  if (!expect(tok::r_paren, "')'")) skipUntil({tok::r_paren}, true);
  return args;
}

Expr* Parser::parsePostfix(Expr* e) {
  while (!splitGreater_) {
    clang::SourceLocation loc = cur().loc;
    if (is(tok::l_square)) {
      consume();
      Expr* index = parseExpression();
      expect(tok::r_square, "']'");
      Expr* base = e;
      e = nested(sema_.buildIndex(loc, base, index), {base, index});
    } else if (is(tok::period)) {
      consume();
      tryConsumeWord("template");  // `obj.template Load<T>(...)`
      if (!cur().word) {
        errorHere("expected a member name after '.'");
        return sema_.errorExpr(loc);
      }
      std::string name = cur().text;
      clang::SourceLocation nameLoc = cur().loc;
      consume();
      const Type* templateArg = nullptr;
      // Only ByteAddressBuffer::Load<T>/Store<T> take template arguments (§1.6); elsewhere `<` compares.
      if (is(tok::less) && e->type->isResource() && (name == "Load" || name == "Store") &&
          (e->type->resource == ResourceKind::ByteAddressBuffer || e->type->resource == ResourceKind::RWByteAddressBuffer)) {
        std::vector<const Type*> targs;
        std::vector<int64_t> vals;
        std::vector<bool> isType;
        parseTemplateArguments(targs, vals, isType);
        if (!targs.empty() && targs[0]) templateArg = targs[0];
      }
      TemplateDecl* memberTemplate = nullptr;
      if (e->type->isStruct())
        for (Decl* d : sema_.lookupMember(e->type->record, name))
          if (d->kind == DeclKind::Template) memberTemplate = static_cast<TemplateDecl*>(d);
      if (memberTemplate) {
        std::vector<const Type*> targs;
        std::vector<int64_t> tvals;
        std::vector<bool> tIsType;
        if (is(tok::less)) parseTemplateArguments(targs, tvals, tIsType);
        if (!is(tok::l_paren)) {
          errorHere("expected '(' to call member template '" + name + "'");
          return sema_.errorExpr(nameLoc);
        }
        std::vector<Expr*> args = parseCallArguments();
        FunctionDecl* inst = instantiateFunctionTemplate(memberTemplate, targs, tvals, tIsType, args, nameLoc);
        Expr* base = e;
        e = inst ? nested(sema_.buildDirectCall(nameLoc, inst, base, args), base, args) : sema_.errorExpr(nameLoc);
      } else if (is(tok::l_paren)) {
        std::vector<Expr*> args = parseCallArguments();
        Expr* base = e;
        e = nested(sema_.buildMethodCall(nameLoc, base, name, args, templateArg), base, args);
      } else {
        Expr* base = e;
        e = nested(sema_.buildMember(nameLoc, base, name, unsigned(name.size())), {base});
      }
    } else if (is(tok::arrow)) {
      errorHere("operator '->' is not supported; use '.'");
      consume();
      if (cur().word) consume();
      e = sema_.errorExpr(loc);
    } else if (is(tok::plusplus) || is(tok::minusminus)) {
      UnaryOp op = is(tok::plusplus) ? UnaryOp::PostInc : UnaryOp::PostDec;
      consume();
      Expr* operand = e;
      e = nested(sema_.buildUnary(loc, op, operand), {operand});
    } else if (is(tok::l_paren)) {
      errorHere("called object type '" + typeName(e->type) + "' is not a function");
      skipBalanced();
      e = sema_.errorExpr(loc);
    } else {
      return e;
    }
  }
  return e;
}

Expr* Parser::parseNumber() {
  std::string text = cur().text;
  clang::SourceLocation loc = cur().loc;
  consume();
  // Scalar swizzles of literals lex as one pp-number: `1.0.xx`, `2.xxx`, `1.0f.rrr`.
  std::string swizzle;
  size_t lastDot = text.rfind('.');
  if (lastDot != std::string::npos && lastDot + 1 < text.size()) {
    std::string tail = text.substr(lastDot + 1);
    bool allSwizzle = tail.find_first_not_of("xr") == std::string::npos;
    bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (allSwizzle && !hex) {
      swizzle = tail;
      text = text.substr(0, lastDot);
    }
  }
  bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  bool isFloat = false;
  if (!hex) {
    isFloat = text.find_first_of(".eE") != std::string::npos;
    char last = text.empty() ? 0 : char(std::tolower(static_cast<unsigned char>(text.back())));
    if (last == 'f' || last == 'h') isFloat = true;
    if (text.size() > 3 && (text.compare(text.size() - 3, 3, "f16") == 0 || text.compare(text.size() - 3, 3, "f32") == 0 ||
                            text.compare(text.size() - 3, 3, "f64") == 0))
      isFloat = true;
  }
  if (text.find("#INF") != std::string::npos || text.find("#inf") != std::string::npos) {
    auto* f = static_cast<FloatLiteralExpr*>(sema_.buildFloatLiteral(loc, "1.0"));
    f->value = HUGE_VAL;
    f->spelling = text;
    return f;
  }
  Expr* e = isFloat ? sema_.buildFloatLiteral(loc, text) : sema_.buildIntLiteral(loc, text);
  if (!swizzle.empty()) e = sema_.buildMember(loc.getLocWithOffset(int(lastDot + 1)), e, swizzle, unsigned(swizzle.size()));
  return e;
}

Expr* Parser::parsePrimary() {
  clang::SourceLocation loc = cur().loc;
  switch (cur().kind) {
    case tok::numeric_constant: return parseNumber();
    case tok::string_literal: {
      std::string value;
      std::vector<StringLiteralExpr::Piece> pieces;
      while (is(tok::string_literal)) {
        std::string t = cur().text;
        pieces.push_back({uint32_t(value.size()), cur().loc});
        if (t.size() >= 2) value += t.substr(1, t.size() - 2);
        consume();
      }
      Expr* e = sema_.buildStringLiteral(loc, value);
      static_cast<StringLiteralExpr*>(e)->pieces = std::move(pieces);
      return e;
    }
    case tok::char_constant: {
      std::string t = cur().text;
      consume();
      if (t.size() != 3) {
        sema_.error(loc, "only single ASCII character literals are supported");
        return sema_.errorExpr(loc);
      }
      return sema_.buildIntLiteral(loc, std::to_string(int(static_cast<unsigned char>(t[1]))));
    }
    case tok::l_paren: {
      consume();
      Expr* e = parseExpression();
      expect(tok::r_paren, "')'");
      return e;
    }
    case tok::l_brace:
      errorHere("initializer lists are only allowed in declarations");
      skipBalanced();
      return sema_.errorExpr(loc);
    default: break;
  }
  if (cur().word || is(tok::coloncolon)) {
    if (isWord("true") || isWord("false")) {
      bool v = isWord("true");
      consume();
      return sema_.buildBoolLiteral(loc, v);
    }
    if (isWord("this")) {
      consume();
      return sema_.buildThis(loc);
    }
    return parseNameExpression();
  }
  if (is(tok::eof)) errorHere("expected an expression before end of file");
  else errorHere("expected an expression");
  return sema_.errorExpr(loc);
}

Expr* Parser::parseNameExpression() {
  clang::SourceLocation loc = cur().loc;
  // Type names: constructors `float4(...)` and functional casts `int(x)`, `S::T(x)`.
  if (size_t end = scanTypeName(pos_)) {
    const Token& after = tokens_[std::min(end, tokens_.size() - 1)];
    if (after.kind == tok::l_paren) {
      const Type* type = parseType(false);
      if (!type) type = sema_.types().error();
      std::vector<Expr*> args = parseCallArguments();
      if (type->isError()) return sema_.errorExpr(loc);
      if (args.empty()) {
        sema_.error(loc, "too few elements in vector initialization (expected " +
                             std::to_string(type->isNumeric() ? type->elementCount() : 1) + " elements, have 0)");
        return sema_.errorExpr(loc);
      }
      if (args.size() == 1 && (type->isScalar() || !type->isNumeric())) {
        if (!type->isNumeric()) {
          sema_.error(loc, type->isStruct() ? "constructors only defined for numeric base types"
                                            : "'" + typeName(type) + "' cannot be constructed with function-style syntax");
          return sema_.errorExpr(loc);
        }
        return nested(sema_.buildCast(loc, type, args[0]), {args[0]});
      }
      return nested(sema_.buildConstruct(loc, type, args), nullptr, args);
    }
    // A type name followed by `::` and a value (`S::kCount`, `E::Value`) falls through below.
    if (after.kind != tok::coloncolon) {
      errorHere("unexpected type name '" + cur().text + "': expected an expression");
      consume();
      return sema_.errorExpr(loc);
    }
  }
  bool qualified = false;
  if (tryConsume(tok::coloncolon)) qualified = true;
  if (!cur().word) {
    errorHere("expected an identifier");
    return sema_.errorExpr(loc);
  }
  std::string name = cur().text;
  loc = cur().loc;
  consume();
  std::vector<Decl*> found = qualified ? sema_.lookupIn(nullptr, name) : sema_.lookup(name);
  if (qualified) {
    // `::name` looks in the global scope.
    Scope* global = sema_.currentScope();
    while (global->parent) global = global->parent;
    auto it = global->names.find(name);
    if (it != global->names.end()) found = it->second;
  }
  Decl* container = nullptr;
  std::string display = name;
  // Qualified names: ns::name, S::member, E::Value.
  while (is(tok::coloncolon) && peek(1).word) {
    Decl* scopeDecl = nullptr;
    for (Decl* d : found)
      if (d->kind == DeclKind::Namespace || d->kind == DeclKind::Struct || d->kind == DeclKind::Enum ||
          d->kind == DeclKind::Typedef)
        scopeDecl = d;
    if (!scopeDecl) break;
    consume();
    name = cur().text;
    loc = cur().loc;
    consume();
    container = scopeDecl;
    found = sema_.lookupIn(scopeDecl, name);
    display += "::" + name;
    qualified = true;
  }
  // Template arguments of a function template call: f<T>(...).
  std::vector<const Type*> targs;
  std::vector<int64_t> tvals;
  std::vector<bool> tIsType;
  bool hasTemplateArgs = false;
  bool isTemplate = false;
  for (Decl* d : found)
    if (d->kind == DeclKind::Template) isTemplate = true;
  if (isTemplate && is(tok::less)) {
    parseTemplateArguments(targs, tvals, tIsType);
    hasTemplateArgs = true;
  }
  if (is(tok::l_paren)) {
    std::vector<Expr*> args = parseCallArguments();
    for (Expr* a : args)
      if (a->type->isError()) return sema_.errorExpr(loc);
    // Static method call S::f(...).
    if (container && (container->kind == DeclKind::Struct ||
                      (container->kind == DeclKind::Typedef && static_cast<TypedefDecl*>(container)->type->isStruct()))) {
      StructDecl* record = container->kind == DeclKind::Struct ? static_cast<StructDecl*>(container)
                                                               : static_cast<TypedefDecl*>(container)->type->record;
      return nested(sema_.buildStaticMethodCall(loc, record, name, args), nullptr, args);
    }
    // Expand function templates into instances for overload resolution.
    std::vector<Decl*> candidates;
    size_t templates = 0;
    for (Decl* d : found)
      if (d->kind == DeclKind::Template) ++templates;
    bool mixed = templates > 0 && found.size() > 1;
    for (Decl* d : found) {
      if (d->kind == DeclKind::Template && !static_cast<TemplateDecl*>(d)->isStruct) {
        // In a mixed overload set a template that cannot be instantiated is just not a candidate.
        size_t mark = sema_.diagnostics().size();
        FunctionDecl* inst = instantiateFunctionTemplate(static_cast<TemplateDecl*>(d), targs, tvals, tIsType, args, loc);
        if (mixed && (!inst || sema_.diagnostics().size() > mark)) {
          sema_.takeDiagnosticsSince(mark);
          continue;
        }
        if (inst) candidates.push_back(inst);
        else return sema_.errorExpr(loc);
      } else {
        candidates.push_back(d);
      }
    }
    (void)hasTemplateArgs;
    // Intrinsics are visible unqualified and through dx::/vk:: (§2.8).
    bool intrinsicVisible = !qualified || (container == nullptr);
    return nested(sema_.buildCall(loc, name, candidates, !intrinsicVisible, args, nullptr), nullptr, args);
  }
  Decl* value = nullptr;
  for (Decl* d : found)
    if (d->kind == DeclKind::Var || d->kind == DeclKind::EnumConstant) {
      value = d;
      break;
    }
  if (!value) {
    if (!found.empty() && found[0]->kind == DeclKind::Function) {
      sema_.error(loc, "reference to function '" + display + "' must be called", unsigned(name.size()));
    } else if (found.empty()) {
      sema_.error(loc, "use of undeclared identifier '" + display + "'", unsigned(name.size()));
    } else {
      sema_.error(loc, "'" + display + "' does not refer to a value", unsigned(name.size()));
    }
    return sema_.errorExpr(loc);
  }
  return sema_.buildDeclRef(loc, value);
}

}  // namespace sl::frontend
