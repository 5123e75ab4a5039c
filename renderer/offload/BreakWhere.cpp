#include "renderer/offload/BreakWhere.h"

#include <algorithm>
#include <filesystem>
#include <tuple>

#include "interp/Module.h"
#include "interp/Dispatch.h"
#include "interp/debug/DebugSession.h"

namespace sl::offload {

BreakWhereResult breakWhereOverDispatch(std::span<const uint32_t> words, const Pipeline& pipeline, uint32_t line,
                                        const std::string& condition, const InvocationTraceOptions& options, const std::string& where) {
  BreakWhereResult result;
  interp::DecodeOptions decodeOptions;
  decodeOptions.validate = false;
  const interp::DecodeResult decoded = interp::decodeModule(words, decodeOptions);
  const std::string entry = pipeline.shaders.empty() ? "main" : pipeline.shaders[0].entry;
  const int entryIndex = decoded.module ? decoded.module->findEntryPoint(entry) : -1;
  if (entryIndex < 0) {
    result.error = where + ": error: the shader has no entry point '" + entry + "'" + (decoded.module ? "" : ": " + decoded.error);
    return result;
  }
  const std::array<uint32_t, 3> size = decoded.module->entryPoints[size_t(entryIndex)].localSize;
  const std::array<uint32_t, 3> groups = pipeline.dispatch.groupCount;
  interp::DispatchOptions dispatchOptions;
  if (options.subgroupSize) dispatchOptions.subgroupSize = options.subgroupSize;
  const uint32_t width = interp::effectiveSubgroupSize(*decoded.module, uint32_t(entryIndex), dispatchOptions);
  const uint64_t perGroup = uint64_t(size[0]) * size[1] * size[2];
  const uint64_t subgroups = (perGroup + width - 1) / width;
  const uint64_t recordings = uint64_t(groups[0]) * groups[1] * groups[2] * subgroups;
  result.recordings = recordings;
  result.subgroupWidth = width;
  if (recordings == 0) {
    result.error = where + ": error: the dispatch is empty";
    return result;
  }
  if (recordings > kMaxBreakWhereRecordings) {
    result.error = where + ": error: break where records each subgroup once: this dispatch has " + std::to_string(recordings) +
                   " (at most " + std::to_string(kMaxBreakWhereRecordings) +
                   "); make the dispatch smaller, or debug one invocation with a (conditional) breakpoint";
    return result;
  }

  for (uint32_t gz = 0; gz < groups[2]; ++gz)
    for (uint32_t gy = 0; gy < groups[1]; ++gy)
      for (uint32_t gx = 0; gx < groups[0]; ++gx)
        for (uint64_t sg = 0; sg < subgroups; ++sg) {
          if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            result.error = "cancelled";
            return result;
          }
          const uint64_t index = sg * width;
          InvocationChoice choice;
          choice.group = {gx, gy, gz};
          choice.local = {uint32_t(index % size[0]), uint32_t(index / size[0] % size[1]), uint32_t(index / (uint64_t(size[0]) * size[1]))};
          Pipeline copy = pipeline;  // each recording starts from the bundle's buffers
          InvocationTraceResult recorded = traceInvocation(words, copy, choice, options, where);
          if (!recorded.value) {
            result.error = recorded.error;
            result.usageError = recorded.usageError;
            return result;
          }
          interp::debug::DebugSession session(recorded.value->trace, words);
          if (!recorded.value->dispatchStatus.ok()) session.setDispatchError(recorded.value->dispatchStatus.message());
          const interp::debug::DebugSession::WhereResult found = session.breakWhere(line, condition);
          if (!found.error.empty()) {
            result.error = found.error;
            result.searchError = true;
            return result;
          }
          if (result.where.empty()) {
            const uint32_t file = session.debugInfo().mainFile;
            result.where = (file < session.module().sourceFiles.size() ? std::filesystem::path(session.module().sourceFiles[file]).filename().string() : "<source>") + ":" +
                           std::to_string(found.line);
            result.note = found.note;
            result.line = found.line;
          }
          for (const auto& h : found.hits)
            result.hits.push_back({{gx * size[0] + h.localId[0], gy * size[1] + h.localId[1], gz * size[2] + h.localId[2]}, h.arrival});
        }
  std::sort(result.hits.begin(), result.hits.end(), [](const BreakWhereHit& a, const BreakWhereHit& b) {
    return std::tie(a.thread[2], a.thread[1], a.thread[0], a.arrival) < std::tie(b.thread[2], b.thread[1], b.thread[0], b.arrival);
  });
  for (size_t k = 0; k < result.hits.size(); ++k)
    if (k == 0 || result.hits[k].thread != result.hits[k - 1].thread) ++result.invocations;
  return result;
}

}  // namespace sl::offload
