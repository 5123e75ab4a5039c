// Vertex/pixel stage I/O: load.input / store.output per signature element row, and the
// !dx.semantic.signatures table (Emitter.h, StageIO.h).
#include "core/dxil/emit/Emitter.h"

#include "core/signature/MetadataRecord.h"

namespace sl::dxil::emit {

// ------------------------------------------------------------------ vertex/pixel stage I/O

// How a stage variable's value lays out over its element's rows and columns. The value is
// `units` units (array elements, or the value itself) of `width` components each:
//   Direct      unit u is row u (arrays, matrices written row by row, scalars and vectors)
//   Columns     a scalar array spread over one row (clip/cull distances, SV_Coverage's uint[1])
//   Transposed  unit u is column u (column-major matrices: the IR value holds HLSL rows as its
//               units, the element one register row per matrix column, so m[r][c] is row c,
//               component r; also a vector spread down one column: a column-major 1xN or a
//               row-major Nx1 matrix)
// A column-major matrix is always Transposed, also when it is square and the shapes agree.
struct Emitter::StageShape {
  enum Kind { Direct, Columns, Transposed } kind = Direct;
  bool array = false;
  uint32_t units = 1, width = 1;
  llvm::Type* unitType = nullptr;
  llvm::Type* scalar = nullptr;  // as the value holds it (i1 for bool)
  llvm::Type* ioScalar = nullptr;  // as load.input/store.output carry it (bool -> i32, min precision -> 16 bits)
  bool signedInt = false;          // min16int: sign-extended when read
  uint32_t sigId = 0, rows = 1, cols = 1;
  // Value -> carried form and back.
  llvm::Value* toIO(llvm::IRBuilder<>& b, llvm::Value* v, uint32_t n) const {
    if (scalar == ioScalar) return v;
    llvm::Type* t = rowType(n, true);
    if (scalar->isIntegerTy(1)) return b.CreateZExt(v, t);
    if (scalar->isFloatTy()) return b.CreateFPTrunc(v, t);
    return b.CreateTrunc(v, t);
  }
  llvm::Value* fromIO(llvm::IRBuilder<>& b, llvm::Value* v, uint32_t n) const {
    if (scalar == ioScalar) return v;
    llvm::Type* t = rowType(n, false);
    if (scalar->isIntegerTy(1)) return b.CreateICmpNE(v, llvm::Constant::getNullValue(v->getType()));
    if (scalar->isFloatTy()) return b.CreateFPExt(v, t);
    return signedInt ? b.CreateSExt(v, t) : b.CreateZExt(v, t);
  }
  llvm::Type* rowType(uint32_t n, bool io) const {
    llvm::Type* t = io ? ioScalar : scalar;
    return n == 1 ? t : (llvm::Type*)llvm::FixedVectorType::get(t, n);
  }
};

bool Emitter::stageShape(const StageVariable& var, llvm::Type* valueType, StageShape& shape, DebugLoc loc) {
  const signature::PackedSignature& sig = var.output ? *opts_.signatures.outputs : *opts_.signatures.inputs;
  const signature::SignatureElement& e = sig.elements[var.element];
  shape.sigId = e.sigId;
  shape.rows = e.rows;
  shape.cols = e.cols;
  shape.unitType = valueType;
  if (auto* at = llvm::dyn_cast<llvm::ArrayType>(valueType)) {
    shape.array = true;
    shape.units = uint32_t(at->getNumElements());
    shape.unitType = at->getElementType();
  }
  if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(shape.unitType)) shape.width = vt->getNumElements();
  shape.scalar = shape.unitType->getScalarType();
  shape.ioScalar = shape.scalar->isIntegerTy(1) ? b_.getInt32Ty() : shape.scalar;
  // Min-precision elements (min16float/min16int/min16uint: 32-bit in our IR, 16-bit in the
  // signature) travel with the 16-bit overload, as DXC's loadInput.f16/i16 do.
  using CT = signature::ComponentType;
  if (shape.scalar->isFloatTy() && e.compType == CT::F16) shape.ioScalar = b_.getHalfTy();
  if (shape.scalar->isIntegerTy(32) && (e.compType == CT::I16 || e.compType == CT::U16)) shape.ioScalar = b_.getInt16Ty();
  shape.signedInt = e.compType == CT::I16;
  const bool scalarOk = shape.scalar->isFloatTy() || shape.scalar->isHalfTy() || shape.scalar->isIntegerTy(32) ||
                        shape.scalar->isIntegerTy(16) || shape.scalar->isIntegerTy(1);
  if (!scalarOk || shape.unitType->isAggregateType()) {
    error(loc, "shader input/output '" + e.semanticName + "' has a type with no DXIL signature form "
               "(loadInput/storeOutput carry 16/32-bit scalars and vectors)");
    return false;
  }
  if (e.columnMajorMatrix && shape.array) {
    if (shape.width == e.rows && shape.units == e.cols) shape.kind = StageShape::Transposed;
    else {
      error(loc, "shader input/output '" + e.semanticName + "' (" + std::to_string(shape.units) + " x " +
                     std::to_string(shape.width) + " column-major matrix) does not match its signature element (" +
                     std::to_string(e.rows) + " rows x " + std::to_string(unsigned(e.cols)) + " columns)");
      return false;
    }
  } else if (shape.units == e.rows && shape.width == e.cols) shape.kind = StageShape::Direct;
  // A system-value variable wider than the declared element (FragCoord for a float2 SV_Position):
  // only the element's columns are read (the rest are zero) or written.
  else if (!shape.array && e.rows == 1 && shape.width > e.cols) shape.kind = StageShape::Direct;
  else if (shape.array && shape.width == 1 && e.rows == 1 && shape.units == e.cols) shape.kind = StageShape::Columns;
  else if (shape.array && shape.width == e.rows && shape.units == e.cols) shape.kind = StageShape::Transposed;
  else if (!shape.array && e.cols == 1 && e.rows > 1 && shape.width == e.rows) shape.kind = StageShape::Transposed;
  else {
    error(loc, "shader input/output '" + e.semanticName + "' (" + std::to_string(shape.units) + " x " +
                   std::to_string(shape.width) + " components) does not match its signature element (" +
                   std::to_string(e.rows) + " rows x " + std::to_string(unsigned(e.cols)) + " columns)");
    return false;
  }
  return true;
}

llvm::Value* Emitter::loadStageInput(const StageVariable& var, llvm::Type* valueType, DebugLoc loc) {
  StageShape s;
  if (!valueType || !stageShape(var, valueType, s, loc)) return nullptr;
  // One call per element row, as upstream's entry wrapper emits them.
  std::vector<llvm::Value*> rows;
  for (uint32_t r = 0; r < s.rows; ++r) {
    llvm::Type* rt = s.rowType(s.cols, true);
    llvm::Value* row = b_.CreateCall(decl(dxi::kLoadInput, rt, {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), b_.getInt32Ty()},
                                          mangleTypeSuffix(rt)),
                                     {b_.getInt32(s.sigId), b_.getInt32(r), b_.getInt8(0), llvm::PoisonValue::get(b_.getInt32Ty())});
    rows.push_back(s.fromIO(b_, row, s.cols));
  }
  auto component = [&](llvm::Value* row, uint32_t c) {
    return row->getType()->isVectorTy() ? b_.CreateExtractElement(row, b_.getInt32(c)) : row;
  };
  auto unit = [&](uint32_t u) -> llvm::Value* {
    switch (s.kind) {
      case StageShape::Direct: {
        if (s.width == s.cols) return rows[u];
        llvm::Value* v = llvm::Constant::getNullValue(s.unitType);
        for (uint32_t c = 0; c < s.cols; ++c) v = b_.CreateInsertElement(v, component(rows[u], c), b_.getInt32(c));
        return v;
      }
      case StageShape::Columns: return component(rows[0], u);
      case StageShape::Transposed: {
        llvm::Value* v = llvm::PoisonValue::get(s.unitType);
        for (uint32_t c = 0; c < s.width; ++c) v = b_.CreateInsertElement(v, component(rows[c], u), b_.getInt32(c));
        return v;
      }
    }
    return nullptr;
  };
  if (!s.array) return unit(0);
  llvm::Value* agg = llvm::PoisonValue::get(valueType);
  for (uint32_t u = 0; u < s.units; ++u) agg = b_.CreateInsertValue(agg, unit(u), {u});
  return agg;
}

void Emitter::storeStageOutput(const StageVariable& var, llvm::Value* value, DebugLoc loc) {
  StageShape s;
  if (!stageShape(var, value->getType(), s, loc)) return;
  auto unit = [&](uint32_t u) { return s.array ? b_.CreateExtractValue(value, {u}) : value; };
  auto component = [&](llvm::Value* v, uint32_t c) {
    return v->getType()->isVectorTy() ? b_.CreateExtractElement(v, b_.getInt32(c)) : v;
  };
  for (uint32_t r = 0; r < s.rows; ++r) {
    llvm::Value* row = nullptr;
    switch (s.kind) {
      case StageShape::Direct:
        row = unit(r);
        if (s.width != s.cols) {
          llvm::SmallVector<int, 4> first;
          for (uint32_t c = 0; c < s.cols; ++c) first.push_back(int(c));
          row = s.cols == 1 ? b_.CreateExtractElement(row, b_.getInt32(0)) : b_.CreateShuffleVector(row, first);
        }
        break;
      case StageShape::Columns:
      case StageShape::Transposed: {
        if (s.cols == 1) {
          row = component(unit(0), s.kind == StageShape::Columns ? 0 : r);
          break;
        }
        row = llvm::PoisonValue::get(s.rowType(s.cols, false));
        for (uint32_t c = 0; c < s.cols; ++c)
          row = b_.CreateInsertElement(row, component(unit(c), s.kind == StageShape::Columns ? 0 : r), b_.getInt32(c));
        break;
      }
    }
    llvm::Type* rt = s.rowType(s.cols, true);
    row = s.toIO(b_, row, s.cols);
    b_.CreateCall(decl(dxi::kStoreOutput, b_.getVoidTy(), {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), rt},
                       mangleTypeSuffix(rt)),
                  {b_.getInt32(s.sigId), b_.getInt32(r), b_.getInt8(0), row});
  }
}

llvm::Value* Emitter::accessStagePart(const SymbolicPtr& p, llvm::Type* partType, llvm::Value* value, DebugLoc loc) {
  auto it = stageIO_.globals.find(p.builtin);
  if (it == stageIO_.globals.end()) return nullptr;
  const StageVariable& var = it->second;
  if (var.output != (value != nullptr)) {
    error(loc, value ? "a store to a shader input" : "a shader output is read back; DXIL outputs are write-only");
    return nullptr;
  }
  StageShape s;
  llvm::Type* whole = type(ir_.globals[p.builtin].type);
  if (!whole || !stageShape(var, whole, s, loc)) return nullptr;
  auto constantOf = [&](llvm::Value* v, const char* what) -> std::optional<uint32_t> {
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return uint32_t(c->getZExtValue());
    error(loc, std::string("a dynamic ") + what + " index into shader input/output has no DXIL form here");
    return std::nullopt;
  };
  // The (row, first column, width) pieces this part covers, in the part's component order.
  struct Piece {
    llvm::Value* row;
    uint32_t col;
    uint32_t width;
  };
  std::vector<Piece> pieces;
  std::optional<uint32_t> comp;
  if (p.component) {
    comp = constantOf(p.component, "component");
    if (!comp) return nullptr;
  }
  switch (s.kind) {
    case StageShape::Direct: {
      llvm::Value* row = p.index ? p.index : b_.getInt32(0);
      if ((comp && *comp >= s.cols) || (!comp && s.width != s.cols)) {
        error(loc, "part of a shader input/output outside its signature element's columns");
        return nullptr;
      }
      if (comp) pieces.push_back({row, *comp, 1});
      else pieces.push_back({row, 0, s.cols});
      break;
    }
    case StageShape::Columns: {
      std::optional<uint32_t> u = p.index ? constantOf(p.index, "array") : std::optional<uint32_t>(0);
      if (!u) return nullptr;
      if (p.index) pieces.push_back({b_.getInt32(0), *u, 1});
      else pieces.push_back({b_.getInt32(0), 0, s.cols});
      break;
    }
    case StageShape::Transposed: {
      if (!s.array) {  // a vector down one column: component c is row c
        if (comp) pieces.push_back({b_.getInt32(*comp), 0, 1});
        else
          for (uint32_t r = 0; r < s.rows; ++r) pieces.push_back({b_.getInt32(r), 0, 1});
        break;
      }
      std::optional<uint32_t> u = p.index ? constantOf(p.index, "matrix") : std::nullopt;
      if (!u) {
        if (!p.index) error(loc, "a whole column-major matrix through an access chain has no DXIL form here");
        return nullptr;
      }
      if (comp) pieces.push_back({b_.getInt32(*comp), *u, 1});
      else
        for (uint32_t r = 0; r < s.rows; ++r) pieces.push_back({b_.getInt32(r), *u, 1});
      break;
    }
  }
  llvm::Value* result = llvm::PoisonValue::get(partType);
  uint32_t at = 0;
  for (const Piece& piece : pieces) {
    llvm::Type* ioType = s.rowType(piece.width, true);
    llvm::Value* args[] = {b_.getInt32(s.sigId), piece.row, b_.getInt8(uint8_t(piece.col)), nullptr};
    if (value) {
      llvm::Value* x = value;
      if (pieces.size() > 1) x = b_.CreateExtractElement(value, b_.getInt32(at));
      args[3] = s.toIO(b_, x, piece.width);
      b_.CreateCall(decl(dxi::kStoreOutput, b_.getVoidTy(), {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), ioType},
                         mangleTypeSuffix(ioType)),
                    args);
    } else {
      args[3] = llvm::PoisonValue::get(b_.getInt32Ty());
      llvm::Value* x = b_.CreateCall(decl(dxi::kLoadInput, ioType, {b_.getInt32Ty(), b_.getInt32Ty(), b_.getInt8Ty(), b_.getInt32Ty()},
                                          mangleTypeSuffix(ioType)),
                                     args);
      x = s.fromIO(b_, x, piece.width);
      result = pieces.size() > 1 ? b_.CreateInsertElement(result, x, b_.getInt32(at)) : x;
    }
    at += piece.width;
  }
  return value ? nullptr : result;
}

llvm::Value* Emitter::derivative(std::string_view name, llvm::Value* x) {
  return b_.CreateCall(decl(name, x->getType(), {x->getType()}, mangleTypeSuffix(x->getType())), {x});
}

// !dx.semantic.signatures = !{!{ptr @entry, !inputs|null, !outputs|null}} with seed 0047's
// 13-operand elements (recorded interpolation modes), as upstream Clang emits it.
void Emitter::emitSemanticSignatures() {
  if (!entry_) return;
  auto i32 = [&](uint32_t v) { return llvm::ConstantAsMetadata::get(b_.getInt32(v)); };
  auto i8 = [&](int8_t v) { return llvm::ConstantAsMetadata::get(b_.getInt8(uint8_t(v))); };
  auto list = [&](const signature::PackedSignature& sig) -> llvm::Metadata* {
    if (sig.elements.empty()) return nullptr;
    std::vector<llvm::Metadata*> elements;
    for (size_t i = 0; i < sig.elements.size(); ++i) {
      const signature::SignatureMetadataRecord r = signature::metadataRecord(sig, i);
      std::vector<llvm::Metadata*> indices;
      for (uint32_t x : r.semanticIndices) indices.push_back(i32(x));
      elements.push_back(llvm::MDNode::get(
          ctx_, {i32(r.sigId), llvm::MDString::get(ctx_, r.name), i32(r.compType), i32(r.semanticKind),
                 llvm::MDNode::get(ctx_, indices), i32(r.interpMode), i32(r.rows), i8(r.cols), i32(uint32_t(r.startRow)),
                 i8(r.startCol), i8(r.usageMask), i8(r.dynIndexMask), i32(r.gsStream)}));
    }
    return llvm::MDNode::get(ctx_, elements);
  };
  llvm::Metadata* in = list(*opts_.signatures.inputs);
  llvm::Metadata* out = list(*opts_.signatures.outputs);
  if (!in && !out) return;  // the seed omits the table when no entry has a signature
  m_->getOrInsertNamedMetadata("dx.semantic.signatures")
      ->addOperand(llvm::MDNode::get(ctx_, {llvm::ValueAsMetadata::get(entry_), in, out}));
}

}  // namespace sl::dxil::emit
