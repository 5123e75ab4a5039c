#!/usr/bin/env python3
"""How many of DXC's dx.op CHECK lines our DXIL output has.

For every HLSLFileCheck test (microsoft/DirectXShaderCompiler tools/clang/test/HLSLFileCheck, read
from where it lies, e.g. a `git archive` of the fetched mirror) with a `%dxc ... -T cs|vs|ps_6_x`
RUN line piped to FileCheck: compile the same flags with `shaderlens compile --print dxil` and,
for every CHECK line of that RUN line's prefixes naming `@dx.op.<function>.<overload>(`, look for
that function in our output. Order and operands are not compared (FileCheck would fail whole
files on unrelated lines); this counts which dx.op forms DXC picks that we pick too.

Usage: scripts/dxc-dxop-checks.py HLSLFILECHECK_DIR [--shaderlens PATH] [-j N]
Prints the totals over compiled RUN lines and the most often missed functions.
"""
import argparse, collections, concurrent.futures, os, re, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = re.compile(r'\s*//\s*RUN:\s*%dxc\s+(.*?)\|\s*FileCheck\s+(.*)')
DXOP = re.compile(r'@?(dx\.op\.[A-Za-z0-9_.]+)\(')


def run_lines(root):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith('.hlsl'):
                continue
            path = os.path.join(d, f)
            text = open(path, errors='replace').read()
            for line in text.split('\n'):
                m = RUN.match(line)
                if not m:
                    continue
                args = m.group(1).replace('%s', path).split()
                if '-T' not in args or args.index('-T') + 1 >= len(args):
                    continue
                if not re.match(r'(cs|vs|ps)_6_\d$', args[args.index('-T') + 1]):
                    continue
                pm = re.search(r'-check-prefix(?:es)?[= ](\S+)', m.group(2))
                yield path, args, pm.group(1).split(',') if pm else ['CHECK'], text


def measure(shaderlens, item):
    path, args, prefixes, text = item
    try:
        out = subprocess.run([shaderlens, 'compile', '--print', 'dxil'] + args, capture_output=True, text=True,
                             timeout=60).stdout
    except subprocess.TimeoutExpired:
        out = ''
    ours = set(DXOP.findall(out))
    wanted = []
    check = re.compile(r'\s*//\s*(' + '|'.join(map(re.escape, prefixes)) + r')(?:-NEXT|-DAG|-SAME)?:\s*(.*)')
    for line in text.split('\n'):
        m = check.match(line)
        if m:
            wanted += [fn for fn in DXOP.findall(m.group(2)) if '{{' not in fn]
    return bool(out), wanted, [fn for fn in wanted if fn not in ours]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('root')
    ap.add_argument('--shaderlens', default=os.path.join(ROOT, 'build', 'app', 'shaderlens'))
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    items = list(run_lines(a.root))
    compiled = total = found = 0
    missed = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for ok, wanted, miss in ex.map(lambda i: measure(a.shaderlens, i), items):
            if not ok:
                continue
            compiled += 1
            total += len(wanted)
            found += len(wanted) - len(miss)
            missed.update(miss)
    print(f'RUN lines {len(items)}, compiled {compiled}; dx.op CHECK lines on them {total}, '
          f'found in our output {found} ({100 * found / max(total, 1):.1f}%)')
    for fn, n in missed.most_common(15):
        print(f'{n:6d}  {fn}')


if __name__ == '__main__':
    main()
