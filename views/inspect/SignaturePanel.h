// The Signatures tab: the compiled entry's packed input and output signatures (the 4 x N register
// grid of each, every element's mask, interpolation mode and system value; SignatureTab.h says
// what is shown for compute entries and failed compiles), and the VS output -> PS input linkage
// check against the other stage's entry the user picks (this file's or another file's, compiled
// off the UI thread: SignaturePair.h), with both grids side by side.
//
// The -pack-optimized checkbox is the document's compile flag, not a view-only repacking: the
// grids then always show what the DXIL stages and the container hold, the command line shows the
// flag, and the paired entry compiles with it too.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"
#include "views/inspect/SignatureGrid.h"
#include "views/inspect/SignaturePair.h"
#include "views/inspect/SignatureTab.h"

#include <memory>
#include <optional>
#include <string>

namespace sl::views {

// The pairing as the tab shows it.
struct SignaturePairView {
  bool wanted = false;     // the user picked an entry to pair with
  bool compiling = false;  // its compile has not finished for the current text
  std::string entry, path, profile;  // what was picked (path "" : this file)
  std::string error;                 // the other file cannot be read
  std::optional<SignatureLinkage> linkage;  // once compiled
  double milliseconds = 0;                  // the other entry's compile
};

class SignaturePanel {
 public:
  // Follows the editor's compile: keeps the last good one (shown stale after a failed compile)
  // and compiles the paired entry again for a new text or options. draw() calls it.
  void update(const std::shared_ptr<const CompileResult>& snapshot);
  // Returns the checkbox's new -pack-optimized value when the user clicked it.
  std::optional<bool> draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts);

  SignatureTabState state() const { return signatureTabState(snapshot_, lastGood_); }
  // Pairs the compiled entry with `entry` of `path` ("" : this file), compiled as `profile`
  // ("" : the other stage's profile of the compiled one's shader model).
  void pairWith(std::string entry, std::string path = "", std::string profile = "");
  void unpair();
  SignaturePairView pair() const;
  SignaturePairer& pairer() { return pairer_; }

 private:
  void requestPair();

  std::shared_ptr<const CompileResult> snapshot_, lastGood_;
  SignaturePairer pairer_;
  bool pairWanted_ = false;
  std::string pairEntry_, pairPath_, pairProfile_;
  std::shared_ptr<const CompileResult> pairedFor_;  // the snapshot the last pair request was made for
  // The picker's fields.
  std::string entryField_, pathField_, profileField_;
  bool scrollToLinkage_ = false;  // the user asked for a pair: show its verdict once it is in
};

// Draw one signature (no window of their own), `id` unique within the window: the 4 x N register
// grid (hover a cell for its element), and the table of its elements.
void drawRegisterGrid(const char* id, const SignatureGrid& grid);
void drawElementTable(const char* id, const SignatureGrid& grid, const ViewFonts& fonts);

}  // namespace sl::views
