// Diagnostics of the signature library are data: a severity, a stable code and a message. The
// library never sees source text, so the caller (Sema, IR generation) attaches the location with
// toDiagnostic() when it turns them into the project's sl::Diagnostic.
#pragma once

#include <string>
#include <vector>

#include "core/support/Diagnostic.h"

namespace sl::signature {

struct SignatureDiagnostic {
  Severity severity = Severity::Error;
  std::string code;     // stable identifier for tests and docs, e.g. "interp-conflict"
  std::string message;  // the text shown to the user
  // The element the diagnostic is about (its position in the element list), or -1.
  int elementIndex = -1;

  bool isError() const { return severity == Severity::Error; }
};

inline bool hasErrors(const std::vector<SignatureDiagnostic>& diagnostics) {
  for (const SignatureDiagnostic& d : diagnostics)
    if (d.isError()) return true;
  return false;
}

inline Diagnostic toDiagnostic(const SignatureDiagnostic& d, SourceLoc loc) {
  Diagnostic out = Diagnostic::error(std::move(loc), d.message);
  out.severity = d.severity;
  return out;
}

}  // namespace sl::signature
