#!/usr/bin/env python3
"""Runs a command and succeeds only if it exits with the given status: `expect_exit.py 2 cmd args...`.
lit's internal shell has no `$?`, and `not` accepts any non-zero status; exit codes are part of
the CLI's contract (0 ok, 1 compile errors, 2 usage or I/O errors)."""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    sys.stderr.write(f"expected exit status {expected}, got {status}: {' '.join(sys.argv[2:])}\n")
    sys.exit(1)
