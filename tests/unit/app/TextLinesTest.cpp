#include "views/StagePanel.h"
#include "views/StatusBar.h"
#include "views/TextLines.h"
#include "views/Workspace.h"

#include <catch2/catch.hpp>

#include <filesystem>

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
