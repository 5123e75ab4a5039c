// The app driven headless the way a user would, through GuiScript: open an example, type, see
// the stages update, break it and see the error, link lines, diff, run a bundle and save it; and
// the Run worker on the device (lavapipe) with expected-vs-actual marking.
#include "app/gui/AppShell.h"
#include "app/gui/DocumentLoader.h"
#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"
#include "views/Script.h"
#include "views/run/RunWorker.h"

#include <catch2/catch.hpp>

#include <imgui.h>

#include <filesystem>

using namespace sl;

namespace {

struct Session {
  views::Workspace workspace;
  views::GuiScript script;
  std::string error;

  explicit Session(const std::string& path) : workspace(load(path)) {
    workspace.setSaveFunction([](const std::string& file, const std::string& text) { return writeFileAtomically(file, text); });
    workspace.setOpenFunction([](const std::string& file, views::Document& out) { return gui::loadDocument(file, {}, out); });
    workspace.setExamplesDir(SHADERLENS_SOURCE_DIR "/shaders");
  }
  static views::Document load(const std::string& path) {
    views::Document doc;
    REQUIRE(gui::loadDocument(path, {}, doc) == "");
    return doc;
  }
  // Runs `text` as a script; returns its failures.
  std::vector<std::string> run(const std::string& text) {
    REQUIRE(views::GuiScript::parse(text, "test.script", script) == "");
    gui::ShellSettings settings;
    settings.width = 1280;
    settings.height = 800;
    settings.beforeFrame = [&](int, GLFWwindow*) { script.beforeFrame(workspace, ImGui::GetIO()); };
    settings.finished = [&] { return script.finished(); };
    settings.captureFrame = [&](int) { return !script.screenshotPath().empty(); };
    settings.onCaptured = [&](int, const gui::RgbaImage& image) { script.screenshotDone(image.width ? "" : "empty"); };
    gui::ShellOutcome outcome;
    error = gui::runHeadless(workspace, settings, outcome);
    REQUIRE(error == "");
    REQUIRE(script.finished());
    return script.failures();
  }
};

std::string tempDir() {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "shaderlens-script-test";
  std::filesystem::create_directories(dir);
  return dir.string();
}

}  // namespace

TEST_CASE("scripts reject unknown actions with their line", "[script]") {
  views::GuiScript script;
  CHECK(views::GuiScript::parse("# comment\n\nwait-compile\nfly away\n", "s", script) == "s:4: unknown action 'fly'");
}

TEST_CASE("a scripted session edits, breaks, fixes, links and diffs a shader", "[script]") {
  Session s(SHADERLENS_SOURCE_DIR "/shaders/teaching/01-threads.hlsl");
  std::vector<std::string> failures = s.run(R"(
target spirv
profile cs_6_0
wait-compile
expect-no-errors
expect-stage-ok spirv
expect-cmdline shaderlens compile -T cs_6_0 -E main -spirv
expect-binding Output register=u1 set=0 binding=1
expect-binding Input register=t0 descriptor=STORAGE_BUFFER
# break it: an undeclared name on the last line of main
caret 14 2
type "undeclared_thing = 1;\n"
wait-compile
expect-modified yes
expect-diagnostic undeclared_thing
key ctrl+z
key ctrl+z
wait-compile
expect-no-errors
# link line 13 (x = Input[id.x]) to the IR and back
select-line 13
expect-linked ir 2
expect-linked ir.bound 2
expect-linked ast 1
expect-linked preprocessed 1
click-stage-line ir 34
expect-linked-source 14
expect-linked ir.bound 3
diff on
stage ir.bound
expect-diff ir.bound changed
expect-diff qptr.analyze changed
tab signatures
expect-tab signatures
expect-signature-message Compute entries have no input or output signature
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

TEST_CASE("a failing expectation is reported with its script line", "[script]") {
  Session s(SHADERLENS_SOURCE_DIR "/shaders/teaching/01-threads.hlsl");
  std::vector<std::string> failures = s.run("wait-compile\nexpect-stage ast contains no_such_text_anywhere\nexpect-modified yes\n");
  REQUIRE(failures.size() == 2);
  CHECK(failures[0].rfind("test.script:2: expect-stage:", 0) == 0);
  CHECK(failures[1].rfind("test.script:3:", 0) == 0);
}

TEST_CASE("opening with unsaved changes asks, and examples open with their explanation", "[script]") {
  Session s(SHADERLENS_SOURCE_DIR "/shaders/teaching/01-threads.hlsl");
  std::vector<std::string> failures = s.run(R"(
expect-examples 7
caret 1
type // edit\n
expect-modified yes
example teaching/02-branches-and-loops.hlsl
expect-prompt yes
answer cancel
expect-prompt no
expect-title 01-threads
example teaching/02-branches-and-loops.hlsl
answer discard
expect-title 02-branches-and-loops
expect-banner structured regions
expect-modified no
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

TEST_CASE("a bundle runs from the Run panel, shows mismatches, and saves for shaderlens run", "[script][device]") {
  const std::string out = tempDir() + "/saved.test";
  std::filesystem::remove(out);
  Session s(SHADERLENS_SOURCE_DIR "/shaders/run/double.test");
  std::vector<std::string> failures = s.run(R"(
wait-compile
run
expect-run passed
expect-output Out 7 16
expect-mismatch Out 7 no
set-buffer In 1 2 3 4 5 6 7 100
run
expect-run failed
expect-output Out 7 200
expect-mismatch Out 7 yes
expect-mismatch Out 6 no
set-buffer In 1 2 3 4 5 6 7 8
dispatch 1 1 1
save-bundle )" + out + R"(
expect-file )" + out + R"( contains Data: [ 1, 2, 3, 4, 5, 6, 7, 8 ]
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
  std::string text, error;
  REQUIRE(readWholeFile(out, text, error));
  offload::BundleResult parsed = offload::parseBundle(text);
  REQUIRE(parsed.bundle);
  CHECK(parsed.bundle->runs.size() == 1);
}

TEST_CASE("a new bundle made from the shader's reflection runs", "[script][device]") {
  Session s(SHADERLENS_SOURCE_DIR "/shaders/teaching/01-threads.hlsl");
  std::vector<std::string> failures = s.run(R"(
target spirv
wait-compile
run-new
fill Input 64 3
run
expect-run unchecked
expect-output Output 0 9
expect-output Output 15 9
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

TEST_CASE("descriptor heaps: access sites in the Bindings tab, and a heap bundle runs", "[script][device]") {
  Session s(SHADERLENS_SOURCE_DIR "/shaders/heaps/descriptor-heap.hlsl");
  std::vector<std::string> failures = s.run(R"(
target spirv
profile cs_6_6
wait-compile
expect-no-errors
expect-heap-sites 2
expect-binding HeapSlots register=b0 set=0 binding=0
tab bindings
open )" + std::string(SHADERLENS_SHARED_DIR) + R"(/offload-test-suite/tests/Feature/DynamicResources/dyn-res-cvb-srv-uav.test
wait-compile
run
expect-run passed
expect-output BufOut 0 1000
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
}

TEST_CASE("a texture output is drawn as an image in the Run tab", "[script][device][image]") {
  // Upstream SRVToUAV: a 2x2 RWTexture2D<float4> output (OutputProps 2x2) holding the input's
  // texels with red and blue swapped.
  Session s(std::string(SHADERLENS_SHARED_DIR) + "/offload-test-suite/tests/Feature/Textures/SRVToUAV.test");
  std::vector<std::string> failures = s.run(R"(
wait-compile
tab run
run
expect-run passed
frames 3
expect-image Out 2x2 0 0 0000ff
expect-image Out 2x2 1 1 00ffff
)");
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
  // The renderer is gone with the loop, and its images with it.
  CHECK(s.workspace.runPanel().imageView("Out") == nullptr);

  // A wrong size or colour is a failure naming the line (a new loop starts on the first tab).
  failures = s.run("tab run\nframes 2\nexpect-image Out 4x4\nexpect-image Out 2x2 0 0 ff0000\nexpect-image In 2x2\n");
  REQUIRE(failures.size() == 3);
  CHECK_THAT(failures[0], Catch::Contains("test.script:3") && Catch::Contains("the image is 2x2"));
  CHECK_THAT(failures[1], Catch::Contains("is 0000ff, expected ff0000"));
  CHECK_THAT(failures[2], Catch::Contains("no image view for 'In'"));
}
