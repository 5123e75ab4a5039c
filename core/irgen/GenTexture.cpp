// Texture and sampler methods in stage "ir" (Sample*, Gather*, texture GetDimensions, mips[]).
// Typed-buffer and texture Load/operator[] stay in GenResource.cpp until they move here.
#include "core/irgen/Gen.h"

namespace sl::irgen {

std::optional<ir::Value> Gen::textureMethod(const fe::IntrinsicCallExpr* call, const ResourceRef& ref) {
  (void)call;
  (void)ref;
  return std::nullopt;
}

}  // namespace sl::irgen
