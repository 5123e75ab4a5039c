// Vertex/pixel stage I/O for the DXIL back end: which signature element each of irgen's stage
// variables stands for. irgen builds DXC's SPIR-V-style wrapper (one `in.var.SEM`/`out.var.SEM`
// Input/Output global per leaf, BuiltIn globals for system values); the DXIL side reads and writes
// the same leaves with llvm.dx.load.input / store.output and the element's SigId, taken from the
// packed signature (core/signature) of the entry, never from a second packing.
#pragma once

#include "core/ir/Module.h"
#include "core/signature/Packing.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::dxil {

// The packed signatures of a vertex or pixel entry point (both set, or both null for compute).
struct StageSignatures {
  const signature::PackedSignature* inputs = nullptr;
  const signature::PackedSignature* outputs = nullptr;
  bool present() const { return inputs && outputs; }
};

struct StageVariable {
  bool output = false;
  uint32_t element = 0;  // index into the signature's elements (== SigId)
};

struct StageIOMap {
  std::unordered_map<uint32_t, StageVariable> globals;  // ir global index -> element
  struct Problem {
    uint32_t global = 0;
    std::string message;
  };
  std::vector<Problem> problems;
};

// Maps every Input/Output global of `module` to its element: BuiltIn globals by system value
// (Position/FragCoord -> SV_Position, SampleMask -> SV_Coverage, FragDepth -> SV_Depth*, ...),
// `in.var.`/`out.var.` globals by semantic name (case-insensitive) and first semantic index.
StageIOMap mapStageVariables(const ir::Module& module, const StageSignatures& signatures);

// The DXIL semantic kind a SPIR-V BuiltIn stands for at a vertex/pixel interface; Arbitrary (0)
// with `known` false for builtins that are not stage I/O.
signature::SemanticKind semanticKindOfBuiltIn(uint32_t builtIn, bool& known);

}  // namespace sl::dxil
