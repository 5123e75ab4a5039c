// Crash-recovery autosave: where the recovery file goes, when it is written, and that a clean
// exit keeps it only for unsaved work.
#include "app/gui/DocumentLoader.h"
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace std::chrono_literals;
using Clock = sl::gui::Autosaver::Clock;

namespace {

std::filesystem::path scratchDir(const std::string& name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("shaderlens-autosave-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string readText(const std::string& path) {
  std::string text, error;
  REQUIRE(sl::readWholeFile(path, text, error));
  return text;
}

}  // namespace

TEST_CASE("the recovery path lives under XDG_STATE_HOME and tells folders apart", "[autosave]") {
  const std::filesystem::path dir = scratchDir("path");
  ::setenv("XDG_STATE_HOME", dir.c_str(), 1);
  sl::views::Document a{"shader.hlsl", "", {}, "/one/shader.hlsl"};
  sl::views::Document b{"shader.hlsl", "", {}, "/two/shader.hlsl"};
  const std::string pathA = sl::gui::recoveryPathFor(a);
  CHECK(pathA.rfind((dir / "shaderlens" / "recovery" / "shader.hlsl-").string(), 0) == 0);
  CHECK(pathA != sl::gui::recoveryPathFor(b));
  CHECK(pathA == sl::gui::recoveryPathFor(a));
  ::unsetenv("XDG_STATE_HOME");
  std::filesystem::remove_all(dir);
}

TEST_CASE("autosave writes an edit once it settles, and only a changed text", "[autosave]") {
  const std::filesystem::path dir = scratchDir("write");
  const std::string path = (dir / "nested" / "r.hlsl").string();
  sl::gui::Autosaver autosaver(path, "original", 2s);
  const Clock::time_point t0 = Clock::now();
  CHECK(autosaver.update("original", t0).empty());
  CHECK(autosaver.update("edited", t0 + 100ms).empty());
  CHECK(autosaver.update("edited", t0 + 1s).empty());
  CHECK(!std::filesystem::exists(path));  // still typing
  CHECK(autosaver.update("edited", t0 + 2500ms).empty());
  REQUIRE(std::filesystem::exists(path));
  CHECK(readText(path) == "edited");
  CHECK(autosaver.update("edited", t0 + 10s).empty());
  CHECK(autosaver.writes() == 1);
  // A later edit restarts the wait.
  CHECK(autosaver.update("edited again", t0 + 11s).empty());
  CHECK(autosaver.update("edited again", t0 + 12s).empty());
  CHECK(readText(path) == "edited");
  CHECK(autosaver.update("edited again", t0 + 14s).empty());
  CHECK(readText(path) == "edited again");
  std::filesystem::remove_all(dir);
}

TEST_CASE("a clean exit removes the recovery file unless the work is unsaved", "[autosave]") {
  const std::filesystem::path dir = scratchDir("finish");
  const std::string path = (dir / "r.hlsl").string();
  {
    sl::gui::Autosaver autosaver(path, "a");
    CHECK(autosaver.finish("a b", "a"));  // unsaved: written now, kept
    CHECK(readText(path) == "a b");
  }
  {
    sl::gui::Autosaver autosaver(path, "a");
    CHECK(!autosaver.finish("a b", "a b"));  // saved: removed
    CHECK(!std::filesystem::exists(path));
  }
  sl::gui::Autosaver disabled("", "a");
  CHECK(disabled.update("b", Clock::now() + 1h).empty());
  CHECK(!disabled.finish("b", "a"));
  std::filesystem::remove_all(dir);
}
