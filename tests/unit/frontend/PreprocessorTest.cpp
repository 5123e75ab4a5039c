#include "core/frontend/Preprocessor.h"

#include <catch2/catch.hpp>

#include <clang/Lex/Token.h>

#include <filesystem>
#include <fstream>

using namespace sl;
using namespace sl::frontend;

static std::string tokensOf(const PreprocessedUnit& unit) {
  std::string out;
  for (const clang::Token& t : unit.tokens()) {
    if (t.is(clang::tok::eof)) break;
    if (!out.empty()) out += ' ';
    out += unit.spelling(t);
  }
  return out;
}

TEST_CASE("object-like and function-like macros expand") {
  auto unit = preprocess("t.hlsl", "#define N 4\n#define SQ(x) ((x)*(x))\nint a = SQ(N);\n", {});
  CHECK_FALSE(unit->hasErrors());
  CHECK(tokensOf(*unit) == "int a = ( ( 4 ) * ( 4 ) ) ;");
}

TEST_CASE("-D defines and DXC's predefined macros are visible") {
  PreprocessOptions options;
  options.defines = {{"FOO", "7"}, {"BAR", ""}};
  options.profile = "cs_6_5";
  auto unit = preprocess("t.hlsl",
                         "int a = FOO + BAR;\nint b = __SHADER_TARGET_MAJOR * 10 + __SHADER_TARGET_MINOR;\n"
                         "#if __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE && __HLSL_VERSION >= 2021\nint ok;\n#endif\n",
                         options);
  CHECK(tokensOf(*unit) == "int a = 7 + 1 ; int b = 6 * 10 + 5 ; int ok ;");
}

TEST_CASE("__spirv__ is defined only for SPIR-V") {
  PreprocessOptions options;
  const char* src = "#ifdef __spirv__\nint v;\n#else\nint d;\n#endif\n";
  CHECK(tokensOf(*preprocess("t.hlsl", src, options)) == "int d ;");
  options.spirv = true;
  CHECK(tokensOf(*preprocess("t.hlsl", src, options)) == "int v ;");
}

TEST_CASE("quoted includes resolve relative to the including file, -I for the rest, #pragma once") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("sl-pp-" + std::to_string(::getpid()));
  fs::create_directories(dir / "inc");
  std::ofstream(dir / "local.h") << "#pragma once\nint local;\n";
  std::ofstream(dir / "inc" / "lib.h") << "int lib;\n";
  PreprocessOptions options;
  options.includeDirs = {(dir / "inc").string()};
  // The main file does not exist on disk: the editor buffer is overlaid at its path.
  auto unit = preprocess((dir / "main.hlsl").string(),
                         "#include \"local.h\"\n#include \"local.h\"\n#include <lib.h>\nint main_;\n", options);
  CHECK_FALSE(unit->hasErrors());
  CHECK(tokensOf(*unit) == "int local ; int lib ; int main_ ;");
  fs::remove_all(dir);
}

TEST_CASE("a missing include is an error at the directive") {
  auto unit = preprocess("m.hlsl", "int a;\n#include \"nope.h\"\n", {});
  REQUIRE(unit->hasErrors());
  const Diagnostic& d = unit->diagnostics().front();
  CHECK(d.range.begin.line == 2);
  CHECK(d.range.begin.column == 10);
  CHECK(d.message == "'nope.h' file not found");
  CHECK(d.sourceLine == "#include \"nope.h\"");
}

TEST_CASE("#error reports its text") {
  auto unit = preprocess("m.hlsl", "#if 1\n#error stop here\n#endif\n", {});
  REQUIRE(unit->diagnostics().size() == 1);
  CHECK(unit->diagnostics()[0].message == "stop here");
  CHECK(unit->diagnostics()[0].range.begin.line == 2);
}

TEST_CASE("#line changes presumed locations and the text carries markers") {
  auto unit = preprocess("m.hlsl", "int a;\n#line 100 \"other.hlsl\"\nint b;\n", {});
  CHECK(unit->text() == "#line 1 \"" + unit->location(unit->tokens()[0].getLocation()).file +
                            "\"\nint a;\n#line 100 \"other.hlsl\"\nint b;\n");
  SourceLoc b = unit->location(unit->tokens()[3].getLocation());
  CHECK(b.file == "other.hlsl");
  CHECK(b.line == 100);
  REQUIRE(unit->lineMap().size() == 4);
  CHECK(unit->lineMap()[3].line == 100);
}

TEST_CASE("a diagnostic inside a macro points at the use and notes the macro") {
  auto unit = preprocess("m.hlsl", "#define M(x) x\nint a = M(1);\n", {});
  // Token '1' is spelled in the argument; '(' etc. come from the file. Take the macro-body token.
  const clang::Token& x = unit->tokens()[3];
  Diagnostic d = unit->makeDiagnostic(Severity::Error, x.getLocation(), "bad");
  CHECK(d.range.begin.line == 2);
  CHECK(d.sourceLine == "int a = M(1);");
}

TEST_CASE("blank lines are kept so preprocessed lines map back to source lines") {
  auto unit = preprocess("m.hlsl", "int a;\n\n\nint b;\n", {});
  CHECK(unit->text().find("int a;\n\n\nint b;\n") != std::string::npos);
  const auto& map = unit->lineMap();
  REQUIRE(map.size() == 5);
  CHECK(map[1].line == 1);
  CHECK(map[4].line == 4);
}
