// Compile options with DXC's spelling: parsed from a DXC command line, printed back as one,
// so the CLI, the GUI toolbar and saved bundles all speak the same language.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sl {

enum class TargetKind : uint8_t { Spirv, Dxil };

struct VkRegisterShift {
  char registerClass = 'b';  // b, t, u, s
  uint32_t shift = 0;
  std::optional<uint32_t> space;  // nullopt = all spaces
};

// -fvk-bind-register xN spaceM binding set
struct VkBindRegister {
  std::string registerName;  // e.g. "t3"
  uint32_t space = 0;
  uint32_t binding = 0;
  uint32_t set = 0;
};

struct VkBindHeap {
  uint32_t binding = 0;
  uint32_t set = 0;
};

// Shape of SM 6.6 descriptor heaps in SPIR-V (docs/heaps.md).
enum class SpvHeapForm : uint8_t {
  Proposal,  // DXC's: unbounded arrays, one binding per heap (descriptor indexing + mutable descriptors)
  Portable,  // fixed-size arrays, one binding per descriptor type (devices without either)
};

struct CompileOptions {
  std::string inputFile;
  std::string profile = "cs_6_6";  // -T
  std::string entryPoint = "main"; // -E
  TargetKind target = TargetKind::Dxil;  // -spirv selects SPIR-V, as in DXC
  std::string spirvTargetEnv = "vulkan1.0";  // -fspv-target-env=
  std::vector<std::pair<std::string, std::string>> defines;  // -D
  std::vector<std::string> includeDirs;                       // -I
  uint32_t errorLimit = 20;                                 // -ferror-limit=N (0: none)
  int hlslVersion = 2021;                                     // -HV
  bool enable16BitTypes = false;                              // -enable-16bit-types
  // Root signatures (DXIL): -rootsig-define NAME replaces the entry's [RootSignature] with the
  // macro NAME; -force-rootsig-ver rootsig_1_0|rootsig_1_1 picks the version (default 1.1).
  // -T rootsig_1_0|rootsig_1_1 compiles only the root signature in the macro -E names.
  std::string rootSignatureDefine;
  std::string forceRootSignatureVersion;
  std::string outputFile;        // -Fo
  std::string disassemblyFile;   // -Fc
  // -P: preprocess only, the `preprocessed` stage's text written to this file (-Fi FILE, else the
  // input's name with the extension .i, as DXC); -Fo and -Fc are then ignored, with DXC's warning.
  std::string preprocessFile;
  bool preprocessIgnoredOutputs = false;  // -P dropped -Fo/-Fc (the warning is the CLI's to print)
  // Positional words before the last one: DXC compiles the last input it is given and ignores
  // the others (RUN lines such as `dxc -T lib_6_8 external x.hlsl`); the CLI warns about them.
  std::vector<std::string> ignoredInputs;
  bool rowMajorByDefault = false;   // -Zpr
  bool packOptimized = false;       // -pack-optimized
  bool vkUseDxLayout = false;       // -fvk-use-dx-layout
  bool vkUseScalarLayout = false;   // -fvk-use-scalar-layout
  bool vkUseGlLayout = false;       // -fvk-use-gl-layout
  bool vkInvertY = false;           // -fvk-invert-y
  bool vkUseDxPositionW = false;    // -fvk-use-dx-position-w
  bool vkStageIoOrderAlpha = false; // -fvk-stage-io-order=alpha (default decl)
  bool vkNonzeroBaseVertex = false;   // -fvk-support-nonzero-base-vertex
  bool vkNonzeroBaseInstance = false; // -fvk-support-nonzero-base-instance
  bool vkAutoShiftBindings = false; // -fvk-auto-shift-bindings
  // -auto-binding-space N: the space (SPIR-V: descriptor set) of resources whose declaration
  // names none (register() without space, [[vk::binding(b)]] without a set, implicit ones);
  // shifts given for space N apply to them. Heap bindings keep their own default (set 0).
  uint32_t autoBindingSpace = 0;
  bool spvLegacyBufferMatrixOrder = false;  // -fspv-use-legacy-buffer-matrix-order
  bool spvMaximalReconvergence = false;     // -fspv-enable-maximal-reconvergence
  bool spvReflect = false;                  // -fspv-reflect
  bool spvUnknownImageFormat = false;       // -fspv-use-unknown-image-format: storage images and texel buffers Unknown
  // Debug info (SPIR-V; DXIL ignores it): -Zi gives OpString/OpSource with the source text/OpLine;
  // -fspv-debug=file|source|line the same (file: no text), vulkan[-with-source]
  // NonSemantic.Shader.DebugInfo.100 instead; tool is accepted and changes nothing.
  bool debugInfo = false;                   // -Zi
  std::string spvDebug;                     // -fspv-debug=
  std::vector<std::string> spvExtensions;   // -fspv-extension=
  std::vector<VkRegisterShift> vkShifts;    // -fvk-{b,t,u,s}-shift N space
  std::vector<VkBindRegister> vkBindRegisters;
  std::optional<VkBindHeap> vkResourceHeap, vkSamplerHeap, vkCounterHeap;
  SpvHeapForm spvHeapForm = SpvHeapForm::Proposal;  // -fspv-heap-form=proposal|portable (ours)
  uint32_t spvHeapSlots = 16;                       // -fspv-heap-slots=N (ours): portable slots per type
  bool allResourcesBound = false;  // -all-resources-bound
  bool disableValidation = false;  // -Vd
  std::string optimization = "O3"; // -O0..-O3, -Od
  bool ignoreLineDirectives = false;
  bool gis = false;  // -Gis (IEEE strictness): SPIR-V SignedZeroInfNanPreserve 32, as DXC
  // -denorm preserve|ftz|any (SM 6.2+; "" when not given): the fp32 denormal mode, as DXC writes it
  // (DXIL: the entry's "fp32-denorm-mode" attribute; SPIR-V: DenormPreserve / DenormFlushToZero 32).
  std::string denormMode;
  std::string spvEntrypointName;  // -fspv-entrypoint-name=NAME: OpEntryPoint's name (the function keeps its own)
  // Stages to print (--print STAGE, repeatable) and --stages.
  std::vector<std::string> printStages;
  bool listStages = false;
  // The SPIR-V written is the one after qptr.lift (issue 6: the final SPIR-V is the lifted one);
  // --no-qptr-lift writes the bound module instead and skips the qptr round trip when no qptr
  // stage is looked at. When lifting fails the bound module is written and the qptr stage says why.
  bool emitQptrLifted = true;
  // Print a stage's text only when someone reads it (--print, --dump-stages, -Fc for `spirv`,
  // shownStages). The CLI sets it: printing every IR stage and disassembling is more than a
  // third of a plain `-Fo` compile. Library users get every text by default.
  bool textOnlyForShownStages = false;
  // The stages on a viewer's screen (the GUI, with textOnlyForShownStages): their text is made as
  // with --print, but they do not stop the pipeline early; the other stages' artifacts come
  // without text (StageArtifact::textDeferred) until a compile shows them too.
  std::vector<std::string> shownStages;
  // --dump-stages DIR: write every stage's text to DIR/<stage>.txt (and diagnostics.txt).
  std::string dumpStagesDir;
  // `compile --time-limit=S --memory-limit=MB` (0: none): past either, the compile stops with a
  // located error instead of running on (the CLI sets the process's limits).
  uint32_t timeLimitSeconds = 0;
  uint32_t memoryLimitMb = 0;
  bool quiet = false;
  // Every stage the viewer can show, also the ones made only on request (the SPIRV-Cross views):
  // set by the GUI, which shows all stages; a CLI compile gets them with --print or --dump-stages.
  bool showAllStages = false;

  bool spirv() const { return target == TargetKind::Spirv; }
  // -T rootsig_1_0 / rootsig_1_1: a container with only RTS0, from the macro -E names.
  bool rootSignatureOnly() const { return profile == "rootsig_1_0" || profile == "rootsig_1_1"; }
  // Whether a stage's text (and line map) is made: always, unless textOnlyForShownStages asks
  // for only the stages someone reads (-Fc reads the disassembly of the target).
  bool stageTextWanted(std::string_view stage) const {
    if (!textOnlyForShownStages || !dumpStagesDir.empty()) return true;
    if (!disassemblyFile.empty() && stage == (spirv() ? "spirv" : "dxil")) return true;
    for (const std::string& s : printStages)
      if (s == stage) return true;
    for (const std::string& s : shownStages)
      if (s == stage) return true;
    return false;
  }
  // vulkan1.0 -> SPIR-V 1.0, 1.1 -> 1.3, 1.2 -> 1.5, 1.3 -> 1.6, universal1.5 -> 1.5.
  std::pair<int, int> spirvVersion() const;
};

struct ParsedCommandLine {
  CompileOptions options;
  std::string error;  // non-empty: a usage error to report with exit status 2
  bool help = false;
};

// Why `profile` cannot be compiled for the target ("" when it can), as DXC's "invalid profile":
// STAGE_6_MINOR with STAGE one of ps vs gs hs ds cs ms as lib and MINOR 0-9 (ms/as from 6.5, lib
// from 6.1), or the offline library profile lib_6_x. The DXIL target stops at 6.8 (LLVM 19 has no
// later DXIL shader model; report_fatal_error beyond it). parseDxcCommandLine makes it a usage
// error, compileSource an error diagnostic, so no compile reaches LLVM with such a profile.
std::string profileError(const std::string& profile, bool spirv);

// Parses a DXC command line (without the program name). Accepts both `-T cs_6_0` and `-Tcs_6_0`,
// `-D X=1` and `-DX=1`, `-E main` and `-Emain`, `/T` Windows spellings, and our `--print`.
ParsedCommandLine parseDxcCommandLine(const std::vector<std::string>& args);
// How a run compiles a bundle's source for Vulkan (`shaderlens run`, the Run tab, `debug`, New
// from shader): the portable descriptor-heap form first (the Vulkan backend runs heaps only in
// that form; a RUN line naming a form comes later and wins), then `args`, then -spirv for
// Vulkan 1.3 and the file.
ParsedCommandLine parseRunCompileCommandLine(const std::vector<std::string>& args, const std::string& file);

// The equivalent DXC command line (no output files), as shown in the GUI toolbar.
std::string toDxcCommandLine(const CompileOptions& options);

// Help text for `shaderlens compile --help`.
const char* compileOptionsHelp();

}  // namespace sl
