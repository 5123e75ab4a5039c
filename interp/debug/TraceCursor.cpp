#include "interp/debug/TraceCursor.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace sl::interp::debug {

namespace {

bool perLane(ObjectKind kind) { return kind == ObjectKind::LaneStack || kind == ObjectKind::LanePrivate || kind == ObjectKind::LaneInput; }

uint64_t stepKey(uint32_t frame, uint32_t inst) { return (uint64_t(frame) << 32) | inst; }

}  // namespace

TraceCursor::Object& TraceCursor::object(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t end) {
  Object& o = objects_[key(kind, index, perLane(kind) ? lane : 0)];
  if (o.data.size() < end) {
    o.data.resize(end, 0);
    o.lastWrite.resize(end, kNone);
  }
  return o;
}

TraceCursor::TraceCursor(const TraceRecorder& trace, uint32_t workgroupBytes, const std::vector<Seed>& seeds) : trace_(trace) {
  for (const Seed& seed : seeds) {
    if (!seed.bytes || seed.bytes->empty()) continue;
    Object& o = object(seed.kind, seed.index, 0, seed.bytes->size());
    std::copy(seed.bytes->begin(), seed.bytes->end(), o.data.begin());
    std::fill_n(o.lastWrite.begin(), seed.bytes->size(), 0u);
  }
  // Lane memory the trace captured at the start is known from the start (one "write" each).
  auto seed = [&](ObjectKind kind, const std::vector<uint8_t>& all, uint32_t bytesPerLane) {
    if (!bytesPerLane) return;
    for (uint32_t l = 0; l < trace.width && size_t(l + 1) * bytesPerLane <= all.size(); ++l) {
      Object& o = object(kind, 0, l, bytesPerLane);
      std::memcpy(o.data.data(), all.data() + size_t(l) * bytesPerLane, bytesPerLane);
      std::fill(o.lastWrite.begin(), o.lastWrite.end(), 0u);
    }
  };
  seed(ObjectKind::LaneInput, trace.inputs, trace.inputBytes);
  seed(ObjectKind::LanePrivate, trace.privates, trace.privateBytes);
  if (workgroupBytes) {
    Object& o = object(ObjectKind::Workgroup, 0, 0, workgroupBytes);
    std::fill(o.lastWrite.begin(), o.lastWrite.end(), 0u);
  }
  // Every other byte starts as the first write to it found it: undo all writes, last first.
  // Groupshared memory starts zeroed instead (as the executor makes it): a byte the wave first
  // writes after a barrier found other waves' values there, which did not exist at the start.
  for (size_t w = trace.writes.size(); w-- > 0;) {
    const TraceWrite& write = trace.writes[w];
    if (write.kind == ObjectKind::Workgroup) continue;
    Object& o = object(write.kind, write.index, write.lane, write.offset + write.size);
    std::memcpy(o.data.data() + write.offset, trace.bytes.data() + write.before, write.size);
  }

  // Which step wrote each byte before each write (restored when the write is undone): replay
  // the writes forward once, then put every byte's writer back as it was at position 0.
  std::unordered_map<uint64_t, std::vector<uint32_t>> initialWriters;
  for (const auto& [k, o] : objects_) initialWriters[k] = o.lastWrite;
  previousWriteAt_.resize(trace.writes.size());
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const TraceStep& step = trace.steps[s];
    for (uint32_t w = step.firstWrite; w < step.firstWrite + step.writeCount && w < trace.writes.size(); ++w) {
      const TraceWrite& write = trace.writes[w];
      Object& o = object(write.kind, write.index, write.lane, write.offset + write.size);
      previousWriteAt_[w] = previousWrite_.size();
      for (uint32_t b = 0; b < write.size; ++b) {
        previousWrite_.push_back(o.lastWrite[write.offset + b]);
        o.lastWrite[write.offset + b] = uint32_t(s);
      }
    }
  }
  for (auto& [k, o] : objects_) {
    auto it = initialWriters.find(k);
    if (it == initialWriters.end()) std::fill(o.lastWrite.begin(), o.lastWrite.end(), kNone);
    else {
      std::fill(o.lastWrite.begin(), o.lastWrite.end(), kNone);
      std::copy(it->second.begin(), it->second.end(), o.lastWrite.begin());
    }
  }

  // Call frames from the steps' depths.
  const size_t n = trace.steps.size();
  frameOf_.resize(n);
  previousSame_.resize(n);
  std::vector<uint32_t> open;  // frames on the call stack
  std::unordered_map<uint64_t, uint32_t> last;
  for (size_t s = 0; s < n; ++s) {
    const TraceStep& step = trace.steps[s];
    while (!open.empty() && frames_[open.back()].depth > step.depth) open.pop_back();
    if (open.empty() || frames_[open.back()].depth < step.depth || frames_[open.back()].function != step.function) {
      if (!open.empty() && frames_[open.back()].depth == step.depth) open.pop_back();  // a frame replaced at the same depth
      Frame f;
      f.parent = open.empty() ? kNone : open.back();
      f.function = step.function;
      f.depth = step.depth;
      f.firstStep = uint32_t(s);
      f.localsBase = step.localsBase;
      frames_.push_back(f);
      open.push_back(uint32_t(frames_.size() - 1));
    }
    frameOf_[s] = open.back();
    frames_[open.back()].lastStep = uint32_t(s);
    const uint64_t k = stepKey(open.back(), step.inst);
    auto it = last.find(k);
    previousSame_[s] = it == last.end() ? kNone : it->second;
    last[k] = uint32_t(s);
  }
  beforeSnapshot_.resize(trace.barrierSnapshots.size());
}

uint32_t TraceCursor::currentFrame() const {
  if (frameOf_.empty()) return kNone;
  return frameOf_[std::min(position_, frameOf_.size() - 1)];
}

uint32_t TraceCursor::lastDefinition(uint32_t frame, uint32_t inst) const {
  auto it = lastDef_.find(stepKey(frame, inst));
  return it == lastDef_.end() ? kNone : it->second;
}

const uint8_t* TraceCursor::bytes(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t offset, uint32_t size, bool* written,
                                  uint32_t since) const {
  auto it = objects_.find(key(kind, index, perLane(kind) ? lane : 0));
  if (it == objects_.end() || offset > it->second.data.size() || size > it->second.data.size() - offset) return nullptr;
  if (written) {
    *written = false;
    for (uint32_t b = 0; b < size && !*written; ++b) {
      const uint32_t step = it->second.lastWrite[offset + b];
      if (step != kNone && step >= since) *written = true;
    }
  }
  return it->second.data.data() + offset;
}

uint64_t TraceCursor::objectSize(ObjectKind kind, uint32_t index, uint32_t lane) const {
  auto it = objects_.find(key(kind, index, perLane(kind) ? lane : 0));
  return it == objects_.end() ? 0 : it->second.data.size();
}

void TraceCursor::applyBarriers(bool entering) {
  const auto& snapshots = trace_.barrierSnapshots;
  auto first = std::lower_bound(snapshots.begin(), snapshots.end(), position_,
                                [](const std::pair<size_t, std::vector<uint8_t>>& s, size_t p) { return s.first < p; });
  auto end = first;
  while (end != snapshots.end() && end->first == position_) ++end;
  if (first == end) return;
  auto it = objects_.find(key(ObjectKind::Workgroup, 0, 0));
  if (it == objects_.end()) return;
  std::vector<uint8_t>& memory = it->second.data;
  if (entering) {
    for (auto s = first; s != end; ++s) {
      beforeSnapshot_[size_t(s - snapshots.begin())] = memory;
      std::copy_n(s->second.begin(), std::min(memory.size(), s->second.size()), memory.begin());
    }
  } else {
    for (auto s = end; s != first;) {
      --s;
      memory = beforeSnapshot_[size_t(s - snapshots.begin())];
    }
  }
}

void TraceCursor::forward() {
  const TraceStep& step = trace_.steps[position_];
  for (uint32_t w = step.firstWrite; w < step.firstWrite + step.writeCount; ++w) {
    const TraceWrite& write = trace_.writes[w];
    Object& o = object(write.kind, write.index, write.lane, write.offset + write.size);
    std::memcpy(o.data.data() + write.offset, trace_.bytes.data() + write.after, write.size);
    std::fill_n(o.lastWrite.begin() + std::ptrdiff_t(write.offset), write.size, uint32_t(position_));
  }
  lastDef_[stepKey(frameOf_[position_], step.inst)] = uint32_t(position_);
  ++position_;
  applyBarriers(true);
}

void TraceCursor::backward() {
  applyBarriers(false);
  --position_;
  const TraceStep& step = trace_.steps[position_];
  for (uint32_t w = step.firstWrite + step.writeCount; w-- > step.firstWrite;) {
    const TraceWrite& write = trace_.writes[w];
    Object& o = object(write.kind, write.index, write.lane, write.offset + write.size);
    std::memcpy(o.data.data() + write.offset, trace_.bytes.data() + write.before, write.size);
    std::copy_n(previousWrite_.begin() + std::ptrdiff_t(previousWriteAt_[w]), write.size, o.lastWrite.begin() + std::ptrdiff_t(write.offset));
  }
  const uint64_t k = stepKey(frameOf_[position_], step.inst);
  if (previousSame_[position_] == kNone) lastDef_.erase(k);
  else lastDef_[k] = previousSame_[position_];
}

void TraceCursor::moveTo(size_t target) {
  target = std::min(target, trace_.steps.size());
  while (position_ < target) forward();
  while (position_ > target) backward();
}

}  // namespace sl::interp::debug
