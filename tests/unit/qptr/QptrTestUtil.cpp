#include "QptrTestUtil.h"

#include "../spirv-reader/SpirvTestUtil.h"

#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "core/passes/qptr/QptrLift.h"
#include "core/passes/qptr/QptrLower.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "core/spirv/reader/Reader.h"

#include <stdexcept>

namespace sl::test {

const std::vector<Experiment>& experiments() {
  static const std::vector<Experiment> list = {
      {"t1_ssbo.comp", "comp"}, {"t2_ubo.frag", "frag"},      {"t3_local.frag", "frag"}, {"t4_descidx.frag", "frag"},
      {"t5_call.frag", "frag"}, {"t6b.comp", "comp"},         {"t7_rowmajor.frag", "frag"}, {"t8_vert.vert", "vert"},
      {"t9_dynvec.frag", "frag"}, {"t10_mat.frag", "frag"},   {"a_copy", nullptr},       {"b_select", nullptr},
      {"c_phi", nullptr},       {"d_ptrac", nullptr},         {"e_conflict", nullptr},   {"f_texelptr", nullptr},
  };
  return list;
}

const Experiment& experiment(const char* name) {
  for (const Experiment& e : experiments())
    if (std::string(e.name) == name) return e;
  throw std::invalid_argument(std::string("no qptr experiment ") + name);
}

std::vector<uint32_t> experimentWords(const Experiment& e) {
  const std::string dir = sharedDir() + "/design/qptr-experiments/";
  if (e.stage) return compileWithGlslang(dir + e.name, e.stage, false, "main", "vulkan1.2");
  std::string error;
  return assembleSpirvFile(dir + "asm/" + e.name + ".spvasm", error);
}

std::string QptrRun::diagnostics() const { return renderDiagnostics(state.diagnostics); }

std::string printWithoutLocs(const ir::Module& m) {
  ir::PrintOptions po;
  po.debugLocs = false;
  return ir::printModule(m, po).text;
}

QptrRun runQptr(const std::vector<uint32_t>& words, qptr::LayoutKind layout, int lastPass, bool synthesize) {
  QptrRun run;
  auto read = spirv::readModule(words, std::make_shared<ir::Context>());
  if (!read.ok()) {
    run.validation = "read failed: " + renderDiagnostics(read.diagnostics);
    return run;
  }
  run.module = std::move(read.module);
  run.capabilities = read.capabilities;
  run.extensions = read.extensions;
  run.state.layout.kind = layout;
  run.state.synthesizeBufferTypes = synthesize;
  run.lowerOk = qptr::lowerToQptr(*run.module, run.state);
  run.lowered = printWithoutLocs(*run.module);
  run.verifyLowered = renderDiagnostics(ir::verifyModule(*run.module));
  if (lastPass < 2) return run;
  run.analyzeOk = qptr::analyzeQptr(*run.module, run.state, &run.analysis);
  run.analyzed = printWithoutLocs(*run.module);
  if (lastPass < 3) return run;
  run.liftOk = qptr::liftFromQptr(*run.module, run.state, run.analysis);
  run.lifted = printWithoutLocs(*run.module);
  run.verifyLifted = renderDiagnostics(ir::verifyModule(*run.module));
  spirv::WriterOptions wo;
  wo.env = spirv::TargetEnv::Vulkan1_2;
  auto w = spirv::writeModule(*run.module, wo);
  if (!w.ok()) {
    run.validation = "write failed: " + renderDiagnostics(w.diagnostics);
    return run;
  }
  spirv::addMissingCapabilities(w.words, run.capabilities, run.extensions);
  run.validation = renderDiagnostics(spirv::validate(w.words, spirv::TargetEnv::Vulkan1_2));
  return run;
}

}  // namespace sl::test
