#!/usr/bin/env python3
"""Recomputes a DXContainer's two digests independently of shaderlens and prints them.

  header digest: the DXBC checksum (MD5's compression, DXC's final block) of the bytes from 20
  HASH:          hashlib's MD5 of the DXIL part's bitcode

Prints `header stored=<hex> computed=<hex>` and, for a HASH part,
`HASH flags=<n> stored=<hex> md5(bitcode)=<hex>`, so a FileCheck line can demand equality.
"""
import hashlib
import math
import struct
import sys

SHIFTS = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4
SINES = [int(abs(math.sin(i + 1)) * 2**32) & 0xFFFFFFFF for i in range(64)]
MASK = 0xFFFFFFFF


def compress(state, block):
    words = struct.unpack("<16I", block)
    a, b, c, d = state
    for i in range(64):
        if i < 16:
            f, g = (b & c) | (~b & d), i
        elif i < 32:
            f, g = (d & b) | (~d & c), (5 * i + 1) % 16
        elif i < 48:
            f, g = b ^ c ^ d, (3 * i + 5) % 16
        else:
            f, g = c ^ (b | (~d & MASK)), (7 * i) % 16
        total = (f + a + SINES[i] + words[g]) & MASK
        a, d, c = d, c, b
        b = (b + ((total << SHIFTS[i]) | (total >> (32 - SHIFTS[i])))) & MASK
    return [(x + y) & MASK for x, y in zip(state, (a, b, c, d))]


def dxbc_checksum(data):
    state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476]
    whole = len(data) // 64 * 64
    for offset in range(0, whole, 64):
        state = compress(state, data[offset:offset + 64])
    rest = data[whole:]
    bits = struct.pack("<I", (len(data) * 8) & MASK)
    last = struct.pack("<I", (len(data) * 2 | 1) & MASK)
    if len(rest) < 56:
        final = [bits + rest + b"\x80" + b"\0" * (55 - len(rest)) + last]
    else:
        final = [rest + b"\x80" + b"\0" * (63 - len(rest)), bits + b"\0" * 56 + last]
    for block in final:
        state = compress(state, block)
    return struct.pack("<4I", *state)


def main():
    data = open(sys.argv[1], "rb").read()
    print("header stored=%s computed=%s" % (data[4:20].hex(), dxbc_checksum(data[20:]).hex()))
    count = struct.unpack_from("<I", data, 28)[0]
    parts = {}
    for offset in struct.unpack_from("<%dI" % count, data, 32):
        size = struct.unpack_from("<I", data, offset + 4)[0]
        parts[data[offset:offset + 4].decode()] = data[offset + 8:offset + 8 + size]
    if "HASH" in parts:
        flags = struct.unpack_from("<I", parts["HASH"])[0]
        program = parts["DXIL"]
        start = 8 + struct.unpack_from("<I", program, 16)[0]
        bitcode = program[start:start + struct.unpack_from("<I", program, 20)[0]]
        print("HASH flags=%d stored=%s md5(bitcode)=%s" % (flags, parts["HASH"][4:].hex(),
                                                          hashlib.md5(bitcode).hexdigest()))


main()
