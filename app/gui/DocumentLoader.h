// Opens what `shaderlens gui` is given: an HLSL file, or an offload-test-suite style .test
// bundle (its HLSL part and the compile flags of its %dxc_target RUN line); and finds the
// bundled example opened when no file is given.
#pragma once

#include "views/Workspace.h"

#include <chrono>
#include <string>

namespace sl::gui {

// Fills `out` from `path`; returns "" or an error naming the path. `options` are the defaults;
// a .test bundle's RUN line replaces them with its own flags.
std::string loadDocument(const std::string& path, const CompileOptions& options, views::Document& out);

// Reads a bundle's text: the HLSL part compiled by the first %dxc_target RUN line (else
// source.hlsl, else the first .hlsl part) and that line's flags. Returns "" or an error.
std::string documentFromBundle(const std::string& bundleText, const CompileOptions& options, views::Document& out);

// shaders/compute/hello.hlsl: next to the executable's install tree, else in the source tree it
// was built from. Empty when neither exists.
std::string defaultExamplePath();
// The folder of the bundled examples (shaders/), found as defaultExamplePath is; empty if none.
std::string defaultExamplesDir();

// Where the edited text of `document` is autosaved: $XDG_STATE_HOME (else ~/.local/state)
// /shaderlens/recovery/<file name>-<hash of its absolute path>.hlsl. Empty without a home.
std::string recoveryPathFor(const views::Document& document);

// Autosave for crash recovery: writes the text (atomically) to a recovery file once it has
// been unchanged for `settle` after an edit, so a crash loses at most the last moments of
// typing. The caller feeds it the current text every frame.
class Autosaver {
 public:
  using Clock = std::chrono::steady_clock;
  Autosaver(std::string recoveryPath, std::string initialText, std::chrono::milliseconds settle = std::chrono::seconds(2))
      : path_(std::move(recoveryPath)), written_(std::move(initialText)), settle_(settle) {}

  // Returns "" or the error of a failed write (reported once per failing text).
  std::string update(const std::string& text, Clock::time_point now);
  // At a clean exit: removes the recovery file when `savedText` (what is on disk) equals the
  // text, so only unsaved work is kept. Returns whether a recovery file remains.
  bool finish(const std::string& text, const std::string& savedText);
  const std::string& path() const { return path_; }
  int writes() const { return writes_; }

 private:
  std::string path_;
  std::string written_;  // the text last written (or loaded): no write while it is unchanged
  std::string pending_;
  bool hasPending_ = false;
  Clock::time_point changedAt_{};
  std::chrono::milliseconds settle_;
  int writes_ = 0;
  std::string failedFor_;
};

}  // namespace sl::gui
