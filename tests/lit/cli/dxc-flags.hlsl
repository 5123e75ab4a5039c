// -denorm and -Gis as DXC writes them (DXC's CodeGenSPIRV/opt.denorm.hlsl and DXC/denorm.test
// describe the same): SPIR-V execution modes with their capability (and SPV_KHR_float_controls
// below SPIR-V 1.4), the DXIL entry's "fp32-denorm-mode" attribute, through the bitcode too.
// RUN: %shaderlens compile -T ps_6_2 -denorm preserve -spirv --print spirv %s | FileCheck %s --check-prefix=PRE
// PRE: OpCapability DenormPreserve
// PRE: OpExtension "SPV_KHR_float_controls"
// PRE: OpExecutionMode %main DenormPreserve 32
// RUN: %shaderlens compile -T ps_6_2 -denorm FTZ -spirv -fspv-target-env=vulkan1.2 --print spirv %s | FileCheck %s --check-prefix=FTZ12
// FTZ12: OpCapability DenormFlushToZero
// FTZ12-NOT: OpExtension "SPV_KHR_float_controls"
// FTZ12: OpExecutionMode %main DenormFlushToZero 32
// RUN: %shaderlens compile -T ps_6_2 -denorm any -spirv --print spirv %s | FileCheck %s --check-prefix=ANY
// ANY-NOT: Denorm
// ANY-NOT: float_controls
// ANY: OpFunctionEnd
// RUN: %shaderlens compile -T ps_6_2 -Gis -spirv --print spirv %s | FileCheck %s --check-prefix=GIS
// GIS: OpCapability SignedZeroInfNanPreserve
// GIS: OpExecutionMode %main SignedZeroInfNanPreserve 32
//
// RUN: %shaderlens compile -T ps_6_2 -denorm ftz --print dxil %s | FileCheck %s --check-prefix=DXIL
// DXIL: attributes #0 = { {{.*}}"fp32-denorm-mode"="ftz"
// RUN: %shaderlens compile -T ps_6_2 -denorm preserve -Fo %t.dxil %s
// RUN: %shaderlens dis %t.dxil | FileCheck %s --check-prefix=BITCODE
// BITCODE: attributes #0 = { {{.*}}"fp32-denorm-mode"="preserve"
// RUN: %shaderlens compile -T ps_6_2 --print dxil %s | FileCheck %s --check-prefix=CLEAN
// CLEAN-NOT: fp32-denorm-mode
//
// Usage errors (exit 2) in DXC's words.
// RUN: %expect_exit 2 %shaderlens compile -T ps_6_2 -denorm bad -spirv %s
// RUN: not %shaderlens compile -T ps_6_2 -denorm bad -spirv %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Unsupported value 'bad' for denorm option.
// RUN: not %shaderlens compile -T ps_6_1 -denorm any %s 2>&1 | FileCheck %s --check-prefix=SM62
// SM62: denorm option is only allowed for shader model 6.2 and above.
// RUN: not %shaderlens compile -T ps_6_2 -denorm 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: option '-denorm' requires a value
//
// What DXC refuses with -spirv (hasUnsupportedSpirvOption); -Fre takes a file, not "e" glued to -Fr.
// RUN: not %shaderlens compile -T ps_6_2 -spirv -Fd %t.pdb %s 2>&1 | FileCheck %s --check-prefix=FD
// FD: -Fd is not supported with -spirv
// RUN: not %shaderlens compile -T ps_6_2 -spirv -Fre %t.txt %s 2>&1 | FileCheck %s --check-prefix=FRE
// FRE: -Fre is not supported with -spirv
// RUN: not %shaderlens compile -T ps_6_2 -spirv -Gec %s 2>&1 | FileCheck %s --check-prefix=GEC
// GEC: -Gec is not supported with -spirv
// RUN: not %shaderlens compile -T ps_6_2 -spirv -Qstrip_reflect %s 2>&1 | FileCheck %s --check-prefix=STRIP
// STRIP: -Qstrip_reflect is not supported with -spirv
// RUN: %expect_exit 2 %shaderlens compile -T ps_6_2 -spirv -Gec %s
// RUN: %shaderlens compile -T ps_6_2 -Fre %t.txt -Fd %t.pdb -Gec -Fo %t.2.dxil %s
float4 main(float4 col : COL) : SV_Target { return col; }
//
// DXC spellings that change nothing here: -fcgl and -Oconfig= (no SPIRV-Tools optimizer runs, so
// the module is the same), -Wno-<group>, -vkbr (short for -fvk-bind-register), -default-linkage.
// RUN: %shaderlens compile -T ps_6_2 -spirv --print spirv %s > %t.plain.txt
// RUN: %shaderlens compile -T ps_6_2 -spirv -fcgl -Oconfig=--loop-unroll,--scalar-replacement=300 -Wno-conversion --print spirv %s > %t.fcgl.txt
// RUN: diff %t.plain.txt %t.fcgl.txt
// RUN: %shaderlens compile -T ps_6_2 -spirv -vkbr t0 0 3 1 -default-linkage external -Fo %t.spv %s
// RUN: not %shaderlens compile -T ps_6_2 -default-linkage sideways %s 2>&1 | FileCheck %s --check-prefix=LINKAGE
// LINKAGE: Unsupported value 'sideways' for -default-linkage option.
//
// -fspv-entrypoint-name= names the OpEntryPoint (the function keeps its name), as DXC.
// RUN: %shaderlens compile -T ps_6_2 -spirv -fspv-entrypoint-name=PSMain --print spirv %s | FileCheck %s --check-prefix=RENAMED
// RUN: %shaderlens compile -T ps_6_2 -spirv -fspv-entrypoint-name=PSMain -Fo %t.renamed.spv %s
// RENAMED: OpEntryPoint Fragment %main "PSMain"
// RENAMED: OpName %main "main"
