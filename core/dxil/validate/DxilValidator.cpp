#include "core/dxil/validate/DxilValidator.h"

#include "core/dxil/validate/ValidationContext.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Module.h>

namespace sl::dxil {

namespace validate {

void Context::report(const char* rule, std::string message, const llvm::Instruction* at, Severity severity) {
  ValidationViolation& v = out.emplace_back();
  v.group = group;
  v.rule = rule;
  v.message = std::move(message);
  v.severity = severity;
  if (at) {
    if (const llvm::DebugLoc& dl = at->getDebugLoc(); dl && dl.getLine() != 0) {
      v.loc.file = dl->getFilename().str();
      v.loc.line = dl.getLine();
      v.loc.column = dl.getCol();
    }
  }
}

std::string shaderModelName(const Context& c) {
  return c.stageKind + "_" + std::to_string(c.smMajor) + "_" + std::to_string(c.smMinor);
}

}  // namespace validate

const std::vector<std::string>& validationGroups() {
  static const std::vector<std::string> groups = {"metadata", "ops", "signatures"};
  return groups;
}

size_t ValidationReport::count(const std::string& group) const {
  size_t n = 0;
  for (const ValidationViolation& v : violations) n += v.group == group;
  return n;
}

namespace {

std::string locationSuffix(const SourceLoc& loc) {
  if (!loc.valid()) return "";
  return " (" + loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column) + ")";
}

std::string printReport(const ValidationReport& r, const validate::Context& c) {
  std::string text = "; DXIL validation (shaderlens' own rules, named as DXC's validator names them)\n";
  text += "; shader model " + (c.stageKind.empty() ? std::string("?") : validate::shaderModelName(c)) + ", entry " +
          (c.entry ? c.entry->getName().str() : std::string("?")) + "\n";
  for (const std::string& g : validationGroups()) {
    size_t errors = 0, warnings = 0;
    for (const ValidationViolation& v : r.violations) {
      if (v.group != g) continue;
      if (v.severity == Severity::Error) ++errors;
      else ++warnings;
    }
    std::string line = g;
    line.resize(12, ' ');
    if (errors) line += std::to_string(errors) + (errors == 1 ? " violation" : " violations");
    else line += "ok";
    if (warnings) line += ", " + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings");
    text += line + "\n";
  }
  for (const ValidationViolation& v : r.violations) {
    text += std::string(v.severity == Severity::Error ? "error" : "warning") + ": " + v.group + ": " + v.rule + ": " +
            v.message + locationSuffix(v.loc) + "\n";
  }
  return text;
}

}  // namespace

ValidationReport validateDxil(const llvm::Module& module) {
  ValidationReport report;
  validate::Context c{module, report.violations, "metadata"};
  validate::checkMetadata(c);
  c.group = "ops";
  validate::checkOps(c);
  c.group = "signatures";
  validate::checkSignatureAccess(c);
  for (const ValidationViolation& v : report.violations) {
    Diagnostic d = Diagnostic::error(v.loc, "internal error: DXIL validation: " + v.rule + ": " + v.message);
    d.severity = v.severity;
    report.diagnostics.push_back(std::move(d));
  }
  report.text = printReport(report, c);
  return report;
}

}  // namespace sl::dxil
