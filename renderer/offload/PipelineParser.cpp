#include "renderer/offload/PipelineParser.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <cstring>

namespace sl::offload {

std::string ParseResult::renderErrors() const {
  std::string out;
  for (const YamlDiagnostic& e : errors) out += e.rendered;
  return out;
}

namespace {

template <class T>
void appendBytes(std::vector<uint8_t>& out, T value) {
  uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  out.insert(out.end(), raw, raw + sizeof(T));
}

std::string parseUnsigned(llvm::StringRef text, uint64_t max, uint64_t& value) {
  unsigned long long v = 0;
  if (llvm::getAsUnsignedInteger(text, 0, v)) return "invalid number";
  if (v > max) return "out of range number";
  value = v;
  return "";
}

std::string parseSigned(llvm::StringRef text, int64_t min, int64_t max, int64_t& value) {
  long long v = 0;
  if (llvm::getAsSignedInteger(text, 0, v)) return "invalid number";
  if (v < min || v > max) return "out of range number";
  value = v;
  return "";
}

}  // namespace

std::string parseScalarBytes(std::string_view textView, DataFormat format, std::vector<uint8_t>& out) {
  llvm::StringRef text(textView.data(), textView.size());
  uint64_t u = 0;
  int64_t s = 0;
  std::string err;
  switch (format) {
    case DataFormat::Hex8:
      if ((err = parseUnsigned(text, 0xFF, u)).empty()) appendBytes<uint8_t>(out, static_cast<uint8_t>(u));
      return err;
    case DataFormat::Hex16:
    case DataFormat::UInt16:
    case DataFormat::Float16:  // raw half-precision bit patterns, as upstream
      if ((err = parseUnsigned(text, 0xFFFF, u)).empty()) appendBytes<uint16_t>(out, static_cast<uint16_t>(u));
      return err;
    case DataFormat::Hex32:
    case DataFormat::UInt32:
    case DataFormat::Bool:  // 4 bytes per bool, as in HLSL
      if ((err = parseUnsigned(text, 0xFFFFFFFFull, u)).empty()) appendBytes<uint32_t>(out, static_cast<uint32_t>(u));
      return err;
    case DataFormat::Hex64:
    case DataFormat::UInt64:
      if ((err = parseUnsigned(text, ~0ull, u)).empty()) appendBytes<uint64_t>(out, u);
      return err;
    case DataFormat::Int16:
      if ((err = parseSigned(text, -32768, 32767, s)).empty()) appendBytes<int16_t>(out, static_cast<int16_t>(s));
      return err;
    case DataFormat::Int32:
      if ((err = parseSigned(text, INT32_MIN, INT32_MAX, s)).empty()) appendBytes<int32_t>(out, static_cast<int32_t>(s));
      return err;
    case DataFormat::Int64:
      if ((err = parseSigned(text, INT64_MIN, INT64_MAX, s)).empty()) appendBytes<int64_t>(out, s);
      return err;
    case DataFormat::Float32:
    case DataFormat::Depth32: {
      float f = 0;
      if (!llvm::to_float(text, f)) return "invalid floating point number";
      appendBytes<float>(out, f);
      return "";
    }
    case DataFormat::Float64: {
      double d = 0;
      if (!llvm::to_float(text, d)) return "invalid floating point number";
      appendBytes<double>(out, d);
      return "";
    }
  }
  return "unknown format";
}

namespace {

class Parser;

// One YAML mapping being read: remembers which keys were consumed so the rest are reported as
// unknown, like LLVM's YAML I/O does.
class MapReader {
 public:
  MapReader(Parser& parser, const YamlNode* node, std::string what)
      : parser_(parser), node_(node), what_(std::move(what)), used_(node ? node->keys.size() : 0, false) {}

  const YamlNode* optional(const char* key) {
    if (!node_) return nullptr;
    for (size_t i = 0; i < node_->keys.size(); ++i)
      if (node_->keys[i] == key) {
        used_[i] = true;
        return node_->children[i].get();
      }
    return nullptr;
  }
  const YamlNode* required(const char* key);
  SourcePos keyPos(const char* key) const {
    if (node_)
      for (size_t i = 0; i < node_->keys.size(); ++i)
        if (node_->keys[i] == key) return node_->keyPos[i];
    return pos();
  }
  SourcePos pos() const { return node_ ? node_->pos : SourcePos{}; }
  // Marks every key of the mapping used (for parts parsed only for their shape).
  void ignoreRest() { std::fill(used_.begin(), used_.end(), true); }
  void finish();

 private:
  Parser& parser_;
  const YamlNode* node_;
  std::string what_;
  std::vector<bool> used_;
};

class Parser {
 public:
  Parser(std::string_view text, const std::string& fileName, std::vector<YamlDiagnostic>& errors)
      : text_(text), fileName_(fileName), errors_(errors) {}

  void error(SourcePos pos, const std::string& message) {
    // Keep the output readable when one mistake cascades.
    if (errors_.size() >= 20) return;
    errors_.push_back({fileName_, pos, message, renderDiagnostic(text_, fileName_, pos, message)});
  }
  size_t errorCount() const { return errors_.size(); }

  // A mapping node (null counts as an empty mapping); nullopt after reporting otherwise.
  std::optional<MapReader> map(const YamlNode* node, const std::string& what) {
    if (!node || node->isNull()) return MapReader(*this, nullptr, what);
    if (!node->isMapping()) {
      error(node->pos, "expected a mapping for " + what);
      return std::nullopt;
    }
    return MapReader(*this, node, what);
  }

  // Children of a sequence node (null counts as empty); nullptr after reporting otherwise.
  const std::vector<std::unique_ptr<YamlNode>>* seq(const YamlNode* node, const std::string& what) {
    static const std::vector<std::unique_ptr<YamlNode>> kEmpty;
    if (!node || node->isNull()) return &kEmpty;
    if (!node->isSequence()) {
      error(node->pos, "expected a sequence for " + what);
      return nullptr;
    }
    return &node->children;
  }

  bool scalar(const YamlNode* node, const char* what) {
    if (node && node->isScalar()) return true;
    error(node ? node->pos : SourcePos{}, std::string("expected a scalar value for ") + what);
    return false;
  }

  bool str(const YamlNode* node, const char* what, std::string& out) {
    if (!scalar(node, what)) return false;
    out = node->value;
    return true;
  }

  bool u32(const YamlNode* node, const char* what, uint32_t& out) {
    if (!scalar(node, what)) return false;
    uint64_t v = 0;
    std::string err = parseUnsigned(node->value, 0xFFFFFFFFull, v);
    if (!err.empty()) {
      error(node->pos, err + " '" + node->value + "' for " + what);
      return false;
    }
    out = static_cast<uint32_t>(v);
    return true;
  }

  bool i64(const YamlNode* node, const char* what, int64_t& out) {
    if (!scalar(node, what)) return false;
    std::string err = parseSigned(node->value, INT64_MIN, INT64_MAX, out);
    if (!err.empty()) {
      error(node->pos, err + " '" + node->value + "' for " + what);
      return false;
    }
    return true;
  }

  bool i32(const YamlNode* node, const char* what, int& out) {
    int64_t v = 0;
    if (!scalar(node, what)) return false;
    std::string err = parseSigned(node->value, INT32_MIN, INT32_MAX, v);
    if (!err.empty()) {
      error(node->pos, err + " '" + node->value + "' for " + what);
      return false;
    }
    out = static_cast<int>(v);
    return true;
  }

  bool f64(const YamlNode* node, const char* what, double& out) {
    if (!scalar(node, what)) return false;
    if (!llvm::to_float(node->value, out)) {
      error(node->pos, "invalid floating point number '" + node->value + "' for " + what);
      return false;
    }
    return true;
  }

  bool f32(const YamlNode* node, const char* what, float& out) {
    if (!scalar(node, what)) return false;
    if (!llvm::to_float(node->value, out)) {
      error(node->pos, "invalid floating point number '" + node->value + "' for " + what);
      return false;
    }
    return true;
  }

  bool boolean(const YamlNode* node, const char* what, bool& out) {
    if (!scalar(node, what)) return false;
    static const char* const kTrue[] = {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"};
    static const char* const kFalse[] = {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"};
    for (const char* t : kTrue)
      if (node->value == t) return out = true, true;
    for (const char* f : kFalse)
      if (node->value == f) return out = false, true;
    error(node->pos, "invalid boolean '" + node->value + "' for " + what);
    return false;
  }

  template <class E>
  bool enumValue(const YamlNode* node, const char* what, int count, const char* (*nameOf)(E), E& out) {
    if (!scalar(node, what)) return false;
    for (int i = 0; i < count; ++i)
      if (node->value == nameOf(static_cast<E>(i))) {
        out = static_cast<E>(i);
        return true;
      }
    std::string valid;
    for (int i = 0; i < count; ++i) valid += std::string(i ? ", " : "") + nameOf(static_cast<E>(i));
    error(node->pos, "unknown " + std::string(what) + " '" + node->value + "' (expected one of " + valid + ")");
    return false;
  }

  std::optional<Pipeline> run(const YamlNode* root);

 private:
  void parseShader(const YamlNode* node, Pipeline& p);
  void parseRuntimeSettings(const YamlNode* node, Pipeline& p);
  void parseBuffer(const YamlNode* node, Pipeline& p);
  bool parseBufferData(MapReader& m, Buffer& b);
  bool parseDataList(const YamlNode* node, DataFormat format, std::vector<uint8_t>& out);
  void parseSampler(const YamlNode* node, Pipeline& p);
  void parseResult(const YamlNode* node, Pipeline& p);
  void parseResource(const YamlNode* node, DescriptorSet& set);
  void parsePushConstants(const YamlNode* node, Pipeline& p);
  void parseDispatch(const YamlNode* node, Pipeline& p);
  void noteUnsupported(MapReader& top, const char* key, const YamlNode* node, Pipeline& p);
  void validateKind(Pipeline& p, SourcePos pos, const std::optional<std::string>& topology,
                    std::optional<uint32_t> patchControlPoints, bool hasRayTracingKeys);
  void resolveNames(Pipeline& p);

  std::string_view text_;
  const std::string& fileName_;
  std::vector<YamlDiagnostic>& errors_;
  std::vector<std::string> tlasNames_;
};

const YamlNode* MapReader::required(const char* key) {
  const YamlNode* n = optional(key);
  if (!n) parser_.error(pos(), std::string("missing required key '") + key + "' in " + what_);
  return n;
}

void MapReader::finish() {
  if (!node_) return;
  for (size_t i = 0; i < node_->keys.size(); ++i)
    if (!used_[i]) parser_.error(node_->keyPos[i], "unknown key '" + node_->keys[i] + "' in " + what_);
}

std::optional<Pipeline> Parser::run(const YamlNode* root) {
  if (!root || !root->isMapping()) {
    error(root ? root->pos : SourcePos{1, 1}, "a pipeline description must be a YAML mapping");
    return std::nullopt;
  }
  size_t errorsAtStart = errorCount();
  Pipeline p;
  MapReader top(*this, root, "the pipeline");

  if (const auto* shaders = seq(top.required("Shaders"), "Shaders"))
    for (const auto& s : *shaders) parseShader(s.get(), p);
  parseRuntimeSettings(top.optional("RuntimeSettings"), p);
  if (const auto* buffers = seq(top.required("Buffers"), "Buffers"))
    for (const auto& b : *buffers) parseBuffer(b.get(), p);
  if (const auto* samplers = seq(top.optional("Samplers"), "Samplers"))
    for (const auto& s : *samplers) parseSampler(s.get(), p);
  if (const auto* results = seq(top.optional("Results"), "Results"))
    for (const auto& r : *results) parseResult(r.get(), p);
  if (const auto* sets = seq(top.required("DescriptorSets"), "DescriptorSets")) {
    for (const auto& s : *sets) {
      DescriptorSet set;
      if (auto m = map(s.get(), "a descriptor set")) {
        if (const auto* resources = seq(m->required("Resources"), "Resources"))
          for (const auto& r : *resources) parseResource(r.get(), set);
        m->finish();
      }
      p.sets.push_back(std::move(set));
    }
  }

  // Raster I/O: only the keys the pipeline-kind rules read are interpreted.
  std::optional<std::string> topology;
  std::optional<uint32_t> patchControlPoints;
  if (const YamlNode* bindings = top.optional("Bindings")) {
    if (auto m = map(bindings, "Bindings")) {
      if (const YamlNode* t = m->optional("Topology")) {
        std::string value;
        if (str(t, "Topology", value)) topology = value;
      }
      if (const YamlNode* pcp = m->optional("PatchControlPoints")) {
        uint32_t v = 0;
        if (u32(pcp, "PatchControlPoints", v)) patchControlPoints = v;
      }
      m->ignoreRest();
      // Only raster I/O that says something counts; the dump writes empty VertexBuffer and
      // RenderTarget strings for every pipeline.
      bool meaningful = false;
      if (bindings->isMapping())
        for (size_t i = 0; i < bindings->keys.size(); ++i) {
          const YamlNode* v = bindings->children[i].get();
          if (bindings->keys[i] == "Topology") continue;
          if (!(v->isNull() || (v->isScalar() && v->value.empty()) || (!v->isScalar() && v->children.empty())))
            meaningful = true;
        }
      if (meaningful) noteUnsupported(top, "Bindings", bindings, p);
    }
  }
  parsePushConstants(top.optional("PushConstants"), p);
  if (const YamlNode* as = top.optional("AccelerationStructures")) {
    // Only TLAS names are read, so AccelerationStructure resources resolve.
    if (as->isMapping())
      if (const YamlNode* tlas = as->get("TLAS"); tlas && tlas->isSequence())
        for (const auto& t : tlas->children)
          if (const YamlNode* name = t->isMapping() ? t->get("Name") : nullptr; name && name->isScalar())
            tlasNames_.push_back(name->value);
    noteUnsupported(top, "AccelerationStructures", as, p);
  }
  bool hasRayTracingKeys = false;
  for (const char* key : {"RayTracingPipelineConfig", "HitGroups", "ShaderBindingTable"})
    if (const YamlNode* n = top.optional(key)) {
      bool empty = n->isNull() || (n->isSequence() && n->children.empty());
      if (!empty || std::string_view(key) != "HitGroups") hasRayTracingKeys = true;
      noteUnsupported(top, key, n, p);
    }

  validateKind(p, top.keyPos("Shaders"), topology, patchControlPoints, hasRayTracingKeys);
  parseDispatch(top.optional("DispatchParameters"), p);
  resolveNames(p);
  top.finish();
  if (errorCount() != errorsAtStart) return std::nullopt;
  return p;
}

void Parser::noteUnsupported(MapReader& top, const char* key, const YamlNode* node, Pipeline& p) {
  if (node->isNull() || ((node->isSequence() || node->isMapping()) && node->children.empty())) return;
  if (p.unsupportedKeys.empty()) p.firstUnsupportedPos = top.keyPos(key);
  p.unsupportedKeys.push_back(key);
}

void Parser::parseShader(const YamlNode* node, Pipeline& p) {
  auto m = map(node, "a shader");
  if (!m) return;
  Shader s;
  s.pos = m->pos();
  enumValue(m->required("Stage"), "Stage", kStageCount, stageName, s.stage);
  str(m->required("Entry"), "Entry", s.entry);
  if (const auto* specs = seq(m->optional("SpecializationConstants"), "SpecializationConstants")) {
    for (const auto& c : *specs) {
      auto cm = map(c.get(), "a specialization constant");
      if (!cm) continue;
      SpecializationConstant sc;
      sc.pos = cm->pos();
      u32(cm->required("ConstantID"), "ConstantID", sc.constantId);
      enumValue(cm->required("Type"), "Type", kDataFormatCount, dataFormatName, sc.type);
      str(cm->required("Value"), "Value", sc.value);
      cm->finish();
      s.specializationConstants.push_back(std::move(sc));
    }
  }
  m->finish();
  p.shaders.push_back(std::move(s));
}

void Parser::parseRuntimeSettings(const YamlNode* node, Pipeline& p) {
  if (!node) return;
  auto m = map(node, "RuntimeSettings");
  if (!m) return;
  if (const YamlNode* dx = m->optional("DirectX")) {
    if (auto dm = map(dx, "RuntimeSettings.DirectX")) {
      p.settings.pos = dm->keyPos("RootParameters");
      if (const auto* params = seq(dm->optional("RootParameters"), "RootParameters")) {
        for (const auto& rp : *params) {
          auto pm = map(rp.get(), "a root parameter");
          if (!pm) continue;
          RootParameter param;
          param.pos = pm->pos();
          if (enumValue(pm->required("Kind"), "root parameter Kind", 3, rootParamKindName, param.kind)) {
            if (param.kind == RootParamKind::Constant) {
              str(pm->required("Name"), "Name", param.name);
            } else if (param.kind == RootParamKind::RootDescriptor) {
              if (auto rm = map(pm->required("Resource"), "a root descriptor Resource")) {
                str(rm->required("Name"), "Name", param.resourceName);
                if (enumValue(rm->required("Kind"), "resource Kind", kResourceKindCount, resourceKindName,
                              param.resourceKind) &&
                    !isRawKind(param.resourceKind))
                  error(rm->pos(), "Root descriptors must be raw resource types.");
                rm->finish();
              }
            }
          }
          pm->finish();
          p.settings.rootParameters.push_back(std::move(param));
        }
      }
      dm->finish();
    }
  }
  m->finish();
}

bool Parser::parseDataList(const YamlNode* node, DataFormat format, std::vector<uint8_t>& out) {
  const auto* items = seq(node, "Data");
  if (!items) return false;
  bool ok = true;
  for (const auto& item : *items) {
    if (!item->isScalar()) {
      error(item->pos, std::string("expected a ") + dataFormatName(format) + " scalar in Data");
      ok = false;
      continue;
    }
    std::string err = parseScalarBytes(item->value, format, out);
    if (!err.empty()) {
      error(item->pos, err + " '" + item->value + "' for a " + dataFormatName(format) + " element");
      ok = false;
    }
  }
  return ok;
}

bool Parser::parseBufferData(MapReader& m, Buffer& b) {
  if (const YamlNode* zero = m.optional("ZeroInitSize")) {
    error(m.keyPos("ZeroInitSize"), "invalid key 'ZeroInitSize' - did you mean 'FillSize'?");
    (void)zero;
    return false;
  }
  int64_t fillSize = 0;
  const YamlNode* fillSizeNode = m.optional("FillSize");
  if (fillSizeNode && !i64(fillSizeNode, "FillSize", fillSize)) return false;
  const YamlNode* fillValueNode = m.optional("FillValue");
  const YamlNode* dataNode = m.optional("Data");
  if (fillSize > 0) {
    if (dataNode) {
      error(m.keyPos("Data"), "'Data' and 'FillSize' cannot both be given for buffer '" + b.name + "'");
      return false;
    }
    if (fillSize > (int64_t(1) << 30)) {
      error(fillSizeNode->pos, "FillSize " + std::to_string(fillSize) + " is too large (limit 1 GiB)");
      return false;
    }
    // Every element of a descriptor array gets its own block: the product is what is allocated.
    if (uint64_t(fillSize) * b.arraySize > (uint64_t(1) << 30)) {
      error(fillSizeNode->pos, "FillSize " + std::to_string(fillSize) + " x ArraySize " + std::to_string(b.arraySize) + " = " +
                                   std::to_string(uint64_t(fillSize) * b.arraySize) + " bytes exceeds the limit of 1 GiB per buffer");
      return false;
    }
    std::vector<uint8_t> value;
    if (fillValueNode) {
      if (!scalar(fillValueNode, "FillValue")) return false;
      std::string err = parseScalarBytes(fillValueNode->value, b.format, value);
      if (!err.empty()) {
        error(fillValueNode->pos, err + " '" + fillValueNode->value + "' for FillValue");
        return false;
      }
    } else {
      value.assign(dataFormatSize(b.format), 0);
    }
    b.size = static_cast<uint32_t>(fillSize);
    std::vector<uint8_t> block(b.size);
    // Pattern fill by doubling copies: a byte loop takes seconds on the suite's 256 MiB buffers.
    size_t filled = std::min(value.size(), block.size());
    std::copy_n(value.begin(), filled, block.begin());
    while (filled > 0 && filled < block.size()) {
      const size_t n = std::min(filled, block.size() - filled);
      std::memcpy(block.data() + filled, block.data(), n);
      filled += n;
    }
    b.data.assign(b.arraySize, block);
    return true;
  }
  if (fillValueNode) {
    error(m.keyPos("FillValue"), "'FillValue' specified without 'FillSize'");
    return false;
  }
  if (!dataNode) {
    m.required("Data");
    return false;
  }
  if (b.arraySize == 1) {
    std::vector<uint8_t> bytes;
    if (!parseDataList(dataNode, b.format, bytes)) return false;
    b.size = static_cast<uint32_t>(bytes.size());
    b.data.push_back(std::move(bytes));
    return true;
  }
  const auto* lists = seq(dataNode, "Data");
  if (!lists) return false;
  for (const auto& list : *lists) {
    if (!list->isSequence()) {
      error(list->pos, "buffer '" + b.name + "' has ArraySize " + std::to_string(b.arraySize) +
                           ": Data must be a list of " + std::to_string(b.arraySize) + " lists");
      return false;
    }
    std::vector<uint8_t> bytes;
    if (!parseDataList(list.get(), b.format, bytes)) return false;
    if (!b.data.empty() && bytes.size() != b.data.front().size()) {
      error(list->pos, "All buffers must have the same size.");
      return false;
    }
    b.data.push_back(std::move(bytes));
  }
  if (b.data.size() != b.arraySize) {
    error(dataNode->pos, "Expected " + std::to_string(b.arraySize) + " buffers, found " + std::to_string(b.data.size()));
    return false;
  }
  b.size = static_cast<uint32_t>(b.data.front().size());
  return true;
}

void Parser::parseBuffer(const YamlNode* node, Pipeline& p) {
  auto m = map(node, "a buffer");
  if (!m) return;
  Buffer b;
  b.pos = m->pos();
  bool ok = str(m->required("Name"), "Name", b.name);
  ok &= enumValue(m->required("Format"), "Format", kDataFormatCount, dataFormatName, b.format);
  if (const YamlNode* n = m->optional("Channels")) ok &= i32(n, "Channels", b.channels);
  if (const YamlNode* n = m->optional("Stride")) ok &= i32(n, "Stride", b.stride);
  if (const YamlNode* n = m->optional("ArraySize")) ok &= u32(n, "ArraySize", b.arraySize);
  if (ok && b.stride != 0 && b.channels != 1) {
    error(m->pos(), "Cannot set a structure stride and more than one channel.");
    ok = false;
  }
  if (ok && (b.channels < 1 || b.channels > 4)) {
    error(m->keyPos("Channels"), "Channels must be 1 to 4, not " + std::to_string(b.channels));
    ok = false;
  }
  if (ok && b.stride < 0) {
    error(m->keyPos("Stride"), "Stride must not be negative");
    ok = false;
  }
  if (ok && (b.arraySize < 1 || b.arraySize > 4096)) {
    error(m->keyPos("ArraySize"), "ArraySize must be 1 to 4096, not " + std::to_string(b.arraySize));
    ok = false;
  }
  if (ok) ok = parseBufferData(*m, b);
  else {
    m->optional("Data"), m->optional("FillSize"), m->optional("FillValue");
  }
  if (const YamlNode* props = m->optional("OutputProps")) {
    if (auto pm = map(props, "OutputProps")) {
      ok &= i32(pm->required("Height"), "Height", b.outputProps.height);
      ok &= i32(pm->required("Width"), "Width", b.outputProps.width);
      ok &= i32(pm->required("Depth"), "Depth", b.outputProps.depth);
      if (const YamlNode* n = pm->optional("MipLevels")) ok &= i32(n, "MipLevels", b.outputProps.mipLevels);
      pm->finish();
      if (ok && b.outputProps.width > 0) {
        const OutputProps& op = b.outputProps;
        if (op.height < 1 || op.depth < 1 || op.mipLevels < 1 || op.mipLevels > 16 || op.width > 65536 ||
            op.height > 65536 || op.depth > 2048) {
          error(pm->pos(), "OutputProps of buffer '" + b.name + "' are out of range");
          ok = false;
        } else {
          uint64_t expected = 0;
          uint64_t w = op.width, h = op.height, d = op.depth;
          for (int level = 0; level < op.mipLevels; ++level) {
            expected += w * h * d * b.elementSize();
            w = std::max<uint64_t>(1, w / 2);
            h = std::max<uint64_t>(1, h / 2);
            d = std::max<uint64_t>(1, d / 2);
          }
          if (expected != b.size) {
            error(b.pos, "Buffer '" + b.name + "' size (" + std::to_string(b.size) +
                             ") does not match OutputProps dimensions (" + std::to_string(expected) + ")");
            ok = false;
          }
        }
      }
    }
  }
  m->finish();
  for (const Buffer& other : p.buffers)
    if (other.name == b.name) {
      error(b.pos, "buffer '" + b.name + "' is defined twice (first at line " + std::to_string(other.pos.line) + ")");
      return;
    }
  p.buffers.push_back(std::move(b));
}

void Parser::parseSampler(const YamlNode* node, Pipeline& p) {
  auto m = map(node, "a sampler");
  if (!m) return;
  Sampler s;
  s.pos = m->pos();
  str(m->required("Name"), "Name", s.name);
  bool ok = true;
  if (const YamlNode* n = m->optional("Kind")) ok &= enumValue(n, "sampler Kind", 2, samplerKindName, s.kind);
  if (const YamlNode* n = m->optional("MinFilter")) ok &= enumValue(n, "MinFilter", 2, filterModeName, s.minFilter);
  if (const YamlNode* n = m->optional("MagFilter")) ok &= enumValue(n, "MagFilter", 2, filterModeName, s.magFilter);
  if (const YamlNode* n = m->optional("Address")) ok &= enumValue(n, "Address", 5, addressModeName, s.address);
  if (const YamlNode* n = m->optional("MinLOD")) ok &= f32(n, "MinLOD", s.minLod);
  if (const YamlNode* n = m->optional("MaxLOD")) ok &= f32(n, "MaxLOD", s.maxLod);
  if (const YamlNode* n = m->optional("MipLODBias")) ok &= f32(n, "MipLODBias", s.mipLodBias);
  if (const YamlNode* n = m->optional("ComparisonOp")) ok &= enumValue(n, "ComparisonOp", 8, compareOpName, s.comparisonOp);
  if (ok && s.kind == SamplerKind::Sampler && s.comparisonOp != CompareOp::Never)
    error(m->pos(), "Sampler kind 'Sampler' requires ComparisonOp: Never");
  if (ok && s.kind == SamplerKind::SamplerComparison && s.comparisonOp == CompareOp::Never)
    error(m->pos(), "Sampler kind 'SamplerComparison' requires ComparisonOp other than Never");
  m->finish();
  p.samplers.push_back(std::move(s));
}

void Parser::parseResult(const YamlNode* node, Pipeline& p) {
  auto m = map(node, "a result");
  if (!m) return;
  ResultRule r;
  r.pos = m->pos();
  str(m->required("Result"), "Result", r.name);
  bool ruleOk = enumValue(m->required("Rule"), "Rule", 3, ruleName, r.rule);
  str(m->required("Actual"), "Actual", r.actual);
  str(m->required("Expected"), "Expected", r.expected);
  if (ruleOk && r.rule == Rule::BufferFloatULP) {
    u32(m->required("ULPT"), "ULPT", r.ulpTolerance);
    if (const YamlNode* n = m->optional("DenormMode")) enumValue(n, "DenormMode", 3, denormModeName, r.denormMode);
    if (const YamlNode* n = m->optional("ZeroTolerance")) f64(n, "ZeroTolerance", r.zeroTolerance);
  } else if (ruleOk && r.rule == Rule::BufferFloatEpsilon) {
    f64(m->required("Epsilon"), "Epsilon", r.epsilon);
    if (const YamlNode* n = m->optional("DenormMode")) enumValue(n, "DenormMode", 3, denormModeName, r.denormMode);
  }
  if (ruleOk) m->finish();
  p.results.push_back(std::move(r));
}

void Parser::parseResource(const YamlNode* node, DescriptorSet& set) {
  auto m = map(node, "a resource");
  if (!m) return;
  Resource r;
  r.pos = m->pos();
  str(m->required("Name"), "Name", r.name);
  enumValue(m->required("Kind"), "resource Kind", kResourceKindCount, resourceKindName, r.kind);
  if (const YamlNode* n = m->optional("HasCounter")) boolean(n, "HasCounter", r.hasCounter);
  if (const YamlNode* n = m->optional("TilesMapped")) {
    uint32_t v = 0;
    if (u32(n, "TilesMapped", v)) r.tilesMapped = v;
  }
  if (const YamlNode* n = m->optional("IsReserved")) boolean(n, "IsReserved", r.isReserved);
  if (const YamlNode* n = m->optional("DirectXBinding")) {
    if (auto bm = map(n, "DirectXBinding")) {
      DirectXBinding b;
      bool ok = u32(bm->required("Register"), "Register", b.registerIndex);
      ok &= u32(bm->required("Space"), "Space", b.space);
      bm->finish();
      if (ok) r.dxBinding = b;
    }
  }
  if (const YamlNode* n = m->optional("VulkanBinding")) {
    if (auto bm = map(n, "VulkanBinding")) {
      VulkanBinding b;
      bool ok = u32(bm->required("Binding"), "Binding", b.binding);
      if (const YamlNode* c = bm->optional("CounterBinding")) {
        uint32_t v = 0;
        if (u32(c, "CounterBinding", v)) b.counterBinding = v;
        else ok = false;
      }
      bm->finish();
      if (ok) r.vkBinding = b;
    }
  }
  const YamlNode* heap = m->optional("HeapIndex");
  if (heap) {
    uint32_t v = 0;
    if (u32(heap, "HeapIndex", v)) r.heapIndex = v;
  }
  bool hasDx = m->optional("DirectXBinding") != nullptr;
  if (hasDx == (heap != nullptr))
    error(m->pos(), "Resource '" + r.name + "' must specify exactly one of 'DirectXBinding' or 'HeapIndex'.");
  m->finish();
  set.resources.push_back(std::move(r));
}

void Parser::parsePushConstants(const YamlNode* node, Pipeline& p) {
  const auto* blocks = seq(node, "PushConstants");
  if (!blocks) return;
  for (const auto& bn : *blocks) {
    auto m = map(bn.get(), "a push constant block");
    if (!m) continue;
    PushConstantBlock block;
    enumValue(m->required("Stage"), "Stage", kStageCount, stageName, block.stage);
    if (const auto* values = seq(m->required("Values"), "Values")) {
      for (const auto& vn : *values) {
        auto vm = map(vn.get(), "a push constant value");
        if (!vm) continue;
        PushConstantValue v;
        bool ok = enumValue(vm->required("Format"), "Format", kDataFormatCount, dataFormatName, v.format);
        ok &= u32(vm->required("Offset"), "Offset", v.offset);
        const YamlNode* data = vm->required("Data");
        if (ok && data) parseDataList(data, v.format, v.bytes);
        if (ok && v.offset > 4096) error(vm->keyPos("Offset"), "push constant Offset " + std::to_string(v.offset) + " is too large");
        vm->finish();
        block.values.push_back(std::move(v));
      }
    }
    m->finish();
    p.pushConstants.push_back(std::move(block));
  }
}

void Parser::parseDispatch(const YamlNode* node, Pipeline& p) {
  if (!node) return;
  auto m = map(node, "DispatchParameters");
  if (!m) return;
  if (const YamlNode* count = m->optional("DispatchGroupCount")) {
    if (const auto* items = seq(count, "DispatchGroupCount")) {
      if (items->size() != 3) {
        error(count->pos, "DispatchGroupCount needs 3 values [x, y, z], found " + std::to_string(items->size()));
      } else {
        for (size_t i = 0; i < 3; ++i) u32((*items)[i].get(), "DispatchGroupCount", p.dispatch.groupCount[i]);
      }
    }
  }
  if (const YamlNode* vc = m->optional("VertexCount")) {
    uint32_t v = 0;
    if (u32(vc, "VertexCount", v)) p.dispatch.vertexCount = v;
  }
  m->finish();
  // The rules that depend on the pipeline kind (upstream's validateDispatchParameters).
  bool defaultCount = p.dispatch.groupCount == std::array<uint32_t, 3>{1, 1, 1};
  if ((p.kind == PipelineKind::Compute || p.kind == PipelineKind::MeshShaderRaster) && p.dispatch.vertexCount)
    error(m->keyPos("VertexCount"), "DispatchParameters.VertexCount set on a Compute or Mesh Shader pipeline. "
                                    "Only allowed on a TraditionalRaster pipeline.");
  if (p.kind == PipelineKind::TraditionalRaster && !defaultCount)
    error(m->keyPos("DispatchGroupCount"), "DispatchParameters.DispatchGroupCount set on a TraditionalRaster "
                                           "pipeline. Only allowed on a Compute pipeline.");
  if (p.kind == PipelineKind::RayTracing && p.dispatch.vertexCount)
    error(m->keyPos("VertexCount"), "DispatchParameters.VertexCount set on a RayTracing pipeline. Only allowed on "
                                    "a TraditionalRaster pipeline.");
}

void Parser::validateKind(Pipeline& p, SourcePos pos, const std::optional<std::string>& topology,
                          std::optional<uint32_t> patchControlPoints, bool hasRayTracingKeys) {
  bool has[kStageCount] = {};
  bool anyRayTracing = false;
  for (const Shader& s : p.shaders) {
    int i = static_cast<int>(s.stage);
    if (has[i] && !isRayTracingStage(s.stage)) {
      error(s.pos, "Pipeline has multiple shaders of the same type.");
      return;
    }
    has[i] = true;
    anyRayTracing |= isRayTracingStage(s.stage);
  }
  auto hasStage = [&](Stage s) { return has[static_cast<int>(s)]; };
  if (anyRayTracing) {
    if (hasStage(Stage::Compute) || hasStage(Stage::Vertex) || hasStage(Stage::Mesh) || hasStage(Stage::Amplification))
      return error(pos, "RayTracing shaders cannot be combined with Compute, Vertex, Amplification, or Mesh shaders.");
    if (!hasStage(Stage::RayGeneration))
      return error(pos, "RayTracing pipeline requires at least one RayGeneration shader.");
    p.kind = PipelineKind::RayTracing;
    return;
  }
  if (hasRayTracingKeys)
    return error(pos, "HitGroups / RayTracingPipelineConfig / ShaderBindingTable are only valid on a RayTracing "
                      "pipeline.");
  if (hasStage(Stage::Compute)) {
    if (p.shaders.size() > 1) return error(pos, "Compute Pipeline is only allowed to have Compute Shader.");
    p.kind = PipelineKind::Compute;
    return;
  }
  if (hasStage(Stage::Vertex)) {
    if (hasStage(Stage::Amplification) || hasStage(Stage::Mesh))
      return error(pos, "Vertex and Mesh/Amplification Shaders cannot be used in the same pipeline.");
    bool hs = hasStage(Stage::Hull), ds = hasStage(Stage::Domain);
    if (hs != ds) return error(pos, "Hull and Domain shaders must be used together");
    bool patchList = topology && *topology == "PatchList";
    if ((hs && ds) != patchList) return error(pos, "Tessellation pipelines must use PatchList topology");
    if (patchList && (!patchControlPoints || *patchControlPoints < 1 || *patchControlPoints > 32))
      return error(pos, "PatchList topology requires PatchControlPoints in the range 1..32.");
    if (!patchList && patchControlPoints) return error(pos, "PatchControlPoints is only valid with PatchList topology.");
    p.kind = PipelineKind::TraditionalRaster;
    return;
  }
  if (hasStage(Stage::Mesh)) {
    p.kind = PipelineKind::MeshShaderRaster;
    return;
  }
  error(pos, "The pipeline misses a Compute, Vertex, Mesh, or RayGeneration Shader.");
}

void Parser::resolveNames(Pipeline& p) {
  for (DescriptorSet& set : p.sets) {
    for (Resource& r : set.resources) {
      if (r.kind == ResourceKind::AccelerationStructure) {
        if (std::find(tlasNames_.begin(), tlasNames_.end(), r.name) == tlasNames_.end())
          error(r.pos, "Referenced TLAS " + r.name + " not found!");
        continue;
      }
      if (r.kind == ResourceKind::Sampler || r.kind == ResourceKind::SampledTexture2D) {
        r.samplerIndex = p.samplerIndex(r.name);
        if (r.samplerIndex < 0) error(r.pos, "Referenced sampler " + r.name + " not found!");
        if (r.kind == ResourceKind::Sampler) continue;
      }
      r.bufferIndex = p.bufferIndex(r.name);
      if (r.bufferIndex < 0) error(r.pos, "Referenced buffer " + r.name + " not found!");
    }
  }
  for (ResultRule& r : p.results) {
    r.actualIndex = p.bufferIndex(r.actual);
    if (r.actualIndex < 0) error(r.pos, "Reference buffer " + r.actual + " not found!");
    r.expectedIndex = p.bufferIndex(r.expected);
    if (r.expectedIndex < 0) error(r.pos, "Reference buffer " + r.expected + " not found!");
    if (r.actualIndex < 0 || r.expectedIndex < 0 || r.rule == Rule::BufferExact) continue;
    DataFormat a = p.buffers[size_t(r.actualIndex)].format, e = p.buffers[size_t(r.expectedIndex)].format;
    if (!isFloatFormat(a) || !isFloatFormat(e)) error(r.pos, "BufferFloat only accepts Float buffers");
    else if (a != e) error(r.pos, "Buffers must have the same type");
  }
  uint32_t tables = 0;
  for (const RootParameter& rp : p.settings.rootParameters) {
    if (rp.kind == RootParamKind::DescriptorTable) ++tables;
    else if (rp.kind == RootParamKind::Constant && p.bufferIndex(rp.name) < 0)
      error(rp.pos, "Referenced buffer in root constant " + rp.name + " not found!");
    else if (rp.kind == RootParamKind::RootDescriptor && p.bufferIndex(rp.resourceName) < 0)
      error(rp.pos, "Referenced buffer in root descriptor " + rp.resourceName + " not found!");
  }
  if (!p.settings.rootParameters.empty() && tables != p.sets.size())
    error(p.settings.pos, "Expected " + std::to_string(p.sets.size()) + " DescriptorTable root parameters, found " +
                  std::to_string(tables));
}

}  // namespace

ParseResult parsePipeline(std::string_view text, const std::string& fileName) {
  ParseResult result;
  std::unique_ptr<YamlNode> root = readYamlDocument(text, fileName, result.errors);
  if (!root) return result;
  Parser parser(text, fileName, result.errors);
  result.pipeline = parser.run(root.get());
  if (!result.errors.empty()) result.pipeline.reset();
  return result;
}

}  // namespace sl::offload
