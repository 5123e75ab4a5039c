// The Bindings and Signatures tabs. Bindings: the reflection stage read back (Bindings.h) as a
// table of set/binding, descriptor type, HLSL register and space, type and name, then push
// constants and the heap access sites when the reflection stage lists them. Signatures: the
// packed 4 x N register grid of each signature with every element's mask, interpolation mode and
// system value, and the VS -> PS linkage check; while the compiler has no graphics stages the
// grids come from a fixture (SignatureGrid.h), packed with the strategy chosen in the tab.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"
#include "views/inspect/Bindings.h"
#include "views/inspect/SignatureGrid.h"

#include <memory>

namespace sl::views {

class BindingsPanel {
 public:
  // Returns the HLSL line of a heap access site the user clicked (0 none).
  uint32_t draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts);
  // The reflection of `snapshot` (cached per snapshot); null when it has no reflection stage.
  const Reflection* reflection(const std::shared_ptr<const CompileResult>& snapshot);

 private:
  std::shared_ptr<const CompileResult> cachedFor_;
  std::unique_ptr<Reflection> cached_;
};

class SignaturePanel {
 public:
  void draw(const ViewFonts& fonts);
  bool optimized() const { return optimized_; }
  void setOptimized(bool optimized);
  const SignatureFixture& fixture();

 private:
  bool optimized_ = false;
  bool built_ = false;
  SignatureFixture fixture_;
};

// Draws one grid (no window of its own), `id` unique within the window.
void drawSignatureGrid(const char* id, const SignatureGrid& grid, const ViewFonts& fonts);

}  // namespace sl::views
