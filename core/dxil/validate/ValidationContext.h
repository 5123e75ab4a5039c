// What the rule groups of the DXIL validator share: the module, what the metadata group learned
// about the entry (stage, shader model, signatures) and the list violations go to.
#pragma once

#include "core/dxil/validate/DxilValidator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Instruction;
class MDNode;
}  // namespace llvm

namespace sl::dxil::validate {

// One element of the entry's input or output signature (dx.entryPoints, DXC's 11-operand form).
struct SignatureElementInfo {
  uint32_t id = 0;
  std::string name;
  uint32_t compType = 0;
  uint32_t rows = 0;
  uint32_t cols = 0;
};

struct Context {
  const llvm::Module& module;
  std::vector<ValidationViolation>& out;
  std::string group;

  // Filled by the metadata group (when the shapes allow it).
  std::string stageKind;  // "cs", "vs", "ps", ... from !dx.shaderModel
  uint32_t smMajor = 0, smMinor = 0;
  bool haveShaderModel = false;
  const llvm::Function* entry = nullptr;
  std::optional<std::vector<SignatureElementInfo>> inputs, outputs;  // nullopt: no list (null)

  void report(const char* rule, std::string message, const llvm::Instruction* at = nullptr,
              Severity severity = Severity::Error);
};

// Name of the shader model, "cs_6_6".
std::string shaderModelName(const Context& c);

void checkMetadata(Context& c);
void checkOps(Context& c);
void checkSignatureAccess(Context& c);

}  // namespace sl::dxil::validate
