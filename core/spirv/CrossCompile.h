// Cross views of a SPIR-V module: GLSL, HLSL and MSL as SPIRV-Cross writes them back. They show
// what our SPIR-V means in a shading language, which is easier to read than the disassembly.
// SPIRV-Cross throws on what it cannot express; that becomes a diagnostic, never a crash.
#pragma once

#include "core/support/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sl::spirv {

enum class CrossLanguage : uint8_t { Glsl, Hlsl, Msl };

// "spirv.glsl", "spirv.hlsl", "spirv.msl": the pipeline stage that shows each view.
const char* crossStageName(CrossLanguage language);
std::optional<CrossLanguage> crossLanguageForStage(std::string_view stageName);

struct CrossOptions {
  uint32_t glslVersion = 450;  // desktop GLSL with Vulkan semantics (set/binding kept)
  uint32_t hlslShaderModel = 60;  // 60 = SM 6.0; wave ops need at least that
  uint32_t mslMajor = 2, mslMinor = 3;  // simdgroup functions need MSL 2.x
};

// The HLSL shader model of a DXC profile ("cs_6_6" -> 66); 60 when the profile says nothing usable.
uint32_t hlslShaderModelForProfile(std::string_view profile);

struct CrossResult {
  std::string text;
  // Entry i is the source location SPIRV-Cross attributed line i+1 of `text` to (from OpLine;
  // invalid where the module has none). Empty when no line had a location.
  std::vector<SourceLoc> lineSources;
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !text.empty() && !hasErrors(diagnostics); }
};

// Translates the module (its first entry point). On failure the result has no text and one error
// diagnostic "spirv.<lang>: SPIRV-Cross cannot ...: <reason>".
CrossResult crossCompile(std::span<const uint32_t> words, CrossLanguage language, const CrossOptions& options = {});

}  // namespace sl::spirv
