// The subgroup engine: lockstep execution of a subgroup's active lanes, instruction by
// instruction, with a reconvergence stack per call frame (docs/interp.md, "Control flow").
//
// Stack entries hold lanes that run together. A divergent selection pushes one entry per target
// with the selection's merge block as their reconvergence point; a loop pushes a Loop entry
// (reconverging at its merge) and, for every iteration, an Iteration entry (reconverging at its
// continue target). Lanes that branch to an entry's reconvergence block leave that entry and
// every entry above it: they wait in the entry below, which continues there once the entries
// above are empty. Lanes that return leave every entry of the frame. Structured SPIR-V (which
// Vulkan requires) thus reconverges where maximal reconvergence says; without a merge
// instruction the immediate post-dominator stands in.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/Executor.h"
#include "interp/Bind.h"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "interp/OpNames.h"
#include "interp/Trace.h"
#include "interp/Writes.h"

namespace sl::interp {

// ---- diagnostics ----------------------------------------------------------------------------

namespace {

// Workgroups run on several threads, so which invocation reaches a site first varies from run to
// run; the one kept (and the order shown) follows the dispatch order instead: workgroup, then
// local id, each z-major.
bool runsBefore(const Diagnostic& a, const Diagnostic& b) {
  if (a.hasInvocation != b.hasInvocation) return !a.hasInvocation;
  const auto order = [](const Diagnostic& d) {
    return std::make_tuple(d.workgroup[2], d.workgroup[1], d.workgroup[0], d.local[2], d.local[1], d.local[0]);
  };
  return order(a) < order(b);
}

}  // namespace

void DiagnosticCollector::add(Diagnostic diagnostic, uint64_t key) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (diagnostic.severity == Diagnostic::Severity::Error) failed_.store(true, std::memory_order_relaxed);
  if (auto it = seen_.find(key); it != seen_.end()) {
    ++suppressed_;
    if (runsBefore(diagnostic, list_[it->second])) list_[it->second] = std::move(diagnostic);
    return;
  }
  if (list_.size() >= limit_) {
    ++suppressed_;
    return;
  }
  seen_[key] = list_.size();
  list_.push_back(std::move(diagnostic));
}

std::vector<Diagnostic> DiagnosticCollector::take(uint64_t& suppressed) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::stable_sort(list_.begin(), list_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    const bool aError = a.severity == Diagnostic::Severity::Error, bError = b.severity == Diagnostic::Severity::Error;
    if (aError != bError) return aError;
    if (runsBefore(a, b) || runsBefore(b, a)) return runsBefore(a, b);
    return a.wordOffset < b.wordOffset;
  });
  suppressed = suppressed_;
  seen_.clear();
  return std::move(list_);
}

// ---- buffers --------------------------------------------------------------------------------

uint32_t RunContext::bufferSlot(uint32_t global) {
  if (global >= bufferResolved.size()) return ~0u;
  if (bufferResolved[global] == 0) {
    const GlobalVariable& v = module.globals[global];
    BufferResource resource;
    const bool bound = desc.resources && v.set && v.binding && desc.resources->buffer(*v.set, *v.binding, 0, resource);
    if (bound) {
      if (resource.label.empty()) resource.label = v.name;
      if (v.nonWritable) resource.writable = false;
      buffers[global] = std::move(resource);
    }
    bufferResolved[global] = bound ? 1 : 2;
  }
  return bufferResolved[global] == 1 ? global : ~0u;
}

uint32_t RunContext::bufferElementSlot(uint32_t global, uint32_t element) {
  const auto key = std::make_pair(global, element);
  if (auto it = elementSlots.find(key); it != elementSlots.end()) return it->second;
  const GlobalVariable& v = module.globals[global];
  BufferResource resource;
  uint32_t slot = ~0u;
  if (desc.resources && v.set && v.binding && desc.resources->buffer(*v.set, *v.binding, element, resource)) {
    if (resource.label.empty()) resource.label = v.name + "[" + std::to_string(element) + "]";
    if (v.nonWritable) resource.writable = false;
    slot = uint32_t(buffers.size());
    buffers.push_back(std::move(resource));
  }
  elementSlots[key] = slot;
  return slot;
}

const ImageResource* RunContext::image(uint32_t global, uint32_t element) {
  const auto key = std::make_pair(global, element);
  if (auto it = images.find(key); it != images.end()) return it->second;
  const ImageResource* found = nullptr;
  if (global < module.globals.size() && desc.resources) {
    const GlobalVariable& v = module.globals[global];
    if (v.set && v.binding) found = desc.resources->image(*v.set, *v.binding, element);
  }
  images[key] = found;
  return found;
}

const SamplerResource* RunContext::sampler(uint32_t global, uint32_t element) {
  const auto key = std::make_pair(global, element);
  if (auto it = samplers.find(key); it != samplers.end()) return it->second;
  const SamplerResource* found = nullptr;
  if (global < module.globals.size() && desc.resources) {
    const GlobalVariable& v = module.globals[global];
    if (v.set && v.binding) found = desc.resources->sampler(*v.set, *v.binding, element);
  }
  samplers[key] = found;
  return found;
}

// ---- set-up -----------------------------------------------------------------------------------

SubgroupExec::SubgroupExec(RunContext& run, uint32_t subgroupIndex)
    : run_(run), module_(run.module), pool_(run.module.constants.data()), width_(run.width), subgroupIndex_(subgroupIndex) {
  laneLocalIndex_.assign(width_, 0);
  full_ = Mask::firstN(width_);
  flushFp32_ = run.flushFp32;
  stepLimit_ = run.desc.options.stepLimit;
}

std::array<uint32_t, 3> SubgroupExec::localIdOf(uint32_t lane) const {
  const auto& size = run_.entry.localSize;
  const uint32_t index = laneLocalIndex_[lane];
  return {index % size[0], (index / size[0]) % size[1], index / (size[0] * size[1])};
}

void SubgroupExec::start() {
  frames_.clear();
  exited_ = {};
  failed_ = false;
  barrier_ = nullptr;
  steps_ = 0;
  stackUsed_ = 0;
  // Which local invocations this subgroup's lanes are (docs/interp.md, "Subgroups"): in order of
  // LocalInvocationIndex, or 2x2 quads of local ids when derivatives group quads.
  const auto& size = run_.entry.localSize;
  live_ = {};
  for (uint32_t lane = 0; lane < width_; ++lane) {
    const uint32_t slot = subgroupIndex_ * width_ + lane;
    if (slot >= run_.invocationsPerWorkgroup) break;
    uint32_t index = slot;
    if (run_.entry.derivativeGroupQuads && size[0] % 2 == 0 && size[1] % 2 == 0) {
      const uint32_t quad = slot / 4, q = slot % 4;
      const uint32_t quadsPerRow = size[0] / 2, quadsPerLayer = quadsPerRow * (size[1] / 2);
      const uint32_t z = quad / quadsPerLayer, inLayer = quad % quadsPerLayer;
      const uint32_t x = (inLayer % quadsPerRow) * 2 + (q & 1), y = (inLayer / quadsPerRow) * 2 + (q >> 1);
      index = x + size[0] * (y + size[1] * z);
    }
    laneLocalIndex_[lane] = index;
    live_.set(lane);
  }
  private_.assign(size_t(module_.privateBytes) * width_, 0);
  privateWritten_.assign(private_.size(), 0);
  inputs_.assign(size_t(module_.inputBytes) * width_, 0);
  for (const GlobalVariable& v : module_.globals) {
    if (v.initializer == 0 || (v.storageClass != spv::StorageClassPrivate && v.storageClass != spv::StorageClassOutput)) continue;
    const LayoutNode& node = module_.layout(v.layout);
    const uint8_t* value = pool_ + module_.constantOffset[v.initializer];
    for (uint32_t lane = 0; lane < width_; ++lane)
      for (const LayoutNode::Run& r : node.runs) {
        const size_t at = size_t(lane) * module_.privateBytes + v.offset + r.memory;
        std::memcpy(private_.data() + at, value + r.reg, r.size);
        std::memset(privateWritten_.data() + at, 1, r.size);
      }
  }
  fillInputs();
  stackCapacity_ = 0;
  stack_.clear();
  stackWritten_.clear();
  enterFunction(module_.functions[run_.entry.function], live_, nullptr);
}

void SubgroupExec::fillInputs() {
  const auto& size = run_.entry.localSize;
  const auto& groups = run_.desc.workgroups;
  const auto& wg = run_.workgroupId;
  for (const GlobalVariable& v : module_.globals) {
    if (v.storageClass != spv::StorageClassInput || !v.builtIn) continue;
    const Type& t = module_.type(v.type);
    const uint32_t bytes = std::min<uint32_t>(t.size, 16);
    for (uint32_t lane = 0; lane < width_; ++lane) {
      if (!live_.test(lane)) continue;
      const auto local = localIdOf(lane);
      uint32_t value[4] = {0, 0, 0, 0};
      switch (*v.builtIn) {
        case spv::BuiltInGlobalInvocationId:
          for (int i = 0; i < 3; ++i) value[i] = wg[i] * size[i] + local[i];
          break;
        case spv::BuiltInLocalInvocationId:
          for (int i = 0; i < 3; ++i) value[i] = local[i];
          break;
        case spv::BuiltInWorkgroupId:
          for (int i = 0; i < 3; ++i) value[i] = wg[i];
          break;
        case spv::BuiltInNumWorkgroups:
          for (int i = 0; i < 3; ++i) value[i] = groups[i];
          break;
        case spv::BuiltInWorkgroupSize:
          for (int i = 0; i < 3; ++i) value[i] = size[i];
          break;
        case spv::BuiltInLocalInvocationIndex: value[0] = laneLocalIndex_[lane]; break;
        case spv::BuiltInSubgroupSize: value[0] = width_; break;
        case spv::BuiltInSubgroupLocalInvocationId: value[0] = lane; break;
        case spv::BuiltInSubgroupId: value[0] = subgroupIndex_; break;
        case spv::BuiltInNumSubgroups: value[0] = run_.subgroupsPerWorkgroup; break;
        case spv::BuiltInSubgroupEqMask:
        case spv::BuiltInSubgroupGeMask:
        case spv::BuiltInSubgroupGtMask:
        case spv::BuiltInSubgroupLeMask:
        case spv::BuiltInSubgroupLtMask: {
          for (uint32_t other = 0; other < 128; ++other) {
            bool bit = false;
            switch (*v.builtIn) {
              case spv::BuiltInSubgroupEqMask: bit = other == lane; break;
              case spv::BuiltInSubgroupGeMask: bit = other >= lane && other < width_; break;
              case spv::BuiltInSubgroupGtMask: bit = other > lane && other < width_; break;
              case spv::BuiltInSubgroupLeMask: bit = other <= lane; break;
              default: bit = other < lane; break;
            }
            if (bit) value[other / 32] |= 1u << (other % 32);
          }
          break;
        }
        default:
          break;
      }
      std::memcpy(inputs_.data() + size_t(lane) * module_.inputBytes + v.offset, value, bytes);
    }
  }
}

// ---- frames -----------------------------------------------------------------------------------

void SubgroupExec::enterFunction(const Function& function, const Mask& lanes, const Inst* call) {
  Frame frame;
  frame.function = &function;
  if (!registerPool_.empty()) {
    frame.registers = std::move(registerPool_.back());
    registerPool_.pop_back();
  }
  frame.registers.assign(size_t(function.registerBytes) * width_, 0);
  frame.previousBlock.assign(width_, Block::kNoBlock);
  frame.localsBase = stackUsed_;
  frame.call = call;
  frame.entered = lanes;
  // Each lane's stack holds the locals of every active frame.
  const uint64_t needed = uint64_t(stackUsed_) + function.localBytes;
  if (needed > stackCapacity_) {
    uint64_t capacity = std::max<uint64_t>(needed, uint64_t(stackCapacity_) * 2);
    capacity = (capacity + 15) & ~uint64_t(15);
    std::vector<uint8_t> grown(size_t(capacity) * width_, 0), grownWritten(size_t(capacity) * width_, 0);
    for (uint32_t lane = 0; lane < width_ && stackCapacity_; ++lane) {
      std::memcpy(grown.data() + size_t(lane) * capacity, stack_.data() + size_t(lane) * stackCapacity_, stackUsed_);
      std::memcpy(grownWritten.data() + size_t(lane) * capacity, stackWritten_.data() + size_t(lane) * stackCapacity_, stackUsed_);
    }
    stack_ = std::move(grown);
    stackWritten_ = std::move(grownWritten);
    stackCapacity_ = uint32_t(capacity);
  }
  // The callee's locals start unwritten, whatever an earlier call left in that stack space.
  for (uint32_t lane = 0; lane < width_ && function.localBytes; ++lane)
    std::memset(stackWritten_.data() + size_t(lane) * stackCapacity_ + stackUsed_, 0, function.localBytes);
  stackUsed_ = uint32_t(needed);
  Entry base;
  base.kind = Entry::Base;
  base.block = 0;
  base.inst = function.blocks[0].first;
  base.reconv = Block::kExitBlock;
  base.mask = lanes;
  frame.stack.push_back(base);
  frames_.push_back(std::move(frame));
  selectFrame();
}

void SubgroupExec::selectFrame() {
  Frame& frame = frames_.back();
  operands_ = frame.function->operands.data();
  regs_ = frame.registers.data();
}

void SubgroupExec::leaveFunction() {
  Frame& callee = frames_.back();
  const Function& function = *callee.function;
  std::vector<uint8_t> returned;
  const Inst* call = callee.call;
  const Mask entered = callee.entered;
  if (call && function.returnValue.stride && call->result.stride) {
    // Keep the callee's return values before its registers go back to the pool.
    returned.resize(size_t(function.returnValue.stride) * width_);
    std::memcpy(returned.data(), callee.registers.data() + size_t(function.returnValue.value) * width_, returned.size());
  }
  stackUsed_ = callee.localsBase;
  registerPool_.push_back(std::move(callee.registers));
  frames_.pop_back();
  if (frames_.empty()) return;
  selectFrame();
  if (!returned.empty()) {
    const Ref result = this->result(*call);
    const uint32_t size = std::min(call->result.stride, function.returnValue.stride);
    entered.forEach([&](uint32_t lane) { std::memcpy(result.at(lane), returned.data() + size_t(lane) * function.returnValue.stride, size); });
  }
}

void SubgroupExec::call(const Inst& inst) {
  if (frames_.size() >= 64) {
    error(inst, active_.first(), "call depth exceeds 64 (recursion is not allowed in shaders)");
    return;
  }
  const uint32_t calleeId = literal(inst, 0);
  const uint32_t index = calleeId < module_.functionIndexOf.size() ? module_.functionIndexOf[calleeId] : ~0u;
  if (index == ~0u) {
    error(inst, active_.first(), "OpFunctionCall names no function");
    return;
  }
  const Function& callee = module_.functions[index];
  if (callee.parameters.size() + 1 != inst.operandCount) {
    error(inst, active_.first(), "OpFunctionCall passes the wrong number of arguments");
    return;
  }
  // Arguments are read in the caller's frame, then written into the callee's.
  std::vector<std::pair<Ref, uint32_t>> arguments;
  for (uint32_t i = 0; i < callee.parameters.size(); ++i) arguments.push_back({operand(inst, i + 1), callee.parameters[i].stride});
  const Mask lanes = active_;
  // The caller's registers stay where they are: frames own their storage.
  enterFunction(callee, lanes, &inst);
  for (uint32_t i = 0; i < callee.parameters.size(); ++i) {
    const Ref to = registerRef(callee.parameters[i]);
    const auto& [from, size] = arguments[i];
    lanes.forEach([&](uint32_t lane) { std::memcpy(to.at(lane), from.at(lane), size); });
  }
}

// ---- control flow -----------------------------------------------------------------------------

void SubgroupExec::setBlockStart(Entry& entry, uint32_t block) {
  entry.block = block;
  entry.inst = block < frames_.back().function->blocks.size() ? frames_.back().function->blocks[block].first : 0;
}

void SubgroupExec::removeLanes(Frame& frame, size_t from, const Mask& lanes) {
  for (size_t k = from; k < frame.stack.size(); ++k) frame.stack[k].mask = frame.stack[k].mask.andNot(lanes);
}

// Pushes a construct's entry. If its reconvergence block is already some entry's, the lanes
// leave that entry and those above it (they will rejoin below it), so the new entry's parent is
// the one already waiting there.
void SubgroupExec::pushConstruct(Frame& frame, Entry entry) {
  frame.stack.push_back(entry);
}

bool SubgroupExec::openLoop(Frame& frame, Entry& entry, const Block& block) {
  const uint32_t header = entry.block;
  if (entry.kind == Entry::Iteration && entry.header == header) return false;  // this iteration's body
  if (entry.kind == Entry::Loop && entry.header == header) {
    // A new iteration: the loop continues at the continue target once the iteration's lanes are there.
    Entry iteration;
    iteration.kind = Entry::Iteration;
    iteration.header = header;
    iteration.block = header;
    iteration.inst = block.first;
    iteration.reconv = block.continueBlock;
    iteration.mask = entry.mask;
    setBlockStart(entry, block.continueBlock);
    frame.stack.push_back(iteration);
    return true;
  }
  // Entering the loop: the entry waits at the merge block.
  Entry loop;
  loop.kind = Entry::Loop;
  loop.header = header;
  loop.block = header;
  loop.inst = block.first;
  loop.reconv = block.mergeBlock;
  loop.mask = entry.mask;
  size_t k = frame.stack.size();
  while (k-- > 0)
    if (frame.stack[k].reconv == block.mergeBlock) break;
  if (k != size_t(-1)) {
    removeLanes(frame, k, loop.mask);
  } else {
    setBlockStart(entry, block.mergeBlock);
  }
  frame.stack.push_back(loop);
  return true;
}

void SubgroupExec::branch(Frame& frame, uint32_t blockIndex) {
  const Function& function = *frame.function;
  const Block& block = function.blocks[blockIndex];
  Entry& entry = frame.stack.back();
  const Mask lanes = entry.mask;
  // Per-lane targets, grouped (a switch has at most targets.size() groups).
  struct Group {
    uint32_t target;
    Mask mask;
  };
  Group groups[8];
  std::vector<Group> many;
  size_t groupCount = 0;
  auto addLane = [&](uint32_t target, uint32_t lane) {
    for (size_t g = 0; g < groupCount; ++g) {
      Group& group = groupCount <= 8 ? groups[g] : many[g];
      if (group.target == target) return group.mask.set(lane);
    }
    if (groupCount == 8) many.assign(groups, groups + 8);
    if (groupCount < 8) groups[groupCount] = {target, Mask::lane(lane)};
    else many.push_back({target, Mask::lane(lane)});
    ++groupCount;
  };
  const Inst& terminator = function.insts[block.terminator];
  switch (block.kind) {
    case Terminator::Branch:
      groups[0] = {block.targets[0], lanes};
      groupCount = 1;
      break;
    case Terminator::BranchConditional: {
      const Ref condition = operand(terminator, 0);
      Mask taken;
      if (condition.stride == 0) {
        if (*condition.at(0)) taken = lanes;
      } else if (lanes == full_ && width_ % 8 == 0) {
        // Eight bool bytes (0/1) at a time: the multiply gathers their low bits into one byte.
        for (uint32_t lane = 0; lane < width_; lane += 8) {
          uint64_t bytes;
          std::memcpy(&bytes, condition.base + lane, 8);
          const uint64_t bits = ((bytes & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
          taken.w[lane >> 6] |= bits << (lane & 63);
        }
      } else {
        lanes.forEach([&](uint32_t lane) {
          if (*condition.at(lane)) taken.set(lane);
        });
      }
      const Mask notTaken = lanes.andNot(taken);
      if (block.targets[0] == block.targets[1]) {
        groups[groupCount++] = {block.targets[0], lanes};
      } else {
        if (taken.any()) groups[groupCount++] = {block.targets[0], taken};
        if (notTaken.any()) groups[groupCount++] = {block.targets[1], notTaken};
      }
      break;
    }
    case Terminator::Switch: {
      const Ref selector = operand(terminator, 0);
      const uint32_t size = std::min<uint32_t>(module_.type(module_.typeOf[function.operandIds[terminator.firstOperand]]).size, 8);
      lanes.forEach([&](uint32_t lane) {
        uint64_t value = 0;
        std::memcpy(&value, selector.at(lane), size);
        uint32_t target = block.targets[0];
        for (size_t c = 0; c < block.caseLiterals.size(); ++c) {
          uint64_t literal = block.caseLiterals[c];
          if (size < 8) literal &= (uint64_t(1) << (size * 8)) - 1;
          if (literal == value) {
            target = block.targets[c + 1];
            break;
          }
        }
        addLane(target, lane);
      });
      break;
    }
    case Terminator::ReturnValue: {
      const Ref value = operand(terminator, 0);
      const Ref to = registerRef(function.returnValue);
      lanes.forEach([&](uint32_t lane) { std::memcpy(to.at(lane), value.at(lane), function.returnValue.stride); });
      [[fallthrough]];
    }
    case Terminator::Return:
      groups[0] = {Block::kExitBlock, lanes};
      groupCount = 1;
      break;
    case Terminator::Unreachable:
      error(terminator, lanes.first(), "OpUnreachable was reached");
      return;
    case Terminator::Kill:
      error(terminator, lanes.first(), "OpKill/OpTerminateInvocation in a compute shader");
      return;
  }
  // Only phis read the block a lane came from: record it where a target starts with phis.
  for (size_t g = 0; g < groupCount; ++g) {
    const Group& group = groupCount <= 8 ? groups[g] : many[g];
    if (group.target < function.blocks.size() && function.blocks[group.target].hasPhis) {
      if (group.mask == full_) std::fill(frame.previousBlock.begin(), frame.previousBlock.end(), blockIndex);
      else group.mask.forEach([&](uint32_t lane) { frame.previousBlock[lane] = blockIndex; });
    }
  }

  // Lanes that leave constructs: returns, and branches to an open entry's reconvergence block.
  Mask continuing;
  Group normal[8];
  std::vector<Group> normalMany;
  size_t normalCount = 0;
  for (size_t g = 0; g < groupCount; ++g) {
    const Group group = groupCount <= 8 ? groups[g] : many[g];
    if (group.target == Block::kExitBlock) {
      removeLanes(frame, 0, group.mask);
      if (frames_.size() == 1) exited_ = exited_ | group.mask;
      continue;
    }
    size_t k = frame.stack.size();
    bool leaves = false;
    while (k-- > 0)
      if (frame.stack[k].reconv == group.target) {
        leaves = true;
        break;
      }
    if (leaves) {
      removeLanes(frame, k, group.mask);
      continue;
    }
    if (normalCount < 8) normal[normalCount] = group;
    else {
      if (normalCount == 8) normalMany.assign(normal, normal + 8);
      normalMany.push_back(group);
    }
    ++normalCount;
    continuing = continuing | group.mask;
  }
  if (normalCount == 0) return;  // the top entry is empty now and will be popped
  Entry& top = frame.stack.back();
  if (normalCount == 1) {
    setBlockStart(top, (normalCount <= 8 ? normal[0] : normalMany[0]).target);
    return;
  }
  // Divergence: the lanes reconverge at the selection's merge (else the post-dominator).
  const uint32_t merge = !block.loopHeader && block.mergeBlock != Block::kNoBlock ? block.mergeBlock : block.immediatePostDominator;
  size_t k = frame.stack.size();
  bool mergeOpen = false;
  while (k-- > 0)
    if (frame.stack[k].reconv == merge) {
      mergeOpen = true;
      break;
    }
  if (mergeOpen) removeLanes(frame, k, continuing);
  else if (merge == Block::kExitBlock) top.block = Block::kExitBlock, top.mask = top.mask.andNot(continuing);
  else setBlockStart(top, merge);
  // Push so that the first target (the true branch, the lowest case) runs first.
  for (size_t g = normalCount; g-- > 0;) {
    const Group& group = normalCount <= 8 ? normal[g] : normalMany[g];
    if (group.target == merge) continue;
    Entry child;
    child.kind = Entry::Selection;
    child.reconv = merge;
    child.mask = group.mask;
    child.block = group.target;
    child.inst = function.blocks[group.target].first;
    frame.stack.push_back(child);
  }
}

bool SubgroupExec::barrierAllowed(const Inst& inst, const Mask& mask) {
  const Mask running = live_.andNot(exited_);
  if (mask != running) {
    error(inst, running.andNot(mask).first(),
          "workgroup barrier in divergent control flow: " + std::to_string(mask.count()) + " of the subgroup's " +
              std::to_string(running.count()) + " running invocations reached it");
    return false;
  }
  return true;
}

SubgroupExec::Status SubgroupExec::run() {
  barrier_ = nullptr;
  if (failed_) return Status::Failed;
  TraceSink* trace = run_.trace && run_.traceSubgroup == subgroupIndex_ ? run_.trace : nullptr;
  tracing_ = trace != nullptr;
  const std::atomic<bool>* cancel = run_.desc.options.cancel;
  const std::atomic<bool>* cancelAlso = run_.desc.options.cancelAlso;
  while (!frames_.empty()) {
    Frame& frame = frames_.back();
    if (frame.stack.empty()) {
      leaveFunction();
      if (failed_) return Status::Failed;
      continue;
    }
    Entry& entry = frame.stack.back();
    if (entry.mask.none()) {
      frame.stack.pop_back();
      continue;
    }
    const Function& function = *frame.function;
    if (entry.block >= function.blocks.size()) {
      error(function.insts.empty() ? Inst{} : function.insts[0], entry.mask.first(), "internal: lanes continue at no block");
      return Status::Failed;
    }
    const Block& block = function.blocks[entry.block];
    if (block.loopHeader && entry.inst == block.first && openLoop(frame, entry, block)) continue;

    active_ = entry.mask;
    allActive_ = active_ == full_;
    const uint32_t activeCount = active_.count();
    const uint32_t blockIndex = entry.block;
    bool interrupted = false;
    const uint32_t startInst = entry.inst;
    uint32_t i = startInst;
    for (; i < block.terminator; ++i) {
      const Inst& inst = function.insts[i];
      if (inst.handler) [[likely]] {
        inst.handler(*this, inst);
        if (trace) trace->afterInstruction(*this, inst, run_.traceLane);
        if (failed_) [[unlikely]]
          return Status::Failed;
        continue;
      }
      if (inst.opcode == spv::OpFunctionCall) {
        if (trace) trace->afterInstruction(*this, inst, run_.traceLane);  // the call, in the caller's frame
        entry.inst = i + 1;
        run_.instructions += uint64_t(i + 1 - startInst) * activeCount;
        steps_ += i + 1 - startInst;
        call(inst);
        if (failed_) return Status::Failed;
        interrupted = true;
        break;
      }
      if (inst.opcode == spv::OpControlBarrier) {
        // Workgroup scope waits for the other subgroups; subgroup scope is already lockstep.
        uint32_t scope = 0;
        std::memcpy(&scope, operand(inst, 0).at(0), 4);
        if (scope == spv::ScopeWorkgroup || scope == spv::ScopeDevice || scope == spv::ScopeCrossDevice || scope == spv::ScopeQueueFamily) {
          if (!barrierAllowed(inst, active_)) return Status::Failed;
          entry.inst = i + 1;
          barrier_ = &inst;
          run_.instructions += uint64_t(i + 1 - startInst) * activeCount;
          steps_ += i + 1 - startInst;
          if (trace) trace->afterInstruction(*this, inst, run_.traceLane);
          return Status::AtBarrier;
        }
        continue;
      }
      unsupportedInstruction(*this, inst);
      return Status::Failed;
    }
    if (interrupted) continue;
    const uint32_t executed = block.terminator + 1 - startInst;
    run_.instructions += uint64_t(executed) * activeCount;
    steps_ += executed;
    if (steps_ > stepLimit_) [[unlikely]] {
      error(function.insts[block.terminator], active_.first(),
            "an invocation executed more than " + std::to_string(stepLimit_) + " instructions (a runaway loop?); the step limit is DispatchOptions::stepLimit / --step-limit");
      return Status::Failed;
    }
    if ((cancel && cancel->load(std::memory_order_relaxed)) || (cancelAlso && cancelAlso->load(std::memory_order_relaxed))) [[unlikely]] {
      error(function.insts[block.terminator], active_.first(), "cancelled");
      return Status::Failed;
    }
    if (run_.diagnostics.failed()) return Status::Failed;  // another worker failed: stop early
    if (trace) trace->afterInstruction(*this, function.insts[block.terminator], run_.traceLane);
    branch(frame, blockIndex);
    if (failed_) return Status::Failed;
  }
  return Status::Done;
}

// ---- memory -------------------------------------------------------------------------------------

uint8_t* SubgroupExec::memory(const Pointer& p, uint32_t lane, uint64_t bytes, Access access, const Inst& inst, bool report) {
  uint8_t* base = nullptr;
  uint64_t limit = 0;
  const char* what = "";
  const std::string* name = nullptr;  // a buffer's label, read only when reporting
  const uint32_t index = objectIndex(p.object);
  switch (objectKind(p.object)) {
    case ObjectKind::LaneStack:
      base = laneStack(lane);
      limit = stackUsed_;
      what = "function variable";
      break;
    case ObjectKind::LanePrivate:
      base = private_.data() + size_t(lane) * module_.privateBytes;
      limit = module_.privateBytes;
      what = "private variable";
      break;
    case ObjectKind::LaneInput:
      if (access != Access::Read) {
        error(inst, lane, "write to an Input variable");
        return nullptr;
      }
      base = inputs_.data() + size_t(lane) * module_.inputBytes;
      limit = module_.inputBytes;
      what = "input variable";
      break;
    case ObjectKind::Workgroup:
      base = run_.workgroupMemory.data();
      limit = run_.workgroupMemory.size();
      what = "groupshared memory";
      break;
    case ObjectKind::PushConstant:
      if (access != Access::Read) {
        error(inst, lane, "write to push constants");
        return nullptr;
      }
      base = const_cast<uint8_t*>(run_.desc.pushConstants.data());
      limit = run_.desc.pushConstants.size();
      what = "push constants";
      break;
    case ObjectKind::Buffer: {
      if (index < module_.globals.size() && run_.bufferResolved[index] != 1 && run_.bufferSlot(index) == ~0u) {
        const GlobalVariable& v = module_.globals[index];
        error(inst, lane, "buffer '" + v.name + "' (set " + (v.set ? std::to_string(*v.set) : "?") + ", binding " +
                              (v.binding ? std::to_string(*v.binding) : "?") + ") is not bound");
        return nullptr;
      }
      if (index >= run_.buffers.size()) {
        error(inst, lane, "access through an unbound buffer");
        return nullptr;
      }
      BufferResource& buffer = run_.buffers[index];
      if (access != Access::Read && !buffer.writable) {
        warning(inst, lane, "write to read-only buffer '" + buffer.label + "' dropped", 1);
        return nullptr;
      }
      base = buffer.data;
      limit = buffer.size;
      what = "buffer";
      name = &buffer.label;
      break;
    }
    case ObjectKind::OutOfBounds:
      return nullptr;
    case ObjectKind::ImageTexel:
      return imageTexel(p, lane, bytes, access, inst);
    case ObjectKind::Null:
      error(inst, lane, "access through a null pointer (a variable of an unsupported storage class?)");
      return nullptr;
    case ObjectKind::Descriptor:
      error(inst, lane, "memory access through a descriptor pointer");
      return nullptr;
  }
  if (p.offset > limit || bytes > limit - p.offset || !base) {
    if (!report) return nullptr;
    std::string message = std::string(access == Access::Read ? "out-of-bounds read" : "out-of-bounds write") + " of " +
                          std::to_string(bytes) + " bytes at offset " + std::to_string(p.offset) + " of " + what;
    if (name && !name->empty()) message += " '" + *name + "'";
    message += " (" + std::to_string(limit) + " bytes)";
    if (objectKind(p.object) == ObjectKind::Buffer) message += access == Access::Read ? ": reads zero" : ": dropped";
    warning(inst, lane, message, access == Access::Read ? 2 : 3);
    return nullptr;
  }
  switch (objectKind(p.object)) {
    case ObjectKind::LaneStack:
      trackAccess(ObjectKind::LaneStack, stackWritten_.data() + size_t(lane) * stackCapacity_, p.offset, bytes, access, inst, lane, what);
      break;
    case ObjectKind::LanePrivate:
      trackAccess(ObjectKind::LanePrivate, privateWritten_.data() + size_t(lane) * module_.privateBytes, p.offset, bytes, access, inst, lane, what);
      break;
    case ObjectKind::Workgroup:
      trackAccess(ObjectKind::Workgroup, run_.workgroupWritten.data(), p.offset, bytes, access, inst, lane, what);
      break;
    default:
      break;
  }
  if (access != Access::Read) {
    traceWrite(objectKind(p.object), index, lane, p.offset, base + p.offset, uint32_t(bytes));
    if (objectKind(p.object) == ObjectKind::Buffer) noteWrite(base + p.offset, bytes, inst, lane);
  }
  return base + p.offset;
}

void SubgroupExec::noteWrite(const uint8_t* address, uint64_t bytes, const Inst& inst, uint32_t lane) {
  if (!run_.desc.writes) return;
  WriteRecord record;
  record.workgroup = run_.workgroupId;
  record.local = localIdOf(lane);
  record.location = inst.location;
  record.wordOffset = inst.wordOffset;
  record.opcode = inst.opcode;
  run_.desc.writes->wrote(address, bytes, record);
}

void SubgroupExec::trackAccess(ObjectKind kind, uint8_t* written, uint64_t offset, uint64_t bytes, Access access, const Inst& inst,
                               uint32_t lane, const char* what) {
  uint8_t* shadow = written + offset;
  if (access != Access::Write) {
    // Reads (and atomics, which read) of bytes nothing wrote: an undefined value.
    for (uint64_t i = 0; i < bytes; ++i)
      if (!shadow[i]) {
        warning(inst, lane, std::string("read of uninitialized ") + what + " (" + std::to_string(bytes) + " bytes at offset " +
                                std::to_string(offset) + "; the CPU device reads zero there)", 4);
        break;
      }
  }
  if (access != Access::Read) std::memset(shadow, 1, bytes);
  if (kind != ObjectKind::Workgroup || access == Access::Atomic) return;
  // Groupshared data races: a plain access to a word another invocation wrote since the last
  // barrier (atomics are synchronized and neither race nor count as writers).
  const uint64_t me = uint64_t(laneLocalIndex_[lane]) + 1;
  const uint64_t epoch = run_.barrierEpoch;
  for (uint64_t word = offset / 4; word < (offset + bytes + 3) / 4 && word < run_.workgroupWriter.size(); ++word) {
    uint64_t& w = run_.workgroupWriter[word];
    const uint64_t writer = w & 0xffffffffu, writtenIn = w >> 32;
    if (writer && writer != me && writtenIn == epoch) {
      const uint32_t other = uint32_t(writer - 1);
      const auto& size = run_.entry.localSize;
      warning(inst, lane, std::string(access == Access::Read ? "read of" : "write to") + " groupshared memory (offset " + std::to_string(word * 4) +
                              ") that local invocation (" + std::to_string(other % size[0]) + "," + std::to_string((other / size[0]) % size[1]) + "," +
                              std::to_string(other / (size[0] * size[1])) + ") wrote with no barrier in between: a data race",
              5);
    }
    if (access == Access::Write) w = (epoch << 32) | me;
  }
}

void SubgroupExec::uninitializedLocalRead(const Inst& inst, uint32_t lane, uint64_t offset, uint64_t bytes) {
  warning(inst, lane, "read of uninitialized function variable (" + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                          "; the CPU device reads zero there)", 4);
}

uint64_t SubgroupExec::objectSizeFrom(const Pointer& p, uint32_t) const {
  if (objectKind(p.object) != ObjectKind::Buffer) return 0;
  const uint32_t index = objectIndex(p.object);
  // A module buffer variable is resolved on first use, which may be this query.
  if (index < module_.globals.size() && run_.bufferSlot(index) == ~0u) return 0;
  if (index >= run_.buffers.size()) return 0;
  const uint64_t size = run_.buffers[index].size;
  return p.offset < size ? size - p.offset : 0;
}

void SubgroupExec::diagnose(Diagnostic::Severity severity, const Inst& inst, uint32_t lane, const std::string& message, uint32_t kind) {
  Diagnostic d;
  d.severity = severity;
  d.message = message;
  if (inst.opcode) {
    d.instruction = opcodeName(inst.opcode);
    if (inst.resultId) d.instruction += " %" + std::to_string(inst.resultId);
  }
  d.wordOffset = inst.wordOffset;
  d.location = module_.describeLocation(inst.location);
  if (lane < width_ && live_.test(lane)) {
    d.hasInvocation = true;
    d.workgroup = run_.workgroupId;
    d.local = localIdOf(lane);
    for (int i = 0; i < 3; ++i) d.global[i] = d.workgroup[i] * run_.entry.localSize[i] + d.local[i];
  }
  const uint64_t key = (uint64_t(inst.wordOffset) << 8) | (uint64_t(kind) << 1) | (severity == Diagnostic::Severity::Error);
  run_.diagnostics.add(std::move(d), key);
}

void SubgroupExec::warning(const Inst& inst, uint32_t lane, const std::string& message, uint32_t kind) {
  diagnose(Diagnostic::Severity::Warning, inst, lane, message, kind + 8);
}

void SubgroupExec::printed(const Inst& inst, uint32_t lane, std::string text) {
  if (tracing_) [[unlikely]]
    run_.trace->printed(lane, text);
  if (!run_.printfs) return;
  PrintfMessage m;
  m.workgroup = run_.workgroupId;
  m.local = localIdOf(lane);
  const auto& size = run_.entry.localSize;
  for (size_t k = 0; k < 3; ++k) m.global[k] = m.workgroup[k] * size[k] + m.local[k];
  m.location = module_.describeLocation(inst.location);
  m.text = std::move(text);
  const auto& groups = run_.desc.workgroups;
  const uint64_t linear = m.workgroup[0] + uint64_t(groups[0]) * (m.workgroup[1] + uint64_t(groups[1]) * m.workgroup[2]);
  run_.printfs->add(linear, run_.printfSequence++, std::move(m));
}

void SubgroupExec::error(const Inst& inst, uint32_t lane, const std::string& message) {
  failed_ = true;
  diagnose(Diagnostic::Severity::Error, inst, lane, message, 0);
}

}  // namespace sl::interp
