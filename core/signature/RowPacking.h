// DXC's two strategies for the row allocator (vertex-kind signature points): prefix-stable, which
// places each element in declaration order and never moves it, and optimized, which sorts
// elements into groups first. Both reserve clip/cull space the way DXC does. Internal to
// core/signature; pack() (Packing.h) is the public entry point.
#pragma once

#include <span>

#include "core/signature/RegisterAllocator.h"

namespace sl::signature {

// `items` in declaration (SigId) order. Items left unplaced did not fit.
void packPrefixStable(RegisterAllocator& allocator, std::span<PackItem* const> items);
void packOptimized(RegisterAllocator& allocator, std::span<PackItem* const> items);

}  // namespace sl::signature
