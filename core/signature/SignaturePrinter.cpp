#include "core/signature/SignaturePrinter.h"

#include <cstdio>

namespace sl::signature {
namespace {

std::string rightAligned(std::string_view text, size_t width) {
  std::string out;
  if (text.size() < width) out.assign(width - text.size(), ' ');
  out += text;
  return out;
}

std::string leftAligned(std::string_view text, size_t width) {
  std::string out(text);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

std::string componentLetters(uint8_t mask) {
  std::string out = "    ";
  for (unsigned c = 0; c < 4; ++c)
    if (mask & (1u << c)) out[c] = "xyzw"[c];
  return out;
}

// DXC names the register of an unallocated output after the fixed-function output it feeds.
std::string_view unallocatedRegisterName(ContainerSystemValue value) {
  switch (value) {
    case ContainerSystemValue::Depth:
      return "oDepth";
    case ContainerSystemValue::DepthGreaterEqual:
      return "oDepthGE";
    case ContainerSystemValue::DepthLessEqual:
      return "oDepthLE";
    case ContainerSystemValue::Coverage:
      return "oMask";
    case ContainerSystemValue::StencilRef:
      return "oStencilRef";
    default:
      return "special";
  }
}

std::string_view signatureTitle(SignatureKind kind) {
  switch (kind) {
    case SignatureKind::PCOutput:
    case SignatureKind::DSInput:
      return "Patch Constant";
    case SignatureKind::MSPrimOutput:
      return "Primitive Output";
    default:
      return isInputSignature(kind) ? "Input" : "Output";
  }
}

}  // namespace

std::string_view systemValueColumnName(ContainerSystemValue value) {
  using CSV = ContainerSystemValue;
  switch (value) {
    case CSV::Undefined:
      return "NONE";
    case CSV::Position:
      return "POS";
    case CSV::ClipDistance:
      return "CLIPDST";
    case CSV::CullDistance:
      return "CULLDST";
    case CSV::RenderTargetArrayIndex:
      return "RTINDEX";
    case CSV::ViewportArrayIndex:
      return "VPINDEX";
    case CSV::VertexID:
      return "VERTID";
    case CSV::PrimitiveID:
      return "PRIMID";
    case CSV::InstanceID:
      return "INSTID";
    case CSV::IsFrontFace:
      return "FFACE";
    case CSV::SampleIndex:
      return "SAMPLE";
    case CSV::FinalQuadEdgeTessfactor:
      return "QUADEDGE";
    case CSV::FinalQuadInsideTessfactor:
      return "QUADINT";
    case CSV::FinalTriEdgeTessfactor:
      return "TRIEDGE";
    case CSV::FinalTriInsideTessfactor:
      return "TRIINT";
    case CSV::FinalLineDetailTessfactor:
      return "LINEDET";
    case CSV::FinalLineDensityTessfactor:
      return "LINEDEN";
    case CSV::Barycentrics:
      return "BARYCEN";
    case CSV::ShadingRate:
      return "SHDINGRATE";
    case CSV::CullPrimitive:
      return "CULLPRIM";
    case CSV::Target:
      return "TARGET";
    case CSV::Depth:
      return "DEPTH";
    case CSV::Coverage:
      return "COVERAGE";
    case CSV::DepthGreaterEqual:
      return "DEPTHGE";
    case CSV::DepthLessEqual:
      return "DEPTHLE";
    case CSV::StencilRef:
      return "STENCILREF";
    case CSV::InnerCoverage:
      return "INNERCOV";
  }
  return "?";
}

std::string_view componentTypeColumnName(ContainerComponentType type) {
  using CCT = ContainerComponentType;
  switch (type) {
    case CCT::Unknown:
      return "unknown";
    case CCT::UInt32:
      return "uint";
    case CCT::SInt32:
      return "int";
    case CCT::Float32:
      return "float";
    case CCT::UInt16:
      return "uint16";
    case CCT::SInt16:
      return "int16";
    case CCT::Float16:
      return "fp16";
    case CCT::UInt64:
      return "uint64";
    case CCT::SInt64:
      return "int64";
    case CCT::Float64:
      return "double";
  }
  return "?";
}

std::string formatSignatureTableRow(const SignatureTableRow& row, bool input) {
  std::string line =
      "; " + leftAligned(row.semanticName, 20) + " " + rightAligned(std::to_string(row.semanticIndex), 5);
  const bool allocated = row.reg != kUnallocatedRegister;
  if (allocated)
    line += "   " + componentLetters(row.mask) + " " + rightAligned(std::to_string(row.reg), 8);
  else
    line += "    N/A " + rightAligned(unallocatedRegisterName(row.systemValue), 8);
  line += " " + rightAligned(systemValueColumnName(row.systemValue), 8);
  line += " " + rightAligned(componentTypeColumnName(row.compType), 7);
  const uint8_t used =
      input ? row.alwaysReadsOrNeverWrites : static_cast<uint8_t>(~row.alwaysReadsOrNeverWrites & row.mask & 0xFu);
  if (allocated)
    line += "   " + componentLetters(used);
  else
    line += " " + rightAligned(used ? "YES" : "NO", 6);
  return line;
}

std::string printSignatureTable(const PackedSignature& signature) {
  std::string out = ";\n; " + std::string(signatureTitle(signature.kind)) + " signature:\n;\n";
  out += "; Name                 Index   Mask Register SysValue  Format   Used\n";
  out += "; -------------------- ----- ------ -------- -------- ------- ------\n";
  const std::vector<SignatureTableRow> rows = signatureTableRows(signature);
  if (rows.empty()) return out + "; no parameters\n";
  const bool input = isInputSignature(signature.kind);
  for (const SignatureTableRow& row : rows) out += formatSignatureTableRow(row, input) + "\n";
  return out + ";\n";
}

std::string printSignatureTables(const PackedSignature& inputs, const PackedSignature& outputs) {
  return printSignatureTable(inputs) + printSignatureTable(outputs);
}

}  // namespace sl::signature
