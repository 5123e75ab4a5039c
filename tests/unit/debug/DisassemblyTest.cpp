// The debugger's disassembly: one entry per instruction at its word offset, string literals
// with newlines kept on their instruction, and the values of ids at a stop.
#include <catch2/catch.hpp>

#include <algorithm>

#include "interp/debug/DebugSession.h"
#include "interp/debug/Disassembly.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interp::debug;
using namespace sl::interptest;

namespace {

const char* kShader = R"(RWStructuredBuffer<uint> Out : register(u0);
// a comment line, so the embedded source has newlines
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint doubled = id.x * 2;
  Out[id.x] = doubled + 1;
})";

}  // namespace

TEST_CASE("the disassembly has one entry per instruction, at its word offset, with multi-line strings kept whole", "[debug]") {
  // With the source embedded (vulkan-with-source), DebugSource's OpString holds newlines.
  const std::vector<uint32_t> words = compileHlsl(kShader, "cs_6_0", {"-fspv-debug=vulkan-with-source"});
  const Disassembly d = disassembleInstructions(words);
  REQUIRE(d.error.empty());
  size_t expected = 0;
  for (size_t at = 5; at < words.size(); at += words[at] >> 16) ++expected;
  CHECK(d.instructions.size() == expected);
  CHECK(d.instructions.front().wordOffset == 5);
  bool sawSource = false;
  for (const DisassembledInstruction& i : d.instructions) {
    CHECK(i.text.find('\n') == std::string::npos);
    CHECK(d.find(i.wordOffset) == int(&i - d.instructions.data()));
    if (i.text.find("OpString") != std::string::npos && i.text.find("a comment line") != std::string::npos) sawSource = true;
    if (i.resultId) CHECK(i.text.find(" = Op") != std::string::npos);
    else CHECK(i.text.find(" = Op") == std::string::npos);
  }
  CHECK(sawSource);
  // Named ids print by name.
  CHECK(std::any_of(d.instructions.begin(), d.instructions.end(), [](const DisassembledInstruction& i) {
    return i.text.find("%main = OpFunction") != std::string::npos;
  }));
  CHECK(d.find(4) == -1);
}

TEST_CASE("a truncated module has no disassembly but an error", "[debug]") {
  std::vector<uint32_t> words = compileHlsl(kShader);
  // The last instruction claims more words than are left.
  size_t last = 5;
  for (size_t at = 5; at < words.size(); at += words[at] >> 16) last = at;
  words[last] = (words[last] & 0xffff) | (40u << 16);
  const Disassembly d = disassembleInstructions(words);
  CHECK(d.instructions.empty());
  CHECK_FALSE(d.error.empty());
  CHECK(disassembleInstructions(std::vector<uint32_t>{0x07230203}).error == "the module is shorter than its header");
}
