#include "core/dxil/container/ContainerPrinter.h"

#include "core/dxil/container/ContainerReader.h"
#include "core/dxil/container/FeatureFlags.h"
#include "core/dxil/rootsig/RootSignaturePrinter.h"
#include "core/dxil/container/TextLines.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/Error.h"

#include <cstdio>
#include <cstring>
#include <sstream>

namespace sl::dxil {
namespace {

namespace dxbc = llvm::dxbc;

std::string leftJustify(std::string_view text, size_t width) {
  std::string out(text);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

std::string rightJustify(std::string_view text, size_t width) {
  std::string out;
  if (text.size() < width) out.append(width - text.size(), ' ');
  out.append(text);
  return out;
}

std::string formatUnsigned(uint64_t value, int width) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%*llu", width, static_cast<unsigned long long>(value));
  return buffer;
}

std::string hex(uint64_t value, int digits) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "0x%0*llX", digits, static_cast<unsigned long long>(value));
  return buffer;
}

using Lines = TextLines;

std::string maskLetters(uint8_t mask) {
  std::string letters = "    ";
  const char names[] = "xyzw";
  for (int i = 0; i < 4; ++i)
    if (mask & (1u << i)) letters[i] = names[i];
  return letters;
}

std::string compactMask(uint8_t mask) {
  std::string letters;
  const char names[] = "xyzw";
  for (int i = 0; i < 4; ++i)
    if (mask & (1u << i)) letters += names[i];
  return letters.empty() ? "-" : letters;
}

std::string_view sysValueColumn(dxbc::D3DSystemValue value) {
  using SV = dxbc::D3DSystemValue;
  switch (value) {
  case SV::ClipDistance: return "CLIPDST";
  case SV::CullDistance: return "CULLDST";
  case SV::Position: return "POS";
  case SV::RenderTargetArrayIndex: return "RTINDEX";
  case SV::ViewPortArrayIndex: return "VPINDEX";
  case SV::VertexID: return "VERTID";
  case SV::PrimitiveID: return "PRIMID";
  case SV::InstanceID: return "INSTID";
  case SV::IsFrontFace: return "FFACE";
  case SV::SampleIndex: return "SAMPLE";
  case SV::Target: return "TARGET";
  case SV::Depth: return "DEPTH";
  case SV::DepthGE: return "DEPTHGE";
  case SV::DepthLE: return "DEPTHLE";
  case SV::Coverage: return "COVERAGE";
  case SV::InnerCoverage: return "INNERCOV";
  case SV::StencilRef: return "STENCILREF";
  case SV::FinalQuadEdgeTessfactor: return "QUADEDGE";
  case SV::FinalQuadInsideTessfactor: return "QUADINT";
  case SV::FinalTriEdgeTessfactor: return "TRIEDGE";
  case SV::FinalTriInsideTessfactor: return "TRIINT";
  case SV::FinalLineDetailTessfactor: return "LINEDET";
  case SV::FinalLineDensityTessfactor: return "LINEDEN";
  case SV::Barycentrics: return "BARYCEN";
  default: return "NONE";
  }
}

std::string_view formatColumn(dxbc::SigComponentType type) {
  using CT = dxbc::SigComponentType;
  switch (type) {
  case CT::Float32: return "float";
  case CT::SInt32: return "int";
  case CT::UInt32: return "uint";
  case CT::UInt16: return "uint16";
  case CT::SInt16: return "int16";
  case CT::Float16: return "fp16";
  case CT::UInt64: return "uint64";
  case CT::SInt64: return "int64";
  case CT::Float64: return "double";
  default: return "unknown";
  }
}

bool equalsIgnoreCase(llvm::StringRef a, llvm::StringRef b) { return a.equals_insensitive(b); }

// An unallocated entry is labelled by what it is, as DXC's disassembler does.
std::string_view unallocatedLabel(llvm::StringRef name, dxbc::D3DSystemValue value) {
  if (equalsIgnoreCase(name, "SV_Depth")) return "   oDepth";
  if (equalsIgnoreCase(name, "SV_DepthGreaterEqual")) return " oDepthGE";
  if (equalsIgnoreCase(name, "SV_DepthLessEqual")) return " oDepthLE";
  if (equalsIgnoreCase(name, "SV_Coverage")) return "    oMask";
  if (equalsIgnoreCase(name, "SV_StencilRef")) return "    oStencilRef";
  if (value == dxbc::D3DSystemValue::PrimitiveID) return "   primID";
  return "  special";
}

void printSignature(Lines& out, const char* title, const llvm::object::DirectX::Signature& signature,
                    bool isInput) {
  out.add(";");
  out.add(std::string("; ") + title + " signature:");
  out.add(";");
  out.add("; Name                 Index   Mask Register SysValue  Format   Used");
  out.add("; -------------------- ----- ------ -------- -------- ------- ------");
  if (signature.isEmpty()) {
    out.add("; no parameters");
    return;
  }
  bool hasStreams = false;
  for (const dxbc::ProgramSignatureElement& param : signature)
    if (param.Stream != 0) hasStreams = true;
  for (const dxbc::ProgramSignatureElement& param : signature) {
    const llvm::StringRef name = signature.getName(param.NameOffset);
    std::string line = "; ";
    if (hasStreams)
      line += "m" + std::to_string(param.Stream) + ":" + leftJustify(name, 17);
    else
      line += leftJustify(name, 20);
    line += " " + formatUnsigned(param.Index, 5);
    const bool unallocated = param.Register == 0xFFFFFFFFu;
    if (unallocated) {
      line += "    N/A";
      line += unallocatedLabel(name, param.SystemValue);
    } else {
      line += "   " + maskLetters(param.Mask) + " " + formatUnsigned(param.Register, 8);
    }
    line += rightJustify(sysValueColumn(param.SystemValue), 9);
    line += rightJustify(formatColumn(param.CompType), 8);
    // Outputs store the components never written; "Used" shows the complement.
    const uint8_t used = isInput ? param.ExclusiveMask : static_cast<uint8_t>(~param.ExclusiveMask);
    if (unallocated)
      line += (used & 0xF) ? "    YES" : "     NO";
    else
      line += "   " + maskLetters(used);
    out.add(line);
  }
}

void printFeatures(Lines& out, std::optional<uint64_t> flags) {
  if (!flags) {
    out.add("; SFI0: absent");
    return;
  }
  out.add("; SFI0 feature flags: " + hex(*flags, 16));
  if (*flags == 0) return;
  out.add(";");
  out.add("; Note: shader requires additional functionality:");
  for (unsigned bit = 0; bit < 64; ++bit) {
    if (!(*flags & (1ull << bit))) continue;
    std::string_view description = featureBitDescription(bit);
    out.add(";       " + (description.empty() ? "unknown feature bit " + std::to_string(bit) : std::string(description)));
  }
  out.add(";");
}

std::string_view stageName(uint32_t stage) {
  static const char* const names[] = {"pixel", "vertex", "geometry", "hull", "domain", "compute", "library",
                                      "raygeneration", "intersection", "anyhit", "closesthit", "miss",
                                      "callable", "mesh", "amplification", "node"};
  return stage < std::size(names) ? names[stage] : "unknown";
}

std::string_view profilePrefix(uint32_t stage) {
  static const char* const prefixes[] = {"ps", "vs", "gs", "hs", "ds", "cs", "lib", "rg", "is", "ah", "ch",
                                         "miss", "cl", "ms", "as", "node"};
  return stage < std::size(prefixes) ? prefixes[stage] : "unknown";
}

std::string_view psvResourceTypeName(uint32_t type) {
  static const char* const names[] = {"Invalid", "Sampler", "CBV", "SRVTyped", "SRVRaw", "SRVStructured",
                                      "UAVTyped", "UAVRaw", "UAVStructured", "UAVStructuredWithCounter"};
  return type < std::size(names) ? names[type] : "Unknown";
}

std::string_view resourceKindName(uint32_t kind) {
  static const char* const names[] = {
      "Invalid", "Texture1D", "Texture2D", "Texture2DMS", "Texture3D", "TextureCube", "Texture1DArray",
      "Texture2DArray", "Texture2DMSArray", "TextureCubeArray", "TypedBuffer", "RawBuffer",
      "StructuredBuffer", "CBuffer", "Sampler", "TBuffer", "RTAccelerationStructure", "FeedbackTexture2D",
      "FeedbackTexture2DArray"};
  return kind < std::size(names) ? names[kind] : "Unknown";
}

std::string_view semanticKindName(uint32_t kind) {
  static const char* const names[] = {
      "Arbitrary", "VertexID", "InstanceID", "Position", "RenderTargetArrayIndex", "ViewPortArrayIndex",
      "ClipDistance", "CullDistance", "OutputControlPointID", "DomainLocation", "PrimitiveID", "GSInstanceID",
      "SampleIndex", "IsFrontFace", "Coverage", "InnerCoverage", "Target", "Depth", "DepthLessEqual",
      "DepthGreaterEqual", "StencilRef", "DispatchThreadID", "GroupID", "GroupIndex", "GroupThreadID",
      "TessFactor", "InsideTessFactor", "ViewID", "Barycentrics", "ShadingRate", "CullPrimitive",
      "StartVertexLocation", "StartInstanceLocation"};
  return kind < std::size(names) ? names[kind] : "Unknown";
}

std::string_view interpolationName(uint32_t mode) {
  static const char* const names[] = {"Undefined", "Constant", "Linear", "LinearCentroid", "LinearNoperspective",
                                      "LinearNoperspectiveCentroid", "LinearSample", "LinearNoperspectiveSample"};
  return mode < std::size(names) ? names[mode] : "Invalid";
}

std::string_view psvComponentTypeName(uint32_t type) {
  return formatColumn(static_cast<dxbc::SigComponentType>(type));
}

// Reads a NUL-terminated string at `offset` of the PSV string table, refusing offsets outside it.
std::string psvString(llvm::StringRef table, uint32_t offset) {
  if (offset >= table.size()) return "<offset " + std::to_string(offset) + " outside string table>";
  return table.substr(offset).take_until([](char c) { return c == '\0'; }).str();
}

void printPSVElements(Lines& out, const char* direction, const llvm::object::DirectX::PSVRuntimeInfo& psv,
                      llvm::object::ViewArray<dxbc::PSV::v0::SignatureElement> elements) {
  llvm::ArrayRef<uint32_t> indexTable = psv.getSemanticIndexTable();
  for (dxbc::PSV::v0::SignatureElement element : elements) {
    std::string indices;
    for (uint32_t row = 0; row < element.Rows; ++row) {
      const uint64_t at = uint64_t(element.IndicesOffset) + row;
      if (!indices.empty()) indices += ",";
      indices += at < indexTable.size() ? std::to_string(indexTable[at]) : "?";
    }
    std::string name = psvString(psv.getStringTable(), element.NameOffset);
    if (name.empty()) name = "(" + std::string(semanticKindName(static_cast<uint32_t>(element.Kind))) + ")";
    std::string line = ";   " + leftJustify(direction, 7) + leftJustify(name, 22) + " " + leftJustify(indices, 8);
    if (element.Allocated)
      line += " rows " + std::to_string(element.Rows) + " at " + std::to_string(element.StartRow) + "." +
              std::to_string(element.StartCol) + " cols " + std::to_string(element.Cols);
    else
      line += " rows " + std::to_string(element.Rows) + " unallocated cols " + std::to_string(element.Cols);
    line += " " + std::string(semanticKindName(static_cast<uint32_t>(element.Kind)));
    line += " " + std::string(psvComponentTypeName(static_cast<uint32_t>(element.Type)));
    line += " " + std::string(interpolationName(static_cast<uint32_t>(element.Mode)));
    if (element.DynamicMask) line += " dynamic " + compactMask(element.DynamicMask);
    if (element.Stream) line += " stream " + std::to_string(element.Stream);
    out.add(line);
  }
}

std::string componentName(uint32_t component) {
  return std::to_string(component / 4) + "." + std::string(1, "xyzw"[component % 4]);
}

void printPSV(Lines& out, const llvm::object::DirectX::PSVRuntimeInfo& psv) {
  const uint32_t version = psv.getVersion();
  out.add(";");
  out.add("; Pipeline state validation (PSV0 version " + std::to_string(version) + "):");
  const auto* info0 = psv.getInfoAs<dxbc::PSV::v0::RuntimeInfo>();
  const auto* info1 = psv.getInfoAs<dxbc::PSV::v1::RuntimeInfo>();
  const auto* info2 = psv.getInfoAs<dxbc::PSV::v2::RuntimeInfo>();
  const auto* info3 = psv.getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  if (info1) out.add(";   stage: " + std::string(stageName(info1->ShaderStage)));
  if (info3) out.add(";   entry: " + psvString(psv.getStringTable(), info3->EntryNameOffset));
  if (info0) {
    if (info0->MinimumWaveLaneCount == 0 && info0->MaximumWaveLaneCount == 0xFFFFFFFFu)
      out.add(";   wave lanes: any");
    else
      out.add(";   wave lanes: " + std::to_string(info0->MinimumWaveLaneCount) + ".." +
              std::to_string(info0->MaximumWaveLaneCount));
    if (info1 && info1->ShaderStage == 1)
      out.add(";   output position: " + std::string(info0->StageInfo.VS.OutputPositionPresent ? "yes" : "no"));
    if (info1 && info1->ShaderStage == 0)
      out.add(";   depth output: " + std::string(info0->StageInfo.PS.DepthOutput ? "yes" : "no") +
              ", sample frequency: " + (info0->StageInfo.PS.SampleFrequency ? "yes" : "no"));
  }
  if (info2 && info1 && (info1->ShaderStage == 5 || info1->ShaderStage == 13 || info1->ShaderStage == 14))
    out.add(";   numthreads: " + std::to_string(info2->NumThreadsX) + ", " + std::to_string(info2->NumThreadsY) +
            ", " + std::to_string(info2->NumThreadsZ));
  if (info1) {
    std::string vectors = ";   vectors: input " + std::to_string(info1->SigInputVectors) + ", output " +
                          std::to_string(info1->SigOutputVectors[0]);
    for (int stream = 1; stream < 4; ++stream)
      if (info1->SigOutputVectors[stream])
        vectors += ", stream " + std::to_string(stream) + " " + std::to_string(info1->SigOutputVectors[stream]);
    if (info1->UsesViewID) vectors += ", uses ViewID";
    out.add(vectors);
  }

  out.add(";   resources: " + std::to_string(psv.getResourceCount()));
  for (dxbc::PSV::v2::ResourceBindInfo resource : psv.getResources()) {
    std::string line = ";     " + leftJustify(psvResourceTypeName(resource.Type), 25);
    if (version >= 2) line += leftJustify(resourceKindName(resource.Kind), 18);
    line += " space " + std::to_string(resource.Space) + " range " + std::to_string(resource.LowerBound) + "..";
    line += resource.UpperBound == 0xFFFFFFFFu ? std::string("unbounded") : std::to_string(resource.UpperBound);
    if (version >= 2 && resource.Flags) line += (resource.Flags & 1) ? " atomic64" : " flags " + hex(resource.Flags, 1);
    out.add(line);
  }
  if (version == 0) return;

  const size_t elementCount = psv.getSigInputElements().size() + psv.getSigOutputElements().size();
  out.add(";   signature elements: " + std::to_string(elementCount));
  printPSVElements(out, "in", psv, psv.getSigInputElements());
  printPSVElements(out, "out", psv, psv.getSigOutputElements());

  for (size_t stream = 0; stream < 4; ++stream) {
    llvm::object::ViewArray<uint32_t> table = psv.getInputOutputMap(stream);
    if (table.isEmpty() || !info1) continue;
    const uint32_t dwordsPerRow = (info1->SigOutputVectors[stream] + 7) / 8;
    std::vector<uint32_t> words;
    for (uint32_t word : table) words.push_back(word);
    out.add(";   inputs contributing to outputs" + (stream ? " (stream " + std::to_string(stream) + ")" : std::string()) + ":");
    bool any = false;
    // Whole rows only: a malformed table may end inside a row.
    for (uint32_t input = 0; dwordsPerRow && (uint64_t(input) + 1) * dwordsPerRow <= words.size(); ++input) {
      std::string targets;
      for (uint32_t output = 0; output < dwordsPerRow * 32; ++output)
        if (words[input * dwordsPerRow + output / 32] & (1u << (output % 32))) targets += " " + componentName(output);
      if (targets.empty()) continue;
      out.add(";     " + componentName(input) + " ->" + targets);
      any = true;
    }
    if (!any) out.add(";     none");
  }
}

// RTS0 as a root-signature string with every value explicit, one clause per line.
void printRootSignature(Lines& out, const rootsig::RootSignature& rs) {
  out.add(std::string("; Root signature (RTS0, version ") + (rs.version == rootsig::Version::V1_0 ? "1.0" : "1.1") +
          "): " + std::to_string(rs.parameters.size()) + " parameters, " + std::to_string(rs.samplers.size()) +
          " static samplers");
  for (const std::string& line : rootsig::printRootSignature(rs)) out.add(";   " + line);
}

// HASH: MD5 of the DXIL part's bitcode (flags 0), or with IncludesSource of the bitcode before
// debug info was stripped, which is the ILDB part's.
void printShaderHash(Lines& out, const ContainerView& view) {
  const dxbc::ShaderHash& hash = *view.shaderHash;
  Digest stored;
  std::memcpy(stored.data(), hash.Digest, stored.size());
  const bool includesSource = (hash.Flags & kShaderHashIncludesSource) != 0;
  std::string line = "; shader hash: " + digestHex(stored) + ", flags " + std::to_string(hash.Flags) +
                     (includesSource ? " (IncludesSource)" : "");
  if (includesSource && view.debugBitcode.empty()) {
    line += ", not checked (no ILDB part)";
  } else {
    const Digest computed = md5(includesSource ? view.debugBitcode : view.programBitcode);
    const std::string what = includesSource ? "the ILDB bitcode" : "the bitcode";
    line += computed == stored ? ", matches " + what
                               : ", does not match " + what + " (MD5 " + digestHex(computed) + ")";
  }
  out.add(line);
}

}  // namespace

std::string printContainer(std::span<const uint8_t> bytes, std::vector<Diagnostic>& diagnostics) {
  std::string error;
  std::optional<ContainerView> view = readContainer(bytes, error);
  if (!view) {
    diagnostics.push_back(Diagnostic::error({}, "not a readable DXContainer: " + error));
    return "";
  }
  const dxbc::Header& header = view->header;
  Lines out;

  Digest stored;
  std::memcpy(stored.data(), header.FileHash.Digest, stored.size());
  std::string digest;
  if (stored == Digest{})
    digest = "zero (unsigned)";
  else if (stored == view->computedDigest)
    digest = digestHex(stored) + " (matches the bytes)";
  else
    digest = digestHex(stored) + " (does not match the bytes, which hash to " + digestHex(view->computedDigest) + ")";
  out.add("; DXContainer " + std::to_string(header.Version.Major) + "." + std::to_string(header.Version.Minor) + ", " +
          std::to_string(header.FileSize) + " bytes, digest " + digest);
  std::string parts = "; parts:";
  for (const ContainerPartInfo& part : view->parts) parts += " " + part.name + "(" + std::to_string(part.size) + ")";
  out.add(parts);
  if (view->program) {
    const dxbc::ProgramHeader& program = *view->program;
    out.add("; program: " + std::string(profilePrefix(program.ShaderKind)) + "_" +
            std::to_string(program.Version >> 4) + "_" + std::to_string(program.Version & 0xF) + ", DXIL " +
            std::to_string(program.Bitcode.MajorVersion) + "." + std::to_string(program.Bitcode.MinorVersion) +
            ", bitcode " + std::to_string(program.Bitcode.Size) + " bytes" +
            (program.Bitcode.Size == 0 ? " (not generated yet)" : ""));
    if (view->shaderHash) printShaderHash(out, *view);
  } else if (view->rootSignature && view->parts.size() == 1) {
    // A root signature compiled alone (-T rootsig_1_x): nothing else to show.
    printRootSignature(out, *view->rootSignature);
    return out.take();
  } else {
    out.add("; program: no DXIL part");
  }

  printFeatures(out, view->featureFlags);
  printSignature(out, "Input", view->inputSignature, /*isInput=*/true);
  printSignature(out, "Output", view->outputSignature, /*isInput=*/false);
  if (view->psv)
    printPSV(out, *view->psv);
  else
    out.add("; PSV0: absent");
  if (view->rootSignature) printRootSignature(out, *view->rootSignature);
  return out.take();
}

}  // namespace sl::dxil
