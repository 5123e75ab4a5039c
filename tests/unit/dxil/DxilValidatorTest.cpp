// The dxil.validate stage's rules (core/dxil/validate): each rule fires on a small module written
// by hand as LLVM assembly, a clean module passes, and every offload-test-suite compute shader our
// DXIL back end compiles passes all rules (the known exceptions listed below).
#include "core/dxil/validate/DxilValidator.h"

#include "tests/unit/dxil/CompileToDxil.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace {

using sl::dxil::ValidationReport;

// A clean compute module: DXIL 1.6, validator 1.8, cs_6_6, numthreads(8, 8, 1).
const char* kCompute = R"(
target triple = "dxil-ms-dx"
define void @main() {
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0), !dbg !20
  ret void
}
declare i32 @dx.op.threadId.i32(i32, i32)
!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!14}
!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}
!0 = !{i32 1, i32 6}
!1 = !{i32 1, i32 8}
!2 = !{!"cs", i32 6, i32 6}
!3 = !{ptr @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 8, i32 8, i32 1}
!10 = distinct !DICompileUnit(language: DW_LANG_C99, file: !11, emissionKind: LineTablesOnly)
!11 = !DIFile(filename: "test.hlsl", directory: "/")
!12 = distinct !DISubprogram(name: "main", scope: !11, file: !11, line: 1, type: !13, unit: !10, spFlags: DISPFlagDefinition)
!13 = !DISubroutineType(types: !{})
!14 = !{i32 2, !"Debug Info Version", i32 3}
!20 = !DILocation(line: 7, column: 3, scope: !12)
)";

// A clean pixel module: one float2 TEXCOORD0 input, one float4 SV_Target output.
const char* kPixel = R"(
target triple = "dxil-ms-dx"
define void @main() {
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %x)
  ret void
}
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
!dx.version = !{!0}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}
!0 = !{i32 1, i32 6}
!1 = !{i32 1, i32 8}
!2 = !{!"ps", i32 6, i32 6}
!3 = !{ptr @main, !"main", !6, null, null}
!6 = !{!7, !8, null}
!7 = !{!9}
!8 = !{!10}
!9 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !{i32 0}, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!10 = !{i32 0, !"SV_Target", i8 9, i8 16, !{i32 0}, i8 0, i32 1, i8 4, i32 0, i8 0, null}
)";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

ValidationReport validate(const std::string& text) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(text, diag, context);
  INFO(diag.getMessage().str() << " at line " << diag.getLineNo());
  REQUIRE(m);
  return sl::dxil::validateDxil(*m);
}

size_t rule(const ValidationReport& r, const std::string& id) {
  size_t n = 0;
  for (const auto& v : r.violations) n += v.rule == id;
  return n;
}

}  // namespace

TEST_CASE("dxil.validate: clean compute and pixel modules pass every rule", "[dxil-validate]") {
  for (const char* text : {kCompute, kPixel}) {
    ValidationReport r = validate(text);
    INFO(r.text);
    CHECK(r.violations.empty());
    CHECK(r.ok());
    CHECK(sl::dxiltest::has(r.text, "metadata    ok\nops         ok\nsignatures  ok\n"));
  }
}

TEST_CASE("dxil.validate metadata: versions", "[dxil-validate]") {
  ValidationReport r = validate(replaced(kCompute, "!dx.version = !{!0}\n", ""));
  CHECK(rule(r, "Meta.Required") == 1);
  CHECK_FALSE(r.ok());
  CHECK(rule(validate(replaced(kCompute, "!0 = !{i32 1, i32 6}", "!0 = !{i32 1, i32 6, i32 0}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!0 = !{i32 1, i32 6}", "!0 = !{i32 1, i32 5}")), "Sm.DxilVersion") == 1);
  CHECK(rule(validate(replaced(kCompute, "!0 = !{i32 1, i32 6}", "!0 = !{i32 2, i32 6}")), "Meta.VersionSupported") == 1);
  CHECK(rule(validate(replaced(kCompute, "!1 = !{i32 1, i32 8}", "!1 = !{i32 1, i32 99}")), "Meta.VersionSupported") == 1);
  CHECK(rule(validate(replaced(kCompute, "!1 = !{i32 1, i32 8}", "!1 = !{i64 1, i32 8}")), "Meta.WellFormed") == 1);
  // Every diagnostic names the rule after the internal-error prefix.
  r = validate(replaced(kCompute, "!0 = !{i32 1, i32 6}", "!0 = !{i32 1, i32 5}"));
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].message.rfind("internal error: DXIL validation: Sm.DxilVersion: ", 0) == 0);
}

TEST_CASE("dxil.validate metadata: shader model", "[dxil-validate]") {
  CHECK(rule(validate(replaced(kCompute, "!\"cs\", i32 6, i32 6", "!\"xs\", i32 6, i32 6")), "Sm.Name") == 1);
  CHECK(rule(validate(replaced(kCompute, "!\"cs\", i32 6, i32 6", "!\"cs\", i32 5, i32 1")), "Sm.Name") == 1);
  CHECK(rule(validate(replaced(kCompute, "!2 = !{!\"cs\", i32 6, i32 6}", "!2 = !{i32 6, i32 6}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!dx.shaderModel = !{!2}\n", "")), "Meta.Required") == 1);
  // The entry's own stage attribute must agree with !dx.shaderModel.
  CHECK(rule(validate(replaced(kCompute, "define void @main() {", "define void @main() #0 {") +
                      "attributes #0 = { \"hlsl.shader\"=\"pixel\" }\n"),
             "Meta.WellFormed") == 1);
}

TEST_CASE("dxil.validate metadata: entry point tuple and function", "[dxil-validate]") {
  CHECK(rule(validate(replaced(kCompute, "!3 = !{ptr @main, !\"main\", null, null, !4}", "!3 = !{ptr @main, !\"main\", null, !4}")),
             "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!\"main\", null, null, !4}", "!\"other\", null, null, !4}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!3 = !{ptr @main, !\"main\", null, null, !4}", "!3 = !{null, !\"main\", null, null, !4}")),
             "Meta.EntryFunction") == 1);
  CHECK(rule(validate(replaced(kCompute, "!dx.entryPoints = !{!3}\n", "")), "Meta.Required") == 1);
  CHECK(rule(validate(replaced(kCompute, "!dx.entryPoints = !{!3}", "!dx.entryPoints = !{!3, !3}")), "Meta.WellFormed") == 1);
  // Declared only; not void().
  CHECK(rule(validate(replaced(kCompute, "define void @main() {\n  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0), !dbg !20\n  ret void\n}",
                               "declare void @main()")),
             "Meta.EntryFunction") == 1);
  CHECK(rule(validate(replaced(replaced(kCompute, "define void @main() {", "define i32 @main(i32 %a) {"), "  ret void\n}",
                               "  ret i32 %a\n}")),
             "Meta.EntryFunction") == 1);
  // Signatures and resources tuples, properties pairs.
  CHECK(rule(validate(replaced(kCompute, "!\"main\", null, null, !4}", "!\"main\", !4, null, !4}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!\"main\", null, null, !4}", "!\"main\", null, !5, !4}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!4 = !{i32 4, !5}", "!4 = !{i32 4, !5, i32 0}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kCompute, "!4 = !{i32 4, !5}", "!4 = !{i32 0, i32 0, i32 4, !5}")), "Meta.WellFormed") == 1);
}

TEST_CASE("dxil.validate metadata: compute numthreads", "[dxil-validate]") {
  CHECK(rule(validate(replaced(kCompute, "!\"main\", null, null, !4}", "!\"main\", null, null, null}")), "Meta.NoEntryPropsForEntry") == 1);
  CHECK(rule(validate(replaced(kCompute, "!5 = !{i32 8, i32 8, i32 1}", "!5 = !{i32 8, i32 8}")), "Meta.WellFormed") == 1);
  ValidationReport r = validate(replaced(kCompute, "!5 = !{i32 8, i32 8, i32 1}", "!5 = !{i32 2048, i32 1, i32 65}"));
  CHECK(rule(r, "Sm.ThreadGroupChannelRange") == 2);
  CHECK(rule(r, "Sm.MaxTheadGroup") == 1);
  CHECK(rule(validate(replaced(kCompute, "!5 = !{i32 8, i32 8, i32 1}", "!5 = !{i32 0, i32 8, i32 1}")), "Sm.ThreadGroupChannelRange") == 1);
}

TEST_CASE("dxil.validate metadata: signature element shapes", "[dxil-validate]") {
  CHECK(rule(validate(replaced(kPixel, "i8 2, i32 1, i8 2, i32 0, i8 0, null}", "i8 2, i32 1, i8 2, i32 0, i8 0}")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kPixel, "!9 = !{i32 0, !\"TEXCOORD\"", "!9 = !{i32 3, !\"TEXCOORD\"")), "Meta.WellFormed") == 1);
  CHECK(rule(validate(replaced(kPixel, "i32 1, i8 4, i32 0, i8 0, null}", "i32 1, i8 5, i32 0, i8 0, null}")), "Meta.SignatureOutOfRange") == 1);
  CHECK(rule(validate(replaced(kPixel, "!6 = !{!7, !8, null}", "!6 = !{!7, !8}")), "Meta.WellFormed") == 1);
}

TEST_CASE("dxil.validate ops: stage and shader model", "[dxil-validate]") {
  // discard is pixel-only.
  std::string discard = replaced(replaced(kCompute, "  ret void\n}", "  call void @dx.op.discard(i32 82, i1 true)\n  ret void\n}"),
                                 "declare i32 @dx.op.threadId.i32(i32, i32)",
                                 "declare i32 @dx.op.threadId.i32(i32, i32)\ndeclare void @dx.op.discard(i32, i1)");
  ValidationReport r = validate(discard);
  CHECK(rule(r, "Sm.Opcode") == 1);
  CHECK(sl::dxiltest::has(r.text, "ops         1 violation\n"));
  CHECK(sl::dxiltest::has(r.text, "opcode Discard not valid in shader model cs_6_6 (not allowed in this stage)"));
  // threadId is compute-only.
  std::string ps = replaced(kPixel, "  ret void\n}", "  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)\n  ret void\n}") +
                   "declare i32 @dx.op.threadId.i32(i32, i32)\n";
  CHECK(rule(validate(ps), "Sm.Opcode") == 1);
  // SampleCmpLevel (224) needs 6.7; the violation carries the call's location.
  std::string cmp = replaced(replaced(kCompute, "%t = call i32 @dx.op.threadId.i32(i32 93, i32 0), !dbg !20",
                                      "%t = call i32 @dx.op.threadId.i32(i32 93, i32 0), !dbg !20\n  %s = call float @dx.op.sampleCmpLevel.f32(i32 224), !dbg !20"),
                             "declare i32 @dx.op.threadId.i32(i32, i32)",
                             "declare i32 @dx.op.threadId.i32(i32, i32)\ndeclare float @dx.op.sampleCmpLevel.f32(i32)");
  r = validate(cmp);
  REQUIRE(rule(r, "Sm.Opcode") == 1);
  CHECK(r.violations[0].loc.line == 7);
  CHECK(r.diagnostics[0].range.begin.file == "test.hlsl");
  CHECK(sl::dxiltest::has(r.text, "(needs shader model 6.7) (test.hlsl:7:3)"));
  CHECK(validate(replaced(cmp, "!\"cs\", i32 6, i32 6", "!\"cs\", i32 6, i32 7")).violations.empty() ==
        false);  // 6.7 then needs DXIL 1.7
  CHECK(validate(replaced(replaced(cmp, "!\"cs\", i32 6, i32 6", "!\"cs\", i32 6, i32 7"), "!0 = !{i32 1, i32 6}", "!0 = !{i32 1, i32 7}"))
            .violations.empty());
}

TEST_CASE("dxil.validate ops: SM 6.6 handle creation below 6.6 is an error", "[dxil-validate]") {
  std::string handle = replaced(replaced(replaced(replaced(kCompute, "!\"cs\", i32 6, i32 6", "!\"cs\", i32 6, i32 0"), "!0 = !{i32 1, i32 6}", "!0 = !{i32 1, i32 0}"),
                                         "  ret void\n}",
                                         "  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)\n  ret void\n}"),
                                "declare i32 @dx.op.threadId.i32(i32, i32)",
                                "%dx.types.Handle = type { ptr }\n%dx.types.ResBind = type { i32, i32, i32, i8 }\n"
                                "declare i32 @dx.op.threadId.i32(i32, i32)\ndeclare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)");
  ValidationReport r = validate(handle);
  INFO(r.text);
  CHECK(rule(r, "Sm.Opcode") == 1);
  CHECK_FALSE(r.ok());
  CHECK(sl::dxiltest::has(r.text, "ops         1 violation\n"));
  CHECK(sl::dxiltest::has(r.text, "error: ops: Sm.Opcode: opcode CreateHandleFromBinding not valid in shader model cs_6_0 (needs shader model 6.6)"));
}

TEST_CASE("dxil.validate metadata: rasterizer-ordered views only in pixel shaders", "[dxil-validate]") {
  // A UAV record (id, undef, name, space, lower bound, range, kind, globallycoherent, counter, ROV).
  auto withUav = [](const std::string& module, bool rov) {
    return replaced(replaced(module, "!dx.entryPoints = !{!3}", "!dx.resources = !{!30}\n!dx.entryPoints = !{!3}"),
                    "!20 = !DILocation", std::string("!30 = !{null, !31, null, null}\n!31 = !{!32}\n"
                                                     "!32 = !{i32 0, ptr undef, !\"Counts\", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 ") +
                                             (rov ? "true" : "false") + ", null}\n!20 = !DILocation");
  };
  ValidationReport rov = validate(withUav(kCompute, true));
  INFO(rov.text);
  CHECK(rule(rov, "Sm.ROVOnlyInPS") == 1);
  CHECK(sl::dxiltest::has(rov.text, "RasterizerOrdered objects are only allowed in 5.0+ pixel shaders ('Counts' in a 'cs' shader)"));
  CHECK(rule(validate(withUav(kCompute, false)), "Sm.ROVOnlyInPS") == 0);
}

TEST_CASE("dxil.validate ops: opcode, function name and overload", "[dxil-validate]") {
  // The function is not the opcode's class.
  std::string wrongClass = replaced(replaced(kCompute, "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.unary.i32(i32 93, i32 0)"),
                                    "declare i32 @dx.op.threadId.i32(i32, i32)", "declare i32 @dx.op.unary.i32(i32, i32)");
  CHECK(rule(validate(wrongClass), "Instr.IllegalDXILOpFunction") == 1);
  std::string prefix = replaced(replaced(kCompute, "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.threadIdX.i32(i32 93, i32 0)"),
                                "declare i32 @dx.op.threadId.i32(i32, i32)", "declare i32 @dx.op.threadIdX.i32(i32, i32)");
  CHECK(rule(validate(prefix), "Instr.IllegalDXILOpFunction") == 1);
  // threadId has only the i32 overload; createHandleFromBinding has none.
  std::string i16 = replaced(replaced(kCompute, "%t = call i32 @dx.op.threadId.i32(i32 93, i32 0)", "%t = call i16 @dx.op.threadId.i16(i32 93, i32 0)"),
                             "declare i32 @dx.op.threadId.i32(i32, i32)", "declare i16 @dx.op.threadId.i16(i32, i32)");
  CHECK(rule(validate(i16), "Instr.Oload") == 1);
  std::string bare = replaced(replaced(kCompute, "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.threadId(i32 93, i32 0)"),
                              "declare i32 @dx.op.threadId.i32(i32, i32)", "declare i32 @dx.op.threadId(i32, i32)");
  CHECK(rule(validate(bare), "Instr.Oload") == 1);
  // Opcodes past DXC's table are errors; ones in DXC's range that our table lacks are warnings.
  ValidationReport r = validate(replaced(kCompute, "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.threadId.i32(i32 300, i32 0)"));
  CHECK(rule(r, "Instr.IllegalDXILOpCode") == 1);
  CHECK_FALSE(r.ok());
  r = validate(replaced(kCompute, "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.threadId.i32(i32 150, i32 0)"));
  CHECK(rule(r, "Instr.IllegalDXILOpCode") == 1);
  CHECK(r.ok());
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].severity == sl::Severity::Warning);
  CHECK(sl::dxiltest::has(r.text, "ops         ok, 1 warning\n"));
  // The opcode must be an immediate.
  std::string dynamic = replaced(replaced(kCompute, "define void @main() {", "define void @main(i32 %op) {"),
                                 "@dx.op.threadId.i32(i32 93, i32 0)", "@dx.op.threadId.i32(i32 %op, i32 0)");
  CHECK(rule(validate(dynamic), "Instr.OpConst") == 1);
}

TEST_CASE("dxil.validate signatures: loadInput/storeOutput against the entry's signature", "[dxil-validate]") {
  CHECK(rule(validate(replaced(kPixel, "@dx.op.loadInput.f32(i32 4, i32 0,", "@dx.op.loadInput.f32(i32 4, i32 1,")), "Instr.OpConstRange") == 1);
  CHECK(rule(validate(replaced(kPixel, "@dx.op.storeOutput.f32(i32 5, i32 0, i32 0,", "@dx.op.storeOutput.f32(i32 5, i32 0, i32 1,")),
             "Instr.OperandRange") == 1);
  CHECK(rule(validate(replaced(kPixel, "i32 0, i32 0, i8 1, i32 undef", "i32 0, i32 0, i8 2, i32 undef")), "Instr.OperandRange") == 1);
  // A dynamic row is allowed, a dynamic column or signature id is not.
  std::string dyn = replaced(kPixel, "define void @main() {", "define void @main(i32 %r, i8 %c) {");
  CHECK(validate(replaced(dyn, "i32 0, i32 0, i8 1, i32 undef", "i32 0, i32 %r, i8 1, i32 undef")).violations.size() == 1);  // not void()
  CHECK(rule(validate(replaced(dyn, "i32 0, i32 0, i8 1, i32 undef", "i32 0, i32 0, i8 %c, i32 undef")), "Instr.OpConst") == 1);
  CHECK(rule(validate(replaced(dyn, "i32 0, i32 0, i8 1, i32 undef", "i32 %r, i32 0, i8 1, i32 undef")), "Instr.OpConst") == 1);
  // Overload vs the element's component type (F32 here).
  std::string i32 = replaced(replaced(replaced(kPixel, "%x = call float @dx.op.loadInput.f32", "%x = call i32 @dx.op.loadInput.i32"),
                                      "float %x)", "float 0.0)\n  %unused = add i32 %x, 0"),
                             "declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)", "declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32)");
  ValidationReport r = validate(i32);
  CHECK(rule(r, "Instr.Oload") == 1);
  CHECK(sl::dxiltest::has(r.text, "LoadInput of 'TEXCOORD' (component type 9) must use overload f32, not i32"));
  // No signature at all (compute entry) and outside the entry.
  std::string cs = replaced(kCompute, "  ret void\n}", "  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)\n  ret void\n}") +
                   "declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)\n";
  r = validate(cs);
  CHECK(rule(r, "Instr.OpConstRange") == 1);
  CHECK(rule(r, "Sm.Opcode") == 0);  // LoadInput is allowed in every stage
  std::string helper = kPixel + std::string("define float @helper() {\n  %y = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)\n  ret float %y\n}\n");
  CHECK(rule(validate(helper), "Instr.SignatureOperationNotInEntry") == 1);
}

TEST_CASE("dxil.validate: the pipeline stage, -Vd and a compile it rejects", "[dxil-validate]") {
  const std::string cs = "RWStructuredBuffer<float> o : register(u0);\n[numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o[id.x] = 1.0; }\n";
  sl::dxiltest::Compiled c = sl::dxiltest::compile(cs, "cs_6_6");
  const sl::StageArtifact* v = c.result->stage("dxil.validate");
  REQUIRE(v);
  CHECK(v->ok);
  CHECK(sl::dxiltest::has(v->text, "; shader model cs_6_6, entry main\nmetadata    ok\nops         ok\nsignatures  ok\n"));
  c = sl::dxiltest::compile(cs, "cs_6_6", "main", {"-Vd"});
  REQUIRE(c.result->stage("dxil.validate"));
  CHECK(c.result->stage("dxil.validate")->text == "; DXIL validation disabled (-Vd)\n");
}

using sl::dxiltest::readFile;
using sl::dxiltest::sourcePart;

// Every compute shader of the offload-test-suite (source.hlsl, the RUN line's -T cs_6_x and
// -enable-16bit-types) that our DXIL back end lowers must pass every rule, at every shader model
// the suite asks for (createHandle and bufferLoad/Store below 6.6 / 6.2, 64-bit values of typed
// buffers as i32 pairs).
TEST_CASE("dxil.validate: offload-test-suite compute shaders are clean", "[dxil-validate][suite]") {
  const std::string root = std::string(SHADERLENS_SHARED_DIR) + "/offload-test-suite/tests";
  REQUIRE(std::filesystem::exists(root));
  size_t reached = 0, clean = 0;
  std::vector<std::string> failing;
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root, std::filesystem::directory_options::follow_directory_symlink))
    if (e.path().extension() == ".test") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  for (const std::string& path : paths) {
    const std::string text = readFile(path);
    const std::string source = sourcePart(text);
    const size_t prof = text.find("-T cs_6_");
    if (source.empty() || prof == std::string::npos) continue;
    std::vector<std::string> args{"-T", text.substr(prof + 3, 6), "-E", "main", "test.hlsl"};
    if (text.find("-enable-16bit-types") != std::string::npos) args.push_back("-enable-16bit-types");
    sl::ParsedCommandLine parsed = sl::parseDxcCommandLine(args);
    REQUIRE(parsed.error.empty());
    parsed.options.printStages = {"dxil.validate"};
    std::shared_ptr<const sl::CompileResult> result = sl::compileSource("test.hlsl", source, parsed.options);
    const sl::StageArtifact* v = result->stage("dxil.validate");
    if (!v) continue;  // stopped before (a feature the back end does not lower yet)
    ++reached;
    const std::string name = path.substr(root.size() + 1);
    if (v->ok) {
      ++clean;
    } else {
      failing.push_back(name);
      INFO(name << "\n" << v->text);
      CHECK(v->ok);
    }
  }
  std::printf("dxil.validate over the offload-test-suite: %zu of %zu compute shaders clean, %zu rejected\n", clean,
              reached, failing.size());
  CHECK(reached > 400);
}
