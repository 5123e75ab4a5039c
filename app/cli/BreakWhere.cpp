#include "app/cli/BreakWhere.h"

#include <cstdio>
#include <cstdlib>

#include "app/cli/Commands.h"
#include "renderer/offload/BreakWhere.h"

namespace sl::cli {

int runBreakWhere(const DebugProgram& program, const DebugLaunchOptions& launch, const std::string& spec) {
  const size_t colon = spec.find(':');
  const std::string lineText = spec.substr(0, colon);
  const std::string condition = colon == std::string::npos ? "" : spec.substr(colon + 1);
  char* end = nullptr;
  const unsigned long line = std::strtoul(lineText.c_str(), &end, 10);
  if (lineText.empty() || *end || line == 0 || line > 0xffffffffu) {
    std::fprintf(stderr, "shaderlens debug: --break-where needs LINE or LINE:CONDITION, not '%s'\n", spec.c_str());
    return kExitUsage;
  }
  const offload::BreakWhereResult found =
      offload::breakWhereOverDispatch(program.words, program.pipeline, uint32_t(line), condition, launch.trace, launch.file);
  if (!found.ok()) {
    if (found.searchError) std::fprintf(stderr, "%s: error: --break-where %s: %s\n", launch.file.c_str(), spec.c_str(), found.error.c_str());
    else std::fprintf(stderr, "%s\n", found.error.c_str());
    return found.usageError ? kExitUsage : 1;
  }
  const auto plural = [](uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); };
  std::string out;
  if (!found.note.empty()) out += "note: " + found.note + "\n";
  out += "break where " + found.where + (condition.empty() ? "" : " if " + condition) + ": " + plural(found.hits.size(), "hit") + " in " +
         plural(found.invocations, "invocation") + " (" + plural(found.recordings, "subgroup") + " of " + std::to_string(found.subgroupWidth) +
         " lanes recorded)\n";
  for (const offload::BreakWhereHit& h : found.hits)
    out += "  " + offload::formatTriple(h.thread) + " arrival " + std::to_string(h.arrival) + "\n";
  if (found.hits.empty())
    out += "  no invocation reaches line " + std::to_string(found.line) + (condition.empty() ? "" : " with the condition true") + "\n";
  std::fputs(out.c_str(), stdout);
  return kExitSuccess;
}

}  // namespace sl::cli
