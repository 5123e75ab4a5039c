// Debug sessions over traces of real shaders (our compiler, -Zi): stops at lines, step
// forward/back symmetry, locals read from reconstructed memory, breakpoints that move to the
// next line with code, and a module without debug lines.
#include <catch2/catch.hpp>

#include "interp/debug/DebugSession.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interp::debug;
using namespace sl::interptest;

namespace {

const char* kLoop = R"(RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint sum = 0;
  for (uint i = 0; i < 3; ++i) {
    sum += i + id.x;
  }

  Out[id.x] = sum;
})";

struct Traced {
  std::vector<uint32_t> words;
  std::shared_ptr<DebugTrace> trace = std::make_shared<DebugTrace>();
};

Traced run(const char* source, uint32_t localIndex, std::vector<std::string> flags = {"-Zi"}) {
  Traced t;
  t.words = compileHlsl(source, "cs_6_0", flags);
  interp::DecodeResult decoded = interp::decodeModule(t.words);
  REQUIRE(decoded.module);
  Buffers b;
  b.zeros<uint32_t>(0, 0, 4);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.resources = &b;
  desc.options.subgroupSize = 4;
  t.trace->localIndex = localIndex;
  desc.trace = t.trace.get();
  const interp::DispatchResult r = interp::dispatch(desc);
  INFO(r.error());
  REQUIRE(r.ok);
  REQUIRE(t.trace->started);
  return t;
}

// The trace of invocation 0 of a hand-assembled module (by default not validated: the debug
// information is what the test is about).
std::shared_ptr<DebugTrace> traceAssembled(const std::vector<uint32_t>& words, bool validate = false) {
  interp::DecodeOptions options;
  options.validate = validate;
  interp::DecodeResult decoded = interp::decodeModule(words, options);
  REQUIRE(decoded.module);
  Buffers b;
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.resources = &b;
  desc.options.subgroupSize = 4;
  auto trace = std::make_shared<DebugTrace>();
  desc.trace = trace.get();
  const interp::DispatchResult r = interp::dispatch(desc);
  INFO(r.error());
  REQUIRE(r.ok);
  return trace;
}

std::string valueOf(DebugSession& s, const std::string& expression) {
  EvalResult r = s.evaluate(expression);
  return r.value ? formatValue(*r.value) : "error: " + r.error.message;
}

}  // namespace

TEST_CASE("a session stops at lines and reads locals as they were", "[debug][session]") {
  Traced t = run(kLoop, 2);
  DebugSession s(t.trace, t.words);
  CHECK(s.notes().empty());
  REQUIRE(s.hasSourceLines());
  const BreakpointResult bp = s.addBreakpoint(6);
  REQUIRE(bp.id);
  CHECK(bp.message.empty());
  CHECK(s.start().reason == Stop::Reason::Entry);
  std::vector<std::string> sums;
  for (Stop stop = s.continueForward(); stop.reason == Stop::Reason::Breakpoint; stop = s.continueForward()) {
    CHECK(s.location().line == 6);
    sums.push_back(valueOf(s, "sum") + "/" + valueOf(s, "i"));
  }
  CHECK(sums == std::vector<std::string>{"0/0", "2/1", "5/2"});
  CHECK(s.finished());
  // Back from the end: the last line the invocation ran.
  s.stepBack();
  CHECK(s.location().line == 9);
  CHECK(valueOf(s, "sum") == "9");
}

TEST_CASE("stepping forward then back returns to the same stops with the same values", "[debug][session]") {
  Traced t = run(kLoop, 1);
  DebugSession s(t.trace, t.words);
  s.start();
  std::vector<std::pair<size_t, std::string>> forward;
  while (!s.finished()) {
    forward.push_back({s.position(), valueOf(s, "sum")});
    s.next();
  }
  REQUIRE(forward.size() > 5);
  for (size_t k = forward.size(); k-- > 1;) {
    s.stepBack();
    INFO("stop " << k);
    CHECK(s.position() == forward[k].first);
    CHECK(valueOf(s, "sum") == forward[k].second);
  }
}

TEST_CASE("a breakpoint on a line without code moves to the next line with code", "[debug][session]") {
  Traced t = run(kLoop, 0);
  DebugSession s(t.trace, t.words);
  const BreakpointResult moved = s.addBreakpoint(8);
  REQUIRE(moved.id);
  CHECK(s.breakpoints().back().line == 9);
  CHECK(moved.message == "line 8 has no code: breakpoint 1 moves to line 9");
  const BreakpointResult past = s.addBreakpoint(50);
  CHECK_FALSE(past.id);
  CHECK(past.message.find("no code at or after line 50") != std::string::npos);
  const BreakpointResult bad = s.addBreakpoint(6, "sum >");
  CHECK_FALSE(bad.id);
  CHECK(bad.message == "condition 'sum >':6: expected a value");
}

TEST_CASE("a conditional breakpoint evaluates at each hit; an unknown name stops with the error", "[debug][session]") {
  Traced t = run(kLoop, 3);
  DebugSession s(t.trace, t.words);
  REQUIRE(s.addBreakpoint(6, "i == 2").id);
  s.start();
  CHECK(s.continueForward().reason == Stop::Reason::Breakpoint);
  CHECK(valueOf(s, "sum") == "7");
  CHECK(s.continueForward().reason == Stop::Reason::Finished);

  DebugSession other(t.trace, t.words);
  REQUIRE(other.addBreakpoint(6, "nothing > 1").id);
  other.start();
  const Stop stop = other.continueForward();
  CHECK(stop.reason == Stop::Reason::Error);
  CHECK(stop.message == "breakpoint 1 condition 'nothing > 1':1: unknown name 'nothing'");
}

TEST_CASE("without debug lines the session steps by instruction and says why", "[debug][session]") {
  Traced t = run(kLoop, 1, {});
  DebugSession s(t.trace, t.words);
  CHECK_FALSE(s.hasSourceLines());
  REQUIRE_FALSE(s.notes().empty());
  CHECK(s.notes()[0].find("no OpLine or DebugLine") != std::string::npos);
  CHECK_FALSE(s.addBreakpoint(6).id);
  s.start();
  const size_t first = s.position();
  CHECK(first == 0);
  s.stepInstruction();
  s.stepInstruction();  // into the body the entry point calls
  CHECK(s.position() == 2);
  s.next();  // by instruction too, in the same frame
  CHECK(s.position() == 3);
  s.backInstruction();
  CHECK(s.position() == 2);
  s.backInstruction();
  s.next();  // over the whole call
  CHECK(s.position() > 10);
  CHECK_FALSE(s.location().known);
}

TEST_CASE("DebugLine and DebugSource give lines and text; DebugDeclare/DebugValue name the locals", "[debug][session]") {
  // By hand, what a compiler emitting NonSemantic.Shader.DebugInfo.100 locals writes: `a` lives
  // in a variable (DebugDeclare), `b` is an SSA value (DebugValue); no OpLine, no OpName.
  const auto words = assemble(R"(
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
          %1 = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "t.hlsl"
       %text = OpString "void main() {
  uint a = 5;
  uint b = a + 2;
}
"
         %na = OpString "a"
         %nb = OpString "b"
      %nuint = OpString "uint"
      %nmain = OpString "main"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %ptr = OpTypePointer Function %uint
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
         %u2 = OpConstant %uint 2
         %u3 = OpConstant %uint 3
         %u4 = OpConstant %uint 4
         %u5 = OpConstant %uint 5
         %u6 = OpConstant %uint 6
        %u32 = OpConstant %uint 32
        %src = OpExtInst %void %1 DebugSource %file %text
         %cu = OpExtInst %void %1 DebugCompilationUnit %u1 %u4 %src %u5
      %tuint = OpExtInst %void %1 DebugTypeBasic %nuint %u32 %u6 %u0
        %tfn = OpExtInst %void %1 DebugTypeFunction %u0 %void
        %dfn = OpExtInst %void %1 DebugFunction %nmain %tfn %src %u1 %u1 %cu %nmain %u0 %u1
         %va = OpExtInst %void %1 DebugLocalVariable %na %tuint %src %u2 %u3 %dfn %u0
         %vb = OpExtInst %void %1 DebugLocalVariable %nb %tuint %src %u3 %u3 %dfn %u0
       %expr = OpExtInst %void %1 DebugExpression
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %var = OpVariable %ptr Function
        %def = OpExtInst %void %1 DebugFunctionDefinition %dfn %main
         %s0 = OpExtInst %void %1 DebugScope %dfn
         %d0 = OpExtInst %void %1 DebugDeclare %va %var %expr
         %l2 = OpExtInst %void %1 DebugLine %src %u2 %u2 %u3 %u3
               OpStore %var %u5
         %l3 = OpExtInst %void %1 DebugLine %src %u3 %u3 %u3 %u3
         %ld = OpLoad %uint %var
        %sum = OpIAdd %uint %ld %u2
         %d1 = OpExtInst %void %1 DebugValue %vb %sum %expr
         %l4 = OpExtInst %void %1 DebugLine %src %u4 %u4 %u1 %u1
               OpReturn
               OpFunctionEnd
)");
  auto trace = traceAssembled(words);
  DebugSession s(trace, words);
  CHECK(s.notes().empty());
  REQUIRE(s.hasSourceLines());
  s.start();
  CHECK(s.location().file == "t.hlsl");
  CHECK(s.location().line == 2);
  CHECK(s.sourceLine() == "  uint a = 5;");  // from DebugSource's text
  REQUIRE(s.callStack().size() == 1);
  CHECK(s.callStack()[0].function == "main");  // DebugFunction's name: there is no OpName
  std::vector<Variable> locals = s.locals();
  REQUIRE(locals.size() == 1);  // b is not bound yet
  CHECK(locals[0].name == "a");
  CHECK(formatValue(locals[0].value) == "<uninitialized>");
  s.next();
  CHECK(s.location().line == 3);
  CHECK(valueOf(s, "a") == "5");
  CHECK(valueOf(s, "b") == "error: unknown name 'b'");
  s.next();
  CHECK(s.location().line == 4);
  locals = s.locals();
  REQUIRE(locals.size() == 2);
  CHECK(locals[1].name == "b");
  CHECK(formatValue(locals[1].value) == "7");
  CHECK(valueOf(s, "a + b") == "12");
  s.stepBack();
  CHECK(s.locals().size() == 1);
}

TEST_CASE("named SSA values and parameters read from the trace's recorded results", "[debug][session]") {
  // No variables at all: `twice(k)` gets k from the caller (a constant, then an SSA value), and
  // the named results `product`/`total` are shown as last computed in their frame.
  const auto words = assemble(R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %main "main"
               OpName %twice "twice"
               OpName %k "k"
               OpName %product "product"
               OpName %total "total"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
         %fn = OpTypeFunction %void
      %fnint = OpTypeFunction %uint %uint
         %u2 = OpConstant %uint 2
        %u21 = OpConstant %uint 21
      %twice = OpFunction %uint None %fnint
          %k = OpFunctionParameter %uint
         %t0 = OpLabel
    %product = OpIMul %uint %k %u2
               OpReturnValue %product
               OpFunctionEnd
       %main = OpFunction %void None %fn
         %m0 = OpLabel
      %first = OpFunctionCall %uint %twice %u21
      %total = OpIAdd %uint %first %u2
     %second = OpFunctionCall %uint %twice %total
               OpReturn
               OpFunctionEnd
)");
  auto trace = traceAssembled(words, /*validate=*/true);
  DebugSession s(trace, words);
  CHECK_FALSE(s.hasSourceLines());
  s.start();
  s.stepInstruction();  // into twice(21)
  REQUIRE(s.callStack().size() == 2);
  CHECK(s.callStack()[0].function == "twice");
  CHECK(valueOf(s, "k") == "21");
  CHECK(valueOf(s, "product") == "error: unknown name 'product'");  // not computed yet
  s.stepInstruction();
  CHECK(valueOf(s, "product") == "42");
  s.stepOut();
  REQUIRE(s.returnedValue());
  CHECK(formatValue(*s.returnedValue()) == "42");
  s.stepInstruction();  // total = first + 2
  CHECK(valueOf(s, "total") == "44");
  s.stepInstruction();  // into twice(total)
  CHECK(valueOf(s, "k") == "44");
  CHECK(valueOf(s, "product") == "error: unknown name 'product'");  // a new frame: not yet
  std::vector<Variable> locals = s.locals();
  REQUIRE(locals.size() == 1);
  CHECK(locals[0].scope == Variable::Scope::Parameter);
  s.backInstruction();
  s.backInstruction();
  CHECK(valueOf(s, "total") == "error: unknown name 'total'");
}

TEST_CASE("a local of a lexical block is shown only while its DebugScope is in effect", "[debug][session]") {
  const auto words = assemble(R"(
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
          %1 = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "s.hlsl"
         %na = OpString "a"
         %nc = OpString "c"
      %nuint = OpString "uint"
      %nmain = OpString "main"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
         %u2 = OpConstant %uint 2
         %u3 = OpConstant %uint 3
         %u4 = OpConstant %uint 4
         %u5 = OpConstant %uint 5
         %u6 = OpConstant %uint 6
        %u32 = OpConstant %uint 32
        %src = OpExtInst %void %1 DebugSource %file
         %cu = OpExtInst %void %1 DebugCompilationUnit %u1 %u4 %src %u5
      %tuint = OpExtInst %void %1 DebugTypeBasic %nuint %u32 %u6 %u0
        %tfn = OpExtInst %void %1 DebugTypeFunction %u0 %void
        %dfn = OpExtInst %void %1 DebugFunction %nmain %tfn %src %u1 %u1 %cu %nmain %u0 %u1
      %block = OpExtInst %void %1 DebugLexicalBlock %src %u3 %u3 %dfn
         %va = OpExtInst %void %1 DebugLocalVariable %na %tuint %src %u2 %u3 %dfn %u0
         %vc = OpExtInst %void %1 DebugLocalVariable %nc %tuint %src %u4 %u5 %block %u0
       %expr = OpExtInst %void %1 DebugExpression
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %s0 = OpExtInst %void %1 DebugScope %dfn
         %l2 = OpExtInst %void %1 DebugLine %src %u2 %u2 %u3 %u3
          %a = OpIAdd %uint %u5 %u0
         %d0 = OpExtInst %void %1 DebugValue %va %a %expr
               OpBranch %inner
      %inner = OpLabel
         %s1 = OpExtInst %void %1 DebugScope %block
         %l4 = OpExtInst %void %1 DebugLine %src %u4 %u4 %u5 %u5
          %c = OpIMul %uint %a %u3
         %d1 = OpExtInst %void %1 DebugValue %vc %c %expr
         %l5 = OpExtInst %void %1 DebugLine %src %u5 %u5 %u3 %u3
               OpBranch %after
      %after = OpLabel
         %s2 = OpExtInst %void %1 DebugScope %dfn
         %l6 = OpExtInst %void %1 DebugLine %src %u6 %u6 %u3 %u3
               OpReturn
               OpFunctionEnd
)");
  auto trace = traceAssembled(words);
  DebugSession s(trace, words);
  REQUIRE(s.addBreakpoint(5).id);
  REQUIRE(s.addBreakpoint(6).id);
  s.start();
  REQUIRE(s.continueForward().reason == Stop::Reason::Breakpoint);
  CHECK(s.location().line == 5);
  CHECK(valueOf(s, "c") == "15");  // inside the block
  REQUIRE(s.continueForward().reason == Stop::Reason::Breakpoint);
  CHECK(s.location().line == 6);
  CHECK(valueOf(s, "a") == "5");
  CHECK(valueOf(s, "c") == "error: unknown name 'c'");  // its block has ended
  CHECK(s.locals().size() == 1);
}

// main: line 10 x = 4; twice(x) inlined at line 11 (body lines 3 and 4); line 11 y = r + 1.
// Shared by the inlining test and the garbage-operands test.
static std::vector<uint32_t> inliningModule() {
  return assemble(R"(
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
          %1 = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "i.hlsl"
         %nx = OpString "x"
         %nr = OpString "r"
      %nuint = OpString "uint"
      %nmain = OpString "main"
     %ntwice = OpString "twice"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
         %u2 = OpConstant %uint 2
         %u3 = OpConstant %uint 3
         %u4 = OpConstant %uint 4
         %u5 = OpConstant %uint 5
         %u6 = OpConstant %uint 6
         %u9 = OpConstant %uint 9
        %u10 = OpConstant %uint 10
        %u11 = OpConstant %uint 11
        %u12 = OpConstant %uint 12
        %u32 = OpConstant %uint 32
        %src = OpExtInst %void %1 DebugSource %file
         %cu = OpExtInst %void %1 DebugCompilationUnit %u1 %u4 %src %u5
      %tuint = OpExtInst %void %1 DebugTypeBasic %nuint %u32 %u6 %u0
        %tfn = OpExtInst %void %1 DebugTypeFunction %u0 %void
      %dmain = OpExtInst %void %1 DebugFunction %nmain %tfn %src %u9 %u1 %cu %nmain %u0 %u9
     %dtwice = OpExtInst %void %1 DebugFunction %ntwice %tfn %src %u2 %u1 %cu %ntwice %u0 %u2
         %vx = OpExtInst %void %1 DebugLocalVariable %nx %tuint %src %u10 %u3 %dmain %u0
         %vr = OpExtInst %void %1 DebugLocalVariable %nr %tuint %src %u3 %u3 %dtwice %u0
     %atcall = OpExtInst %void %1 DebugInlinedAt %u11 %dmain
       %expr = OpExtInst %void %1 DebugExpression
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %s0 = OpExtInst %void %1 DebugScope %dmain
        %l10 = OpExtInst %void %1 DebugLine %src %u10 %u10 %u3 %u3
          %x = OpIAdd %uint %u4 %u0
         %d0 = OpExtInst %void %1 DebugValue %vx %x %expr
         %s1 = OpExtInst %void %1 DebugScope %dtwice %atcall
         %l3 = OpExtInst %void %1 DebugLine %src %u3 %u3 %u3 %u3
          %r = OpIMul %uint %x %u2
         %d1 = OpExtInst %void %1 DebugValue %vr %r %expr
         %l4 = OpExtInst %void %1 DebugLine %src %u4 %u4 %u3 %u3
         %r2 = OpIAdd %uint %r %u0
         %s2 = OpExtInst %void %1 DebugScope %dmain
        %l11 = OpExtInst %void %1 DebugLine %src %u11 %u11 %u3 %u3
          %y = OpIAdd %uint %r2 %u1
        %l12 = OpExtInst %void %1 DebugLine %src %u12 %u12 %u1 %u1
               OpReturn
               OpFunctionEnd
)");
}

TEST_CASE("inlined code (DebugInlinedAt) is a frame of its own for stepping and the call stack", "[debug][session]") {
  const auto words = inliningModule();
  auto trace = traceAssembled(words);
  DebugSession s(trace, words);
  auto stack = [&] {
    std::string text;
    for (const FrameInfo& f : s.callStack()) text += f.function + "@" + std::to_string(f.location.line) + " ";
    return text;
  };
  s.start();
  CHECK(s.location().line == 10);
  CHECK(stack() == "main@10 ");
  s.stepIn();
  CHECK(s.location().line == 3);
  CHECK(stack() == "twice@3 main@11 ");
  CHECK(valueOf(s, "x") == "error: unknown name 'x'");  // main's local: not in twice's scope
  s.stepIn();
  CHECK(s.location().line == 4);
  CHECK(valueOf(s, "r") == "8");
  s.stepOut();
  CHECK(s.location().line == 11);
  CHECK(stack() == "main@11 ");
  CHECK(valueOf(s, "x") == "4");
  s.restart();
  s.next();  // over the inlined call
  CHECK(s.location().line == 11);
  CHECK(stack() == "main@11 ");
  s.stepBack();  // over it again, backwards
  CHECK(s.location().line == 10);
}

TEST_CASE("debug information with garbage operands never crashes a session", "[debug][session]") {
  // The inlining test's module, its trace recorded once; then the session reads debug info from
  // copies with random words overwritten (operands, word counts, opcodes) and does everything.
  const auto words = inliningModule();
  auto trace = traceAssembled(words);
  uint32_t state = 99;
  auto next = [&] {
    state = state * 1664525u + 1013904223u;
    return state;
  };
  for (int round = 0; round < 3000; ++round) {
    std::vector<uint32_t> mutated = words;
    for (int k = 0; k < 3; ++k) {
      const size_t at = 5 + next() % (mutated.size() - 5);
      const uint32_t choice = next() % 4;
      mutated[at] = choice == 0 ? next() : choice == 1 ? next() % 64 : choice == 2 ? (mutated[at] & 0xffff) | ((next() % 8) << 16) : ~0u;
    }
    DebugSession s(trace, mutated);
    s.addBreakpoint(next() % 20, next() % 2 ? "x + r > 1" : "");
    s.start();
    for (int step = 0; step < 6; ++step) {
      switch (next() % 6) {
        case 0: s.next(); break;
        case 1: s.stepIn(); break;
        case 2: s.stepOut(); break;
        case 3: s.stepBack(); break;
        case 4: s.continueForward(); break;
        default: s.reverseContinue(); break;
      }
      (void)s.locals();
      (void)s.globals();
      (void)s.callStack();
      (void)s.sourceLine();
      (void)s.evaluate("x * 2 + r");
      (void)s.wave("r");
    }
  }
  SUCCEED("no crash");
}

TEST_CASE("a session knows what the wave printed, step by step", "[debug][session][printf]") {
  const std::vector<uint32_t> words = assemble(R"(
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
     %printf = OpExtInstImport "NonSemantic.DebugPrintf"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %lid
               OpExecutionMode %main LocalSize 4 1 1
       %file = OpString "p.hlsl"
        %fmt = OpString "lane %u: %u"
               OpName %main "main"
               OpDecorate %lid BuiltIn LocalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
    %uint_10 = OpConstant %uint 10
     %ptr_in = OpTypePointer Input %v3uint
        %lid = OpVariable %ptr_in Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpLine %file 2 3
         %id = OpLoad %v3uint %lid
          %x = OpCompositeExtract %uint %id 0
          %y = OpIMul %uint %x %uint_10
               OpLine %file 3 3
          %p = OpExtInst %void %printf 1 %fmt %x %y
               OpLine %file 4 3
               OpReturn
               OpFunctionEnd
)");
  auto trace = traceAssembled(words, /*validate=*/true);
  trace->workgroup = {0, 0, 0};
  DebugSession s(trace, words);
  s.start();
  CHECK(s.printed(0, s.position()).empty());  // line 2: nothing printed yet
  // The whole wave printed at one step, lane by lane.
  const auto all = s.printed(0, s.stepCount(), true);
  REQUIRE(all.size() == 4);
  for (uint32_t lane = 0; lane < 4; ++lane) {
    CHECK(all[lane].lane == lane);
    CHECK(all[lane].localId[0] == lane);
    CHECK(all[lane].text == "lane " + std::to_string(lane) + ": " + std::to_string(lane * 10));
  }
  CHECK(s.next().reason == Stop::Reason::Step);  // line 3, before the printf runs
  CHECK(s.printed(0, s.position()).empty());
  s.next();  // line 4: the traced lane (0) printed on the way
  const auto mine = s.printed(0, s.position());
  REQUIRE(mine.size() == 1);
  CHECK(mine[0].text == "lane 0: 0");
  s.stepBack();
  CHECK(s.printed(0, s.position()).empty());
}

TEST_CASE("an id's value at a stop is what the traced lane last computed for it", "[debug]") {
  Traced t = run(kLoop, 1);
  DebugSession s(t.trace, t.words);
  s.start();
  // The first OpIAdd of the loop is i + id.x: 0 + 1 on lane 1.
  uint32_t id = 0;
  for (int k = 0; k < 200 && s.instruction().rfind("OpIAdd", 0) != 0; ++k) s.stepInstruction();
  REQUIRE(s.instruction().rfind("OpIAdd %", 0) == 0);
  id = uint32_t(std::stoul(s.instruction().substr(8)));
  REQUIRE(s.instructionWordOffset());
  CHECK_FALSE(s.idValue(id));  // about to run: no value yet
  s.stepInstruction();
  const std::optional<Value> v = s.idValue(id);
  REQUIRE(v);
  CHECK(formatValue(*v) == "1");
  s.backInstruction();
  CHECK_FALSE(s.idValue(id));  // stepping back undoes it
}
