// Composites in register form (members packed in order, matrices column by column): construct,
// extract, insert, shuffle, select, copies, and the vector/matrix products.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

void construct(SubgroupExec& exec, const Inst& inst) {
  const Ref r = exec.result(inst);
  uint32_t at = 0;
  for (uint32_t i = 0; i < inst.operandCount; ++i) {
    const Ref part = exec.operand(inst, i);
    const uint32_t size = exec.rawOperand(inst, i).size;
    forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane) + at, part.at(lane), size); });
    at += size;
  }
}

// aux: byte offset of the extracted part.
void extract(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t offset = inst.aux, size = inst.result.stride;
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane) + offset, size); });
}
template <uint32_t Size>
void extractFixed(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t offset = inst.aux;
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane) + offset, Size); });
}

// aux: byte offset; aux2: size of the inserted object.
void insert(SubgroupExec& exec, const Inst& inst) {
  const Ref object = exec.operand(inst, 0), composite = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t offset = inst.aux, size = inst.aux2, total = inst.result.stride;
  forActive(exec, [&](uint32_t lane) {
    std::memmove(r.at(lane), composite.at(lane), total);
    std::memcpy(r.at(lane) + offset, object.at(lane), size);
  });
}

uint64_t readIndex(const uint8_t* p, uint32_t size, bool isSigned, bool& negative) {
  uint64_t v = 0;
  std::memcpy(&v, p, size);
  negative = false;
  if (isSigned && size < 8 && (v >> (size * 8 - 1)) & 1) negative = true;
  if (isSigned && size == 8 && int64_t(v) < 0) negative = true;
  return v;
}

// aux: component size; aux2: component count | index size << 8 | signed << 16.
void extractDynamic(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), index = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t size = inst.aux, count = inst.aux2 & 0xff, indexSize = (inst.aux2 >> 8) & 0xff;
  const bool isSigned = inst.aux2 >> 16;
  forActive(exec, [&](uint32_t lane) {
    bool negative = false;
    const uint64_t i = readIndex(index.at(lane), indexSize, isSigned, negative);
    if (negative || i >= count) {
      exec.warning(inst, lane, "vector index " + std::to_string(int64_t(i)) + " is out of range (undefined; the CPU device gives 0)", 21);
      std::memset(r.at(lane), 0, size);
      return;
    }
    std::memcpy(r.at(lane), a.at(lane) + i * size, size);
  });
}
void insertDynamic(SubgroupExec& exec, const Inst& inst) {
  const Ref vector = exec.operand(inst, 0), component = exec.operand(inst, 1), index = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t size = inst.aux, count = inst.aux2 & 0xff, indexSize = (inst.aux2 >> 8) & 0xff;
  const bool isSigned = inst.aux2 >> 16;
  forActive(exec, [&](uint32_t lane) {
    std::memmove(r.at(lane), vector.at(lane), size_t(size) * count);
    bool negative = false;
    const uint64_t i = readIndex(index.at(lane), indexSize, isSigned, negative);
    if (negative || i >= count) {
      exec.warning(inst, lane, "vector index " + std::to_string(int64_t(i)) + " is out of range (undefined; the CPU device ignores the write)", 21);
      return;
    }
    std::memcpy(r.at(lane) + i * size, component.at(lane), size);
  });
}

// aux: component size; aux2: components of the first vector. Literal ~0u: undefined (zero).
void shuffle(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t size = inst.aux, first = inst.aux2, n = inst.operandCount - 2;
  const bool aliases = r.base == a.base || r.base == b.base;
  uint8_t scratch[16 * 8];
  forActive(exec, [&](uint32_t lane) {
    uint8_t* out = aliases ? scratch : r.at(lane);
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t c = exec.literal(inst, 2 + k);
      if (c == ~0u) std::memset(out + k * size, 0, size);
      else if (c < first) std::memcpy(out + k * size, a.at(lane) + c * size, size);
      else std::memcpy(out + k * size, b.at(lane) + (c - first) * size, size);
    }
    if (aliases) std::memcpy(r.at(lane), scratch, size_t(n) * size);
  });
}

void copy(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t size = inst.result.stride;
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane), size); });
}

// aux: 0 for a scalar condition, else the component count; aux2: component size.
void select(SubgroupExec& exec, const Inst& inst) {
  const Ref condition = exec.operand(inst, 0), a = exec.operand(inst, 1), b = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t size = inst.result.stride, components = inst.aux, componentSize = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    if (components == 0) {
      std::memcpy(r.at(lane), (*condition.at(lane) ? a : b).at(lane), size);
      return;
    }
    for (uint32_t k = 0; k < components; ++k)
      std::memcpy(r.at(lane) + k * componentSize, (condition.at(lane)[k] ? a : b).at(lane) + k * componentSize, componentSize);
  });
}

// ---- vector and matrix products (register form: column-major, columns packed) ---------------

template <class T>
using Compute = std::conditional_t<std::is_same_v<T, Half>, float, T>;
template <class T>
constexpr uint32_t sizeOf() { return std::is_same_v<T, Half> ? 2 : sizeof(T); }
template <class T>
Compute<T> get(const uint8_t* p, uint32_t i) { return Compute<T>(loadValue<T>(p + i * sizeOf<T>())); }
template <class T>
void put(uint8_t* p, uint32_t i, Compute<T> v) {
  if constexpr (std::is_same_v<T, Half>) storeValue(p + i * 2, Half(v));
  else store<T>(p + i * sizeof(T), v);
}

// aux: rows (components of a column or vector); aux2: columns.
template <class T>
void dot(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    Compute<T> sum = 0;
    for (uint32_t k = 0; k < n; ++k) sum += get<T>(a.at(lane), k) * get<T>(b.at(lane), k);
    put<T>(r.at(lane), 0, sum);
  });
}
template <class T>
void timesScalar(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), s = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux * inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    const Compute<T> scalar = get<T>(s.at(lane), 0);
    for (uint32_t k = 0; k < n; ++k) put<T>(r.at(lane), k, get<T>(a.at(lane), k) * scalar);
  });
}
// Vector (rows) x matrix (columns of rows) -> vector of columns.
template <class T>
void vectorTimesMatrix(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 0), m = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t rows = inst.aux, columns = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    Compute<T> out[16];
    for (uint32_t c = 0; c < columns; ++c) {
      Compute<T> sum = 0;
      for (uint32_t k = 0; k < rows; ++k) sum += get<T>(v.at(lane), k) * get<T>(m.at(lane), c * rows + k);
      out[c] = sum;
    }
    for (uint32_t c = 0; c < columns; ++c) put<T>(r.at(lane), c, out[c]);
  });
}
// Matrix (columns of rows) x vector (columns) -> vector of rows.
template <class T>
void matrixTimesVector(SubgroupExec& exec, const Inst& inst) {
  const Ref m = exec.operand(inst, 0), v = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t rows = inst.aux, columns = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    Compute<T> out[16];
    for (uint32_t k = 0; k < rows; ++k) {
      Compute<T> sum = 0;
      for (uint32_t c = 0; c < columns; ++c) sum += get<T>(m.at(lane), c * rows + k) * get<T>(v.at(lane), c);
      out[k] = sum;
    }
    for (uint32_t k = 0; k < rows; ++k) put<T>(r.at(lane), k, out[k]);
  });
}
// A (inner columns of `rows`) x B (columns of inner) -> result (columns of rows).
// aux: rows | inner << 8; aux2: result columns.
template <class T>
void matrixTimesMatrix(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t rows = inst.aux & 0xff, inner = inst.aux >> 8, columns = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    Compute<T> out[16 * 16];
    for (uint32_t c = 0; c < columns; ++c)
      for (uint32_t k = 0; k < rows; ++k) {
        Compute<T> sum = 0;
        for (uint32_t i = 0; i < inner; ++i) sum += get<T>(a.at(lane), i * rows + k) * get<T>(b.at(lane), c * inner + i);
        out[c * rows + k] = sum;
      }
    for (uint32_t i = 0; i < rows * columns; ++i) put<T>(r.at(lane), i, out[i]);
  });
}
// Column vector (rows) x row vector (columns) -> matrix.
template <class T>
void outerProduct(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t rows = inst.aux, columns = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t c = 0; c < columns; ++c)
      for (uint32_t k = 0; k < rows; ++k) put<T>(r.at(lane), c * rows + k, get<T>(a.at(lane), k) * get<T>(b.at(lane), c));
  });
}
// aux: component size; aux2: rows of the operand | columns << 8.
void transpose(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t size = inst.aux, rows = inst.aux2 & 0xff, columns = inst.aux2 >> 8;
  forActive(exec, [&](uint32_t lane) {
    uint8_t out[16 * 16 * 8];
    for (uint32_t c = 0; c < columns; ++c)
      for (uint32_t k = 0; k < rows; ++k) std::memcpy(out + (k * columns + c) * size, a.at(lane) + (c * rows + k) * size, size);
    std::memcpy(r.at(lane), out, size_t(rows) * columns * size);
  });
}

// The handler template `name` instantiated for the float type of `width` bits.
#define SL_BY_FLOAT(name, width) withFloat(width, []<class T>() -> Handler { return name<T>; })

// Byte offset of the member a chain of literal indices selects, and its type.
bool offsetOf(const Module& m, uint32_t type, const BindContext& c, uint32_t first, uint32_t& offset, uint32_t& memberType) {
  offset = 0;
  for (uint32_t i = first; i < c.inst.operandCount; ++i) {
    const Type& t = m.type(type);
    const uint32_t index = c.operand(i).value;
    if (t.kind == TypeKind::Struct) {
      if (index >= t.members.size()) return false;
      for (uint32_t j = 0; j < index; ++j) offset += m.type(t.members[j]).size;
      type = t.members[index];
    } else if (t.kind == TypeKind::Vector || t.kind == TypeKind::Matrix || t.kind == TypeKind::Array) {
      if (index >= t.count) return false;
      type = t.element;
      offset += index * m.type(type).size;
    } else {
      return false;
    }
  }
  memberType = type;
  return true;
}

}  // namespace

bool bindComposite(BindContext& c) {
  Inst& inst = c.inst;
  const Module& m = c.module;
  const auto op = spv::Op(inst.opcode);
  auto floatWidth = [&](uint32_t type) { return intWidth(scalarOf(m, type)); };
  switch (op) {
    case spv::OpCompositeConstruct:
      inst.handler = construct;
      return true;
    case spv::OpCompositeExtract: {
      uint32_t offset = 0, member = 0;
      if (!offsetOf(m, c.operandType(0), c, 1, offset, member)) {
        c.error = "OpCompositeExtract index out of range";
        return false;
      }
      inst.aux = offset;
      const uint32_t size = m.type(inst.typeId).size;
      inst.handler = size == 4 ? extractFixed<4> : size == 8 ? extractFixed<8> : size == 1 ? extractFixed<1> : size == 2 ? extractFixed<2> : extract;
      return true;
    }
    case spv::OpCompositeInsert: {
      uint32_t offset = 0, member = 0;
      if (!offsetOf(m, c.operandType(1), c, 2, offset, member)) {
        c.error = "OpCompositeInsert index out of range";
        return false;
      }
      inst.aux = offset;
      inst.aux2 = m.type(member).size;
      inst.handler = insert;
      return true;
    }
    case spv::OpVectorExtractDynamic:
    case spv::OpVectorInsertDynamic: {
      const Type& vector = m.type(c.operandType(0));
      const Type& index = m.type(c.operandType(op == spv::OpVectorExtractDynamic ? 1 : 2));
      inst.aux = m.type(vector.element).size;
      inst.aux2 = vector.count | (index.size << 8) | (uint32_t(index.isSigned) << 16);
      inst.handler = op == spv::OpVectorExtractDynamic ? extractDynamic : insertDynamic;
      return true;
    }
    case spv::OpVectorShuffle: {
      const Type& first = m.type(c.operandType(0));
      inst.aux = m.type(m.type(inst.typeId).element).size;
      inst.aux2 = first.count;
      inst.handler = shuffle;
      return true;
    }
    case spv::OpCopyObject:
    case spv::OpCopyLogical:
      inst.handler = copy;
      return true;
    case spv::OpSelect: {
      const Type& condition = m.type(c.operandType(0));
      const Type& result = m.type(inst.typeId);
      inst.aux = condition.kind == TypeKind::Vector ? condition.count : 0;
      inst.aux2 = inst.aux ? m.type(result.element).size : 0;
      inst.handler = select;
      return true;
    }
    case spv::OpDot:
      inst.aux = m.type(c.operandType(0)).count;
      inst.handler = SL_BY_FLOAT(dot, floatWidth(inst.typeId));
      return true;
    case spv::OpVectorTimesScalar:
    case spv::OpMatrixTimesScalar: {
      const Type& t = m.type(inst.typeId);
      inst.aux = t.components;
      inst.aux2 = 1;
      inst.handler = SL_BY_FLOAT(timesScalar, floatWidth(inst.typeId));
      return true;
    }
    case spv::OpVectorTimesMatrix: {
      const Type& matrix = m.type(c.operandType(1));
      inst.aux = m.type(matrix.element).count;
      inst.aux2 = matrix.count;
      inst.handler = SL_BY_FLOAT(vectorTimesMatrix, floatWidth(inst.typeId));
      return true;
    }
    case spv::OpMatrixTimesVector: {
      const Type& matrix = m.type(c.operandType(0));
      inst.aux = m.type(matrix.element).count;
      inst.aux2 = matrix.count;
      inst.handler = SL_BY_FLOAT(matrixTimesVector, floatWidth(inst.typeId));
      return true;
    }
    case spv::OpMatrixTimesMatrix: {
      const Type& a = m.type(c.operandType(0));
      const Type& result = m.type(inst.typeId);
      inst.aux = m.type(a.element).count | a.count << 8;
      inst.aux2 = result.count;
      inst.handler = SL_BY_FLOAT(matrixTimesMatrix, floatWidth(inst.typeId));
      return true;
    }
    case spv::OpOuterProduct: {
      const Type& result = m.type(inst.typeId);
      inst.aux = m.type(result.element).count;
      inst.aux2 = result.count;
      inst.handler = SL_BY_FLOAT(outerProduct, floatWidth(inst.typeId));
      return true;
    }
    case spv::OpTranspose: {
      const Type& matrix = m.type(c.operandType(0));
      const Type& column = m.type(matrix.element);
      inst.aux = m.type(column.element).size;
      inst.aux2 = column.count | matrix.count << 8;
      inst.handler = transpose;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace sl::interp
