// The text of the `container` stage: a stable, compact dump of a DXContainer read back through
// LLVM's part parsers (ContainerReader.h), so it shows what the bytes say, not what the writer meant.
// Signatures and feature notes use DXC's disassembly layout (`dxc -Fc`), so they can be compared
// with DXC's golden tests line by line; PSV0 is printed in our own compact form.
#pragma once

#include "core/support/Diagnostic.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::dxil {

// Returns the dump; on a container LLVM cannot parse, returns "" and adds an error saying why.
std::string printContainer(std::span<const uint8_t> bytes, std::vector<Diagnostic>& diagnostics);

}  // namespace sl::dxil
