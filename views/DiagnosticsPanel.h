// The diagnostics list of the current snapshot: severity, location, message (notes indented).
// Clicking a row with a location in the edited file asks the editor to jump there.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"

#include <optional>

namespace sl::views {

// Returns the location of the row clicked this frame, if any.
std::optional<SourceLoc> drawDiagnosticsPanel(const CompileResult* snapshot, const ViewFonts& fonts);

}  // namespace sl::views
