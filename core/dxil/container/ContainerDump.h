// `shaderlens dis` for DXContainers: any container's bytes (ours or DXC's) as canonical text, what
// `dxc -dumpbin` shows. The header and the part table with byte offsets; the parts the `container`
// stage already decodes (SFI0, ISG1/OSG1, PSV0, RTS0), in that stage's text (ContainerPrinter.h);
// HASH, ILDN and VERS; the DXIL part's program header and its module as LLVM IR text, read by LLVM
// 19's bitcode reader; unknown parts as the head of a hex dump.
//
// Malformed input is never trusted: every error names the byte offset where the container stops
// making sense, and nothing past the end of `bytes` is read. LLVM 19's bitcode reader is not
// hardened against malformed bitcode (it can read wild pointers), so by default it runs in a child
// process (ContainerDumpOptions). Its fatal errors (report_fatal_error) become exceptions only
// inside a FatalErrorBoundary (core/pipeline/FatalErrors.h), which core/ does not install: callers
// wrap the call in one, as `shaderlens dis` and the fuzz target do.
#pragma once

#include "core/support/Diagnostic.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sl::dxil {

struct ContainerDumpOptions {
  // Only the parts with this FourCC (an error if there is none); empty: the whole container.
  std::string part;
  // Print the module of DXIL-like parts LLVM can read (DXIL always; ILDB and STAT when named by
  // `part`).
  bool printModules = true;
  // Read bitcode in a child process (fork), so that a crash or a hang of LLVM's bitcode reader on
  // malformed bitcode is an error of the dump instead of the end of the caller (POSIX only).
  bool isolateBitcodeReader = true;
  unsigned bitcodeTimeoutSeconds = 30;
};

struct ContainerDump {
  std::string text;
  // Errors and warnings, each located in `fileName` and naming a byte offset in its message.
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return !hasErrors(diagnostics); }
};

// True when `bytes` start with the DXBC magic.
bool isContainer(std::span<const uint8_t> bytes);

// Dumps `bytes`; on malformed input prints what could be read and adds errors saying why the rest
// cannot be. `fileName` only labels the diagnostics.
ContainerDump dumpContainer(std::span<const uint8_t> bytes, std::string_view fileName,
                            const ContainerDumpOptions& options = {});

}  // namespace sl::dxil
