#include "app/gui/GuiOptions.h"

#include <catch2/catch.hpp>

using sl::gui::GuiOptions;
using sl::gui::parseGuiOptions;

TEST_CASE("gui options parse", "[gui-options]") {
  GuiOptions options;
  REQUIRE(parseGuiOptions({"a.hlsl", "--screenshot", "out.png", "--frames", "5", "--size", "800x600", "--scale", "2",
                           "--", "-T", "cs_6_0"},
                          options) == "");
  CHECK(options.file == "a.hlsl");
  CHECK(options.screenshotPath == "out.png");
  CHECK(options.frames == 5);
  CHECK(options.width == 800);
  CHECK(options.height == 600);
  CHECK(options.scale == 2.0f);
  CHECK(options.sizeGiven);  // it wins over the remembered window size
  CHECK(options.settingsPath.empty());
  CHECK(options.dxcArgs == std::vector<std::string>{"-T", "cs_6_0"});
}

TEST_CASE("gui option errors are clear", "[gui-options]") {
  GuiOptions options;
  CHECK(parseGuiOptions({"--frames", "0"}, options).find("--frames") != std::string::npos);
  CHECK(parseGuiOptions({"--frames"}, options) == "--frames needs a value");
  CHECK(parseGuiOptions({"--size", "800"}, options).find("WIDTHxHEIGHT") != std::string::npos);
  CHECK(parseGuiOptions({"--size", "10x10"}, options).find("64") != std::string::npos);
  CHECK(parseGuiOptions({"--scale", "abc"}, options).find("--scale") != std::string::npos);
  CHECK(parseGuiOptions({"--bogus"}, options).find("unknown option '--bogus'") != std::string::npos);
  GuiOptions two;
  CHECK(parseGuiOptions({"a.hlsl", "b.hlsl"}, two).find("more than one file") != std::string::npos);
  CHECK(parseGuiOptions({"--settings"}, options) == "--settings needs a value");
  CHECK(parseGuiOptions({"--settings", ""}, options) == "--settings needs a file name");
  GuiOptions remembered;
  REQUIRE(parseGuiOptions({"--settings", "s.txt"}, remembered) == "");
  CHECK(remembered.settingsPath == "s.txt");
  CHECK_FALSE(remembered.sizeGiven);  // the default size leaves room for the remembered one
  GuiOptions help;
  CHECK(parseGuiOptions({"--help"}, help) == "");
  CHECK(help.help);
}
