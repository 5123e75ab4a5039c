#!/usr/bin/env python3
"""Extracts the real containers listed in fetch-list.txt from git mirrors of their repositories.

  extract.py MIRRORS OUT [fetch-list.txt]

Each list line is `repository<TAB>commit<TAB>path<TAB>symbol<TAB>licence`. The repository's mirror
is MIRRORS/<owner>+<name>/repo (a bare git directory, as the session's `fetch` tool leaves it, or
any `git clone --mirror`). Symbol `-` takes the file's bytes as they are; otherwise the file is C
source and the symbol names an array initialized with the container: bytes (`BYTE x[] = {0x44,
0x58, ...}`, DXC's -Fh form) or 32-bit little-endian words (`DWORD x[] = {0x43425844, ...}`).
Writes OUT/<n>-<symbol or file name>.dxil and OUT/index.tsv (file, repository, commit, path, symbol,
licence); a line that cannot be extracted is reported and skipped."""
import os
import re
import struct
import subprocess
import sys


def blob(mirrors, repo, commit, path):
    git_dir = os.path.join(mirrors, repo.replace('/', '+'), 'repo')
    return subprocess.run(['git', '--git-dir', git_dir, 'show', f'{commit}:{path}'],
                          check=True, capture_output=True).stdout


def array_bytes(source, symbol):
    text = source.decode('utf-8', 'replace')
    m = re.search(r'(\w+)\s+' + re.escape(symbol) + r'\s*\[\s*\]\s*=\s*\{', text)
    if not m:
        raise ValueError(f'no array {symbol}')
    body = text[m.end():text.index('}', m.end())]
    body = re.sub(r'#if 0.*?#endif', '', body, flags=re.S)
    body = re.sub(r'/\*.*?\*/|//[^\n]*', '', body, flags=re.S)
    values = [int(v, 0) for v in re.findall(r'0[xX][0-9a-fA-F]+|\b\d+\b', body)]
    if values and max(values) > 0xFF:
        return b''.join(struct.pack('<I', v) for v in values)
    return bytes(values)


def main():
    mirrors, out = sys.argv[1], sys.argv[2]
    listing = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(__file__), 'fetch-list.txt')
    os.makedirs(out, exist_ok=True)
    index = []
    n = 0
    for line in open(listing):
        if not line.strip() or line.startswith('#'):
            continue
        repo, commit, path, symbol, licence = line.rstrip('\n').split('\t')
        n += 1
        name = f'{n:03d}-' + (os.path.basename(path) if symbol == '-' else symbol) + ('' if symbol == '-' else '.dxil')
        try:
            data = blob(mirrors, repo, commit, path)
            if symbol != '-':
                data = array_bytes(data, symbol)
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f'skipped {repo} {path} {symbol}: {e}', file=sys.stderr)
            continue
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
        index.append('\t'.join([name, repo, commit, path, symbol, licence]))
    with open(os.path.join(out, 'index.tsv'), 'w') as f:
        f.write('\n'.join(index) + '\n')
    print(f'{len(index)} containers in {out}')


if __name__ == '__main__':
    main()
