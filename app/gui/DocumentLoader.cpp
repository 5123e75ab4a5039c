#include "app/gui/DocumentLoader.h"

#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <vector>

namespace sl::gui {

std::string documentFromBundle(const std::string& bundleText, const CompileOptions& options, views::Document& out) {
  // The same bundle reader `shaderlens run` uses: split-file parts and the %dxc_target RUN lines.
  offload::BundleResult parsed = offload::parseBundle(bundleText);
  if (!parsed.bundle) return parsed.error;
  const offload::Bundle& bundle = *parsed.bundle;
  const offload::SplitPart* chosen = nullptr;
  const offload::CompileStep* step = nullptr;
  for (const offload::CompileStep& compile : bundle.compiles)
    if ((chosen = bundle.part(compile.sourcePart))) {
      step = &compile;
      break;
    }
  if (!chosen) chosen = bundle.part("source.hlsl");
  for (const offload::SplitPart& part : bundle.parts)
    if (!chosen && part.name.ends_with(".hlsl")) chosen = &part;
  if (!chosen) return "no HLSL part (#--- NAME.hlsl) in the bundle";

  out.fileName = chosen->name;
  out.title.clear();
  out.text = chosen->text;
  out.options = options;
  out.savePath.clear();  // a part of a bundle: saving it alone would lose the rest
  out.statedOptions.clear();
  if (step && !step->args.empty()) {
    for (const std::string& a : step->args) out.statedOptions += (out.statedOptions.empty() ? "" : " ") + a;
    ParsedCommandLine flags = parseDxcCommandLine(step->args);
    if (!flags.error.empty()) return "the bundle's compile flags: " + flags.error;
    out.options = flags.options;
  }
  return "";
}

std::string optionsFromComment(const std::string& text, CompileOptions& options, std::string& error) {
  // Only the file's leading comment block is read: a line `// shaderlens: FLAGS`.
  size_t at = 0;
  for (uint32_t line = 1; at < text.size(); ++line) {
    const size_t end = std::min(text.find('\n', at), text.size());
    std::string_view l(text.data() + at, end - at);
    at = end + 1;
    const size_t first = l.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    if (l.substr(first, 2) != "//") break;
    std::string_view rest = l.substr(first + 2);
    rest.remove_prefix(std::min(rest.find_first_not_of(" \t"), rest.size()));
    if (rest.substr(0, 11) != "shaderlens:") continue;
    std::vector<std::string> args;
    std::string word;
    for (char c : rest.substr(11)) {
      if (c == ' ' || c == '\t' || c == '\r') {
        if (!word.empty()) args.push_back(std::move(word));
        word.clear();
      } else {
        word += c;
      }
    }
    if (!word.empty()) args.push_back(std::move(word));
    ParsedCommandLine parsed = parseDxcCommandLine(args);
    if (!parsed.error.empty()) {
      error = "line " + std::to_string(line) + ": the `// shaderlens:` comment's options: " + parsed.error;
      return "";
    }
    options = parsed.options;
    std::string spelled;
    for (const std::string& a : args) spelled += (spelled.empty() ? "" : " ") + a;
    return spelled;
  }
  return "";
}

std::string loadDocument(const std::string& path, const CompileOptions& options, views::Document& out) {
  std::string text, error;
  if (!readWholeFile(path, text, error)) return error;
  if (path.ends_with(".test")) {
    error = documentFromBundle(text, options, out);
    if (!error.empty()) return path + ": " + error;
    out.title = std::filesystem::path(path).filename().string() + ": " + out.fileName;
    // The Run panel edits the bundle's pipeline and Save writes the whole bundle back.
    out.bundlePath = path;
    out.bundleText = std::move(text);
    return "";
  }
  out.fileName = path;
  out.title.clear();
  out.options = options;
  // A file may say how it compiles (the examples do: a vertex shader, a SPIR-V-only stage).
  out.statedOptions = optionsFromComment(text, out.options, error);
  if (!error.empty()) return path + ":" + error;
  out.text = std::move(text);
  out.savePath = path;
  out.bundlePath.clear();
  out.bundleText.clear();
  return "";
}

std::string defaultExamplesDir() {
  std::string hello = defaultExamplePath();
  if (hello.empty()) return "";
  return std::filesystem::path(hello).parent_path().parent_path().string();
}

std::string defaultExamplePath() {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> candidates;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    candidates.push_back(exe.parent_path().parent_path() / "share/shaderlens/shaders/compute/hello.hlsl");
  }
  candidates.push_back(fs::path(SHADERLENS_SHADERS_DIR) / "compute/hello.hlsl");
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
  return "";
}

}  // namespace sl::gui
