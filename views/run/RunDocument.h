// The Run panel's document: a `.test` run bundle (llvm/offload-test-suite format) as the panel
// edits it. The bundle's text is kept so that saving changes only what was edited: the HLSL part
// gets the editor's text, the pipeline part is re-printed only after a form edit. Plain C++
// (no ImGui), so loading, editing and saving are unit-tested directly.
#pragma once

#include "core/pipeline/CompileOptions.h"
#include "renderer/offload/Pipeline.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

struct RunDocument {
  std::string bundleText;   // as loaded (or generated); the base that saving edits
  std::string path;         // where Save writes; empty until saved or loaded
  std::string sourcePart = "source.hlsl";
  std::string pipelinePart = "pipeline.yaml";
  // The first %dxc_target RUN line's DXC options (no input, no -Fo), e.g. {"-T", "cs_6_5"}.
  std::vector<std::string> compileArgs;
  offload::Pipeline pipeline;
  bool pipelineEdited = false;  // the forms changed `pipeline`: the YAML part is re-printed on save
};

// Reads a bundle: its first %dxc_target source part, that line's flags and the pipeline part of
// the first %offloader line. Returns "" or an error ("LINE: message" from the bundle reader, or
// the pipeline's rendered YAML errors).
std::string loadRunDocument(std::string_view bundleText, const std::string& path, RunDocument& out);

// The DXC options of a bundle's RUN line for `options` (profile, entry, and the flags that
// change the compile), and register shifts, without -spirv: `shaderlens run` adds the Vulkan flags itself.
std::vector<std::string> compileArgsFor(const CompileOptions& options);

// The bundle's text with the HLSL part replaced by `hlsl` and, when edited, the pipeline part
// re-printed. Never fails: a missing part is appended.
std::string bundleTextFor(const RunDocument& document, std::string_view hlsl);

// `text` with the content of split-file part `name` replaced by `content` (which should end
// with '\n'); the part is appended before the RUN lines when missing.
std::string replaceSplitPart(std::string_view text, std::string_view name, std::string_view content);

// --- Form helpers (each returns "" or an error, leaving the buffer unchanged on error) ---

// Element values of a buffer as the form shows them: one string per scalar, in order.
std::vector<std::string> bufferValues(const offload::Buffer& buffer, uint32_t arrayElement = 0);
// Parses comma/space/newline separated values in the buffer's format into its data.
std::string setBufferValues(offload::Buffer& buffer, std::string_view text, uint32_t arrayElement = 0);
// Fills the buffer with `count` scalars of `value` (as FillSize/FillValue do).
std::string fillBuffer(offload::Buffer& buffer, uint32_t count, std::string_view value);
// Changes the format; the bytes are kept and reinterpreted unless `convert` (values re-parsed).
std::string setBufferFormat(offload::Buffer& buffer, offload::DataFormat format);

}  // namespace sl::views
