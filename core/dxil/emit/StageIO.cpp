#include "core/dxil/emit/StageIO.h"

#include "core/signature/SemanticTable.h"

#include <spirv/unified1/spirv.hpp>

#include <cctype>

namespace sl::dxil {

namespace {

using signature::SemanticKind;

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

bool isDepth(SemanticKind k) {
  return k == SemanticKind::Depth || k == SemanticKind::DepthLessEqual || k == SemanticKind::DepthGreaterEqual;
}

}  // namespace

SemanticKind semanticKindOfBuiltIn(uint32_t builtIn, bool& known) {
  known = true;
  switch (builtIn) {
    case spv::BuiltInPosition:
    case spv::BuiltInFragCoord: return SemanticKind::Position;
    case spv::BuiltInVertexIndex: return SemanticKind::VertexID;
    case spv::BuiltInInstanceIndex: return SemanticKind::InstanceID;
    case spv::BuiltInFrontFacing: return SemanticKind::IsFrontFace;
    case spv::BuiltInSampleId: return SemanticKind::SampleIndex;
    case spv::BuiltInPrimitiveId: return SemanticKind::PrimitiveID;
    case spv::BuiltInLayer: return SemanticKind::RenderTargetArrayIndex;
    case spv::BuiltInViewportIndex: return SemanticKind::ViewportArrayIndex;
    case spv::BuiltInSampleMask: return SemanticKind::Coverage;
    case spv::BuiltInFullyCoveredEXT: return SemanticKind::InnerCoverage;  // DXC's SPIR-V form of SV_InnerCoverage
    case spv::BuiltInFragDepth: return SemanticKind::Depth;
    case spv::BuiltInClipDistance: return SemanticKind::ClipDistance;
    case spv::BuiltInCullDistance: return SemanticKind::CullDistance;
    default: known = false; return SemanticKind::Arbitrary;
  }
}

StageIOMap mapStageVariables(const ir::Module& module, const StageSignatures& signatures) {
  StageIOMap map;
  for (uint32_t g = 0; g < module.globals.size(); ++g) {
    const ir::GlobalVarDef& gv = module.globals[g];
    const bool input = gv.storageClass == spv::StorageClassInput;
    const bool output = gv.storageClass == spv::StorageClassOutput;
    if (!input && !output) continue;
    const signature::PackedSignature* sig = output ? signatures.outputs : signatures.inputs;
    if (!sig) continue;  // compute: system values are read through their own intrinsics
    const std::string& name = gv.attrs.name;
    std::optional<uint32_t> found;
    if (const ir::Decoration* bi = gv.attrs.findDecoration(spv::DecorationBuiltIn)) {
      bool known = false;
      const SemanticKind kind = bi->operands.empty() ? SemanticKind::Arbitrary : semanticKindOfBuiltIn(bi->operands[0], known);
      if (!known) {
        map.problems.push_back({g, "system value '" + name + "' has no DXIL signature form"});
        continue;
      }
      // pack() records a system value this point treats as arbitrary as Arbitrary: match the
      // semantic name as well, so SV_Position stays findable either way.
      const std::string_view canonical = signature::canonicalSemanticName(kind);
      for (uint32_t i = 0; i < sig->elements.size() && !found; ++i) {
        const signature::SignatureElement& e = sig->elements[i];
        if (e.kind == kind || (isDepth(kind) && isDepth(e.kind)) || equalsIgnoreCase(e.semanticName, canonical))
          found = i;
      }
    } else {
      std::string_view semantic = name;
      const std::string_view prefix = output ? "out.var." : "in.var.";
      if (semantic.substr(0, prefix.size()) == prefix) semantic.remove_prefix(prefix.size());
      const signature::SplitSemantic split = signature::splitSemantic(semantic);
      for (uint32_t i = 0; i < sig->elements.size() && !found; ++i) {
        const signature::SignatureElement& e = sig->elements[i];
        if (equalsIgnoreCase(e.semanticName, split.name) && e.firstSemanticIndex() == split.index) found = i;
      }
    }
    if (!found) {
      map.problems.push_back({g, std::string(output ? "output" : "input") + " variable '" + name +
                                     "' matches no element of the entry's " + (output ? "output" : "input") +
                                     " signature"});
      continue;
    }
    map.globals[g] = StageVariable{output, *found};
  }
  return map;
}

}  // namespace sl::dxil
