#include "views/inspect/SignatureGrid.h"

#include <algorithm>
#include <cctype>

namespace sl::views {

namespace {

std::string maskText(uint8_t mask) {
  std::string out = "____";
  for (int c = 0; c < 4; ++c)
    if (mask & (1u << c)) out[size_t(c)] = "xyzw"[c];
  return out;
}

std::string semanticOf(const signature::SignatureElement& e) {
  return e.semanticName + (e.firstSemanticIndex() || e.kind == signature::SemanticKind::Arbitrary
                               ? std::to_string(e.firstSemanticIndex())
                               : std::string());
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

SignatureGrid buildSignatureGrid(const signature::PackedSignature& sig) {
  SignatureGrid grid;
  grid.title = std::string(signature::signatureKindName(sig.kind)) + " (" +
               std::string(signature::packingStrategyName(sig.strategy)) + ")";
  grid.rows.resize(sig.rowsUsed);
  for (size_t i = 0; i < sig.elements.size(); ++i) {
    const signature::SignatureElement& e = sig.elements[i];
    GridElement& g = grid.elements.emplace_back();
    g.semantic = semanticOf(e);
    g.componentType = std::string(signature::componentTypeName(e.compType));
    const int startCol = e.isAllocated() ? e.startCol : 0;
    g.mask = maskText(uint8_t(((1u << e.cols) - 1) << startCol));
    g.usage = maskText(uint8_t(e.usageMask << startCol));
    // What the metadata records; where it records nothing (e.g. VS outputs), the mode the
    // element was declared with, which the pixel shader interpolates with.
    signature::InterpolationMode mode = sig.recordedInterpMode(i);
    if (mode == signature::InterpolationMode::Undefined) mode = e.interpMode;
    if (mode != signature::InterpolationMode::Undefined) g.interpolation = std::string(signature::interpolationModeName(mode));
    if (e.kind != signature::SemanticKind::Arbitrary) g.systemValue = std::string(signature::semanticKindName(e.kind));
    g.rows = e.rows;
    g.cols = e.cols;
    if (!e.isAllocated()) continue;
    g.startRow = e.startRow;
    g.startCol = e.startCol;
    for (uint32_t r = 0; r < e.rows; ++r) {
      const size_t row = size_t(e.startRow) + r;
      if (row >= grid.rows.size()) grid.rows.resize(row + 1);
      for (uint32_t c = 0; c < e.cols && e.startCol + int(c) < 4; ++c) {
        GridCell& cell = grid.rows[row][size_t(e.startCol) + c];
        if (cell.element >= 0)
          grid.diagnostics.push_back(g.semantic + " overlaps " + grid.elements[size_t(cell.element)].semantic +
                                     " in row " + std::to_string(row));
        cell.element = int(i);
        cell.used = e.usageMask & (1u << c);
        cell.dynamic = e.dynIndexMask & (1u << c);
      }
    }
  }
  for (const signature::SignatureDiagnostic& d : sig.diagnostics) grid.diagnostics.push_back(d.message);
  return grid;
}

std::vector<std::string> checkSignatureLinkage(const signature::PackedSignature& vs, const signature::PackedSignature& ps) {
  std::vector<std::string> issues;
  for (const signature::SignatureElement& in : ps.elements) {
    if (!in.isAllocated()) continue;  // system-generated values the PS gets from the rasterizer
    const signature::SignatureElement* out = nullptr;
    for (const signature::SignatureElement& candidate : vs.elements)
      if (lower(candidate.semanticName) == lower(in.semanticName) &&
          candidate.firstSemanticIndex() == in.firstSemanticIndex())
        out = &candidate;
    const std::string name = semanticOf(in);
    if (!out) {
      issues.push_back("the PS reads " + name + " but the VS does not write it");
      continue;
    }
    if (!out->isAllocated()) {
      issues.push_back(name + " is not allocated in the VS output");
      continue;
    }
    if (out->startRow != in.startRow || out->startCol != in.startCol)
      issues.push_back(name + " is at row " + std::to_string(out->startRow) + " column " + std::to_string(out->startCol) +
                       " in the VS output but at row " + std::to_string(in.startRow) + " column " +
                       std::to_string(in.startCol) + " in the PS input");
    if (out->compType != in.compType)
      issues.push_back(name + " is " + std::string(signature::componentTypeName(out->compType)) + " in the VS output but " +
                       std::string(signature::componentTypeName(in.compType)) + " in the PS input");
    if (in.cols > out->cols || in.rows > out->rows)
      issues.push_back(name + " has more components in the PS input than the VS writes");
  }
  return issues;
}

std::string elementLine(const GridElement& e) {
  std::string line = e.semantic + " " + e.componentType + " " + (e.startRow < 0 ? std::string("-") : "r" + std::to_string(e.startRow)) +
                     " " + e.mask;
  if (!e.interpolation.empty()) line += " " + e.interpolation;
  if (!e.systemValue.empty()) line += " " + e.systemValue;
  return line;
}

}  // namespace sl::views
