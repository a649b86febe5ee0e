#!/usr/bin/env python3
"""Writes Build/startup.order: the functions `formtui` runs from its start to its first frames, for
the linker to place side by side (`make` passes it to gold as --section-ordering-file).

Why: the kernel maps a program's code 64 KB at a time around each page it touches. The ~1 MB of
functions a start runs are spread over the binary's 20 MB of code, so it ended up with 9 MB of it
resident; placed together they take about what they weigh. A stale list only costs memory again
(functions missing from it land elsewhere), never correctness.

Usage: Build/startup-order.py BINARY > Build/startup.order
Needs valgrind. BINARY must be a release build with -function-sections (as `make install` builds
it); each demo and a small `formtui form` start under callgrind in an 80x24 pty, take a few keys
and quit.
"""
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import fcntl
import termios

KEYS = [b"\x1b[B", b"\x1b[B", b" ", b" ", b"\x1b[A"]
SPEC = """title: Sign up
sections:
  - header: Account
    rows:
      - {id: name, type: text, title: Full name, required: true}
      - {id: news, type: switch, title: Newsletter, default: true}
      - {id: country, type: select, title: Country, options: [Sweden, France]}
"""


def drain(fd, quiet):
    """Reads what the program draws until it is quiet for `quiet` seconds."""
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


def run(argv, folder):
    pid, fd = pty.fork()
    if pid == 0:
        env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        env.update(TERM="xterm-256color", LANG="C.UTF-8", HOME=folder, XDG_CONFIG_HOME=folder)
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    drain(fd, 3)  # callgrind is about 50 times slower than the program
    for key in KEYS:
        os.write(fd, key)
        drain(fd, 1)
    os.write(fd, b"\x1b")
    drain(fd, 2)
    os.write(fd, b"\x1b")  # a form asks before it drops changes: the second Esc leaves
    drain(fd, 2)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)


def main():
    binary = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="startup-order")
    try:
        # valgrind cannot read the DWARF of a Swift binary this size: give it the symbols only.
        plain = os.path.join(folder, "formtui")
        subprocess.run(["strip", "--strip-debug", "-o", plain, binary], check=True)
        spec = os.path.join(folder, "spec.yaml")
        with open(spec, "w") as out:
            out.write(SPEC)
        commands = [["large", "--rows", "100"], ["preferences"], ["hotspot"], ["registration"], ["showcase"],
                    ["form", spec]]
        functions = set()
        for index, command in enumerate(commands):
            profile = os.path.join(folder, f"callgrind.{index}")
            state = os.path.join(folder, f"state{index}.json")
            extra = ["--state", state]
            run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}", plain]
                + command + extra, folder)
            with open(profile, errors="replace") as lines:
                for line in lines:
                    match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
                    if match:
                        functions.add(re.sub(r"'\d+$", "", match.group(1)))
        symbols = subprocess.run(["nm", "--defined-only", plain], capture_output=True, text=True,
                                 check=True).stdout.split("\n")
        known = {parts[2] for parts in (line.split(" ", 2) for line in symbols)
                 if len(parts) == 3 and parts[1] in "tTwW"}
        for name in sorted(functions & known):
            print(f".text.{name}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
