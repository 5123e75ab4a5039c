// Saving a pipeline the user edited without rewriting what they wrote: the original YAML is kept
// and only what the edit changed is patched into it, line by line: a buffer's values or format
// (its Format/Data/FillSize/FillValue lines), buffers, samplers and a set's resources added
// (appended, in the concise form of ConciseItems), removed (their lines go) or changed (that
// item rewritten), the dispatch size. Everything else (comments, order, FillSize of untouched
// buffers, flow or block style) stays byte for byte. Other edits (results, push constants,
// shaders, sets added or removed) or layouts a line patch cannot follow (flow-style items) need
// the whole pipeline printed (printPipeline).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "renderer/offload/Pipeline.h"

namespace sl::offload {

// `original` patched to describe `edited`, or nullopt when the edit is not one of those above (or
// the YAML's layout does not allow a line-level patch: a flow-style item, text that no longer
// parses). The result always parses back to exactly `edited`. `name` names the text in parse
// diagnostics.
std::optional<std::string> patchPipelineText(std::string_view original, const std::string& name, const Pipeline& edited);

}  // namespace sl::offload
