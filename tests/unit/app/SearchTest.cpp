// Find and replace over the text model: plain, case, whole word, regex, wrap-around, replace.
#include "views/editor/Search.h"

#include <catch2/catch.hpp>

using namespace sl::views::editor;

namespace {

std::vector<std::string> matchedTexts(const TextBuffer& buffer, const Search& search) {
  std::vector<std::string> out;
  for (const SearchMatch& m : search.findAll(buffer)) out.push_back(buffer.textIn(m.begin, m.end));
  return out;
}

}  // namespace

TEST_CASE("plain search is case-insensitive unless asked", "[editor][search]") {
  TextBuffer buffer("Color color\nCOLOR colors");
  Search search;
  REQUIRE(search.setPattern("color", {}));
  CHECK(search.findAll(buffer).size() == 4);
  REQUIRE(search.setPattern("color", SearchOptions{true, false, false}));
  CHECK(matchedTexts(buffer, search) == std::vector<std::string>{"color", "color"});
  REQUIRE(search.setPattern("color", SearchOptions{false, true, false}));
  CHECK(matchedTexts(buffer, search) == std::vector<std::string>{"Color", "color", "COLOR"});
  REQUIRE(search.setPattern("", {}));
  CHECK(search.findAll(buffer).empty());
}

TEST_CASE("regex search, whole-word regex and invalid patterns", "[editor][search]") {
  TextBuffer buffer("float4 a; float3x3 m; halffloat2 h;");
  Search search;
  REQUIRE(search.setPattern("float[0-9](x[0-9])?", SearchOptions{true, false, true}));
  CHECK(matchedTexts(buffer, search) == std::vector<std::string>{"float4", "float3x3", "float2"});
  REQUIRE(search.setPattern("float[0-9](x[0-9])?", SearchOptions{true, true, true}));
  CHECK(matchedTexts(buffer, search) == std::vector<std::string>{"float4", "float3x3"});
  CHECK(!search.setPattern("([a-", SearchOptions{false, false, true}));
  CHECK(!search.error().empty());
  CHECK(search.findAll(buffer).empty());
}

TEST_CASE("find next wraps around in both directions", "[editor][search]") {
  TextBuffer buffer("x a\ny a\nz a");
  Search search;
  REQUIRE(search.setPattern("a", {}));
  auto next = search.findNext(buffer, TextPos{1, 3});
  REQUIRE(next);
  CHECK(next->begin == TextPos{2, 2});
  next = search.findNext(buffer, TextPos{2, 3});
  REQUIRE(next);
  CHECK(next->begin == TextPos{0, 2});  // wrapped
  auto previous = search.findNext(buffer, TextPos{0, 0}, /*forward=*/false);
  REQUIRE(previous);
  CHECK(previous->begin == TextPos{2, 2});  // wrapped backwards
  REQUIRE(search.setPattern("nothing", {}));
  CHECK(!search.findNext(buffer, TextPos{}));
}

TEST_CASE("replace current and replace all, with regex groups and one undo", "[editor][search]") {
  TextBuffer buffer("tex0 tex1\ntex2");
  Search search;
  REQUIRE(search.setPattern("tex([0-9])", SearchOptions{true, false, true}));
  CHECK(search.replaceAll(buffer, "t$1") == 3);
  CHECK(buffer.text() == "t0 t1\nt2");
  REQUIRE(buffer.undo());
  CHECK(buffer.text() == "tex0 tex1\ntex2");

  // Replace only acts on a selection that is a match, then moves to the next one.
  buffer.setCaret(TextPos{0, 0});
  CHECK(!search.replaceCurrent(buffer, "X"));
  CHECK(buffer.selectedText() == "tex0");
  CHECK(search.replaceCurrent(buffer, "X"));
  CHECK(buffer.text() == "X tex1\ntex2");
  CHECK(buffer.selectedText() == "tex1");
}
