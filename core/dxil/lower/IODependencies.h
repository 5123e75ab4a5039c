// PSV0's input -> output dependency table of a lowered vertex/pixel module: an input component
// contributes to an output component when the value a storeOutput writes is computed (through
// SSA operands, phis, selects and dx.op arguments) from a loadInput of that component.
// DXC's ViewID-state analysis also counts control dependence and values passed through memory;
// this one follows data flow only (documented in docs/dxil.md).
#pragma once

#include "core/dxil/container/ContainerParts.h"
#include "core/signature/Packing.h"

#include <vector>

namespace llvm {
class Module;
}

namespace sl::dxil {

std::vector<IODependency> inputOutputDependencies(const llvm::Module& module, const signature::PackedSignature& inputs,
                                                  const signature::PackedSignature& outputs);

}  // namespace sl::dxil
