// Compiling a bundle's `%dxc_target` RUN lines as `shaderlens run` does (portable heap form,
// SPIR-V for Vulkan 1.3), shared by `run` and `debug` so both run the same module.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/offload/Bundle.h"

namespace sl::cli {

// The object of `step` of the bundle read from `file`, with `extraArgs` (e.g. -Zi) after the
// RUN line's own flags; diagnostics and failures are printed to stderr. nullopt on failure.
std::optional<std::vector<uint8_t>> compileBundleStep(const std::string& file, const offload::Bundle& bundle,
                                                      const offload::CompileStep& step, const std::vector<std::string>& extraArgs = {});

}  // namespace sl::cli
