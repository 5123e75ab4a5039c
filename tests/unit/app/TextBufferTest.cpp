// The editor's text model without ImGui: edits, undo/redo with typing runs, movement, indent
// handling and the clipboard callbacks.
#include "views/editor/TextBuffer.h"

#include <catch2/catch.hpp>

#include <array>

using namespace sl::views::editor;

namespace {

void typeText(TextBuffer& buffer, const std::string& text) {
  for (char c : text) buffer.typeCharacter(static_cast<unsigned char>(c));
}

}  // namespace

TEST_CASE("text round-trips through lines", "[editor][model]") {
  TextBuffer buffer("a\nbc\n");
  CHECK(buffer.lineCount() == 3);
  CHECK(buffer.line(1) == "bc");
  CHECK(buffer.text() == "a\nbc\n");
  buffer.setText("x\r\ny");
  CHECK(buffer.text() == "x\ny");
  CHECK(buffer.offsetOf(TextPos{1, 1}) == 3);
  CHECK(buffer.positionOfOffset(3) == TextPos{1, 1});
}

TEST_CASE("insert, delete and replace keep the caret after the edit", "[editor][model]") {
  TextBuffer buffer("hello world");
  buffer.setCaret(TextPos{0, 5});
  buffer.insertText(",\nnew");
  CHECK(buffer.text() == "hello,\nnew world");
  CHECK(buffer.caret() == TextPos{1, 3});
  buffer.backspace();
  CHECK(buffer.text() == "hello,\nne world");
  buffer.setCaret(TextPos{1, 0});
  buffer.backspace();  // joins the lines
  CHECK(buffer.text() == "hello,ne world");
  CHECK(buffer.caret() == TextPos{0, 6});
  buffer.deleteForward();
  CHECK(buffer.text() == "hello,e world");
  buffer.setSelection(Selection{TextPos{0, 0}, TextPos{0, 5}});
  buffer.typeCharacter('H');
  CHECK(buffer.text() == "H,e world");
  buffer.replaceRange(TextPos{0, 4}, TextPos{0, 9}, "there");
  CHECK(buffer.text() == "H,e there");
}

TEST_CASE("undo coalesces consecutive typing into one entry", "[editor][model][undo]") {
  TextBuffer buffer("int x;");
  buffer.setCaret(TextPos{0, 6});
  typeText(buffer, " // note");
  CHECK(buffer.text() == "int x; // note");
  REQUIRE(buffer.undo());
  CHECK(buffer.text() == "int x;");
  CHECK(buffer.caret() == TextPos{0, 6});
  REQUIRE(buffer.redo());
  CHECK(buffer.text() == "int x; // note");
  CHECK(!buffer.redo());
}

TEST_CASE("a caret move or a new line breaks the typing run", "[editor][model][undo]") {
  TextBuffer buffer("");
  typeText(buffer, "ab");
  buffer.setCaret(TextPos{0, 0});
  typeText(buffer, "X");
  buffer.setCaret(TextPos{0, 3});
  buffer.newLine();
  typeText(buffer, "cd");
  CHECK(buffer.text() == "Xab\ncd");
  buffer.undo();
  CHECK(buffer.text() == "Xab\n");
  buffer.undo();
  CHECK(buffer.text() == "Xab");
  buffer.undo();
  CHECK(buffer.text() == "ab");
  buffer.undo();
  CHECK(buffer.text() == "");
  CHECK(!buffer.undo());
}

TEST_CASE("backspaces coalesce; a new edit drops the redo history", "[editor][model][undo]") {
  TextBuffer buffer("abcdef");
  buffer.setCaret(TextPos{0, 6});
  buffer.backspace();
  buffer.backspace();
  buffer.backspace();
  CHECK(buffer.text() == "abc");
  buffer.undo();
  CHECK(buffer.text() == "abcdef");
  buffer.undo();  // nothing before
  CHECK(buffer.text() == "abcdef");
  buffer.redo();
  CHECK(buffer.text() == "abc");
  buffer.undo();
  buffer.setCaret(TextPos{0, 0});
  buffer.typeCharacter('Z');
  CHECK(!buffer.canRedo());
}

TEST_CASE("caret movement by characters, words, lines and UTF-8", "[editor][model]") {
  TextBuffer buffer("float4 col = tex.Sample(s, uv);\n\xC3\xA9t\xC3\xA9\nend");
  buffer.moveWordRight(false);
  CHECK(buffer.caret() == TextPos{0, 7});
  buffer.moveWordRight(false);
  CHECK(buffer.caret() == TextPos{0, 11});
  buffer.moveWordLeft(false);
  CHECK(buffer.caret() == TextPos{0, 7});
  buffer.moveEnd(true);
  CHECK(buffer.selectedText() == "col = tex.Sample(s, uv);");
  buffer.setCaret(TextPos{1, 0});
  buffer.moveRight(false);
  CHECK(buffer.caret() == TextPos{1, 2});  // over the two-byte é
  buffer.moveDown(false);
  CHECK(buffer.caret() == TextPos{2, 1});  // same display column
  buffer.moveUp(false, 5);
  CHECK(buffer.caret().line == 0);
  buffer.moveToDocumentEnd(false);
  CHECK(buffer.caret() == TextPos{2, 3});
  buffer.goToLine(2);
  CHECK(buffer.caret() == TextPos{1, 0});
  buffer.goToLine(99);
  CHECK(buffer.caret() == TextPos{2, 0});
}

TEST_CASE("home goes to the first non-blank, then to column 0", "[editor][model]") {
  TextBuffer buffer("    return x;");
  buffer.setCaret(TextPos{0, 10});
  buffer.moveHome(false);
  CHECK(buffer.caret().column == 4);
  buffer.moveHome(false);
  CHECK(buffer.caret().column == 0);
}

TEST_CASE("double-click word selection", "[editor][model]") {
  TextBuffer buffer("float3 normal_ws = 0;");
  buffer.selectWordAt(TextPos{0, 9});
  CHECK(buffer.selectedText() == "normal_ws");
  buffer.selectWordAt(TextPos{0, 6});  // just after "float3"
  CHECK(buffer.selectedText() == "float3");
}

TEST_CASE("enter keeps the indentation and adds a level after a brace", "[editor][model][indent]") {
  TextBuffer buffer("void main() {");
  buffer.setCaret(TextPos{0, 13});
  buffer.newLine();
  CHECK(buffer.text() == "void main() {\n    ");
  typeText(buffer, "int x;");
  buffer.newLine();
  CHECK(buffer.text() == "void main() {\n    int x;\n    ");
  CHECK(buffer.caret() == TextPos{2, 4});
  buffer.indent.useSpaces = false;
  buffer.setText("\tif (a)");
  buffer.moveEnd(false);
  buffer.newLine();
  CHECK(buffer.text() == "\tif (a)\n\t");
}

TEST_CASE("tab inserts to the next stop; tab and shift+tab indent and unindent lines", "[editor][model][indent]") {
  TextBuffer buffer("ab\ncd\n\nef");
  buffer.setCaret(TextPos{0, 1});
  buffer.tab();
  CHECK(buffer.line(0) == "a   b");  // column 1 -> 4
  buffer.setSelection(Selection{TextPos{1, 1}, TextPos{3, 1}});
  buffer.tab();
  CHECK(buffer.text() == "a   b\n    cd\n\n    ef");  // the empty line stays empty
  CHECK(buffer.selection().anchor == TextPos{1, 5});
  CHECK(buffer.selection().caret == TextPos{3, 5});
  buffer.unindentSelection();
  CHECK(buffer.text() == "a   b\ncd\n\nef");
  buffer.undo();
  CHECK(buffer.text() == "a   b\n    cd\n\n    ef");
  // A selection ending at column 0 leaves that line alone.
  buffer.setSelection(Selection{TextPos{1, 0}, TextPos{3, 0}});
  buffer.unindentSelection();
  CHECK(buffer.text() == "a   b\ncd\n\n    ef");
  // Tabs mode.
  buffer.indent.useSpaces = false;
  buffer.setText("x\n  y");
  buffer.selectAll();
  buffer.indentSelection();
  CHECK(buffer.text() == "\tx\n  \ty");
  buffer.setText("\tx\n      y");
  buffer.selectAll();
  buffer.unindentSelection();
  CHECK(buffer.text() == "x\n    y");
}

TEST_CASE("clipboard goes through the callbacks", "[editor][model]") {
  std::string clipboard;
  TextBuffer buffer("one two three");
  buffer.getClipboard = [&] { return clipboard; };
  buffer.setClipboard = [&](const std::string& text) { clipboard = text; };
  CHECK(!buffer.copy());  // nothing selected
  buffer.setSelection(Selection{TextPos{0, 4}, TextPos{0, 8}});
  REQUIRE(buffer.cut());
  CHECK(clipboard == "two ");
  CHECK(buffer.text() == "one three");
  buffer.moveToDocumentEnd(false);
  clipboard = "\r\nfour";
  REQUIRE(buffer.paste());
  CHECK(buffer.text() == "one three\nfour");
  buffer.undo();
  buffer.undo();
  CHECK(buffer.text() == "one two three");
}

TEST_CASE("the model reports which lines changed", "[editor][model]") {
  TextBuffer buffer("a\nb\nc");
  std::vector<std::array<uint32_t, 3>> changes;
  buffer.onLinesChanged = [&](uint32_t first, uint32_t removed, uint32_t added) { changes.push_back({first, removed, added}); };
  buffer.setCaret(TextPos{1, 1});
  buffer.typeCharacter('x');
  buffer.newLine();
  buffer.setSelection(Selection{TextPos{0, 0}, TextPos{2, 0}});
  buffer.backspace();
  REQUIRE(changes.size() == 3);
  CHECK(changes[0] == std::array<uint32_t, 3>{1, 1, 1});
  CHECK(changes[1] == std::array<uint32_t, 3>{1, 1, 2});
  CHECK(changes[2] == std::array<uint32_t, 3>{0, 3, 1});
}
