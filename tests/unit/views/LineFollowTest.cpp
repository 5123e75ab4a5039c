#include "views/debug/LineFollow.h"

#include <catch2/catch.hpp>

using sl::views::followLine;
using sl::views::lineEditBetween;

TEST_CASE("lines after an insertion move down, lines before it stay") {
  const auto edit = lineEditBetween("a\nb\nc\nd\n", "a\nb\nnew\nc\nd\n");
  CHECK(followLine(edit, 1) == 1);
  CHECK(followLine(edit, 2) == 2);
  CHECK(followLine(edit, 3) == 4);
  CHECK(followLine(edit, 4) == 5);
}

TEST_CASE("lines after a deletion move up; the deleted line's mark goes to the line that took its place") {
  const auto edit = lineEditBetween("a\nb\nc\nd\n", "a\nc\nd\n");
  CHECK(followLine(edit, 1) == 1);
  CHECK(followLine(edit, 2) == 2);  // b was deleted: its mark stays on line 2 (now c)
  CHECK(followLine(edit, 3) == 2);
  CHECK(followLine(edit, 4) == 3);
}

TEST_CASE("an edit inside a line keeps every line") {
  const auto edit = lineEditBetween("a\nfor (i < 3)\nc\n", "a\nfor (i < 4)\nc\n");
  for (uint32_t line = 1; line <= 4; ++line) CHECK(followLine(edit, line) == line);
}

TEST_CASE("splitting a line keeps the mark on its first half and moves the rest") {
  const auto edit = lineEditBetween("a\nbc\nd", "a\nb\nc\nd");
  CHECK(followLine(edit, 2) == 2);
  CHECK(followLine(edit, 3) == 4);
}

TEST_CASE("deleting everything leaves marks on line 1") {
  const auto edit = lineEditBetween("a\nb\nc", "");
  CHECK(followLine(edit, 3) == 1);
  CHECK(followLine(edit, 0) == 0);
}
