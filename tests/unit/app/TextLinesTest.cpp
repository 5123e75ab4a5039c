#include "views/ComparePane.h"
#include "views/StagePanel.h"
#include "views/StatusBar.h"
#include "views/TextLines.h"
#include "views/Workspace.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <mutex>

using namespace sl;
using namespace sl::views;

TEST_CASE("splitLines keeps empty lines and a trailing empty line", "[views]") {
  CHECK(splitLines("") == std::vector<std::string_view>{""});
  CHECK(splitLines("a\n\nb") == std::vector<std::string_view>{"a", "", "b"});
  CHECK(splitLines("a\n") == std::vector<std::string_view>{"a", ""});
}

TEST_CASE("line/column offsets round-trip and clamp", "[views]") {
  const std::string text = "ab\ncde\n\nf";
  CHECK(offsetOfLineColumn(text, 1, 1) == 0);
  CHECK(offsetOfLineColumn(text, 2, 0) == 3);
  CHECK(offsetOfLineColumn(text, 2, 3) == 5);
  CHECK(offsetOfLineColumn(text, 2, 99) == 6);  // clamped to the end of line 2
  CHECK(offsetOfLineColumn(text, 99, 1) == text.size());
  CHECK(lineOfOffset(text, 0) == 1);
  CHECK(lineOfOffset(text, 5) == 2);
  CHECK(lineOfOffset(text, 7) == 3);
  CHECK(lineOfOffset(text, 1000) == 4);
}

TEST_CASE("markersForFile keeps the file's located diagnostics, most severe first", "[views]") {
  std::vector<Diagnostic> diagnostics;
  diagnostics.push_back(Diagnostic::warning({"a.hlsl", 3, 1}, "unused"));
  diagnostics.push_back(Diagnostic::error({"a.hlsl", 3, 5}, "bad"));
  diagnostics.push_back(Diagnostic::error({"other.hlsli", 1, 1}, "elsewhere"));
  diagnostics.push_back(Diagnostic::error({"a.hlsl", 0, 0}, "no location"));
  Diagnostic withNote = Diagnostic::error({"other.hlsli", 2, 1}, "from include");
  withNote.notes.push_back(Diagnostic::note({"a.hlsl", 7, 2}, "included here"));
  diagnostics.push_back(withNote);

  auto markers = markersForFile(diagnostics, "a.hlsl");
  CHECK(markersForFile(diagnostics, std::filesystem::absolute("a.hlsl").string()).size() == 2);
  REQUIRE(markers.size() == 2);
  CHECK(markers[3].severity == Severity::Error);
  REQUIRE(markers[3].diagnostics.size() == 2);
  CHECK(markers[3].diagnostics[0]->message == "bad");
  CHECK(markers[7].severity == Severity::Note);
}

TEST_CASE("unavailable stages say why", "[views]") {
  CompileResult result;
  StageArtifact& pre = result.stages.emplace_back();
  pre.name = "preprocessed";
  result.diagnostics.push_back(Diagnostic::error({}, "the parser is missing"));
  // Stages land one by one; any one this build still lacks must say so.
  for (const StageInfo& info : allStages()) {
    if (info.implemented) continue;
    std::string reason = unavailableStageReason(result, info.name);
    CHECK(reason.find("not in this build yet") != std::string::npos);
    CHECK(reason.find("the parser is missing") != std::string::npos);
  }
  std::string reason = unavailableStageReason(result, "ast");
  CHECK(reason.find("the parser is missing") != std::string::npos);

  result.stages[0].ok = false;
  reason = unavailableStageReason(result, "preprocessed");
  CHECK(reason.find("'preprocessed' stage failed") != std::string::npos);
}

TEST_CASE("status bar timings list every stage and the total", "[views]") {
  CompileResult result;
  result.stages.emplace_back().name = "preprocessed";
  result.stages[0].milliseconds = 1.25;
  result.totalMilliseconds = 2.5;
  CHECK(stageTimingsText(result) == "preprocessed 1.25 ms   total 2.50 ms");
}

TEST_CASE("the options line splits like toDxcCommandLine quotes", "[views]") {
  CHECK(splitOptionsLine("-T cs_6_0  -E main") == std::vector<std::string>{"-T", "cs_6_0", "-E", "main"});
  CHECK(splitOptionsLine("-D 'A=1 2' -spirv") == std::vector<std::string>{"-D", "A=1 2", "-spirv"});
  CompileOptions options;
  options.profile = "cs_6_2";
  options.target = TargetKind::Spirv;
  std::string line = toDxcCommandLine(options).substr(4);
  ParsedCommandLine parsed = parseDxcCommandLine(splitOptionsLine(line));
  REQUIRE(parsed.error.empty());
  CHECK(parsed.options.profile == "cs_6_2");
  CHECK(parsed.options.spirv());
}

namespace {

std::shared_ptr<const CompileResult> compiled(const std::string& source, std::vector<std::pair<std::string, std::string>> stages) {
  auto result = std::make_shared<CompileResult>();
  result->source = source;
  result->options.target = TargetKind::Spirv;
  for (auto& [name, text] : stages) {
    StageArtifact& a = result->stages.emplace_back();
    a.name = name;
    a.text = text;
    a.ok = true;
  }
  return result;
}

}  // namespace

TEST_CASE("diff mode compares with the previous stage, the previous compile or a chosen stage", "[views]") {
  StagePanel panel;
  panel.setDiffMode(true);
  auto first = compiled("a", {{"preprocessed", "x\n"}, {"ast", "x\ny\n"}, {"spirv", "one\ntwo\n"}});
  panel.useSnapshot(first);
  // The previous stage that ran: ast for spirv.
  REQUIRE(panel.diffFor("spirv"));
  CHECK(panel.diffFor("spirv")->added == 2);
  CHECK(panel.diffFor("spirv")->removed == 2);

  // No earlier compile yet.
  panel.setDiffBase(DiffBase::PreviousCompile);
  CHECK(panel.diffFor("spirv") == nullptr);
  CHECK(panel.diffBaseProblem("spirv").find("No previous compile") != std::string::npos);

  // The same compile with more text is not a new compile; an edited source is.
  panel.useSnapshot(compiled("a", {{"preprocessed", "x\n"}, {"ast", "x\ny\n"}, {"spirv", "one\ntwo\n"}}));
  CHECK(panel.previousCompile() == nullptr);
  panel.useSnapshot(compiled("ab", {{"preprocessed", "x\n"}, {"ast", "x\ny\n"}, {"spirv", "one\nthree\ntwo\n"}}));
  REQUIRE(panel.previousCompile());
  const StageDiff* edit = panel.diffFor("spirv");
  REQUIRE(edit);
  CHECK(edit->added == 1);
  CHECK(edit->removed == 0);
  CHECK(panel.diffFor("ast")->added == 0);  // unchanged by the edit
  // Diff mode shows only the tab's own stage for the previous compile (it printed it then).
  panel.selectStage("spirv");
  CHECK(panel.shownStages(first->options) == std::vector<std::string>{"spirv"});

  // Any other stage of this compile.
  panel.setDiffBase(DiffBase::OtherStage, "preprocessed");
  REQUIRE(panel.diffFor("spirv"));
  CHECK(panel.diffFor("spirv")->removed == 1);
  CHECK(panel.shownStages(first->options) == std::vector<std::string>{"spirv", "preprocessed"});
  panel.setDiffBase(DiffBase::OtherStage, "spirv");
  CHECK(panel.diffFor("spirv") == nullptr);
  CHECK(panel.diffBaseProblem("spirv").find("Choose another stage") != std::string::npos);
  panel.setDiffBase(DiffBase::OtherStage, "dxil");
  CHECK(panel.diffBaseProblem("spirv").find("did not run") != std::string::npos);
}

TEST_CASE("the second stage pane compiles the document's request for the other target", "[views]") {
  std::mutex mutex;
  std::vector<CompileRequest> seen;
  ComparePane pane([&](const CompileRequest& request) {
    std::lock_guard<std::mutex> lock(mutex);
    seen.push_back(CompileRequest{request.fileName, request.source, request.options, {}});
    auto result = std::make_shared<CompileResult>();
    result->source = request.source;
    result->options = request.options;
    return std::shared_ptr<const CompileResult>(result);
  });
  CompileRequest document{"a.hlsl", "text", {}, {}};
  document.options.target = TargetKind::Spirv;
  document.options.entryPoint = "cs_main";
  // Closed: nothing compiles, but the request is kept for when it opens.
  pane.post(document, true);
  CHECK(pane.target() == TargetKind::Dxil);
  CHECK(pane.worker().postedGeneration() == 0);
  pane.setOpen(true);
  REQUIRE(pane.waitUntilIdle(std::chrono::seconds(10)));
  REQUIRE(pane.snapshot());
  CHECK(pane.snapshot()->options.target == TargetKind::Dxil);
  CHECK(pane.snapshot()->options.entryPoint == "cs_main");
  CHECK(pane.snapshot()->source == "text");
  // A DXIL document's pane shows SPIR-V, until the user picks a target.
  document.options.target = TargetKind::Dxil;
  pane.post(document, true);
  REQUIRE(pane.waitUntilIdle(std::chrono::seconds(10)));
  CHECK(pane.snapshot()->options.target == TargetKind::Spirv);
  pane.setTarget(TargetKind::Dxil);
  REQUIRE(pane.waitUntilIdle(std::chrono::seconds(10)));
  CHECK(pane.snapshot()->options.target == TargetKind::Dxil);
  CHECK(pane.targetChosen());
  // Closed again: edits are not compiled.
  pane.setOpen(false);
  const uint64_t posted = pane.worker().postedGeneration();
  pane.post(document, true);
  CHECK(pane.worker().postedGeneration() == posted);
}
