// Our own DXIL validator (the `dxil.validate` stage): checks the final DXIL module (the one the
// `dxil` stage prints) against rules DXC's validator (dxil.dll) applies, each violation named by
// the rule id DXC gives it (`Meta.WellFormed`, `Sm.Opcode`, ...). DXC's validator is not available
// here; these rules are restated from its rule list (utils/hct/hctdb.py) and op table, not copied.
//
// Rule groups, checked in this order (docs/dxil.md "The dxil.validate stage"):
//   metadata    !dx.version, !dx.valver, !dx.shaderModel, !dx.entryPoints shapes; the entry
//               function exists, is defined and is void()
//   ops         every dx.op call: a known opcode, allowed in this stage at this shader model, and
//               called through dx.op.<class>[.<overload>]
//   signatures  loadInput/storeOutput: the element exists in the entry's signature, constant
//               row/column inside it, overload matching the element's component type
#pragma once

#include "core/support/Diagnostic.h"

#include <cstddef>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace sl::dxil {

struct ValidationViolation {
  std::string group;    // "metadata", "ops", "signatures"
  std::string rule;     // DXC's rule id, e.g. "Sm.Opcode"
  std::string message;  // one clause, lowercase
  SourceLoc loc;        // the instruction's !dbg location, when it has one
  Severity severity = Severity::Error;
};

struct ValidationReport {
  std::vector<ValidationViolation> violations;
  std::string text;                      // the stage text (printValidationReport)
  std::vector<Diagnostic> diagnostics;   // errors/warnings with "internal error: DXIL validation:"
  bool ok() const { return !hasErrors(diagnostics); }
  size_t count(const std::string& group) const;
};

// The rule groups in the order they run.
const std::vector<std::string>& validationGroups();

// Validates `module` (a lowered DXIL module with DXIL metadata) and renders the report.
ValidationReport validateDxil(const llvm::Module& module);

}  // namespace sl::dxil
