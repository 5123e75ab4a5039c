// Attributes carried by types, struct members, globals, instructions, nodes and region inputs:
// SPIR-V decorations, a debug source location, a name, the qptr.usage analysis result and
// free-form key/value pairs (for passes that want to annotate without a schema).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sl::ir {

// A SPIR-V decoration: the Decoration enumerant plus its literal operands (e.g. Offset 16).
struct Decoration {
  uint32_t kind = 0;
  std::vector<uint32_t> operands;

  friend bool operator==(const Decoration&, const Decoration&) = default;
};

// A location in one of the module's debug source files (Module::debugFiles), and the lexical
// scope it is in (Module::debugScopes index + 1; 0: the function's own scope, and always 0
// unless variable debug info is asked for).
struct DebugLoc {
  uint32_t file = UINT32_MAX;
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t scope = 0;

  bool valid() const { return file != UINT32_MAX && line != 0; }
  friend bool operator==(const DebugLoc&, const DebugLoc&) = default;
};

struct Attrs {
  std::string name;  // becomes OpName / OpMemberName; printed as #[name("...")]
  DebugLoc loc;
  std::vector<Decoration> decorations;
  // The qptr.usage payload written by qptr.analyze; opaque text here, owned by the passes.
  std::string qptrUsage;
  std::vector<std::pair<std::string, std::string>> extra;

  bool empty() const {
    return name.empty() && !loc.valid() && decorations.empty() && qptrUsage.empty() && extra.empty();
  }
  bool hasDecoration(uint32_t kind) const {
    for (const Decoration& d : decorations)
      if (d.kind == kind) return true;
    return false;
  }
  const Decoration* findDecoration(uint32_t kind) const {
    for (const Decoration& d : decorations)
      if (d.kind == kind) return &d;
    return nullptr;
  }
  friend bool operator==(const Attrs&, const Attrs&) = default;
};

}  // namespace sl::ir
