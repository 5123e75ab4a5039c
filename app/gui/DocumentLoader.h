// Opens what `shaderlens gui` is given: an HLSL file, or an offload-test-suite style .test
// bundle (its HLSL part and the compile flags of its %dxc_target RUN line); and finds the
// bundled example opened when no file is given.
#pragma once

#include "views/Workspace.h"

#include <string>

namespace sl::gui {

// Fills `out` from `path`; returns "" or an error naming the path. `options` are the defaults;
// a .test bundle's RUN line replaces them with its own flags.
std::string loadDocument(const std::string& path, const CompileOptions& options, views::Document& out);

// Reads a bundle's text: the HLSL part compiled by the first %dxc_target RUN line (else
// source.hlsl, else the first .hlsl part) and that line's flags. Returns "" or an error.
std::string documentFromBundle(const std::string& bundleText, const CompileOptions& options, views::Document& out);

// shaders/compute/hello.hlsl: next to the executable's install tree, else in the source tree it
// was built from. Empty when neither exists.
std::string defaultExamplePath();
// The folder of the bundled examples (shaders/), found as defaultExamplePath is; empty if none.
std::string defaultExamplesDir();

}  // namespace sl::gui
