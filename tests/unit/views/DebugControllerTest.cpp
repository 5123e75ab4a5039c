#include "views/debug/DebugController.h"

#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/PipelinePrinter.h"
#include "views/run/RunDocument.h"

#include <atomic>

#include <catch2/catch.hpp>

using namespace sl::views;

namespace {

// The shipped example: a loop over four inputs (three by mistake) and a WaveActiveMin.
struct Example {
  std::string hlsl;
  RunDocument run;
};

Example loadExample() {
  Example e;
  std::string text, error;
  REQUIRE(sl::readWholeFile(std::string(SHADERLENS_SOURCE_DIR) + "/shaders/debug/wave-loop.test", text, error));
  REQUIRE(loadRunDocument(text, "wave-loop.test", e.run) == "");
  sl::offload::BundleResult bundle = sl::offload::parseBundle(text);
  REQUIRE(bundle.bundle);
  e.hlsl = bundle.bundle->part("source.hlsl")->text;
  return e;
}

DebugRequest requestFor(const Example& e) {
  DebugRequest r;
  r.fileName = "source.hlsl";
  r.hlsl = e.hlsl;
  r.compileArgs = e.run.compileArgs;
  r.pipeline = e.run.pipeline;
  return r;
}

void record(DebugController& c, DebugRequest request) {
  REQUIRE(c.start(std::move(request)));
  REQUIRE(c.worker().waitUntilIdle(std::chrono::seconds(120)));
  REQUIRE(c.poll());
}

std::string local(const DebugController& c, const std::string& name) {
  for (const auto& v : c.view().locals)
    if (v.name == name) return valueText(v.value, c.format);
  return "<none>";
}

}  // namespace

TEST_CASE("a recording stops at the first breakpoint, steps both ways and reads the wave") {
  const Example e = loadExample();
  DebugController c;
  c.toggleBreakpoint(17);
  c.thread = {5, 0, 0};
  record(c, requestFor(e));
  REQUIRE(c.active());
  CHECK(c.view().line == 17);
  CHECK(c.view().stop.reason == sl::interp::debug::Stop::Reason::Breakpoint);
  CHECK(local(c, "sum") == "0");
  CHECK(c.recordingShown()->describe.find("invocation (5,0,0)") == 0);
  CHECK(c.move(DebugMotion::Continue));
  CHECK(local(c, "i") == "1");
  CHECK(local(c, "sum") == "6");
  CHECK(c.breakpoints().front().hits == 2);
  CHECK(c.move(DebugMotion::ReverseContinue));
  CHECK(local(c, "i") == "0");
  c.addWatch("sum + i * 100");
  c.addWatch("sum +");
  CHECK(c.move(DebugMotion::Continue));
  REQUIRE(c.view().watches.size() == 2);
  REQUIRE(c.view().watches[0].value);
  CHECK(valueText(*c.view().watches[0].value, c.format) == "106");
  CHECK_FALSE(c.view().watches[1].value);
  CHECK(c.view().watches[1].error.find("column") == 0);
  c.setWaveExpression("sum");
  REQUIRE(c.runToLine(20));
  REQUIRE(c.view().wave.size() == 8);
  CHECK(valueText(*c.view().wave[0].value, c.format) == "6");
  CHECK(valueText(*c.view().wave[7].value, c.format) == "27");
  CHECK(c.move(DebugMotion::Continue));
  CHECK(c.view().ended);
  CHECK(c.view().line == 0);
}

TEST_CASE("breakpoints move off lines without code, follow edits, and an edit makes the session stale") {
  const Example e = loadExample();
  DebugController c;
  c.toggleBreakpoint(12);  // blank: no session yet, so it stays until one places it
  CHECK(c.breakpointAt(12));
  record(c, requestFor(e));
  CHECK_FALSE(c.breakpointAt(12));
  REQUIRE(c.breakpointAt(14));
  CHECK(c.breakpointAt(14)->message.find("line 12 has no code") == 0);
  CHECK(c.toggleBreakpoint(14).find("removed") == 0);
  CHECK(c.breakpoints().empty());
  c.toggleBreakpoint(17);
  std::string edited = e.hlsl;
  edited.insert(0, "// one more line\n");
  c.textChanged(e.hlsl, edited);
  CHECK(c.stale());
  CHECK(c.breakpointAt(18));
  CHECK_FALSE(c.breakpointAt(17));
  // A conditional breakpoint the session cannot parse is refused with the parser's message.
  DebugController fresh;
  record(fresh, requestFor(e));
  CHECK(fresh.setCondition(17, "i ==").find("condition 'i =='") == 0);
  CHECK(fresh.setCondition(17, "i == 2").empty());
  CHECK(fresh.move(DebugMotion::Continue));
  CHECK(local(fresh, "i") == "2");
  fresh.reset();
  CHECK_FALSE(fresh.active());
  CHECK(fresh.breakpoints().empty());
}

TEST_CASE("what cannot be recorded is the recording's error") {
  const Example e = loadExample();
  DebugController c;
  c.thread = {8, 0, 0};
  record(c, requestFor(e));
  CHECK_FALSE(c.active());
  CHECK(c.recordingShown()->error.find("outside the dispatch") != std::string::npos);
  DebugRequest broken = requestFor(e);
  broken.hlsl += "oops";
  c.thread = {0, 0, 0};
  record(c, broken);
  CHECK_FALSE(c.active());
  CHECK(c.recordingShown()->error.find("did not compile") != std::string::npos);
  CHECK_FALSE(c.move(DebugMotion::Over));
}

// Hidden (run with "[.timing]"): what each motion costs on the UI thread, reading the views too.
TEST_CASE("motion timings", "[.timing]") {
  const Example e = loadExample();
  DebugController c;
  c.thread = {5, 0, 0};
  c.addWatch("In[id.x * 4 + i]");
  c.setWaveExpression("sum");
  record(c, requestFor(e));
  double worst = 0, total = 0;
  int motions = 0;
  while (!c.view().ended) {
    REQUIRE(c.move(DebugMotion::Into));
    worst = std::max(worst, c.view().motionMilliseconds), total += c.view().motionMilliseconds, ++motions;
  }
  for (int k = 0; k < motions; ++k) {
    REQUIRE(c.move(DebugMotion::Back));
    worst = std::max(worst, c.view().motionMilliseconds), total += c.view().motionMilliseconds;
  }
  WARN("recorded in " << c.recordingShown()->recordMilliseconds << " ms (compile " << c.recordingShown()->compileMilliseconds
                      << " ms); " << 2 * motions << " motions, mean " << total / (2 * motions) << " ms, worst " << worst << " ms");
}

TEST_CASE("a cancelled first-difference search stops before its GPU runs, with 'cancelled'", "[difference]") {
  const Example e = loadExample();
  DebugRequest r = requestFor(e);
  r.choice.thread = std::array<uint32_t, 3>{5, 0, 0};
  DebugRecording compiled;
  sl::offload::Pipeline pipeline;
  REQUIRE(compileForDebug(r, compiled, pipeline));
  std::atomic<bool> cancel{true};
  sl::offload::FirstDifferenceOptions options;
  options.cancel = &cancel;
  const sl::offload::FirstDifferenceResult result =
      sl::offload::findFirstDifference(compiled.words, sl::offload::printPipeline(pipeline), "pipeline", r.choice, r.fileName, options);
  INFO(result.error);
  CHECK_FALSE(result.ok());
  CHECK(result.error.find("cancelled") != std::string::npos);
  CHECK(result.instrumentedRuns == 0);
}
