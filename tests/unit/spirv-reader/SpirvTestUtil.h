// Helpers shared by the SPIR-V reader and qptr tests: assembling SPIR-V text (SPIRV-Tools'
// assembler, as spirv-as), compiling GLSL/HLSL with glslangValidator, reading .spv files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sl::test {

// Empty on failure; `error` says why.
std::vector<uint32_t> assembleSpirv(const std::string& text, std::string& error);
std::vector<uint32_t> assembleSpirvFile(const std::string& path, std::string& error);
// glslangValidator -V [-D] -S stage -e entry --target-env vulkan1.x: empty on failure.
std::vector<uint32_t> compileWithGlslang(const std::string& path, const std::string& stage, bool hlsl,
                                         const std::string& entry = "main",
                                         const std::string& targetEnv = "vulkan1.1");
std::vector<uint32_t> readSpv(const std::string& path);
std::string readText(const std::string& path);

// /work/shared (SHADERLENS_SHARED_DIR at configure time).
std::string sharedDir();

}  // namespace sl::test
