#include "interp/debug/Expression.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace sl::interp::debug {

namespace {

// ---- parsing (precedence climbing) --------------------------------------------------------------

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  ParsedExpr run() {
    ParsedExpr result;
    skipSpace();
    if (pos_ == text_.size()) return fail("empty expression");
    auto e = binary(0);
    if (!e) return failure();
    skipSpace();
    if (pos_ != text_.size()) return fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    result.expr = std::move(e);
    return result;
  }

 private:
  ParsedExpr fail(const std::string& message) {
    if (!failed_) {
      failed_ = true;
      error_ = {uint32_t(pos_ + 1), message};
    }
    return failure();
  }
  ParsedExpr failure() const {
    ParsedExpr r;
    r.error = error_;
    return r;
  }
  std::unique_ptr<Expr> failNull(const std::string& message) {
    fail(message);
    return nullptr;
  }
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool peek(std::string_view op) const { return text_.substr(pos_, op.size()) == op; }

  // Binary operators from loosest to tightest.
  static int precedence(std::string_view op) {
    static const std::pair<std::string_view, int> table[] = {
        {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4}, {"&", 5}, {"==", 6}, {"!=", 6}, {"<=", 7}, {">=", 7}, {"<<", 8}, {">>", 8},
        {"<", 7},  {">", 7},  {"+", 9}, {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
    for (const auto& [text, p] : table)
      if (text == op) return p;
    return 0;
  }
  std::string_view binaryOperator() {
    skipSpace();
    for (std::string_view op : {"||", "&&", "==", "!=", "<=", ">=", "<<", ">>"})
      if (peek(op)) return op;
    if (pos_ < text_.size() && std::string_view("|^&<>+-*/%").find(text_[pos_]) != std::string_view::npos) return text_.substr(pos_, 1);
    return {};
  }

  // A new node, or null (and the error) past kMaxNodes: evaluating and freeing the tree recurse
  // over it, so a 100,000-term watch must not get that far.
  static constexpr size_t kMaxNodes = 4096;
  std::unique_ptr<Expr> node() {
    if (++nodes_ > kMaxNodes) return failNull("expression too long (more than " + std::to_string(kMaxNodes) + " terms)");
    return std::make_unique<Expr>();
  }

  // Recursion depth of the descent: a watch needs a few levels, a hostile one 100,000.
  static constexpr int kMaxDepth = 256;
  struct Nested {
    int& depth;
    explicit Nested(int& d) : depth(++d) {}
    ~Nested() { --depth; }
  };

  std::unique_ptr<Expr> binary(int minPrecedence) {
    Nested guard(depth_);
    if (depth_ > kMaxDepth) return failNull("expression nested too deeply");
    auto lhs = unary();
    if (!lhs) return nullptr;
    for (;;) {
      const std::string_view op = binaryOperator();
      const int p = op.empty() ? 0 : precedence(op);
      if (p == 0 || p <= minPrecedence) return lhs;
      const uint32_t column = uint32_t(pos_ + 1);
      pos_ += op.size();
      auto rhs = binary(p);
      if (!rhs) return nullptr;
      auto e = node();
      if (!e) return nullptr;
      e->kind = Expr::Kind::Binary;
      e->text = std::string(op);
      e->column = column;
      e->operands.push_back(std::move(lhs));
      e->operands.push_back(std::move(rhs));
      lhs = std::move(e);
    }
  }

  std::unique_ptr<Expr> unary() {
    Nested guard(depth_);
    if (depth_ > kMaxDepth) return failNull("expression nested too deeply");
    skipSpace();
    if (pos_ < text_.size() && std::string_view("-+!~").find(text_[pos_]) != std::string_view::npos) {
      auto e = node();
      if (!e) return nullptr;
      e->kind = Expr::Kind::Unary;
      e->text = std::string(1, text_[pos_]);
      e->column = uint32_t(pos_ + 1);
      ++pos_;
      auto operand = unary();
      if (!operand) return nullptr;
      e->operands.push_back(std::move(operand));
      return e;
    }
    return postfix();
  }

  std::unique_ptr<Expr> postfix() {
    auto e = primary();
    while (e) {
      skipSpace();
      if (peek(".")) {
        const uint32_t column = uint32_t(pos_ + 1);
        ++pos_;
        skipSpace();
        const size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
        if (start == pos_ || std::isdigit(static_cast<unsigned char>(text_[start]))) return failNull("expected a member name after '.'");
        auto m = node();
        if (!m) return nullptr;
        m->kind = Expr::Kind::Member;
        m->text = std::string(text_.substr(start, pos_ - start));
        m->column = column;
        m->operands.push_back(std::move(e));
        e = std::move(m);
      } else if (peek("[")) {
        const uint32_t column = uint32_t(pos_ + 1);
        ++pos_;
        auto index = binary(0);
        if (!index) return nullptr;
        skipSpace();
        if (!peek("]")) return failNull("expected ']'");
        ++pos_;
        auto ix = node();
        if (!ix) return nullptr;
        ix->kind = Expr::Kind::Index;
        ix->column = column;
        ix->operands.push_back(std::move(e));
        ix->operands.push_back(std::move(index));
        e = std::move(ix);
      } else {
        break;
      }
    }
    return e;
  }

  std::unique_ptr<Expr> primary() {
    skipSpace();
    if (pos_ == text_.size()) return failNull("expected a value");
    const char c = text_[pos_];
    if (c == '(') {
      ++pos_;
      auto e = binary(0);
      if (!e) return nullptr;
      skipSpace();
      if (!peek(")")) return failNull("expected ')'");
      ++pos_;
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))))
      return number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = pos_;
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
      auto e = node();
      if (!e) return nullptr;
      e->column = uint32_t(start + 1);
      e->text = std::string(text_.substr(start, pos_ - start));
      if (e->text == "true" || e->text == "false") {
        e->literal = Value::boolean(e->text == "true");
      } else {
        e->kind = Expr::Kind::Name;
      }
      return e;
    }
    return failNull("unexpected '" + std::string(1, c) + "'");
  }

  std::unique_ptr<Expr> number() {
    const size_t start = pos_;
    auto e = node();
    if (!e) return nullptr;
    e->column = uint32_t(start + 1);
    const bool hex = peek("0x") || peek("0X");
    if (hex) pos_ += 2;
    bool isFloat = false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (std::isdigit(static_cast<unsigned char>(c)) || (hex && std::isxdigit(static_cast<unsigned char>(c)))) {
        ++pos_;
      } else if (!hex && c == '.') {
        isFloat = true;
        ++pos_;
      } else if (!hex && (c == 'e' || c == 'E')) {
        isFloat = true;
        ++pos_;
        if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      } else {
        break;
      }
    }
    const std::string digits(text_.substr(start, pos_ - start));
    bool isUnsigned = false;
    if (pos_ < text_.size() && (text_[pos_] == 'f' || text_[pos_] == 'F') && !hex) isFloat = true, ++pos_;
    else if (pos_ < text_.size() && (text_[pos_] == 'u' || text_[pos_] == 'U')) isUnsigned = true, ++pos_;
    if (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      return failNull("malformed number");
    char* end = nullptr;
    if (isFloat) {
      const double v = std::strtod(digits.c_str(), &end);
      if (*end) return failNull("malformed number");
      e->literal = Value::floating(v);
    } else {
      errno = 0;
      const unsigned long long v = std::strtoull(digits.c_str(), &end, hex ? 16 : 10);
      if (*end || errno == ERANGE || (hex && digits.size() == 2)) {
        pos_ = start;
        return failNull("malformed or too large number");
      }
      if (isUnsigned || v > 0x7fffffffull) e->literal = v > 0xffffffffull ? Value::unsignedInt(v, 64) : Value::unsignedInt(v);
      else e->literal = Value::integer(int64_t(v));
    }
    return e;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
  size_t nodes_ = 0;
  bool failed_ = false;
  ExprError error_;
};

// ---- evaluation ---------------------------------------------------------------------------------

struct Failure {
  ExprError error;
};

[[noreturn]] void raise(const Expr& at, const std::string& message) { throw Failure{{at.column, message}}; }

// The scalar kind two operands compute in (HLSL's usual arithmetic conversions, simplified).
Value::Kind common(const Value& a, const Value& b, uint32_t& bits) {
  bits = std::max(a.kind == Value::Kind::Bool ? 32u : a.bits, b.kind == Value::Kind::Bool ? 32u : b.bits);
  if (a.kind == Value::Kind::Float || b.kind == Value::Kind::Float) {
    bits = std::max(a.kind == Value::Kind::Float ? a.bits : 0u, b.kind == Value::Kind::Float ? b.bits : 0u);
    return Value::Kind::Float;
  }
  // Integers: the wider type wins; at equal widths unsigned wins (uint16_t + int is int).
  const uint32_t aBits = a.kind == Value::Kind::Bool ? 32 : a.bits, bBits = b.kind == Value::Kind::Bool ? 32 : b.bits;
  const bool aUnsigned = a.kind == Value::Kind::UInt, bUnsigned = b.kind == Value::Kind::UInt;
  if (aUnsigned && bUnsigned) return Value::Kind::UInt;
  if (aUnsigned) return aBits >= bBits ? Value::Kind::UInt : Value::Kind::Int;
  if (bUnsigned) return bBits >= aBits ? Value::Kind::UInt : Value::Kind::Int;
  return Value::Kind::Int;
}

Value scalarBinary(const Expr& at, const std::string& op, const Value& a, const Value& b) {
  if (!a.isScalar() || !b.isScalar()) raise(at, "operator '" + op + "' needs numbers, not " + a.typeName + " and " + b.typeName);
  if (op == "&&") return Value::boolean(a.truthy() && b.truthy());
  if (op == "||") return Value::boolean(a.truthy() || b.truthy());
  uint32_t bits = 32;
  const Value::Kind kind = common(a, b, bits);
  if (kind == Value::Kind::Float) {
    const double x = a.asDouble(), y = b.asDouble();
    if (op == "+") return Value::floating(x + y, bits);
    if (op == "-") return Value::floating(x - y, bits);
    if (op == "*") return Value::floating(x * y, bits);
    if (op == "/") return Value::floating(x / y, bits);
    if (op == "%") return Value::floating(std::fmod(x, y), bits);
    if (op == "<") return Value::boolean(x < y);
    if (op == "<=") return Value::boolean(x <= y);
    if (op == ">") return Value::boolean(x > y);
    if (op == ">=") return Value::boolean(x >= y);
    if (op == "==") return Value::boolean(x == y);
    if (op == "!=") return Value::boolean(x != y);
    raise(at, "operator '" + op + "' needs integers");
  }
  const bool isUnsigned = kind == Value::Kind::UInt;
  const uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  const uint64_t x = uint64_t(a.kind == Value::Kind::UInt ? a.u : uint64_t(a.asInt())) & mask;
  const uint64_t y = uint64_t(b.kind == Value::Kind::UInt ? b.u : uint64_t(b.asInt())) & mask;
  const int64_t sx = a.asInt(), sy = b.asInt();
  auto make = [&](uint64_t r) {
    r &= mask;
    if (isUnsigned) return Value::unsignedInt(r, bits);
    const int shift = 64 - int(bits);
    return Value::integer(shift ? int64_t(r << shift) >> shift : int64_t(r), bits);
  };
  if (op == "+") return make(x + y);
  if (op == "-") return make(x - y);
  if (op == "*") return make(x * y);
  if (op == "/" || op == "%") {
    if (y == 0) raise(at, "division by zero");
    if (isUnsigned) return make(op == "/" ? x / y : x % y);
    if (sy == -1) return make(op == "/" ? uint64_t(-sx) : 0);  // INT_MIN / -1 wraps
    return make(uint64_t(op == "/" ? sx / sy : sx % sy));
  }
  if (op == "&") return make(x & y);
  if (op == "|") return make(x | y);
  if (op == "^") return make(x ^ y);
  if (op == "<<") return make(x << (y % bits));
  if (op == ">>") return isUnsigned ? make(x >> (y % bits)) : make(uint64_t(sx >> (y % bits)));
  if (op == "<") return Value::boolean(isUnsigned ? x < y : sx < sy);
  if (op == "<=") return Value::boolean(isUnsigned ? x <= y : sx <= sy);
  if (op == ">") return Value::boolean(isUnsigned ? x > y : sx > sy);
  if (op == ">=") return Value::boolean(isUnsigned ? x >= y : sx >= sy);
  if (op == "==") return Value::boolean(x == y);
  if (op == "!=") return Value::boolean(x != y);
  raise(at, "unknown operator '" + op + "'");
}

// The HLSL name of a vector of `n` components like `component`.
std::string vectorName(const Value& component, size_t n) { return component.typeName + std::to_string(n); }

Value binaryValue(const Expr& at, const std::string& op, const Value& a, const Value& b) {
  const bool av = a.kind == Value::Kind::Vector, bv = b.kind == Value::Kind::Vector;
  if (!av && !bv) return scalarBinary(at, op, a, b);
  if (op == "&&" || op == "||") raise(at, "operator '" + op + "' needs scalars");
  if (av && bv && a.elements.size() != b.elements.size())
    raise(at, "operator '" + op + "' on vectors of " + std::to_string(a.elements.size()) + " and " + std::to_string(b.elements.size()) + " components");
  if ((av && !b.isScalar() && !bv) || (bv && !a.isScalar() && !av)) raise(at, "operator '" + op + "' needs numbers or vectors");
  Value r;
  r.kind = Value::Kind::Vector;
  const size_t n = av ? a.elements.size() : b.elements.size();
  for (size_t k = 0; k < n; ++k) r.elements.push_back(scalarBinary(at, op, av ? a.elements[k] : a, bv ? b.elements[k] : b));
  r.typeName = vectorName(r.elements[0], n);
  return r;
}

Value unaryValue(const Expr& at, const std::string& op, const Value& v) {
  if (v.kind == Value::Kind::Vector) {
    Value r = v;
    for (Value& e : r.elements) e = unaryValue(at, op, e);
    if (!r.elements.empty()) r.typeName = vectorName(r.elements[0], r.elements.size());
    return r;
  }
  if (!v.isScalar()) raise(at, "operator '" + op + "' needs a number, not " + v.typeName);
  if (op == "!") return Value::boolean(!v.truthy());
  if (op == "+") return v.kind == Value::Kind::Bool ? Value::integer(v.b) : v;
  if (op == "-") {
    if (v.kind == Value::Kind::Float) return Value::floating(-v.f, v.bits);
    if (v.kind == Value::Kind::UInt) return scalarBinary(at, "-", Value::unsignedInt(0, v.bits), v);
    return scalarBinary(at, "-", Value::integer(0, v.bits), v);
  }
  if (v.kind == Value::Kind::Float) raise(at, "operator '~' needs an integer");
  return scalarBinary(at, "^", v, v.kind == Value::Kind::UInt ? Value::unsignedInt(~0ull, v.bits) : Value::integer(-1, v.bits));
}

int swizzleIndex(char c) {
  switch (c) {
    case 'x': case 'r': return 0;
    case 'y': case 'g': return 1;
    case 'z': case 'b': return 2;
    case 'w': case 'a': return 3;
    default: return -1;
  }
}

Value member(const Expr& at, const Value& v, const std::string& name) {
  if (v.kind == Value::Kind::Struct) {
    for (size_t k = 0; k < v.memberNames.size(); ++k)
      if (v.memberNames[k] == name) return v.elements[k];
    std::string known;
    for (const std::string& m : v.memberNames) known += (known.empty() ? "" : ", ") + m;
    raise(at, "'" + v.typeName + "' has no member '" + name + "' (members: " + known + ")");
  }
  if (v.kind == Value::Kind::Vector || v.isScalar()) {
    const size_t count = v.kind == Value::Kind::Vector ? v.elements.size() : 1;
    if (name.size() > 4) raise(at, "swizzle '" + name + "' has more than 4 components");
    Value r;
    r.kind = Value::Kind::Vector;
    for (char c : name) {
      const int k = swizzleIndex(c);
      if (k < 0) raise(at, "'" + name + "' is not a swizzle of " + v.typeName);
      if (size_t(k) >= count) raise(at, "swizzle '" + name + "' reads component " + std::string(1, c) + " of " + v.typeName);
      r.elements.push_back(v.kind == Value::Kind::Vector ? v.elements[size_t(k)] : v);
    }
    if (r.elements.size() == 1) return r.elements[0];
    r.typeName = vectorName(r.elements[0], r.elements.size());
    return r;
  }
  raise(at, v.typeName + " has no members");
}

// An operand with no value to compute with (an uninitialized variable, a pointer) is an error
// naming it.
const Value& usable(const Expr& at, const Value& v) {
  if (v.kind != Value::Kind::Opaque) return v;
  raise(at, (at.kind == Expr::Kind::Name ? "'" + at.text + "' is " : std::string("the value is ")) + v.opaque);
}

Value eval(const Expr& e, const NameLookup& lookup) {
  switch (e.kind) {
    case Expr::Kind::Literal: return e.literal;
    case Expr::Kind::Name: {
      std::optional<Value> v = lookup(e.text);
      if (!v) raise(e, "unknown name '" + e.text + "'");
      return *v;
    }
    case Expr::Kind::Unary: return unaryValue(e, e.text, usable(*e.operands[0], eval(*e.operands[0], lookup)));
    case Expr::Kind::Binary: {
      const Value a = usable(*e.operands[0], eval(*e.operands[0], lookup));
      // && and || short-circuit as in HLSL scalars.
      if (e.text == "&&" && a.isScalar() && !a.truthy()) return Value::boolean(false);
      if (e.text == "||" && a.isScalar() && a.truthy()) return Value::boolean(true);
      return binaryValue(e, e.text, a, usable(*e.operands[1], eval(*e.operands[1], lookup)));
    }
    case Expr::Kind::Member: return member(e, usable(*e.operands[0], eval(*e.operands[0], lookup)), e.text);
    case Expr::Kind::Index: {
      const Value base = usable(*e.operands[0], eval(*e.operands[0], lookup));
      const Value index = usable(*e.operands[1], eval(*e.operands[1], lookup));
      if (index.kind != Value::Kind::Int && index.kind != Value::Kind::UInt && index.kind != Value::Kind::Bool)
        raise(*e.operands[1], "an index must be an integer, not " + index.typeName);
      if (base.isScalar() || base.kind == Value::Kind::Struct || base.kind == Value::Kind::Opaque) raise(e, base.typeName + " cannot be indexed");
      const int64_t i = index.kind == Value::Kind::UInt ? int64_t(std::min<uint64_t>(index.u, INT64_MAX)) : index.asInt();
      if (i < 0 || uint64_t(i) >= base.elements.size())
        raise(*e.operands[1], "index " + std::to_string(i) + " is out of bounds of " + base.typeName);
      return base.elements[size_t(i)];
    }
  }
  raise(e, "cannot evaluate");
}

}  // namespace

ParsedExpr parseExpression(std::string_view text) { return Parser(text).run(); }

EvalResult evaluate(const Expr& expr, const NameLookup& lookup) {
  EvalResult r;
  try {
    r.value = eval(expr, lookup);
  } catch (const Failure& f) {
    r.error = f.error;
  }
  return r;
}

void namesOf(const Expr& expr, std::vector<const Expr*>& names) {
  if (expr.kind == Expr::Kind::Name) names.push_back(&expr);
  for (const auto& o : expr.operands) namesOf(*o, names);
}

}  // namespace sl::interp::debug
