// Prints a root signature in the HLSL root-signature language with every value explicit (one
// clause per line), so what the container holds reads like what was written, and parses back
// to the same signature (a unit test checks the round trip).
#pragma once

#include "core/dxil/rootsig/RootSignature.h"

#include <string>
#include <vector>

namespace sl::dxil::rootsig {

// One line per root flags clause, parameter, descriptor range and static sampler (ranges
// indented under their table), with the commas between clauses and no newlines: joined, the
// lines are a root-signature string.
std::vector<std::string> printRootSignature(const RootSignature& signature);

}  // namespace sl::dxil::rootsig
