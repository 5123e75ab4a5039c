// Runs HLSL snippets through preprocess + parse/Sema + irgen (+ LegalizeBindings + writer +
// spirv-val) for the irgen unit tests.
#pragma once

#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace sl::test {

struct IrGenRun {
  std::unique_ptr<ir::Module> module;
  std::vector<Diagnostic> diagnostics;  // front end + irgen + verifier + legalize + writer + validator
  std::string irText;                   // stage "ir"
  std::string boundText;                // stage "ir.bound"
  std::string spirvText;                // disassembly
  bool valid = false;                   // the SPIR-V module passed spirv-val
  std::string errors() const { return renderDiagnostics(diagnostics); }
};

// `targetEnv`: "vulkan1.0" .. "vulkan1.3".
IrGenRun compileHlsl(const std::string& source, const std::string& targetEnv = "vulkan1.3");
// The same for any profile and entry point ("ps_6_0", "vs_6_0", ...).
IrGenRun compileHlslFor(const std::string& source, const std::string& profile, const std::string& entry = "main",
                        const std::string& targetEnv = "vulkan1.3");

}  // namespace sl::test
