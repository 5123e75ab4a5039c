// Crash-recovery autosave: where the recovery file goes, when it is written, that a clean exit
// keeps it only for unsaved work, and that a file an earlier run left is never overwritten or
// deleted unless the user restored it.
#include "core/support/AtomicFile.h"
#include "views/Autosaver.h"
#include "views/RecoveryOffer.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace std::chrono_literals;
using sl::views::Autosaver;
using Clock = Autosaver::Clock;

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
  const std::string recovery = sl::views::defaultRecoveryDir();
  CHECK(recovery == (dir / "shaderlens" / "recovery").string());
  sl::views::Document a{"shader.hlsl", "", {}, "/one/shader.hlsl"};
  sl::views::Document b{"shader.hlsl", "", {}, "/two/shader.hlsl"};
  const std::string pathA = sl::views::recoveryPathFor(recovery, a);
  CHECK(pathA.rfind((dir / "shaderlens" / "recovery" / "shader.hlsl-").string(), 0) == 0);
  CHECK(pathA.ends_with(".hlsl"));
  CHECK(pathA != sl::views::recoveryPathFor(recovery, b));
  CHECK(pathA == sl::views::recoveryPathFor(recovery, a));
  // Another slot (a run that kept an earlier file) is another name next to it.
  const std::string slot2 = sl::views::recoveryPathFor(recovery, a, 2);
  CHECK(slot2 == pathA.substr(0, pathA.size() - 5) + ".2.hlsl");
  // Parts of two bundles are told apart, though both are source.hlsl.
  sl::views::Document partA{"source.hlsl", "", {}, "", "", "/one/a.test"};
  sl::views::Document partB{"source.hlsl", "", {}, "", "", "/one/b.test"};
  CHECK(sl::views::recoveryPathFor(recovery, partA) != sl::views::recoveryPathFor(recovery, partB));
  CHECK(sl::views::recoveryPathFor(recovery, partA).find("a.test.source.hlsl-") != std::string::npos);
  ::unsetenv("XDG_STATE_HOME");
  std::filesystem::remove_all(dir);
}

TEST_CASE("autosave writes an edit once it settles, and only a changed text", "[autosave]") {
  const std::filesystem::path dir = scratchDir("write");
  const std::string path = (dir / "nested" / "r.hlsl").string();
  Autosaver autosaver(path, "original", Autosaver::Ownership::OnlyItsOwn, 2s);
  const Clock::time_point t0 = Clock::now();
  CHECK(autosaver.update("original", t0).empty());
  CHECK(autosaver.update("edited", t0 + 100ms).empty());
  CHECK(autosaver.update("edited", t0 + 1s).empty());
  CHECK(!std::filesystem::exists(path));  // still typing
  CHECK(autosaver.update("edited", t0 + 2500ms).empty());
  REQUIRE(std::filesystem::exists(path));
  CHECK(readText(path) == "edited");
  CHECK(autosaver.ownsFile());
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
    Autosaver autosaver(path, "a");
    CHECK(autosaver.finish("a b", "a"));  // unsaved: written now, kept
    CHECK(readText(path) == "a b");
  }
  {
    Autosaver autosaver(path, "a b", Autosaver::Ownership::Adopted);  // the user restored it
    CHECK(!autosaver.finish("a b", "a b"));  // saved: removed
    CHECK(!std::filesystem::exists(path));
  }
  Autosaver disabled("", "a");
  CHECK(disabled.update("b", Clock::now() + 1h).empty());
  CHECK(!disabled.finish("b", "a"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a recovery file an earlier run left is neither overwritten nor deleted", "[autosave]") {
  const std::filesystem::path dir = scratchDir("foreign");
  const std::string path = (dir / "r.hlsl").string();
  REQUIRE(sl::writeFileAtomically(path, std::string_view("the crashed run's edit")).empty());
  const Clock::time_point t0 = Clock::now();

  SECTION("typing does not overwrite it") {
    Autosaver autosaver(path, "on disk", Autosaver::Ownership::OnlyItsOwn, 2s);
    CHECK(autosaver.update("typed", t0).empty());
    CHECK(autosaver.update("typed", t0 + 3s).find("earlier session") != std::string::npos);
    CHECK(autosaver.update("typed", t0 + 4s).empty());  // said once
    CHECK(!autosaver.flush("typed more").empty());
    CHECK(readText(path) == "the crashed run's edit");
    CHECK(autosaver.writes() == 0);
    CHECK(!autosaver.ownsFile());
    // Unsaved at exit: still not written over.
    CHECK(!autosaver.finish("typed more", "on disk"));
    CHECK(readText(path) == "the crashed run's edit");
  }
  SECTION("a clean exit with nothing unsaved does not delete it") {
    Autosaver autosaver(path, "on disk");
    CHECK(!autosaver.finish("on disk", "on disk"));
    REQUIRE(std::filesystem::exists(path));
    CHECK(readText(path) == "the crashed run's edit");
  }
  SECTION("once the user restored it, it is this run's to write and remove") {
    Autosaver autosaver(path, "the crashed run's edit", Autosaver::Ownership::Adopted, 2s);
    CHECK(autosaver.update("restored, then typed", t0).empty());
    CHECK(autosaver.update("restored, then typed", t0 + 3s).empty());
    CHECK(readText(path) == "restored, then typed");
    CHECK(!autosaver.finish("saved", "saved"));
    CHECK(!std::filesystem::exists(path));
  }
  SECTION("a file gone before the first write leaves the name free again") {
    Autosaver autosaver(path, "on disk", Autosaver::Ownership::OnlyItsOwn, 2s);
    std::filesystem::remove(path);
    CHECK(autosaver.flush("typed").empty());
    CHECK(readText(path) == "typed");
    CHECK(autosaver.ownsFile());
  }
  std::filesystem::remove_all(dir);
}
