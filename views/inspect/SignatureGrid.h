// The signature view's model: a packed signature (core/signature) as the 4 x N register grid
// the view draws (which element owns each component, whether it is used or dynamically
// indexed), one label row per element (semantic, type, mask, interpolation, system value), and
// a check that a VS output signature links to a PS input signature (the rule D3D12 applies when
// the pipeline is created: same semantic in the same register and components, types equal, the
// PS reading no component the VS does not write).
#pragma once

#include "core/signature/Packing.h"

#include <array>
#include <string>
#include <vector>

namespace sl::views {

struct GridCell {
  int element = -1;  // index into SignatureGrid::elements; -1: free
  bool used = false;     // in the element's usage mask
  bool dynamic = false;  // in its dynamic-index mask
};

struct GridElement {
  std::string semantic;        // "TEXCOORD0", "SV_Position"
  std::string componentType;   // "F32"
  std::string mask;            // declared components in register coordinates, "xy__"
  std::string usage;           // used components, "x___"
  std::string interpolation;   // "Linear", "Constant", "" when undefined
  std::string systemValue;     // "Position", "" for arbitrary semantics
  int startRow = -1;
  int startCol = -1;
  uint32_t rows = 1;
  uint32_t cols = 1;
};

struct SignatureGrid {
  std::string title;  // "VSOutput (prefix-stable)"
  std::vector<std::array<GridCell, 4>> rows;  // rowsUsed rows
  std::vector<GridElement> elements;
  std::vector<std::string> diagnostics;
};

SignatureGrid buildSignatureGrid(const signature::PackedSignature& signature);

// Problems linking a VS output to a PS input signature; empty when they link.
std::vector<std::string> checkSignatureLinkage(const signature::PackedSignature& vsOutput,
                                               const signature::PackedSignature& psInput);

// One element as a line of text, "TEXCOORD0 F32 r1 xy__ Linear" (then the system value, if any):
// what scripts match (expect-signature) and the grid's table shows column by column.
std::string elementLine(const GridElement& element);

}  // namespace sl::views
