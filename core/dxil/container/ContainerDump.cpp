#include "core/dxil/container/ContainerDump.h"

#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/rootsig/RootSignatureReader.h"
#include "core/dxil/container/TextLines.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sl::dxil {
namespace {

namespace dxbc = llvm::dxbc;

constexpr uint64_t kHeaderSize = sizeof(dxbc::Header);  // 32
constexpr uint64_t kPartHeaderSize = sizeof(dxbc::PartHeader);  // 8
constexpr size_t kHexDumpHead = 64;

struct Part {
  uint32_t index = 0;
  std::string name;     // FourCC, non-printable bytes as '?'
  uint64_t offset = 0;  // of the part header
  uint32_t size = 0;    // of the payload
  uint64_t payload() const { return offset + kPartHeaderSize; }
};

template <typename T>
bool readAt(std::span<const uint8_t> bytes, uint64_t offset, T& value) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return true;
}

std::string hexBytes(std::span<const uint8_t> bytes) {
  std::string out;
  char buffer[4];
  for (uint8_t byte : bytes) {
    std::snprintf(buffer, sizeof(buffer), "%02x", byte);
    out += buffer;
  }
  return out;
}

std::string hex32(uint32_t value) {
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "0x%X", value);
  return buffer;
}

std::string fourCC(const uint8_t* bytes) {
  std::string name;
  for (int i = 0; i < 4; ++i) name += (bytes[i] >= 0x20 && bytes[i] < 0x7F) ? char(bytes[i]) : '?';
  return name;
}

std::string rightAlign(std::string text, size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

using Lines = TextLines;

class Dumper {
 public:
  Dumper(std::span<const uint8_t> bytes, std::string_view fileName, const ContainerDumpOptions& options)
      : bytes_(bytes), fileName_(fileName), options_(options) {}

  ContainerDump run();

 private:
  void error(uint64_t at, std::string message) {
    out_.diagnostics.push_back(
        Diagnostic::error({fileName_, 0, 0}, "at byte " + std::to_string(at) + ": " + std::move(message)));
  }
  void warning(uint64_t at, std::string message) {
    out_.diagnostics.push_back(
        Diagnostic::warning({fileName_, 0, 0}, "at byte " + std::to_string(at) + ": " + std::move(message)));
  }
  std::span<const uint8_t> payload(const Part& part) const { return bytes_.subspan(part.payload(), part.size); }

  bool readStructure();
  void printPartTable();
  std::string containerStageText();
  void locateContainerStageError(const std::string& why);
  void printPart(const Part& part, bool named);
  void printPatchSignature(const Part& part);
  void printHash(const Part& part);
  void printDebugName(const Part& part);
  void printVersion(const Part& part);
  void printProgram(const Part& part, bool printModule);
  void printModule(const Part& part, uint64_t at, std::span<const uint8_t> bitcode);
  void printHexHead(const Part& part);

  std::span<const uint8_t> bytes_;
  std::string fileName_;
  const ContainerDumpOptions& options_;
  dxbc::Header header_{};
  std::vector<Part> parts_;
  std::optional<dxbc::ProgramHeader> program_;  // of the DXIL part, when it has one
  std::string digestNote_;  // the container stage's word on the digest, " (matches the bytes)"
  Lines lines_;
  ContainerDump out_;
};

bool isContainerStagePart(std::string_view name) {
  return name == "SFI0" || name == "ISG1" || name == "OSG1" || name == "PSV0" || name == "RTS0";
}

bool isProgramPart(std::string_view name) { return name == "DXIL" || name == "ILDB" || name == "STAT"; }

// The header and the part table: every offset checked against the file and the parts before it.
bool Dumper::readStructure() {
  if (!readAt(bytes_, 0, header_)) {
    error(bytes_.size(), "the file ends inside the 32-byte container header (the file has " +
                             std::to_string(bytes_.size()) + " bytes)");
    return false;
  }
  bool ok = true;
  if (header_.FileSize != bytes_.size()) {
    error(24, "the header says the container has " + std::to_string(header_.FileSize) + " bytes, the file has " +
                  std::to_string(bytes_.size()) + (header_.FileSize > bytes_.size() ? " (truncated?)" : ""));
    ok = false;
  }
  const uint64_t tableEnd = kHeaderSize + uint64_t(header_.PartCount) * 4;
  if (tableEnd > bytes_.size()) {
    error(28, "the header lists " + std::to_string(header_.PartCount) + " parts, whose offset table would end at byte " +
                  std::to_string(tableEnd) + ", past the end of the file (" + std::to_string(bytes_.size()) + " bytes)");
    return false;
  }
  uint64_t previousEnd = tableEnd;
  for (uint32_t i = 0; i < header_.PartCount; ++i) {
    const uint64_t entry = kHeaderSize + 4ull * i;
    uint32_t offset = 0;
    readAt(bytes_, entry, offset);
    if (offset < previousEnd) {
      error(entry, "part " + std::to_string(i) + " starts at byte " + std::to_string(offset) + ", inside " +
                       (i == 0 ? std::string("the part offset table") : "part " + std::to_string(i - 1)) +
                       " (which ends at byte " + std::to_string(previousEnd) + ")");
      return false;
    }
    dxbc::PartHeader partHeader;
    if (!readAt(bytes_, offset, partHeader)) {
      error(entry, "part " + std::to_string(i) + " starts at byte " + std::to_string(offset) +
                       ", which leaves no room for its 8-byte header before the end of the file (" +
                       std::to_string(bytes_.size()) + " bytes)");
      return false;
    }
    Part part{i, fourCC(reinterpret_cast<const uint8_t*>(partHeader.Name)), offset, partHeader.Size};
    const uint64_t end = part.payload() + partHeader.Size;
    if (end > bytes_.size()) {
      error(offset + 4, "part " + std::to_string(i) + " (" + part.name + ") says it has " +
                            std::to_string(partHeader.Size) + " bytes, which run past the end of the file (" +
                            std::to_string(bytes_.size()) + " bytes) to byte " + std::to_string(end));
      return false;
    }
    previousEnd = end;
    dxbc::ProgramHeader program;
    if (part.name == "DXIL" && readAt(payload(part), 0, program)) program_ = program;
    parts_.push_back(std::move(part));
  }
  return ok;
}

void Dumper::printPartTable() {
  bool digestZero = true;
  for (uint8_t byte : header_.FileHash.Digest) digestZero = digestZero && byte == 0;
  lines_.add("; DXContainer version " + std::to_string(header_.Version.Major) + "." +
             std::to_string(header_.Version.Minor) + ", " + std::to_string(header_.FileSize) + " bytes, " +
             std::to_string(header_.PartCount) + (header_.PartCount == 1 ? " part" : " parts"));
  lines_.add("; digest: " + hexBytes(header_.FileHash.Digest) +
             (!digestNote_.empty() ? digestNote_ : digestZero ? " (zero: not signed by a validator)" : ""));
  lines_.add(";");
  lines_.add("; part name    offset      size");
  for (const Part& part : parts_)
    lines_.add("; " + rightAlign(std::to_string(part.index), 4) + " " + part.name + " " +
               rightAlign(std::to_string(part.offset), 9) + " " + rightAlign(std::to_string(part.size), 9));
}

// A part the container stage's reader refused: find which one, and say where it is.
void Dumper::locateContainerStageError(const std::string& why) {
  for (const Part& part : parts_) {
    const std::span<const uint8_t> data = payload(part);
    const llvm::StringRef ref(reinterpret_cast<const char*>(data.data()), data.size());
    std::string partError;
    if (part.name == "RTS0") {
      rootsig::readRootSignature(data, partError);
    } else if (part.name == "ISG1" || part.name == "OSG1") {
      llvm::object::DirectX::Signature signature;
      if (llvm::Error err = signature.initialize(ref)) partError = llvm::toString(std::move(err));
    } else if (part.name == "SFI0" && part.size < 8) {
      partError = "SFI0 is shorter than its 8 bytes of feature flags";
    } else if (part.name == "DXIL" && part.size < sizeof(dxbc::ProgramHeader)) {
      partError = "DXIL is shorter than its 24-byte program header";
    } else if (part.name == "PSV0" && why.find("PSV0") != std::string::npos) {
      partError = why;
    }
    if (!partError.empty()) {
      error(part.payload(), "part " + std::to_string(part.index) + " (" + part.name + "): " + partError);
      return;
    }
  }
  error(kHeaderSize, "the container's parts cannot be read together: " + why);
}

// SFI0, ISG1/OSG1, PSV0 and RTS0 in the `container` stage's text, without its header lines (the
// dump prints its own, with offsets).
std::string Dumper::containerStageText() {
  std::vector<Diagnostic> diagnostics;
  const std::string text = printContainer(bytes_, diagnostics);
  if (text.empty()) {
    std::string why = diagnostics.empty() ? std::string("unknown error") : diagnostics.front().message;
    const std::string prefix = "not a readable DXContainer: ";
    if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
    locateContainerStageError(why);
    return "";
  }
  std::string kept;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    if (line.rfind("; DXContainer ", 0) == 0) {
      // What the container stage says about the digest ("(matches the bytes)"), for our header.
      const size_t digest = line.find("digest ");
      const size_t note = digest == std::string_view::npos ? digest : line.find(" (", digest);
      if (note != std::string_view::npos) digestNote_ = std::string(line.substr(note));
    } else if (line.rfind("; parts:", 0) != 0 && line.rfind("; digest", 0) != 0) {
      kept.append(line);
      kept += '\n';
    }
    start = end + 1;
  }
  return kept;
}

// One part's lines of the container stage's text: the section it starts (a signature's section
// begins with the ';' before its title).
std::string containerStageSection(const std::string& text, std::string_view name) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  auto sectionOf = [](const std::string& line) -> std::string_view {
    if (line.rfind("; SFI0", 0) == 0) return "SFI0";
    if (line == "; Input signature:") return "ISG1";
    if (line == "; Output signature:") return "OSG1";
    if (line.rfind("; Pipeline state validation", 0) == 0 || line == "; PSV0: absent") return "PSV0";
    if (line.rfind("; Root signature (RTS0", 0) == 0) return "RTS0";
    if (line.rfind("; program:", 0) == 0) return "DXIL";
    return "";
  };
  std::vector<std::string_view> owner(lines.size());
  std::string_view current;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view starts = sectionOf(lines[i]);
    if (!starts.empty()) {
      current = starts;
      if (i > 0 && lines[i - 1] == ";" && (starts == "ISG1" || starts == "OSG1" || starts == "PSV0")) owner[i - 1] = current;
    }
    owner[i] = current;
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i)
    if (owner[i] == name) out += lines[i] + "\n";
  return out;
}

// PSG1 (hull/domain patch constants, mesh primitives) in the container stage's signature layout.
// That printer reads ISG1/OSG1 only, so the payload is wrapped in a container of its own as the
// part whose "Used" column means the same (DXC: inputs of domain shaders, outputs otherwise).
void Dumper::printPatchSignature(const Part& part) {
  const bool isInput = program_ && program_->ShaderKind == 4;  // domain
  const std::span<const uint8_t> data = payload(part);
  std::vector<uint8_t> wrapped(kHeaderSize + 4 + kPartHeaderSize + data.size(), 0);
  dxbc::Header header{};
  std::memcpy(header.Magic, "DXBC", 4);
  header.Version.Major = 1;
  header.FileSize = uint32_t(wrapped.size());
  header.PartCount = 1;
  std::memcpy(wrapped.data(), &header, sizeof(header));
  const uint32_t offset = kHeaderSize + 4;
  std::memcpy(wrapped.data() + kHeaderSize, &offset, 4);
  dxbc::PartHeader partHeader{};
  std::memcpy(partHeader.Name, isInput ? "ISG1" : "OSG1", 4);
  partHeader.Size = uint32_t(data.size());
  std::memcpy(wrapped.data() + offset, &partHeader, sizeof(partHeader));
  if (!data.empty()) std::memcpy(wrapped.data() + offset + kPartHeaderSize, data.data(), data.size());
  std::vector<Diagnostic> diagnostics;
  const std::string text = printContainer(wrapped, diagnostics);
  if (text.empty()) {
    std::string why = diagnostics.empty() ? std::string("unknown error") : diagnostics.front().message;
    const size_t colon = why.find(": ");
    if (colon != std::string::npos) why = why.substr(colon + 2);
    error(part.payload(), "part " + std::to_string(part.index) + " (PSG1): " + why);
    return;
  }
  const bool mesh = program_ && program_->ShaderKind == 13;
  std::string section = containerStageSection(text, isInput ? "ISG1" : "OSG1");
  const std::string title = isInput ? "; Input signature:" : "; Output signature:";
  const size_t at = section.find(title);
  if (at != std::string::npos)
    section.replace(at, title.size(), mesh ? "; Primitive signature:" : "; Patch Constant signature:");
  lines_.addText(section);
}

void Dumper::printHash(const Part& part) {
  dxbc::ShaderHash hash;
  if (part.size < sizeof(hash)) {
    error(part.payload(), "part " + std::to_string(part.index) + " (HASH) has " + std::to_string(part.size) +
                              " bytes, fewer than its 20 (flags and a 16-byte digest)");
    return;
  }
  std::memcpy(&hash, bytes_.data() + part.payload(), sizeof(hash));
  const bool includesSource = hash.Flags & uint32_t(dxbc::HashFlags::IncludesSource);
  lines_.add("; shader hash: " + hexBytes(hash.Digest) + ", flags " + hex32(hash.Flags) +
             (includesSource ? " (includes source)" : ""));
}

void Dumper::printDebugName(const Part& part) {
  const std::span<const uint8_t> data = payload(part);
  uint16_t flags = 0, length = 0;
  if (!readAt(data, 0, flags) || !readAt(data, 2, length) || data.size() - 4 < length) {
    error(part.payload(), "part " + std::to_string(part.index) +
                              " (ILDN) is shorter than its flags, name length and name");
    return;
  }
  lines_.add("; shader debug name: " + std::string(reinterpret_cast<const char*>(data.data()) + 4, length) +
             (flags ? ", flags " + hex32(flags) : ""));
}

// VERS (DxilCompilerVersion): major, minor, flags, commit count, then the commit and version strings.
void Dumper::printVersion(const Part& part) {
  const std::span<const uint8_t> data = payload(part);
  uint16_t major = 0, minor = 0;
  uint32_t flags = 0, commits = 0, stringBytes = 0;
  if (!readAt(data, 0, major) || !readAt(data, 2, minor) || !readAt(data, 4, flags) || !readAt(data, 8, commits) ||
      !readAt(data, 12, stringBytes)) {
    error(part.payload(), "part " + std::to_string(part.index) + " (VERS) is shorter than its 16-byte version header");
    return;
  }
  std::string line = "; compiler version: " + std::to_string(major) + "." + std::to_string(minor) + ", commit count " +
                     std::to_string(commits) + ", flags " + hex32(flags);
  if (stringBytes > data.size() - 16) {
    error(part.payload() + 12, "part " + std::to_string(part.index) + " (VERS) says its strings have " +
                                   std::to_string(stringBytes) + " bytes, more than the part holds");
  } else {
    const std::string_view strings(reinterpret_cast<const char*>(data.data()) + 16, stringBytes);
    size_t zero = strings.find('\0');
    const std::string_view commit = strings.substr(0, zero);
    if (!commit.empty()) line += ", commit " + std::string(commit);
    if (zero != std::string_view::npos) {
      std::string_view custom = strings.substr(zero + 1);
      custom = custom.substr(0, custom.find('\0'));
      if (!custom.empty()) line += ", \"" + std::string(custom) + "\"";
    }
  }
  lines_.add(line);
}

std::string_view shaderKindName(uint32_t kind) {
  static const char* const names[] = {"pixel", "vertex", "geometry", "hull", "domain", "compute", "library",
                                      "raygeneration", "intersection", "anyhit", "closesthit", "miss",
                                      "callable", "mesh", "amplification", "node"};
  return kind < std::size(names) ? names[kind] : "unknown";
}

void Dumper::printProgram(const Part& part, bool printModuleText) {
  dxbc::ProgramHeader program;
  const std::string label = "part " + std::to_string(part.index) + " (" + part.name + ")";
  if (part.size < sizeof(program)) {
    error(part.payload(), label + " has " + std::to_string(part.size) + " bytes, fewer than its 24-byte program header");
    return;
  }
  std::memcpy(&program, bytes_.data() + part.payload(), sizeof(program));
  lines_.add("; " + part.name + " program header: shader model " + std::to_string(program.Version >> 4) + "." +
             std::to_string(program.Version & 0xF) + ", " + std::string(shaderKindName(program.ShaderKind)) +
             " shader (kind " + std::to_string(program.ShaderKind) + "), " + std::to_string(program.Size) +
             " words; DXIL " + std::to_string(program.Bitcode.MajorVersion) + "." +
             std::to_string(program.Bitcode.MinorVersion) + ", bitcode at offset " +
             std::to_string(program.Bitcode.Offset) + ", " + std::to_string(program.Bitcode.Size) + " bytes");
  const uint64_t bitcodeHeader = part.payload() + 8;
  if (std::memcmp(program.Bitcode.Magic, "DXIL", 4) != 0) {
    error(bitcodeHeader, label + ": the bitcode header's magic is '" +
                             fourCC(reinterpret_cast<const uint8_t*>(program.Bitcode.Magic)) + "', not 'DXIL'");
    return;
  }
  const uint64_t bitcodeStart = bitcodeHeader + uint64_t(program.Bitcode.Offset);
  const uint64_t bitcodeEnd = bitcodeStart + program.Bitcode.Size;
  if (program.Bitcode.Offset < sizeof(dxbc::BitcodeHeader) || bitcodeEnd > part.payload() + part.size) {
    error(bitcodeHeader + 8, label + ": the bitcode (offset " + std::to_string(program.Bitcode.Offset) + ", " +
                                 std::to_string(program.Bitcode.Size) + " bytes) is not inside the part (bytes " +
                                 std::to_string(part.payload()) + " to " + std::to_string(part.payload() + part.size) +
                                 ")");
    return;
  }
  if (program.Bitcode.Size == 0) {
    lines_.add("; no bitcode (a program header only)");
    return;
  }
  if (printModuleText) printModule(part, bitcodeStart, bytes_.subspan(bitcodeStart, program.Bitcode.Size));
}

// What reading one program part's bitcode gives: the module's text, or why there is none.
struct ModuleText {
  bool read = false;
  std::string error;     // LLVM's reason when !read
  std::string layout;    // the bitcode's own data layout when it had to be adjusted
  std::string verifier;  // the verifier's complaint, if any
  std::string text;
  std::vector<std::string> warnings;  // the reader's diagnostics
};

ModuleText readModuleText(std::span<const uint8_t> bitcode, const std::string& name) {
  ModuleText out;
  try {
    llvm::LLVMContext context;
    // Warnings of the reader (debug info it drops, say) become ours instead of going to stderr.
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo* info, void* sink) {
          std::string message;
          llvm::raw_string_ostream os(message);
          llvm::DiagnosticPrinterRawOStream printer(os);
          info->print(printer);
          static_cast<std::vector<std::string>*>(sink)->push_back(os.str());
        },
        &out.warnings);
    const llvm::StringRef data(reinterpret_cast<const char*>(bitcode.data()), bitcode.size());
    // DXC's layout for min-precision modules aligns i8 to 32 bits ("i8:32"), which LLVM 19's
    // DataLayout refuses ("i8 must be naturally aligned"); the module is read with i8:8 (nothing
    // in DXIL depends on i8's alignment), and the text says what the bitcode had.
    auto layoutCallback = [&out](llvm::StringRef, llvm::StringRef layout) -> std::optional<std::string> {
      std::string adjusted = layout.str();
      for (size_t at = adjusted.find("-i8:"); at != std::string::npos; at = adjusted.find("-i8:", at + 1)) {
        const size_t end = adjusted.find('-', at + 1);
        const std::string spec = adjusted.substr(at, end == std::string::npos ? std::string::npos : end - at);
        if (spec == "-i8:8" || spec.rfind("-i8:8:", 0) == 0) continue;
        adjusted.replace(at, spec.size(), "-i8:8");
      }
      if (adjusted == layout) return std::nullopt;
      out.layout = layout.str();
      return adjusted;
    };
    llvm::Expected<std::unique_ptr<llvm::Module>> module =
        llvm::parseBitcodeFile(llvm::MemoryBufferRef(data, name), context, llvm::ParserCallbacks(layoutCallback));
    if (!module) {
      out.error = llvm::toString(module.takeError());
      return out;
    }
    llvm::raw_string_ostream verifierOs(out.verifier);
    llvm::verifyModule(**module, &verifierOs);
    verifierOs.flush();
    llvm::raw_string_ostream os(out.text);
    (*module)->print(os, nullptr);
    os.flush();
    out.read = true;
  } catch (const std::bad_alloc&) {
    out = {};
    out.error = "out of memory";
  } catch (const std::exception& e) {  // an LLVM fatal error inside the caller's FatalErrorBoundary
    out = {};
    out.error = e.what();
  }
  return out;
}

void putString(std::string& to, const std::string& s) {
  const uint64_t size = s.size();
  to.append(reinterpret_cast<const char*>(&size), sizeof(size));
  to += s;
}

bool getString(std::string_view& from, std::string& s) {
  uint64_t size = 0;
  if (from.size() < sizeof(size)) return false;
  std::memcpy(&size, from.data(), sizeof(size));
  from.remove_prefix(sizeof(size));
  if (from.size() < size) return false;
  s.assign(from.substr(0, size));
  from.remove_prefix(size);
  return true;
}

// readModuleText in a child process: LLVM 19's bitcode reader is not hardened against malformed
// bitcode (the fuzz target found reads of wild pointers in its metadata loader), so a crash or a
// hang there must end the child, not `shaderlens dis`. The child sends the result through a pipe.
ModuleText readModuleTextIsolated(std::span<const uint8_t> bitcode, const std::string& name, unsigned timeoutSeconds) {
  int fds[2];
  if (::pipe(fds) != 0) return readModuleText(bitcode, name);
  std::fflush(nullptr);
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return readModuleText(bitcode, name);
  }
  if (child == 0) {
    ::close(fds[0]);
    // A crash here is the answer, not something to report: no crash handler of the parent's
    // (sanitizers, libFuzzer, LLVM's stack printer) runs in the child.
    for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP}) std::signal(signal, SIG_DFL);
    const ModuleText result = readModuleText(bitcode, name);
    std::string message(1, result.read ? 'K' : 'E');
    for (const std::string* field : {&result.error, &result.layout, &result.verifier, &result.text})
      putString(message, *field);
    for (const std::string& warning : result.warnings) putString(message, warning);
    for (size_t done = 0; done < message.size();) {
      const ssize_t n = ::write(fds[1], message.data() + done, message.size() - done);
      if (n <= 0) ::_exit(3);
      done += size_t(n);
    }
    ::_exit(0);  // no destructors, no atexit: the parent owns everything
  }
  ::close(fds[1]);
  std::string message;
  bool timedOut = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd poll{fds[0], POLLIN, 0};
    const int ready = ::poll(&poll, 1, int(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char buffer[65536];
    const ssize_t n = ::read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    message.append(buffer, size_t(n));
  }
  ::close(fds[0]);
  if (timedOut) ::kill(child, SIGKILL);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  ModuleText out;
  if (timedOut) {
    out.error = "LLVM's bitcode reader did not finish within " + std::to_string(timeoutSeconds) + " s";
    return out;
  }
  std::string_view rest(message);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !rest.empty()) {
    out.read = rest[0] == 'K';
    rest.remove_prefix(1);
    bool ok = true;
    for (std::string* field : {&out.error, &out.layout, &out.verifier, &out.text}) ok = ok && getString(rest, *field);
    std::string warning;
    while (ok && !rest.empty() && getString(rest, warning)) out.warnings.push_back(warning);
    if (ok) return out;
  }
  out = {};
  out.error = WIFSIGNALED(status) ? "LLVM's bitcode reader crashed on it (signal " + std::to_string(WTERMSIG(status)) + ")"
                                  : "LLVM's bitcode reader failed on it (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
  return out;
}

void Dumper::printModule(const Part& part, uint64_t at, std::span<const uint8_t> bitcode) {
  const ModuleText module = options_.isolateBitcodeReader
                                ? readModuleTextIsolated(bitcode, part.name, options_.bitcodeTimeoutSeconds)
                                : readModuleText(bitcode, part.name);
  for (const std::string& w : module.warnings) warning(at, "LLVM's bitcode reader: " + w);
  const std::string label = "part " + std::to_string(part.index) + " (" + part.name + ")";
  if (!module.read) {
    error(at, label + ": LLVM cannot read the bitcode: " + module.error);
    return;
  }
  if (!module.verifier.empty())
    warning(at, label + ": the module read from the bitcode does not pass LLVM's verifier: " + module.verifier);
  lines_.add(";");
  lines_.add("; ---- " + part.name + " module (" + std::to_string(bitcode.size()) + " bytes of bitcode at byte " +
             std::to_string(at) + ", as LLVM 19 reads it)");
  if (!module.layout.empty())
    lines_.add("; the bitcode's data layout is \"" + module.layout +
               "\"; LLVM 19 requires i8 to be naturally aligned, so it is read with i8:8");
  lines_.addText(module.text);
}

void Dumper::printHexHead(const Part& part) {
  const std::span<const uint8_t> data = payload(part);
  const size_t shown = std::min(data.size(), kHexDumpHead);
  for (size_t row = 0; row < shown; row += 16) {
    char address[16];
    std::snprintf(address, sizeof(address), "%08zx:", row);
    std::string line = std::string("; ") + address;
    std::string ascii;
    for (size_t i = row; i < row + 16; ++i) {
      if (i < shown) {
        char byte[4];
        std::snprintf(byte, sizeof(byte), " %02x", data[i]);
        line += byte;
        ascii += (data[i] >= 0x20 && data[i] < 0x7F) ? char(data[i]) : '.';
      } else {
        line += "   ";
      }
    }
    lines_.add(line + "  " + ascii);
  }
  if (data.size() > shown) lines_.add("; ... " + std::to_string(data.size() - shown) + " more bytes");
}

void Dumper::printPart(const Part& part, bool named) {
  lines_.add(";");
  lines_.add("; ---- part " + std::to_string(part.index) + ": " + part.name + " (" + std::to_string(part.size) +
             " bytes at byte " + std::to_string(part.payload()) + ")");
  if (part.name == "PSG1")
    printPatchSignature(part);
  else if (part.name == "HASH")
    printHash(part);
  else if (part.name == "ILDN")
    printDebugName(part);
  else if (part.name == "VERS")
    printVersion(part);
  else if (isProgramPart(part.name))
    printProgram(part, options_.printModules && (part.name == "DXIL" || named));
  else
    printHexHead(part);
}

ContainerDump Dumper::run() {
  const bool structureOk = readStructure();
  if (parts_.empty() && !structureOk) {
    out_.text = lines_.take();
    return std::move(out_);
  }
  if (!options_.part.empty()) {
    bool found = false;
    std::string stageText;
    if (structureOk && isContainerStagePart(options_.part)) stageText = containerStageText();
    for (const Part& part : parts_) {
      if (part.name != options_.part) continue;
      found = true;
      if (isContainerStagePart(part.name)) {
        lines_.add("; ---- part " + std::to_string(part.index) + ": " + part.name + " (" + std::to_string(part.size) +
                   " bytes at byte " + std::to_string(part.payload()) + ")");
        lines_.addText(containerStageSection(stageText, part.name));
      } else {
        printPart(part, /*named=*/true);
      }
    }
    if (!found && structureOk) {
      std::string names;
      for (const Part& part : parts_) names += (names.empty() ? "" : " ") + part.name;
      error(kHeaderSize, "the container has no part '" + options_.part + "' (its parts: " +
                             (names.empty() ? std::string("none") : names) + ")");
    }
    out_.text = lines_.take();
    return std::move(out_);
  }
  const std::string stageText = structureOk ? containerStageText() : std::string();
  printPartTable();
  if (structureOk) {
    lines_.add(";");
    lines_.addText(stageText);
  }
  // The container stage prints the HASH part itself (with whether it matches the bitcode).
  const bool stageHasHash = stageText.find("; shader hash:") != std::string::npos;
  for (const Part& part : parts_)
    if (!isContainerStagePart(part.name) && !(part.name == "HASH" && stageHasHash)) printPart(part, /*named=*/false);
  out_.text = lines_.take();
  return std::move(out_);
}

}  // namespace

bool isContainer(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && std::memcmp(bytes.data(), "DXBC", 4) == 0;
}

ContainerDump dumpContainer(std::span<const uint8_t> bytes, std::string_view fileName,
                            const ContainerDumpOptions& options) {
  if (!isContainer(bytes)) {
    ContainerDump out;
    out.diagnostics.push_back(Diagnostic::error({std::string(fileName), 0, 0}, "at byte 0: not a DXContainer (no 'DXBC' magic)"));
    return out;
  }
  return Dumper(bytes, fileName, options).run();
}

}  // namespace sl::dxil
