// `shaderlens dis`: what `dxc -dumpbin` does, for any DXContainer (ours or DXC's) and any SPIR-V
// module. Containers go through core/dxil/container/ContainerDump.h; SPIR-V is validated (errors become
// diagnostics) and disassembled with SPIRV-Tools. LLVM's fatal errors while reading a container's
// bitcode are caught by the same boundary the compile uses (core/pipeline/FatalErrors.h), so bad
// input is a located error and exit status 1, never a crash.
#include "app/cli/Commands.h"

#include "core/dxil/container/ContainerDump.h"
#include "core/pipeline/FatalErrors.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/TargetEnv.h"
#include "core/support/AtomicFile.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <string>

namespace sl::cli {
namespace {

constexpr const char* kUsage =
    "usage: shaderlens dis FILE [--part NAME] [--target-env vulkan1.x]\n"
    "Prints a compiled shader as text, as `dxc -dumpbin` does. FILE is a DXContainer ('DXBC':\n"
    "DXC's or ours, .dxil/.cso) or a SPIR-V module (magic 0x07230203, either byte order).\n"
    "A container prints its header (version, size, part count, digest), every part's FourCC,\n"
    "offset and size, then the parts decoded: SFI0, ISG1/OSG1, PSV0 and RTS0 as the `container`\n"
    "stage prints them, HASH, ILDN and VERS, the DXIL part's program header and its module as\n"
    "LLVM IR (read by LLVM 19's bitcode reader), other parts as the head of a hex dump.\n"
    "A SPIR-V module is validated (errors on stderr) and disassembled.\n"
    "  --part NAME       only the parts with this FourCC (ILDB and STAT print their modules too)\n"
    "  --target-env ENV  SPIR-V: validate for ENV (default: the oldest Vulkan for the module's version)\n"
    "Exit status: 0 ok, 1 malformed or invalid input (each error names the byte offset),\n"
    "2 usage or I/O errors.\n";

int usageError(const std::string& message) {
  std::fprintf(stderr, "shaderlens dis: %s\n%s", message.c_str(), kUsage);
  return kExitUsage;
}

Diagnostic located(const std::string& file, uint64_t at, const std::string& message) {
  return Diagnostic::error({file, 0, 0}, "at byte " + std::to_string(at) + ": " + message);
}

uint32_t byteSwap(uint32_t v) { return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24); }

int disassembleSpirv(const std::string& file, std::span<const uint8_t> bytes, std::optional<spirv::TargetEnv> env) {
  if (bytes.size() % 4 != 0) {
    std::fputs(renderDiagnostic(located(file, bytes.size() & ~size_t(3),
                                        "a SPIR-V module is whole 32-bit words, this file has " +
                                            std::to_string(bytes.size()) + " bytes"))
                   .c_str(),
               stderr);
    return kExitCompileError;
  }
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (words[0] == byteSwap(0x07230203u))
    for (uint32_t& w : words) w = byteSwap(w);
  if (words.size() < 5) {
    std::fputs(renderDiagnostic(located(file, bytes.size(), "the file ends inside the 5-word SPIR-V header")).c_str(),
               stderr);
    return kExitCompileError;
  }
  if (!env) env = spirv::oldestVulkanEnvFor(words[1]);
  if (!env) env = spirv::TargetEnv::Universal1_5;
  std::string text;
  if (!spirv::disassemble(words, text)) {
    std::fputs(renderDiagnostic(Diagnostic::error({file, 0, 0}, "SPIRV-Tools cannot disassemble the module: " + text)).c_str(),
               stderr);
    return kExitCompileError;
  }
  std::fputs(text.c_str(), stdout);
  if (!text.empty() && text.back() != '\n') std::fputc('\n', stdout);
  std::vector<Diagnostic> invalid = spirv::validate(words, *env);
  for (Diagnostic& d : invalid)
    if (d.range.begin.file.empty()) d.range.begin.file = file;
  if (!invalid.empty()) {
    std::fflush(stdout);
    std::fprintf(stderr, "shaderlens dis: '%s' is not valid SPIR-V for %s:\n", file.c_str(),
                 std::string(spirv::targetEnvName(*env)).c_str());
    std::fputs(renderDiagnostics(invalid).c_str(), stderr);
    return kExitCompileError;
  }
  return kExitSuccess;
}

}  // namespace

int runDis(const Args& args) {
  std::string input;
  dxil::ContainerDumpOptions options;
  std::optional<spirv::TargetEnv> env;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return kExitSuccess;
    } else if (a == "--part") {
      if (i + 1 >= args.size() || args[i + 1].empty()) return usageError("--part needs a part name (a FourCC: DXIL, ISG1, ...)");
      options.part = args[++i];
    } else if (a == "--target-env") {
      if (i + 1 >= args.size()) return usageError("--target-env needs a value");
      env = spirv::parseTargetEnv(args[++i]);
      if (!env) return usageError("unknown target environment '" + args[i] + "'");
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      return usageError("unknown option '" + a + "'");
    } else if (input.empty()) {
      input = a;
    } else {
      return usageError("more than one input file");
    }
  }
  if (input.empty()) return usageError("no input file");

  std::string contents, error;
  if (!readWholeFile(input == "-" ? "/dev/stdin" : input, contents, error)) {
    std::fprintf(stderr, "shaderlens dis: cannot read '%s': %s\n", input.c_str(), error.c_str());
    return kExitUsage;
  }
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(contents.data()), contents.size());
  if (bytes.empty()) {
    std::fputs(renderDiagnostic(located(input, 0, "the file is empty")).c_str(), stderr);
    return kExitCompileError;
  }
  uint32_t magic = 0;
  if (bytes.size() >= 4) std::memcpy(&magic, bytes.data(), 4);
  if (magic == 0x07230203u || magic == byteSwap(0x07230203u)) {
    if (!options.part.empty()) return usageError("--part applies to DXContainers, '" + input + "' is SPIR-V");
    return disassembleSpirv(input, bytes, env);
  }
  if (!dxil::isContainer(bytes)) {
    std::string head;
    for (size_t i = 0; i < std::min<size_t>(bytes.size(), 4); ++i) {
      char hex[4];
      std::snprintf(hex, sizeof(hex), "%s%02x", i ? " " : "", bytes[i]);
      head += hex;
    }
    std::fputs(renderDiagnostic(located(input, 0, "neither a DXContainer ('DXBC') nor a SPIR-V module (0x07230203): "
                                                  "the file starts with " + head))
                   .c_str(),
               stderr);
    return kExitCompileError;
  }

  dxil::ContainerDump dump;
  try {
    FatalErrorBoundary boundary;
    dump = dxil::dumpContainer(bytes, input, options);
  } catch (const LlvmFatalError& e) {
    dump.diagnostics.push_back(Diagnostic::error({input, 0, 0}, std::string("LLVM gave up reading the container: ") + e.what()));
  } catch (const std::bad_alloc&) {
    dump.diagnostics.push_back(Diagnostic::error({input, 0, 0}, "out of memory reading the container"));
  }
  std::fputs(dump.text.c_str(), stdout);
  std::fflush(stdout);
  if (!dump.diagnostics.empty()) std::fputs(renderDiagnostics(dump.diagnostics).c_str(), stderr);
  return dump.ok() ? kExitSuccess : kExitCompileError;
}

}  // namespace sl::cli
