#include "IrGenTestSupport.h"

#include "core/frontend/Frontend.h"
#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "core/irgen/IRGen.h"
#include "core/passes/LegalizeBindings.h"
#include "core/passes/heaps/HeapLegalize.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/TargetEnv.h"
#include "core/spirv/Writer.h"

namespace sl::test {

IrGenRun compileHlsl(const std::string& source, const std::string& targetEnv) {
  return compileHlslFor(source, "cs_6_6", "main", targetEnv);
}

IrGenRun compileHlslFor(const std::string& source, const std::string& profile, const std::string& entry,
                        const std::string& targetEnv) {
  IrGenRun run;
  frontend::PreprocessOptions pp;
  pp.spirv = true;
  pp.profile = profile;
  auto unit = frontend::preprocess("test.hlsl", source, pp);
  run.diagnostics = unit->diagnostics();
  if (unit->hasErrors()) return run;
  frontend::FrontendOptions fo;
  fo.spirv = true;
  fo.profile = profile;
  fo.entryPoint = entry;
  frontend::FrontendResult fe = frontend::parseAndAnalyze(*unit, fo);
  run.diagnostics.insert(run.diagnostics.end(), fe.diagnostics.begin(), fe.diagnostics.end());
  if (fe.hasErrors()) return run;
  const spirv::TargetEnv env = spirv::parseTargetEnv(targetEnv).value_or(spirv::TargetEnv::Vulkan1_3);
  const uint32_t minor = (spirv::spirvVersion(env) >> 8) & 0xFF;
  irgen::IrGenOptions io;
  io.spirvMinor = minor;
  irgen::profileShaderModel(profile, io.shaderModelMajor, io.shaderModelMinor);
  io.demoteForDiscard = env == spirv::TargetEnv::Vulkan1_3;
  irgen::IrGenResult gen = irgen::generateIR(*fe.unit, *unit, io);
  run.diagnostics.insert(run.diagnostics.end(), gen.diagnostics.begin(), gen.diagnostics.end());
  if (!gen.ok()) return run;
  run.module = std::move(gen.module);
  run.irText = ir::printModule(*run.module).text;
  for (const Diagnostic& d : ir::verifyModule(*run.module)) run.diagnostics.push_back(d);
  passes::LegalizeOptions lo;
  lo.spirvMinor = minor;
  passes::LegalizeResult bound = passes::legalizeBindings(*run.module, lo);
  run.diagnostics.insert(run.diagnostics.end(), bound.diagnostics.begin(), bound.diagnostics.end());
  if (run.irText.find("handle_from_heap") != std::string::npos) {
    // Descriptor heaps are bound after everything else (docs/heaps.md), in DXC's form.
    passes::heaps::HeapLegalizeResult heaps = passes::heaps::legalizeHeaps(*run.module, passes::heaps::HeapOptions{});
    run.diagnostics.insert(run.diagnostics.end(), heaps.diagnostics.begin(), heaps.diagnostics.end());
  }
  run.boundText = ir::printModule(*run.module).text;
  for (const Diagnostic& d : ir::verifyModule(*run.module)) run.diagnostics.push_back(d);
  if (hasErrors(run.diagnostics)) return run;
  spirv::WriterOptions wo;
  wo.env = env;
  spirv::WriteResult written = spirv::writeModule(*run.module, wo);
  run.diagnostics.insert(run.diagnostics.end(), written.diagnostics.begin(), written.diagnostics.end());
  if (!written.ok()) return run;
  spirv::ValidateOptions vo;
  vo.relaxBlockLayout = true;
  std::vector<Diagnostic> problems = spirv::validate(written.words, env, vo);
  run.diagnostics.insert(run.diagnostics.end(), problems.begin(), problems.end());
  spirv::disassemble(written.words, run.spirvText);
  run.valid = !hasErrors(problems);
  return run;
}

}  // namespace sl::test
