#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

using namespace sl;

TEST_CASE("writeFileAtomically replaces a file and leaves no temporaries") {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("sl-atomic-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "out.txt").string();
  REQUIRE(writeFileAtomically(path, std::string_view("first")).empty());
  REQUIRE(writeFileAtomically(path, std::string_view("second")).empty());
  std::string contents, error;
  REQUIRE(readWholeFile(path, contents, error));
  CHECK(contents == "second");
  size_t entries = 0;
  for ([[maybe_unused]] auto& e : std::filesystem::directory_iterator(dir)) ++entries;
  CHECK(entries == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("writing into a missing directory reports the path") {
  std::string error = writeFileAtomically("/nonexistent-dir-sl/x.bin", std::string_view("x"));
  CHECK(error.find("/nonexistent-dir-sl/x.bin") != std::string::npos);
}

TEST_CASE("reading a missing file fails with a message") {
  std::string contents, error;
  CHECK_FALSE(readWholeFile("/nonexistent-dir-sl/y", contents, error));
  CHECK(error.find("cannot open") != std::string::npos);
}
