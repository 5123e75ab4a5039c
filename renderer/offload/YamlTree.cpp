#include "renderer/offload/YamlTree.h"

#include <algorithm>

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/YAMLParser.h>
#include <llvm/Support/raw_ostream.h>

namespace sl::offload {

const YamlNode* YamlNode::get(std::string_view key) const {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) return children[i].get();
  return nullptr;
}

std::string renderDiagnostic(std::string_view text, const std::string& fileName, SourcePos pos,
                             const std::string& message) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << fileName << ":" << pos.line << ":" << pos.column << ": error: " << message << "\n";
  if (pos.line > 0) {
    // The source line, then a caret under the column.
    size_t start = 0;
    for (uint32_t l = 1; l < pos.line && start != std::string_view::npos; ++l) {
      start = text.find('\n', start);
      if (start != std::string_view::npos) ++start;
    }
    if (start != std::string_view::npos && start <= text.size()) {
      size_t end = text.find('\n', start);
      std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      os << line << "\n";
      std::string caret;
      for (uint32_t c = 1; c < pos.column && c - 1 < line.size(); ++c) caret += line[c - 1] == '\t' ? '\t' : ' ';
      os << caret << "^\n";
    }
  }
  return out;
}

namespace {

class TreeBuilder {
 public:
  TreeBuilder(llvm::SourceMgr& sm, const std::string& fileName, std::string_view text,
              std::vector<YamlDiagnostic>& errors)
      : sm_(sm), fileName_(fileName), text_(text), errors_(errors) {}

  // Line and column (bytes, 1-based) of `p`. Our own line table: SourceMgr finds the column by
  // scanning back to the line's start, which is quadratic on a long one-line list.
  SourcePos posOf(const char* p) const {
    if (!p) return {};
    if (lineStarts_.empty()) {
      const unsigned id = sm_.FindBufferContainingLoc(llvm::SMLoc::getFromPointer(p));
      if (id == 0) return {};
      const llvm::MemoryBuffer* buffer = sm_.getMemoryBuffer(id);
      begin_ = buffer->getBufferStart();
      end_ = buffer->getBufferEnd();
      lineStarts_.push_back(begin_);
      for (const char* c = begin_; c < end_; ++c)
        if (*c == '\n') lineStarts_.push_back(c + 1);
    }
    if (p < begin_ || p > end_) {
      auto [line, col] = sm_.getLineAndColumn(llvm::SMLoc::getFromPointer(p));
      return {line, col};
    }
    const auto after = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), p);
    const size_t line = size_t(after - lineStarts_.begin());
    return {uint32_t(line), uint32_t(p - lineStarts_[line - 1] + 1)};
  }

  void error(SourcePos pos, const std::string& message) {
    errors_.push_back({fileName_, pos, message, renderDiagnostic(text_, fileName_, pos, message)});
  }

  // Copies `node` (consuming LLVM's one-pass tree); null on error.
  std::unique_ptr<YamlNode> build(llvm::yaml::Node* node, int depth) {
    auto out = std::make_unique<YamlNode>();
    if (!node) return out;
    out->pos = posOf(node->getSourceRange().Start.getPointer());
    if (depth > 64) {
      error(out->pos, "YAML nested too deeply");
      return nullptr;
    }
    switch (node->getType()) {
      case llvm::yaml::Node::NK_Null:
        return out;
      case llvm::yaml::Node::NK_Scalar: {
        auto* scalar = llvm::cast<llvm::yaml::ScalarNode>(node);
        llvm::SmallString<64> storage;
        out->kind = YamlNode::Kind::Scalar;
        out->value = scalar->getValue(storage).str();
        return out;
      }
      case llvm::yaml::Node::NK_BlockScalar: {
        out->kind = YamlNode::Kind::Scalar;
        out->value = llvm::cast<llvm::yaml::BlockScalarNode>(node)->getValue().str();
        return out;
      }
      case llvm::yaml::Node::NK_Alias:
        error(out->pos, "YAML aliases are not supported in pipeline descriptions");
        return nullptr;
      case llvm::yaml::Node::NK_Sequence: {
        out->kind = YamlNode::Kind::Sequence;
        auto* seq = llvm::cast<llvm::yaml::SequenceNode>(node);
        bool ok = true;
        for (llvm::yaml::Node& child : *seq) {
          auto c = build(&child, depth + 1);
          if (!c) ok = false;
          else out->children.push_back(std::move(c));
        }
        return ok ? std::move(out) : nullptr;
      }
      case llvm::yaml::Node::NK_Mapping: {
        out->kind = YamlNode::Kind::Mapping;
        auto* map = llvm::cast<llvm::yaml::MappingNode>(node);
        bool ok = true;
        for (llvm::yaml::KeyValueNode& kv : *map) {
          llvm::yaml::Node* key = kv.getKey();
          SourcePos keyPos = key ? posOf(key->getSourceRange().Start.getPointer()) : out->pos;
          auto* keyScalar = key ? llvm::dyn_cast<llvm::yaml::ScalarNode>(key) : nullptr;
          if (!keyScalar) {
            error(keyPos, "mapping keys must be plain scalars");
            if (kv.getValue()) kv.getValue()->skip();
            ok = false;
            continue;
          }
          llvm::SmallString<32> storage;
          std::string keyText = keyScalar->getValue(storage).str();
          auto value = build(kv.getValue(), depth + 1);
          if (!value) {
            ok = false;
            continue;
          }
          if (out->get(keyText)) {
            error(keyPos, "duplicated mapping key '" + keyText + "'");
            ok = false;
            continue;
          }
          out->keys.push_back(std::move(keyText));
          out->keyPos.push_back(keyPos);
          out->children.push_back(std::move(value));
        }
        return ok ? std::move(out) : nullptr;
      }
      default:
        error(out->pos, "unexpected YAML node");
        return nullptr;
    }
  }

 private:
  llvm::SourceMgr& sm_;
  const std::string& fileName_;
  std::string_view text_;
  mutable std::vector<const char*> lineStarts_;
  mutable const char* begin_ = nullptr;
  mutable const char* end_ = nullptr;
  std::vector<YamlDiagnostic>& errors_;
};

void onSyntaxError(const llvm::SMDiagnostic& diag, void* context) {
  auto* builder = static_cast<TreeBuilder*>(context);
  SourcePos pos{static_cast<uint32_t>(std::max(diag.getLineNo(), 0)), static_cast<uint32_t>(diag.getColumnNo() + 1)};
  builder->error(pos, diag.getMessage().str());
}

}  // namespace

std::unique_ptr<YamlNode> readYamlDocument(std::string_view text, const std::string& fileName,
                                           std::vector<YamlDiagnostic>& errors) {
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(text.data(), text.size()), fileName,
                                                         /*RequiresNullTerminator=*/false),
                        llvm::SMLoc());
  TreeBuilder builder(sm, fileName, text, errors);
  sm.setDiagHandler(onSyntaxError, &builder);
  size_t errorsBefore = errors.size();
  llvm::yaml::Stream stream(sm.getMemoryBuffer(1)->getMemBufferRef(), sm, /*ShowColors=*/false);
  std::unique_ptr<YamlNode> root;
  auto doc = stream.begin();
  if (doc == stream.end()) {
    if (errors.size() == errorsBefore) builder.error({1, 1}, "empty YAML document");
    return nullptr;
  }
  root = builder.build(doc->getRoot(), 0);
  if (errors.size() != errorsBefore || stream.failed()) {
    if (errors.size() == errorsBefore) builder.error({1, 1}, "invalid YAML");
    return nullptr;
  }
  // A pipeline is one document: a second one would be ignored without a word.
  if (++doc != stream.end()) {
    llvm::yaml::Node* extra = doc->getRoot();
    const SourcePos at = extra ? builder.posOf(extra->getSourceRange().Start.getPointer()) : SourcePos{1, 1};
    builder.error(at, "a second YAML document: a pipeline file holds exactly one");
    return nullptr;
  }
  return root;
}

}  // namespace sl::offload
