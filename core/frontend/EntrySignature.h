// The input and output signatures of a vertex or pixel entry point (seed 0047): one element per
// leaf in declaration order (inputs: the in/inout parameters; outputs: the return value, then the
// out/inout parameters), with the effective interpolation modifiers, usage masks from the
// components the entry function really reads (inputs) and assigns (outputs), and DXC's packing
// (core/signature).
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/signature/Packing.h"

#include <vector>

namespace sl::frontend {

struct EntrySignatures {
  signature::PackedSignature inputs;
  signature::PackedSignature outputs;
  std::vector<Diagnostic> diagnostics;  // located at the leaf declarations
  bool ok() const { return !hasErrors(diagnostics); }
};

// `entry` must be a vertex or pixel entry point. `rowMajorByDefault` (-Zpr) is the orientation of
// matrices declared without row_major/column_major: a column-major R x C matrix is an element of
// C rows x R columns, a row-major one R rows x C columns (DXC's GetParameterRowsAndCols).
EntrySignatures buildEntrySignatures(const FunctionDecl* entry, const PreprocessedUnit& source, bool enable16BitTypes,
                                     signature::PackingStrategy strategy = signature::PackingStrategy::Default,
                                     bool rowMajorByDefault = false);

}  // namespace sl::frontend
