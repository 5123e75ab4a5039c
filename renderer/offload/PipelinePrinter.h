// Writes a pipeline back as YAML exactly as upstream's offloader prints it (LLVM YAML I/O
// layout: 16-column key padding, flow lists wrapped after column 70, floats as %g, HexN and
// Float16 as 0x%X), so FileCheck lines written against the offloader's dump match ours.
#pragma once

#include "renderer/offload/Pipeline.h"

#include <string>

namespace sl::offload {

// The whole pipeline, "---\n...\n...\n", with output buffers and counters as they are now.
std::string printPipeline(const Pipeline& pipeline);

// The failure report of one result rule: "Test failed: NAME", the rule, both buffers as YAML
// documents and their exact hex bit patterns (upstream's Check.cpp format).
std::string printFailureReport(const ResultRule& rule, const Buffer& expected, const Buffer& actual);

// "[ 0x1, 0x2 ]" (or one " - [ ... ]" line per array element): every element's bit pattern in
// lower-case hex, as the report's "Full Hex representation" lines.
std::string hexBufferValues(const Buffer& buffer);

// One element of `format` at `bytes` as the dump prints it ("1.5", "-3", "0x3C00").
std::string formatElement(DataFormat format, const uint8_t* bytes);

}  // namespace sl::offload
