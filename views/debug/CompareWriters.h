// The invocations a "Compare with CPU" report names as the last writers of differing elements
// ("  Out[3]: ... on the CPU device\n    last written by invocation (2,0,0) (workgroup ...)"), so
// the Run tab can offer "Debug this" on each: the report is the compare's canonical text
// (renderer/offload/Compare), golden-tested, and these are its only "last written by" lines.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sl::views {

struct DifferingWriter {
  size_t line = 0;                   // 0-based line of the report with "last written by"
  std::string element;               // "Quotients[0]" (from the line above), "" when absent
  std::array<uint32_t, 3> thread{};  // SV_DispatchThreadID of the writer
};

std::vector<DifferingWriter> differingWriters(const std::string& report);

}  // namespace sl::views
