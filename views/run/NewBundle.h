// "New from shader": a run bundle for the editor's compute shader, made the way `shaderlens run
// --new` makes one (renderer/offload/Generate: the SPIR-V's own reflection, every binding the
// entry point uses at its set/binding, the portable heap's slots, pseudo-random non-zero inputs,
// push constants, a dispatch of about 256 invocations). The shader is compiled as a run compiles
// it (-fspv-heap-form=portable, -spirv, Vulkan 1.3). When DXC's default mapping puts two
// register classes at one set/binding (t0 and u0 are both set 0 binding 0), the bundle's RUN
// line gets -fvk-<class>-shift flags that separate them, and the notes say which.
#pragma once

#include "core/pipeline/CompileOptions.h"
#include "views/run/RunDocument.h"

#include <string>
#include <vector>

namespace sl::views {

struct NewBundle {
  RunDocument document;            // loaded from the bundle text, as if opened
  std::vector<std::string> notes;  // shifts added, generator notes
};

// "" or why no bundle could be made (the shader does not compile for Vulkan, is not compute,
// has resources the pipeline YAML cannot describe, or bindings that still collide).
std::string newBundleFromShader(const std::string& fileName, const std::string& hlsl, const CompileOptions& options,
                                NewBundle& out);

}  // namespace sl::views
