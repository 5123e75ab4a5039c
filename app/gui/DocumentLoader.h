// Opens what `shaderlens gui` is given: an HLSL file, or an offload-test-suite style .test
// bundle (its HLSL part and the compile flags of its %dxc_target RUN line); and finds the
// bundled example opened when no file is given.
#pragma once

#include "views/Workspace.h"

#include <string>

namespace sl::gui {

// Fills `out` from `path`; returns "" or an error naming the path. `options` are the defaults;
// a .test bundle's RUN line, or an .hlsl file's `// shaderlens:` comment, replaces them.
std::string loadDocument(const std::string& path, const CompileOptions& options, views::Document& out);

// The options a file's leading comment block states in a line `// shaderlens: FLAGS` (DXC
// flags, e.g. `-T vs_6_0 -E vs_main -spirv`): sets `options` and returns the flags as written,
// or returns "" when there is none; a flag that does not parse sets `error` ("line N: ...").
std::string optionsFromComment(const std::string& text, CompileOptions& options, std::string& error);

// Reads a bundle's text: the HLSL part compiled by the first %dxc_target RUN line (else
// source.hlsl, else the first .hlsl part) and that line's flags. Returns "" or an error.
std::string documentFromBundle(const std::string& bundleText, const CompileOptions& options, views::Document& out);

// shaders/compute/hello.hlsl: next to the executable's install tree, else in the source tree it
// was built from. Empty when neither exists.
std::string defaultExamplePath();
// The folder of the bundled examples (shaders/), found as defaultExamplePath is; empty if none.
std::string defaultExamplesDir();

}  // namespace sl::gui
