// What the Workspace edits: one HLSL text with its compile options, where it came from and where
// Save writes it.
#pragma once

#include "core/pipeline/CompileOptions.h"

#include <string>

namespace sl::views {

struct Document {
  std::string fileName;  // shown in diagnostics and the DXC command line
  std::string text;
  CompileOptions options;
  // Where Save writes; empty when the document cannot be saved as is (a part of a .test bundle).
  std::string savePath;
  // Shown in the menu and window title; the file name when empty.
  std::string title;
  // A .test bundle: its path and text (the Run panel edits it; Save writes the whole bundle).
  std::string bundlePath;
  std::string bundleText;
  // The flags the file itself states (a bundle's RUN line, a `// shaderlens:` comment), as
  // written; "" when it states none. Remembered options apply while the file still says this.
  // Last, so brace-initialized documents keep their meaning.
  std::string statedOptions;

  const std::string& displayName() const { return title.empty() ? fileName : title; }
};

}  // namespace sl::views
