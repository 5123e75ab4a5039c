// The HLSL tokenizer and its incremental cache.
#include "views/editor/HlslHighlighter.h"
#include "views/editor/TextBuffer.h"

#include <catch2/catch.hpp>

using namespace sl::views::editor;

namespace {

// "kind:text" for each token of one line.
std::vector<std::string> describe(std::string_view line, LineState state = 0, LineState* out = nullptr) {
  std::vector<Token> tokens;
  LineState next = tokenizeLine(line, state, tokens);
  if (out) *out = next;
  std::vector<std::string> result;
  for (const Token& t : tokens) {
    const char* kind = "?";
    switch (t.kind) {
      case TokenKind::Text: kind = "text"; break;
      case TokenKind::Keyword: kind = "kw"; break;
      case TokenKind::Type: kind = "type"; break;
      case TokenKind::Intrinsic: kind = "fn"; break;
      case TokenKind::Number: kind = "num"; break;
      case TokenKind::String: kind = "str"; break;
      case TokenKind::Comment: kind = "comment"; break;
      case TokenKind::Preprocessor: kind = "pp"; break;
      case TokenKind::Semantic: kind = "sem"; break;
      case TokenKind::Punctuation: continue;  // left out to keep expectations short
    }
    result.push_back(std::string(kind) + ":" + std::string(line.substr(t.begin, t.end - t.begin)));
  }
  return result;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("types cover scalars, vectors, matrices and resources", "[editor][highlight]") {
  for (const char* type : {"float", "float4", "uint2x3", "min16float4", "int64_t2", "half4x4", "Texture2D",
                           "RWStructuredBuffer", "SamplerState", "ByteAddressBuffer"})
    CHECK(isHlslType(type));
  for (const char* notType : {"float5", "float4x5", "floaty", "texture2d", "main"}) CHECK(!isHlslType(notType));
}

TEST_CASE("intrinsic names come from the frontend's table", "[editor][highlight]") {
  CHECK(isHlslIntrinsic("saturate"));
  CHECK(isHlslIntrinsic("WaveActiveSum"));
  CHECK(isHlslIntrinsic("mul"));
  CHECK(!isHlslIntrinsic("myFunction"));
}

TEST_CASE("a declaration with semantics, numbers and an intrinsic call", "[editor][highlight]") {
  CHECK(describe("float4 main(float2 uv : TEXCOORD0) : SV_Target {") ==
        Strings{"type:float4", "text:main", "type:float2", "text:uv", "sem:TEXCOORD0", "sem:SV_Target"});
  CHECK(describe("  return saturate(x * 2.5f + 0x1Fu) ? a : b;") ==
        Strings{"kw:return", "fn:saturate", "text:x", "num:2.5f", "num:0x1Fu", "text:a", "text:b"});
  CHECK(describe("RWBuffer<uint> o : register(u0); float length = 1e-3;") ==
        Strings{"type:RWBuffer", "type:uint", "text:o", "kw:register", "text:u0", "type:float", "text:length", "num:1e-3"});
  CHECK(describe("case 2: y = 1; default: break;") == Strings{"kw:case", "num:2", "text:y", "num:1", "kw:default", "kw:break"});
  CHECK(describe("x = \"a \\\" b\"; // tail") == Strings{"text:x", "str:\"a \\\" b\"", "comment:// tail"});
}

TEST_CASE("block comments carry across lines", "[editor][highlight]") {
  LineState state = 0;
  CHECK(describe("int a; /* start", 0, &state) == Strings{"type:int", "text:a", "comment:/* start"});
  CHECK(state == kInBlockComment);
  CHECK(describe("still comment", state, &state) == Strings{"comment:still comment"});
  CHECK(state == kInBlockComment);
  CHECK(describe("end */ float b;", state, &state) == Strings{"comment:end */", "type:float", "text:b"});
  CHECK(state == 0);
}

TEST_CASE("preprocessor lines, with continuations and comments", "[editor][highlight]") {
  LineState state = 0;
  CHECK(describe("#define N 4 // count", 0, &state) == Strings{"pp:#define N 4 ", "comment:// count"});
  CHECK(state == 0);
  CHECK(describe("  #define M(x) \\", 0, &state) == Strings{"pp:  #define M(x) \\"});
  CHECK(state == kInPreprocessor);
  CHECK(describe("    (x + 1)", state, &state) == Strings{"pp:    (x + 1)"});
  CHECK(state == 0);
}

TEST_CASE("the cache re-tokenizes only the edited line, and what a comment change reaches", "[editor][highlight]") {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "float4 v" + std::to_string(i) + " = saturate(x); // line\n";
  TextBuffer buffer(text);
  HlslHighlighter highlighter;
  buffer.onLinesChanged = [&](uint32_t first, uint32_t removed, uint32_t added) { highlighter.linesChanged(first, removed, added); };
  highlighter.update(buffer.lines(), buffer.lineCount() - 1);
  const uint64_t full = highlighter.tokenizeCount();
  CHECK(full == buffer.lineCount());

  // Typing a character on line 1000: one line re-tokenized.
  buffer.setCaret(TextPos{1000, 0});
  buffer.typeCharacter('x');
  highlighter.update(buffer.lines(), buffer.lineCount() - 1);
  CHECK(highlighter.tokenizeCount() == full + 1);

  // Opening a comment on line 10 turns the rest of the file into comment.
  buffer.setCaret(TextPos{10, 0});
  buffer.insertText("/*");
  CHECK(highlighter.tokens(buffer.lines(), 1500).size() == 1);
  CHECK(highlighter.tokens(buffer.lines(), 1500)[0].kind == TokenKind::Comment);
  // Closing it on line 12 restores the rest with only a few lines re-tokenized.
  const uint64_t before = highlighter.tokenizeCount();
  buffer.setCaret(TextPos{12, 0});
  buffer.insertText("*/");
  highlighter.update(buffer.lines(), buffer.lineCount() - 1);
  CHECK(highlighter.tokens(buffer.lines(), 1500)[0].kind == TokenKind::Type);
  CHECK(highlighter.tokens(buffer.lines(), 11)[0].kind == TokenKind::Comment);
  CHECK(highlighter.tokens(buffer.lines(), 13)[0].kind == TokenKind::Type);
  // Lines 12..1500 changed state; 1501.. were never drawn as comment, so they stay as they were.
  CHECK(highlighter.tokenizeCount() - before == 1500 - 12 + 1);
}
