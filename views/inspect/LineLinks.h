// Line linking between the HLSL source and the stages: each stage artifact carries a line map
// (StageArtifact::lineSources, filled by the IR printer for ir/ir.bound/ir.heaps/qptr.*, by the
// AST printer, and for `spirv` from the writer's per-instruction locations over the disassembly,
// with or without -Zi); an HLSL line lights up every stage line mapped to it, and a stage line
// leads back to its HLSL line. Stages without a map simply have no links.
#pragma once

#include "core/pipeline/Pipeline.h"

#include <cstdint>
#include <set>
#include <string_view>

namespace sl::views {

// 1-based lines of `artifact` that came from `hlslLine` of `fileName`.
std::set<uint32_t> stageLinesForSource(const StageArtifact& artifact, std::string_view fileName, uint32_t hlslLine);

// The HLSL line (1-based) line `stageLine` (1-based) of `artifact` came from, when it is in
// `fileName`; 0 when the line has no location there.
uint32_t sourceLineForStage(const StageArtifact& artifact, std::string_view fileName, uint32_t stageLine);

// Whether the artifact has any line in `fileName` (its tab can link at all).
bool hasLineMap(const StageArtifact& artifact, std::string_view fileName);

}  // namespace sl::views
