// pack(): DXC-compatible placement of one signature's elements into its 32 x 4 register space.
//
// How the DXIL back end and the IR generator use it:
//
//   std::vector<SignatureElement> inputs;       // collected in declaration order, SigId = index,
//                                               // interpMode = resolveInterpolation(...).packing,
//                                               // usage/dyn-index masks from noteAccess()
//   PackedSignature packed = pack(std::move(inputs), SignatureKind::PSInput,
//                                 options.packOptimized ? PackingStrategy::Optimized
//                                                       : PackingStrategy::Default);
//   for (const SignatureDiagnostic& d : packed.diagnostics) report(toDiagnostic(d, entryLoc));
//   // packed.elements[i].startRow/startCol are set; metadataRecord(packed, i) gives the seed's
//   // 13 operands; signatureTableRows(packed) the ISG1/OSG1 entries; printSignatureTable(...) the
//   // `dxc -Fc` comment block.
//
// What each signature point gets (shared/design/dxil.md §1.5):
//   VS input   stacked: each allocated element starts at column 0 of the next free row, in order.
//   PS output  indexed: SV_Target goes to row = semantic index, column 0; SV_Depth*, SV_Coverage
//              and SV_StencilRef are in the signature but never allocated (row/col -1).
//   VS output, PS input  the row allocator with the requested strategy: prefix-stable (default,
//              appending elements never moves earlier ones) or optimized (-pack-optimized).
//   CS input   nothing is allocated (compute system values are dx.ops, not signature elements).
//   PS input SV_Coverage / SV_InnerCoverage (NotInSig) are accepted and never allocated: the DXIL
//              back end reads them with dx.op.coverage/innerCoverage and leaves them out of DXC's
//              views (tables, dx.entryPoints, ISG1/PSV0). They must be 32-bit integer scalars and
//              are mutually exclusive (DXC). Every other NotInSig semantic is an error.
// Other signature points (HS/DS/GS/MS) are reported as not supported yet.
//
// pack() never reorders, inserts or removes elements; it sets startRow/startCol only (and, for a
// system value that this point treats as arbitrary, records the kind as Arbitrary, as DXC does).
// Bad input never crashes: it produces diagnostics and leaves the affected elements unallocated.
#pragma once

#include <cstdint>
#include <vector>

#include "core/signature/SignatureDiagnostic.h"
#include "core/signature/SignatureElement.h"
#include "core/signature/SignatureTypes.h"

namespace sl::signature {

struct PackOptions {
  // True unless -enable-16bit-types: then 16-bit types are min precision and occupy 32-bit rows.
  bool useMinPrecision = true;
};

struct PackedSignature {
  SignatureKind kind = SignatureKind::VSInput;
  PackingKind packingKind = PackingKind::None;
  // The strategy the row allocator used (Default resolved to PrefixStable); for stacked and
  // indexed points it is what was asked for, and has no effect.
  PackingStrategy strategy = PackingStrategy::PrefixStable;
  bool useMinPrecision = true;
  std::vector<SignatureElement> elements;               // declaration order, placed
  std::vector<SemanticInterpretation> interpretations;  // one per element, at `kind`
  std::vector<SignatureDiagnostic> diagnostics;
  uint32_t rowsUsed = 0;  // max(startRow + rows) over allocated elements (PSV0 "vectors")

  bool ok() const { return !hasErrors(diagnostics); }
  // Metadata operand 5 for element i: seed 0047 rule 3 (Interpolation.h recordedMode).
  InterpolationMode recordedInterpMode(size_t i) const;
};

PackedSignature pack(std::vector<SignatureElement> elements, SignatureKind kind,
                     PackingStrategy strategy = PackingStrategy::Default, const PackOptions& options = {});

}  // namespace sl::signature
