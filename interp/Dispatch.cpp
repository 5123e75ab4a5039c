// Workgroup scheduling: workers take workgroups from a shared counter; inside a workgroup the
// subgroups run in turn, each until it returns or waits at a barrier, and a barrier releases
// when every subgroup still running waits at it (docs/interp.md, "Barriers").
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/Dispatch.h"

#include <algorithm>
#include <thread>

#include "interp/Executor.h"
#include "interp/OpNames.h"
#include "interp/Trace.h"

namespace sl::interp {

namespace {

constexpr uint64_t kMaxInvocationsPerWorkgroup = 65536;

DispatchResult failure(std::string message) {
  DispatchResult r;
  Diagnostic d;
  d.severity = Diagnostic::Severity::Error;
  d.message = std::move(message);
  r.diagnostics.push_back(std::move(d));
  return r;
}

class Worker {
 public:
  Worker(const DispatchDesc& desc, const EntryPoint& entry, uint32_t width, DiagnosticCollector& diagnostics, PrintfCollector& printfs)
      : context_(*desc.module, desc, entry, width, diagnostics) {
    context_.printfs = &printfs;
    const Module& m = *desc.module;
    const auto& size = entry.localSize;
    context_.invocationsPerWorkgroup = size[0] * size[1] * size[2];
    context_.subgroupsPerWorkgroup = (context_.invocationsPerWorkgroup + width - 1) / width;
    const bool preserve = entry.denormPreserveWidths & 32, flush = entry.denormFlushWidths & 32;
    context_.flushFp32 = flush || (!preserve && desc.options.flushFp32Denormals);
    context_.buffers.resize(m.globals.size());
    context_.bufferResolved.assign(m.globals.size(), 0);
    for (uint32_t s = 0; s < context_.subgroupsPerWorkgroup; ++s) subgroups_.push_back(std::make_unique<SubgroupExec>(context_, s));
    status_.resize(subgroups_.size());
  }

  uint64_t instructions() const { return context_.instructions; }

  // Runs one workgroup; false when it failed.
  bool runWorkgroup(std::array<uint32_t, 3> id) {
    const Module& m = context_.module;
    context_.workgroupId = id;
    context_.workgroupMemory.assign(m.workgroupBytes, 0);
    context_.workgroupWritten.assign(m.workgroupBytes, 0);
    context_.workgroupWriter.assign((m.workgroupBytes + 3) / 4, 0);
    context_.barrierEpoch = 1;
    for (const GlobalVariable& v : m.globals) {
      if (v.storageClass != spv::StorageClassWorkgroup || !v.initializer) continue;
      const LayoutNode& node = m.layout(v.layout);
      for (const LayoutNode::Run& r : node.runs) {
        std::memcpy(context_.workgroupMemory.data() + v.offset + r.memory, m.constants.data() + m.constantOffset[v.initializer] + r.reg, r.size);
        std::memset(context_.workgroupWritten.data() + v.offset + r.memory, 1, r.size);
      }
    }
    TraceSink* trace = context_.desc.trace;
    context_.trace = trace && trace->workgroup == id ? trace : nullptr;
    context_.traceSubgroup = ~0u;
    for (auto& s : subgroups_) s->start();
    if (context_.trace) {
      for (uint32_t s = 0; s < subgroups_.size(); ++s)
        for (uint32_t lane = 0; lane < context_.width; ++lane)
          if (subgroups_[s]->liveLanes().test(lane) && subgroups_[s]->localIndexOf(lane) == trace->localIndex)
            context_.traceSubgroup = s, context_.traceLane = lane;
      if (context_.traceSubgroup != ~0u) trace->begin(*subgroups_[context_.traceSubgroup], context_.traceLane);
    }
    using Status = SubgroupExec::Status;
    std::fill(status_.begin(), status_.end(), Status::Running);
    for (;;) {
      for (size_t s = 0; s < subgroups_.size(); ++s) {
        if (status_[s] != Status::Running) continue;
        status_[s] = subgroups_[s]->run();
        if (status_[s] == Status::Failed) return false;
      }
      const Inst* barrier = nullptr;
      size_t waiting = 0, done = 0;
      for (size_t s = 0; s < subgroups_.size(); ++s) {
        if (status_[s] == Status::Done) {
          ++done;
          continue;
        }
        ++waiting;
        if (!barrier) {
          barrier = subgroups_[s]->barrier();
        } else if (subgroups_[s]->barrier() != barrier) {
          report(*subgroups_[s]->barrier(), "subgroups of the workgroup wait at different barriers (" + where(*barrier) + " and " +
                                                   where(*subgroups_[s]->barrier()) + ")");
          return false;
        }
      }
      if (waiting == 0) return true;
      if (done > 0) {
        // Some invocations returned before a barrier the others wait at: undefined behaviour
        // that GPUs commonly let pass; the CPU device releases the barrier and says so.
        report(*barrier, std::to_string(done) + " of the workgroup's subgroups returned before this barrier; the others wait at it", Diagnostic::Severity::Warning);
      }
      for (size_t s = 0; s < subgroups_.size(); ++s)
        if (status_[s] == Status::AtBarrier) status_[s] = Status::Running;
      ++context_.barrierEpoch;  // accesses before the barrier no longer race with those after
      if (context_.trace) context_.trace->barrierReleased(context_.workgroupMemory);
    }
  }

 private:
  std::string where(const Inst& inst) const {
    std::string at = context_.module.describeLocation(inst.location);
    return at.empty() ? "word " + std::to_string(inst.wordOffset) : at;
  }
  void report(const Inst& inst, std::string message, Diagnostic::Severity severity = Diagnostic::Severity::Error) {
    Diagnostic d;
    d.severity = severity;
    d.message = std::move(message);
    d.instruction = opcodeName(inst.opcode);
    d.wordOffset = inst.wordOffset;
    d.location = context_.module.describeLocation(inst.location);
    d.hasInvocation = false;
    d.workgroup = context_.workgroupId;
    context_.diagnostics.add(std::move(d), (uint64_t(inst.wordOffset) << 8) | 0xf0 | (severity == Diagnostic::Severity::Error));
  }

  RunContext context_;
  std::vector<std::unique_ptr<SubgroupExec>> subgroups_;
  std::vector<SubgroupExec::Status> status_;
};

}  // namespace

uint32_t effectiveSubgroupSize(const Module& module, uint32_t entryPoint, const DispatchOptions& options) {
  uint32_t size = options.subgroupSize;
  if (entryPoint < module.entryPoints.size() && module.entryPoints[entryPoint].requiredSubgroupSize)
    size = module.entryPoints[entryPoint].requiredSubgroupSize;
  return std::clamp<uint32_t>(size, 1, 128);
}

DispatchResult dispatch(const DispatchDesc& desc) {
  if (!desc.module) return failure("no module");
  const Module& m = *desc.module;
  if (desc.entryPoint >= m.entryPoints.size()) return failure("entry point " + std::to_string(desc.entryPoint) + " does not exist");
  const EntryPoint& entry = m.entryPoints[desc.entryPoint];
  if (entry.executionModel != spv::ExecutionModelGLCompute)
    return failure("entry point '" + entry.name + "' is not a compute shader (only compute dispatches run on the CPU device so far)");
  if (!m.unsupported.empty()) {
    // Not fatal: an unsupported instruction fails only when it runs.
  }
  const auto& size = entry.localSize;
  const uint64_t invocations = uint64_t(size[0]) * size[1] * size[2];
  if (invocations > kMaxInvocationsPerWorkgroup)
    return failure("workgroup of " + std::to_string(invocations) + " invocations exceeds the CPU device's limit of " + std::to_string(kMaxInvocationsPerWorkgroup));
  const uint64_t groups = uint64_t(desc.workgroups[0]) * desc.workgroups[1] * desc.workgroups[2];
  DispatchResult result;
  if (groups == 0) {
    result.ok = true;
    return result;
  }
  const uint32_t width = effectiveSubgroupSize(m, desc.entryPoint, desc.options);
  DiagnosticCollector diagnostics(std::max<uint32_t>(desc.options.maxDiagnostics, 1));
  PrintfCollector printfs(desc.options.maxPrintfMessages);
  uint32_t threads = desc.options.threads ? desc.options.threads : std::max(1u, std::thread::hardware_concurrency());
  // A traced dispatch runs on one thread so the trace sees a deterministic schedule.
  if (desc.trace) threads = 1;
  threads = uint32_t(std::min<uint64_t>(threads, groups));
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> instructions{0};
  auto work = [&]() {
    Worker worker(desc, entry, width, diagnostics, printfs);
    for (;;) {
      const uint64_t g = next.fetch_add(1, std::memory_order_relaxed);
      if (g >= groups || diagnostics.failed()) break;
      const uint32_t x = uint32_t(g % desc.workgroups[0]);
      const uint32_t y = uint32_t((g / desc.workgroups[0]) % desc.workgroups[1]);
      const uint32_t z = uint32_t(g / (uint64_t(desc.workgroups[0]) * desc.workgroups[1]));
      if (!worker.runWorkgroup({x, y, z})) break;
    }
    instructions.fetch_add(worker.instructions(), std::memory_order_relaxed);
  };
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (uint32_t t = 0; t < threads; ++t) pool.emplace_back(work);
    for (std::thread& t : pool) t.join();
  }
  result.diagnostics = diagnostics.take(result.suppressedDiagnostics);
  result.ok = !diagnostics.failed();
  result.printfs = printfs.take(result.droppedPrintfs);
  result.instructions = instructions.load();
  result.invocations = groups * invocations;
  return result;
}

std::string DispatchResult::error() const {
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Diagnostic::Severity::Error) return d.text();
  return "";
}

std::string Diagnostic::text() const {
  std::string s = severity == Severity::Error ? "error: " : "warning: ";
  if (!location.empty()) s += location + ": ";
  if (hasInvocation) {
    auto triple = [](const std::array<uint32_t, 3>& v) {
      return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
    };
    s += "invocation " + triple(global) + " (workgroup " + triple(workgroup) + ", local " + triple(local) + "): ";
  }
  s += message;
  if (!instruction.empty()) s += " [" + instruction + ", word " + std::to_string(wordOffset) + "]";
  return s;
}

}  // namespace sl::interp
