// The signature tables of `dxc -Fc` / `dxc -Fo ... -Fc` disassembly, column for column:
//
//   ;
//   ; Input signature:
//   ;
//   ; Name                 Index   Mask Register SysValue  Format   Used
//   ; -------------------- ----- ------ -------- -------- ------- ------
//   ; SV_Position              0   xyzw        0      POS   float   xyzw
//   ; SV_SampleIndex           0    N/A  special   SAMPLE    uint     NO
//   ;
//
// Rows come from signatureTableRows() (container order). Columns are fixed width, so rows end
// with spaces where the Used mask has gaps, as DXC's do. "Used" is AlwaysReads for inputs and
// the written components (not NeverWrites) for outputs; unallocated rows say YES/NO.
#pragma once

#include <string>
#include <string_view>

#include "core/signature/Packing.h"
#include "core/signature/SignatureTable.h"

namespace sl::signature {

// One signature block, titled after the signature ("Input", "Output", "Patch Constant"), ending
// with ";" after the rows, or "; no parameters" when the signature is empty.
std::string printSignatureTable(const PackedSignature& signature);

// The input block followed by the output block, as they appear in a disassembly.
std::string printSignatureTables(const PackedSignature& inputs, const PackedSignature& outputs);

// One table line (without newline) for `row`; `input` selects how its mask is read.
std::string formatSignatureTableRow(const SignatureTableRow& row, bool input);

std::string_view systemValueColumnName(ContainerSystemValue value);     // "POS", "TARGET", ...
std::string_view componentTypeColumnName(ContainerComponentType type);  // "float", "fp16", ...

}  // namespace sl::signature
