#include "core/spirv/CrossCompile.h"

#include <spirv_glsl.hpp>
#include <spirv_hlsl.hpp>
#include <spirv_msl.hpp>
#include <spirv/unified1/spirv.hpp>

#include <charconv>
#include <exception>
#include <memory>

namespace sl::spirv {

const char* crossStageName(CrossLanguage language) {
  switch (language) {
    case CrossLanguage::Glsl: return "spirv.glsl";
    case CrossLanguage::Hlsl: return "spirv.hlsl";
    case CrossLanguage::Msl: return "spirv.msl";
  }
  return "spirv.?";
}

std::optional<CrossLanguage> crossLanguageForStage(std::string_view stageName) {
  for (CrossLanguage language : {CrossLanguage::Glsl, CrossLanguage::Hlsl, CrossLanguage::Msl})
    if (stageName == crossStageName(language)) return language;
  return std::nullopt;
}

uint32_t hlslShaderModelForProfile(std::string_view profile) {
  // "cs_6_6", also "lib_6_3": the last two '_'-separated digits.
  const size_t minorAt = profile.rfind('_');
  if (minorAt == std::string_view::npos || minorAt < 2 || minorAt + 2 != profile.size()) return 60;
  const char major = profile[minorAt - 1], minor = profile[minorAt + 1];
  if (profile[minorAt - 2] != '_' || major < '5' || major > '9' || minor < '0' || minor > '9') return 60;
  const uint32_t model = static_cast<uint32_t>(major - '0') * 10 + static_cast<uint32_t>(minor - '0');
  return model < 60 ? 60 : model;  // the compute features we emit (wave ops, 64-bit) need SM 6
}

namespace {

std::unique_ptr<spirv_cross::CompilerGLSL> makeCompiler(std::vector<uint32_t> words, CrossLanguage language,
                                                        const CrossOptions& options) {
  // Each language's own options go on first; the common GLSL-level ones (line directives) after.
  std::unique_ptr<spirv_cross::CompilerGLSL> compiler;
  switch (language) {
    case CrossLanguage::Glsl: {
      compiler = std::make_unique<spirv_cross::CompilerGLSL>(std::move(words));
      break;
    }
    case CrossLanguage::Hlsl: {
      auto hlsl = std::make_unique<spirv_cross::CompilerHLSL>(std::move(words));
      spirv_cross::CompilerHLSL::Options o = hlsl->get_hlsl_options();
      o.shader_model = options.hlslShaderModel;
      o.use_entry_point_name = true;
      o.enable_16bit_types = options.hlslShaderModel >= 62;
      hlsl->set_hlsl_options(o);
      compiler = std::move(hlsl);
      break;
    }
    case CrossLanguage::Msl: {
      auto msl = std::make_unique<spirv_cross::CompilerMSL>(std::move(words));
      spirv_cross::CompilerMSL::Options o = msl->get_msl_options();
      o.set_msl_version(options.mslMajor, options.mslMinor);
      msl->set_msl_options(o);
      compiler = std::move(msl);
      break;
    }
  }
  spirv_cross::CompilerGLSL::Options common = compiler->get_common_options();
  if (language == CrossLanguage::Glsl) {
    common.version = options.glslVersion;
    common.es = false;
    common.vulkan_semantics = true;
  }
  // Turned into lineSources below and removed from the text.
  common.emit_line_directives = true;
  compiler->set_common_options(common);
  return compiler;
}

// `#line N "file"` -> (N, file); false for any other line.
bool parseLineDirective(std::string_view line, uint32_t& number, std::string& file) {
  constexpr std::string_view kPrefix = "#line ";
  if (line.substr(0, kPrefix.size()) != kPrefix) return false;
  line.remove_prefix(kPrefix.size());
  auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), number);
  if (ec != std::errc()) return false;
  line.remove_prefix(static_cast<size_t>(end - line.data()));
  file.clear();
  const size_t open = line.find('"'), close = line.rfind('"');
  if (open != std::string_view::npos && close > open) file = std::string(line.substr(open + 1, close - open - 1));
  return true;
}

// Strips SPIRV-Cross's #line directives (and the GLSL extension they need), keeping what they
// said as a per-line source map: each line belongs to the latest directive above it.
void splitLineDirectives(const std::string& raw, CrossResult& out) {
  SourceLoc current;
  bool anyLocation = false;
  size_t pos = 0;
  while (pos < raw.size()) {
    size_t end = raw.find('\n', pos);
    if (end == std::string::npos) end = raw.size();
    std::string_view line(raw.data() + pos, end - pos);
    pos = end + 1;
    uint32_t number = 0;
    std::string file;
    if (parseLineDirective(line, number, file)) {
      current = SourceLoc{file, number, 0};
      anyLocation = true;
      continue;
    }
    if (line.find("GL_GOOGLE_cpp_style_line_directive") != std::string_view::npos) continue;
    out.text.append(line);
    out.text.push_back('\n');
    out.lineSources.push_back(current);
  }
  if (!anyLocation) out.lineSources.clear();
}

// Debian's SPIRV-Cross is built with assertions, and CompilerMSL asserts (aborting the whole
// process) on unbounded descriptor arrays (descriptor heaps, `Texture2D t[]`): they need Metal
// argument buffers with a stride SPIRV-Cross cannot know. Returns why, or "" when none.
std::string mslUnsupported(const spirv_cross::CompilerGLSL& compiler) {
  const spirv_cross::ShaderResources resources = compiler.get_shader_resources();
  for (const auto* list : {&resources.uniform_buffers, &resources.storage_buffers, &resources.storage_images,
                           &resources.sampled_images, &resources.separate_images, &resources.separate_samplers}) {
    for (const spirv_cross::Resource& r : *list) {
      const spirv_cross::SPIRType& type = compiler.get_type(r.type_id);
      if (!type.array.empty() && type.array_size_literal.back() && type.array.back() == 0)
        return "'" + r.name + "' is an unbounded descriptor array, which MSL can only express with argument "
               "buffers (not generated)";
    }
  }
  return "";
}

// SPIRV-Cross recurses once per structured construct of a function (about 5 KB of stack each) and
// takes time superlinear in their number (0.6 s for 2,000, 4 s for 5,000, 13-19 s for 10,000 per
// view); past this many a view is not made.
constexpr size_t kMaxCrossConstructs = 2500;

size_t structuredConstructs(std::span<const uint32_t> words) {
  size_t count = 0;
  for (size_t i = 5; i < words.size();) {
    const uint32_t length = words[i] >> 16, opcode = words[i] & 0xffff;
    if (opcode == spv::OpSelectionMerge || opcode == spv::OpLoopMerge) ++count;
    if (length == 0) break;
    i += length;
  }
  return count;
}

}  // namespace

CrossResult crossCompile(std::span<const uint32_t> words, CrossLanguage language, const CrossOptions& options) {
  CrossResult result;
  const std::string stage = crossStageName(language);
  auto fail = [&](const std::string& why) {
    result.text.clear();
    result.lineSources.clear();
    result.diagnostics.push_back(Diagnostic::error({}, stage + ": SPIRV-Cross cannot translate this module: " + why));
    return result;
  };
  if (words.empty()) return fail("the module is empty");
  if (size_t constructs = structuredConstructs(words); constructs > kMaxCrossConstructs)
    return fail("the module has " + std::to_string(constructs) + " structured control flow constructs (the view is " +
                "made for at most " + std::to_string(kMaxCrossConstructs) + ")");
  std::string raw;
  try {
    std::unique_ptr<spirv_cross::CompilerGLSL> compiler =
        makeCompiler(std::vector<uint32_t>(words.begin(), words.end()), language, options);
    if (language == CrossLanguage::Msl)
      if (std::string why = mslUnsupported(*compiler); !why.empty()) return fail(why);
    raw = compiler->compile();
  } catch (const spirv_cross::CompilerError& e) {
    return fail(e.what());
  } catch (const std::exception& e) {
    return fail(e.what());
  } catch (...) {
    return fail("unknown error");
  }
  if (raw.empty()) return fail("it produced no text");
  splitLineDirectives(raw, result);
  return result;
}

}  // namespace sl::spirv
