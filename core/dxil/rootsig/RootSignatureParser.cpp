#include "core/dxil/rootsig/RootSignatureParser.h"

#include "core/dxil/rootsig/RootSignatureNames.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace sl::dxil::rootsig {
namespace {

// ---------------------------------------------------------------------------------------------
// Tokens

enum class Tok : uint8_t { End, Comma, LParen, RParen, Eq, Or, Word, Register, Number, Unknown };

struct Token {
  Tok kind = Tok::End;
  uint32_t offset = 0;
  std::string_view text;
  char registerClass = 0;  // Register: b, t, u or s
  uint32_t u32 = 0;        // Register, Number: value when unsigned and in range
  bool isU32 = false;      // Number: an unsigned integer that fits in 32 bits
  bool isI32 = false;      // Number: a negative integer that fits in 32 bits (value in i32)
  int32_t i32 = 0;
  bool isFloat = false;    // Number: had '.', an exponent or an 'f' suffix (value in f32)
  float f32 = 0.0f;
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Decimal digits to a value, nullopt past 64 bits (then it is out of every range we accept).
std::optional<uint64_t> decimal(std::string_view digits) {
  uint64_t v = 0;
  for (char c : digits) {
    if (v > (std::numeric_limits<uint64_t>::max() - 9) / 10) return std::nullopt;
    v = v * 10 + uint64_t(c - '0');
  }
  return v;
}

void classifyNumber(Token& t) {
  std::string_view s = t.text;
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  bool integer = !s.empty();
  for (char c : s) integer = integer && isDigit(c);
  if (integer) {
    std::optional<uint64_t> v = decimal(s);
    if (!v) return;  // stays Unknown-valued: not a u32, i32 or float
    if (negative && *v <= uint64_t(std::numeric_limits<int32_t>::max()) + 1) {
      t.isI32 = true;
      t.i32 = int32_t(-int64_t(*v));
    } else if (!negative && *v <= 0xFFFFFFFFu) {
      t.isU32 = true;
      t.u32 = uint32_t(*v);
    }
    if (t.isI32 || t.isU32) t.f32 = negative ? -float(*v) : float(*v);
    return;
  }
  std::string copy(t.text);
  if (!copy.empty() && (copy.back() == 'f' || copy.back() == 'F')) copy.pop_back();
  errno = 0;
  char* end = nullptr;
  double d = std::strtod(copy.c_str(), &end);
  // DXC refuses floats outside the f32 range rather than making them infinite.
  if (errno == ERANGE || end != copy.c_str() + copy.size() || !std::isfinite(d) || d > FLT_MAX || d < -FLT_MAX) return;
  t.isFloat = true;
  t.f32 = float(d);
}

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (true) {
    while (i < s.size() && isSpace(s[i])) ++i;
    Token t;
    t.offset = uint32_t(i);
    if (i == s.size()) {
      tokens.push_back(t);
      return tokens;
    }
    const size_t start = i;
    const char c = s[i];
    switch (c) {
      case ',': t.kind = Tok::Comma; ++i; break;
      case '(': t.kind = Tok::LParen; ++i; break;
      case ')': t.kind = Tok::RParen; ++i; break;
      case '=': t.kind = Tok::Eq; ++i; break;
      case '|': t.kind = Tok::Or; ++i; break;
      default:
        if (isDigit(c) || c == '+' || c == '-' || c == '.') {
          // [+-] digits [. digits] [e [+-] digits] [f]
          ++i;
          while (i < s.size() && (isDigit(s[i]) || s[i] == '.')) ++i;
          if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            ++i;
            if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
            while (i < s.size() && isDigit(s[i])) ++i;
          }
          if (i < s.size() && (s[i] == 'f' || s[i] == 'F')) ++i;
          t.kind = Tok::Number;
        } else if (isAlpha(c) || c == '_') {
          while (i < s.size() && (isAlpha(s[i]) || isDigit(s[i]) || s[i] == '_')) ++i;
          t.kind = Tok::Word;
        } else {
          ++i;
          t.kind = Tok::Unknown;
        }
    }
    t.text = s.substr(start, i - start);
    if (t.kind == Tok::Number) classifyNumber(t);
    // Registers are lower-case b/t/u/s and decimal digits, as in DXC.
    if (t.kind == Tok::Word && t.text.size() > 1 && std::string_view("btus").find(t.text[0]) != std::string_view::npos) {
      bool digits = true;
      for (char d : t.text.substr(1)) digits = digits && isDigit(d);
      std::optional<uint64_t> v = digits ? decimal(t.text.substr(1)) : std::nullopt;
      if (v && *v <= 0xFFFFFFFFu) {
        t.kind = Tok::Register;
        t.registerClass = t.text[0];
        t.u32 = uint32_t(*v);
      }
    }
    tokens.push_back(t);
  }
}

// ---------------------------------------------------------------------------------------------
// The parser: one function per clause; each returns false after recording the first error.

class Parser {
 public:
  Parser(std::string_view text, Version version) : tokens_(tokenize(text)), version_(version) {}

  ParsedRootSignature run() {
    ParsedRootSignature result;
    result.signature.version = version_;
    if (!parseSignature(result.signature)) result.error = error_;
    return result;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (t.kind != Tok::End) ++pos_;
    return t;
  }
  bool isWord(std::string_view word) const { return peek().kind == Tok::Word && equalsIgnoreCase(peek().text, word); }

  bool fail(const Token& at, std::string message) {
    if (!error_.message.empty()) return false;
    error_.offset = at.offset;
    error_.length = uint32_t(at.text.size());
    error_.message = std::move(message);
    return false;
  }
  static std::string quoted(const Token& t) { return t.kind == Tok::End ? "end of string" : "'" + std::string(t.text) + "'"; }
  bool unexpected(const Token& t) { return fail(t, "unexpected token " + quoted(t)); }
  bool expect(Tok kind, const char* what) {
    const Token& t = next();
    if (t.kind == kind) return true;
    return fail(t, std::string("expected ") + what + ", found " + quoted(t));
  }
  // `seen` guards "each parameter at most once", as DXC.
  bool mark(bool& seen, const Token& at, const char* name) {
    if (seen) return fail(at, std::string("parameter '") + name + "' can be specified only once");
    seen = true;
    return true;
  }

  // A parenthesized list of comma-separated parameters; `item` parses one (at peek()).
  template <typename Item>
  bool parameterList(Item&& item) {
    if (!expect(Tok::LParen, "'('")) return false;
    while (true) {
      if (!item()) return false;
      const Token& t = next();
      if (t.kind == Tok::RParen) return true;
      if (t.kind != Tok::Comma) return fail(t, "expected ',' or ')', found " + quoted(t));
    }
  }

  bool parseSignature(RootSignature& rs) {
    bool seenFlags = false;
    while (peek().kind != Tok::End) {
      const Token& head = peek();
      if (isWord("RootFlags")) {
        if (seenFlags) return fail(head, "RootFlags cannot be specified more than once");
        seenFlags = true;
        if (!parseRootFlags(rs.flags)) return false;
      } else if (isWord("RootConstants")) {
        if (!parseRootConstants(rs.parameters.emplace_back())) return false;
      } else if (isWord("CBV") || isWord("SRV") || isWord("UAV")) {
        if (!parseRootDescriptor(rs.parameters.emplace_back())) return false;
      } else if (isWord("DescriptorTable")) {
        if (!parseDescriptorTable(rs.parameters.emplace_back())) return false;
      } else if (isWord("StaticSampler")) {
        if (!parseStaticSampler(rs.samplers.emplace_back())) return false;
      } else {
        return fail(head, "unexpected token " + quoted(head) +
                              " (expected RootFlags, RootConstants, CBV, SRV, UAV, DescriptorTable or StaticSampler)");
      }
      const Token& t = next();
      if (t.kind == Tok::End) break;
      if (t.kind != Tok::Comma) return fail(t, "expected ',', found " + quoted(t));
    }
    return true;
  }

  // `0`, or flag names joined with '|'; a list ends at `)` or `,`.
    bool parseFlagList(std::span<const NamedValue> table, const char* what, uint32_t& flags) {
    flags = 0;
    if (peek().kind == Tok::Number) {
      const Token& t = next();
      if (t.isU32 && t.u32 == 0) return true;
      return fail(t, std::string(what) + " values can only be 0 or flag enum values, found " + quoted(t));
    }
    while (true) {
      const Token& t = next();
      std::optional<uint32_t> v = t.kind == Tok::Word ? valueOfName(table, t.text) : std::nullopt;
      if (!v) return fail(t, std::string("expected a ") + what + " value, found " + quoted(t));
      flags |= *v;
      if (peek().kind != Tok::Or) return true;
      next();
    }
  }

  bool parseRootFlags(uint32_t& flags) {
    next();  // RootFlags
    if (!expect(Tok::LParen, "'('")) return false;
    if (!parseFlagList(rootFlagNames(), "root signature flag", flags)) return false;
    return expect(Tok::RParen, "')'");
  }

  bool parseU32(uint32_t& out, const char* what) {
    const Token& t = next();
    if (t.kind == Tok::Number && t.isU32) {
      out = t.u32;
      return true;
    }
    return fail(t, std::string("expected ") + what + " (an unsigned 32-bit integer), found " + quoted(t));
  }
  bool parseAssignedU32(uint32_t& out, const char* what) {
    next();  // the parameter name
    return expect(Tok::Eq, "'='") && parseU32(out, what);
  }
  bool parseFloatValue(float& out) {
    next();
    if (!expect(Tok::Eq, "'='")) return false;
    const Token& t = next();
    if (t.kind == Tok::Number && (t.isU32 || t.isI32 || t.isFloat)) {
      out = t.f32;
      return true;
    }
    return fail(t, "expected a float, found " + quoted(t));
  }
    bool parseEnum(std::span<const NamedValue> table, const char* what, uint32_t& out) {
    next();
    if (!expect(Tok::Eq, "'='")) return false;
    const Token& t = next();
    std::optional<uint32_t> v = t.kind == Tok::Word ? valueOfName(table, t.text) : std::nullopt;
    if (!v) return fail(t, std::string("unexpected ") + what + " value " + quoted(t));
    out = *v;
    return true;
  }
  bool parseVisibility(Visibility& out) {
    uint32_t v = 0;
    if (!parseEnum(visibilityNames(), "visibility", v)) return false;
    out = Visibility(v);
    return true;
  }
  // A register of class `cls` (b, t, u or s); `clause` names the clause for the error.
  bool parseRegister(char cls, const char* clause, uint32_t& out) {
    const Token& t = next();
    if (t.kind != Tok::Register) return fail(t, "expected a register, found " + quoted(t));
    if (t.registerClass != cls)
      return fail(t, "incorrect register type " + quoted(t) + " in " + clause + " (expected " + std::string(1, cls) + "#)");
    out = t.u32;
    return true;
  }
  bool parseFlagsParameter(bool rangeFlags, uint32_t& out) {
    const Token& name = next();  // flags
    if (version_ == Version::V1_0)
      return fail(name, std::string(rangeFlags ? "descriptor range" : "root descriptor") +
                            " flags cannot be specified for root_sig_1_0");
    if (!expect(Tok::Eq, "'='")) return false;
    return rangeFlags ? parseFlagList(rangeFlagNames(), "descriptor range flag", out)
                      : parseFlagList(descriptorFlagNames(), "root descriptor flag", out);
  }

  bool parseRootConstants(RootParameter& p) {
    const Token& head = next();
    p.sourceOffset = head.offset;
    p.type = ParameterType::Constants32Bit;
    bool seenNum = false, seenReg = false, seenSpace = false, seenVisibility = false;
    bool ok = parameterList([&] {
      const Token& t = peek();
      if (isWord("num32BitConstants"))
        return mark(seenNum, t, "num32BitConstants") && parseAssignedU32(p.constants.num32BitValues, "a constant count");
      if (t.kind == Tok::Register)
        return mark(seenReg, t, "cbuffer register b#") && parseRegister('b', "RootConstants", p.constants.shaderRegister);
      if (isWord("space")) return mark(seenSpace, t, "space") && parseAssignedU32(p.constants.space, "a register space");
      if (isWord("visibility")) return mark(seenVisibility, t, "visibility") && parseVisibility(p.visibility);
      return unexpected(t);
    });
    if (!ok) return false;
    if (!seenNum) return fail(head, "num32BitConstants must be defined for each RootConstants");
    if (!seenReg) return fail(head, "constant buffer register b# must be defined for each RootConstants");
    return true;
  }

  bool parseRootDescriptor(RootParameter& p) {
    const Token& head = next();
    p.sourceOffset = head.offset;
    char cls = 'b';
    p.type = ParameterType::CBV;
    if (equalsIgnoreCase(head.text, "SRV")) cls = 't', p.type = ParameterType::SRV;
    if (equalsIgnoreCase(head.text, "UAV")) cls = 'u', p.type = ParameterType::UAV;
    const std::string clause = std::string(parameterTypeName(p.type));
    bool seenReg = false, seenFlags = false, seenSpace = false, seenVisibility = false;
    bool ok = parameterList([&] {
      const Token& t = peek();
      if (t.kind == Tok::Register)
        return mark(seenReg, t, "shader register") && parseRegister(cls, clause.c_str(), p.descriptor.shaderRegister);
      if (isWord("flags")) return mark(seenFlags, t, "flags") && parseFlagsParameter(false, p.descriptor.flags);
      if (isWord("space")) return mark(seenSpace, t, "space") && parseAssignedU32(p.descriptor.space, "a register space");
      if (isWord("visibility")) return mark(seenVisibility, t, "visibility") && parseVisibility(p.visibility);
      return unexpected(t);
    });
    if (!ok) return false;
    if (!seenReg) return fail(head, "shader register must be defined for each CBV/SRV/UAV");
    return true;
  }

  bool parseDescriptorTable(RootParameter& p) {
    p.sourceOffset = next().offset;
    p.type = ParameterType::DescriptorTable;
    bool seenVisibility = false;
    return parameterList([&] {
      const Token& t = peek();
      if (isWord("CBV") || isWord("SRV") || isWord("UAV") || isWord("Sampler")) return parseRange(p.ranges.emplace_back());
      if (isWord("visibility")) return mark(seenVisibility, t, "visibility") && parseVisibility(p.visibility);
      return unexpected(t);
    });
  }

  bool parseRange(DescriptorRange& r) {
    const Token& head = next();
    r.sourceOffset = head.offset;
    char cls = 'b';
    const char* clause = "CBV";
    r.type = RangeType::CBV;
    if (equalsIgnoreCase(head.text, "SRV")) cls = 't', clause = "SRV", r.type = RangeType::SRV;
    if (equalsIgnoreCase(head.text, "UAV")) cls = 'u', clause = "UAV", r.type = RangeType::UAV;
    if (equalsIgnoreCase(head.text, "Sampler")) cls = 's', clause = "Sampler", r.type = RangeType::Sampler;
    bool seenReg = false, seenNum = false, seenSpace = false, seenFlags = false, seenOffset = false;
    bool ok = parameterList([&] {
      const Token& t = peek();
      if (t.kind == Tok::Register) return mark(seenReg, t, "shader register") && parseRegister(cls, clause, r.baseRegister);
      if (isWord("numDescriptors")) {
        if (!mark(seenNum, t, "numDescriptors")) return false;
        next();
        if (!expect(Tok::Eq, "'='")) return false;
        if (isWord("unbounded")) {
          next();
          r.numDescriptors = kUnbounded;
          return true;
        }
        return parseU32(r.numDescriptors, "a descriptor count or unbounded");
      }
      if (isWord("space")) return mark(seenSpace, t, "space") && parseAssignedU32(r.space, "a register space");
      if (isWord("flags")) return mark(seenFlags, t, "flags") && parseFlagsParameter(true, r.flags);
      if (isWord("offset")) {
        if (!mark(seenOffset, t, "offset")) return false;
        next();
        if (!expect(Tok::Eq, "'='")) return false;
        if (isWord("DESCRIPTOR_RANGE_OFFSET_APPEND")) {
          next();
          r.offset = kOffsetAppend;
          return true;
        }
        return parseU32(r.offset, "an offset or DESCRIPTOR_RANGE_OFFSET_APPEND");
      }
      return unexpected(t);
    });
    if (!ok) return false;
    if (!seenReg) return fail(head, "shader register must be defined for each CBV/SRV/UAV/Sampler range");
    return true;
  }

  bool parseStaticSampler(StaticSampler& s) {
    const Token& head = next();
    s.sourceOffset = head.offset;
    bool seen[13] = {};
    bool ok = parameterList([&] {
      const Token& t = peek();
      if (t.kind == Tok::Register)
        return mark(seen[0], t, "sampler register s#") && parseRegister('s', "StaticSampler", s.shaderRegister);
      if (isWord("filter")) {
        if (!mark(seen[1], t, "filter")) return false;
        next();
        if (!expect(Tok::Eq, "'='")) return false;
        const Token& v = next();
        std::optional<uint32_t> f = v.kind == Tok::Word ? filterValue(v.text) : std::nullopt;
        if (!f) return fail(v, "unexpected filter value " + quoted(v));
        s.filter = *f;
        return true;
      }
      if (isWord("addressU")) return mark(seen[2], t, "addressU") && parseEnum(addressModeNames(), "texture address mode", s.addressU);
      if (isWord("addressV")) return mark(seen[3], t, "addressV") && parseEnum(addressModeNames(), "texture address mode", s.addressV);
      if (isWord("addressW")) return mark(seen[4], t, "addressW") && parseEnum(addressModeNames(), "texture address mode", s.addressW);
      if (isWord("mipLODBias")) return mark(seen[5], t, "mipLODBias") && parseFloatValue(s.mipLODBias);
      if (isWord("maxAnisotropy")) return mark(seen[6], t, "maxAnisotropy") && parseAssignedU32(s.maxAnisotropy, "an anisotropy");
      if (isWord("comparisonFunc"))
        return mark(seen[7], t, "comparisonFunc") && parseEnum(comparisonFuncNames(), "comparison function", s.comparisonFunc);
      if (isWord("borderColor")) return mark(seen[8], t, "borderColor") && parseEnum(borderColorNames(), "border color", s.borderColor);
      if (isWord("minLOD")) return mark(seen[9], t, "minLOD") && parseFloatValue(s.minLOD);
      if (isWord("maxLOD")) return mark(seen[10], t, "maxLOD") && parseFloatValue(s.maxLOD);
      if (isWord("space")) return mark(seen[11], t, "space") && parseAssignedU32(s.space, "a register space");
      if (isWord("visibility")) return mark(seen[12], t, "visibility") && parseVisibility(s.visibility);
      return unexpected(t);
    });
    if (!ok) return false;
    if (!seen[0]) return fail(head, "sampler register s# must be defined for each static sampler");
    return true;
  }

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  Version version_;
  RootSignatureError error_;
};

}  // namespace

ParsedRootSignature parseRootSignature(std::string_view text, Version version) { return Parser(text, version).run(); }

std::optional<Version> rootSignatureVersionFromProfile(std::string_view profile) {
  if (profile == "rootsig_1_0") return Version::V1_0;
  if (profile == "rootsig_1_1") return Version::V1_1;
  return std::nullopt;
}

}  // namespace sl::dxil::rootsig
