#include "core/ir/Module.h"

namespace sl::ir {

const char* exitKindName(ExitKind kind) {
  switch (kind) {
    case ExitKind::Yield: return "yield";
    case ExitKind::Break: return "break";
    case ExitKind::Continue: return "continue";
    case ExitKind::BreakIf: return "break_if";
    case ExitKind::FallThrough: return "fallthrough";
    case ExitKind::Return: return "return";
    case ExitKind::Kill: return "kill";
    case ExitKind::Unreachable: return "unreachable";
  }
  return "?";
}

GlobalVarId Module::addGlobal(std::string name, Type type, uint32_t storageClass, Const initializer) {
  GlobalVarDef g;
  g.attrs.name = std::move(name);
  g.type = type;
  g.storageClass = storageClass;
  g.refType = cx().pointerType(storageClass, type);
  g.initializer = initializer;
  globals.push_back(std::move(g));
  return GlobalVarId(static_cast<uint32_t>(globals.size() - 1));
}

uint32_t Module::addDebugFile(std::string path, std::string contents) {
  for (uint32_t i = 0; i < debugFiles.size(); ++i)
    if (debugFiles[i].path == path) return i;
  debugFiles.push_back({std::move(path), std::move(contents)});
  return static_cast<uint32_t>(debugFiles.size() - 1);
}

Type Module::typeOf(const FunctionDef& func, Value v) const {
  switch (v.kind) {
    case ValueKind::None:
    case ValueKind::Func: return {};
    case ValueKind::Const:
      return v.a < cx().constCount() ? cx().typeOf(v.asConst()) : Type();
    case ValueKind::InstResult:
      return v.a < func.insts.size() ? func.insts[v.a].resultType : Type();
    case ValueKind::RegionInput:
      if (v.a >= func.regions.size() || v.b >= func.regions[v.a].inputTypes.size()) return {};
      return func.regions[v.a].inputTypes[v.b];
    case ValueKind::NodeOutput:
      if (v.a >= func.nodes.size() || v.b >= func.nodes[v.a].outputTypes.size()) return {};
      return func.nodes[v.a].outputTypes[v.b];
    case ValueKind::GlobalVar:
      return v.a < globals.size() ? globals[v.a].refType : Type();
  }
  return {};
}

}  // namespace sl::ir
