// Reads a pipeline description (offload-test-suite YAML) into a Pipeline. Follows upstream's
// schema and checks (required keys, unknown keys, enum spellings, FillSize/FillValue, buffer and
// sampler names, OutputProps sizes, pipeline kind); every error carries file:line:col.
#pragma once

#include "renderer/offload/Pipeline.h"
#include "renderer/offload/YamlTree.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::offload {

struct ParseResult {
  std::optional<Pipeline> pipeline;  // set only when there are no errors
  std::vector<YamlDiagnostic> errors;

  bool ok() const { return pipeline.has_value(); }
  // All errors, rendered, one after the other.
  std::string renderErrors() const;
};

ParseResult parsePipeline(std::string_view text, const std::string& fileName);

// Scalar conversions with the YAML library's rules (shared with the bundle tools and tests).
// Integers: decimal, 0x hex, 0b binary, 0o/leading-0 octal, range-checked. Floats: strtod syntax
// incl. inf/nan spellings and C hex floats. Returns an error message, "" on success.
std::string parseScalarBytes(std::string_view text, DataFormat format, std::vector<uint8_t>& out);

}  // namespace sl::offload
