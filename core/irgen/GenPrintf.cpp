// HLSL printf (DXC's spelling: printf("format", args...)) -> dbg.printf, which the SPIR-V writer
// emits as NonSemantic.DebugPrintf and DXIL drops. The format is kept as written; whether its
// conversions suit the arguments is the consumer's rule (the validation layer's, the CPU
// device's), as in DXC.
#include "core/irgen/Gen.h"

#include <cctype>

namespace sl::irgen {

namespace {

// The string a literal's source text (between its quotes) stands for: C's escapes.
std::string unescape(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    switch (c) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case 'x': {
        unsigned v = 0;
        size_t k = i + 1;
        for (; k < text.size() && std::isxdigit(static_cast<unsigned char>(text[k])); ++k)
          v = v * 16 + unsigned(std::isdigit(static_cast<unsigned char>(text[k])) ? text[k] - '0' : (std::tolower(text[k]) - 'a' + 10));
        out += char(v & 0xff);
        i = k - 1;
        break;
      }
      default:
        if (c >= '0' && c <= '7') {
          unsigned v = 0;
          size_t k = i;
          for (; k < text.size() && k < i + 3 && text[k] >= '0' && text[k] <= '7'; ++k) v = v * 8 + unsigned(text[k] - '0');
          out += char(v & 0xff);
          i = k - 1;
        } else {
          out += c;  // \\ \" \' \? and unknown escapes: the character itself
        }
    }
  }
  return out;
}

}  // namespace

void Gen::printfCall(const fe::IntrinsicCallExpr* call) {
  if (call->args.empty() || call->args[0]->kind != fe::ExprKind::StringLiteral) {
    error(call->args.empty() ? call->loc : call->args[0]->loc, "printf's first argument must be a string literal (the format)");
    return;
  }
  const std::string format = unescape(static_cast<const fe::StringLiteralExpr*>(call->args[0])->value);
  std::vector<ir::Value> args;
  bool ok = true;
  for (size_t i = 1; i < call->args.size(); ++i) {
    const fe::Expr* arg = call->args[i];
    const fe::Type* t = arg->type;
    // Name the argument as written, not the conversion Sema wrapped it in.
    const fe::Expr* written = arg;
    while (written->kind == fe::ExprKind::ImplicitCast && static_cast<const fe::CastExpr*>(written)->operand)
      written = static_cast<const fe::CastExpr*>(written)->operand;
    const bool numeric = t && (t->isScalar() || (t->isVector() && !t->isMatrix()));
    if (!numeric || arg->kind == fe::ExprKind::StringLiteral) {
      error(written->loc, "printf argument " + std::to_string(i) + " has type '" + fe::typeName(t) +
                          "': debug printf prints scalars and vectors of numbers");
      ok = false;
      continue;
    }
    if (isBool(t)) {
      error(written->loc, "printf argument " + std::to_string(i) + " is a bool: debug printf prints numbers (pass (uint)value)");
      ok = false;
      continue;
    }
    args.push_back(rvalue(arg));
  }
  if (!ok) return;
  setLoc(call);
  b_->debugPrintf(format, args);
}

}  // namespace sl::irgen
