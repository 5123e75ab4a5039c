// The SPIR-V reader: a valid Vulkan SPIR-V module (ours, glslang's, DXC's) -> our IR.
//
// Types, constants (including scalar spec constants), globals with their decorations, entry
// points and functions are read as they are; structured control flow is rebuilt from
// OpSelectionMerge / OpLoopMerge / continue targets into Regions and Nodes, OpPhis become node
// outputs and region inputs (docs/ir.md), OpName/OpMemberName, OpLine and variable debug info
// (NonSemantic.Shader.DebugInfo.100, DebugInfoReader.h) are kept.
// Malformed or unsupported input gives an error Diagnostic naming the word offset and the
// opcode; the reader never throws or aborts.
#pragma once

#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sl::spirv {

struct ReadOptions {
  std::string fileName;  // used as the file of diagnostics
};

struct ReadResult {
  std::unique_ptr<ir::Module> module;  // null when reading failed
  std::vector<Diagnostic> diagnostics;
  // Module-level facts the IR does not keep (the writer derives its own capabilities).
  uint32_t version = 0;  // SPIR-V version word: (major << 16) | (minor << 8)
  std::vector<uint32_t> capabilities;
  std::vector<std::string> extensions;
  uint32_t addressingModel = 0;
  uint32_t memoryModel = 1;  // GLSL450
  bool ok() const { return module != nullptr && !hasErrors(diagnostics); }
};

ReadResult readModule(std::span<const uint32_t> words, std::shared_ptr<ir::Context> cx,
                      const ReadOptions& options = {});
// Bytes of a .spv file, in either endianness; a length that is not a multiple of 4 is an error.
ReadResult readModuleBytes(std::span<const uint8_t> bytes, std::shared_ptr<ir::Context> cx,
                           const ReadOptions& options = {});

// Adds OpCapability / OpExtension instructions for the given capabilities and extensions that a
// written module lacks (e.g. VariablePointers, which the writer cannot derive from types alone).
// Returns false (and leaves `words` alone) if `words` is not a well-formed module header.
bool addMissingCapabilities(std::vector<uint32_t>& words, std::span<const uint32_t> capabilities,
                            std::span<const std::string> extensions);

}  // namespace sl::spirv
