// The compiler driver: runs the stages for one compile and records, for each, its canonical text,
// a line map back to the HLSL source, its diagnostics and its wall time. The CLI, the GUI and the
// golden tests all read these artifacts, so they always show the same text.
#pragma once

#include "core/pipeline/CompileOptions.h"
#include "core/pipeline/EntryInterface.h"
#include "core/support/Diagnostic.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sl {

struct StageArtifact {
  std::string name;
  std::string text;
  // Entry i is the HLSL location that line i+1 of `text` came from (invalid when none).
  std::vector<SourceLoc> lineSources;
  std::vector<Diagnostic> diagnostics;
  double milliseconds = 0;
  bool ok = true;
  // The stage ran but its text (and line map) was not made: CompileOptions::textOnlyForShownStages
  // without the stage shown. A compile of the same source with the stage shown makes it.
  bool textDeferred = false;
  // Binary output of the stage, if any (SPIR-V module bytes, DXIL container).
  std::vector<uint8_t> binary;
};

// An immutable snapshot of one compile: the UI holds it by shared_ptr while a worker makes the next.
struct CompileResult {
  CompileOptions options;
  std::string fileName;
  std::string source;
  std::vector<StageArtifact> stages;
  // Every diagnostic of every stage, in the order they were reported.
  std::vector<Diagnostic> diagnostics;
  bool succeeded = false;
  // A copy taken as soon as the shown stages had run (ShownStagesReady): the later stages were
  // still running, so they are missing here, and so are their diagnostics.
  bool partial = false;
  // Stopped at a stage boundary because a newer edit made it obsolete (compileSource's
  // `cancel`): no stage after the boundary ran; a viewer drops it.
  bool cancelled = false;
  double totalMilliseconds = 0;
  // The object file -Fo writes: SPIR-V words or a DXIL container.
  std::vector<uint8_t> object;
  // The entry point's signatures or system values, once Sema succeeded (null before, or when
  // the unit has no entry point).
  std::shared_ptr<const EntryInterface> entryInterface;

  const StageArtifact* stage(std::string_view name) const;
};

struct StageInfo {
  const char* name;
  const char* description;
  bool implemented;
};

// Every stage the product knows, in pipeline order, and whether this build has it.
const std::vector<StageInfo>& allStages();
// The stages a compile with these options runs, in order.
std::vector<std::string> stagesFor(const CompileOptions& options);
bool isKnownStage(std::string_view name);

// Called at most once per compile, on the compile's thread, as soon as every stage of
// CompileOptions::shownStages has run: a partial copy of the result, so a viewer shows those
// stages before the rest of the pipeline ends (the GUI's stage tab after a keystroke).
using ShownStagesReady = std::function<void(std::shared_ptr<const CompileResult>)>;

// Compiles `source` as the contents of `fileName` (the file need not exist: the GUI passes its
// unsaved buffer). Never throws; failures are diagnostics. When `cancel` becomes true (set from
// another thread) the compile stops at its next stage boundary, after ShownStagesReady had its
// chance, and returns a result with `cancelled` set.
std::shared_ptr<const CompileResult> compileSource(const std::string& fileName, std::string_view source,
                                                   const CompileOptions& options,
                                                   const ShownStagesReady& onShownStagesReady = nullptr,
                                                   const std::atomic<bool>* cancel = nullptr);

}  // namespace sl
