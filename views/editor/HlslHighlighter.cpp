#include "views/editor/HlslHighlighter.h"

#include "core/frontend/Intrinsics.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <mutex>
#include <unordered_set>

namespace sl::views::editor {

namespace {

const std::unordered_set<std::string_view>& keywords() {
  static const std::unordered_set<std::string_view> set = {
      "if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue", "return", "discard",
      "struct", "class", "interface", "cbuffer", "tbuffer", "typedef", "namespace", "template", "typename", "using",
      "static", "const", "uniform", "extern", "inline", "in", "out", "inout", "groupshared", "precise", "shared",
      "volatile", "nointerpolation", "linear", "centroid", "noperspective", "sample", "row_major", "column_major",
      "snorm", "unorm", "true", "false", "register", "packoffset", "export", "this", "sizeof", "point", "line",
      "triangle", "lineadj", "triangleadj", "vertices", "indices", "primitives", "payload", "globallycoherent",
      "enum", "operator", "public", "private", "constexpr", "static_assert"};
  return set;
}

const std::unordered_set<std::string_view>& objectTypes() {
  static const std::unordered_set<std::string_view> set = {
      "void", "string", "vector", "matrix", "sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE",
      "SamplerState", "SamplerComparisonState", "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray",
      "Texture2DMS", "Texture2DMSArray", "Texture3D", "TextureCube", "TextureCubeArray", "RWTexture1D",
      "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D", "RWTexture2DMS", "RWTexture2DMSArray",
      "Buffer", "RWBuffer", "ByteAddressBuffer", "RWByteAddressBuffer", "StructuredBuffer", "RWStructuredBuffer",
      "AppendStructuredBuffer", "ConsumeStructuredBuffer", "ConstantBuffer", "TextureBuffer",
      "RasterizerOrderedBuffer", "RasterizerOrderedByteAddressBuffer", "RasterizerOrderedStructuredBuffer",
      "RasterizerOrderedTexture1D", "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
      "RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D", "FeedbackTexture2D",
      "FeedbackTexture2DArray", "RaytracingAccelerationStructure", "RayDesc", "RayQuery",
      "BuiltInTriangleIntersectionAttributes", "InputPatch", "OutputPatch", "PointStream", "LineStream",
      "TriangleStream", "NodeOutput", "DispatchNodeInputRecord"};
  return set;
}

// Scalar bases that take vector (float3) and matrix (float3x4) suffixes.
constexpr std::array<std::string_view, 22> kScalarBases = {
    "bool", "int", "uint", "dword", "half", "float", "double", "min16float", "min10float", "min16int", "min12int",
    "min16uint", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t", "float16_t", "float32_t",
    "float64_t", "uint8_t4_packed"};

bool isDimension(char c) { return c >= '1' && c <= '4'; }

bool isIdentStart(unsigned char c) { return c == '_' || std::isalpha(c) || c >= 0x80; }
bool isIdentChar(unsigned char c) { return c == '_' || std::isalnum(c) || c >= 0x80; }

}  // namespace

bool isHlslKeyword(std::string_view word) { return keywords().count(word) != 0; }

bool isHlslType(std::string_view word) {
  if (objectTypes().count(word)) return true;
  if (word == "int8_t4_packed" || word == "uint8_t4_packed") return true;
  for (std::string_view base : kScalarBases) {
    if (word.substr(0, base.size()) != base) continue;
    std::string_view rest = word.substr(base.size());
    if (rest.empty()) return true;
    if (rest.size() == 1 && isDimension(rest[0])) return true;
    if (rest.size() == 3 && isDimension(rest[0]) && rest[1] == 'x' && isDimension(rest[2])) return true;
  }
  return false;
}

bool isHlslIntrinsic(std::string_view word) {
  // The frontend's intrinsic table is the source of truth; remember answers, the tokenizer asks
  // for every identifier it sees.
  static std::mutex mutex;
  static std::unordered_map<std::string, bool> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = known.find(std::string(word));
  if (found != known.end()) return found->second;
  const bool intrinsic = frontend::hasIntrinsic("Intrinsics", word) || frontend::hasIntrinsic("DxIntrinsics", word) ||
                         frontend::hasIntrinsic("VkIntrinsics", word);
  known.emplace(std::string(word), intrinsic);
  return intrinsic;
}

LineState tokenizeLine(std::string_view line, LineState state, std::vector<Token>& out) {
  const uint32_t size = uint32_t(line.size());
  uint32_t i = 0;
  auto push = [&](uint32_t begin, uint32_t end, TokenKind kind) {
    if (end > begin) out.push_back(Token{begin, end, kind});
  };
  auto blockComment = [&](uint32_t from) {  // from is inside a comment; returns true when it closed
    size_t close = line.find("*/", from);
    if (close == std::string_view::npos) {
      push(i, size, TokenKind::Comment);
      i = size;
      return false;
    }
    push(i, uint32_t(close + 2), TokenKind::Comment);
    i = uint32_t(close + 2);
    return true;
  };

  if (state & kInBlockComment) {
    if (!blockComment(0)) return kInBlockComment | (state & kInPreprocessor);
  }
  // A directive: the whole line is preprocessor text except comments, and a trailing '\'
  // continues it onto the next line.
  size_t firstNonBlank = line.find_first_not_of(" \t");
  const bool directive = (state & kInPreprocessor) ||
                         (firstNonBlank != std::string_view::npos && firstNonBlank >= i && line[firstNonBlank] == '#');
  if (directive) {
    while (i < size) {
      size_t lineComment = line.find("//", i);
      size_t openComment = line.find("/*", i);
      size_t next = std::min(lineComment, openComment);
      if (next == std::string_view::npos) {
        push(i, size, TokenKind::Preprocessor);
        i = size;
        break;
      }
      push(i, uint32_t(next), TokenKind::Preprocessor);
      i = uint32_t(next);
      if (next == lineComment) {
        push(i, size, TokenKind::Comment);
        return 0;
      }
      i += 2;
      uint32_t start = i - 2;
      size_t close = line.find("*/", i);
      if (close == std::string_view::npos) {
        push(start, size, TokenKind::Comment);
        return kInBlockComment | kInPreprocessor;
      }
      push(start, uint32_t(close + 2), TokenKind::Comment);
      i = uint32_t(close + 2);
    }
    const size_t last = line.find_last_not_of(" \t");
    return last != std::string_view::npos && line[last] == '\\' ? kInPreprocessor : 0;
  }

  // Semantics: an identifier after a single ':' that is not a ternary's or a label's.
  int pendingTernaries = 0;  // '?' without its ':' yet
  int pendingLabels = 0;     // `case` / `default` without its ':' yet
  bool afterColon = false;
  while (i < size) {
    const unsigned char c = line[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '/' && i + 1 < size && line[i + 1] == '/') {
      push(i, size, TokenKind::Comment);
      return 0;
    }
    if (c == '/' && i + 1 < size && line[i + 1] == '*') {
      if (!blockComment(i + 2)) return kInBlockComment;
      continue;
    }
    if (c == '"' || c == '\'') {
      uint32_t j = i + 1;
      while (j < size && line[j] != char(c)) j += line[j] == '\\' ? 2 : 1;
      j = std::min(size, j + 1);
      push(i, j, TokenKind::String);
      i = j;
      afterColon = false;
      continue;
    }
    if (std::isdigit(c) || (c == '.' && i + 1 < size && std::isdigit(static_cast<unsigned char>(line[i + 1])))) {
      uint32_t j = i;
      if (c == '0' && i + 1 < size && (line[i + 1] == 'x' || line[i + 1] == 'X')) {
        j += 2;
        while (j < size && std::isxdigit(static_cast<unsigned char>(line[j]))) ++j;
      } else {
        while (j < size && (std::isdigit(static_cast<unsigned char>(line[j])) || line[j] == '.')) ++j;
        if (j < size && (line[j] == 'e' || line[j] == 'E')) {
          uint32_t k = j + 1;
          if (k < size && (line[k] == '+' || line[k] == '-')) ++k;
          if (k < size && std::isdigit(static_cast<unsigned char>(line[k]))) {
            j = k;
            while (j < size && std::isdigit(static_cast<unsigned char>(line[j]))) ++j;
          }
        }
      }
      while (j < size && line[j] != '\0' && std::strchr("fFhHlLuU", line[j])) ++j;
      push(i, j, TokenKind::Number);
      i = j;
      afterColon = false;
      continue;
    }
    if (isIdentStart(c)) {
      uint32_t j = i + 1;
      while (j < size && isIdentChar(static_cast<unsigned char>(line[j]))) ++j;
      const std::string_view word = line.substr(i, j - i);
      TokenKind kind = TokenKind::Text;
      if (afterColon) kind = word == "register" || word == "packoffset" ? TokenKind::Keyword : TokenKind::Semantic;
      else if (isHlslKeyword(word)) {
        kind = TokenKind::Keyword;
        if (word == "case" || word == "default") ++pendingLabels;
      }
      else if (isHlslType(word)) kind = TokenKind::Type;
      else if (isHlslIntrinsic(word)) {
        // Only a call (the name followed by '('), so a variable named `length` stays plain.
        uint32_t k = j;
        while (k < size && (line[k] == ' ' || line[k] == '\t')) ++k;
        if (k < size && line[k] == '(') kind = TokenKind::Intrinsic;
      }
      push(i, j, kind);
      i = j;
      afterColon = false;
      continue;
    }
    // Punctuation.
    if (c == '?') ++pendingTernaries;
    if (c == ':') {
      if (i + 1 < size && line[i + 1] == ':') {
        push(i, i + 2, TokenKind::Punctuation);
        i += 2;
        continue;
      }
      if (pendingTernaries > 0 || pendingLabels > 0) {
        pendingTernaries > 0 ? --pendingTernaries : --pendingLabels;
      } else {
        afterColon = true;
        push(i, i + 1, TokenKind::Punctuation);
        ++i;
        continue;
      }
    }
    push(i, i + 1, TokenKind::Punctuation);
    ++i;
    afterColon = false;
  }
  return 0;
}

void HlslHighlighter::linesChanged(uint32_t firstLine, uint32_t removedLines, uint32_t addedLines) {
  if (firstLine > cache_.size()) firstLine = uint32_t(cache_.size());
  const uint32_t removable = std::min<uint32_t>(removedLines, uint32_t(cache_.size()) - firstLine);
  cache_.erase(cache_.begin() + firstLine, cache_.begin() + firstLine + removable);
  cache_.insert(cache_.begin() + firstLine, addedLines, Line{});
  validUpTo_ = std::min(validUpTo_, firstLine);
}

void HlslHighlighter::update(const std::vector<std::string>& lines, uint32_t lastLine) {
  if (cache_.size() != lines.size()) {
    // Out of step with the text (no change notifications): start over.
    cache_.assign(lines.size(), Line{});
    validUpTo_ = 0;
  }
  if (lines.empty()) return;
  lastLine = std::min<uint32_t>(lastLine, uint32_t(lines.size() - 1));
  for (uint32_t i = validUpTo_; i <= lastLine; ++i) {
    Line& line = cache_[i];
    const LineState in = i == 0 ? 0 : cache_[i - 1].out;
    if (!line.dirty && line.in == in) continue;
    line.in = in;
    line.tokens.clear();
    line.out = tokenizeLine(lines[i], in, line.tokens);
    line.dirty = false;
    ++tokenizeCount_;
  }
  validUpTo_ = std::max(validUpTo_, lastLine + 1);
}

const std::vector<Token>& HlslHighlighter::tokens(const std::vector<std::string>& lines, uint32_t line) {
  update(lines, line);
  return cache_[line].tokens;
}

}  // namespace sl::views::editor
