// The packed signatures of a vertex/pixel entry (core/signature) in the three forms the DXIL side
// writes: seed 0047's 13-operand !dx.semantic.signatures records (recorded interpolation modes,
// seed rule 3), DXC's dx.entryPoints elements (the mode the element is packed and interpolated
// with, which DXC records also for VS outputs) and the container's SignatureElementRecord
// (ISG1/OSG1/PSV0). One packing, three views: nothing here places elements.
#pragma once

#include "core/dxil/ContainerParts.h"
#include "core/signature/MetadataRecord.h"
#include "core/signature/Packing.h"

#include <vector>

namespace sl::dxil {

std::vector<signature::SignatureMetadataRecord> seedSignatureRecords(const signature::PackedSignature& packed);
std::vector<signature::SignatureMetadataRecord> dxcSignatureRecords(const signature::PackedSignature& packed);
std::vector<SignatureElementRecord> containerSignatureRecords(const signature::PackedSignature& packed);

}  // namespace sl::dxil
