#include "tests/unit/interp/InterpTestSupport.h"

#include <catch2/catch.hpp>
#include <spirv-tools/libspirv.hpp>

#include "core/pipeline/Pipeline.h"

namespace sl::interptest {

std::vector<uint32_t> compileHlsl(const std::string& source, const std::string& profile, const std::vector<std::string>& extraFlags) {
  CompileOptions options;
  options.profile = profile;
  options.target = TargetKind::Spirv;
  options.spirvTargetEnv = "vulkan1.3";
  options.textOnlyForShownStages = true;
  for (const std::string& flag : extraFlags) {
    if (flag == "-enable-16bit-types") options.enable16BitTypes = true;
    else if (flag == "-Zi") options.debugInfo = true;
    else if (flag.rfind("-fspv-debug=", 0) == 0) options.spvDebug = flag.substr(12);
    else FAIL("unknown flag in test: " << flag);
  }
  auto result = compileSource("test.hlsl", source, options);
  if (!result->succeeded) {
    std::string messages;
    for (const Diagnostic& d : result->diagnostics) messages += d.message + "\n";
    FAIL("compile failed:\n" << messages);
  }
  std::vector<uint32_t> words(result->object.size() / 4);
  std::memcpy(words.data(), result->object.data(), words.size() * 4);
  return words;
}

std::vector<uint32_t> assemble(const std::string& text) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string error;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t& p, const char* m) {
    error += std::to_string(p.line) + ": " + m + "\n";
  });
  std::vector<uint32_t> words;
  if (!tools.Assemble(text, &words, SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS)) FAIL("assembly failed:\n" << error);
  return words;
}

RunResult run(const std::vector<uint32_t>& words, Buffers& buffers, std::array<uint32_t, 3> groups, interp::DispatchOptions options,
              std::span<const uint8_t> pushConstants) {
  interp::DecodeResult decoded = interp::decodeModule(words);
  if (!decoded.module) FAIL("decode failed: " << decoded.error);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.workgroups = groups;
  desc.resources = &buffers;
  desc.options = options;
  desc.pushConstants = pushConstants;
  RunResult r;
  r.result = interp::dispatch(desc);
  for (const interp::Diagnostic& d : r.result.diagnostics) r.diagnostics += d.text() + "\n";
  return r;
}

}  // namespace sl::interptest
