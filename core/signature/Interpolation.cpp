#include "core/signature/Interpolation.h"

#include <array>
#include <string>

#include "core/signature/SemanticTable.h"

namespace sl::signature {
namespace {

constexpr std::array<InterpolationModifier, 6> kAllModifiers = {
    InterpolationModifier::NoInterpolation, InterpolationModifier::Linear, InterpolationModifier::Centroid,
    InterpolationModifier::NoPerspective,   InterpolationModifier::Sample, InterpolationModifier::Center};

// Sampling-location precedence: a higher rank overrides a lower one.
int samplingRank(InterpolationModifier m) {
  switch (m) {
    case InterpolationModifier::Center:
      return 0;
    case InterpolationModifier::Centroid:
      return 1;
    case InterpolationModifier::Sample:
      return 2;
    default:
      return -1;
  }
}

std::string quoted(InterpolationModifier m) {
  return "'" + std::string(modifierKeyword(m)) + "'";
}

SignatureDiagnostic makeDiagnostic(Severity severity, const char* code, std::string message) {
  return SignatureDiagnostic{severity, code, std::move(message)};
}

}  // namespace

std::string_view modifierKeyword(InterpolationModifier modifier) {
  switch (modifier) {
    case InterpolationModifier::NoInterpolation:
      return "nointerpolation";
    case InterpolationModifier::Linear:
      return "linear";
    case InterpolationModifier::Centroid:
      return "centroid";
    case InterpolationModifier::NoPerspective:
      return "noperspective";
    case InterpolationModifier::Sample:
      return "sample";
    case InterpolationModifier::Center:
      return "center";
  }
  return "?";
}

InterpolatedDeclaration InterpolatedDeclaration::leaf(ComponentType type, SemanticKind kind) {
  InterpolatedDeclaration facts;
  facts.addLeaf(type, kind);
  return facts;
}

void InterpolatedDeclaration::addLeaf(ComponentType type, SemanticKind kind) {
  hasIntegerLeaf |= isInteger(type);
  hasBoolLeaf |= isBool(type);
  hasFloat64Leaf |= isFloat(type) && is64Bit(type);
  hasSVPositionLeaf |= kind == SemanticKind::Position;
}

std::vector<SignatureDiagnostic> mergeInterpolationModifier(InterpolationModifiers& declaration,
                                                            InterpolationModifier keyword,
                                                            const InterpolatedDeclaration& facts) {
  std::vector<SignatureDiagnostic> out;
  if (declaration.has(keyword)) {
    out.push_back(
        makeDiagnostic(Severity::Warning, "interp-duplicate", "duplicate interpolation modifier " + quoted(keyword)));
    return out;
  }
  const InterpolationModifiers before = declaration;
  declaration.add(keyword);

  // nointerpolation excludes every other keyword; report each pair once, naming both.
  if (keyword == InterpolationModifier::NoInterpolation) {
    for (InterpolationModifier other : kAllModifiers)
      if (other != keyword && before.has(other))
        out.push_back(makeDiagnostic(
            Severity::Error, "interp-conflict",
            quoted(InterpolationModifier::NoInterpolation) + " and " + quoted(other) + " cannot be used together"));
    if (facts.hasSVPositionLeaf)
      out.push_back(
          makeDiagnostic(Severity::Error, "interp-sv-position", "'nointerpolation' cannot be used on SV_Position"));
  } else {
    if (before.has(InterpolationModifier::NoInterpolation))
      out.push_back(makeDiagnostic(
          Severity::Error, "interp-conflict",
          quoted(InterpolationModifier::NoInterpolation) + " and " + quoted(keyword) + " cannot be used together"));
    const char* badType = facts.hasIntegerLeaf   ? "an integer"
                          : facts.hasBoolLeaf    ? "a boolean"
                          : facts.hasFloat64Leaf ? "a 64-bit floating-point"
                                                 : nullptr;
    if (badType)
      out.push_back(makeDiagnostic(Severity::Error, "interp-type",
                                   "interpolation modifier " + quoted(keyword) + " cannot be used on " + badType +
                                       " type; only 'nointerpolation' is allowed"));
  }

  const int rank = samplingRank(keyword);
  if (rank >= 0) {
    for (InterpolationModifier other : kAllModifiers) {
      const int otherRank = samplingRank(other);
      if (otherRank < 0 || other == keyword || !before.has(other)) continue;
      const InterpolationModifier lower = otherRank < rank ? other : keyword;
      const InterpolationModifier higher = otherRank < rank ? keyword : other;
      out.push_back(makeDiagnostic(Severity::Warning, "interp-override",
                                   quoted(lower) + " will be overridden by " + quoted(higher)));
    }
  }
  return out;
}

InterpolationModifiers effectiveModifiers(std::span<const InterpolationModifiers> innermostFirst) {
  for (const InterpolationModifiers& set : innermostFirst)
    if (!set.empty()) return set;
  return {};
}

InterpolationMode modeFromModifiers(InterpolationModifiers m) {
  using IM = InterpolationModifier;
  if (m.has(IM::NoInterpolation)) {
    const bool others =
        m.has(IM::Linear) || m.has(IM::Centroid) || m.has(IM::NoPerspective) || m.has(IM::Sample) || m.has(IM::Center);
    return others ? InterpolationMode::Invalid : InterpolationMode::Constant;
  }
  const bool noperspective = m.has(IM::NoPerspective);
  if (m.has(IM::Sample))
    return noperspective ? InterpolationMode::LinearNoperspectiveSample : InterpolationMode::LinearSample;
  if (m.has(IM::Centroid))
    return noperspective ? InterpolationMode::LinearNoperspectiveCentroid : InterpolationMode::LinearCentroid;
  if (noperspective) return InterpolationMode::LinearNoperspective;
  if (m.has(IM::Linear)) return InterpolationMode::Linear;
  return InterpolationMode::Undefined;  // nothing, or only `center`
}

InterpolationMode normalizeMode(InterpolationMode mode, ComponentType type, SemanticKind kind) {
  if (mode == InterpolationMode::Undefined)
    mode = (isFloat(type) && !is64Bit(type)) ? InterpolationMode::Linear : InterpolationMode::Constant;
  if (kind == SemanticKind::Position) {
    switch (mode) {
      case InterpolationMode::Linear:
        return InterpolationMode::LinearNoperspective;
      case InterpolationMode::LinearCentroid:
        return InterpolationMode::LinearNoperspectiveCentroid;
      case InterpolationMode::LinearSample:
        return InterpolationMode::LinearNoperspectiveSample;
      default:
        break;
    }
  }
  return mode;
}

InterpolationMode recordedMode(InterpolationMode packing, SignatureKind point) {
  return point == SignatureKind::PSInput ? packing : InterpolationMode::Undefined;
}

ResolvedInterpolation resolveInterpolation(InterpolationModifiers effective, ComponentType type, SemanticKind kind,
                                           SignatureKind point) {
  ResolvedInterpolation out;
  if (packingKindOf(point) == PackingKind::Vertex) {
    // Mesh-shader primitive outputs are never interpolated (DXC forces Constant).
    out.packing = point == SignatureKind::MSPrimOutput ? InterpolationMode::Constant
                                                       : normalizeMode(modeFromModifiers(effective), type, kind);
  }
  out.recorded = recordedMode(out.packing, point);
  return out;
}

}  // namespace sl::signature
