#include "app/cli/dap/DapSources.h"

#include <catch2/catch.hpp>

using namespace sl::cli::dap;

TEST_CASE("a bundle's lines are the source part's lines shifted", "[dap]") {
  // source.hlsl starts at line 2 of /w/loop.test.
  SourceMap map("/w/loop.test", "/w/loop.test/source.hlsl", 1);
  CHECK(map.clientLine("/w/loop.test/source.hlsl", 8) == 9);
  llvm::json::Object source = map.source("/w/loop.test/source.hlsl");
  CHECK(source.getString("path") == std::optional<llvm::StringRef>("/w/loop.test"));
  CHECK(source.getString("name") == std::optional<llvm::StringRef>("loop.test"));
  std::string error;
  std::optional<SourceMap::SessionLine> at = map.sessionLine("/w/loop.test", 9, error);
  REQUIRE(at);
  CHECK(at->file.empty());
  CHECK(at->line == 8);
  // The session's own name for the part counts the part's lines.
  at = map.sessionLine("/w/loop.test/source.hlsl", 8, error);
  REQUIRE(at);
  CHECK(at->line == 8);
  CHECK(!map.sessionLine("/w/loop.test", 1, error));
  CHECK(error == "line 1 of loop.test is before the shader (its source starts at line 2)");
}

TEST_CASE("a client counting lines from 0 gets 0-based lines both ways", "[dap]") {
  SourceMap map("/w/bare.hlsl", "/w/bare.hlsl/source.hlsl", 0);
  map.setLinesStartAt1(false);
  CHECK(map.clientLine("/w/bare.hlsl/source.hlsl", 7) == 6);
  std::string error;
  std::optional<SourceMap::SessionLine> at = map.sessionLine("/w/bare.hlsl", 6, error);
  REQUIRE(at);
  CHECK(at->line == 7);
  CHECK(!map.sessionLine("/w/bare.hlsl", -1, error));
}

TEST_CASE("other files keep their own names and lines", "[dap]") {
  SourceMap map("/w/loop.test", "/w/loop.test/source.hlsl", 1);
  CHECK(map.clientLine("/w/common.hlsli", 4) == 4);
  CHECK(map.source("/w/common.hlsli").getString("path") == std::optional<llvm::StringRef>("/w/common.hlsli"));
  std::string error;
  std::optional<SourceMap::SessionLine> at = map.sessionLine("/w/common.hlsli", 4, error);
  REQUIRE(at);
  CHECK(at->file == "/w/common.hlsli");
  CHECK(at->line == 4);
}
