// IR generation: the typed HLSL AST of a compute entry point -> the IR module of stage "ir".
// Resources stay HLSL-level: each declared resource is a global of type hlsl.resource<...> (in
// declaration order, used or not, carrying its register/vk attributes in attrs.extra), and every
// use goes through `hlsl.handle_from_binding` + hlsl.* access ops, which passes/LegalizeBindings
// turns into descriptor variables. docs/irgen.md describes the mapping of each construct.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sl::irgen {

struct IrGenOptions {
  bool rowMajorByDefault = false;  // -Zpr
  bool enable16BitTypes = false;
  uint32_t spirvMinor = 0;         // SPIR-V 1.x of the target env (wave ops need >= 3)
  bool demoteForDiscard = false;   // vulkan1.3: discard -> OpDemoteToHelperInvocation
  bool dxLayout = false;           // -fvk-use-dx-layout: column-major float1xN is float[N] in cbuffers
  bool invertY = false;            // -fvk-invert-y: negate Position.y written by a vertex shader
  bool dxPositionW = false;        // -fvk-use-dx-position-w: FragCoord.w read as 1/w (D3D's w)
  bool stageIoAlpha = false;       // -fvk-stage-io-order=alpha: Locations by semantic string
  bool nonzeroBaseVertex = false;    // SV_VertexID = VertexIndex - BaseVertex
  bool nonzeroBaseInstance = false;  // SV_InstanceID = InstanceIndex - BaseInstance
  // The -T profile's shader model: derivatives outside pixel shaders need 6.6.
  uint32_t shaderModelMajor = 6;
  uint32_t shaderModelMinor = 6;
  // Variable debug info for NonSemantic.Shader.DebugInfo.100 (-fspv-debug=vulkan*): declared
  // locals, parameters and globals (Module::debugVars, dbg.declare), lexical scopes and inlined
  // bodies (Module::debugScopes, DebugLoc::scope). Off, the module is exactly as without it.
  bool debugVariables = false;
  // The module is for the SPIR-V back end: Vulkan-only attributes (vk::image_format) are checked
  // and recorded; the DXIL back end ignores them, as DXC's does.
  bool spirvTarget = true;
};

// "cs_6_5" -> 6, 5; false (outputs untouched) when the profile has no shader model.
bool profileShaderModel(std::string_view profile, uint32_t& major, uint32_t& minor);

struct IrGenResult {
  std::unique_ptr<ir::Module> module;  // null when generation failed
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return module && !hasErrors(diagnostics); }
};

// Keys of GlobalVarDef::attrs.extra on resource declarations (read by LegalizeBindings).
namespace attr {
inline constexpr const char* kRegister = "hlsl.register";         // "u2" (class + index)
inline constexpr const char* kSpace = "hlsl.space";               // "1"; present only when written
inline constexpr const char* kVkBinding = "vk.binding";           // "binding" or "binding,set"
inline constexpr const char* kVkCounterBinding = "vk.counter_binding";
inline constexpr const char* kPushConstant = "vk.push_constant";  // "1"
inline constexpr const char* kGlobals = "hlsl.globals";           // the $Globals cbuffer
inline constexpr const char* kCBufferBlock = "hlsl.cbuffer";      // a cbuffer/tbuffer block
inline constexpr const char* kResourceId = "hlsl.resource";       // on handle ops: global index
inline constexpr const char* kCounter = "hlsl.counter";           // on handle ops: the counter
inline constexpr const char* kGloballyCoherent = "hlsl.globallycoherent";
// On an OpIAdd whose first operand is an OpIMul: the pair is an integer multiply-add of mad(),
// dot() or mul() (DXIL's IMad/UMad, dx.op.tertiary 48/49, as DXC emits them; SPIR-V has none,
// and a plain `a * b + c` in the source stays a multiply and an add in both back ends).
inline constexpr const char* kMultiplyAdd = "hlsl.mad";
// On a resource global: a RasterizerOrdered* resource (DXIL: the ROV flag of its handle type).
inline constexpr const char* kRasterizerOrdered = "hlsl.rasterizer_ordered";
// On a resource global: [[vk::image_format]]'s SPIR-V ImageFormat, as a decimal number.
inline constexpr const char* kImageFormat = "vk.image_format";
// Consecutive bindings a resource array reserves ("N"; resource arrays flattened out of global
// structs number their elements like separate resources, hlsl-spirv.md §2 multi-binding variables).
inline constexpr const char* kBindingCount = "hlsl.binding_count";
}  // namespace attr

// Never throws; constructs it cannot lower yet are error diagnostics with a location.
IrGenResult generateIR(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                       const IrGenOptions& options);

}  // namespace sl::irgen
