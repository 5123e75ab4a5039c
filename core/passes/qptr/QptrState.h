// What the qptr passes hand to each other besides the IR itself: the layout configuration, the
// original SPIR-V facts that qptr.lower erases (storage classes, the pointee types of
// function-local variables and of fallback instructions' pointer operands) and the
// diagnostics. The IR keeps what should be printed (qptr ops, `qptr.usage`, `qptr.*` attrs).
#pragma once

#include "core/ir/Module.h"
#include "core/passes/qptr/QptrLayout.h"
#include "core/support/Diagnostic.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::qptr {

// A SPIR-V instruction qptr.lower left alone ("fallback"): which inputs were pointers to what,
// and the storage class / pointee of its pointer result (SPIR-T's to_spv_ptr_input /
// from_spv_ptr_output attributes).
struct FallbackInfo {
  std::vector<std::pair<uint32_t, ir::Type>> inputs;  // operand index, pointee type
  bool hasOutput = false;
  uint32_t outputStorageClass = 0;
  ir::Type outputPointee;
};

// How a matrix (or array of matrices) a qptr.load / qptr.store moves lies in memory, when its
// member said so: a RowMajor matrix spans MatrixStride x rows bytes, not x columns.
struct MatrixAccess {
  uint32_t stride = 0;
  bool rowMajor = false;
};

struct FunctionState {
  std::unordered_map<uint32_t, ir::Type> localTypes;  // FuncLocalVar inst -> original pointee
  std::unordered_map<uint32_t, MatrixAccess> matrixAccesses;  // qptr.load/store inst -> its matrix layout
  std::unordered_map<uint32_t, FallbackInfo> fallbacks;  // inst -> fallback info
};

struct GlobalState {
  uint32_t storageClass = 0;  // before lowering
  ir::Type refType;           // the SPIR-V pointer type before lowering
  enum class Shape : uint8_t { Handles, UntypedData, TypedInterface } shape = Shape::UntypedData;
};

struct QptrState {
  LayoutConfig layout;
  // qptr.lift rebuilds buffer Block structs from their usage (only the used byte ranges, explicit
  // Offset/ArrayStride), as SPIR-T does; false keeps every declared type.
  bool synthesizeBufferTypes = true;
  bool lowered = false;
  std::vector<GlobalState> globals;
  std::vector<FunctionState> functions;
  std::vector<Diagnostic> diagnostics;
};

// Adds an error to `state` and to `attrs` (as a `qptr.error` attribute, so it prints with the IR).
void reportError(QptrState& state, const ir::Module& module, ir::Attrs& attrs, const std::string& pass,
                 const std::string& message);
void reportWarning(QptrState& state, const ir::Module& module, ir::Attrs& attrs, const std::string& pass,
                   const std::string& message);
SourceLoc sourceLocOf(const ir::Module& module, const ir::DebugLoc& loc);

// Inserts `inst` into the block holding `before`, just before it; returns the new id.
ir::InstId insertBefore(ir::FunctionDef& fn, ir::InstId before, ir::InstDef inst);
// Removes `inst` from its block's list (the arena slot stays, unreferenced).
void detach(ir::FunctionDef& fn, ir::InstId inst);

bool isPointerType(const ir::Context& cx, ir::Type t);
bool isQptrType(const ir::Context& cx, ir::Type t);

}  // namespace sl::qptr
