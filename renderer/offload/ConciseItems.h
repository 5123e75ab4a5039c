// One buffer, resource or sampler of a pipeline as a person writes it in a .test bundle: only the
// keys that differ from their defaults (no `IsReserved: false`, no zero OutputProps, a FillSize
// for a buffer of one repeated value), in block style. Saving an edited pipeline uses these for
// the items the user added or changed (PipelineEdit), so the rest of their YAML stays as written.
#pragma once

#include <string>
#include <vector>

#include "renderer/offload/Pipeline.h"

namespace sl::offload {

// The item's lines, each ending in '\n': "<dashIndent>- Name: ..." then its keys two columns in.
std::vector<std::string> conciseBufferLines(const Buffer& buffer, const std::string& dashIndent);
std::vector<std::string> conciseResourceLines(const Resource& resource, const std::string& dashIndent);
std::vector<std::string> conciseSamplerLines(const Sampler& sampler, const std::string& dashIndent);

// A flow list of the buffer's values in one array element, wrapped every 16 values with the
// continuation lines indented to `continuation` columns: "[ 1, 2, 3 ]".
std::string valueList(const Buffer& buffer, const std::vector<uint8_t>& block, size_t continuation);

// The whole pipeline in that form (what New from shader writes, and a save that cannot patch
// the user's text): printPipeline's YAML with buffers, samplers and resources as above, keys not
// padded into columns, and the empty RuntimeSettings / Bindings / AccelerationStructures left out.
// It always parses back to `pipeline` (else printPipeline's text is returned).
std::string printPipelineAsWritten(const Pipeline& pipeline);

// One block's values as "FillSize: N" (+ "FillValue: V" when not zero) if `fillIfUniform` and
// every value is the same, else "Data: [ ... ]"; each line starts with `indent`.
std::vector<std::string> blockValueLines(const Buffer& buffer, const std::vector<uint8_t>& block, bool fillIfUniform,
                                         const std::string& indent);

// The values of one array element are all the same (and there is at least one).
bool uniformValues(const Buffer& buffer, const std::vector<uint8_t>& block);

}  // namespace sl::offload
