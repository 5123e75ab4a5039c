// The DXIL operations the validator knows: opcode -> DXC's op name, the dx.op function class
// name, the minimum shader model (6.x) and the stages that may call it (DXC's op definitions in
// utils/hct/hctdb.py, restated for the ops 0-140, 216-218 and 224 that cover what we emit).
#pragma once

#include <cstdint>
#include <string_view>

namespace sl::dxil::validate {

enum StageMask : uint8_t { kCS = 1, kVS = 2, kPS = 4, kOther = 8, kAll = 0xFF };

struct DxilOpInfo {
  uint32_t opcode;
  const char* name;       // DXC's op name, "LoadInput"
  const char* function;   // the dx.op function class, "loadInput" -> dx.op.loadInput.<overload>
  uint32_t minMinor;      // minimum shader model 6.<minMinor>
  uint8_t stages;         // StageMask bits; kAll: every stage
  const char* overloads;  // comma-separated overload suffixes; "" for ops without one
};

// nullptr for an opcode the table does not have.
const DxilOpInfo* findDxilOp(uint32_t opcode);

// StageMask bit of a !dx.shaderModel kind ("cs" -> kCS); kOther for the rest.
uint8_t stageBit(std::string_view kind);

}  // namespace sl::dxil::validate
