// Runs the qptr passes on the design experiments for the qptr tests.
#pragma once

#include "core/ir/Module.h"
#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrState.h"

#include <memory>
#include <string>
#include <vector>

namespace sl::test {

struct Experiment {
  const char* name;   // file under design/qptr-experiments (GLSL) or asm/NAME.spvasm
  const char* stage;  // glslang stage, or nullptr for assembly
};
const std::vector<Experiment>& experiments();
// The experiment called `name`; throws std::invalid_argument (a test failure) if there is none.
const Experiment& experiment(const char* name);
std::vector<uint32_t> experimentWords(const Experiment& e);

struct QptrRun {
  std::unique_ptr<ir::Module> module;
  qptr::QptrState state;
  qptr::AnalysisResult analysis;
  std::string lowered, analyzed, lifted;  // printed after each pass
  bool lowerOk = false, analyzeOk = false, liftOk = false;
  std::vector<uint32_t> capabilities;
  std::vector<std::string> extensions;
  std::string validation;  // "" when the written module validates (vulkan1.2)
  std::string verifyLowered, verifyLifted;  // IR verifier findings after lower / lift ("" = clean)
  std::string diagnostics() const;
};

// The module's canonical text without debug locations (what QptrRun's texts hold).
std::string printWithoutLocs(const ir::Module& m);

// Reads `words` and runs lower/analyze/lift (stopping after `lastPass`: 1, 2 or 3), then writes
// and validates when all three ran.
QptrRun runQptr(const std::vector<uint32_t>& words, qptr::LayoutKind layout = qptr::LayoutKind::Standard, int lastPass = 3,
                bool synthesize = true);

}  // namespace sl::test
