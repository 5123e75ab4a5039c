// Saving a pipeline the user edited without rewriting what they wrote: when the edit changed
// only buffers' formats and values, the original YAML is kept and only those buffers'
// Format/Data/FillSize/FillValue lines are replaced; everything else (comments, order, FillSize
// of untouched buffers, flow or block style) stays byte for byte. Other edits need the whole
// pipeline printed (printPipeline).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "renderer/offload/Pipeline.h"

namespace sl::offload {

// `original` patched to describe `edited`, or nullopt when the edit is not one of buffer values
// and formats (or the YAML's layout does not allow a line-level patch: a flow-style buffer, a
// descriptor array, text that no longer parses). `name` names the text in parse diagnostics.
std::optional<std::string> patchPipelineText(std::string_view original, const std::string& name, const Pipeline& edited);

}  // namespace sl::offload
