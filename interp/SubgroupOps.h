// What other instruction families need from the subgroup family (OpsSubgroup.cpp): derivatives
// across a quad, for implicit-LOD image sampling in compute shaders with a derivative group.
#pragma once

#include <cstdint>

#include "interp/OpsCommon.h"

namespace sl::interp {

enum class QuadDerivativeStatus {
  Ok,                 // dx and dy hold the fine derivatives (OpDPdx / OpDPdy)
  Incomplete,         // the lane's pair in its quad is inactive or absent: dx, dy are 0 (warned)
  NoDerivativeGroup,  // a compute entry point without DerivativeGroupQuadsNV/LinearNV: dx, dy are 0
};

// Derivatives of a float scalar or vector (`components` components of type `scalar`: F16, F32
// or F64) for `lane`, from the values of its quad's lanes in `values` (lane l's value at
// values.at(l); an operand Ref or any per-lane scratch with a stride). Computed as OpDPdx and
// OpDPdy are (fine: the lane's own row and column), in the value's precision, into floats.
// Warns at `inst` when the quad is not fully active (undefined in non-uniform control flow).
QuadDerivativeStatus quadDerivatives(SubgroupExec& exec, const Inst& inst, const Ref& values, Scalar scalar, uint32_t components,
                                     uint32_t lane, float* dx, float* dy);

}  // namespace sl::interp
