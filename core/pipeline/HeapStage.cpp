#include "core/pipeline/HeapStage.h"

#include "core/passes/LegalizeBindings.h"
#include "core/support/AtomicFile.h"

#include <filesystem>

namespace sl {

namespace {

// Debug locations carry the path the preprocessor saw (absolute), the compile its file name.
bool sameFile(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code ec;
  const std::filesystem::path pa = std::filesystem::absolute(a, ec).lexically_normal();
  const std::filesystem::path pb = std::filesystem::absolute(b, ec).lexically_normal();
  if (!ec && pa == pb) return true;  // also for an unsaved GUI buffer that names no real file
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

std::string siteLocation(const ir::Module& module, const ir::DebugLoc& loc, const std::string& mainFile) {
  if (!loc.valid()) return "?";
  std::string s = std::to_string(loc.line) + ":" + std::to_string(loc.column);
  if (loc.file < module.debugFiles.size() && !sameFile(module.debugFiles[loc.file].path, mainFile))
    s += " (" + module.debugFiles[loc.file].path + ")";
  return s;
}

}  // namespace

passes::heaps::HeapOptions heapOptionsFor(const CompileOptions& options, uint32_t spirvMinor) {
  passes::heaps::HeapOptions h;
  h.unknownImageFormat = options.spvUnknownImageFormat;
  h.form = options.spvHeapForm == SpvHeapForm::Portable ? passes::heaps::HeapForm::Portable
                                                        : passes::heaps::HeapForm::Proposal;
  auto pin = [](const std::optional<VkBindHeap>& b) -> std::optional<passes::heaps::SetBinding> {
    if (!b) return std::nullopt;
    return passes::heaps::SetBinding{b->set, b->binding};
  };
  h.resourceHeap = pin(options.vkResourceHeap);
  h.samplerHeap = pin(options.vkSamplerHeap);
  h.counterHeap = pin(options.vkCounterHeap);
  h.storageBufferClass = spirvMinor >= 4;  // as LegalizeBindings: StorageBuffer + Block from SPIR-V 1.4
  h.portableSlots = options.spvHeapSlots;
  // Heap buffers are laid out as declared ones are (ir.bound's rules).
  passes::LegalizeOptions layout;
  passes::selectLayoutRules(layout, options.vkUseDxLayout, options.vkUseScalarLayout, options.vkUseGlLayout);
  h.bufferRule = layout.bufferRule;
  h.cbufferRule = layout.cbufferRule;
  h.rowMajorByDefault = options.rowMajorByDefault;
  return h;
}

// The pass reports file:line:column; the rendered diagnostic also wants the line's text.
void attachSourceLines(std::vector<Diagnostic>& diagnostics, const std::string& fileName, const std::string& source) {
  for (Diagnostic& d : diagnostics) {
    const SourceLoc& at = d.range.begin;
    if (!at.valid() || !d.sourceLine.empty()) continue;
    if (sameFile(at.file, fileName)) {
      d.sourceLine = std::string(lineOfText(source, at.line));
    } else if (!at.file.empty()) {
      std::string text;
      std::string error;
      if (readWholeFile(at.file, text, error)) d.sourceLine = std::string(lineOfText(text, at.line));
    }
  }
}

std::string heapStageHeader(const passes::heaps::HeapOptions& o, const passes::heaps::HeapLegalizeResult& r) {
  if (!r.usesResourceHeap && !r.usesSamplerHeap && !r.usesCounters) return "; descriptor heaps: none used\n";
  if (o.form == passes::heaps::HeapForm::Proposal) return "; descriptor heaps: proposal form (unbounded arrays, one binding per heap)\n";
  return "; descriptor heaps: portable form (" + std::to_string(o.portableSlots) +
         " slots + 1 trap element per descriptor type, set " + std::to_string(o.portableSet) + ")\n";
}

// The "virtual binding table": every heap array the shader declares and every place it makes a
// handle from a heap.
std::string heapReflectionText(const ir::Module& module, const passes::heaps::HeapOptions& o,
                               const passes::heaps::HeapLegalizeResult& r, const std::string& mainFile) {
  using namespace passes::heaps;
  if (r.sites.empty()) return "descriptor heaps: none used\n";
  std::string s = std::string("descriptor heaps (") + (o.form == HeapForm::Portable ? "portable" : "proposal") + " form):\n";
  for (const HeapArray& a : r.arrays) {
    s += "  set " + std::to_string(a.binding.set) + " binding " + std::to_string(a.binding.binding) + "  " +
         descriptorClassName(a.descriptorClass) + "[" + (a.arraySize ? std::to_string(a.arraySize) : std::string()) + "]  " +
         heapKindName(a.heap) + " heap  " + a.resourceType + "  " + a.variable + "\n";
  }
  if (r.status)
    s += "  set " + std::to_string(r.status->binding.set) + " binding " + std::to_string(r.status->binding.binding) +
         "  STORAGE_BUFFER  heap status block (capacities in, out-of-range indices out)\n";
  s += "heap access sites:\n";
  for (const HeapAccessSite& site : r.sites) {
    const char* heap = site.heap == HeapKind::Sampler ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap";
    std::string index = site.constantIndex ? "constant " + std::to_string(*site.constantIndex)
                        : site.nonUniform  ? std::string("non-uniform (NonUniformResourceIndex)")
                                           : std::string("uniform");
    s += "  line " + siteLocation(module, site.loc, mainFile) + "  " + site.function + "  " + heap + " -> " +
         site.resourceType + "  index " + index + "\n";
  }
  return s;
}

}  // namespace sl
