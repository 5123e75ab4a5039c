// The root signature a DXIL compile carries, found and parsed as DXC does:
// * a shader profile: the entry's [RootSignature("...")] (a string literal, or a macro expanding
//   to concatenated string literals), replaced by the macro `-rootsig-define NAME` names;
// * `-T rootsig_1_0|1_1`: the macro `-E NAME` names, compiled alone.
// Version 1.1 unless the profile or `-force-rootsig-ver rootsig_1_0` says 1.0 (DXC's default).
// A parse error is located at its position in the source: in the attribute's string token, or
// in the #define's body (with Clang's "expanded from macro" note when it came through a macro).
#pragma once

#include "core/dxil/rootsig/RootSignature.h"
#include "core/pipeline/CompileOptions.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sl {
namespace frontend {
struct FunctionDecl;
class PreprocessedUnit;
}  // namespace frontend

struct CompiledRootSignature {
  std::optional<dxil::rootsig::RootSignature> signature;  // nullopt: none given, or an error
  std::vector<uint8_t> serialized;                         // RTS0 payload when `signature` is set
  std::vector<Diagnostic> diagnostics;
};

// The version a compile serializes its root signature with.
dxil::rootsig::Version rootSignatureVersion(const CompileOptions& options);

// A shader compile: the entry's attribute or -rootsig-define (none: no signature, no error).
CompiledRootSignature entryRootSignature(const frontend::FunctionDecl* entry, const frontend::PreprocessedUnit& source,
                                         const CompileOptions& options);

// -T rootsig_1_x: the macro `name` must exist and expand to string literals.
CompiledRootSignature defineRootSignature(const std::string& name, const frontend::PreprocessedUnit& source,
                                          const CompileOptions& options);

}  // namespace sl
