#include "core/support/Diagnostic.h"

#include <catch2/catch.hpp>

using namespace sl;

TEST_CASE("a diagnostic renders Clang-style with the source line and a caret") {
  Diagnostic d = Diagnostic::error({"a.hlsl", 3, 5}, "use of undeclared identifier 'x'");
  d.sourceLine = "  y = x + 1;";
  d.range.endColumn = 6;
  CHECK(renderDiagnostic(d) == "a.hlsl:3:5: error: use of undeclared identifier 'x'\n  y = x + 1;\n    ^\n");
}

TEST_CASE("a range longer than one column is underlined") {
  Diagnostic d = Diagnostic::warning({"a.hlsl", 1, 3}, "implicit truncation");
  d.sourceLine = "f(abcd);";
  d.range.endColumn = 7;
  CHECK(renderDiagnostic(d) == "a.hlsl:1:3: warning: implicit truncation\nf(abcd);\n  ^~~~\n");
}

TEST_CASE("tabs in the source line keep the caret aligned") {
  Diagnostic d = Diagnostic::error({"a.hlsl", 1, 3}, "m");
  d.sourceLine = "\t\tz";
  CHECK(renderDiagnostic(d) == "a.hlsl:1:3: error: m\n\t\tz\n\t\t^\n");
}

TEST_CASE("notes follow their diagnostic") {
  Diagnostic d = Diagnostic::error({"a.hlsl", 2, 1}, "redefinition of 'f'");
  d.notes.push_back(Diagnostic::note({"a.hlsl", 1, 1}, "previous definition is here"));
  CHECK(renderDiagnostic(d) == "a.hlsl:2:1: error: redefinition of 'f'\na.hlsl:1:1: note: previous definition is here\n");
}

TEST_CASE("hasErrors ignores warnings and notes") {
  std::vector<Diagnostic> list{Diagnostic::warning({"f", 1, 1}, "w")};
  CHECK_FALSE(hasErrors(list));
  list.push_back(Diagnostic::error({"f", 1, 1}, "e"));
  CHECK(hasErrors(list));
}

TEST_CASE("lineOfText finds lines and strips carriage returns") {
  CHECK(lineOfText("a\r\nbb\nccc", 2) == "bb");
  CHECK(lineOfText("a\r\nbb\nccc", 1) == "a");
  CHECK(lineOfText("a\r\nbb\nccc", 3) == "ccc");
  CHECK(lineOfText("a\r\nbb\nccc", 4).empty());
  CHECK(lineOfText("a", 0).empty());
}
