#include "views/inspect/SignatureTab.h"

#include "views/inspect/SignatureGrid.h"

#include <filesystem>

namespace sl::views {

namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

std::string baseName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

std::string describe(const CompileResult& r) {
  return r.entryInterface->entry + " (" + r.options.profile + ", " + baseName(r.fileName) + ")";
}

}  // namespace

std::string firstErrorLine(const CompileResult& result) {
  for (const Diagnostic& d : result.diagnostics)
    if (d.severity == Severity::Error) {
      Diagnostic shown = d;  // the file by its name, as the Diagnostics list shows it
      shown.range.begin.file = baseName(d.range.begin.file);
      shown.notes.clear();
      const std::string rendered = renderDiagnostic(shown);
      return rendered.substr(0, rendered.find('\n'));
    }
  return "the compile failed";
}

SignatureTabState signatureTabState(const std::shared_ptr<const CompileResult>& current,
                                    const std::shared_ptr<const CompileResult>& lastGood) {
  SignatureTabState s;
  if (!current) {
    s.headline = "Compiling...";
    return s;
  }
  using Kind = SignatureTabState::Kind;
  if (!current->succeeded) {
    s.kind = Kind::Failed;
    s.headline = "The signatures need a successful compile: " + firstErrorLine(*current);
    if (lastGood && lastGood->entryInterface && lastGood->fileName == current->fileName) {
      s.source = lastGood;
      s.stale = true;
      s.staleNote = "Stale: the grids below are from the last successful compile, of " + describe(*lastGood) + ".";
    }
    return s;
  }
  s.source = current;
  const EntryInterface* e = current->entryInterface.get();
  if (!e) {
    s.kind = Kind::NoEntry;
    s.headline = "No entry point '" + current->options.entryPoint + "' to take signatures from (" + current->options.profile + ").";
    return s;
  }
  if (e->graphics) {
    s.kind = Kind::Graphics;
    s.headline = "The " + e->stage + " entry " + e->entry + " (" + current->options.profile + "), " +
                 (current->options.packOptimized ? "-pack-optimized" : "prefix-stable") + " packing";
    if (current->options.spirv()) s.headline += " (DXIL's: the SPIR-V target matches stage I/O by Location)";
    return s;
  }
  if (e->stage == "compute") {
    s.kind = Kind::Compute;
    s.headline = "Compute entries have no input or output signature: " + e->entry + " takes only system values" +
                 (e->systemValues.empty() ? " (it declares none)." : " (" + joined(e->systemValues) + ").");
    return s;
  }
  s.kind = Kind::Unsupported;
  s.headline = "Signatures of " + (e->stage.empty() ? std::string("library") : e->stage) +
               " entries are not drawn (the tab draws vertex and pixel ones).";
  return s;
}

std::string pairedProfile(const std::string& profile) {
  if (profile.rfind("vs_", 0) == 0) return "ps_" + profile.substr(3);
  if (profile.rfind("ps_", 0) == 0) return "vs_" + profile.substr(3);
  return "";
}

SignatureLinkage checkPairedEntries(const CompileResult& self, const CompileResult& other) {
  SignatureLinkage link;
  const std::string otherName = other.options.entryPoint + " (" + other.options.profile + ", " + baseName(other.fileName) + ")";
  if (!other.succeeded) {
    link.problem = otherName + " does not compile: " + firstErrorLine(other);
    return link;
  }
  const EntryInterface* a = self.entryInterface.get();
  const EntryInterface* b = other.entryInterface.get();
  if (!a || !a->graphics) {
    link.problem = "the compiled entry is not a vertex or pixel shader";
    return link;
  }
  if (!b || !b->graphics) {
    link.problem = otherName + " is not a vertex or pixel shader" + (b && !b->stage.empty() ? " (" + b->stage + ")" : "");
    return link;
  }
  if (a->stage == b->stage) {
    link.problem = "both entries are " + a->stage + " shaders: pair a vertex entry with a pixel one";
    return link;
  }
  const bool selfIsVertex = a->stage == "vertex";
  link.vsOutput = selfIsVertex ? &a->outputs : &b->outputs;
  link.psInput = selfIsVertex ? &b->inputs : &a->inputs;
  link.vsName = selfIsVertex ? describe(self) : describe(other);
  link.psName = selfIsVertex ? describe(other) : describe(self);
  link.issues = checkSignatureLinkage(*link.vsOutput, *link.psInput);
  link.checked = true;
  return link;
}

}  // namespace sl::views
