// HLSL syntax highlighting for the code editor: a line tokenizer whose only state across lines is
// "inside a /* comment" and "inside a continued preprocessor line", and a per-line cache that
// re-tokenizes only what an edit touched (plus the lines after it while that state changes), so
// typing in a 2000-line file re-tokenizes one line per keystroke. Independent of ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sl::views::editor {

enum class TokenKind : uint8_t {
  Text,          // identifiers that are nothing special, whitespace
  Keyword,       // control flow, qualifiers, declarations
  Type,          // scalar/vector/matrix types, resource and sampler types
  Intrinsic,     // functions of the HLSL intrinsic table
  Number,
  String,        // "..." and '...'
  Comment,
  Preprocessor,  // a #directive line
  Semantic,      // the name after ':' in a declaration (SV_Target, TEXCOORD0, register(...))
  Punctuation,
};

struct Token {
  uint32_t begin = 0;  // byte columns in the line
  uint32_t end = 0;
  TokenKind kind = TokenKind::Text;
};

// What a line hands to the next.
enum LineStateBits : uint8_t {
  kInBlockComment = 1,
  kInPreprocessor = 2,  // the previous line was a directive ending in '\'
};
using LineState = uint8_t;

// Word classification (shared with the tokenizer; exposed for tests).
bool isHlslKeyword(std::string_view word);
bool isHlslType(std::string_view word);  // incl. float3, uint2x4, min16float4, Texture2D, ...
bool isHlslIntrinsic(std::string_view word);

// Tokenizes one line starting in `state`; appends tokens (whitespace is left out) and returns
// the state the next line starts in.
LineState tokenizeLine(std::string_view line, LineState state, std::vector<Token>& out);

class HlslHighlighter {
 public:
  // Lines [firstLine, firstLine + removedLines) became `addedLines` lines (TextBuffer's
  // onLinesChanged). Marks them for re-tokenizing.
  void linesChanged(uint32_t firstLine, uint32_t removedLines, uint32_t addedLines);
  // Brings the cache up to date through `lastLine` (the last visible line) and returns the
  // tokens of `line`.
  const std::vector<Token>& tokens(const std::vector<std::string>& lines, uint32_t line);
  void update(const std::vector<std::string>& lines, uint32_t lastLine);
  // How many line tokenizations ran (for tests and measurements).
  uint64_t tokenizeCount() const { return tokenizeCount_; }

 private:
  struct Line {
    LineState in = 0;
    LineState out = 0;
    bool dirty = true;  // the text changed since it was tokenized
    std::vector<Token> tokens;
  };
  std::vector<Line> cache_;
  // Lines before validUpTo_ are known to be tokenized from their text and the right incoming
  // state; from there on each line is checked (dirty, or its incoming state changed).
  uint32_t validUpTo_ = 0;
  uint64_t tokenizeCount_ = 0;
};

}  // namespace sl::views::editor
