// Parser: token access, nesting limits, error recovery, and the words that modify a declaration.
#include "core/frontend/Parser.h"

#include <clang/Lex/Token.h>

#include <algorithm>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

Parser::Parser(PreprocessedUnit& unit, Sema& sema) : unit_(unit), sema_(sema) {
  for (const clang::Token& t : unit.tokens()) {
    Token token;
    token.kind = t.getKind();
    token.loc = t.getLocation();
    if (t.is(tok::eof)) {
      tokens_.push_back(token);
      break;
    }
    token.word = t.getIdentifierInfo() != nullptr;
    token.text = unit.spelling(t);
    tokens_.push_back(std::move(token));
  }
  if (tokens_.empty() || tokens_.back().kind != tok::eof) tokens_.emplace_back();
}

// ---------------------------------------------------------------------------------------------
// Tokens

const Parser::Token& Parser::cur() const {
  if (stopped_) return tokens_.back();  // eof
  return tokens_[std::min(pos_, tokens_.size() - 1)];
}
const Parser::Token& Parser::peek(size_t n) const {
  if (stopped_) return tokens_.back();
  return tokens_[std::min(pos_ + n, tokens_.size() - 1)];
}

bool Parser::is(TokenKind kind) const {
  if (splitGreater_) return kind == tok::greater;
  return cur().kind == kind;
}
bool Parser::peekIs(size_t n, TokenKind kind) const { return peek(n).kind == kind; }
bool Parser::isWord(const char* word) const { return !splitGreater_ && cur().word && cur().text == word; }

void Parser::consume() {
  splitGreater_ = false;
  // Not inside a template's body: its errors are deferred to an instantiation that may not come.
  if (templateDepth_ == 0 && sema_.errorLimitReached() && !stopped_)
    stopParsing(cur().loc, "too many errors emitted, stopping now [-ferror-limit=" +
                               std::to_string(sema_.options().errorLimit) + "]");
  if (pos_ + 1 < tokens_.size()) ++pos_;
}

bool Parser::tryConsume(TokenKind kind) {
  if (!is(kind)) return false;
  consume();
  return true;
}

bool Parser::tryConsumeWord(const char* word) {
  if (!isWord(word)) return false;
  consume();
  return true;
}

void Parser::stopParsing(clang::SourceLocation loc, const std::string& message) {
  if (stopped_) return;
  stopped_ = true;
  splitGreater_ = false;
  stopMark_ = sema_.diagnostics().size();
  stopLoc_ = loc;
  stopMessage_ = message;
}

bool Parser::enterBracket(const char* what) {
  if (stopped_) return false;
  if (bracketDepth_ >= kMaxBracketDepth) {
    stopParsing(cur().loc, std::string(what) + " nested too deeply (limit " + std::to_string(kMaxBracketDepth) + ")");
    return false;
  }
  ++bracketDepth_;
  return true;
}

unsigned Parser::recordDepth(const StructDecl* s) {
  if (auto it = typeDepth_.find(s); it != typeDepth_.end()) return it->second;
  unsigned depth = 0;
  if (s->base) depth = recordDepth(s->base);
  for (const VarDecl* f : s->fields) depth = std::max(depth, typeDepth(f->type));
  if (s->complete) typeDepth_[s] = depth + 1;
  return depth + 1;
}

unsigned Parser::typeDepth(const Type* t) {
  if (!t) return 0;
  if (t->isStruct()) return t->record ? recordDepth(t->record) : 1;
  if (!t->isArray()) return 1;
  if (auto it = typeDepth_.find(t); it != typeDepth_.end()) return it->second;
  unsigned depth = typeDepth(t->element) + 1;
  typeDepth_[t] = depth;
  return depth;
}

unsigned Parser::depthOf(const Expr* e) const {
  auto it = exprDepth_.find(e);
  return it == exprDepth_.end() ? 1 : it->second;
}

Expr* Parser::nested(Expr* e, std::initializer_list<const Expr*> operands) {
  unsigned depth = 0;
  for (const Expr* o : operands)
    if (o) depth = std::max(depth, depthOf(o));
  if (depth + 1 > kMaxExpressionDepth) {
    stopParsing(e->loc, "expression nested too deeply (limit " + std::to_string(kMaxExpressionDepth) + ")");
    return sema_.errorExpr(e->loc);
  }
  if (depth + 1 > 1) exprDepth_[e] = depth + 1;
  return e;
}

Expr* Parser::nested(Expr* e, const Expr* first, const std::vector<Expr*>& rest) {
  unsigned depth = first ? depthOf(first) : 0;
  for (const Expr* o : rest) depth = std::max(depth, depthOf(o));
  if (depth + 1 > kMaxExpressionDepth) {
    stopParsing(e->loc, "expression nested too deeply (limit " + std::to_string(kMaxExpressionDepth) + ")");
    return sema_.errorExpr(e->loc);
  }
  if (depth + 1 > 1) exprDepth_[e] = depth + 1;
  return e;
}

void Parser::errorHere(const std::string& message) {
  if (cur().kind == tok::eof) sema_.error(cur().loc, message);
  else sema_.error(cur().loc, message, tokenLength(cur()));
}

bool Parser::expect(TokenKind kind, const char* what) {
  if (tryConsume(kind)) return true;
  std::string found = cur().kind == tok::eof ? "end of file" : "'" + cur().text + "'";
  // Point just past the previous token for a missing ';' as Clang does.
  if (kind == tok::semi && pos_ > 0) {
    const Token& prev = tokens_[pos_ - 1];
    sema_.error(prev.loc.getLocWithOffset(int(prev.text.size())), std::string("expected ") + what);
    return false;
  }
  errorHere(std::string("expected ") + what + " before " + found);
  return false;
}

bool Parser::expectGreater() {
  if (splitGreater_) {
    consume();
    return true;
  }
  if (cur().kind == tok::greater) {
    consume();
    return true;
  }
  if (cur().kind == tok::greatergreater) {
    splitGreater_ = true;
    return true;
  }
  errorHere("expected '>'");
  return false;
}

void Parser::skipBalanced() {
  TokenKind open = cur().kind;
  TokenKind close;
  if (open == tok::l_paren) close = tok::r_paren;
  else if (open == tok::l_square) close = tok::r_square;
  else if (open == tok::l_brace) close = tok::r_brace;
  else {
    consume();
    return;
  }
  int depth = 0;
  while (cur().kind != tok::eof) {
    if (cur().kind == open) ++depth;
    else if (cur().kind == close && --depth == 0) {
      consume();
      return;
    }
    consume();
  }
}

void Parser::skipUntil(std::initializer_list<TokenKind> stops, bool consumeStop) {
  while (cur().kind != tok::eof) {
    for (TokenKind s : stops)
      if (cur().kind == s) {
        if (consumeStop) consume();
        return;
      }
    if (cur().kind == tok::r_brace) return;  // never skip out of the enclosing block
    skipBalanced();
  }
}


bool Parser::isTypeModifierWord(const std::string& w) {
  static const char* kWords[] = {"static", "const", "uniform", "groupshared", "extern", "inline", "export",
                                 "precise", "row_major", "column_major", "snorm", "unorm", "nointerpolation",
                                 "linear", "centroid", "sample", "noperspective", "center", "globallycoherent", "volatile",
                                 "in", "out", "inout", "shared", "reordercoherent", "indices", "vertices",
                                 "primitives", "payload"};
  for (const char* k : kWords)
    if (w == k) return true;
  return false;
}

// Modifier words that are also ordinary identifiers (`float3 center; center = x;`): they are
// modifiers only when another word follows.
bool Parser::isContextualModifierWord(const std::string& w) {
  return w == "sample" || w == "linear" || w == "centroid" || w == "center" || w == "noperspective" || w == "indices" ||
         w == "vertices" || w == "primitives" || w == "payload" || w == "shared";
}

}  // namespace sl::frontend
