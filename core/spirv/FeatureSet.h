// The capabilities and extensions a module being written needs, derived from the SPIR-V
// grammar's requirement data for the target SPIR-V version: each used feature (opcode,
// enumerant, extended instruction) adds a capability that enables it unless one already
// declared (or implied by a declared one) does, and the enabling extension when the feature is
// core only in a later version. Features with no way to enable them are reported.
#pragma once

#include "core/ir/SpirvGrammar.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace sl::spirv {

class FeatureSet {
 public:
  FeatureSet(uint32_t spirvVersion, std::string targetName);

  void declareCapability(uint32_t capability);
  // An extension chosen up front; a capability or feature it enables adds no alternative one.
  void addExtension(const std::string& extension) { extensions_.insert(extension); }
  void require(const ir::grammar::Requirements& requirements, const std::string& what);
  void requireEnum(ir::grammar::Kind kind, uint32_t value);
  void requireOpcode(uint32_t opcode);
  void requireGlsl(uint32_t instNumber);

  // Explicitly declared capabilities (implied ones are left out), in numeric order.
  const std::set<uint32_t>& capabilities() const { return declared_; }
  const std::set<std::string>& extensions() const { return extensions_; }
  // "X needs SPIR-V 1.3 (target vulkan1.0); choose a newer target with ..." for features the
  // target cannot enable, each once, in the order first met.
  const std::vector<std::string>& errors() const { return errors_; }

 private:
  void markImplied(uint32_t capability);
  void addRequiredExtension(const std::string& extension);
  void versionError(const std::string& what, uint32_t version);

  uint32_t version_;
  std::string targetName_;
  std::set<uint32_t> declared_, implied_;
  std::set<std::string> extensions_;
  std::vector<std::string> errors_;
};

}  // namespace sl::spirv
