// The text of hidden stages (issue 22, "Speed"): each keystroke's compile prints only the stages
// on screen, and hands them over before the rest of its pipeline runs; a stage shown later is
// printed then, by a compile of the same snapshot, and not before.
#include "views/StageTextFill.h"
#include "views/Workspace.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

using namespace std::chrono_literals;
using sl::CompileResult;
using sl::views::CompileRequest;

namespace {

const char* const kShader =
    "RWStructuredBuffer<float> Output : register(u0);\n"
    "[numthreads(4, 1, 1)]\n"
    "void main(uint3 id : SV_DispatchThreadID) { Output[id.x] = float(id.x) * 2.0; }\n";

sl::CompileOptions spirvShowing(std::vector<std::string> shown) {
  sl::CompileOptions options;
  options.target = sl::TargetKind::Spirv;
  options.showAllStages = true;
  options.textOnlyForShownStages = true;
  options.shownStages = std::move(shown);
  return options;
}

// Refreshes until no stage on screen is printing, or 10 s pass.
bool waitForShownText(sl::views::Workspace& workspace) {
  for (int i = 0; i < 1000; ++i) {
    workspace.refreshSnapshot();
    if (workspace.snapshot() && !workspace.printingShownStages()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

}  // namespace

TEST_CASE("a compile prints only the stages shown and runs every stage", "[stage-text]") {
  auto result = sl::compileSource("shown.hlsl", kShader, spirvShowing({"ir"}));
  REQUIRE(result->succeeded);
  const sl::StageArtifact* ir = result->stage("ir");
  REQUIRE(ir);
  CHECK_FALSE(ir->textDeferred);
  CHECK(ir->text.find("spv.OpFMul") != std::string::npos);
  // Shown stages do not stop the pipeline as --print does: the SPIR-V is made, without its text.
  for (const char* hidden : {"preprocessed", "ast", "ir.bound", "qptr.lift", "spirv", "spirv.glsl", "spirv.msl"}) {
    const sl::StageArtifact* artifact = result->stage(hidden);
    INFO(hidden);
    REQUIRE(artifact);
    CHECK(artifact->textDeferred);
    CHECK(artifact->text.empty());
  }
  CHECK_FALSE(result->stage("spirv")->binary.empty());
  CHECK_FALSE(result->object.empty());
  // The reflection is always printed (it is tiny): never deferred.
  REQUIRE(result->stage("reflection"));
  CHECK_FALSE(result->stage("reflection")->textDeferred);
}

TEST_CASE("a hidden stage's text is compiled when asked for, not before, once per snapshot", "[stage-text]") {
  std::atomic<int> compiles{0};
  sl::views::StageTextFill fill([&](const CompileRequest& request) {
    compiles.fetch_add(1);
    return sl::views::compileRequest(request);
  });
  std::shared_ptr<const CompileResult> snapshot = sl::compileSource("fill.hlsl", kShader, spirvShowing({"preprocessed"}));
  REQUIRE(snapshot->stage("spirv")->textDeferred);
  CHECK(sl::views::deferredStages(*snapshot, {"preprocessed", "spirv", "ast"}) == std::vector<std::string>{"spirv", "ast"});

  // Nothing is printed until a stage is asked for.
  std::this_thread::sleep_for(50ms);
  CHECK(compiles.load() == 0);
  CHECK_FALSE(fill.filled(snapshot));

  fill.request(snapshot, {"spirv"});
  REQUIRE(fill.waitUntilIdle(10s));
  std::shared_ptr<const CompileResult> filled = fill.filled(snapshot);
  REQUIRE(filled);
  CHECK(compiles.load() == 1);
  // The same compile, with the asked stage's text (and the shown ones still there).
  CHECK(filled->source == snapshot->source);
  REQUIRE(filled->stage("spirv"));
  CHECK_FALSE(filled->stage("spirv")->textDeferred);
  CHECK(filled->stage("spirv")->text.find("OpEntryPoint GLCompute") != std::string::npos);
  CHECK_FALSE(filled->stage("preprocessed")->textDeferred);
  CHECK(filled->stage("ast")->textDeferred);
  CHECK(filled->stage("spirv")->binary == snapshot->stage("spirv")->binary);

  // Asking again for the same snapshot and stages compiles nothing more.
  fill.request(snapshot, {"spirv"});
  REQUIRE(fill.waitUntilIdle(10s));
  CHECK(compiles.load() == 1);
  // A fill belongs to its snapshot: another snapshot has none.
  std::shared_ptr<const CompileResult> other = sl::compileSource("fill.hlsl", kShader, spirvShowing({"preprocessed"}));
  CHECK_FALSE(fill.filled(other));
}

TEST_CASE("the workspace prints the tab shown; a tab shown later gets its text then", "[stage-text]") {
  sl::views::Document document{"tabs.hlsl", kShader, {}, ""};
  document.options.target = sl::TargetKind::Spirv;
  sl::views::Workspace workspace(std::move(document));
  REQUIRE(workspace.worker().waitUntilIdle(10s));
  workspace.refreshSnapshot();
  // The app opens on the Stages tab's first stage: only it is printed.
  CHECK(workspace.shownStages() == std::vector<std::string>{"preprocessed"});
  REQUIRE(workspace.snapshot());
  CHECK_FALSE(workspace.snapshot()->stage("preprocessed")->textDeferred);
  CHECK(workspace.snapshot()->stage("spirv")->textDeferred);
  CHECK(workspace.snapshot()->stage("ir")->textDeferred);
  CHECK_FALSE(workspace.printingShownStages());

  // Showing the SPIR-V tab prints it for the same compile; the worker compiles nothing new.
  const uint64_t compiles = workspace.worker().compileCount();
  workspace.stagePanel().selectStage("spirv");
  CHECK(workspace.shownStages() == std::vector<std::string>{"spirv"});
  workspace.refreshSnapshot();
  REQUIRE(waitForShownText(workspace));
  CHECK(workspace.snapshot()->stage("spirv")->text.find("OpEntryPoint GLCompute") != std::string::npos);
  CHECK(workspace.snapshot()->stage("ir")->textDeferred);
  CHECK(workspace.worker().compileCount() == compiles);

  // The Bindings tab reads the IR: shown there, it is printed too.
  workspace.selectRightTab(sl::views::RightTab::Bindings);
  CHECK(workspace.shownStages() == std::vector<std::string>{"ir"});
  REQUIRE(waitForShownText(workspace));
  CHECK_FALSE(workspace.snapshot()->stage("ir")->textDeferred);

  // Scripts read any stage: fillStageText makes them all.
  workspace.fillStageText();
  for (const sl::StageArtifact& stage : workspace.snapshot()->stages) {
    INFO(stage.name);
    CHECK_FALSE(stage.textDeferred);
  }
  CHECK(workspace.snapshot()->stage("spirv.glsl")->text.find("void main()") != std::string::npos);
}

TEST_CASE("a compile hands over its shown stages before the rest of the pipeline runs", "[stage-text][partial]") {
  std::vector<std::shared_ptr<const CompileResult>> partials;
  auto result = sl::compileSource("partial.hlsl", kShader, spirvShowing({"ast"}),
                                  [&](std::shared_ptr<const CompileResult> partial) { partials.push_back(std::move(partial)); });
  REQUIRE(result->succeeded);
  CHECK_FALSE(result->partial);
  REQUIRE(partials.size() == 1);
  const CompileResult& partial = *partials[0];
  CHECK(partial.partial);
  CHECK(partial.source == kShader);
  // Up to the shown stage, its text made; nothing after it yet.
  REQUIRE(partial.stage("ast"));
  CHECK_FALSE(partial.stage("ast")->textDeferred);
  CHECK(partial.stage("ast")->text == result->stage("ast")->text);
  REQUIRE(partial.stage("preprocessed"));
  CHECK(partial.stage("preprocessed")->textDeferred);
  CHECK_FALSE(partial.stage("ir"));
  CHECK_FALSE(partial.stage("spirv"));
  // Without shown stages there is nothing to hand over early.
  partials.clear();
  sl::CompileOptions none = spirvShowing({});
  sl::compileSource("partial.hlsl", kShader, none, [&](std::shared_ptr<const CompileResult> p) { partials.push_back(std::move(p)); });
  CHECK(partials.empty());
}

TEST_CASE("the worker publishes the shown stages' partial snapshot until the whole compile is published", "[stage-text][partial]") {
  std::atomic<bool> release{false};
  std::shared_ptr<const CompileResult> seenPartial;
  sl::views::CompileWorker worker(
      [&](const CompileRequest& request) {
        // The real compile, held after its end so the test sees the partial snapshot alone.
        auto result = sl::views::compileRequest(request);
        while (!release.load()) std::this_thread::sleep_for(1ms);
        return result;
      },
      0ms);
  CHECK_FALSE(worker.latestPartial());
  worker.post(CompileRequest{"partial.hlsl", kShader, spirvShowing({"preprocessed"}), {}}, true);
  for (int i = 0; i < 1000 && !seenPartial; ++i) {
    seenPartial = worker.latestPartial();
    std::this_thread::sleep_for(5ms);
  }
  REQUIRE(seenPartial);
  CHECK(seenPartial->partial);
  CHECK_FALSE(seenPartial->stage("preprocessed")->textDeferred);
  CHECK(worker.busy());
  CHECK_FALSE(worker.latest());
  std::this_thread::sleep_for(200ms);  // the whole compile takes longer than the longest debounce
  release = true;
  REQUIRE(worker.waitUntilIdle(10s));
  CHECK_FALSE(worker.latestPartial());
  REQUIRE(worker.latest());
  CHECK_FALSE(worker.latest()->partial);
  // The debounce follows the time to the shown stages, not the whole (held) compile.
  CHECK(worker.debounce() < 150ms);
}
