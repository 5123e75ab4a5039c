// Texture2DMS[Array]::GetSamplePosition(index): Vulkan has no query for sample positions, so, as
// DXC does, the result comes from the standard D3D sample patterns (1, 2, 4, 8 and 16 samples;
// the values are the D3D11 specification's, in pixels from the pixel centre), chosen by the
// image's sample count (OpImageQuerySamples). Unlike DXC's chain of ifs over one table per count,
// this is one constant table of all patterns and a select chain computing the entry, so there is
// no control flow and every access stays in bounds: an unknown count or an index past the count
// reads the final (0, 0) entry, which is also what D3D returns for those.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Operand;
using ir::Value;

namespace {

struct Pattern {
  uint32_t count;
  uint32_t first;  // index of its first position in kPositions
};
constexpr Pattern kPatterns[] = {{2, 0}, {4, 2}, {8, 6}, {16, 14}};
constexpr uint32_t kZeroEntry = 30;

// Sixteenths of a pixel: 2, 4, 8 and 16 samples, then the zero entry.
constexpr int kPositions[kZeroEntry + 1][2] = {
    {4, 4},   {-4, -4},                                                    // 2
    {-2, -6}, {6, -2},  {-6, 2},  {2, 6},                                  // 4
    {1, -3},  {-1, 3},  {5, 1},   {-3, -5}, {-5, 5},  {-7, -1}, {3, 7},  {7, -7},  // 8
    {1, 1},   {-1, -3}, {-3, 2},  {4, -1},  {-5, -2}, {2, 5},   {5, 3},  {3, -5},  // 16
    {-2, 6},  {0, -7},  {-4, -6}, {-6, 4},  {-8, 0},  {7, -4},  {6, 7},  {-7, -8},
    {0, 0},
};

}  // namespace

Value Gen::samplePosition(const fe::IntrinsicCallExpr* call, const ResourceRef& ref) {
  ir::Type v2 = cx_->vectorType(cx_->f32(), 2);
  ir::Type tableType = cx_->arrayType(v2, kZeroEntry + 1);
  std::vector<ir::Const> entries;
  for (const auto& p : kPositions)
    entries.push_back(cx_->composite(v2, {cx_->f32(p[0] / 16.0f), cx_->f32(p[1] / 16.0f)}));
  Value table = b_->local(tableType, "sample_positions", cx_->composite(tableType, entries));

  Value count = b_->hlsl(ir::HlslOp::ResourceDimensions, cx_->u32(), {Operand::v(handle(ref)), Operand::i(3)});
  Value index = convertValue(rvalue(call->args[0]), call->args[0]->type, unit_.context->types.uintType());
  Value entry = b_->constU32(kZeroEntry);
  for (const Pattern& p : kPatterns) {
    Value isCount = b_->ieq(count, b_->constU32(p.count));
    Value inRange = b_->ult(index, b_->constU32(p.count));
    Value inPattern = b_->logicalAnd(isCount, inRange);
    Value at = p.first == 0 ? index : b_->iadd(b_->constU32(p.first), index);
    entry = b_->select(inPattern, at, entry);
  }
  Value position = b_->load(b_->accessChain(table, {entry}));
  return convertValue(position, unit_.context->types.vector(fe::ScalarKind::Float, 2), call->type);
}

}  // namespace sl::irgen
