#include "core/signature/SignatureTypes.h"

namespace sl::signature {

bool isFloat(ComponentType type) {
  switch (type) {
    case ComponentType::F16:
    case ComponentType::F32:
    case ComponentType::F64:
    case ComponentType::SNormF16:
    case ComponentType::UNormF16:
    case ComponentType::SNormF32:
    case ComponentType::UNormF32:
    case ComponentType::SNormF64:
    case ComponentType::UNormF64:
      return true;
    default:
      return false;
  }
}

bool isInteger(ComponentType type) {
  switch (type) {
    case ComponentType::I16:
    case ComponentType::U16:
    case ComponentType::I32:
    case ComponentType::U32:
    case ComponentType::I64:
    case ComponentType::U64:
    case ComponentType::PackedS8x32:
    case ComponentType::PackedU8x32:
      return true;
    default:
      return false;
  }
}

bool isBool(ComponentType type) {
  return type == ComponentType::I1;
}

bool is64Bit(ComponentType type) {
  switch (type) {
    case ComponentType::I64:
    case ComponentType::U64:
    case ComponentType::F64:
    case ComponentType::SNormF64:
    case ComponentType::UNormF64:
      return true;
    default:
      return false;
  }
}

bool is16Bit(ComponentType type) {
  switch (type) {
    case ComponentType::I16:
    case ComponentType::U16:
    case ComponentType::F16:
    case ComponentType::SNormF16:
    case ComponentType::UNormF16:
      return true;
    default:
      return false;
  }
}

std::string_view componentTypeName(ComponentType type) {
  switch (type) {
    case ComponentType::Invalid:
      return "Invalid";
    case ComponentType::I1:
      return "I1";
    case ComponentType::I16:
      return "I16";
    case ComponentType::U16:
      return "U16";
    case ComponentType::I32:
      return "I32";
    case ComponentType::U32:
      return "U32";
    case ComponentType::I64:
      return "I64";
    case ComponentType::U64:
      return "U64";
    case ComponentType::F16:
      return "F16";
    case ComponentType::F32:
      return "F32";
    case ComponentType::F64:
      return "F64";
    case ComponentType::SNormF16:
      return "SNormF16";
    case ComponentType::UNormF16:
      return "UNormF16";
    case ComponentType::SNormF32:
      return "SNormF32";
    case ComponentType::UNormF32:
      return "UNormF32";
    case ComponentType::SNormF64:
      return "SNormF64";
    case ComponentType::UNormF64:
      return "UNormF64";
    case ComponentType::PackedS8x32:
      return "PackedS8x32";
    case ComponentType::PackedU8x32:
      return "PackedU8x32";
  }
  return "?";
}

std::string_view semanticKindName(SemanticKind kind) {
  switch (kind) {
    case SemanticKind::Arbitrary:
      return "Arbitrary";
    case SemanticKind::VertexID:
      return "VertexID";
    case SemanticKind::InstanceID:
      return "InstanceID";
    case SemanticKind::Position:
      return "Position";
    case SemanticKind::RenderTargetArrayIndex:
      return "RenderTargetArrayIndex";
    case SemanticKind::ViewportArrayIndex:
      return "ViewportArrayIndex";
    case SemanticKind::ClipDistance:
      return "ClipDistance";
    case SemanticKind::CullDistance:
      return "CullDistance";
    case SemanticKind::OutputControlPointID:
      return "OutputControlPointID";
    case SemanticKind::DomainLocation:
      return "DomainLocation";
    case SemanticKind::PrimitiveID:
      return "PrimitiveID";
    case SemanticKind::GSInstanceID:
      return "GSInstanceID";
    case SemanticKind::SampleIndex:
      return "SampleIndex";
    case SemanticKind::IsFrontFace:
      return "IsFrontFace";
    case SemanticKind::Coverage:
      return "Coverage";
    case SemanticKind::InnerCoverage:
      return "InnerCoverage";
    case SemanticKind::Target:
      return "Target";
    case SemanticKind::Depth:
      return "Depth";
    case SemanticKind::DepthLessEqual:
      return "DepthLessEqual";
    case SemanticKind::DepthGreaterEqual:
      return "DepthGreaterEqual";
    case SemanticKind::StencilRef:
      return "StencilRef";
    case SemanticKind::DispatchThreadID:
      return "DispatchThreadID";
    case SemanticKind::GroupID:
      return "GroupID";
    case SemanticKind::GroupIndex:
      return "GroupIndex";
    case SemanticKind::GroupThreadID:
      return "GroupThreadID";
    case SemanticKind::TessFactor:
      return "TessFactor";
    case SemanticKind::InsideTessFactor:
      return "InsideTessFactor";
    case SemanticKind::ViewID:
      return "ViewID";
    case SemanticKind::Barycentrics:
      return "Barycentrics";
    case SemanticKind::ShadingRate:
      return "ShadingRate";
    case SemanticKind::CullPrimitive:
      return "CullPrimitive";
    case SemanticKind::StartVertexLocation:
      return "StartVertexLocation";
    case SemanticKind::StartInstanceLocation:
      return "StartInstanceLocation";
    case SemanticKind::Invalid:
      return "Invalid";
  }
  return "?";
}

std::string_view interpolationModeName(InterpolationMode mode) {
  switch (mode) {
    case InterpolationMode::Undefined:
      return "Undefined";
    case InterpolationMode::Constant:
      return "Constant";
    case InterpolationMode::Linear:
      return "Linear";
    case InterpolationMode::LinearCentroid:
      return "LinearCentroid";
    case InterpolationMode::LinearNoperspective:
      return "LinearNoperspective";
    case InterpolationMode::LinearNoperspectiveCentroid:
      return "LinearNoperspectiveCentroid";
    case InterpolationMode::LinearSample:
      return "LinearSample";
    case InterpolationMode::LinearNoperspectiveSample:
      return "LinearNoperspectiveSample";
    case InterpolationMode::Invalid:
      return "Invalid";
  }
  return "?";
}

std::string_view interpretationName(SemanticInterpretation interpretation) {
  switch (interpretation) {
    case SemanticInterpretation::NA:
      return "NA";
    case SemanticInterpretation::SV:
      return "SV";
    case SemanticInterpretation::SGV:
      return "SGV";
    case SemanticInterpretation::Arb:
      return "Arb";
    case SemanticInterpretation::NotInSig:
      return "NotInSig";
    case SemanticInterpretation::NotPacked:
      return "NotPacked";
    case SemanticInterpretation::Target:
      return "Target";
    case SemanticInterpretation::TessFactor:
      return "TessFactor";
    case SemanticInterpretation::Shadow:
      return "Shadow";
    case SemanticInterpretation::ClipCull:
      return "ClipCull";
  }
  return "?";
}

std::string_view signatureKindName(SignatureKind kind) {
  switch (kind) {
    case SignatureKind::VSInput:
      return "VSInput";
    case SignatureKind::VSOutput:
      return "VSOutput";
    case SignatureKind::PCInput:
      return "PCInput";
    case SignatureKind::HSInput:
      return "HSInput";
    case SignatureKind::HSCPInput:
      return "HSCPInput";
    case SignatureKind::HSCPOutput:
      return "HSCPOutput";
    case SignatureKind::PCOutput:
      return "PCOutput";
    case SignatureKind::DSInput:
      return "DSInput";
    case SignatureKind::DSCPInput:
      return "DSCPInput";
    case SignatureKind::DSOutput:
      return "DSOutput";
    case SignatureKind::GSVInput:
      return "GSVInput";
    case SignatureKind::GSInput:
      return "GSInput";
    case SignatureKind::GSOutput:
      return "GSOutput";
    case SignatureKind::PSInput:
      return "PSInput";
    case SignatureKind::PSOutput:
      return "PSOutput";
    case SignatureKind::CSInput:
      return "CSInput";
    case SignatureKind::MSInput:
      return "MSInput";
    case SignatureKind::MSOutput:
      return "MSOutput";
    case SignatureKind::MSPrimOutput:
      return "MSPrimOutput";
    case SignatureKind::ASInput:
      return "ASInput";
  }
  return "?";
}

std::string_view packingStrategyName(PackingStrategy strategy) {
  switch (strategy) {
    case PackingStrategy::Default:
      return "default";
    case PackingStrategy::PrefixStable:
      return "prefix-stable";
    case PackingStrategy::Optimized:
      return "optimized";
  }
  return "?";
}

bool isInputSignature(SignatureKind kind) {
  switch (kind) {
    case SignatureKind::VSInput:
    case SignatureKind::PCInput:
    case SignatureKind::HSInput:
    case SignatureKind::HSCPInput:
    case SignatureKind::DSInput:
    case SignatureKind::DSCPInput:
    case SignatureKind::GSVInput:
    case SignatureKind::GSInput:
    case SignatureKind::PSInput:
    case SignatureKind::CSInput:
    case SignatureKind::MSInput:
    case SignatureKind::ASInput:
      return true;
    default:
      return false;
  }
}

}  // namespace sl::signature
