// Facts about shader stages and stage I/O shared by Sema and IR generation: stage names, and the
// bridge from front-end types to the signature library's component types.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Types.h"
#include "core/signature/SignatureTypes.h"

namespace sl::frontend {

// The DXIL component type of a scalar kind (min-precision and half map to 16-bit kinds only when
// `native16Bit`, i.e. -enable-16bit-types; otherwise half is 32-bit float).
signature::ComponentType componentTypeOf(ScalarKind kind, bool native16Bit);

// The signature points of an entry point's inputs and outputs.
signature::SignatureKind inputPointOf(ShaderStage stage);
signature::SignatureKind outputPointOf(ShaderStage stage);

}  // namespace sl::frontend
