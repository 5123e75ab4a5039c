// "New from shader": a run bundle for the editor's compute shader, made the way `shaderlens run
// --new` makes one (renderer/offload/Generate: the SPIR-V's own reflection, every binding the
// entry point uses at its set/binding, the portable heap's slots, pseudo-random non-zero inputs,
// push constants, a dispatch of about 256 invocations). The shader is compiled as a run compiles
// it (-fspv-heap-form=portable, -spirv, Vulkan 1.3). When DXC's default mapping puts two
// register classes at one set/binding (t0 and u0 are both set 0 binding 0), the bundle's RUN
// line gets -fvk-<class>-shift flags that separate them, and the notes say which.
#pragma once

#include "core/pipeline/CompileOptions.h"
#include "renderer/offload/Generate.h"
#include "views/run/RunDocument.h"

#include <string>
#include <vector>

namespace sl::views {

struct NewBundle {
  RunDocument document;            // loaded from the bundle text, as if opened
  std::vector<std::string> notes;  // shifts added, generator notes
};

// The bundle's text, shared by New from shader and `shaderlens run --new` / `debug SHADER.hlsl`.
struct NewBundleText {
  std::string text;
  std::vector<std::string> notes;  // shifts added, generator notes
  std::string diagnostics;         // the compile's rendered diagnostics (warnings, or the errors of a failure)
  bool compileFailed = false;      // the shader does not compile (the diagnostics say why)
};
// `args`: the RUN line's DXC flags (without -spirv or the file), kept as given, plus the shifts
// that separate colliding register classes; `generate` supplies the seed and sizes (its entry
// and shifts come from `args`); `header`: the bundle's comment lines. "" or why no bundle could
// be made.
std::string makeBundleFromShader(const std::string& fileName, const std::string& hlsl, std::vector<std::string> args,
                                 offload::GenerateOptions generate, const std::vector<std::string>& header, NewBundleText& out);

// "" or why no bundle could be made (the shader does not compile for Vulkan, is not compute,
// has resources the pipeline YAML cannot describe, or bindings that still collide).
std::string newBundleFromShader(const std::string& fileName, const std::string& hlsl, const CompileOptions& options,
                                NewBundle& out);

}  // namespace sl::views
