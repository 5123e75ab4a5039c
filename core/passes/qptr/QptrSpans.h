// What the views colour in printed IR (SPIR-T's printer shows qptr ops blue against orange spv
// ops, and analysis attributes apart): byte spans of one printed line, each with a kind. The
// printer's syntax is stable (docs/ir.md), so the spans come from the text and work for every
// stage's printout.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace sl::qptr {

enum class SpanKind : uint8_t {
  QptrOp,       // qptr.offset, qptr.load, ... (an instruction's opcode)
  SpvOp,        // spv.OpAccessChain, ...
  QptrType,     // the `qptr` type keyword
  QptrUsage,    // a whole #[qptr.usage(...)] attribute (qptr.analyze's result)
  QptrAttr,     // other qptr.* attributes: qptr.shape, qptr.to_spv_ptr_input, qptr.from_spv_ptr_output
  QptrError,    // qptr.error("...")
  QptrWarning,  // qptr.warning("...")
};
const char* spanKindName(SpanKind kind);  // "qptr-op", "spv-op", ...

struct Span {
  uint32_t begin = 0;  // byte offsets into the line, [begin, end)
  uint32_t end = 0;
  SpanKind kind = SpanKind::QptrOp;
};

// Spans of one printed line, in order, not overlapping. Comment lines (`;`) have none.
std::vector<Span> classifyLine(std::string_view line);

}  // namespace sl::qptr
