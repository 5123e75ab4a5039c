// Running a compute dispatch on the CPU (docs/interp.md): every workgroup, every invocation,
// exactly as the SPIR-V and Vulkan specs define it. Workgroups run in parallel on the host's
// cores; inside a workgroup, subgroups run in lockstep (one instruction for all active lanes)
// and take turns at barriers.
//
//   auto decoded = interp::decodeModule(words);
//   interp::DispatchDesc d{decoded.module, 0, {4, 1, 1}};
//   d.resources = &myResolver;
//   interp::DispatchResult r = interp::dispatch(d);
//   if (!r.ok) std::cerr << r.diagnostics.front().text();
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "interp/Module.h"
#include "interp/Printf.h"
#include "interp/Resources.h"

namespace sl::interp {

struct Diagnostic {
  enum class Severity { Warning, Error };
  Severity severity = Severity::Error;
  std::string message;      // what went wrong, lower case, no full stop
  std::string instruction;  // "OpAccessChain %42" (empty when not tied to one)
  uint32_t wordOffset = 0;  // of that instruction in the module
  std::string location;     // "shader.hlsl:12:5" from OpLine/DebugLine, or ""
  bool hasInvocation = false;
  std::array<uint32_t, 3> workgroup{}, local{}, global{};
  // "error: shader.hlsl:12:5: invocation (3,0,0) (workgroup (1,0,0), local (1,0,0)): message [OpAccessChain %42, word 812]"
  std::string text() const;
};

struct DispatchOptions {
  // Lanes per subgroup (4..128; a module's SubgroupSize execution mode overrides it).
  uint32_t subgroupSize = 32;
  // Instructions one invocation may execute before it is stopped as a runaway.
  uint64_t stepLimit = uint64_t(1) << 28;
  // Worker threads for workgroups (0: one per core).
  uint32_t threads = 0;
  // D3D's default fp32 float mode: fp32 denormal inputs and results flush to zero (the runner's
  // --fp32-denorm=flush). A module's DenormFlushToZero/DenormPreserve modes take precedence.
  bool flushFp32Denormals = false;
  // Diagnostics kept (the first ones; the rest are counted).
  uint32_t maxDiagnostics = 64;
  // printf messages kept (the first ones in workgroup order; the rest are counted).
  uint32_t maxPrintfMessages = 4096;
  // Set from another thread to stop the dispatch (it then fails with "cancelled"); either flag.
  const std::atomic<bool>* cancel = nullptr;
  const std::atomic<bool>* cancelAlso = nullptr;
};

class TraceSink;      // interp/Trace.h
class WriteObserver;  // interp/Writes.h

struct DispatchDesc {
  std::shared_ptr<const Module> module;
  uint32_t entryPoint = 0;
  std::array<uint32_t, 3> workgroups{1, 1, 1};
  std::span<const uint8_t> pushConstants;
  ResourceResolver* resources = nullptr;
  DispatchOptions options;
  TraceSink* trace = nullptr;  // records one invocation (interp/Trace.h)
  WriteObserver* writes = nullptr;  // told of every buffer write (interp/Writes.h)
};

struct DispatchResult {
  bool ok = false;                       // no error diagnostic
  std::vector<Diagnostic> diagnostics;   // errors first, then warnings, each kind once per instruction
  uint64_t suppressedDiagnostics = 0;    // beyond maxDiagnostics or repeats
  uint64_t instructions = 0;             // instructions executed, summed over invocations
  uint64_t invocations = 0;
  std::vector<PrintfMessage> printfs;    // HLSL printf output, workgroup by workgroup
  uint64_t droppedPrintfs = 0;           // beyond maxPrintfMessages
  std::string error() const;             // text of the first error, or ""
};

DispatchResult dispatch(const DispatchDesc& desc);

// The subgroup size a dispatch of this entry point gets with these options.
uint32_t effectiveSubgroupSize(const Module& module, uint32_t entryPoint, const DispatchOptions& options);

}  // namespace sl::interp
