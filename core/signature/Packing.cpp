#include "core/signature/Packing.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/signature/Interpolation.h"
#include "core/signature/RegisterAllocator.h"
#include "core/signature/RowPacking.h"
#include "core/signature/SemanticTable.h"

namespace sl::signature {
namespace {

using SI = SemanticInterpretation;

// "'TEXCOORD1'": the name and first semantic index, as users write it.
std::string describe(const SignatureElement& e) {
  return "'" + e.semanticName + std::to_string(e.firstSemanticIndex()) + "'";
}

void addError(PackedSignature& out, int index, const char* code, std::string message,
              Severity severity = Severity::Error) {
  out.diagnostics.push_back(SignatureDiagnostic{severity, code, std::move(message), index});
}

std::string lowerCase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// NotInSig inputs the DXIL back end reads through their own dx.op (DXC's
// replaceInputOutputWithIntrinsic): they stay in the list, unallocated and out of the DXC views
// (tables, dx.entryPoints, ISG1/PSV0), instead of being refused.
bool readThroughOp(SemanticKind kind, SignatureKind point) {
  return point == SignatureKind::PSInput && (kind == SemanticKind::Coverage || kind == SemanticKind::InnerCoverage);
}

// Checks one element; returns false when it must be left out of packing.
bool validateElement(PackedSignature& out, size_t index) {
  SignatureElement& e = out.elements[index];
  const int i = static_cast<int>(index);
  bool ok = true;
  if (e.sigId != index) {
    addError(out, i, "sig-id-order",
             "element " + describe(e) + " has SigId " + std::to_string(e.sigId) + " but is element " +
                 std::to_string(index) + "; SigIds follow declaration order");
    ok = false;
  }
  if (e.rows == 0 || e.rows > kMaxSignatureRows || e.cols == 0 || e.cols > kMaxSignatureCols) {
    addError(out, i, "element-shape",
             "element " + describe(e) + " has " + std::to_string(e.rows) + " rows and " + std::to_string(e.cols) +
                 " columns; a signature element has 1-32 rows of 1-4 columns");
    return false;
  }
  if (e.semanticIndices.size() != e.rows) {
    addError(out, i, "semantic-index-count",
             "element " + describe(e) + " has " + std::to_string(e.semanticIndices.size()) + " semantic indices for " +
                 std::to_string(e.rows) + " rows");
    ok = false;
  }
  if (is64Bit(e.compType)) {
    addError(out, i, "type-64bit",
             "semantic " + describe(e) + " cannot use 64-bit component types in DXIL shader inputs or outputs (was " +
                 std::string(componentTypeName(e.compType)) + ")");
    ok = false;
  }
  if (e.compType == ComponentType::Invalid) {
    addError(out, i, "type-invalid", "element " + describe(e) + " has no component type");
    ok = false;
  }
  const uint8_t colsMask = static_cast<uint8_t>((1u << e.cols) - 1u);
  if ((e.usageMask & ~colsMask) || (e.dynIndexMask & ~colsMask)) {
    addError(out, i, "mask-range",
             "element " + describe(e) + " has usage or dynamic-index mask bits beyond its " + std::to_string(e.cols) +
                 " columns (masks are element-relative)");
    ok = false;
  }
  if (e.outputStream != 0) {
    addError(out, i, "stream",
             "element " + describe(e) + " names stream " + std::to_string(e.outputStream) +
                 "; only geometry-shader outputs have streams");
    ok = false;
  }
  const SI interpretation = out.interpretations[index];
  if (interpretation == SI::NA) {
    addError(out, i, "semantic-invalid-here",
             "semantic " + describe(e) + " is invalid for " + std::string(signatureKindName(out.kind)));
    ok = false;
  } else if (interpretation == SI::NotInSig && readThroughOp(e.kind, out.kind)) {
    // DXC replaces the parameter with its dx.op (coverage 91 / innerCoverage 92), whose only
    // overload is i32: the value must be one 32-bit integer.
    if (e.rows != 1 || e.cols != 1 || (e.compType != ComponentType::U32 && e.compType != ComponentType::I32)) {
      addError(out, i, "coverage-type",
               "semantic " + describe(e) + " must be a 32-bit integer scalar (uint): it is read with dx.op." +
                   (e.kind == SemanticKind::Coverage ? "coverage" : "innerCoverage") + ", which returns i32");
      ok = false;
    }
  } else if (interpretation == SI::NotInSig) {
    addError(out, i, "semantic-not-in-signature",
             "semantic " + describe(e) + " is read through a dx.op at " + std::string(signatureKindName(out.kind)) +
                 " and is not a signature element");
    ok = false;
  }
  if (out.packingKind == PackingKind::Vertex && (isInteger(e.compType) || isBool(e.compType)) &&
      e.interpMode != InterpolationMode::Constant && e.interpMode != InterpolationMode::Undefined) {
    addError(out, i, "interp-integer",
             "signature element " + describe(e) + " specifies invalid interpolation mode for integer component type");
    ok = false;
  }
  return ok;
}

// DXC: "Pixel shader inputs SV_Coverage and SV_InnerCoverage are mutually exclusive." (reported
// at the second of the two).
void checkCoverageExclusive(PackedSignature& out) {
  if (out.kind != SignatureKind::PSInput) return;
  int coverage = -1, inner = -1;
  for (size_t i = 0; i < out.elements.size(); ++i) {
    const SemanticKind k = out.elements[i].kind;
    if (k == SemanticKind::Coverage && coverage < 0) coverage = static_cast<int>(i);
    if (k == SemanticKind::InnerCoverage && inner < 0) inner = static_cast<int>(i);
  }
  if (coverage >= 0 && inner >= 0)
    addError(out, std::max(coverage, inner), "coverage-exclusive",
             "pixel shader inputs SV_Coverage and SV_InnerCoverage are mutually exclusive");
}

// Two elements with one semantic name may not claim the same index; the later one is not packed.
void checkIndexOverlap(PackedSignature& out, std::vector<bool>& packable) {
  for (size_t a = 0; a < out.elements.size(); ++a) {
    const std::string nameA = lowerCase(out.elements[a].semanticName);
    for (size_t b = a + 1; b < out.elements.size(); ++b) {
      if (lowerCase(out.elements[b].semanticName) != nameA) continue;
      for (uint32_t index : out.elements[b].semanticIndices) {
        const auto& other = out.elements[a].semanticIndices;
        if (std::find(other.begin(), other.end(), index) == other.end()) continue;
        addError(out, static_cast<int>(b), "semantic-index-overlap",
                 "parameter with semantic '" + out.elements[b].semanticName + "' has overlapping semantic index at " +
                     std::to_string(index));
        packable[b] = false;
        break;
      }
    }
  }
}

void packStacked(PackedSignature& out, const std::vector<bool>& packable) {
  uint32_t next = 0;
  for (size_t i = 0; i < out.elements.size(); ++i) {
    SignatureElement& e = out.elements[i];
    if (!packable[i]) continue;
    if (e.rows > kMaxSignatureRows - next) continue;  // reported as unallocated below
    e.startRow = static_cast<int32_t>(next);
    e.startCol = 0;
    next += e.rows;
  }
}

void packTargets(PackedSignature& out, const std::vector<bool>& packable) {
  for (size_t i = 0; i < out.elements.size(); ++i) {
    SignatureElement& e = out.elements[i];
    if (!packable[i] || out.interpretations[i] != SI::Target) continue;
    const uint32_t first = e.firstSemanticIndex();
    if (first + e.rows > kMaxRenderTargets) {
      addError(out, static_cast<int>(i), "target-index",
               "SV_Target index " + std::to_string(first + e.rows - 1) + " is out of range; targets are 0-7");
      continue;
    }
    e.startRow = static_cast<int32_t>(first);
    e.startCol = 0;
  }
}

void packRows(PackedSignature& out, const std::vector<bool>& packable, const PackOptions& options) {
  std::vector<PackItem> items;
  std::vector<size_t> owner;
  for (size_t i = 0; i < out.elements.size(); ++i) {
    if (!packable[i]) continue;
    const SignatureElement& e = out.elements[i];
    PackItem item;
    item.id = e.sigId;
    item.rows = e.rows;
    item.cols = e.cols;
    item.interp = e.interpMode;
    item.interpretation = out.interpretations[i];
    item.width = dataWidthOf(e.compType, options.useMinPrecision);
    items.push_back(item);
    owner.push_back(i);
  }
  std::vector<PackItem*> order;
  for (PackItem& item : items) order.push_back(&item);
  RegisterAllocator allocator(kMaxSignatureRows);
  if (out.strategy == PackingStrategy::Optimized)
    packOptimized(allocator, order);
  else
    packPrefixStable(allocator, order);
  for (size_t k = 0; k < items.size(); ++k) {
    if (!items[k].placed()) continue;
    SignatureElement& e = out.elements[owner[k]];
    e.startRow = items[k].row;
    e.startCol = static_cast<int8_t>(items[k].col);
  }
}

void reportUnallocated(PackedSignature& out, const std::vector<bool>& packable) {
  const char* side = isInputSignature(out.kind) ? "input" : "output";
  for (size_t i = 0; i < out.elements.size(); ++i) {
    const SignatureElement& e = out.elements[i];
    if (!packable[i] || e.isAllocated() || !shouldBeAllocated(out.interpretations[i])) continue;
    if (out.interpretations[i] == SI::Target) continue;  // already reported by packTargets
    const bool clipCull = out.interpretations[i] == SI::ClipCull;
    addError(out, static_cast<int>(i), clipCull ? "clip-cull-overflow" : "signature-overflow",
             std::string("failed to pack ") + side + " signature element " + describe(e) + ": " +
                 (clipCull ? "clip/cull elements do not fit in two rows" : "signature elements do not fit in 32 rows"));
  }
}

}  // namespace

InterpolationMode PackedSignature::recordedInterpMode(size_t i) const {
  return recordedMode(elements[i].interpMode, kind);
}

PackedSignature pack(std::vector<SignatureElement> elements, SignatureKind kind, PackingStrategy strategy,
                     const PackOptions& options) {
  PackedSignature out;
  out.kind = kind;
  out.packingKind = packingKindOf(kind);
  out.strategy = strategy == PackingStrategy::Default ? PackingStrategy::PrefixStable : strategy;
  out.useMinPrecision = options.useMinPrecision;
  out.elements = std::move(elements);
  for (SignatureElement& e : out.elements) {
    e.startRow = kUnallocatedRow;
    e.startCol = kUnallocatedCol;
  }

  if (!isModelledSignatureKind(kind)) {
    addError(out, -1, "signature-kind-unsupported",
             "packing " + std::string(signatureKindName(kind)) + " signatures is not supported yet");
    out.interpretations.assign(out.elements.size(), SI::NA);
    return out;
  }
  if (strategy == PackingStrategy::Optimized &&
      (out.packingKind == PackingKind::InputAssembler || out.packingKind == PackingKind::Target)) {
    const char* what = out.packingKind == PackingKind::InputAssembler
                           ? "vertex shader inputs always use stacked packing"
                           : "pixel shader outputs always use indexed packing";
    addError(out, -1, "packing-mode-ignored",
             std::string("semantic signature packing mode 'optimized' is ignored as ") + what, Severity::Warning);
  }

  std::vector<bool> packable(out.elements.size(), false);
  for (size_t i = 0; i < out.elements.size(); ++i) {
    SignatureElement& e = out.elements[i];
    SI interpretation = interpretationOf(e.kind, kind);
    if (e.kind == SemanticKind::Invalid) interpretation = SI::NA;
    // A system value this point treats as arbitrary is recorded as Arbitrary (DXC).
    if (interpretation == SI::Arb) e.kind = SemanticKind::Arbitrary;
    out.interpretations.push_back(interpretation);
  }
  for (size_t i = 0; i < out.elements.size(); ++i)
    packable[i] = validateElement(out, i) && shouldBeAllocated(out.interpretations[i]);
  checkIndexOverlap(out, packable);
  checkCoverageExclusive(out);

  switch (out.packingKind) {
    case PackingKind::InputAssembler:
      packStacked(out, packable);
      break;
    case PackingKind::Target:
      packTargets(out, packable);
      break;
    case PackingKind::Vertex:
    case PackingKind::PatchConstant:
      packRows(out, packable, options);
      break;
    case PackingKind::None:
      break;
  }
  reportUnallocated(out, packable);

  for (const SignatureElement& e : out.elements)
    if (e.isAllocated()) out.rowsUsed = std::max(out.rowsUsed, static_cast<uint32_t>(e.startRow) + e.rows);
  return out;
}

}  // namespace sl::signature
