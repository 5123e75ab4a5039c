// Crash recovery in the app, driven headless by scripts: opening a document a crashed run left
// unsaved changes of shows the "Recovered changes" modal (at start-up, File > Open, Examples), and
// Restore, Discard and Keep do what they say; nothing is written over or deleted unasked.
#include "app/gui/AppShell.h"
#include "app/gui/DocumentLoader.h"
#include "core/support/AtomicFile.h"
#include "views/Script.h"

#include <catch2/catch.hpp>

#include <imgui.h>

#include <unistd.h>
#include <filesystem>

using namespace sl;
namespace fs = std::filesystem;

namespace {

// A shader, a second one and a recovery folder in a fresh scratch folder.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("shaderlens-recovery-session-" + std::to_string(::getpid()));
  std::string shader = (dir / "shader.hlsl").string();
  std::string other = (dir / "other.hlsl").string();
  std::string recovery = (dir / "state" / "recovery").string();

  Scratch() {
    fs::remove_all(dir);
    fs::create_directories(recovery);
    REQUIRE(writeFileAtomically(shader, std::string_view("// on disk\n[numthreads(1,1,1)] void main() {}\n")).empty());
    REQUIRE(
        writeFileAtomically(other, std::string_view("// other on disk\n[numthreads(1,1,1)] void main() {}\n")).empty());
  }
  ~Scratch() { fs::remove_all(dir); }
  static views::Document load(const std::string& path) {
    views::Document document;
    REQUIRE(gui::loadDocument(path, {}, document) == "");
    return document;
  }
  std::string slot(const std::string& path, unsigned n = 0) const {
    return views::recoveryPathFor(recovery, load(path), n);
  }
  // What a crashed run leaves: a recovery file `age` old.
  void crashed(const std::string& path, const std::string& text, unsigned n = 0, std::chrono::seconds age = {}) const {
    REQUIRE(writeFileAtomically(slot(path, n), text).empty());
    fs::last_write_time(slot(path, n), fs::file_time_type::clock::now() - age);
  }
};

std::string readText(const std::string& path) {
  std::string text, error;
  REQUIRE(readWholeFile(path, text, error));
  return text;
}

// One run of the app on `path` with recovery in `recoveryDir`.
struct Run {
  views::Workspace workspace;
  views::GuiScript script;
  bool sawModal = false;

  Run(const std::string& path, const std::string& recoveryDir) : workspace(Scratch::load(path)) {
    workspace.setSaveFunction(
        [](const std::string& file, const std::string& text) { return writeFileAtomically(file, text); });
    workspace.setOpenFunction(
        [](const std::string& file, views::Document& out) { return gui::loadDocument(file, {}, out); });
    workspace.setExamplesDir(SHADERLENS_SOURCE_DIR "/shaders");
    workspace.setRecoveryDir(recoveryDir);
  }
  std::vector<std::string> run(const std::string& text) {
    REQUIRE(views::GuiScript::parse(text, "recovery.script", script) == "");
    gui::ShellSettings settings;
    settings.beforeFrame = [&](int, GLFWwindow*) {
      // A popup drawn last frame while the offer is open: the modal is up.
      if (workspace.recoveryOfferOpen() &&
          ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
        sawModal = true;
      script.beforeFrame(workspace, ImGui::GetIO());
    };
    settings.finished = [&] { return script.finished(); };
    gui::ShellOutcome outcome;
    REQUIRE(gui::runHeadless(workspace, settings, outcome) == "");
    REQUIRE(script.finished());
    for (const std::string& failure : script.failures()) UNSCOPED_INFO(failure);
    return script.failures();
  }
};

}  // namespace

TEST_CASE("Restore loads the recovered text as an unsaved, undoable edit", "[script][recovery]") {
  Scratch s;
  s.crashed(s.shader, "// recovered edit\n[numthreads(1,1,1)] void main() {}\n");
  Run app(s.shader, s.recovery);
  CHECK(app.run(R"(
frames 2
expect-recovery yes shader.hlsl-
expect-modified no
recover restore
expect-recovery no
expect-modified yes
expect-text contains // recovered edit
expect-title shader.hlsl
open )" + s.other +
                R"(
expect-prompt yes
answer cancel
)")
            .empty());
  CHECK(app.sawModal);
  // The file is this run's now: its autosave writes there.
  CHECK(app.workspace.flushAutosave() == "");
  REQUIRE(app.workspace.autosaver());
  CHECK(app.workspace.autosaver()->path() == s.slot(s.shader));
  CHECK(app.workspace.autosaver()->ownsFile());
  CHECK(readText(s.slot(s.shader)).find("// recovered edit") == 0);
  // Undo goes back to the text on disk.
  REQUIRE(app.workspace.editorState().widget->buffer().undo());
  CHECK(app.workspace.editorState().widget->buffer().text() == readText(s.shader));
}

TEST_CASE("Discard deletes the recovery file; autosave then starts afresh", "[script][recovery]") {
  Scratch s;
  s.crashed(s.shader, "// recovered edit\n");
  Run app(s.shader, s.recovery);
  CHECK(app.run(R"(
frames 2
expect-recovery yes
recover discard
expect-recovery no
expect-modified no
expect-text contains // on disk
caret 1
type // typed now\n
autosave
)")
            .empty());
  CHECK(app.sawModal);
  CHECK(readText(s.slot(s.shader)).find("// typed now") == 0);
}

TEST_CASE("Keep leaves the file as it was, autosaves elsewhere, and the next start offers both", "[script][recovery]") {
  Scratch s;
  const std::string crashed = "// the first crash\n";
  s.crashed(s.shader, crashed, 0, std::chrono::hours(1));
  {
    Run app(s.shader, s.recovery);
    CHECK(app.run(R"(
expect-recovery yes
recover keep
expect-recovery no
caret 1
type // the second run\n
autosave
)")
              .empty());
    // The second run "crashes": no finishAutosave.
  }
  CHECK(readText(s.slot(s.shader)) == crashed);
  CHECK(readText(s.slot(s.shader, 1)).find("// the second run") == 0);

  Run next(s.shader, s.recovery);
  CHECK(next.run(R"(
expect-recovery yes .1.hlsl
recover keep
expect-recovery yes
recover discard
expect-recovery no
)")
            .empty());
  CHECK(!fs::exists(s.slot(s.shader)));
  CHECK(fs::exists(s.slot(s.shader, 1)));
}

TEST_CASE("File > Open and Examples offer the opened document's recovery file", "[script][recovery]") {
  Scratch s;
  const std::string example = SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl";
  s.crashed(s.other, "// other, recovered\n");
  s.crashed(example, "// hello, recovered\n");
  Run app(s.shader, s.recovery);
  CHECK(app.run(R"(
expect-recovery no
open )" + s.other +
                R"(
expect-recovery yes other.hlsl-
recover keep
example compute/hello.hlsl
expect-recovery yes hello.hlsl-
recover restore
expect-text contains // hello, recovered
)")
            .empty());
  CHECK(app.sawModal);
  CHECK(readText(s.slot(s.other)) == "// other, recovered\n");
}

TEST_CASE("quitting with the offer unanswered leaves the file untouched", "[script][recovery]") {
  Scratch s;
  s.crashed(s.shader, "// recovered edit\n");
  Run app(s.shader, s.recovery);
  CHECK(app.run("frames 2\nexpect-recovery yes\nquit\n").empty());
  CHECK(app.workspace.finishAutosave(readText(s.shader)).empty());
  CHECK(app.workspace.autosave(views::Autosaver::Clock::now()).empty());
  CHECK(readText(s.slot(s.shader)) == "// recovered edit\n");
}

TEST_CASE("a recovery file equal to the document goes silently", "[script][recovery]") {
  Scratch s;
  s.crashed(s.shader, readText(s.shader));
  Run app(s.shader, s.recovery);
  CHECK(app.run("expect-recovery no\n").empty());
  CHECK(!fs::exists(s.slot(s.shader)));
}

TEST_CASE("a bundle's autosave keeps the Run tab's pipeline, and Restore brings it back", "[script][recovery]") {
  Scratch s;
  const std::string bundle = (s.dir / "double.test").string();
  fs::copy_file(SHADERLENS_SOURCE_DIR "/shaders/run/double.test", bundle);
  {
    Run app(bundle, s.recovery);
    CHECK(app.run(R"(
expect-recovery no
set-buffer In 7 7 7 7 7 7 7 7
expect-modified yes
autosave
)")
              .empty());
    // The run "crashes": no finishAutosave. Its recovery file is the whole bundle.
    REQUIRE(app.workspace.autosaver());
    const std::string kept = readText(app.workspace.autosaver()->path());
    CHECK(kept.find("--- pipeline.yaml") != std::string::npos);
    CHECK(kept.find("[ 7, 7, 7, 7, 7, 7, 7, 7 ]") != std::string::npos);
  }
  // Untouched on disk.
  CHECK(readText(bundle).find("[ 1, 2, 3, 4, 5, 6, 7, 8 ]") != std::string::npos);
  Run next(bundle, s.recovery);
  CHECK(next.run(R"(
expect-recovery yes double.test
recover restore
expect-modified yes
expect-buffer In 0 7
expect-text contains Out[id.x] = In[id.x] * 2;
run-undo
expect-buffer In 0 1
)")
            .empty());
  // The editor got the source part only, not the whole bundle.
  CHECK(next.workspace.editor().text.find("--- pipeline.yaml") == std::string::npos);
  // Saved, nothing is left to recover at exit.
  next.workspace.save();
  CHECK(!next.workspace.modified());
  CHECK(next.workspace.finishAutosave("") == "");
}
