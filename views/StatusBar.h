// The status bar: compile state, per-stage timings, total time and the equivalent DXC command
// line of the snapshot's options.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"

#include <string>

namespace sl::views {

// "preprocessed 0.41 ms  ast 1.20 ms  total 1.70 ms" for the snapshot.
std::string stageTimingsText(const CompileResult& result);

void drawStatusBar(const CompileResult* snapshot, bool compiling, const ViewFonts& fonts);

}  // namespace sl::views
