#include "core/frontend/Intrinsics.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <mutex>

namespace sl::frontend {

namespace {

struct IntrinsicRowData {
  const char* space;
  const char* name;
  int arity;
  int tryOrder;
  const char* minShaderModel;
  const char* attributes;
  const char* opcode;
  const char* result;
  const char* params;
};

const IntrinsicRowData kRows[] = {
#include "HLSLIntrinsics.inc"
};

std::vector<std::string> split(std::string_view text, std::string_view separator) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  size_t start = 0;
  while (true) {
    size_t at = text.find(separator, start);
    parts.emplace_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) break;
    start = at + separator.size();
  }
  return parts;
}

int decodeMatch(const std::string& text) {
  if (text == "object_T") return kMatchObjectT;
  if (text == "object_T_elt0") return kMatchObjectTElt0;
  if (text == "func_T") return kMatchFuncT;
  if (text == "func_T2") return kMatchFuncT2;
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::atoi(text.c_str());
  return kMatchNone;
}

IntrinsicShape decodeShape(const std::string& text) {
  static const std::pair<const char*, IntrinsicShape> kShapes[] = {
      {"scalar", IntrinsicShape::Scalar}, {"vector", IntrinsicShape::Vector}, {"matrix", IntrinsicShape::Matrix},
      {"any", IntrinsicShape::Any}, {"array", IntrinsicShape::Array}, {"any_array", IntrinsicShape::AnyArray},
      {"object", IntrinsicShape::Object}, {"void", IntrinsicShape::Void}, {"varargs", IntrinsicShape::Varargs},
      {"from_object", IntrinsicShape::FromObject},
      {"from_explicit_template_arg", IntrinsicShape::FromTemplateArg}};
  for (auto& [name, shape] : kShapes)
    if (text == name) return shape;
  return IntrinsicShape::Object;
}

IntrinsicParam decodeParam(const std::string& text) {
  IntrinsicParam p;
  std::vector<std::string> f = split(text, "|");
  f.resize(8);
  for (const std::string& word : split(f[0], " ")) {
    if (word == "out") p.direction = ParamDirection::Out;
    else if (word == "inout") p.direction = ParamDirection::InOut;
    else if (word == "ref") p.direction = ParamDirection::Ref;
    else if (word == "row_major") p.rowMajor = true;
    else if (word == "col_major") p.colMajor = true;
    else if (word == "groupshared") { p.groupShared = true; p.direction = ParamDirection::Ref; }
  }
  p.shape = decodeShape(f[1]);
  p.component = f[2];
  p.rows = f[3];
  p.cols = f[4];
  p.templateGroup = decodeMatch(f[5]);
  p.componentGroup = decodeMatch(f[6]);
  p.name = f[7];
  return p;
}

IntrinsicRow decodeRow(const IntrinsicRowData& d) {
  IntrinsicRow row;
  row.space = d.space;
  row.name = d.name;
  row.arity = d.arity;
  row.tryOrder = d.tryOrder;
  row.minShaderModel = d.minShaderModel;
  row.attributes = d.attributes;
  row.opcode = d.opcode;
  row.result = decodeParam(d.result);
  for (const std::string& p : split(d.params, " ; ")) row.params.push_back(decodeParam(p));
  return row;
}

// The table has ~1k rows but a shader names a handful of intrinsics: rows are decoded per name on
// first lookup (decoding all of them took ~2 ms of every compile). The name index itself holds
// only pointers into kRows.
class Table {
public:
  Table() {
    for (const IntrinsicRowData& d : kRows) rowsByName_[{d.space, d.name}].push_back(&d);
  }

  std::vector<const IntrinsicRow*> find(std::string_view space, std::string_view name) {
    auto it = rowsByName_.find(std::make_pair(space, name));
    if (it == rowsByName_.end()) return {};
    std::lock_guard<std::mutex> lock(mutex_);  // the GUI compiles on worker threads
    auto cached = decoded_.find(it->first);
    if (cached != decoded_.end()) return cached->second;
    std::vector<const IntrinsicRow*> rows;
    for (const IntrinsicRowData* d : it->second) rows.push_back(&storage_.emplace_back(decodeRow(*d)));
    std::stable_sort(rows.begin(), rows.end(), [](const IntrinsicRow* a, const IntrinsicRow* b) {
      return a->arity != b->arity ? a->arity < b->arity : a->tryOrder < b->tryOrder;
    });
    decoded_.emplace(it->first, rows);
    return rows;
  }

  bool contains(std::string_view space, std::string_view name) const {
    return rowsByName_.count(std::make_pair(space, name)) != 0;
  }

private:
  using Key = std::pair<std::string_view, std::string_view>;
  std::map<Key, std::vector<const IntrinsicRowData*>> rowsByName_;  // immutable after construction
  std::mutex mutex_;
  std::map<Key, std::vector<const IntrinsicRow*>> decoded_;
  std::deque<IntrinsicRow> storage_;  // stable addresses for the pointers handed out
};

Table& table() {
  static Table* instance = new Table();  // never destroyed: nothing to release at exit
  return *instance;
}

}  // namespace

std::vector<const IntrinsicRow*> findIntrinsics(std::string_view space, std::string_view name) {
  return table().find(space, name);
}

bool hasIntrinsic(std::string_view space, std::string_view name) { return table().contains(space, name); }

size_t intrinsicRowCount() { return std::size(kRows); }

const ComponentClass& componentClass(std::string_view name) {
  using K = ScalarKind;
  static const std::map<std::string, ComponentClass, std::less<>> kClasses = [] {
    std::map<std::string, ComponentClass, std::less<>> m;
    auto add = [&](const char* n, std::vector<K> kinds, bool strict = false) {
      ComponentClass c;
      c.known = true;
      c.strict = strict;
      c.kinds = std::move(kinds);
      m[n] = c;
    };
    std::vector<K> floats = {K::Float, K::Half, K::Float16, K::Min16Float, K::LiteralFloat};
    std::vector<K> ints = {K::Int, K::UInt, K::Int64, K::UInt64, K::Int16, K::UInt16, K::Min16Int, K::Min16UInt,
                           K::LiteralInt};
    add("bool", {K::Bool});
    add("int", {K::Int, K::LiteralInt});
    add("uint", {K::UInt, K::LiteralInt});
    add("int16_t", {K::Int16, K::LiteralInt});
    add("uint16_t", {K::UInt16, K::LiteralInt});
    add("float16_t", {K::Float16, K::LiteralFloat});
    add("u64", {K::UInt64, K::LiteralInt});
    add("double", {K::Double, K::LiteralFloat});
    add("any_int", {K::Int, K::Int16, K::UInt, K::UInt16, K::Int64, K::UInt64, K::Min16Int, K::Min16UInt,
                    K::LiteralInt});
    add("any_int32", {K::Int, K::UInt, K::LiteralInt});
    add("any_int64", {K::Int64, K::UInt64, K::LiteralInt});
    add("any_int16or32", {K::Int, K::UInt, K::Int16, K::UInt16, K::LiteralInt});
    add("uint_only", {K::UInt, K::UInt64, K::UInt16, K::LiteralInt}, true);
    add("int32_only", {K::Int, K::UInt}, true);
    add("int64_only", {K::Int64, K::UInt64}, true);
    add("sint16or32_only", {K::Int, K::Int16}, true);
    add("float", {K::Float, K::Half, K::LiteralFloat});
    add("float32_only", {K::Float}, true);
    add("double_only", {K::Double}, true);
    add("float_like", floats);
    std::vector<K> anyFloat = floats;
    anyFloat.push_back(K::Double);
    add("any_float", anyFloat);
    add("fldbl", {K::Float, K::Double, K::LiteralFloat});
    std::vector<K> numeric = floats;
    numeric.push_back(K::Double);
    numeric.insert(numeric.end(), ints.begin(), ints.end());
    add("numeric", numeric);
    add("numeric32", {K::Float, K::Int, K::UInt, K::LiteralFloat, K::LiteralInt});
    add("numeric32_only", {K::Float, K::Int, K::UInt, K::LiteralFloat, K::LiteralInt}, true);
    add("numeric16_only", {K::Float16, K::Int16, K::UInt16}, true);
    std::vector<K> any = numeric;
    any.push_back(K::Bool);
    add("any", any);
    add("p32i8", {K::UInt, K::LiteralInt});
    add("p32u8", {K::UInt, K::LiteralInt});
    add("int8_t4_packed", {K::UInt, K::LiteralInt});
    add("uint8_t4_packed", {K::UInt, K::LiteralInt});
    add("void", {});
    return m;
  }();
  static const ComponentClass kObject = [] {
    ComponentClass c;
    c.known = true;
    c.isObject = true;
    return c;
  }();
  auto it = kClasses.find(name);
  if (it != kClasses.end()) return it->second;
  return kObject;
}

}  // namespace sl::frontend
