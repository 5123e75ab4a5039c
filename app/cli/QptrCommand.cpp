// `shaderlens qptr`: SPIR-T's quasi-pointer passes on a SPIR-V module. Reads the module into the
// IR, runs qptr.lower -> qptr.analyze -> qptr.lift, prints the requested stages with the IR
// printer, writes the lifted module (atomically) and validates it.
#include "app/cli/Commands.h"

#include "core/ir/Printer.h"
#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrLift.h"
#include "core/passes/qptr/QptrLower.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "core/spirv/reader/Reader.h"
#include "core/support/AtomicFile.h"

#include <cstdio>
#include <set>
#include <string>

namespace sl::cli {
namespace {

constexpr const char* kUsage =
    "usage: shaderlens qptr FILE.spv [--print lower|analyze|lift]... [-o OUT.spv]\n"
    "                       [--target-env vulkan1.x] [--layout standard|scalar|extended]\n"
    "Reads a SPIR-V module and runs SPIR-T's qptr passes on it: qptr.lower (pointers become\n"
    "untyped qptr values and byte offsets), qptr.analyze (qptr.usage of every pointer root),\n"
    "qptr.lift (back to SPIR-V pointer types). The lifted module is validated (spirv-val rules\n"
    "for the target environment, default vulkan1.2) and written to OUT.spv if given.\n"
    "  --print STAGE   print the IR after STAGE (repeatable; 'all' prints all three)\n"
    "  --layout KIND   memory layout for implicitly laid out memory (default: standard;\n"
    "                  scalar if the module uses scalar block layout)\n"
    "  --keep-declared-types  lift buffers to their declared Block structs instead of\n"
    "                  structs rebuilt from their usage\n"
    "Exit status: 0 ok, 1 pass or validation errors, 2 usage or I/O errors.\n";

int usageError(const std::string& message) {
  std::fprintf(stderr, "shaderlens qptr: %s\n%s", message.c_str(), kUsage);
  return kExitUsage;
}

void printStage(const char* stage, const ir::Module& module, const qptr::QptrState& state) {
  ir::PrintOptions po;
  po.debugLocs = false;
  std::printf("; ---- after qptr.%s (layout: %s)\n%s", stage, qptr::layoutKindName(state.layout.kind),
              ir::printModule(module, po).text.c_str());
}

}  // namespace

int runQptr(const Args& args) {
  std::string input, output;
  std::set<std::string> print;
  spirv::TargetEnv env = spirv::TargetEnv::Vulkan1_2;
  std::optional<qptr::LayoutKind> layout;
  bool keepDeclared = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) return false;
      out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return kExitSuccess;
    } else if (a == "--print") {
      if (!value(v)) return usageError("--print needs a stage");
      if (v == "all") print.insert({"lower", "analyze", "lift"});
      else if (v == "lower" || v == "analyze" || v == "lift") print.insert(v);
      else return usageError("unknown stage '" + v + "' (lower, analyze, lift, all)");
    } else if (a == "-o") {
      if (!value(output) || output.empty()) return usageError("-o needs a file");
    } else if (a == "--target-env") {
      if (!value(v)) return usageError("--target-env needs a value");
      auto e = spirv::parseTargetEnv(v);
      if (!e) return usageError("unknown target environment '" + v + "'");
      env = *e;
    } else if (a == "--keep-declared-types") {
      keepDeclared = true;
    } else if (a == "--layout") {
      if (!value(v)) return usageError("--layout needs a value");
      layout = qptr::parseLayoutKind(v);
      if (!layout) return usageError("unknown layout '" + v + "' (standard, scalar, extended)");
    } else if (!a.empty() && a[0] == '-') {
      return usageError("unknown option '" + a + "'");
    } else if (input.empty()) {
      input = a;
    } else {
      return usageError("more than one input file");
    }
  }
  if (input.empty()) return usageError("no input file");

  std::string bytes, error;
  if (!readWholeFile(input, bytes, error)) {
    std::fprintf(stderr, "shaderlens qptr: cannot read '%s': %s\n", input.c_str(), error.c_str());
    return kExitUsage;
  }
  auto cx = std::make_shared<ir::Context>();
  spirv::ReadOptions ro;
  ro.fileName = input;
  spirv::ReadResult read = spirv::readModuleBytes(
      std::span(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), cx, ro);
  if (!read.ok()) {
    std::fputs(renderDiagnostics(read.diagnostics).c_str(), stderr);
    return kExitCompileError;
  }
  ir::Module& module = *read.module;

  qptr::QptrState state;
  bool scalarInput = false;
  for (const std::string& ext : read.extensions) scalarInput |= ext == "SPV_EXT_scalar_block_layout";
  state.synthesizeBufferTypes = !keepDeclared;
  state.layout.kind = layout ? *layout : (scalarInput ? qptr::LayoutKind::Scalar : qptr::LayoutKind::Standard);

  bool ok = qptr::lowerToQptr(module, state);
  if (print.count("lower")) printStage("lower", module, state);
  qptr::AnalysisResult analysis;
  ok = qptr::analyzeQptr(module, state, &analysis) && ok;
  if (print.count("analyze")) printStage("analyze", module, state);
  ok = qptr::liftFromQptr(module, state, analysis) && ok;
  if (print.count("lift")) printStage("lift", module, state);
  if (!state.diagnostics.empty()) std::fputs(renderDiagnostics(state.diagnostics).c_str(), stderr);
  if (!ok) return kExitCompileError;

  spirv::WriterOptions wo;
  wo.env = env;
  spirv::WriteResult written = spirv::writeModule(module, wo);
  if (!written.ok()) {
    std::fputs(renderDiagnostics(written.diagnostics).c_str(), stderr);
    return kExitCompileError;
  }
  // Capabilities the writer cannot infer from the IR (VariablePointers for pointer phis/selects).
  spirv::addMissingCapabilities(written.words, read.capabilities, read.extensions);
  auto invalid = spirv::validate(written.words, env);
  if (!invalid.empty()) {
    // An invalid module is not written: a later step would take it for the pass's result.
    std::fputs(renderDiagnostics(invalid).c_str(), stderr);
    if (!output.empty()) std::fprintf(stderr, "shaderlens qptr: '%s' not written (the lifted module is invalid)\n", output.c_str());
    return kExitCompileError;
  }
  if (!output.empty()) {
    const std::string err = writeFileAtomically(
        output, std::span(reinterpret_cast<const uint8_t*>(written.words.data()), written.words.size() * 4));
    if (!err.empty()) {
      std::fprintf(stderr, "shaderlens qptr: cannot write '%s': %s\n", output.c_str(), err.c_str());
      return kExitUsage;
    }
  }
  return kExitSuccess;
}

}  // namespace sl::cli
