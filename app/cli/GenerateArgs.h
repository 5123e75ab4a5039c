// The pipeline generator's options (renderer/offload/Generate.h) as `shaderlens offload
// --generate` and `shaderlens run --new` spell them: --seed N, --groups X,Y,Z, --elements N,
// --entry NAME (offload only; run takes the compiler's -E).
#pragma once

#include "app/cli/Commands.h"
#include "renderer/offload/Generate.h"

#include <cstdlib>
#include <string>

namespace sl::cli {

constexpr const char* kGenerateOptionsHelp =
    "  --seed N        seed of the input data pattern (default 1)\n"
    "  --groups X,Y,Z  DispatchGroupCount (default: enough workgroups for 256 invocations, spread\n"
    "                  over the workgroup's dimensions: numthreads(8,8,1) -> 2,2,1)\n"
    "  --elements N    elements of each runtime array (default: max(64, 2 x the invocations))\n";

// 1: args[i] (and its value) was a generator option, `i` is on its last word; 0: not one;
// -1: a bad value (`error` says why).
inline int parseGenerateArg(const Args& args, size_t& i, offload::GenerateOptions& o, std::string& error, bool entry) {
  const std::string& a = args[i];
  auto value = [&](const std::string& name, std::string& out) {
    if (a == name) {
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    }
    out = a.substr(name.size() + 1);
    return true;
  };
  auto is = [&](const std::string& name) { return a == name || a.rfind(name + "=", 0) == 0; };
  auto number = [](const std::string& s, uint64_t& n) {
    char* end = nullptr;
    n = std::strtoull(s.c_str(), &end, 0);
    return !s.empty() && *end == 0;
  };
  std::string v;
  if (is("--seed")) {
    uint64_t n = 0;
    if (!value("--seed", v) || !number(v, n)) return error = "--seed needs a whole number", -1;
    o.seed = n;
    return 1;
  }
  if (is("--elements")) {
    uint64_t n = 0;
    if (!value("--elements", v) || !number(v, n) || n == 0 || n > (1u << 24)) return error = "--elements needs a number 1..16777216", -1;
    o.elements = uint32_t(n);
    return 1;
  }
  if (is("--groups")) {
    std::array<uint32_t, 3> g{1, 1, 1};
    if (!value("--groups", v)) return error = "--groups needs X,Y,Z", -1;
    size_t at = 0;
    for (int k = 0; k < 3; ++k) {
      const size_t comma = v.find(',', at);
      uint64_t n = 0;
      if (!number(v.substr(at, comma - at), n) || n == 0 || n > 65535) return error = "--groups needs X,Y,Z (each 1..65535)", -1;
      g[k] = uint32_t(n);
      if (comma == std::string::npos) {
        if (k != 2) return error = "--groups needs X,Y,Z (each 1..65535)", -1;
        break;
      }
      at = comma + 1;
      if (k == 2) return error = "--groups needs X,Y,Z (each 1..65535)", -1;
    }
    o.groups = g;
    return 1;
  }
  if (entry && is("--entry")) {
    if (!value("--entry", v) || v.empty()) return error = "--entry needs a name", -1;
    o.entry = v;
    return 1;
  }
  return 0;
}

}  // namespace sl::cli
