#include "core/pipeline/CompileOptions.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace sl {

std::pair<int, int> CompileOptions::spirvVersion() const {
  const std::string& env = spirvTargetEnv;
  if (env == "vulkan1.1") return {1, 3};
  if (env == "vulkan1.1spirv1.4") return {1, 4};
  if (env == "vulkan1.2" || env == "universal1.5") return {1, 5};
  if (env == "vulkan1.3") return {1, 6};
  return {1, 0};
}

namespace {

bool parseUint(const std::string& text, uint32_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parseSpace(const std::string& text, uint32_t& value) {
  if (text.rfind("space", 0) == 0) return parseUint(text.substr(5), value);
  return parseUint(text, value);
}

struct ArgCursor {
  const std::vector<std::string>& args;
  size_t index = 0;
  std::string error;

  bool done() const { return index >= args.size(); }
  const std::string& current() const { return args[index]; }
  // The value of an option that may be attached (`-Tcs_6_0`) or separate (`-T cs_6_0`).
  bool value(const std::string& spelling, std::string& out) {
    const std::string& arg = args[index];
    if (arg.size() > spelling.size()) {
      out = arg.substr(spelling.size());
      if (!out.empty() && out[0] == '=') out = out.substr(1);
      return true;
    }
    if (index + 1 >= args.size()) {
      error = "option '" + spelling + "' requires a value";
      return false;
    }
    out = args[++index];
    return true;
  }
  // A file to write: an empty name (`-Fo ""`) is an error, not "write nothing".
  bool fileValue(const std::string& spelling, std::string& out) {
    if (!value(spelling, out)) return false;
    if (!out.empty()) return true;
    error = "option '" + spelling + "' requires a file name";
    return false;
  }
  bool next(const std::string& option, std::string& out) {
    if (index + 1 >= args.size()) {
      error = "option '" + option + "' requires more values";
      return false;
    }
    out = args[++index];
    return true;
  }
};

// Options that take a value, attached or separate. Longest spellings first so `-Fo` is not `-F`.
bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// DXC's output files we do not write (header, errors, PDB, reflection, root signature, shader
// hash): the option's name when `arg` is one (value attached or next), else null.
const char* outputOptionWeIgnore(const std::string& arg) {
  for (const char* name : {"-Fre", "-Frs", "-Fsh", "-Fh", "-Fe", "-Fd"})
    if (startsWith(arg, name)) return name;
  return nullptr;
}

// Whether a valid profile (profileError says nothing) is at least shader model major.minor; the
// offline library lib_6_x counts as the newest.
bool profileAtLeast(const std::string& profile, int major, int minor) {
  const size_t first = profile.find('_');
  const size_t second = first == std::string::npos ? first : profile.find('_', first + 1);
  if (second == std::string::npos || second + 1 >= profile.size()) return false;
  const int profileMajor = std::atoi(profile.substr(first + 1, second - first - 1).c_str());
  if (profile[second + 1] == 'x') return true;
  const int profileMinor = std::atoi(profile.substr(second + 1).c_str());
  return profileMajor > major || (profileMajor == major && profileMinor >= minor);
}

}  // namespace

std::string profileError(const std::string& profile, bool spirv) {
  const std::string invalid = "invalid profile '" + profile + "'";
  if (profile == "rootsig_1_0" || profile == "rootsig_1_1")
    return spirv ? "profile '" + profile + "': root signatures are DXIL only (-spirv has none)" : "";
  const size_t first = profile.find('_');
  const size_t second = first == std::string::npos ? first : profile.find('_', first + 1);
  if (second == std::string::npos)
    return invalid + " (expected STAGE_6_MINOR, e.g. cs_6_6: ps, vs, gs, hs, ds, cs, ms, as or lib, shader model 6.0-6.9)";
  const std::string stage = profile.substr(0, first), major = profile.substr(first + 1, second - first - 1),
                    minor = profile.substr(second + 1);
  static const char* const kStages[] = {"ps", "vs", "gs", "hs", "ds", "cs", "ms", "as", "lib"};
  if (std::find(std::begin(kStages), std::end(kStages), stage) == std::end(kStages))
    return invalid + ": unknown shader stage '" + stage + "' (ps, vs, gs, hs, ds, cs, ms, as or lib)";
  if (stage == "lib" && major == "6" && minor == "x") return "";  // offline library
  if (major != "6" || minor.size() != 1 || !std::isdigit(static_cast<unsigned char>(minor[0])))
    return invalid + ": shader model " + major + "." + minor + " is not one of 6.0-6.9";
  const int m = minor[0] - '0';
  if ((stage == "ms" || stage == "as") && m < 5) return invalid + ": " + stage + " shaders need shader model 6.5 or later";
  if (stage == "lib" && m < 1) return invalid + ": libraries need shader model 6.1 or later";
  if (!spirv && m > 8)
    return "profile '" + profile + "': the DXIL target supports shader models 6.0-6.8 (LLVM 19 has no DXIL 6." +
           minor + "); -spirv compiles it";
  return "";
}

ParsedCommandLine parseRunCompileCommandLine(const std::vector<std::string>& args, const std::string& file) {
  std::vector<std::string> all{"-fspv-heap-form=portable"};
  all.insert(all.end(), args.begin(), args.end());
  all.insert(all.end(), {"-spirv", "-fspv-target-env=vulkan1.3", file});
  return parseDxcCommandLine(all);
}

ParsedCommandLine parseDxcCommandLine(const std::vector<std::string>& rawArgs) {
  ParsedCommandLine result;
  CompileOptions& o = result.options;
  // DXC accepts `/T` as well as `-T`.
  std::vector<std::string> args;
  for (const std::string& a : rawArgs) {
    if (a.size() > 1 && a[0] == '/' && a.find('/', 1) == std::string::npos && std::isalpha(static_cast<unsigned char>(a[1])) &&
        a.find('.') == std::string::npos)
      args.push_back("-" + a.substr(1));
    else
      args.push_back(a);
  }
  ArgCursor c{args};
  std::vector<std::string> notWithSpirv;  // given options DXC refuses with -spirv
  bool preprocessOnly = false;            // -P
  std::string preprocessTo;               // -Fi
  auto fail = [&](std::string message) {
    result.error = std::move(message);
    return result;
  };
  for (; !c.done(); ++c.index) {
    const std::string& a = c.current();
    std::string v;
    if (a == "--help" || a == "-help" || a == "-?" || a == "-h") {
      result.help = true;
    } else if (a == "--print" || startsWith(a, "--print=")) {
      if (!c.value("--print", v)) return fail(c.error);
      o.printStages.push_back(v);
    } else if (a == "--dump-stages" || startsWith(a, "--dump-stages=")) {
      if (!c.value("--dump-stages", o.dumpStagesDir)) return fail(c.error);
    } else if (a == "--time-limit" || startsWith(a, "--time-limit=")) {
      if (!c.value("--time-limit", v)) return fail(c.error);
      if (!parseUint(v, o.timeLimitSeconds) || o.timeLimitSeconds == 0) return fail("invalid time limit '" + v + "' (seconds, at least 1)");
    } else if (a == "--memory-limit" || startsWith(a, "--memory-limit=")) {
      if (!c.value("--memory-limit", v)) return fail(c.error);
      if (!parseUint(v, o.memoryLimitMb) || o.memoryLimitMb < 16) return fail("invalid memory limit '" + v + "' (MB, at least 16)");
    } else if (a == "--emit-qptr-lifted") {
      o.emitQptrLifted = true;
    } else if (a == "--no-qptr-lift") {
      o.emitQptrLifted = false;
    } else if (a == "--stages") {
      o.listStages = true;
    } else if (a == "--quiet" || a == "-nologo") {
      o.quiet = true;
    } else if (a == "-spirv") {
      o.target = TargetKind::Spirv;
    } else if (startsWith(a, "-fspv-target-env=")) {
      o.spirvTargetEnv = a.substr(std::strlen("-fspv-target-env="));
      static const char* kKnown[] = {"vulkan1.0", "vulkan1.1", "vulkan1.1spirv1.4", "vulkan1.2", "vulkan1.3", "universal1.5"};
      bool known = false;
      for (const char* k : kKnown) known |= o.spirvTargetEnv == k;
      if (!known) return fail("unknown SPIR-V target environment '" + o.spirvTargetEnv + "'");
    } else if (startsWith(a, "-fspv-entrypoint-name=")) {
      o.spvEntrypointName = a.substr(std::strlen("-fspv-entrypoint-name="));
      if (o.spvEntrypointName.empty()) return fail("-fspv-entrypoint-name= needs a name");
    } else if (startsWith(a, "-fspv-extension=")) {
      o.spvExtensions.push_back(a.substr(std::strlen("-fspv-extension=")));
    } else if (startsWith(a, "-fspv-debug=")) {
      o.spvDebug = a.substr(std::strlen("-fspv-debug="));
      if (o.spvDebug == "rich" || o.spvDebug == "rich-with-source")
        return fail("-fspv-debug=" + o.spvDebug + " (OpenCL.DebugInfo.100) is not supported; use -fspv-debug=vulkan-with-source");
      if (o.spvDebug != "file" && o.spvDebug != "source" && o.spvDebug != "line" && o.spvDebug != "tool" &&
          o.spvDebug != "vulkan" && o.spvDebug != "vulkan-with-source")
        return fail("unknown -fspv-debug value '" + o.spvDebug +
                    "' (expected file, source, line, tool, vulkan or vulkan-with-source)");
    } else if (startsWith(a, "-fspv-heap-form=")) {
      v = a.substr(std::strlen("-fspv-heap-form="));
      if (v == "proposal") o.spvHeapForm = SpvHeapForm::Proposal;
      else if (v == "portable") o.spvHeapForm = SpvHeapForm::Portable;
      else return fail("unknown descriptor-heap form '" + v + "' (expected proposal or portable)");
    } else if (startsWith(a, "-fspv-heap-slots=")) {
      v = a.substr(std::strlen("-fspv-heap-slots="));
      if (!parseUint(v, o.spvHeapSlots) || o.spvHeapSlots == 0 || o.spvHeapSlots > 4096)
        return fail("invalid -fspv-heap-slots value '" + v + "' (expected 1..4096)");
    } else if (a == "-fspv-reflect") {
      o.spvReflect = true;
    } else if (a == "-fspv-use-legacy-buffer-matrix-order") {
      o.spvLegacyBufferMatrixOrder = true;
    } else if (a == "-fspv-enable-maximal-reconvergence") {
      o.spvMaximalReconvergence = true;
    } else if (a == "-fvk-use-dx-layout") {
      o.vkUseDxLayout = true;
    } else if (a == "-fvk-use-scalar-layout") {
      o.vkUseScalarLayout = true;
    } else if (a == "-fvk-use-gl-layout") {
      o.vkUseGlLayout = true;
    } else if (a == "-fvk-invert-y") {
      o.vkInvertY = true;
    } else if (a == "-fvk-use-dx-position-w") {
      o.vkUseDxPositionW = true;
    } else if (a == "-fvk-stage-io-order=alpha" || a == "-fvk-stage-io-order=decl") {
      o.vkStageIoOrderAlpha = a == "-fvk-stage-io-order=alpha";
    } else if (a == "-fvk-support-nonzero-base-vertex") {
      o.vkNonzeroBaseVertex = true;
    } else if (a == "-fvk-support-nonzero-base-instance") {
      o.vkNonzeroBaseInstance = true;
    } else if (a == "-fvk-auto-shift-bindings") {
      o.vkAutoShiftBindings = true;
    } else if (a == "-fspv-use-unknown-image-format") {
      o.spvUnknownImageFormat = true;
    } else if (a == "-auto-binding-space") {
      std::string space;
      if (!c.next(a, space)) return fail(c.error);
      if (!parseUint(space, o.autoBindingSpace)) return fail("invalid space '" + space + "' for " + a);
    } else if (a == "-fvk-b-shift" || a == "-fvk-t-shift" || a == "-fvk-u-shift" || a == "-fvk-s-shift") {
      VkRegisterShift shift;
      shift.registerClass = a[5];
      std::string n, space;
      if (!c.next(a, n) || !c.next(a, space)) return fail(c.error);
      if (!parseUint(n, shift.shift)) return fail("invalid shift '" + n + "' for " + a);
      if (space != "all") {
        uint32_t s = 0;
        if (!parseSpace(space, s)) return fail("invalid space '" + space + "' for " + a);
        shift.space = s;
      }
      o.vkShifts.push_back(shift);
    } else if (a == "-fvk-bind-register" || a == "-vkbr") {  // -vkbr: DXC's short spelling
      VkBindRegister bind;
      std::string space, binding, set;
      if (!c.next(a, bind.registerName) || !c.next(a, space) || !c.next(a, binding) || !c.next(a, set)) return fail(c.error);
      if (!parseSpace(space, bind.space) || !parseUint(binding, bind.binding) || !parseUint(set, bind.set))
        return fail("invalid -fvk-bind-register arguments");
      o.vkBindRegisters.push_back(bind);
    } else if (a == "-fvk-bind-resource-heap" || a == "-fvk-bind-sampler-heap" || a == "-fvk-bind-counter-heap") {
      VkBindHeap heap;
      std::string binding, set;
      if (!c.next(a, binding) || !c.next(a, set)) return fail(c.error);
      if (!parseUint(binding, heap.binding) || !parseUint(set, heap.set)) return fail("invalid " + a + " arguments");
      (a == "-fvk-bind-resource-heap" ? o.vkResourceHeap : a == "-fvk-bind-sampler-heap" ? o.vkSamplerHeap : o.vkCounterHeap) = heap;
    } else if (a == "-enable-16bit-types") {
      o.enable16BitTypes = true;
    } else if (a == "-Zpr") {
      o.rowMajorByDefault = true;
    } else if (a == "-Zpc") {
      o.rowMajorByDefault = false;
    } else if (a == "-pack-optimized" || a == "-pack_optimized") {
      o.packOptimized = true;
    } else if (a == "-pack-prefix-stable" || a == "-pack_prefix_stable") {
      o.packOptimized = false;
    } else if (a == "-all-resources-bound" || a == "-all_resources_bound") {
      o.allResourcesBound = true;
    } else if (a == "-Vd") {
      o.disableValidation = true;
    } else if (a == "-Gis") {
      o.gis = true;
    } else if (a == "-ignore-line-directives") {
      o.ignoreLineDirectives = true;
    } else if (a == "-Od" || a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3") {
      o.optimization = a.substr(1);
    } else if (a == "-Zi") {
      o.debugInfo = true;
    } else if (a == "-Qembed_debug" || a == "-Zss" || a == "-Zsb" || a == "-Gfa" || a == "-Gfp" ||
               a == "-Ges" || a == "-Gec" || a == "-WX" || a == "-no-warnings" || a == "-Qstrip_reflect" ||
               a == "-Qstrip_debug" || a == "-Ni" || a == "-No" || a == "-Cc" || a == "-Lx") {
      // Accepted for compatibility; they change nothing we model yet.
      if (a == "-Gec" || a == "-Qstrip_reflect") notWithSpirv.push_back(a);
    } else if (a == "-fcgl" || startsWith(a, "-Oconfig=")) {
      // DXC: -fcgl emits the module as code generation left it, before SPIRV-Tools' legalization
      // and optimization; -Oconfig= runs the given SPIRV-Tools passes instead of -O3's. This
      // compiler runs no SPIRV-Tools optimizer (its own legalization, ir.bound/ir.heaps, is what
      // makes a valid module), so the module is the one every -O level gives.
    } else if (a == "-default-linkage") {
      // Libraries (lib_6_x): the linkage of functions declared without one. DXC's values are
      // checked; the linkage is not modeled yet (libraries compile only through an -E entry).
      if (!c.value("-default-linkage", v)) return fail(c.error);
      std::string linkage = v;
      std::transform(linkage.begin(), linkage.end(), linkage.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
      if (linkage != "internal" && linkage != "external") return fail("Unsupported value '" + v + "' for -default-linkage option.");
    } else if (startsWith(a, "-Wno-") && a.size() > 5) {
      // A warning group turned off (clang's -Wno-<group>, as DXC takes them): accepted; our
      // warnings carry no group, so none is silenced yet.
    } else if (a == "-denorm") {
      if (!c.value("-denorm", v)) return fail(c.error);
      std::string mode = v;
      std::transform(mode.begin(), mode.end(), mode.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
      if (mode != "preserve" && mode != "ftz" && mode != "any") return fail("Unsupported value '" + v + "' for denorm option.");
      o.denormMode = mode;
    } else if (startsWith(a, "-ferror-limit=")) {
      if (!parseUint(a.substr(14), o.errorLimit)) return fail("invalid error limit '" + a.substr(14) + "' (expected a number; 0: no limit)");
    } else if (startsWith(a, "-HV")) {
      if (!c.value("-HV", v)) return fail(c.error);
      uint32_t version = 0;
      if (v == "202x" || v == "202y") version = 2025;
      else if (!parseUint(v, version) || (version != 2016 && version != 2017 && version != 2018 && version != 2021))
        return fail("invalid HLSL version '" + v + "' (expected 2016, 2017, 2018, 2021 or 202x)");
      o.hlslVersion = static_cast<int>(version);
    } else if (a == "-P") {
      preprocessOnly = true;
    } else if (startsWith(a, "-Fi")) {
      if (!c.fileValue("-Fi", preprocessTo)) return fail(c.error);
    } else if (startsWith(a, "-Fo")) {
      if (!c.fileValue("-Fo", o.outputFile)) return fail(c.error);
    } else if (startsWith(a, "-Fc")) {
      if (!c.fileValue("-Fc", o.disassemblyFile)) return fail(c.error);
    } else if (const char* name = outputOptionWeIgnore(a)) {
      // The longest name first: -Fre's value is a file, not "e" attached to -Fr.
      std::string ignored;
      if (!c.value(name, ignored)) return fail(c.error);
      if (std::strcmp(name, "-Fd") == 0 || std::strcmp(name, "-Fre") == 0) notWithSpirv.push_back(name);
    } else if (a == "-rootsig-define" || startsWith(a, "-rootsig-define=")) {
      if (!c.value("-rootsig-define", o.rootSignatureDefine)) return fail(c.error);
    } else if (a == "-force-rootsig-ver" || startsWith(a, "-force-rootsig-ver=")) {
      if (!c.value("-force-rootsig-ver", o.forceRootSignatureVersion)) return fail(c.error);
      if (o.forceRootSignatureVersion != "rootsig_1_0" && o.forceRootSignatureVersion != "rootsig_1_1")
        return fail("invalid root signature version '" + o.forceRootSignatureVersion + "' (rootsig_1_0 or rootsig_1_1)");
    } else if (startsWith(a, "-T")) {
      if (!c.value("-T", o.profile)) return fail(c.error);
    } else if (startsWith(a, "-E")) {
      if (!c.value("-E", o.entryPoint)) return fail(c.error);
    } else if (startsWith(a, "-D")) {
      if (!c.value("-D", v)) return fail(c.error);
      size_t eq = v.find('=');
      if (eq == std::string::npos) o.defines.emplace_back(v, "");
      else o.defines.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (startsWith(a, "-I")) {
      if (!c.value("-I", v)) return fail(c.error);
      o.includeDirs.push_back(v);
    } else if (startsWith(a, "-fvk-") || startsWith(a, "-fspv-")) {
      return fail("unsupported option '" + a + "'");
    } else if (a == "-" || a[0] != '-') {
      if (!o.inputFile.empty()) o.ignoredInputs.push_back(o.inputFile);
      o.inputFile = a;
    } else {
      return fail("unknown option '" + a + "'");
    }
  }
  if (std::string why = profileError(o.profile, o.spirv()); !why.empty()) return fail(why);
  // DXC refuses these with -spirv (HLSLOptions.cpp's hasUnsupportedSpirvOption), in this order.
  if (o.spirv())
    for (const char* name : {"-Fd", "-Fre", "-Gec", "-Qstrip_reflect"})
      if (std::find(notWithSpirv.begin(), notWithSpirv.end(), name) != notWithSpirv.end())
        return fail(std::string(name) + " is not supported with -spirv");
  if (!o.denormMode.empty() && !profileAtLeast(o.profile, 6, 2))
    return fail("denorm option is only allowed for shader model 6.2 and above.");
  if (preprocessOnly) {
    if (o.inputFile.empty() || o.inputFile == "-") {
      if (preprocessTo.empty()) return fail("-P needs -Fi FILE when the input is standard input");
    }
    std::string input = o.inputFile;
    const size_t slash = input.find_last_of('/'), dot = input.find_last_of('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) input.resize(dot);
    o.preprocessFile = preprocessTo.empty() ? input + ".i" : preprocessTo;
    o.preprocessIgnoredOutputs = !o.outputFile.empty() || !o.disassemblyFile.empty();
    o.outputFile.clear();
    o.disassemblyFile.clear();
  }
  return result;
}

std::string toDxcCommandLine(const CompileOptions& o) {
  std::string s = "dxc";
  auto add = [&](const std::string& part) {
    s += ' ';
    bool quote = part.find_first_of(" \t\"'$") != std::string::npos;
    s += quote ? "'" + part + "'" : part;
  };
  add("-T");
  add(o.profile);
  add("-E");
  add(o.entryPoint);
  if (o.hlslVersion != 2021) add("-HV"), add(o.hlslVersion == 2025 ? "202x" : std::to_string(o.hlslVersion));
  if (o.enable16BitTypes) add("-enable-16bit-types");
  if (o.errorLimit != 20) add("-ferror-limit=" + std::to_string(o.errorLimit));
  if (o.spirv()) {
    add("-spirv");
    add("-fspv-target-env=" + o.spirvTargetEnv);
  }
  if (o.debugInfo) add("-Zi");
  if (o.spirv() && !o.spvDebug.empty()) add("-fspv-debug=" + o.spvDebug);
  if (o.rowMajorByDefault) add("-Zpr");
  if (o.packOptimized) add("-pack-optimized");
  if (o.vkUseDxLayout) add("-fvk-use-dx-layout");
  if (o.vkUseScalarLayout) add("-fvk-use-scalar-layout");
  if (o.vkUseGlLayout) add("-fvk-use-gl-layout");
  if (o.vkInvertY) add("-fvk-invert-y");
  if (o.vkUseDxPositionW) add("-fvk-use-dx-position-w");
  if (o.vkStageIoOrderAlpha) add("-fvk-stage-io-order=alpha");
  if (o.vkNonzeroBaseVertex) add("-fvk-support-nonzero-base-vertex");
  if (o.vkNonzeroBaseInstance) add("-fvk-support-nonzero-base-instance");
  if (o.spvLegacyBufferMatrixOrder) add("-fspv-use-legacy-buffer-matrix-order");
  if (o.spvMaximalReconvergence) add("-fspv-enable-maximal-reconvergence");
  if (o.gis) add("-Gis");
  if (!o.denormMode.empty()) add("-denorm"), add(o.denormMode);
  for (const auto& shift : o.vkShifts) {
    add(std::string("-fvk-") + shift.registerClass + "-shift");
    add(std::to_string(shift.shift));
    add(shift.space ? std::to_string(*shift.space) : "all");
  }
  for (const auto& bind : o.vkBindRegisters) {
    add("-fvk-bind-register");
    add(bind.registerName);
    add("space" + std::to_string(bind.space));
    add(std::to_string(bind.binding));
    add(std::to_string(bind.set));
  }
  auto heap = [&](const char* name, const std::optional<VkBindHeap>& h) {
    if (!h) return;
    add(name);
    add(std::to_string(h->binding));
    add(std::to_string(h->set));
  };
  heap("-fvk-bind-resource-heap", o.vkResourceHeap);
  heap("-fvk-bind-sampler-heap", o.vkSamplerHeap);
  heap("-fvk-bind-counter-heap", o.vkCounterHeap);
  if (o.spvHeapForm == SpvHeapForm::Portable) add("-fspv-heap-form=portable");
  if (o.spvHeapSlots != CompileOptions().spvHeapSlots) add("-fspv-heap-slots=" + std::to_string(o.spvHeapSlots));
  for (const auto& ext : o.spvExtensions) add("-fspv-extension=" + ext);
  if (!o.spvEntrypointName.empty()) add("-fspv-entrypoint-name=" + o.spvEntrypointName);
  if (!o.rootSignatureDefine.empty()) add("-rootsig-define"), add(o.rootSignatureDefine);
  if (!o.forceRootSignatureVersion.empty()) add("-force-rootsig-ver"), add(o.forceRootSignatureVersion);
  for (const auto& [name, value] : o.defines) add("-D" + name + (value.empty() ? "" : "=" + value));
  for (const auto& dir : o.includeDirs) add("-I" + dir);
  if (!o.inputFile.empty()) add(o.inputFile);
  return s;
}

const char* compileOptionsHelp() {
  return R"(usage: shaderlens compile [options] FILE

Compiles HLSL with DXC's command-line spelling; a DXC command line works unchanged.

Target and entry:
  -T <profile>              shader profile, e.g. cs_6_6, vs_6_0, ps_6_0, lib_6_3 (default cs_6_6): shader
                            model 6.0-6.9 (6.0-6.8 on DXIL); others are usage errors
  -E <name>                 entry point (default main); with -T rootsig_1_0|rootsig_1_1 the macro that holds
                            the root signature, compiled alone into a container with only RTS0
  -rootsig-define <name>    use the root signature in macro <name> instead of the entry's [RootSignature]
  -force-rootsig-ver <v>    rootsig_1_0 or rootsig_1_1 (default): the version RTS0 is written in
  -spirv                    emit SPIR-V for Vulkan (default target: DXIL)
  -fspv-target-env=<env>    vulkan1.0 (default), vulkan1.1, vulkan1.1spirv1.4, vulkan1.2, vulkan1.3, universal1.5
  -HV <version>             HLSL version: 2016, 2017, 2018, 2021 (default), 202x
  -ferror-limit=<n>         stop after n errors (default 20; 0: no limit)
  -enable-16bit-types       half/int16_t/uint16_t are real 16-bit types
Preprocessor:
  -D <name>[=<value>]       define a macro
  -I <dir>                  add an include directory
Output:
  -Fo <file>                write the object (SPIR-V binary or DXIL container)
  -Fc <file>                write the disassembly (SPIR-V text or DXIL with signature tables)
  -P [-Fi <file>]           preprocess only: the preprocessed text to <file> (default: the input
                            with the extension .i); -Fo and -Fc are ignored
  --print <stage>           print a stage's canonical text to stdout (repeatable)
  --stages                  list the stages of this compile and exit
  --emit-qptr-lifted        write the SPIR-V after qptr.lift (the default)
  --no-qptr-lift            write the SPIR-V of the bound IR module, skipping the qptr round trip
  --dump-stages <dir>       write every stage's text to <dir>/<stage>.txt, diagnostics to <dir>/diagnostics.txt
  --time-limit <s>          stop the compile after s seconds (exit 1, 'compile stopped: ...')
  --memory-limit <MB>       stop the compile when it needs more than MB megabytes more memory
Layout and bindings (SPIR-V):
  -fvk-use-dx-layout, -fvk-use-scalar-layout, -fvk-use-gl-layout
  -fvk-invert-y, -fvk-use-dx-position-w, -fvk-stage-io-order=<decl|alpha>  (vertex/pixel stage I/O)
  -fvk-support-nonzero-base-vertex, -fvk-support-nonzero-base-instance
  -fvk-{b,t,u,s}-shift <n> <space|all>
  -fvk-bind-register <reg> <space> <binding> <set>
  -fvk-bind-resource-heap <binding> <set>, -fvk-bind-sampler-heap ..., -fvk-bind-counter-heap ...
  -fspv-entrypoint-name=<name>  the OpEntryPoint name (default: the -E function's)
  -fspv-extension=<ext>, -fspv-use-legacy-buffer-matrix-order, -fspv-enable-maximal-reconvergence
Descriptor heaps (SPIR-V; Shaderlens options, see docs/heaps.md):
  -fspv-heap-form=<form>    proposal (default: DXC's unbounded arrays, one binding per heap) or
                            portable (fixed-size arrays per descriptor type, for devices without
                            descriptor indexing or mutable descriptors, e.g. lavapipe)
  -fspv-heap-slots=<n>      portable form: heap slots each descriptor type can reach (default 16)
Other:
  -Zpr / -Zpc               row-major / column-major matrices by default
  -pack-optimized           optimized signature packing (default: prefix-stable)
  -Zi                       debug info (SPIR-V): OpString, OpSource with the source text, OpLine
  -fspv-debug=<what>        line (as -Zi), file, source, tool, or vulkan / vulkan-with-source
                            (NonSemantic.Shader.DebugInfo.100 instead of OpLine)
  -denorm <mode>            fp32 denormals (SM 6.2+): preserve, ftz or any; DXIL "fp32-denorm-mode",
                            SPIR-V DenormPreserve / DenormFlushToZero 32
  -Gis                      IEEE strictness: SPIR-V SignedZeroInfNanPreserve 32
  -O0..-O3, -Od, -Vd, -WX, -nologo   accepted as in DXC (-Vd: no validation, unsigned container)
  -fcgl, -Oconfig=<passes>  accepted: no SPIRV-Tools optimizer runs here, so the module is the same
  -Wno-<group>              accepted (warnings carry no group yet: nothing is silenced)
  -vkbr                     the short spelling of -fvk-bind-register

Exit status: 0 success, 1 compile errors (on stderr as file:line:col: error: ...), 2 usage or I/O errors.
)";
}

}  // namespace sl
