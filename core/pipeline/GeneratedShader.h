// A deterministic compute shader of about N lines (helper functions with arithmetic, branches and
// loops, all called from main): the input of the GUI's --measure frame-time run and of the
// compile benchmarks, so both measure the same text.
#pragma once

#include <cstdint>
#include <string>

namespace sl {

std::string generatedBenchShader(uint32_t lines);

}  // namespace sl
