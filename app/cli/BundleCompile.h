// Compiling a bundle's `%dxc_target` RUN lines as `shaderlens run` does (portable heap form,
// SPIR-V for Vulkan 1.3), shared by `run` and `debug` so both run the same module.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/offload/Bundle.h"
#include "renderer/offload/Generate.h"

namespace sl::cli {

// The object of `step` of the bundle read from `file`, with `extraArgs` (e.g. -Zi) after the
// RUN line's own flags; diagnostics and failures are printed to stderr (`tool`: the command
// that says so). nullopt on failure.
std::optional<std::vector<uint8_t>> compileBundleStep(const std::string& file, const offload::Bundle& bundle,
                                                      const offload::CompileStep& step, const std::vector<std::string>& extraArgs = {},
                                                      const std::string& tool = "shaderlens run");

// `run --new`: a bundle (source.hlsl, a pipeline generated from the SPIR-V's reflection with
// pseudo-random inputs, RUN lines) for the compute shader in file `shader`, compiled with
// `compileArgs` (-T cs_6_6 when they name no profile). Messages go to stderr prefixed by `tool`.
// Returns 0 with `bundle` set, else the exit status (2: unreadable file or bad options, 1: the
// shader does not compile or cannot be given a pipeline).
int bundleFromShader(const std::string& shader, std::vector<std::string> compileArgs, offload::GenerateOptions options,
                     const std::string& tool, std::string& bundle);

}  // namespace sl::cli
