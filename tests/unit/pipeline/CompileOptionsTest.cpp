#include "core/pipeline/CompileOptions.h"
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>

using namespace sl;

TEST_CASE("a DXC command line from the offload test suite parses unchanged") {
  auto parsed = parseDxcCommandLine({"-T", "cs_6_5", "-Fo", "out.o", "in.hlsl", "-spirv", "-fspv-target-env=vulkan1.3",
                                     "-enable-16bit-types", "-HV", "202x", "-fvk-use-dx-layout"});
  REQUIRE(parsed.error.empty());
  const CompileOptions& o = parsed.options;
  CHECK(o.profile == "cs_6_5");
  CHECK(o.outputFile == "out.o");
  CHECK(o.inputFile == "in.hlsl");
  CHECK(o.spirv());
  CHECK(o.spirvVersion() == std::pair{1, 6});
  CHECK(o.enable16BitTypes);
  CHECK(o.hlslVersion == 2025);
  CHECK(o.vkUseDxLayout);
}

TEST_CASE("attached values and Windows slashes are accepted") {
  auto parsed = parseDxcCommandLine({"/Tcs_6_0", "-Emain2", "-DX=1", "-DY", "-Iinc", "f.hlsl"});
  REQUIRE(parsed.error.empty());
  CHECK(parsed.options.profile == "cs_6_0");
  CHECK(parsed.options.entryPoint == "main2");
  REQUIRE(parsed.options.defines.size() == 2);
  CHECK(parsed.options.defines[0] == std::pair<std::string, std::string>{"X", "1"});
  CHECK(parsed.options.defines[1] == std::pair<std::string, std::string>{"Y", ""});
  CHECK(parsed.options.includeDirs == std::vector<std::string>{"inc"});
}

TEST_CASE("binding options with several values") {
  auto parsed = parseDxcCommandLine({"-fvk-t-shift", "10", "all", "-fvk-u-shift", "20", "space1", "-fvk-bind-register",
                                     "t3", "space2", "5", "1", "-fvk-bind-resource-heap", "7", "2", "x.hlsl"});
  REQUIRE(parsed.error.empty());
  const CompileOptions& o = parsed.options;
  REQUIRE(o.vkShifts.size() == 2);
  CHECK(o.vkShifts[0].registerClass == 't');
  CHECK_FALSE(o.vkShifts[0].space.has_value());
  CHECK(o.vkShifts[1].space == 1u);
  REQUIRE(o.vkBindRegisters.size() == 1);
  CHECK(o.vkBindRegisters[0].registerName == "t3");
  CHECK(o.vkBindRegisters[0].space == 2);
  REQUIRE(o.vkResourceHeap.has_value());
  CHECK(o.vkResourceHeap->binding == 7);
  CHECK(o.vkResourceHeap->set == 2);
}

TEST_CASE("usage errors are reported, not guessed") {
  CHECK(parseDxcCommandLine({"-T"}).error == "option '-T' requires a value");
  CHECK(parseDxcCommandLine({"-bogus"}).error == "unknown option '-bogus'");
  // DXC compiles the last input named; the others are listed for the CLI's warning.
  const ParsedCommandLine two = parseDxcCommandLine({"a.hlsl", "b.hlsl"});
  CHECK(two.error.empty());
  CHECK(two.options.inputFile == "b.hlsl");
  CHECK(two.options.ignoredInputs == std::vector<std::string>{"a.hlsl"});
  CHECK(parseDxcCommandLine({"-fspv-target-env=vulkan9"}).error.find("vulkan9") != std::string::npos);
  CHECK(parseDxcCommandLine({"-HV", "2020"}).error.find("2020") != std::string::npos);
}

TEST_CASE("--print is repeatable and the command line prints back") {
  auto parsed = parseDxcCommandLine({"--print", "ast", "--print=spirv", "-T", "cs_6_6", "-spirv", "a b.hlsl"});
  REQUIRE(parsed.error.empty());
  CHECK(parsed.options.printStages == std::vector<std::string>{"ast", "spirv"});
  CHECK(toDxcCommandLine(parsed.options) == "dxc -T cs_6_6 -E main -spirv -fspv-target-env=vulkan1.0 'a b.hlsl'");
}

TEST_CASE("descriptor-heap form and slots (our options) parse and print back", "[heaps]") {
  auto parsed = parseDxcCommandLine({"-spirv", "-fspv-heap-form=portable", "-fspv-heap-slots=9", "x.hlsl"});
  REQUIRE(parsed.error.empty());
  CHECK(parsed.options.spvHeapForm == SpvHeapForm::Portable);
  CHECK(parsed.options.spvHeapSlots == 9);
  const std::string line = toDxcCommandLine(parsed.options);
  CHECK(line.find("-fspv-heap-form=portable") != std::string::npos);
  CHECK(line.find("-fspv-heap-slots=9") != std::string::npos);

  auto byDefault = parseDxcCommandLine({"-spirv", "x.hlsl"});
  CHECK(byDefault.options.spvHeapForm == SpvHeapForm::Proposal);
  CHECK(toDxcCommandLine(byDefault.options).find("heap") == std::string::npos);
  CHECK(parseDxcCommandLine({"-fspv-heap-form=proposal"}).options.spvHeapForm == SpvHeapForm::Proposal);

  CHECK(parseDxcCommandLine({"-fspv-heap-form=mutable"}).error == "unknown descriptor-heap form 'mutable' (expected proposal or portable)");
  CHECK(parseDxcCommandLine({"-fspv-heap-slots=0"}).error == "invalid -fspv-heap-slots value '0' (expected 1..4096)");
  CHECK(parseDxcCommandLine({"-fspv-heap-slots=x"}).error == "invalid -fspv-heap-slots value 'x' (expected 1..4096)");
}

TEST_CASE("an empty output file name is an error, not 'write nothing'") {
  for (const char* option : {"-Fo", "-Fc"}) {
    auto separate = parseDxcCommandLine({"-T", "cs_6_0", option, "", "in.hlsl"});
    CHECK(separate.error == std::string("option '") + option + "' requires a file name");
    auto attached = parseDxcCommandLine({"-T", "cs_6_0", std::string(option) + "=", "in.hlsl"});
    CHECK(attached.error == std::string("option '") + option + "' requires a file name");
  }
}

TEST_CASE("profiles DXC calls invalid are usage errors; SM 6.9 only on SPIR-V", "[profile]") {
  for (const char* bad : {"xx", "", "cs_6_66666666666666666", "cs_9_9", "cs_5_0", "cs_6_10", "cs_6_06", "zz_6_0",
                          "ms_6_4", "lib_6_0", "cs_6", "cs_6_"}) {
    INFO(bad);
    CHECK(!parseDxcCommandLine({"-T", bad, "in.hlsl"}).error.empty());
    CHECK(!parseDxcCommandLine({"-T", bad, "-spirv", "in.hlsl"}).error.empty());
  }
  for (const char* good : {"cs_6_0", "cs_6_8", "ps_6_6", "ms_6_5", "lib_6_3", "lib_6_x"}) {
    INFO(good);
    CHECK(parseDxcCommandLine({"-T", good, "in.hlsl"}).error.empty());
  }
  CHECK(parseDxcCommandLine({"-T", "cs_6_9", "in.hlsl"}).error.find("the DXIL target supports shader models 6.0-6.8") !=
        std::string::npos);
  CHECK(parseDxcCommandLine({"-T", "cs_6_9", "-spirv", "in.hlsl"}).error.empty());
}

TEST_CASE("a compile with a profile no back end takes is an error, not LLVM's fatal error", "[profile]") {
  // The GUI and the bundle runner call compileSource directly: LLVM ended the process there
  // ("LLVM ERROR: Unsupported Shader Model version") for 6.9 and 6.10.
  const char* source = "RWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() { o[0] = 1; }\n";
  CompileOptions options;
  options.profile = "cs_6_9";
  auto dxil = compileSource("t.hlsl", source, options);
  CHECK(!dxil->succeeded);
  REQUIRE(!dxil->diagnostics.empty());
  CHECK(dxil->diagnostics[0].message.find("DXIL target supports shader models 6.0-6.8") != std::string::npos);
  options.target = TargetKind::Spirv;
  auto spirv = compileSource("t.hlsl", source, options);
  INFO(renderDiagnostics(spirv->diagnostics));
  CHECK(spirv->succeeded);
  options.profile = "cs_6_10";
  CHECK(!compileSource("t.hlsl", source, options)->succeeded);
}

TEST_CASE("root signature options: -rootsig-define, -force-rootsig-ver, -T rootsig_1_x", "[rootsig]") {
  auto parsed = parseDxcCommandLine({"-T", "cs_6_0", "-rootsig-define", "RS", "-force-rootsig-ver", "rootsig_1_0", "f.hlsl"});
  REQUIRE(parsed.error.empty());
  CHECK(parsed.options.rootSignatureDefine == "RS");
  CHECK(parsed.options.forceRootSignatureVersion == "rootsig_1_0");
  CHECK(toDxcCommandLine(parsed.options).find("-rootsig-define RS -force-rootsig-ver rootsig_1_0") != std::string::npos);
  CHECK(parseDxcCommandLine({"-force-rootsig-ver", "rootsig_2_0", "f.hlsl"}).error ==
        "invalid root signature version 'rootsig_2_0' (rootsig_1_0 or rootsig_1_1)");

  for (const char* profile : {"rootsig_1_0", "rootsig_1_1"}) {
    auto rs = parseDxcCommandLine({"-T", profile, "-E", "RS", "f.hlsl"});
    REQUIRE(rs.error.empty());
    CHECK(rs.options.rootSignatureOnly());
    CHECK(stagesFor(rs.options) == std::vector<std::string>{"preprocessed", "container"});
    CHECK(profileError(profile, /*spirv=*/true).find("root signatures are DXIL only") != std::string::npos);
  }
  CHECK_FALSE(profileError("rootsig_1_2", false).empty());
}

TEST_CASE("-T rootsig_1_1 compiles the -E macro into a container with only RTS0", "[rootsig]") {
  auto parsed = parseDxcCommandLine({"-T", "rootsig_1_1", "-E", "RS", "f.hlsl"});
  REQUIRE(parsed.error.empty());
  auto result = compileSource("f.hlsl", "#define RS \"CBV(b0)\"\nnot hlsl at all\n", parsed.options);
  REQUIRE(result->succeeded);
  // header (32) + one offset (4) + part header (8) + RTS0: 24 header + 12 parameter + 12 CBV.
  REQUIRE(result->object.size() == 92);
  CHECK(std::string(result->object.begin() + 36, result->object.begin() + 40) == "RTS0");
  REQUIRE(result->stage("container"));
  CHECK(result->stage("container")->text.find("CBV(b0, space = 0, flags = 0") != std::string::npos);
}
