#!/usr/bin/env python3
"""Writes one malformed input for malformed.test: `make_malformed.py KIND GOOD.dxil OUT`.
The offsets the tests expect are those of GOOD = dxc-passthru-ps.dxil (5 parts: SFI0 at 52, ISG1
at 68, OSG1 at 122, PSV0 at 180, DXIL at 304; bitcode at 336)."""
import struct
import sys

kind, good, out = sys.argv[1], sys.argv[2], sys.argv[3]
data = bytearray(open(good, 'rb').read())


def set32(at, value):
    data[at:at + 4] = struct.pack('<I', value)


if kind == 'empty':
    data = bytearray()
elif kind == 'random':
    data = bytearray((i * 97 + 13) % 256 for i in range(256))
elif kind == 'short-header':
    data = data[:14]
elif kind == 'truncated':
    data = data[:1000]
elif kind == 'offset-past-end':
    set32(32 + 4 * 1, 0xFFFF0000)
elif kind == 'overlap':
    set32(32 + 4 * 2, 70)  # part 2 starts inside part 1 (ISG1 at 68)
elif kind == 'size-past-end':
    set32(304 + 4, 0x10000)  # the DXIL part's size
elif kind == 'part-count':
    set32(28, 0x40000000)
elif kind == 'bad-bitcode':
    data[336 + 4:336 + 64] = b'\xff' * 60  # keep the 'BC' magic, scramble what follows
elif kind == 'bad-bitcode-header':
    set32(304 + 8 + 16, 0x7FFFFFF0)  # the bitcode's offset
else:
    sys.exit(f'unknown kind {kind}')
open(out, 'wb').write(data)
