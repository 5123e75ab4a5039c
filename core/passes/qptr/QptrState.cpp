#include "core/passes/qptr/QptrState.h"

#include "core/ir/Rewrite.h"

#include <algorithm>

namespace sl::qptr {

using namespace sl::ir;

SourceLoc sourceLocOf(const Module& module, const DebugLoc& loc) {
  SourceLoc s;
  if (loc.valid() && loc.file < module.debugFiles.size()) {
    s.file = module.debugFiles[loc.file].path;
    s.line = loc.line;
    s.column = loc.column;
  }
  return s;
}

static void report(QptrState& state, const Module& module, Attrs& attrs, const std::string& pass,
                   const std::string& message, Severity severity) {
  Diagnostic d = Diagnostic::error(sourceLocOf(module, attrs.loc), pass + ": " + message);
  d.severity = severity;
  state.diagnostics.push_back(std::move(d));
  attrs.extra.push_back({severity == Severity::Error ? "qptr.error" : "qptr.warning", pass + ": " + message});
}

void reportError(QptrState& state, const Module& module, Attrs& attrs, const std::string& pass, const std::string& message) {
  report(state, module, attrs, pass, message, Severity::Error);
}

void reportWarning(QptrState& state, const Module& module, Attrs& attrs, const std::string& pass, const std::string& message) {
  report(state, module, attrs, pass, message, Severity::Warning);
}

InstId insertBefore(FunctionDef& fn, InstId before, InstDef inst) {
  if (!inst.attrs.loc.valid()) inst.attrs.loc = fn.inst(before).attrs.loc;
  return ir::insertInstBefore(fn, before, std::move(inst));
}

void detach(FunctionDef& fn, InstId inst) { ir::eraseInst(fn, inst); }

bool isPointerType(const Context& cx, Type t) { return t.valid() && cx.def(t).kind == TypeKind::Pointer; }
bool isQptrType(const Context& cx, Type t) { return t.valid() && cx.def(t).kind == TypeKind::QPtr; }

}  // namespace sl::qptr
