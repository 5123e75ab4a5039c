// What the Signatures tab shows, as data (the panel draws it; scripts assert on it): for the
// compile the editor holds, the compiled entry's input and output signatures (a vertex or pixel
// entry), or a plain statement that a compute entry has none, or that a failed compile has none
// (then the last good compile's grids, marked stale); and, once the user pairs the entry with the
// other stage's entry, whether the VS output links to the PS input.
#pragma once

#include "core/pipeline/Pipeline.h"

#include <memory>
#include <string>
#include <vector>

namespace sl::views {

struct SignatureTabState {
  enum class Kind { Compiling, Failed, NoEntry, Graphics, Compute, Unsupported };
  Kind kind = Kind::Compiling;
  std::string headline;  // the line above the grids
  // Whose entry interface the grids come from: the shown compile, or (stale) the last good one.
  std::shared_ptr<const CompileResult> source;
  bool stale = false;
  std::string staleNote;  // why the grids are not the current compile's

  const EntryInterface* entry() const { return source ? source->entryInterface.get() : nullptr; }
  bool hasGrids() const { return entry() && entry()->graphics; }
};

// `lastGood`: the newest successful compile of the same file with a graphics entry (may be null).
SignatureTabState signatureTabState(const std::shared_ptr<const CompileResult>& current,
                                    const std::shared_ptr<const CompileResult>& lastGood);

// "ps_6_0" for a vertex entry's "vs_6_0" (same shader model), and back; "" for other stages.
std::string pairedProfile(const std::string& profile);

// The pair check: the compiled entry (`self`) against the other entry's compile.
struct SignatureLinkage {
  bool checked = false;  // both are good graphics entries of the two stages
  std::string problem;   // why it cannot be checked: the other compile's located error, two of one stage, ...
  const signature::PackedSignature* vsOutput = nullptr;
  const signature::PackedSignature* psInput = nullptr;
  std::string vsName, psName;  // "vs_main (vertex-pixel.hlsl)"
  std::vector<std::string> issues;  // checkSignatureLinkage's; empty: they link
  bool linked() const { return checked && issues.empty(); }
};
SignatureLinkage checkPairedEntries(const CompileResult& self, const CompileResult& other);

// The first error of a compile as one located line, "file:3:5: error: message".
std::string firstErrorLine(const CompileResult& result);

}  // namespace sl::views
