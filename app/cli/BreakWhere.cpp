#include "app/cli/BreakWhere.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "app/cli/Commands.h"
#include "app/cli/DebugScript.h"
#include "interp/Dispatch.h"

namespace sl::cli {

namespace {

// Each recording runs the whole dispatch: past this many subgroups the search would take minutes.
constexpr uint64_t kMaxRecordings = 512;

struct Hit {
  std::array<uint32_t, 3> global{};
  uint32_t arrival = 0;
};

}  // namespace

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
  interp::DecodeOptions decodeOptions;
  decodeOptions.validate = false;
  const interp::DecodeResult decoded = interp::decodeModule(program.words, decodeOptions);
  const std::string entry = program.pipeline.shaders.empty() ? "main" : program.pipeline.shaders[0].entry;
  const int entryIndex = decoded.module ? decoded.module->findEntryPoint(entry) : -1;
  if (entryIndex < 0) {
    std::fprintf(stderr, "%s: error: the shader has no entry point '%s'%s\n", launch.file.c_str(), entry.c_str(),
                 decoded.module ? "" : (": " + decoded.error).c_str());
    return 1;
  }
  const std::array<uint32_t, 3> size = decoded.module->entryPoints[size_t(entryIndex)].localSize;
  const std::array<uint32_t, 3> groups = program.pipeline.dispatch.groupCount;
  interp::DispatchOptions dispatchOptions;
  if (launch.trace.subgroupSize) dispatchOptions.subgroupSize = launch.trace.subgroupSize;
  const uint32_t width = interp::effectiveSubgroupSize(*decoded.module, uint32_t(entryIndex), dispatchOptions);
  const uint64_t perGroup = uint64_t(size[0]) * size[1] * size[2];
  const uint64_t subgroups = (perGroup + width - 1) / width;
  const uint64_t recordings = uint64_t(groups[0]) * groups[1] * groups[2] * subgroups;
  if (recordings == 0) {
    std::fprintf(stderr, "%s: error: the dispatch is empty\n", launch.file.c_str());
    return 1;
  }
  if (recordings > kMaxRecordings) {
    std::fprintf(stderr,
                 "%s: error: --break-where records each subgroup once: this dispatch has %llu (at most %llu); make the dispatch "
                 "smaller, or debug one invocation with --thread and --break\n",
                 launch.file.c_str(), static_cast<unsigned long long>(recordings), static_cast<unsigned long long>(kMaxRecordings));
    return 1;
  }

  std::vector<Hit> hits;
  std::string where, note;
  uint32_t searchedLine = 0;
  for (uint32_t gz = 0; gz < groups[2]; ++gz)
    for (uint32_t gy = 0; gy < groups[1]; ++gy)
      for (uint32_t gx = 0; gx < groups[0]; ++gx)
        for (uint64_t sg = 0; sg < subgroups; ++sg) {
          const uint64_t index = sg * width;
          offload::InvocationChoice choice;
          choice.group = {gx, gy, gz};
          choice.local = {uint32_t(index % size[0]), uint32_t(index / size[0] % size[1]), uint32_t(index / (uint64_t(size[0]) * size[1]))};
          offload::Pipeline pipeline = program.pipeline;  // each recording starts from the bundle's buffers
          offload::InvocationTraceResult recorded = offload::traceInvocation(program.words, pipeline, choice, launch.trace, launch.file);
          if (!recorded.value) {
            std::fprintf(stderr, "%s\n", recorded.error.c_str());
            return recorded.usageError ? kExitUsage : 1;
          }
          interp::debug::DebugSession session(recorded.value->trace, program.words);
          if (!recorded.value->dispatchStatus.ok()) session.setDispatchError(recorded.value->dispatchStatus.message());
          const interp::debug::DebugSession::WhereResult found = session.breakWhere(uint32_t(line), condition);
          if (!found.error.empty()) {
            std::fprintf(stderr, "%s: error: --break-where %s: %s\n", launch.file.c_str(), spec.c_str(), found.error.c_str());
            return 1;
          }
          if (where.empty()) {
            const uint32_t file = session.debugInfo().mainFile;
            where = (file < session.module().sourceFiles.size() ? baseName(session.module().sourceFiles[file]) : "<source>") + ":" +
                    std::to_string(found.line);
            note = found.note;
            searchedLine = found.line;
          }
          for (const auto& h : found.hits)
            hits.push_back({{gx * size[0] + h.localId[0], gy * size[1] + h.localId[1], gz * size[2] + h.localId[2]}, h.arrival});
        }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    return std::tie(a.global[2], a.global[1], a.global[0], a.arrival) < std::tie(b.global[2], b.global[1], b.global[0], b.arrival);
  });
  uint64_t invocations = 0;
  for (size_t k = 0; k < hits.size(); ++k)
    if (k == 0 || hits[k].global != hits[k - 1].global) ++invocations;
  std::string out;
  if (!note.empty()) out += "note: " + note + "\n";
  out += "break where " + where + (condition.empty() ? "" : " if " + condition) + ": " + std::to_string(hits.size()) + " hit" +
         (hits.size() == 1 ? "" : "s") + " in " + std::to_string(invocations) + " invocation" + (invocations == 1 ? "" : "s") + " (" +
         std::to_string(recordings) + " subgroup" + (recordings == 1 ? "" : "s") + " of " + std::to_string(width) + " lanes recorded)\n";
  for (const Hit& h : hits)
    out += "  (" + std::to_string(h.global[0]) + "," + std::to_string(h.global[1]) + "," + std::to_string(h.global[2]) + ") arrival " +
           std::to_string(h.arrival) + "\n";
  if (hits.empty()) out += "  no invocation reaches line " + std::to_string(searchedLine) + (condition.empty() ? "" : " with the condition true") + "\n";
  std::fputs(out.c_str(), stdout);
  return kExitSuccess;
}

}  // namespace sl::cli
