#!/usr/bin/env python3
"""Prints a DXContainer's RTS0 part as LLVM's obj2yaml does (field names, order, which flags are
shown), so the offload-test-suite's `# OBJ` expectations (obj2yaml of DXC's containers) can be
checked against our containers with FileCheck. LLVM 19's obj2yaml predates RTS0 support.

It decodes the bytes itself, independently of core/dxil/rootsig, so it is also a second reader
of our layout. Usage: rts0_yaml.py CONTAINER
"""
import struct
import sys

PARAMETER_TYPES = {0: "DescriptorTable", 1: "Constants32Bit", 2: "CBV", 3: "SRV", 4: "UAV"}
VISIBILITIES = ["All", "Vertex", "Hull", "Domain", "Geometry", "Pixel", "Amplification", "Mesh"]
RANGE_TYPES = ["SRV", "UAV", "CBV", "Sampler"]
ROOT_FLAGS = ["AllowInputAssemblerInputLayout", "DenyVertexShaderRootAccess", "DenyHullShaderRootAccess",
              "DenyDomainShaderRootAccess", "DenyGeometryShaderRootAccess", "DenyPixelShaderRootAccess",
              "AllowStreamOutput", "LocalRootSignature", "DenyAmplificationShaderRootAccess",
              "DenyMeshShaderRootAccess", "CBVSRVUAVHeapDirectlyIndexed", "SamplerHeapDirectlyIndexed"]
DESCRIPTOR_FLAGS = [(0x2, "DATA_VOLATILE"), (0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE"), (0x8, "DATA_STATIC")]
RANGE_FLAGS = [(0x1, "DESCRIPTORS_VOLATILE"), (0x2, "DATA_VOLATILE"), (0x4, "DATA_STATIC_WHILE_SET_AT_EXECUTE"),
               (0x8, "DATA_STATIC"), (0x10000, "DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS")]
FILTER_MODES = {0x00: "MinMagMipPoint", 0x01: "MinMagPointMipLinear", 0x04: "MinPointMagLinearMipPoint",
                0x05: "MinPointMagMipLinear", 0x10: "MinLinearMagMipPoint", 0x11: "MinLinearMagPointMipLinear",
                0x14: "MinMagLinearMipPoint", 0x15: "MinMagMipLinear", 0x55: "Anisotropic"}
FILTER_REDUCTIONS = {0x000: "", 0x080: "Comparison", 0x100: "Minimum", 0x180: "Maximum"}
ADDRESS_MODES = {1: "Wrap", 2: "Mirror", 3: "Clamp", 4: "Border", 5: "MirrorOnce"}
COMPARISONS = {1: "Never", 2: "Less", 3: "Equal", 4: "LessEqual", 5: "Greater", 6: "NotEqual", 7: "GreaterEqual",
               8: "Always"}
BORDER_COLORS = {0: "TransparentBlack", 1: "OpaqueBlack", 2: "OpaqueWhite", 3: "OpaqueBlackUint", 4: "OpaqueWhiteUint"}


def filter_name(value):
    reduction, mode = value & 0x180, value & ~0x180
    if reduction in FILTER_REDUCTIONS and mode in FILTER_MODES:
        name = FILTER_REDUCTIONS[reduction] + FILTER_MODES[mode]
        return name[0].upper() + name[1:]
    return str(value)


def fmt_float(bits):
    # LLVM's YAML writes floats with "%g".
    return "%g" % struct.unpack("<f", struct.pack("<I", bits))[0]


def main():
    data = open(sys.argv[1], "rb").read()
    if data[:4] != b"DXBC":
        sys.exit("not a DXContainer")
    part_count = struct.unpack_from("<I", data, 28)[0]
    offsets = struct.unpack_from("<%dI" % part_count, data, 32)
    for offset in offsets:
        name, size = data[offset:offset + 4].decode("ascii"), struct.unpack_from("<I", data, offset + 4)[0]
        if name == "RTS0":
            print_rts0(data[offset + 8:offset + 8 + size], size)
            return
    sys.exit("no RTS0 part")


def print_rts0(p, size):
    def u32(off, index=0):
        return struct.unpack_from("<I", p, off + 4 * index)[0]

    def i32(off, index=0):
        return struct.unpack_from("<i", p, off + 4 * index)[0]

    version, num_params, params_off, num_samplers, samplers_off, flags = struct.unpack_from("<6I", p, 0)
    v11 = version == 2
    out = ["- Name:            RTS0", "  Size:            %d" % size, "  RootSignature:",
           "    Version:         %d" % version, "    NumRootParameters: %d" % num_params,
           "    RootParametersOffset: %d" % params_off, "    NumStaticSamplers: %d" % num_samplers,
           "    StaticSamplersOffset: %d" % samplers_off, "    Parameters:"]
    for i in range(num_params):
        ptype, vis, payload = struct.unpack_from("<3I", p, params_off + 12 * i)
        out.append("      - ParameterType:   %s" % PARAMETER_TYPES.get(ptype, ptype))
        out.append("        ShaderVisibility: %s" % (VISIBILITIES[vis] if vis < len(VISIBILITIES) else vis))
        if ptype == 1:
            out += ["        Constants:", "          Num32BitValues:  %d" % u32(payload, 2),
                    "          RegisterSpace:   %d" % u32(payload, 1), "          ShaderRegister:  %d" % u32(payload, 0)]
        elif ptype in (2, 3, 4):
            out += ["        Descriptor:", "          RegisterSpace:   %d" % u32(payload, 1),
                    "          ShaderRegister:  %d" % u32(payload, 0)]
            if v11:
                out += ["          %s: true" % n for bit, n in DESCRIPTOR_FLAGS if u32(payload, 2) & bit]
        elif ptype == 0:
            num_ranges, ranges = u32(payload, 0), u32(payload, 1)
            out += ["        Table:", "          NumRanges:       %d" % num_ranges,
                    "          RangesOffset:    %d" % ranges, "          Ranges:"]
            stride = 24 if v11 else 20
            for r in range(num_ranges):
                base = ranges + stride * r
                words = struct.unpack_from("<%dI" % (stride // 4), p, base)
                out.append("            - RangeType:       %s" % RANGE_TYPES[words[0]])
                out.append("              NumDescriptors:  %d" % i32(base, 1))
                out.append("              BaseShaderRegister: %d" % words[2])
                out.append("              RegisterSpace:   %d" % words[3])
                out.append("              OffsetInDescriptorsFromTableStart: %d" % words[-1])
                if v11:
                    out += ["              %s: true" % n for bit, n in RANGE_FLAGS if words[4] & bit]
    if num_samplers:
        out.append("    Samplers:")
    for i in range(num_samplers):
        w = struct.unpack_from("<13I", p, samplers_off + 52 * i)
        out += ["      - Filter:          %s" % filter_name(w[0]),
                "        AddressU:        %s" % ADDRESS_MODES.get(w[1], w[1]),
                "        AddressV:        %s" % ADDRESS_MODES.get(w[2], w[2]),
                "        AddressW:        %s" % ADDRESS_MODES.get(w[3], w[3]),
                "        MipLODBias:      %s" % fmt_float(w[4]),
                "        MaxAnisotropy:   %d" % w[5],
                "        ComparisonFunc:  %s" % COMPARISONS.get(w[6], w[6]),
                "        BorderColor:     %s" % BORDER_COLORS.get(w[7], w[7]),
                "        MinLOD:          %s" % fmt_float(w[8]),
                "        MaxLOD:          %s" % fmt_float(w[9]),
                "        ShaderRegister:  %d" % w[10],
                "        RegisterSpace:   %d" % w[11],
                "        ShaderVisibility: %s" % (VISIBILITIES[w[12]] if w[12] < len(VISIBILITIES) else w[12])]
    out += ["    %s: true" % n for bit, n in enumerate(ROOT_FLAGS) if flags & (1 << bit)]
    print("\n".join(out))


if __name__ == "__main__":
    main()
