#include "interp/OpNames.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace sl::interp {

namespace {

struct OpName {
  uint32_t opcode;
  const char* name;
};

constexpr OpName kNames[] = {
#include "OpNames.inc"
};

}  // namespace

const char* opcodeName(uint32_t opcode) {
  const OpName* it = std::lower_bound(std::begin(kNames), std::end(kNames), opcode,
                                      [](const OpName& n, uint32_t op) { return n.opcode < op; });
  if (it != std::end(kNames) && it->opcode == opcode) return it->name;
  thread_local char unknown[24];
  std::snprintf(unknown, sizeof unknown, "Op<%u>", opcode);
  return unknown;
}

}  // namespace sl::interp
