#include "core/signature/SemanticTable.h"

#include <array>
#include <cctype>

namespace sl::signature {
namespace {

struct KindName {
  SemanticKind kind;
  std::string_view name;
};

constexpr std::array<KindName, 32> kSystemValueNames = {{
    {SemanticKind::VertexID, "SV_VertexID"},
    {SemanticKind::InstanceID, "SV_InstanceID"},
    {SemanticKind::Position, "SV_Position"},
    {SemanticKind::RenderTargetArrayIndex, "SV_RenderTargetArrayIndex"},
    {SemanticKind::ViewportArrayIndex, "SV_ViewportArrayIndex"},
    {SemanticKind::ClipDistance, "SV_ClipDistance"},
    {SemanticKind::CullDistance, "SV_CullDistance"},
    {SemanticKind::OutputControlPointID, "SV_OutputControlPointID"},
    {SemanticKind::DomainLocation, "SV_DomainLocation"},
    {SemanticKind::PrimitiveID, "SV_PrimitiveID"},
    {SemanticKind::GSInstanceID, "SV_GSInstanceID"},
    {SemanticKind::SampleIndex, "SV_SampleIndex"},
    {SemanticKind::IsFrontFace, "SV_IsFrontFace"},
    {SemanticKind::Coverage, "SV_Coverage"},
    {SemanticKind::InnerCoverage, "SV_InnerCoverage"},
    {SemanticKind::Target, "SV_Target"},
    {SemanticKind::Depth, "SV_Depth"},
    {SemanticKind::DepthLessEqual, "SV_DepthLessEqual"},
    {SemanticKind::DepthGreaterEqual, "SV_DepthGreaterEqual"},
    {SemanticKind::StencilRef, "SV_StencilRef"},
    {SemanticKind::DispatchThreadID, "SV_DispatchThreadID"},
    {SemanticKind::GroupID, "SV_GroupID"},
    {SemanticKind::GroupIndex, "SV_GroupIndex"},
    {SemanticKind::GroupThreadID, "SV_GroupThreadID"},
    {SemanticKind::TessFactor, "SV_TessFactor"},
    {SemanticKind::InsideTessFactor, "SV_InsideTessFactor"},
    {SemanticKind::ViewID, "SV_ViewID"},
    {SemanticKind::Barycentrics, "SV_Barycentrics"},
    {SemanticKind::ShadingRate, "SV_ShadingRate"},
    {SemanticKind::CullPrimitive, "SV_CullPrimitive"},
    {SemanticKind::StartVertexLocation, "SV_StartVertexLocation"},
    {SemanticKind::StartInstanceLocation, "SV_StartInstanceLocation"},
}};

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

using I = SemanticInterpretation;

// One row of the interpretation table for the points we model.
struct Row {
  I vsIn, vsOut, psIn, psOut, csIn;
};

Row rowFor(SemanticKind kind) {
  switch (kind) {
    case SemanticKind::Arbitrary:
      return {I::Arb, I::Arb, I::Arb, I::NA, I::NA};
    case SemanticKind::VertexID:
      return {I::SV, I::NA, I::NA, I::NA, I::NA};
    case SemanticKind::InstanceID:
      return {I::SV, I::Arb, I::Arb, I::NA, I::NA};
    case SemanticKind::Position:
      return {I::Arb, I::SV, I::SV, I::NA, I::NA};
    case SemanticKind::RenderTargetArrayIndex:
    case SemanticKind::ViewportArrayIndex:
      return {I::Arb, I::SV, I::SV, I::NA, I::NA};
    case SemanticKind::ClipDistance:
    case SemanticKind::CullDistance:
      return {I::Arb, I::ClipCull, I::ClipCull, I::NA, I::NA};
    case SemanticKind::PrimitiveID:
      return {I::NA, I::NA, I::SGV, I::NA, I::NA};
    case SemanticKind::SampleIndex:
      return {I::NA, I::NA, I::Shadow, I::NA, I::NA};
    case SemanticKind::IsFrontFace:
      return {I::NA, I::NA, I::SGV, I::NA, I::NA};
    case SemanticKind::Coverage:
      return {I::NA, I::NA, I::NotInSig, I::NotPacked, I::NA};
    case SemanticKind::InnerCoverage:
      return {I::NA, I::NA, I::NotInSig, I::NA, I::NA};
    case SemanticKind::Target:
      return {I::NA, I::NA, I::NA, I::Target, I::NA};
    case SemanticKind::Depth:
    case SemanticKind::DepthLessEqual:
    case SemanticKind::DepthGreaterEqual:
    case SemanticKind::StencilRef:
      return {I::NA, I::NA, I::NA, I::NotPacked, I::NA};
    case SemanticKind::DispatchThreadID:
    case SemanticKind::GroupID:
    case SemanticKind::GroupIndex:
    case SemanticKind::GroupThreadID:
      return {I::NA, I::NA, I::NA, I::NA, I::NotInSig};
    case SemanticKind::ViewID:
      return {I::NotInSig, I::NA, I::NotInSig, I::NA, I::NA};
    case SemanticKind::Barycentrics:
      return {I::NA, I::NA, I::NotPacked, I::NA, I::NA};
    case SemanticKind::ShadingRate:
      return {I::NA, I::SV, I::SV, I::NA, I::NA};
    case SemanticKind::CullPrimitive:
      return {I::NA, I::NA, I::NotInSig, I::NA, I::NA};
    case SemanticKind::StartVertexLocation:
    case SemanticKind::StartInstanceLocation:
      return {I::NotInSig, I::NA, I::NA, I::NA, I::NA};
    default:
      return {I::NA, I::NA, I::NA, I::NA, I::NA};
  }
}

}  // namespace

SplitSemantic splitSemantic(std::string_view semantic) {
  size_t digits = semantic.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(semantic[digits - 1]))) --digits;
  SplitSemantic out;
  // A name made only of digits, or an index too long for 32 bits, keeps its text as the name.
  if (digits == 0 || digits == semantic.size() || semantic.size() - digits > 9) {
    out.name = std::string(semantic);
    return out;
  }
  out.name = std::string(semantic.substr(0, digits));
  out.hadIndex = true;
  for (char c : semantic.substr(digits)) out.index = out.index * 10 + static_cast<uint32_t>(c - '0');
  return out;
}

SemanticKind semanticKindFromName(std::string_view name) {
  if (name.size() < 3 || !equalsIgnoreCase(name.substr(0, 3), "SV_")) return SemanticKind::Arbitrary;
  for (const KindName& entry : kSystemValueNames)
    if (equalsIgnoreCase(entry.name, name)) return entry.kind;
  return SemanticKind::Invalid;
}

std::string_view canonicalSemanticName(SemanticKind kind) {
  for (const KindName& entry : kSystemValueNames)
    if (entry.kind == kind) return entry.name;
  return "";
}

bool isModelledSignatureKind(SignatureKind kind) {
  switch (kind) {
    case SignatureKind::VSInput:
    case SignatureKind::VSOutput:
    case SignatureKind::PSInput:
    case SignatureKind::PSOutput:
    case SignatureKind::CSInput:
      return true;
    default:
      return false;
  }
}

SemanticInterpretation interpretationOf(SemanticKind kind, SignatureKind point) {
  const Row row = rowFor(kind);
  switch (point) {
    case SignatureKind::VSInput:
      return row.vsIn;
    case SignatureKind::VSOutput:
      return row.vsOut;
    case SignatureKind::PSInput:
      return row.psIn;
    case SignatureKind::PSOutput:
      return row.psOut;
    case SignatureKind::CSInput:
      return row.csIn;
    default:
      return I::NA;
  }
}

PackingKind packingKindOf(SignatureKind point) {
  switch (point) {
    case SignatureKind::VSInput:
      return PackingKind::InputAssembler;
    case SignatureKind::VSOutput:
    case SignatureKind::HSCPInput:
    case SignatureKind::HSCPOutput:
    case SignatureKind::DSCPInput:
    case SignatureKind::DSOutput:
    case SignatureKind::GSVInput:
    case SignatureKind::GSOutput:
    case SignatureKind::PSInput:
    case SignatureKind::MSOutput:
    case SignatureKind::MSPrimOutput:
      return PackingKind::Vertex;
    case SignatureKind::PCOutput:
    case SignatureKind::DSInput:
      return PackingKind::PatchConstant;
    case SignatureKind::PSOutput:
      return PackingKind::Target;
    default:
      return PackingKind::None;
  }
}

bool shouldBeAllocated(SemanticInterpretation interpretation) {
  switch (interpretation) {
    case I::SV:
    case I::SGV:
    case I::Arb:
    case I::Target:
    case I::TessFactor:
    case I::ClipCull:
      return true;
    default:
      return false;
  }
}

ResolvedSemantic resolveSemantic(std::string_view name, SignatureKind point) {
  ResolvedSemantic out;
  out.name = std::string(name);
  const SemanticKind kind = semanticKindFromName(name);
  if (kind == SemanticKind::Invalid) {
    out.kind = SemanticKind::Invalid;
    out.interpretation = I::NA;
    out.diagnostic = SignatureDiagnostic{Severity::Error, "semantic-unknown-sv",
                                         "unknown system value semantic '" + std::string(name) + "'"};
    return out;
  }
  out.interpretation = interpretationOf(kind, point);
  if (out.interpretation == I::NA) {
    out.kind = kind;
    out.diagnostic = SignatureDiagnostic{
        Severity::Error, "semantic-invalid-here",
        "semantic '" + std::string(name) + "' is invalid for " + std::string(signatureKindName(point))};
    return out;
  }
  if (out.interpretation == I::Arb) {
    out.kind = SemanticKind::Arbitrary;  // keeps the user's spelling
    return out;
  }
  out.kind = kind;
  out.name = std::string(canonicalSemanticName(kind));
  return out;
}

}  // namespace sl::signature
