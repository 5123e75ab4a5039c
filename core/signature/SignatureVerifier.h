// Checks a packed signature against DXC's validation rules for signature placement (the
// Meta.Signature* / Sm.PSTarget* rules of shared/design/dxil.md §7.1), independently of how it
// was packed. Used by the tests on every packing they produce, and by the back end before it
// writes metadata that DXC's validator would reject.
#pragma once

#include <vector>

#include "core/signature/Packing.h"

namespace sl::signature {

// Errors (code "verify-*") for: elements outside the 32 x 4 space or overlapping another
// element; two interpolation modes or data widths in one row; components out of the
// Arb < SV/ClipCull < SGV order; a system value in a row of a multi-row element; an SV_Target
// whose row is not its index or whose column is not 0; a placement on an element that must not
// be allocated; half-set sentinels.
std::vector<SignatureDiagnostic> verifySignature(const PackedSignature& signature);

}  // namespace sl::signature
