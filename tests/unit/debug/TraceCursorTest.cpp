// The trace cursor over hand-made traces: writes applied forward and undone backward byte for
// byte, "written since" answers per frame, barrier snapshots entered and left, call frames
// from depths, and SSA definitions as of the position.
#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <random>

#include "interp/debug/TraceCursor.h"

using namespace sl::interp;
using namespace sl::interp::debug;

namespace {

// A trace of `width` lanes built step by step.
struct Builder {
  TraceRecorder trace;
  explicit Builder(uint32_t width = 2) {
    trace.width = width;
    trace.started = true;
  }
  // A step of (function, inst, depth) that writes `values` (one byte each) at `offsets` of
  // lane 0's stack, the bytes before being whatever the previous write left (0 at first).
  void step(uint32_t function, uint32_t inst, uint32_t depth, std::vector<std::pair<uint64_t, uint8_t>> stackWrites = {},
            ObjectKind kind = ObjectKind::LaneStack) {
    TraceStep s;
    s.function = function;
    s.inst = inst;
    s.depth = depth;
    s.active = Mask::firstN(trace.width);
    s.firstWrite = uint32_t(trace.writes.size());
    for (auto [offset, value] : stackWrites) {
      TraceWrite w;
      w.kind = kind;
      w.size = 1;
      w.offset = offset;
      w.before = trace.bytes.size();
      trace.bytes.push_back(current(kind, offset));
      w.after = trace.bytes.size();
      trace.bytes.push_back(value);
      trace.writes.push_back(w);
      memory[{kind, offset}] = value;
    }
    s.writeCount = uint32_t(trace.writes.size()) - s.firstWrite;
    trace.steps.push_back(s);
  }
  uint8_t current(ObjectKind kind, uint64_t offset) {
    auto it = memory.find({kind, offset});
    return it == memory.end() ? 0 : it->second;
  }
  std::map<std::pair<ObjectKind, uint64_t>, uint8_t> memory;
};

uint8_t byteAt(const TraceCursor& c, ObjectKind kind, uint64_t offset, bool* written = nullptr, uint32_t since = 0) {
  const uint8_t* p = c.bytes(kind, 0, 0, offset, 1, written, since);
  REQUIRE(p);
  return *p;
}

}  // namespace

TEST_CASE("the cursor applies writes forward and undoes them backward", "[debug][cursor]") {
  Builder b;
  b.step(0, 0, 0, {{0, 5}});
  b.step(0, 1, 0, {{1, 7}});
  b.step(0, 2, 0, {{0, 9}, {1, 8}});
  b.step(0, 3, 0);
  TraceCursor c(b.trace, 0);
  CHECK(c.position() == 0);
  bool written = true;
  CHECK(byteAt(c, ObjectKind::LaneStack, 0, &written) == 0);
  CHECK_FALSE(written);
  c.moveTo(1);
  CHECK(byteAt(c, ObjectKind::LaneStack, 0, &written) == 5);
  CHECK(written);
  c.moveTo(3);
  CHECK(byteAt(c, ObjectKind::LaneStack, 0) == 9);
  CHECK(byteAt(c, ObjectKind::LaneStack, 1) == 8);
  c.moveTo(2);
  CHECK(byteAt(c, ObjectKind::LaneStack, 0) == 5);
  CHECK(byteAt(c, ObjectKind::LaneStack, 1) == 7);
  c.moveTo(0);
  CHECK(byteAt(c, ObjectKind::LaneStack, 1, &written) == 0);
  CHECK_FALSE(written);
  // Past the end clamps to the end.
  c.moveTo(100);
  CHECK(c.position() == 4);
}

TEST_CASE("any path through the trace gives the same memory at a position", "[debug][cursor]") {
  Builder b;
  std::mt19937 random(7);
  for (uint32_t s = 0; s < 500; ++s) {
    std::vector<std::pair<uint64_t, uint8_t>> writes;
    for (uint32_t k = random() % 3; k > 0; --k) writes.push_back({random() % 16, uint8_t(random())});
    b.step(0, s % 10, 0, writes);
  }
  TraceCursor walked(b.trace, 0);
  for (int hop = 0; hop < 200; ++hop) {
    const size_t target = random() % 501;
    walked.moveTo(target);
    TraceCursor fresh(b.trace, 0);
    fresh.moveTo(target);
    for (uint64_t offset = 0; offset < 16; ++offset) {
      bool w1 = false, w2 = false;
      const uint8_t* x = walked.bytes(ObjectKind::LaneStack, 0, 0, offset, 1, &w1);
      const uint8_t* y = fresh.bytes(ObjectKind::LaneStack, 0, 0, offset, 1, &w2);
      REQUIRE(bool(x) == bool(y));
      if (!x) continue;
      INFO("position " << target << " offset " << offset);
      CHECK(*x == *y);
      CHECK(w1 == w2);
    }
  }
}

TEST_CASE("written-since ignores bytes an earlier frame left behind", "[debug][cursor]") {
  Builder b;
  b.step(0, 0, 0);
  b.step(0, 1, 0);           // the call
  b.step(1, 0, 1, {{4, 1}});  // first call writes its local
  b.step(1, 1, 1);
  b.step(0, 2, 0);           // the second call
  b.step(1, 0, 1);           // second call, local not yet written
  b.step(1, 0, 1, {{4, 2}});
  b.step(1, 1, 1);
  TraceCursor c(b.trace, 0);
  REQUIRE(c.frameOf(2) != c.frameOf(5));
  const uint32_t second = c.frameOf(5);
  CHECK(c.frame(second).parent == c.frameOf(0));
  CHECK(c.frame(second).firstStep == 5);
  CHECK(c.frame(second).lastStep == 7);
  c.moveTo(6);
  bool written = true;
  CHECK(byteAt(c, ObjectKind::LaneStack, 4, &written, c.frame(second).firstStep) == 1);  // stale
  CHECK_FALSE(written);
  c.moveTo(7);
  CHECK(byteAt(c, ObjectKind::LaneStack, 4, &written, c.frame(second).firstStep) == 2);
  CHECK(written);
  c.moveTo(3);  // back in the first call: its own write counts
  CHECK(byteAt(c, ObjectKind::LaneStack, 4, &written, c.frame(c.frameOf(2)).firstStep) == 1);
  CHECK(written);
}

TEST_CASE("barrier snapshots replace groupshared memory and are left again going back", "[debug][cursor]") {
  Builder b(1);
  b.step(0, 0, 0, {{0, 3}}, ObjectKind::Workgroup);
  b.step(0, 1, 0);  // the barrier
  b.trace.barrierSnapshots.push_back({2, {3, 4, 5, 6}});
  for (uint64_t k = 0; k < 4; ++k) b.memory[{ObjectKind::Workgroup, k}] = uint8_t(3 + k);  // what later writes find
  b.step(0, 2, 0, {{1, 9}}, ObjectKind::Workgroup);
  TraceCursor c(b.trace, 4);
  c.moveTo(1);
  CHECK(byteAt(c, ObjectKind::Workgroup, 0) == 3);
  CHECK(byteAt(c, ObjectKind::Workgroup, 3) == 0);
  c.moveTo(2);
  CHECK(byteAt(c, ObjectKind::Workgroup, 3) == 6);
  c.moveTo(3);
  CHECK(byteAt(c, ObjectKind::Workgroup, 1) == 9);
  c.moveTo(2);
  CHECK(byteAt(c, ObjectKind::Workgroup, 1) == 4);
  c.moveTo(1);
  CHECK(byteAt(c, ObjectKind::Workgroup, 1) == 0);
  CHECK(byteAt(c, ObjectKind::Workgroup, 3) == 0);
}

TEST_CASE("the last definition of an instruction follows the position and the frame", "[debug][cursor]") {
  Builder b;
  b.step(0, 5, 0);
  b.step(0, 6, 0);
  b.step(1, 5, 1);  // a callee runs its own instruction 5
  b.step(0, 5, 0);
  TraceCursor c(b.trace, 0);
  const uint32_t main = c.frameOf(0), callee = c.frameOf(2);
  CHECK(c.lastDefinition(main, 5) == TraceCursor::kNone);
  c.moveTo(1);
  CHECK(c.lastDefinition(main, 5) == 0);
  c.moveTo(4);
  CHECK(c.lastDefinition(main, 5) == 3);
  CHECK(c.lastDefinition(callee, 5) == 2);
  c.moveTo(3);
  CHECK(c.lastDefinition(main, 5) == 0);
  c.moveTo(0);
  CHECK(c.lastDefinition(callee, 5) == TraceCursor::kNone);
}

TEST_CASE("seeded memory is the start; the trace's writes apply over it and undo back to it", "[debug][cursor]") {
  Builder b;
  b.memory[{ObjectKind::Buffer, 1}] = 20;  // what the write will find: the seed
  b.step(0, 0, 0, {{1, 99}}, ObjectKind::Buffer);
  b.step(0, 1, 0);
  const std::vector<uint8_t> seed{10, 20, 30};
  TraceCursor c(b.trace, 0, {{ObjectKind::Buffer, 0, &seed}});
  CHECK(c.objectSize(ObjectKind::Buffer, 0, 0) == 3);
  CHECK(byteAt(c, ObjectKind::Buffer, 1) == 20);
  c.moveTo(1);
  CHECK(byteAt(c, ObjectKind::Buffer, 0) == 10);
  CHECK(byteAt(c, ObjectKind::Buffer, 1) == 99);
  CHECK(byteAt(c, ObjectKind::Buffer, 2) == 30);
  c.moveTo(0);
  CHECK(byteAt(c, ObjectKind::Buffer, 1) == 20);
}
