#include "views/run/NewBundle.h"

#include "core/pipeline/Pipeline.h"
#include "renderer/offload/Generate.h"
#include "renderer/offload/HeapLayout.h"
#include "renderer/offload/SpirvReflect.h"

#include <algorithm>
#include <map>
#include <set>

namespace sl::views {

namespace {

using offload::DescriptorType;

// The DirectX register class a descriptor came from under DXC's default mapping.
char registerClassOf(const offload::ReflectedBinding& b) {
  switch (b.type) {
    case DescriptorType::UniformBuffer: return 'b';
    case DescriptorType::Sampler: return 's';
    case DescriptorType::StorageTexelBuffer:
    case DescriptorType::StorageImage: return 'u';
    case DescriptorType::StorageBuffer:
      if (b.typeName.rfind("type.RW", 0) == 0 || b.typeName.rfind("type.Append", 0) == 0 ||
          b.typeName.rfind("type.Consume", 0) == 0)
        return 'u';
      if (b.typeName.rfind("type.StructuredBuffer", 0) == 0 || b.typeName.rfind("type.ByteAddressBuffer", 0) == 0) return 't';
      return b.readOnly ? 't' : 'u';
    default: return 't';
  }
}

std::string shiftText(const VkRegisterShift& s) {
  return std::string("-fvk-") + s.registerClass + "-shift " + std::to_string(s.shift) + " " +
         (s.space ? std::to_string(*s.space) : "all");
}

std::shared_ptr<const CompileResult> compileForRun(const std::string& fileName, const std::string& hlsl,
                                                   const std::vector<std::string>& args, std::string& error) {
  ParsedCommandLine cl = parseRunCompileCommandLine(args, fileName);
  if (!cl.error.empty()) {
    error = "compile flags: " + cl.error;
    return nullptr;
  }
  std::shared_ptr<const CompileResult> result = compileSource(fileName, hlsl, cl.options);
  if (!result->succeeded || result->object.empty()) {
    std::string first;
    for (const Diagnostic& d : result->diagnostics)
      if (d.severity == Severity::Error && first.empty()) first = d.message;
    error = "the shader does not compile for Vulkan" + (first.empty() ? std::string() : ": " + first);
    return nullptr;
  }
  return result;
}

}  // namespace

std::vector<VkRegisterShift> separatingShifts(const std::vector<uint8_t>& spirv, const std::string& entry) {
  const offload::ReflectedModule module = offload::reflectSpirv(spirv);
  if (!module.ok()) return {};
  const offload::ReflectedEntryPoint* ep = nullptr;
  for (const offload::ReflectedEntryPoint& e : module.entryPoints)
    if (!ep && (entry.empty() || e.name == entry)) ep = &e;
  // Per set: the classes at each binding, and each class's highest binding.
  std::map<uint32_t, std::map<uint32_t, std::set<char>>> classesAt;
  std::map<uint32_t, std::map<char, uint32_t>> highest;
  for (const offload::ReflectedBinding& b : module.bindings) {
    if (offload::heapRoleOf(b) != offload::HeapRole::None || b.name.rfind("counter_var_", 0) == 0) continue;
    if (ep && !module.usedBy(*ep, b)) continue;
    const char cls = registerClassOf(b);
    classesAt[b.set][b.binding].insert(cls);
    uint32_t& top = highest[b.set][cls];
    top = std::max(top, b.binding);
  }
  std::vector<VkRegisterShift> out;
  for (const auto& [set, bindings] : classesAt) {
    bool collides = false;
    for (const auto& [binding, classes] : bindings) collides = collides || classes.size() > 1;
    if (!collides) continue;
    // Each class after the first starts past the bindings of the ones before it (b, t, u, s).
    uint32_t base = 0;
    for (char cls : {'b', 't', 'u', 's'}) {
      auto at = highest[set].find(cls);
      if (at == highest[set].end()) continue;
      if (base > 0) out.push_back(VkRegisterShift{cls, base, set});
      base += at->second + 1;
    }
  }
  return out;
}

std::string newBundleFromShader(const std::string& fileName, const std::string& hlsl, const CompileOptions& options,
                                NewBundle& out) {
  out = NewBundle();
  CompileOptions withShifts = options;
  std::string error;
  std::shared_ptr<const CompileResult> compiled = compileForRun(fileName, hlsl, compileArgsFor(withShifts), error);
  if (!compiled) return error;
  // Two register classes at one binding (t0 and u0 under DXC's default mapping): shifts apart,
  // unless the options shift already (then the user's mapping stands, and the generator says why
  // it cannot place them).
  if (options.vkShifts.empty()) {
    const std::vector<VkRegisterShift> shifts = separatingShifts(compiled->object, options.entryPoint);
    if (!shifts.empty()) {
      withShifts.vkShifts = shifts;
      std::string added;
      for (const VkRegisterShift& s : shifts) added += (added.empty() ? "" : ", ") + shiftText(s);
      out.notes.push_back("two register classes shared a Vulkan binding under DXC's default mapping: the bundle compiles with " +
                          added);
      compiled = compileForRun(fileName, hlsl, compileArgsFor(withShifts), error);
      if (!compiled) return error;
    }
  }
  const std::vector<std::string> args = compileArgsFor(withShifts);
  offload::GenerateOptions generate;
  generate.entry = options.entryPoint;
  generate.shifts = offload::registerShiftsFromArgs(args);
  offload::GenerateResult generated = offload::generatePipeline(offload::reflectSpirv(compiled->object), generate);
  if (!generated.ok()) return "cannot make a pipeline for this shader: " + generated.error;
  out.notes.insert(out.notes.end(), generated.notes.begin(), generated.notes.end());
  const std::string text = offload::makeBundle(
      hlsl, args, *generated.pipeline,
      {"Made by Shaderlens' New from shader (as `shaderlens run --new`): pseudo-random inputs, no Results rules.",
       "Add an expected buffer and a Results rule to make it a test."});
  if (std::string loadError = loadRunDocument(text, "", out.document); !loadError.empty())
    return "internal error: the new bundle does not read back: " + loadError;
  return "";
}

}  // namespace sl::views
