// Choosing an instruction's handler at decode time: each family of instructions (Ops*.cpp)
// looks at the opcode and the types involved, picks a handler specialised for them and fills
// Inst::aux/aux2. A family returns false for opcodes that are not its own.
#pragma once

#include <string>

#include "interp/Module.h"

namespace sl::interp {

struct BindContext {
  Module& module;
  Function& function;
  Inst& inst;
  std::string error;  // set by a binder that rejects the instruction (decode fails with it)

  const Type& resultType() const { return module.type(inst.typeId); }
  // Operands past the instruction's own read as a literal 0 / no id: a module that was not
  // validated may have too few, and binding must not read another instruction's.
  uint32_t operandId(uint32_t i) const { return i < inst.operandCount ? function.operandIds[inst.firstOperand + i] : 0; }
  const Operand& operand(uint32_t i) const {
    static const Operand missing{0, Operand::kLiteral, 0};
    return i < inst.operandCount ? function.operands[inst.firstOperand + i] : missing;
  }
  // The type of operand i (0 for literals and non-values).
  uint32_t operandType(uint32_t i) const {
    const uint32_t id = operandId(i);
    return id < module.typeOf.size() ? module.typeOf[id] : 0;
  }
  // The literal (or constant scalar) value of operand i.
  bool constantU32(uint32_t i, uint32_t& out) const;
};

bool bindArithmetic(BindContext& context);  // OpsArithmetic.cpp: integer, float, logical, relational
bool bindConversion(BindContext& context);  // OpsConversion.cpp: conversions, bitcasts
bool bindComposite(BindContext& context);   // OpsComposite.cpp: construct/extract/insert/shuffle/select/copy, matrix
bool bindMemory(BindContext& context);      // OpsMemory.cpp: load/store/access chains/copy/array length
bool bindAtomic(BindContext& context);      // OpsAtomic.cpp
bool bindGlsl(BindContext& context);        // OpsGlsl.cpp: GLSL.std.450
bool bindSubgroup(BindContext& context);    // OpsSubgroup.cpp: OpGroupNonUniform*, derivatives
bool bindImage(BindContext& context);       // OpsImage.cpp: images, samplers, texel buffers
bool bindMisc(BindContext& context);        // OpsMisc.cpp: barriers, printf, nops

// The handler that reports an unimplemented instruction when it runs.
void unsupportedInstruction(SubgroupExec& exec, const Inst& inst);

// Binds `context.inst`: the first family that takes it, else unsupportedInstruction (noted in
// Module::unsupported). False with context.error when a family rejects it.
bool bindInstruction(BindContext& context);

}  // namespace sl::interp
