// A small owned tree of one YAML document, read with LLVM's YAML parser (the parser upstream's
// offloader uses, so the same inputs are accepted: tabs in flow lists, doubled commas, flow
// mappings). LLVM's node tree can be walked only once and only in order; this copy can be
// queried in any order, and every node keeps its line:column for diagnostics.
#pragma once

#include "renderer/offload/Pipeline.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sl::offload {

struct YamlNode {
  enum class Kind : uint8_t { Null, Scalar, Mapping, Sequence };
  Kind kind = Kind::Null;
  std::string value;  // Scalar: the unquoted, unescaped text
  SourcePos pos;
  // Mapping: keys[i] -> children[i]; Sequence: children in order.
  std::vector<std::string> keys;
  std::vector<SourcePos> keyPos;
  std::vector<std::unique_ptr<YamlNode>> children;

  bool isScalar() const { return kind == Kind::Scalar; }
  bool isMapping() const { return kind == Kind::Mapping; }
  bool isSequence() const { return kind == Kind::Sequence; }
  bool isNull() const { return kind == Kind::Null; }
  const YamlNode* get(std::string_view key) const;
};

// One diagnostic with its position in the named file; `rendered` is "file:line:col: error: ..."
// followed by the source line and a caret, as Clang and LLVM tools print it.
struct YamlDiagnostic {
  std::string file;
  SourcePos pos;
  std::string message;
  std::string rendered;
};

// Reads the first document of `text`. On a syntax error returns null and fills `errors`.
// Aliases and duplicate keys are errors.
std::unique_ptr<YamlNode> readYamlDocument(std::string_view text, const std::string& fileName,
                                           std::vector<YamlDiagnostic>& errors);

// "file:line:col: error: message\n<source line>\n<caret>\n" for a position in `text`.
std::string renderDiagnostic(std::string_view text, const std::string& fileName, SourcePos pos,
                             const std::string& message);

}  // namespace sl::offload
