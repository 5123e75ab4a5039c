#include "views/run/NewBundle.h"

#include "core/pipeline/Pipeline.h"
#include "renderer/offload/Generate.h"
#include "renderer/offload/SpirvReflect.h"

namespace sl::views {

namespace {

std::string shiftText(const VkRegisterShift& s) {
  return std::string("-fvk-") + s.registerClass + "-shift " + std::to_string(s.shift) + " " +
         (s.space ? std::to_string(*s.space) : "all");
}

std::shared_ptr<const CompileResult> compileForRun(const std::string& fileName, const std::string& hlsl,
                                                   const std::vector<std::string>& args, std::string& error, std::string& diagnostics) {
  ParsedCommandLine cl = parseRunCompileCommandLine(args, fileName);
  if (!cl.error.empty()) {
    error = "compile flags: " + cl.error;
    return nullptr;
  }
  std::shared_ptr<const CompileResult> result = compileSource(fileName, hlsl, cl.options);
  diagnostics = renderDiagnostics(result->diagnostics);
  if (!result->succeeded || result->object.empty()) {
    std::string first;
    for (const Diagnostic& d : result->diagnostics)
      if (d.severity == Severity::Error && first.empty()) first = d.message;
    error = "the shader does not compile for Vulkan" + (first.empty() ? std::string() : ": " + first);
    return nullptr;
  }
  return result;
}

}  // namespace

std::string makeBundleFromShader(const std::string& fileName, const std::string& hlsl, std::vector<std::string> args,
                                 offload::GenerateOptions generate, const std::vector<std::string>& header, NewBundleText& out) {
  out = NewBundleText();
  ParsedCommandLine cl = parseRunCompileCommandLine(args, fileName);
  if (!cl.error.empty()) return "compile flags: " + cl.error;
  std::string error;
  std::shared_ptr<const CompileResult> compiled = compileForRun(fileName, hlsl, args, error, out.diagnostics);
  out.compileFailed = !compiled;
  if (!compiled) return error;
  // Two register classes at one binding (t0 and u0 under DXC's default mapping): shifts apart,
  // unless the flags shift already (then the user's mapping stands, and the generator says why
  // it cannot place them).
  if (cl.options.vkShifts.empty()) {
    // The generator's own reading of the reflection says which classes collide.
    std::string added;
    for (const offload::RegisterShift& s : offload::separatingShifts(offload::reflectSpirv(compiled->object), cl.options.entryPoint)) {
      const VkRegisterShift shift{s.registerClass, s.shift, s.space};
      args.insert(args.end(), {std::string("-fvk-") + s.registerClass + "-shift", std::to_string(s.shift), s.space ? std::to_string(*s.space) : "all"});
      added += (added.empty() ? "" : ", ") + shiftText(shift);
    }
    if (!added.empty()) {
      out.notes.push_back("two register classes shared a Vulkan binding under DXC's default mapping: the bundle compiles with " +
                          added);
      compiled = compileForRun(fileName, hlsl, args, error, out.diagnostics);
      out.compileFailed = !compiled;
      if (!compiled) return error;
    }
  }
  generate.entry = cl.options.entryPoint;
  generate.shifts = offload::registerShiftsFromArgs(args);
  offload::GenerateResult generated = offload::generatePipeline(offload::reflectSpirv(compiled->object), generate);
  out.notes.insert(out.notes.end(), generated.notes.begin(), generated.notes.end());
  if (!generated.ok()) return "cannot generate a pipeline: " + generated.error;
  out.text = offload::makeBundle(hlsl, args, *generated.pipeline, header);
  return "";
}

std::string newBundleFromShader(const std::string& fileName, const std::string& hlsl, const CompileOptions& options,
                                NewBundle& out) {
  out = NewBundle();
  NewBundleText made;
  std::string error = makeBundleFromShader(
      fileName, hlsl, compileArgsFor(options), {},
      {"Made by Shaderlens' New from shader (as `shaderlens run --new`): pseudo-random inputs, no Results rules.",
       "Add an expected buffer and a Results rule to make it a test."},
      made);
  out.notes = made.notes;
  if (!error.empty()) return error;
  if (std::string loadError = loadRunDocument(made.text, "", out.document); !loadError.empty())
    return "internal error: the new bundle does not read back: " + loadError;
  return "";
}

}  // namespace sl::views
