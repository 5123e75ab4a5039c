#include "core/ir/Printer.h"

#include "core/ir/SpirvGrammar.h"

#include <spirv/unified1/spirv.hpp>

#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <unordered_map>

namespace sl::ir {
namespace {

std::string storageClassName(uint32_t sc) {
  if (sc == kHandlesAddrSpace) return "Handles";
  std::string_view n = grammar::enumerantName(grammar::Kind::StorageClass, sc);
  return n.empty() ? "StorageClass(" + std::to_string(sc) + ")" : std::string(n);
}

std::string enumName(grammar::Kind kind, uint32_t value) {
  std::string_view n = grammar::enumerantName(kind, value);
  return n.empty() ? std::to_string(value) : std::string(n);
}

// A bit mask as its enumerant names joined by `|` (unknown bits in hex), e.g. `Unroll|DontUnroll`.
std::string bitEnumText(const grammar::OperandKindInfo* kind, uint32_t value) {
  if (value == 0) return std::string(grammar::enumerantName(kind, 0).empty() ? "0" : grammar::enumerantName(kind, 0));
  std::string s;
  uint32_t unknown = 0;
  for (uint32_t bit = 0; bit < 32; ++bit) {
    const uint32_t mask = 1u << bit;
    if (!(value & mask)) continue;
    std::string_view n = grammar::enumerantName(kind, mask);
    if (n.empty()) {
      unknown |= mask;
      continue;
    }
    s += (s.empty() ? "" : "|") + std::string(n);
  }
  if (unknown) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", unknown);
    s += (s.empty() ? "" : "|") + std::string(buf);
  }
  return s;
}

std::string scalarName(const TypeDef& d) {
  switch (d.kind) {
    case TypeKind::Bool: return "bool";
    case TypeKind::Int: return (d.isSigned ? "s" : "u") + std::to_string(d.width);
    case TypeKind::Float: return "f" + std::to_string(d.width);
    default: return "?";
  }
}

std::string formatFloat(uint64_t bits, uint32_t width) {
  double v = 0;
  if (width == 32) v = std::bit_cast<float>(static_cast<uint32_t>(bits));
  else if (width == 64) v = std::bit_cast<double>(bits);
  else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "f%u(0x%" PRIx64 ")", width, bits);
    return buf;
  }
  char buf[48];
  if (!std::isfinite(v)) {
    std::snprintf(buf, sizeof buf, "f%u(0x%" PRIx64 ")", width, bits);
    return buf;
  }
  std::snprintf(buf, sizeof buf, width == 32 ? "%.9g" : "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s + "f" + std::to_string(width);
}

std::string formatScalar(const Context& cx, const ConstDef& c) {
  const TypeDef& t = cx.def(c.type);
  switch (t.kind) {
    case TypeKind::Bool: return c.bits ? "true" : "false";
    case TypeKind::Int: {
      if (t.isSigned) {
        int64_t v = static_cast<int64_t>(c.bits);
        if (t.width < 64 && (c.bits >> (t.width - 1)) & 1) v = static_cast<int64_t>(c.bits | (~uint64_t(0) << t.width));
        return std::to_string(v) + scalarName(t);
      }
      return std::to_string(c.bits) + scalarName(t);
    }
    case TypeKind::Float: return formatFloat(c.bits, t.width);
    default: return "0x" + std::to_string(c.bits);
  }
}

std::string decorationText(const Decoration& d) {
  std::string s = enumName(grammar::Kind::Decoration, d.kind);
  if (d.operands.empty()) return s;
  s += "(";
  for (size_t i = 0; i < d.operands.size(); ++i) {
    if (i) s += ", ";
    if (d.kind == spv::DecorationBuiltIn && i == 0) s += enumName(grammar::Kind::BuiltIn, d.operands[i]);
    else s += std::to_string(d.operands[i]);
  }
  return s + ")";
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (ch == '\n') { out += "\\n"; continue; }
    out += ch;
  }
  return out + "\"";
}

// The type/constant naming shared by the module printer and the short forms: types and constants
// that do not print inline are numbered T0.., C0.. in order of first use.
class Names {
 public:
  explicit Names(const Context& cx) : cx_(cx) {}

  void visitType(Type t) {
    if (!t.valid() || typeNums_.count(t.index) || visitingTypes_.count(t.index)) return;
    const TypeDef& d = cx_.def(t);
    visitingTypes_[t.index] = true;
    if (d.element.valid()) visitType(d.element);
    if (d.lengthConst.valid()) visitConst(d.lengthConst);
    for (const StructMember& m : d.members) visitType(m.type);
    for (Type p : d.params) visitType(p);
    if (!isInline(d)) {
      typeNums_[t.index] = static_cast<uint32_t>(typeOrder_.size());
      typeOrder_.push_back(t);
      defs_.push_back({true, t.index});
    }
  }

  void visitConst(Const c) {
    if (!c.valid() || constNums_.count(c.index)) return;
    const ConstDef& d = cx_.def(c);
    visitType(d.type);
    for (Const e : d.elements) visitConst(e);
    if (d.kind != ConstKind::Scalar) {
      constNums_[c.index] = static_cast<uint32_t>(constOrder_.size());
      constOrder_.push_back(c);
      defs_.push_back({false, c.index});
    }
  }

  static bool isInline(const TypeDef& d) {
    switch (d.kind) {
      case TypeKind::Void: case TypeKind::Bool: case TypeKind::Int: case TypeKind::Float:
      case TypeKind::Vector: case TypeKind::Matrix: case TypeKind::QPtr: case TypeKind::Sampler:
      case TypeKind::AccelerationStructure: case TypeKind::Pointer:
        return true;
      default:
        return false;
    }
  }

  std::string type(Type t) const {
    if (!t.valid()) return "<no type>";
    auto it = typeNums_.find(t.index);
    if (it != typeNums_.end()) return "T" + std::to_string(it->second);
    const TypeDef& d = cx_.def(t);
    if (!isInline(d)) return typeBody(t);  // not numbered (short forms)
    switch (d.kind) {
      case TypeKind::Void: return "void";
      case TypeKind::Vector: return type(d.element) + "x" + std::to_string(d.count);
      case TypeKind::Matrix: return "mat<" + type(d.element) + ", " + std::to_string(d.count) + ">";
      case TypeKind::QPtr: return "qptr";
      case TypeKind::Sampler: return "sampler";
      case TypeKind::AccelerationStructure: return "accel_struct";
      case TypeKind::Pointer: return "ptr<" + storageClassName(d.storageClass) + ", " + type(d.element) + ">";
      default: return scalarName(d);
    }
  }

  // The definition text of a numbered type (after `type Tn = `), possibly several lines.
  std::string typeBody(Type t) const {
    const TypeDef& d = cx_.def(t);
    switch (d.kind) {
      case TypeKind::Array: {
        std::string len = d.lengthConst.valid() ? constant(d.lengthConst) : std::to_string(d.count);
        std::string s = "[" + type(d.element) + "; " + len + "]";
        if (d.arrayStride) s += " #[ArrayStride(" + std::to_string(d.arrayStride) + ")]";
        return s;
      }
      case TypeKind::RuntimeArray: {
        std::string s = "[" + type(d.element) + "]";
        if (d.arrayStride) s += " #[ArrayStride(" + std::to_string(d.arrayStride) + ")]";
        return s;
      }
      case TypeKind::Struct: {
        std::string s = "struct";
        if (!d.name.empty()) s += " `" + d.name + "`";
        s += " {";
        for (size_t i = 0; i < d.members.size(); ++i) {
          const StructMember& m = d.members[i];
          s += "\n  " + std::to_string(i) + ": ";
          if (!m.name.empty()) s += "`" + m.name + "` ";
          s += type(m.type);
          if (!m.decorations.empty()) {
            s += " #[";
            for (size_t k = 0; k < m.decorations.size(); ++k)
              s += (k ? ", " : "") + decorationText(m.decorations[k]);
            s += "]";
          }
          s += ",";
        }
        if (!d.members.empty()) s += "\n";
        s += "}";
        if (!d.decorations.empty()) {
          s += " #[";
          for (size_t k = 0; k < d.decorations.size(); ++k)
            s += (k ? ", " : "") + decorationText(d.decorations[k]);
          s += "]";
        }
        return s;
      }
      case TypeKind::Function: {
        std::string s = "fn(";
        for (size_t i = 0; i < d.params.size(); ++i) s += (i ? ", " : "") + type(d.params[i]);
        return s + ") -> " + type(d.element);
      }
      case TypeKind::Image:
        return "image<" + type(d.element) + ", " + enumName(grammar::Kind::Dim, d.image.dim) +
               ", depth: " + std::to_string(d.image.depth) + ", arrayed: " +
               std::to_string(d.image.arrayed) + ", ms: " + std::to_string(d.image.multisampled) +
               ", sampled: " + std::to_string(d.image.sampled) + ", format: " +
               enumName(grammar::Kind::ImageFormat, d.image.format) + ">";
      case TypeKind::SampledImage: return "sampled_image<" + type(d.element) + ">";
      case TypeKind::HlslResource: {
        std::string s = std::string("hlsl.resource<") + resourceKindName(d.resource);
        if (d.element.valid()) s += ", " + type(d.element);
        return s + ">";
      }
      default: return type(t);
    }
  }

  std::string constant(Const c) const {
    if (!c.valid()) return "<no const>";
    auto it = constNums_.find(c.index);
    if (it != constNums_.end()) return "C" + std::to_string(it->second);
    const ConstDef& d = cx_.def(c);
    if (d.kind == ConstKind::Scalar) return formatScalar(cx_, d);
    return constBody(c);
  }

  std::string constBody(Const c) const {
    const ConstDef& d = cx_.def(c);
    switch (d.kind) {
      case ConstKind::Scalar: return formatScalar(cx_, d);
      case ConstKind::Composite: {
        std::string s = type(d.type) + "(";
        for (size_t i = 0; i < d.elements.size(); ++i) s += (i ? ", " : "") + constant(d.elements[i]);
        return s + ")";
      }
      case ConstKind::Null: return "null: " + type(d.type);
      case ConstKind::Undef: return "undef: " + type(d.type);
      case ConstKind::SpecScalar: {
        ConstDef scalar = d;
        scalar.kind = ConstKind::Scalar;
        return "spec " + formatScalar(cx_, scalar) + " #[SpecId(" + std::to_string(d.specId) + ")]";
      }
    }
    return "?";
  }

  struct Def {
    bool isType;
    uint32_t index;
  };
  const std::vector<Def>& defs() const { return defs_; }

 private:
  const Context& cx_;
  std::unordered_map<uint32_t, uint32_t> typeNums_, constNums_;
  std::unordered_map<uint32_t, bool> visitingTypes_;
  std::vector<Type> typeOrder_;
  std::vector<Const> constOrder_;
  std::vector<Def> defs_;
};

class ModulePrinter {
 public:
  ModulePrinter(const Module& m, const PrintOptions& o) : m_(m), cx_(m.cx()), opts_(o), names_(cx_) {}

  PrintedModule run() {
    collect();
    for (const Names::Def& d : names_.defs()) {
      if (d.isType) line(0, "type T" + std::to_string(typeNum_++) + " = " + names_.typeBody(Type(d.index)));
      else line(0, "const C" + std::to_string(constNum_++) + " = " + names_.constBody(Const(d.index)));
    }
    if (!names_.defs().empty()) blank();
    for (uint32_t g = 0; g < m_.globals.size(); ++g) printGlobal(g);
    if (!m_.globals.empty()) blank();
    for (const EntryPoint& ep : m_.entryPoints) printEntryPoint(ep);
    if (!m_.entryPoints.empty()) blank();
    printDebugTables();
    for (uint32_t f = 0; f < m_.functions.size(); ++f) {
      if (f) blank();
      printFunction(f);
    }
    return std::move(out_);
  }

 private:
  // ---------------------------------------------------------------- collection of types/consts
  void collectValue(const FunctionDef& fn, const Value& v) {
    if (v.kind == ValueKind::Const && v.a < cx_.constCount()) names_.visitConst(v.asConst());
  }

  void collectRegion(const FunctionDef& fn, RegionId r) {
    if (!r.valid() || r.index >= fn.regions.size()) return;
    const RegionDef& rd = fn.region(r);
    for (Type t : rd.inputTypes) names_.visitType(t);
    for (NodeId n : rd.nodes) {
      if (n.index >= fn.nodes.size()) continue;
      const NodeDef& nd = fn.node(n);
      for (Type t : nd.outputTypes) names_.visitType(t);
      collectValue(fn, nd.condition);
      for (const Value& v : nd.initialInputs) collectValue(fn, v);
      for (InstId i : nd.insts) {
        if (i.index >= fn.insts.size()) continue;
        const InstDef& inst = fn.inst(i);
        names_.visitType(inst.resultType);
        for (const Operand& o : inst.operands)
          if (!o.isImm) collectValue(fn, o.value);
      }
      for (RegionId c : nd.cases) collectRegion(fn, c);
      if (nd.kind == NodeKind::Loop) {
        collectRegion(fn, nd.body);
        collectRegion(fn, nd.continuing);
      }
    }
    for (const Value& v : rd.exit.values) collectValue(fn, v);
    collectValue(fn, rd.exit.condition);
    for (const Value& v : rd.exit.exitValues) collectValue(fn, v);
  }

  void collect() {
    for (const DebugVarDef& v : m_.debugVars) names_.visitType(v.type);
    for (const GlobalVarDef& g : m_.globals) {
      names_.visitType(g.type);
      if (g.initializer.valid()) names_.visitConst(g.initializer);
    }
    for (const FunctionDef& fn : m_.functions) {
      names_.visitType(fn.returnType);
      collectRegion(fn, fn.body);
    }
  }

  // ---------------------------------------------------------------- output helpers
  void line(int indent, const std::string& text, DebugLoc loc = {}) {
    // Multi-line texts (struct definitions) keep their own inner indentation.
    size_t start = 0;
    bool first = true;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string piece = std::string(indent * 2, ' ') + text.substr(start, end - start);
      const bool last = end == text.size();
      SourceLoc sl;
      if (loc.valid() && loc.file < m_.debugFiles.size()) {
        sl.file = m_.debugFiles[loc.file].path;
        sl.line = loc.line;
        sl.column = loc.column;
        if (opts_.debugLocs && last) {
          piece += "  // " + sl.file + ":" + std::to_string(loc.line);
          if (loc.column) piece += ":" + std::to_string(loc.column);
          if (loc.scope) piece += " in S" + std::to_string(loc.scope);
        }
      }
      (void)first;
      first = false;
      out_.text += piece + "\n";
      out_.lineLocs.push_back(sl);
      if (last) break;
      start = end + 1;
    }
  }
  void blank() { line(0, ""); }

  // `#[...]` line for attributes other than the debug location (which is a trailing comment).
  void attrLines(int indent, const Attrs& a, bool includeName) {
    std::vector<std::string> parts;
    if (includeName && !a.name.empty()) parts.push_back("name(" + quoted(a.name) + ")");
    for (const Decoration& d : a.decorations) parts.push_back(decorationText(d));
    for (const auto& [k, v] : a.extra) parts.push_back(k + "(" + quoted(v) + ")");
    if (!parts.empty()) {
      std::string s = "#[";
      for (size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
      line(indent, s + "]");
    }
    if (!a.qptrUsage.empty()) line(indent, "#[qptr.usage(" + a.qptrUsage + ")]");
  }

  static std::string nameSuffix(const std::string& name) { return name.empty() ? "" : "`" + name + "`"; }

  // ---------------------------------------------------------------- globals and entry points
  void printGlobal(uint32_t g) {
    const GlobalVarDef& gv = m_.globals[g];
    attrLines(0, gv.attrs, false);
    std::string s = "global_var GV" + std::to_string(g) + nameSuffix(gv.attrs.name) + " in " +
                    storageClassName(gv.storageClass) + ": " + names_.type(gv.type);
    if (gv.refType.valid() && cx_.def(gv.refType).kind == TypeKind::QPtr) s += " (as qptr)";
    if (gv.initializer.valid()) s += " = " + names_.constant(gv.initializer);
    if (gv.debugVar) s += " debug D" + std::to_string(gv.debugVar - 1);
    line(0, s, gv.attrs.loc);
  }

  void printEntryPoint(const EntryPoint& ep) {
    std::string s = "entry_point " + enumName(grammar::Kind::ExecutionModel, ep.executionModel) + " " +
                    quoted(ep.name) + " = F" + std::to_string(ep.function.index);
    if (!ep.interface.empty()) {
      s += " interface(";
      for (size_t i = 0; i < ep.interface.size(); ++i) s += (i ? ", GV" : "GV") + std::to_string(ep.interface[i].index);
      s += ")";
    }
    for (const ExecutionMode& mode : ep.modes) {
      s += " " + enumName(grammar::Kind::ExecutionMode, mode.mode);
      if (!mode.operands.empty()) {
        s += "(";
        for (size_t i = 0; i < mode.operands.size(); ++i) s += (i ? ", " : "") + std::to_string(mode.operands[i]);
        s += ")";
      }
    }
    line(0, s);
  }

  // ---------------------------------------------------------------- variable debug info
  std::string locText(DebugLoc loc) const {
    if (!loc.valid() || loc.file >= m_.debugFiles.size()) return "?";
    return m_.debugFiles[loc.file].path + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
  }
  static std::string scopeText(uint32_t scope) { return scope ? "S" + std::to_string(scope) : "function"; }

  // `debug_scope S1 = block in function at f:3:5`, `debug_var D0`x`: f32 at f:4:7 in S1`.
  void printDebugTables() {
    for (size_t i = 0; i < m_.debugScopes.size(); ++i) {
      const DebugScopeDef& d = m_.debugScopes[i];
      std::string s = "debug_scope S" + std::to_string(i + 1) + " = ";
      if (d.kind == DebugScopeDef::Kind::InlinedFunction)
        s += "inlined " + quoted(d.name) + " at " + locText(d.loc) + ", called at " + locText(d.inlinedAt) + " in " +
             scopeText(d.inlinedAt.scope);
      else
        s += "block in " + scopeText(d.parent) + " at " + locText(d.loc);
      line(0, s);
    }
    for (size_t i = 0; i < m_.debugVars.size(); ++i) {
      const DebugVarDef& v = m_.debugVars[i];
      std::string s = "debug_var D" + std::to_string(i) + nameSuffix(v.name) + ": " + names_.type(v.type) + " at " +
                      locText(v.loc) + " in " + scopeText(v.loc.scope);
      if (v.argNumber) s += " (argument " + std::to_string(v.argNumber) + ")";
      line(0, s);
    }
    if (!m_.debugScopes.empty() || !m_.debugVars.empty()) blank();
  }

  std::string debugOperands(const InstDef& inst) {
    std::string s;
    if (inst.op.isDebug(DebugOp::Printf)) {  // the format as a string literal, then the arguments
      const uint32_t f = inst.operands.empty() || !inst.operands[0].isImm ? UINT32_MAX : inst.operands[0].imm;
      s += f < m_.printfFormats.size() ? quoted(m_.printfFormats[f]) : "<bad format>";
      for (size_t i = 1; i < inst.operands.size(); ++i)
        s += ", " + (inst.operands[i].isImm ? std::to_string(inst.operands[i].imm) : value(inst.operands[i].value));
      return s;
    }
    for (size_t i = 0; i < inst.operands.size(); ++i) {
      const Operand& o = inst.operands[i];
      s += i ? ", " : "";
      if (i == 0 && o.isImm) s += "D" + std::to_string(o.imm);
      else s += o.isImm ? std::to_string(o.imm) : value(o.value);
    }
    return s;
  }

  // ---------------------------------------------------------------- functions
  std::string value(const Value& v) {
    switch (v.kind) {
      case ValueKind::None: return "<none>";
      case ValueKind::Const: return v.a < cx_.constCount() ? names_.constant(v.asConst()) : "<bad const>";
      case ValueKind::GlobalVar: return "&GV" + std::to_string(v.a);
      case ValueKind::Func: return "F" + std::to_string(v.a) + nameSuffix(v.a < m_.functions.size() ? m_.functions[v.a].name() : "");
      default: break;
    }
    auto it = valueNums_.find(key(v));
    return it == valueNums_.end() ? "v?" : "v" + std::to_string(it->second);
  }
  static uint64_t key(const Value& v) { return valueKey(v); }
  std::string define(const Value& v) {
    uint32_t n = nextValue_++;
    valueNums_[key(v)] = n;
    return "v" + std::to_string(n);
  }
  std::string valueList(const std::vector<Value>& vs) {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i) s += (i ? ", " : "") + value(vs[i]);
    return s;
  }

  void printFunction(uint32_t f) {
    const FunctionDef& fn = m_.functions[f];
    fn_ = &fn;
    valueNums_.clear();
    nextValue_ = 0;
    attrLines(0, fn.attrs, false);
    std::string s = "func F" + std::to_string(f) + nameSuffix(fn.name()) + "(";
    if (fn.body.valid() && fn.body.index < fn.regions.size()) {
      const RegionDef& body = fn.region(fn.body);
      for (uint32_t i = 0; i < body.inputTypes.size(); ++i) {
        if (i) s += ", ";
        s += define(Value::regionInput(fn.body, i));
        if (i < body.inputAttrs.size()) s += nameSuffix(body.inputAttrs[i].name);
        s += ": " + names_.type(body.inputTypes[i]);
      }
    }
    s += ") -> " + names_.type(fn.returnType) + " {";
    line(0, s, fn.attrs.loc);
    if (fn.body.valid() && fn.body.index < fn.regions.size()) printRegionContents(1, fn.body, RegionRole::FunctionBody);
    line(0, "}");
  }

  enum class RegionRole { FunctionBody, Case, LoopBody, Continuing };

  void printRegionContents(int indent, RegionId r, RegionRole role) {
    const FunctionDef& fn = *fn_;
    const RegionDef& rd = fn.region(r);
    for (NodeId n : rd.nodes) {
      if (n.index >= fn.nodes.size()) { line(indent, "<bad node>"); continue; }
      printNode(indent, n);
    }
    printExit(indent, rd.exit, role);
  }

  void printExit(int indent, const Exit& e, RegionRole role) {
    std::string s;
    switch (e.kind) {
      case ExitKind::Yield:
        if (e.values.empty()) return;  // the default: fall out of the region
        s = "yield(" + valueList(e.values) + ")";
        break;
      case ExitKind::Break: s = e.values.empty() ? "break" : "break(" + valueList(e.values) + ")"; break;
      case ExitKind::Continue: s = e.values.empty() ? "continue" : "continue(" + valueList(e.values) + ")"; break;
      case ExitKind::BreakIf:
        s = "break_if " + value(e.condition);
        if (!e.values.empty()) s += " next(" + valueList(e.values) + ")";
        if (!e.exitValues.empty()) s += " exit(" + valueList(e.exitValues) + ")";
        break;
      case ExitKind::FallThrough: s = "fallthrough"; break;
      case ExitKind::Return: s = e.values.empty() ? "return" : "return " + valueList(e.values); break;
      case ExitKind::Kill: s = "kill"; break;
      case ExitKind::Unreachable: s = "unreachable"; break;
    }
    line(indent, s, e.loc);
  }

  std::string outputsPrefix(NodeId n) {
    const NodeDef& nd = fn_->node(n);
    if (nd.outputTypes.empty()) return "";
    std::string s = "(";
    for (uint32_t i = 0; i < nd.outputTypes.size(); ++i) {
      if (i) s += ", ";
      s += define(Value::nodeOutput(n, i));
      if (i < nd.outputAttrs.size()) s += nameSuffix(nd.outputAttrs[i].name);
      s += ": " + names_.type(nd.outputTypes[i]);
    }
    return s + ") = ";
  }

  std::string regionInputs(RegionId r, const std::vector<Value>* initial) {
    const RegionDef& rd = fn_->region(r);
    std::string s;
    for (uint32_t i = 0; i < rd.inputTypes.size(); ++i) {
      if (i) s += ", ";
      s += define(Value::regionInput(r, i));
      if (i < rd.inputAttrs.size()) s += nameSuffix(rd.inputAttrs[i].name);
      s += ": " + names_.type(rd.inputTypes[i]);
      if (initial && i < initial->size()) s += " = " + value((*initial)[i]);
    }
    return s;
  }

  bool validRegion(RegionId r) const { return r.valid() && r.index < fn_->regions.size(); }

  void printNode(int indent, NodeId n) {
    const FunctionDef& fn = *fn_;
    const NodeDef& nd = fn.node(n);
    switch (nd.kind) {
      case NodeKind::Block:
        for (InstId i : nd.insts) {
          if (i.index >= fn.insts.size()) { line(indent, "<bad inst>"); continue; }
          printInst(indent, i);
        }
        return;
      case NodeKind::Select: {
        attrLines(indent, nd.attrs, true);
        // Conditions are printed before outputs are defined (they are used, not defined, here).
        std::string cond = value(nd.condition);
        if (nd.selectionControl)
          cond += " #[SelectionControl(" +
                  bitEnumText(grammar::operandKind(grammar::Kind::SelectionControl), nd.selectionControl) + ")]";
        std::string prefix = outputsPrefix(n);
        if (nd.selectKind == SelectKind::If) {
          if (nd.cases.size() != 2 || !validRegion(nd.cases[0]) || !validRegion(nd.cases[1])) {
            line(indent, prefix + "if " + cond + " <malformed>", nd.attrs.loc);
            return;
          }
          line(indent, prefix + "if " + cond + " {", nd.attrs.loc);
          printRegionContents(indent + 1, nd.cases[0], RegionRole::Case);
          const RegionDef& elseRegion = fn.region(nd.cases[1]);
          if (!elseRegion.nodes.empty() || elseRegion.exit.kind != ExitKind::Yield || !elseRegion.exit.values.empty()) {
            line(indent, "} else {");
            printRegionContents(indent + 1, nd.cases[1], RegionRole::Case);
          }
          line(indent, "}");
          return;
        }
        line(indent, prefix + "switch " + cond + " {", nd.attrs.loc);
        for (size_t c = 0; c < nd.cases.size(); ++c) {
          std::string label = "case <unlabelled>";
          if (c < nd.switchCases.size()) {
            const SwitchCase& sc = nd.switchCases[c];
            label = sc.literals.empty() ? "" : "case ";
            for (size_t k = 0; k < sc.literals.size(); ++k) label += (k ? ", " : "") + std::to_string(sc.literals[k]);
            if (sc.isDefault) label += sc.literals.empty() ? "default" : ", default";
          }
          if (!validRegion(nd.cases[c])) { line(indent + 1, label + " <bad region>"); continue; }
          line(indent + 1, label + " {");
          printRegionContents(indent + 2, nd.cases[c], RegionRole::Case);
          line(indent + 1, "}");
        }
        line(indent, "}");
        return;
      }
      case NodeKind::Loop: {
        attrLines(indent, nd.attrs, true);
        if (!validRegion(nd.body) || !validRegion(nd.continuing)) {
          line(indent, "loop <malformed>", nd.attrs.loc);
          return;
        }
        std::vector<std::string> initial;
        std::string inputs = regionInputs(nd.body, &nd.initialInputs);
        std::string prefix = outputsPrefix(n);
        std::string head = prefix + "loop";
        if (!inputs.empty()) head += "(" + inputs + ")";
        if (nd.loopControl)
          head += " #[LoopControl(" + bitEnumText(grammar::operandKind(grammar::Kind::LoopControl), nd.loopControl) + ")]";
        line(indent, head + " {", nd.attrs.loc);
        printRegionContents(indent + 1, nd.body, RegionRole::LoopBody);
        const RegionDef& cont = fn.region(nd.continuing);
        const bool emptyContinuing = cont.nodes.empty() && cont.inputTypes.empty() &&
                                     cont.exit.kind == ExitKind::Yield && cont.exit.values.empty();
        if (!emptyContinuing) {
          std::string cin = regionInputs(nd.continuing, nullptr);
          line(indent, "} continuing" + (cin.empty() ? std::string() : "(" + cin + ")") + " {");
          printRegionContents(indent + 1, nd.continuing, RegionRole::Continuing);
        }
        line(indent, "}");
        return;
      }
    }
  }

  std::string immediate(const grammar::OperandDesc* desc, uint32_t word) {
    if (desc && (desc->kind->category == grammar::OperandCategory::ValueEnum)) {
      std::string_view n = grammar::enumerantName(desc->kind, word);
      if (!n.empty()) return std::string(n);
    }
    if (desc && desc->kind->category == grammar::OperandCategory::BitEnum)
      return std::string(desc->kind->name) + "(" + bitEnumText(desc->kind, word) + ")";
    return std::to_string(word);
  }

  std::string operandsText(const InstDef& inst) {
    std::string s;
    if (inst.op.family == OpFamily::Qptr) return qptrOperands(inst);
    if (inst.op.family == OpFamily::Hlsl) return hlslOperands(inst);
    if (inst.op.family == OpFamily::Debug) return debugOperands(inst);
    const grammar::Instruction* g = inst.op.family == OpFamily::Spv ? grammar::findInstruction(inst.op.code) : nullptr;
    // Grammar operands without IdResultType/IdResult, to name immediates.
    std::vector<const grammar::OperandDesc*> descs;
    if (g)
      for (const grammar::OperandDesc& d : g->operands) {
        std::string_view k = d.kind->name;
        if (k != "IdResultType" && k != "IdResult") descs.push_back(&d);
      }
    size_t start = inst.op.family == OpFamily::Call ? 1 : 0;
    for (size_t i = start; i < inst.operands.size(); ++i) {
      if (i > start) s += ", ";
      const Operand& o = inst.operands[i];
      if (!o.isImm) {
        s += value(o.value);
        continue;
      }
      const grammar::OperandDesc* d = nullptr;
      if (!descs.empty()) d = i < descs.size() ? descs[i] : (descs.back()->quantifier == grammar::Quantifier::Variadic ? descs.back() : nullptr);
      s += immediate(d, o.imm);
    }
    return s;
  }

  std::string qptrOperands(const InstDef& inst) {
    auto v = [&](size_t i) { return i < inst.operands.size() && !inst.operands[i].isImm ? value(inst.operands[i].value) : std::string("<missing>"); };
    auto imm = [&](size_t i) { return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0u; };
    switch (static_cast<QptrOp>(inst.op.code)) {
      case QptrOp::FuncLocalVar: {
        std::string s = "size: " + std::to_string(imm(0)) + ", align: " + std::to_string(imm(1));
        if (inst.operands.size() > 2) s += ", initializer: " + v(2);
        return s;
      }
      case QptrOp::BufferDynLen:
        return v(0) + ", fixed_base_size: " + std::to_string(imm(1)) + ", dyn_unit_stride: " + std::to_string(imm(2));
      case QptrOp::Offset: return v(0) + ", " + std::to_string(static_cast<int32_t>(imm(1)));
      case QptrOp::DynOffset: return v(0) + ", " + v(1) + " x " + std::to_string(imm(2));
      default: break;
    }
    std::string s;
    for (size_t i = 0; i < inst.operands.size(); ++i)
      s += (i ? ", " : "") + (inst.operands[i].isImm ? std::to_string(inst.operands[i].imm) : value(inst.operands[i].value));
    return s;
  }

  std::string hlslOperands(const InstDef& inst) {
    std::string s;
    if (inst.op.isHlsl(HlslOp::HandleFromBinding)) {
      static const char* labels[] = {"space: ", "binding: ", "range: "};
      for (size_t i = 0; i < inst.operands.size(); ++i) {
        if (i) s += ", ";
        const Operand& o = inst.operands[i];
        if (o.isImm && i < 3) s += labels[i] + (i == 1 && o.imm == UINT32_MAX ? std::string("implicit") : std::to_string(o.imm));
        else s += o.isImm ? std::to_string(o.imm) : "index: " + value(o.value);
      }
      return s;
    }
    // Texture sampling: name the flag bits ("flags: lod|offset").
    const bool sample = inst.op.isHlsl(HlslOp::ResourceSample), gather = inst.op.isHlsl(HlslOp::ResourceGather);
    const size_t flagsAt = sample ? 3 : gather ? 4 : SIZE_MAX;
    for (size_t i = 0; i < inst.operands.size(); ++i) {
      s += i ? ", " : "";
      const Operand& o = inst.operands[i];
      if (i == flagsAt && o.isImm) {
        static const char* names[] = {"bias", "lod", "grad", "cmp", "offset", "clamp"};
        std::string f;
        for (uint32_t bit = 0; bit < 6; ++bit)
          if (o.imm & (1u << bit)) f += (f.empty() ? "" : "|") + std::string(names[bit]);
        s += "flags: " + (f.empty() ? std::string("none") : f);
      } else if (gather && i == 3 && o.isImm) {
        s += "component: " + std::to_string(o.imm);
      } else if (inst.op.isHlsl(HlslOp::ResourceAtomic) && i == 2 && o.isImm) {
        s += "op: " + opcodeName(Opcode::spv(o.imm));  // "op: spv.OpAtomicIAdd"
      } else {
        s += o.isImm ? std::to_string(o.imm) : value(o.value);
      }
    }
    return s;
  }

  void printInst(int indent, InstId id) {
    const InstDef& inst = fn_->inst(id);
    // Operands are rendered before the result is numbered (a use cannot be its own definition).
    std::string callee;
    if (inst.op.family == OpFamily::Call && !inst.operands.empty()) callee = " " + value(inst.operands[0].value);
    std::string ops = operandsText(inst);
    attrLines(indent, inst.attrs, true);
    std::string s;
    const bool hasResult = inst.resultType.valid() && cx_.def(inst.resultType).kind != TypeKind::Void;
    if (hasResult) s = define(Value::inst(id)) + " = ";
    s += opcodeName(inst.op) + callee + "(" + ops + ")";
    if (hasResult) s += ": " + names_.type(inst.resultType);
    line(indent, s, inst.attrs.loc);
  }

  const Module& m_;
  const Context& cx_;
  PrintOptions opts_;
  Names names_;
  PrintedModule out_;
  uint32_t typeNum_ = 0, constNum_ = 0;
  const FunctionDef* fn_ = nullptr;
  std::unordered_map<uint64_t, uint32_t> valueNums_;
  uint32_t nextValue_ = 0;
};

}  // namespace

PrintedModule printModule(const Module& module, const PrintOptions& options) {
  return ModulePrinter(module, options).run();
}

std::string printType(const Context& cx, Type type) {
  Names names(cx);
  return names.type(type);
}

std::string printConst(const Context& cx, Const c) {
  Names names(cx);
  return names.constant(c);
}

}  // namespace sl::ir
