// The Bindings tab: the reflection stage read back (Bindings.h) as a table of set/binding,
// descriptor type, HLSL register and space, type and name, then push constants and the heap
// access sites when the reflection stage lists them. (The Signatures tab: SignaturePanel.h.)
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"
#include "views/inspect/Bindings.h"
#include "views/inspect/SignaturePanel.h"

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

}  // namespace sl::views
