#include "SpirvTestUtil.h"

#include "core/support/AtomicFile.h"

#include <spirv-tools/libspirv.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unistd.h>

namespace sl::test {

std::vector<uint32_t> assembleSpirv(const std::string& text, std::string& error) {
  spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_5);
  spv_binary binary = nullptr;
  spv_diagnostic diag = nullptr;
  std::vector<uint32_t> words;
  if (spvTextToBinary(ctx, text.data(), text.size(), &binary, &diag) == SPV_SUCCESS) {
    words.assign(binary->code, binary->code + binary->wordCount);
  } else {
    error = diag ? diag->error : "assembly failed";
  }
  spvBinaryDestroy(binary);
  spvDiagnosticDestroy(diag);
  spvContextDestroy(ctx);
  return words;
}

std::string readText(const std::string& path) {
  std::string contents, error;
  if (!readWholeFile(path, contents, error)) return {};
  return contents;
}

std::vector<uint32_t> assembleSpirvFile(const std::string& path, std::string& error) {
  const std::string text = readText(path);
  if (text.empty()) {
    error = "cannot read " + path;
    return {};
  }
  return assembleSpirv(text, error);
}

std::vector<uint32_t> readSpv(const std::string& path) {
  const std::string bytes = readText(path);
  std::vector<uint32_t> words(bytes.size() / 4);
  if (!words.empty()) std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

std::vector<uint32_t> compileWithGlslang(const std::string& path, const std::string& stage, bool hlsl,
                                         const std::string& entry, const std::string& targetEnv) {
  static std::atomic<int> counter{0};
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("sl-glslang-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + ".spv"))
                              .string();
  const std::string cmd = "glslangValidator -V " + std::string(hlsl ? "-D " : "") + "-S " + stage + " -e " + entry +
                          " --target-env " + targetEnv + " '" + path + "' -o '" + out + "' >/dev/null 2>&1";
  std::vector<uint32_t> words;
  if (std::system(cmd.c_str()) == 0) words = readSpv(out);
  std::error_code ec;
  std::filesystem::remove(out, ec);
  return words;
}

std::string sharedDir() {
#ifdef SHADERLENS_SHARED_DIR
  return SHADERLENS_SHARED_DIR;
#else
  return "/work/shared";
#endif
}

}  // namespace sl::test
