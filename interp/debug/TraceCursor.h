// A position in a recorded trace and the state of the traced subgroup there: every lane's
// memory (stack, private, input, groupshared, buffer bytes the trace wrote) and, per call frame,
// the step that last defined each SSA value. Moving between positions applies (forward) or
// undoes (backward) the recorded writes of the steps crossed, so a move costs O(distance).
//
// Position p means steps [0, p) have executed: the subgroup is about to run step p.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "interp/Trace.h"

namespace sl::interp::debug {

class TraceCursor {
 public:
  static constexpr uint32_t kNone = ~0u;

  // Memory known at the start besides what the trace captured (buffers as the wave found them).
  struct Seed {
    ObjectKind kind = ObjectKind::Buffer;
    uint32_t index = 0;
    const std::vector<uint8_t>* bytes = nullptr;
  };
  // `workgroupBytes`: the module's groupshared size (the memory barrier snapshots replace).
  TraceCursor(const TraceRecorder& trace, uint32_t workgroupBytes, const std::vector<Seed>& seeds = {});

  size_t position() const { return position_; }
  size_t size() const { return trace_.steps.size(); }
  void moveTo(size_t position);

  // Call frames: each step's frame, and each frame's facts (frame 0: the entry point's).
  struct Frame {
    uint32_t parent = kNone;
    uint32_t function = 0;
    uint32_t depth = 0;
    uint32_t firstStep = 0;   // the frame's first step (the caller's OpFunctionCall is just before it)
    uint32_t lastStep = 0;    // its last (the return, unless the trace ends first)
    uint32_t localsBase = 0;
  };
  uint32_t frameOf(size_t step) const { return frameOf_[step]; }
  const Frame& frame(uint32_t index) const { return frames_[index]; }
  // The frame at the current position (the frame of the step about to run; at the end, the last).
  uint32_t currentFrame() const;

  // The step at or before the position that last executed instruction `inst` in `frame`
  // (kNone when it has not run there yet).
  uint32_t lastDefinition(uint32_t frame, uint32_t inst) const;

  // `size` bytes of an object as they are at the position; null when the object or range was
  // never seen. `written` (optional) says whether any byte was last written at or after step
  // `since` (a frame's first step: stack bytes an earlier call left behind do not count).
  const uint8_t* bytes(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t offset, uint32_t size, bool* written = nullptr,
                       uint32_t since = 0) const;
  // Bytes of an object the cursor knows (0: none).
  uint64_t objectSize(ObjectKind kind, uint32_t index, uint32_t lane) const;

 private:
  struct Object {
    std::vector<uint8_t> data;
    std::vector<uint32_t> lastWrite;  // per byte: the step that last wrote it (kNone: none yet; 0 for captured memory)
  };
  // Lane blocks and groupshared memory are one object each whatever variable a pointer names
  // (pointers carry the variable's index but offsets into the shared block).
  static uint64_t key(ObjectKind kind, uint32_t index, uint32_t lane) {
    const bool block = kind == ObjectKind::LaneStack || kind == ObjectKind::LanePrivate || kind == ObjectKind::LaneInput ||
                       kind == ObjectKind::Workgroup;
    return (uint64_t(kind) << 56) | (uint64_t(block ? 0 : index & 0xffffffu) << 32) | (block && kind == ObjectKind::Workgroup ? 0 : lane);
  }
  Object& object(ObjectKind kind, uint32_t index, uint32_t lane, uint64_t end);
  void forward();   // applies step position_, then position_ + 1
  void backward();  // undoes step position_ - 1
  void applyBarriers(bool entering);

  const TraceRecorder& trace_;
  size_t position_ = 0;
  std::unordered_map<uint64_t, Object> objects_;
  std::vector<uint32_t> frameOf_;
  std::vector<Frame> frames_;
  // Per byte of each write (in TraceRecorder::writes order): the byte's lastWrite before it.
  std::vector<uint32_t> previousWrite_;
  std::vector<uint64_t> previousWriteAt_;  // per write: its first entry in previousWrite_
  std::vector<uint32_t> previousSame_;  // per step: the previous step of the same frame and instruction
  std::unordered_map<uint64_t, uint32_t> lastDef_;  // (frame, inst) -> step
  // Barrier snapshots by the position at which they hold, and groupshared memory just before
  // each was applied (kept for moving back across it).
  std::vector<std::vector<uint8_t>> beforeSnapshot_;
};

}  // namespace sl::interp::debug
