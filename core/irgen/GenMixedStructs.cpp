// Structs of data and resources (kajiya's `struct TextureImage { Texture2D<float4> _texture;
// int2 _size; }`) as whole values. Such a variable is two things (initResourceLocal): a Function
// variable of the struct lowered without its resources, and resource slots naming the declared
// resources its members refer to. Copying one (an argument, a return, an initializer, `a = b`)
// copies the data by value and re-points the slots, so after inlining every resource use still
// resolves to a declared global, as in DXC's SPIR-V back end after legalization.
#include "core/irgen/Gen.h"

namespace sl::irgen {

using ir::Value;

std::optional<Gen::MixedValue> Gen::mixedValue(const fe::Expr* expr) {
  expr = stripNoOpCasts(expr);
  const uint32_t count = resourceLeafCount(expr->type);
  MixedValue out;
  switch (expr->kind) {
    case fe::ExprKind::Call: {
      // Inlined once: the call's value is the data part, its result slots the resources.
      inlineResult_ = {0, 0};
      out.data = emitCall(static_cast<const fe::CallExpr*>(expr));
      const std::pair<uint32_t, uint32_t> result = inlineResult_;
      if (result.second != count) {
        if (!failed()) error(expr->loc, "cannot determine which resources this call returns");
        return std::nullopt;
      }
      for (uint32_t i = 0; i < count; ++i) {
        out.leaves.push_back(readSlot(result.first + i, expr));
        if (!out.leaves.back().valid()) return std::nullopt;
      }
      return out;
    }
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto* c = static_cast<const fe::CastExpr*>(expr);
      if (c->castKind != fe::CastKind::DerivedToBase) break;
      std::optional<MixedValue> derived = mixedValue(c->operand);
      if (!derived || derived->leaves.size() < count) return std::nullopt;
      out.data = cast(derived->data, c->operand->type, expr->type, fe::CastKind::DerivedToBase);
      out.leaves.assign(derived->leaves.begin(), derived->leaves.begin() + count);  // the base's come first
      return out;
    }
    case fe::ExprKind::DeclRef:
    case fe::ExprKind::Member:
    case fe::ExprKind::Index:
    case fe::ExprKind::This: {
      out.leaves = resourceLeaves(expr);
      if (out.leaves.size() != count) return std::nullopt;  // diagnosed
      out.data = load(lvalue(expr));
      return out;
    }
    case fe::ExprKind::Conditional:
      error(expr->loc, "choosing between two " + fe::typeName(expr->type) +
                           " values (structs of data and resources) with ?: is not supported; assign one in "
                           "if/else branches instead");
      return std::nullopt;
    default: break;
  }
  error(expr->loc, "cannot copy this " + fe::typeName(expr->type) +
                       " (a struct of data and resources) as a whole; assign its members one by one");
  return std::nullopt;
}

void Gen::storeMixed(const LValue& data, std::pair<uint32_t, uint32_t> slots, const MixedValue& value,
                     const fe::Expr* at) {
  if (slots.second != value.leaves.size()) {
    error(at->loc, "internal error: storing " + std::to_string(value.leaves.size()) + " resources into " +
                       std::to_string(slots.second));
    return;
  }
  store(data, value.data);
  for (uint32_t i = 0; i < slots.second; ++i) writeSlot(slots.first + i, value.leaves[i], at);
}

void Gen::poisonSlots(std::pair<uint32_t, uint32_t> slots) {
  if (!failed()) return;  // only after a diagnosed error: the compile fails anyway
  for (uint32_t i = 0; i < slots.second; ++i)
    if (!slots_[slots.first + i].ref.valid()) slots_[slots.first + i].poisoned = true;
}

void Gen::initMixed(Value ptr, const fe::Type* type, std::pair<uint32_t, uint32_t> slots, const fe::Expr* source,
                    const fe::Node* storeAt) {
  std::optional<MixedValue> value = mixedValue(source);
  if (!value) {
    poisonSlots(slots);
    return;
  }
  if (storeAt) setLoc(storeAt);
  LValue data;
  data.type = type;
  data.ptr = ptr;
  storeMixed(data, slots, *value, source);
}

void Gen::assignMixed(const fe::Expr* lhs, const fe::Expr* rhs, const fe::Expr* at) {
  std::optional<MixedValue> value = mixedValue(rhs);
  if (!value) return;
  std::optional<std::pair<uint32_t, uint32_t>> slots = resourceSlots(lhs, true);
  if (!slots) return;
  setLoc(at);
  storeMixed(lvalue(lhs), *slots, *value, at);
}

}  // namespace sl::irgen
