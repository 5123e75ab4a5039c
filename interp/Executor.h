// One subgroup in execution: its lanes' registers, call frames and per-lane memory, and the
// reconvergence stack that keeps lanes in lockstep through structured control flow
// (docs/interp.md, "Control flow"). Handlers (Ops*.cpp) see it through the accessors below.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "interp/Dispatch.h"
#include "interp/Printf.h"
#include "interp/Image.h"
#include "interp/Trace.h"
#include "interp/Module.h"
#include "interp/Value.h"

namespace sl::interp {

// A value of every lane: lane l's bytes start at base + l * stride (stride 0: the same for all).
struct Ref {
  uint8_t* base = nullptr;
  uint32_t stride = 0;
  uint8_t* at(uint32_t lane) const { return base + size_t(lane) * stride; }
};

// Collects diagnostics from every worker: each (severity, instruction, message kind) once.
class DiagnosticCollector {
 public:
  explicit DiagnosticCollector(uint32_t limit) : limit_(limit) {}
  void add(Diagnostic diagnostic, uint64_t key);
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  std::vector<Diagnostic> take(uint64_t& suppressed);

 private:
  std::mutex mutex_;
  std::vector<Diagnostic> list_;
  std::map<uint64_t, size_t> seen_;  // key -> index in list_
  uint32_t limit_;
  uint64_t suppressed_ = 0;
  std::atomic<bool> failed_{false};
};

// What all subgroups of the workgroups a worker runs share.
struct RunContext {
  RunContext(const Module& m, const DispatchDesc& d, const EntryPoint& e, uint32_t w, DiagnosticCollector& diagnostics)
      : module(m), desc(d), entry(e), width(w), diagnostics(diagnostics) {}

  const Module& module;
  const DispatchDesc& desc;
  const EntryPoint& entry;
  uint32_t width = 32;                 // lanes per subgroup
  uint32_t subgroupsPerWorkgroup = 1;
  uint32_t invocationsPerWorkgroup = 1;
  bool flushFp32 = false;
  DiagnosticCollector& diagnostics;
  // Buffers by slot: [0, globals) the module's buffer variables, then descriptor-array
  // elements as they are reached.
  std::vector<BufferResource> buffers;
  std::vector<uint8_t> bufferResolved;  // per global: 0 not yet, 1 bound, 2 missing
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> elementSlots;  // (global, element) -> slot
  std::vector<uint8_t> workgroupMemory;
  // Shadows of groupshared memory: which bytes were written, and per 4-byte word the last plain
  // writer (local invocation index + 1) and the barrier epoch it wrote in (0: none).
  std::vector<uint8_t> workgroupWritten;
  std::vector<uint64_t> workgroupWriter;
  uint32_t barrierEpoch = 1;  // incremented each time the workgroup's barrier releases
  std::array<uint32_t, 3> workgroupId{};
  uint64_t instructions = 0;
  TraceSink* trace = nullptr;
  PrintfCollector* printfs = nullptr;
  uint64_t printfSequence = 0;  // orders this worker's messages within a workgroup
  uint32_t traceSubgroup = ~0u;  // the subgroup (in the traced workgroup) holding the traced lane
  uint32_t traceLane = 0;

  // Images and samplers by (global, element), resolved on first use (null: not bound).
  std::map<std::pair<uint32_t, uint32_t>, const ImageResource*> images;
  std::map<std::pair<uint32_t, uint32_t>, const SamplerResource*> samplers;

  // The buffer slot of a module buffer variable (resolved on first use), or ~0u when unbound.
  uint32_t bufferSlot(uint32_t global);
  // Element `element` of an image / sampler descriptor variable, or null when nothing is bound.
  const ImageResource* image(uint32_t global, uint32_t element);
  const SamplerResource* sampler(uint32_t global, uint32_t element);
  // The slot of element `element` of a descriptor array of buffers, or ~0u when unbound.
  uint32_t bufferElementSlot(uint32_t global, uint32_t element);
};

class SubgroupExec {
 public:
  enum class Status { Running, AtBarrier, Done, Failed };
  enum class Access { Read, Write, Atomic };

  SubgroupExec(RunContext& run, uint32_t subgroupIndex);
  SubgroupExec(const SubgroupExec&) = delete;
  SubgroupExec& operator=(const SubgroupExec&) = delete;

  // Sets up the lanes of this subgroup in the current workgroup and enters the entry point.
  void start();
  // Runs until every lane returned, a workgroup barrier, or a failure.
  Status run();
  // The barrier instruction it waits at (AtBarrier).
  const Inst* barrier() const { return barrier_; }
  // Lanes that exist in this subgroup (a workgroup's last subgroup may be partial).
  const Mask& liveLanes() const { return live_; }
  // Lanes that returned from the entry point.
  const Mask& exitedLanes() const { return exited_; }

  // ---- for handlers ----------------------------------------------------------------------
  const Module& module() const { return module_; }
  RunContext& runContext() { return run_; }
  uint32_t width() const { return width_; }
  const Mask& active() const { return active_; }
  // Whether every lane of the subgroup's width is active (the common case handlers loop over).
  bool allActive() const { return allActive_; }
  Ref operand(const Inst& inst, uint32_t i) const {
    const Operand& o = operands_[inst.firstOperand + i];
    return o.stride ? Ref{regs_ + size_t(o.value) * width_, o.stride} : Ref{const_cast<uint8_t*>(pool_) + o.value, 0};
  }
  uint32_t literal(const Inst& inst, uint32_t i) const { return operands_[inst.firstOperand + i].value; }
  const Operand& rawOperand(const Inst& inst, uint32_t i) const { return operands_[inst.firstOperand + i]; }
  Ref result(const Inst& inst) const { return {regs_ + size_t(inst.result.value) * width_, inst.result.stride}; }
  Ref registerRef(const Operand& o) const { return {regs_ + size_t(o.value) * width_, o.stride}; }
  const Function& function() const { return *frames_.back().function; }
  // Bytes of `bytes` at pointer `p` for `lane`, or null when the access is out of bounds (then a
  // diagnostic was recorded; reads see zero, writes are dropped) or not allowed.
  uint8_t* memory(const Pointer& p, uint32_t lane, uint64_t bytes, Access access, const Inst& inst, bool report = true);
  // Bytes an object holds past `offset` (runtime array lengths), 0 when unknown.
  uint64_t objectSizeFrom(const Pointer& p, uint32_t lane) const;
  uint32_t frameLocalsBase() const { return frames_.back().localsBase; }
  // Lane l's Function-storage variables start at laneStackBase() + l * laneStackStride(); the
  // same offsets in laneStackWritten() say which bytes were written (reads of others warn).
  uint8_t* laneStackBase() { return stack_.data(); }
  uint8_t* laneStackWritten() { return stackWritten_.data(); }
  uint32_t laneStackStride() const { return stackCapacity_; }
  // A read of `bytes` at `offset` of the lane's stack found unwritten bytes: warns.
  void uninitializedLocalRead(const Inst& inst, uint32_t lane, uint64_t offset, uint64_t bytes);
  // The lane's previous block in the current frame (OpPhi).
  uint32_t previousBlock(uint32_t lane) const { return frames_.back().previousBlock[lane]; }
  bool flushFp32() const { return flushFp32_; }
  // Records a diagnostic for `lane` at `inst`: warnings let execution go on, errors stop it.
  void warning(const Inst& inst, uint32_t lane, const std::string& message, uint32_t kind = 0);
  void error(const Inst& inst, uint32_t lane, const std::string& message);
  // `lane` printed `text` (DebugPrintf) at `inst`.
  void printed(const Inst& inst, uint32_t lane, std::string text);
  bool failed() const { return failed_; }

  // Subgroup facts (OpsSubgroup.cpp): local invocation index of a lane, subgroup index.
  uint32_t subgroupIndex() const { return subgroupIndex_; }
  uint32_t localIndexOf(uint32_t lane) const { return laneLocalIndex_[lane]; }
  std::array<uint32_t, 3> localIdOf(uint32_t lane) const;
  // Whether this subgroup holds the traced invocation (interp/Trace.h) while it runs.
  bool tracing() const { return tracing_; }
  // Tells the trace of a write about to happen at `at` (no-op when not tracing).
  void traceWrite(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t offset, uint8_t* at, uint32_t bytes) {
    if (tracing_) [[unlikely]]
      run_.trace->willWrite(kind, index, lane, offset, at, bytes);
  }
  uint32_t callDepth() const { return uint32_t(frames_.size() - 1); }
  // Every lane's Input (built-in) and Private variables, lane after lane.
  const std::vector<uint8_t>& laneInputs() const { return inputs_; }
  const std::vector<uint8_t>& lanePrivates() const { return private_; }
  // Tells the dispatch's write observer (run --compare) of a write made outside memory() (texels).
  void noteWrite(const uint8_t* address, uint64_t bytes, const Inst& inst, uint32_t lane);
  // Texel memory behind an OpImageTexelPointer pointer (OpsImage.cpp).
  uint8_t* imageTexel(const Pointer& p, uint32_t lane, uint64_t bytes, Access access, const Inst& inst);
  // Workgroup memory of the current workgroup.
  std::vector<uint8_t>& workgroupMemory() { return run_.workgroupMemory; }

 private:
  struct Entry {
    enum Kind : uint8_t { Base, Selection, Loop, Iteration };
    uint32_t block = 0;    // where its lanes continue
    uint32_t inst = 0;     // instruction to resume at (block's first, or after a call/barrier)
    uint32_t reconv = 0;   // its lanes leave it when they branch here (Block::kExitBlock: never)
    uint32_t header = Block::kNoBlock;  // Loop/Iteration: the loop header
    Kind kind = Base;
    Mask mask;
  };
  struct Frame {
    const Function* function = nullptr;
    std::vector<uint8_t> registers;
    std::vector<Entry> stack;
    std::vector<uint32_t> previousBlock;  // per lane
    uint32_t localsBase = 0;              // in each lane's stack
    const Inst* call = nullptr;           // the caller's OpFunctionCall
    Mask entered;                         // lanes that called it
  };

  void enterFunction(const Function& function, const Mask& lanes, const Inst* call);
  void leaveFunction();
  void selectFrame();
  // At a block's start: loop headers open the loop's constructs. True when the stack changed.
  bool openLoop(Frame& frame, Entry& entry, const Block& block);
  void branch(Frame& frame, uint32_t blockIndex);
  void pushConstruct(Frame& frame, Entry entry);
  void removeLanes(Frame& frame, size_t from, const Mask& lanes);
  void call(const Inst& inst);
  bool barrierAllowed(const Inst& inst, const Mask& mask);
  void setBlockStart(Entry& entry, uint32_t block);
  uint8_t* laneStack(uint32_t lane) { return stack_.data() + size_t(lane) * stackCapacity_; }
  void fillInputs();
  void diagnose(Diagnostic::Severity severity, const Inst& inst, uint32_t lane, const std::string& message, uint32_t kind);
  // Updates and checks the written-bytes shadow (and, for groupshared memory, the writer of each
  // word) of an access that passed its bounds check.
  void trackAccess(ObjectKind kind, uint8_t* written, uint64_t offset, uint64_t bytes, Access access, const Inst& inst, uint32_t lane,
                   const char* what);

  RunContext& run_;
  const Module& module_;
  const uint8_t* pool_;
  uint32_t width_;
  uint32_t subgroupIndex_;
  Mask live_, exited_, active_, full_;
  bool allActive_ = false;
  std::vector<uint32_t> laneLocalIndex_;
  std::vector<Frame> frames_;
  std::vector<std::vector<uint8_t>> registerPool_;  // storage of frames that returned, reused
  const Operand* operands_ = nullptr;
  uint8_t* regs_ = nullptr;
  std::vector<uint8_t> private_, inputs_, stack_;
  std::vector<uint8_t> privateWritten_, stackWritten_;  // 1 for each byte written (uninitialized reads)
  uint32_t stackCapacity_ = 0;  // bytes per lane
  uint32_t stackUsed_ = 0;      // bytes per lane
  const Inst* barrier_ = nullptr;
  bool failed_ = false;
  bool tracing_ = false;
  bool flushFp32_ = false;
  uint64_t steps_ = 0;
  uint64_t stepLimit_ = 0;
};

}  // namespace sl::interp
