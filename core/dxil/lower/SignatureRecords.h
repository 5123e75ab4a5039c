// The packed signatures of a vertex/pixel entry (core/signature) in the forms the DXIL side
// writes: seed 0047's 13-operand !dx.semantic.signatures records (recorded interpolation modes,
// seed rule 3), DXC's dx.entryPoints elements (the mode the element is packed and interpolated
// with, which DXC records also for VS outputs) and the container's SignatureElementRecord
// (ISG1/OSG1/PSV0). One packing, several views: nothing here places elements.
//
// DXC's signature differs from the declaration-order one (`dxcSignature`):
//   * an array of SV_Target is one element per render target (`float4 t[2] : SV_Target1` gives
//     SV_Target1 and SV_Target2, each one row with its own semantic index and register; DXC's
//     ScalarReplAggregatesHLSL "Flatten array of SV_Target"). Other arrays, system values
//     (SV_ClipDistance) and arbitrary semantics alike, stay one multi-row element;
//   * NotInSig inputs (PS SV_Coverage / SV_InnerCoverage, read with dx.op.coverage /
//     innerCoverage) are no elements at all (DXC's HLSignatureLower never adds them).
// Element IDs are positions in DXC's lists; the llvm stage's llvm.dx.load.input/store.output keep
// the declaration-order SigIds (seed 0047: the packer never inserts or removes), and
// DxilStageIOLowering maps them to DXC's IDs with `DxcSignature::fromSeed`.
#pragma once

#include "core/dxil/container/ContainerParts.h"
#include "core/signature/MetadataRecord.h"
#include "core/signature/Packing.h"

#include <cstdint>
#include <vector>

namespace sl::dxil {

struct DxcSignature {
  // DXC's elements, sigId = position; placement and masks copied from the packing.
  signature::PackedSignature packed;
  // One entry per declaration-order element (seed SigId): the DXC element its row 0 became
  // (-1: not in DXC's signature), and whether each of its rows is a separate element (then row r
  // is element first + r, row 0).
  struct FromSeed {
    int32_t first = -1;
    bool splitRows = false;
  };
  std::vector<FromSeed> fromSeed;
};

DxcSignature dxcSignature(const signature::PackedSignature& packed);

std::vector<signature::SignatureMetadataRecord> seedSignatureRecords(const signature::PackedSignature& packed);
// Pass DXC's view (dxcSignature(...).packed) for DXC's records.
std::vector<signature::SignatureMetadataRecord> dxcSignatureRecords(const signature::PackedSignature& packed);
std::vector<SignatureElementRecord> containerSignatureRecords(const signature::PackedSignature& packed);

}  // namespace sl::dxil
