#include "app/gui/DocumentLoader.h"

#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"

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
  if (step && !step->args.empty()) {
    ParsedCommandLine flags = parseDxcCommandLine(step->args);
    if (!flags.error.empty()) return "the bundle's compile flags: " + flags.error;
    out.options = flags.options;
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
  out.text = std::move(text);
  out.options = options;
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

std::string recoveryPathFor(const views::Document& document) {
  std::filesystem::path base;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) base = state;
  else if (const char* home = std::getenv("HOME"); home && *home) base = std::filesystem::path(home) / ".local" / "state";
  else return "";
  const std::string& source = document.savePath.empty() ? document.fileName : document.savePath;
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(source, error);
  if (error) absolute = source;
  // The hash tells apart equally named files in different folders.
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016zx", std::hash<std::string>{}(absolute.lexically_normal().string()));
  const std::string name = std::filesystem::path(source).filename().string();
  return (base / "shaderlens" / "recovery" / (name + "-" + hash + ".hlsl")).string();
}

std::string Autosaver::update(const std::string& text, Clock::time_point now) {
  if (path_.empty()) return "";
  if (text == written_) {
    hasPending_ = false;
    return "";
  }
  if (!hasPending_ || text != pending_) {
    pending_ = text;
    hasPending_ = true;
    changedAt_ = now;
    return "";
  }
  if (now - changedAt_ < settle_) return "";
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path_).parent_path(), ignored);
  if (std::string error = writeFileAtomically(path_, text); !error.empty()) {
    if (failedFor_ == text) return "";
    failedFor_ = text;
    return "autosave failed: " + error;
  }
  written_ = text;
  hasPending_ = false;
  ++writes_;
  return "";
}

bool Autosaver::finish(const std::string& text, const std::string& savedText) {
  if (path_.empty()) return false;
  std::error_code ignored;
  if (text == savedText) {
    std::filesystem::remove(path_, ignored);
    return false;
  }
  // Unsaved work: make sure its newest state is on disk.
  std::filesystem::create_directories(std::filesystem::path(path_).parent_path(), ignored);
  if (text != written_ && writeFileAtomically(path_, text).empty()) {
    written_ = text;
    ++writes_;
  }
  return std::filesystem::exists(path_, ignored);
}

}  // namespace sl::gui
