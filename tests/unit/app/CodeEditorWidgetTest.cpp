// The code editor widget driven through ImGui's input IO with no renderer (ImGui builds draw
// lists without one): typing, keys, mouse, find bar, go to line, the caret-line callback, and
// the cost of a frame on a 2000-line file.
#include "views/editor/CodeEditor.h"

#include <catch2/catch.hpp>
#include <imgui.h>

#include <chrono>
#include <functional>

using namespace sl::views::editor;

namespace {

// Key indices for the harness (any distinct values do; letters use their ASCII capitals as the
// editor expects, like GLFW's key codes).
enum HarnessKey { kTab = 300, kLeft, kRight, kUp, kDown, kPageUp, kPageDown, kHome, kEnd, kInsert, kDelete,
                  kBackspace, kSpace, kEnter, kEscape, kPadEnter };

class Harness {
 public:
  Harness() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->AddFontDefault();
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    const int named[] = {kTab, kLeft, kRight, kUp, kDown, kPageUp, kPageDown, kHome, kEnd, kInsert, kDelete,
                         kBackspace, kSpace, kEnter, kEscape, kPadEnter};
    for (int i = 0; i < int(sizeof named / sizeof named[0]); ++i) io.KeyMap[i] = named[i];
    io.KeyMap[ImGuiKey_A] = 'A';
    io.KeyMap[ImGuiKey_C] = 'C';
    io.KeyMap[ImGuiKey_V] = 'V';
    io.KeyMap[ImGuiKey_X] = 'X';
    io.KeyMap[ImGuiKey_Y] = 'Y';
    io.KeyMap[ImGuiKey_Z] = 'Z';
  }
  ~Harness() { ImGui::DestroyContext(); }

  // One frame: `input` feeds IO before NewFrame; the editor fills an 800x600 window.
  bool frame(CodeEditor& editor, const std::function<void(ImGuiIO&)>& input = nullptr) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    if (input) input(io);
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("editor", nullptr, ImGuiWindowFlags_NoDecoration);
    bool changed = editor.draw("code", nullptr);
    ImGui::End();
    ImGui::Render();
    // Release keys and clicks pressed this frame.
    for (bool& down : io.KeysDown) down = false;
    io.KeyCtrl = io.KeyShift = io.KeyAlt = false;
    return changed;
  }

  void click(CodeEditor& editor, ImVec2 at, bool shift = false) {
    frame(editor, [&](ImGuiIO& io) { io.MousePos = at; io.MouseDown[0] = true; io.KeyShift = shift; });
    frame(editor, [&](ImGuiIO& io) { io.MouseDown[0] = false; });
  }
  void key(CodeEditor& editor, int key, bool ctrl = false, bool shift = false) {
    frame(editor, [&](ImGuiIO& io) {
      io.KeysDown[key] = true;
      io.KeyCtrl = ctrl;
      io.KeyShift = shift;
    });
    frame(editor);
  }
  void type(CodeEditor& editor, const std::string& text) {
    frame(editor, [&](ImGuiIO& io) { io.AddInputCharactersUTF8(text.c_str()); });
  }
};

// Screen position of (0-based line, column) for the default 13 px font: the gutter is
// lineHeight + 5 character cells wide; rows are 14 px high.
constexpr float kCharWidth = 7.0f;
constexpr float kLineHeight = 14.0f;
ImVec2 textPoint(float line, float column, uint32_t lineCountDigits = 3) {
  const float gutter = kLineHeight + kCharWidth * float(lineCountDigits + 2);
  return ImVec2(8 + 1 + gutter + kCharWidth * 0.5f + column * kCharWidth + 1, 8 + 1 + line * kLineHeight + kLineHeight * 0.5f);
}

}  // namespace

TEST_CASE("typing into the widget edits the buffer; Enter auto-indents; Ctrl+Z undoes the run", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  editor.setText("void main() {\n}\n");
  imgui.frame(editor);
  imgui.click(editor, textPoint(0, 40));  // past the end of line 1: the caret goes to its end
  CHECK(editor.focused());
  CHECK(editor.buffer().caret() == TextPos{0, 13});
  imgui.key(editor, kEnter);
  imgui.type(editor, "float4 x;");
  CHECK(editor.buffer().text() == "void main() {\n    float4 x;\n}\n");
  imgui.key(editor, 'Z', /*ctrl=*/true);
  CHECK(editor.buffer().text() == "void main() {\n    \n}\n");
  imgui.key(editor, 'Y', /*ctrl=*/true);
  CHECK(editor.buffer().text() == "void main() {\n    float4 x;\n}\n");
  // Ctrl+letter produces no text.
  imgui.frame(editor, [](ImGuiIO& io) { io.KeyCtrl = true; io.AddInputCharacter('q'); });
  CHECK(editor.buffer().text() == "void main() {\n    float4 x;\n}\n");
}

TEST_CASE("keys move the caret, select, indent and delete", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  editor.setText("alpha beta\ngamma");
  imgui.frame(editor);
  imgui.click(editor, textPoint(0, 0));
  imgui.key(editor, kRight, /*ctrl=*/true);
  CHECK(editor.buffer().caret() == TextPos{0, 6});
  imgui.key(editor, kEnd, false, /*shift=*/true);
  CHECK(editor.buffer().selectedText() == "beta");
  imgui.key(editor, kBackspace);
  CHECK(editor.buffer().text() == "alpha \ngamma");
  imgui.key(editor, 'A', /*ctrl=*/true);
  imgui.key(editor, kTab);
  CHECK(editor.buffer().text() == "    alpha \n    gamma");
  imgui.key(editor, kTab, false, /*shift=*/true);
  CHECK(editor.buffer().text() == "alpha \ngamma");
  imgui.key(editor, kDown);
  imgui.key(editor, kHome);
  CHECK(editor.buffer().caret() == TextPos{1, 0});
}

TEST_CASE("mouse: click, shift-click, drag and double-click", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  editor.setText("float3 normal;\nint count;\n");
  imgui.frame(editor);
  imgui.click(editor, textPoint(0, 2));
  CHECK(editor.buffer().caret() == TextPos{0, 2});
  imgui.click(editor, textPoint(1, 3), /*shift=*/true);
  CHECK(editor.buffer().selectedText() == "oat3 normal;\nint");
  // Drag from line 1 column 4 to column 9.
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(1, 4); io.MouseDown[0] = true; });
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(1, 9); io.MouseDown[0] = true; });
  imgui.frame(editor, [](ImGuiIO& io) { io.MouseDown[0] = false; });
  CHECK(editor.buffer().selectedText() == "count");
  // Double-click selects the word.
  imgui.click(editor, textPoint(0, 9));
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(0, 9); io.MouseDown[0] = true; });
  imgui.frame(editor, [](ImGuiIO& io) { io.MouseDown[0] = false; });
  CHECK(editor.buffer().selectedText() == "normal");
}

TEST_CASE("Ctrl+F finds as you type; Ctrl+H replaces; Ctrl+G goes to a line", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  std::string text;
  for (int i = 1; i <= 50; ++i) text += "line " + std::to_string(i) + " value\n";
  editor.setText(text);
  imgui.frame(editor);
  imgui.click(editor, textPoint(0, 0), false);
  imgui.key(editor, 'F', /*ctrl=*/true);
  REQUIRE(editor.findBarOpen());
  imgui.frame(editor);  // the find box takes focus
  imgui.type(editor, "line 42 ");
  imgui.frame(editor);
  CHECK(editor.matchCount() == 1);
  CHECK(editor.buffer().selection().begin() == TextPos{41, 0});
  CHECK(editor.buffer().text() == text);  // typing went to the find box, not the text

  editor.setFindText("value", SearchOptions{});
  CHECK(editor.matchCount() == 50);
  CHECK(editor.search().replaceAll(editor.buffer(), "v") == 50);
  CHECK(editor.buffer().line(49) == "line 50 v");

  imgui.key(editor, kEscape);
  CHECK(!editor.findBarOpen());
  imgui.frame(editor);
  imgui.key(editor, 'G', /*ctrl=*/true);
  imgui.frame(editor);
  imgui.type(editor, "17");
  imgui.key(editor, kEnter);
  imgui.frame(editor);
  CHECK(editor.caretLine() == 17);
}

TEST_CASE("jumpTo moves the caret and reports the new caret line; highlighted lines are kept", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  std::string text;
  for (int i = 0; i < 300; ++i) text += "x\n";
  editor.setText(text);
  std::vector<uint32_t> reported;
  editor.setOnCaretLineChanged([&](uint32_t line) { reported.push_back(line); });
  imgui.frame(editor);
  editor.jumpTo(250, 1);
  imgui.frame(editor);
  imgui.frame(editor);
  CHECK(editor.caretLine() == 250);
  CHECK(editor.focused());
  REQUIRE(!reported.empty());
  CHECK(reported.back() == 250);
  editor.setHighlightedLines({3, 5});
  CHECK(editor.highlightedLines() == std::set<uint32_t>{3, 5});
}

TEST_CASE("diagnostic squiggles and the hover tooltip", "[editor][widget]") {
  Harness imgui;
  CodeEditor editor;
  editor.setText("int x = 1;\nfloat y = undefined_name;\n");
  editor.setDiagnostics({EditorDiagnostic{2, 11, 0, sl::Severity::Error, "use of undeclared identifier"}});
  imgui.frame(editor);
  // Away from the squiggle: the window and the editor's child draw, nothing else.
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(0, 2); });
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(0, 2); });
  const int plain = ImGui::GetDrawData()->CmdListsCount;
  // Over the squiggled name: a tooltip window adds a draw list.
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(1, 13); });
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(1, 13); });
  CHECK(ImGui::GetDrawData()->CmdListsCount == plain + 1);
  // Over the gutter marker of that line too.
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = ImVec2(14, textPoint(1, 0).y); });
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = ImVec2(14, textPoint(1, 0).y); });
  CHECK(ImGui::GetDrawData()->CmdListsCount == plain + 1);
  // A line without diagnostics: none.
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(0, 13); });
  imgui.frame(editor, [](ImGuiIO& io) { io.MousePos = textPoint(0, 13); });
  CHECK(ImGui::GetDrawData()->CmdListsCount == plain);
}

TEST_CASE("a frame of a 2000-line file draws only the visible lines", "[editor][widget][perf]") {
  Harness imgui;
  CodeEditor editor;
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "    float4 value" + std::to_string(i) + " = saturate(tex.Sample(s, uv) * 2.0f); // c\n";
  editor.setText(text);
  imgui.frame(editor);
  const uint64_t tokenizedFirstFrame = editor.highlighter().tokenizeCount();
  CHECK(tokenizedFirstFrame < 100);  // only the lines on screen (600 px / 14 px)

  imgui.click(editor, textPoint(5, 10, 4));
  const auto start = std::chrono::steady_clock::now();
  const int frames = 60;
  for (int i = 0; i < frames; ++i) {
    imgui.frame(editor, [&](ImGuiIO& io) { io.AddInputCharacter('a' + char(i % 26)); });
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / frames;
  WARN("editor frame with typing, 2000-line file: " << ms << " ms");
  CHECK(ms < 16.0);
  CHECK(editor.buffer().lineCount() == 2001);
  CHECK(editor.highlighter().tokenizeCount() - tokenizedFirstFrame <= uint64_t(frames) + 100);
}

namespace {

// Vertices of the frame just rendered. ImGui's draw lists index with 16 bits: past 65,536 in one
// list (with no renderer offsetting vertices, as in this harness) Render() asserts and aborts.
size_t frameVertices() {
  size_t n = 0;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int i = 0; i < data->CmdListsCount; ++i) n += size_t(data->CmdLists[i]->VtxBuffer.Size);
  return n;
}

}  // namespace

TEST_CASE("hostile lines draw within ImGui's limits: NUL bytes, thousands of squiggles, binary, a megabyte",
          "[editor][widget][hostile]") {
  // Each of these aborted the app ("Too many vertices in ImDrawList using 16-bit indices"): a
  // squiggle without a range runs to the next blank, so 300 on 300 NUL bytes drew 45,000 cells of
  // zigzag; now lines and squiggles are cut to the view and squiggles of a severity merged.
  Harness imgui;
  struct Case {
    const char* name;
    std::string text;
    std::vector<EditorDiagnostic> diagnostics;
  };
  std::vector<Case> cases;
  {
    Case nul{"300 NUL bytes with a warning on each", "int x = 1; " + std::string(300, '\0') + "\nint y;\n", {}};
    for (uint32_t c = 12; c < 312; ++c) nul.diagnostics.push_back({1, c, 0, sl::Severity::Warning, "null character ignored"});
    cases.push_back(std::move(nul));
  }
  {
    Case errors{"2,000 errors on one line", "", {}};
    for (uint32_t k = 0; k < 2000; ++k) {
      errors.diagnostics.push_back({1, uint32_t(errors.text.size() + 1), 0, sl::Severity::Error, "use of undeclared identifier"});
      errors.text += "u" + std::to_string(k) + "; ";
    }
    cases.push_back(std::move(errors));
  }
  {
    Case binary{"200 KB of random bytes", "", {}};
    uint32_t state = 12345;
    for (int k = 0; k < 200000; ++k) {
      state = state * 1664525u + 1013904223u;
      binary.text.push_back(char(state >> 24));
    }
    for (uint32_t line = 1; line < 200; ++line)
      for (uint32_t c = 1; c < 400; c += 3) binary.diagnostics.push_back({line, c, 0, sl::Severity::Error, "invalid"});
    cases.push_back(std::move(binary));
  }
  cases.push_back({"a 1 MB line", "float s = " + std::string(1 << 20, 'a') + ";\n", {{1, 11, 0, sl::Severity::Error, "x"}}});
  for (Case& c : cases) {
    INFO(c.name);
    CodeEditor editor;
    editor.setText(c.text);
    editor.setDiagnostics(c.diagnostics);
    imgui.frame(editor);
    imgui.frame(editor);
    // An 800x600 view of 13 px text: about 110 x 43 cells.
    CHECK(frameVertices() < 40000);
    // Scrolled right, the cut follows the view.
    imgui.key(editor, kEnd);
    CHECK(frameVertices() < 40000);
  }
}

TEST_CASE("control bytes draw as a placeholder box in their cell", "[editor][widget][hostile]") {
  Harness imgui;
  CodeEditor editor;
  editor.setText(std::string("a\x01") + "b\x7f" + "\xff" + "c");
  imgui.frame(editor);
  imgui.frame(editor);
  // Text: "a", "b", "c" (one quad each) and three boxes, all in the editor's list.
  const ImDrawList* list = nullptr;
  const ImDrawData* data = ImGui::GetDrawData();
  for (int i = 0; i < data->CmdListsCount; ++i)
    if (std::string(data->CmdLists[i]->_OwnerName).find("code") != std::string::npos) list = data->CmdLists[i];
  REQUIRE(list);
  size_t boxes = 0;
  const float cell = textPoint(0, 1).x - textPoint(0, 0).x;
  for (int v = 0; v + 3 < list->VtxBuffer.Size; v += 4) {
    const ImDrawVert* q = &list->VtxBuffer.Data[v];
    // A filled rect: four corners, the white-pixel UV, narrower than a cell.
    const float w = q[2].pos.x - q[0].pos.x;
    if (q[0].uv.x == q[1].uv.x && q[0].uv.x == q[2].uv.x && w > cell * 0.5f && w < cell && q[0].pos.y == q[1].pos.y) ++boxes;
  }
  CHECK(boxes == 3);
}
