// The compiled entry point's stage interface as data, for views: a vertex or pixel entry's packed
// input and output signatures (the packing the DXIL target's "signatures" stage prints and its
// ISG1/OSG1 parts hold), or, for a compute entry, the system values its parameters take. It is
// made on both targets once Sema succeeds: the packing depends only on the entry's declaration
// and the options, and costs far less than a back end.
#pragma once

#include "core/signature/Packing.h"
#include "core/support/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace sl {

struct CompileOptions;
namespace frontend {
struct TranslationUnit;
class PreprocessedUnit;
}  // namespace frontend

struct EntryInterface {
  std::string entry;      // the entry function's name
  std::string stage;      // "vertex", "pixel", "compute", ... ("" when the entry has none)
  bool graphics = false;  // vertex or pixel: `inputs` and `outputs` are its signatures
  signature::PackedSignature inputs;
  signature::PackedSignature outputs;
  // The SV_ semantics the entry's parameters carry, in declaration order (for compute entries,
  // everything they take: they have no signature).
  std::vector<std::string> systemValues;
  // Problems packing the signatures (the DXIL target reports them as its errors; the SPIR-V one
  // matches stage I/O by Location and does not).
  std::vector<Diagnostic> diagnostics;
  // The file's other functions whose return value or parameters carry semantics, in source
  // order: the entries a view can offer to pair with this one.
  std::vector<std::string> otherEntries;
};

// Null when the unit has no entry point.
std::shared_ptr<const EntryInterface> describeEntryInterface(const frontend::TranslationUnit& unit,
                                                             const frontend::PreprocessedUnit& source,
                                                             const CompileOptions& options);

}  // namespace sl
