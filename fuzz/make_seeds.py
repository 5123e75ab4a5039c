#!/usr/bin/env python3
"""Writes seed corpora for the fuzz targets, generated at run time from the shared
offload-test-suite and this repository's lit inputs (nothing is copied into the repo):

  OUT/fuzz_frontend/      every HLSL part of every split-file .test, and every lit .hlsl file
  OUT/fuzz_offload_yaml/  every YAML part (pipeline.yaml, rules.yaml, ...)
  OUT/spvasm/             lit .spvasm files, for scripts/fuzz.sh to assemble into fuzz_spirv_reader/

usage: make_seeds.py OUT SOURCE_DIR...
"""
import hashlib
import os
import re
import sys

PART = re.compile(r'^(?:#|//)--- (\S+)\s*$')
KINDS = {'.hlsl': 'fuzz_frontend', '.yaml': 'fuzz_offload_yaml', '.spvasm': 'spvasm'}


def split_parts(text):
    """(name, body) for each split-file part of `text`."""
    name, lines = None, []
    for line in text.splitlines(keepends=True):
        m = PART.match(line)
        if m:
            if name:
                yield name, ''.join(lines)
            name, lines = m.group(1), []
        elif name:
            lines.append(line)
    if name:
        yield name, ''.join(lines)


def save(out, kind, data):
    if not data.strip():
        return False
    raw = data.encode('utf-8', 'surrogateescape')
    path = os.path.join(out, kind, hashlib.sha1(raw).hexdigest()[:16] + (
        '.spvasm' if kind == 'spvasm' else ''))
    with open(path, 'wb') as f:
        f.write(raw)
    return True


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    for kind in set(KINDS.values()):
        os.makedirs(os.path.join(out, kind), exist_ok=True)
    counts = dict.fromkeys(KINDS.values(), 0)
    for root_dir in sys.argv[2:]:
        for root, _, files in os.walk(root_dir):
            for name in sorted(files):
                path = os.path.join(root, name)
                ext = os.path.splitext(name)[1]
                try:
                    text = open(path, encoding='utf-8', errors='surrogateescape').read()
                except OSError:
                    continue
                if ext in KINDS:
                    counts[KINDS[ext]] += save(out, KINDS[ext], text)
                elif ext == '.test':
                    for part, body in split_parts(text):
                        kind = KINDS.get(os.path.splitext(part)[1])
                        if kind:
                            counts[kind] += save(out, kind, body)
    print(' '.join(f'{k}={v}' for k, v in sorted(counts.items())))


if __name__ == '__main__':
    main()
