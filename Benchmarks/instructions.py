#!/usr/bin/env python3
"""Instructions per start and per key, formtui against dialog, counted by valgrind's callgrind
(run by `make bench`). Counts are exact and do not depend on the machine's load, unlike times.

Each program runs under callgrind in an 80x24 pty (Benchmarks/ptybench.py's `Program`), draws its
first frame, takes keys one at a time (each once the previous answer went quiet), and is stopped
with SIGTERM. A start is the whole run with no key (the SIGTERM's exit is a few thousand of it); a
key is (run with K more keys - run without them) / K, so the start and the quit cancel out:

  Down            Downs and Ups near the top of a 100-item list (focus moves, no scrolling)
  scrolling Down  Downs after 40, each of which scrolls the list
  Space           Spaces on the first item (a switch, a check box)
  typed char      letters typed into a text field
  start           to the first frame, `formtui large --rows 100` / `dialog --checklist` of 100,
                  and `formtui form` of a 5-field spec / `dialog --inputbox`

Valgrind 3.19 cannot read the DWARF 5 debug information Swift 6 writes: a copy of the binary
without it is measured (same code). Needs valgrind; prints nothing when it is missing.

Usage: instructions.py FORMTUI [--json FILE]
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptybench  # noqa: E402

# Under callgrind a program runs about 50 times slower. Each key's answer comes in one write, so a
# short quiet after its first byte is enough; it also keeps 2K keys within formtui's longest draft
# delay (2 s), so that each run writes its draft once, after its last key, which then cancels out.
QUIET = 0.05
KEYS = 8

SPEC = """title: Sign up
sections:
  - header: Account
    rows:
      - {id: name, type: text, title: Full name, required: true}
      - {id: email, type: email, title: Email}
      - {id: age, type: number, title: Age, min: 0, max: 150}
      - {id: country, type: select, title: Country, options: [Sweden, France, Japan]}
      - {id: news, type: switch, title: Newsletter, default: true}
"""


def count(argv, keys, folder):
    """Instructions of one run of `argv` under callgrind that takes `keys` and is then stopped.
    Each run has a new state file (`STATE` in `argv`) and config folder: a run stopped with
    changes leaves a draft, which the next would offer to resume."""
    out = os.path.join(folder, "callgrind.out")
    fresh = tempfile.mkdtemp(dir=folder)
    argv = [os.path.join(fresh, "state.json") if word == "STATE" else word for word in argv]
    env = dict(os.environ, XDG_CONFIG_HOME=fresh)
    program = ptybench.Program(
        ["valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv, env=env)
    program.drain(quiet=2.0, first=120)
    for key in keys:
        program.send(ptybench.key(program, key))
        program.drain(quiet=QUIET, first=10)
    program.quit(sig=signal.SIGTERM)
    with open(out) as results:
        found = re.search(r"^summary: (\d+)", results.read(), re.M)
    os.remove(out)
    shutil.rmtree(fresh, ignore_errors=True)
    return int(found.group(1)) if found else None


def keys(key, count):
    """`count` keys: Downs alternate with Ups in fives, so that focus moves on every key but the
    list never scrolls (dialog shows 12 items)."""
    if key != ptybench.DOWN or count == 0:
        return [key] * count
    return [ptybench.DOWN if index % 10 < 5 else ptybench.UP for index in range(count)]


def per_key(argv, key, folder, before=0):
    """(runs with 2K keys - K keys) / K: the start, the quit, and the one write of formtui's draft
    once the keys stop (its draft settles 300 ms after the last change), cancel out."""
    def sequence(count):
        return [ptybench.DOWN] * (before + count) if before else keys(key, count)

    base = count(argv, sequence(KEYS), folder)
    more = count(argv, sequence(2 * KEYS), folder)
    return (more - base) / KEYS if base and more else None


def measure(formtui, folder):
    """{figure: (formtui, dialog)} in instructions."""
    plain = os.path.join(folder, "formtui")
    subprocess.run(["objcopy", "--strip-debug", formtui, plain], check=True)
    spec = os.path.join(folder, "signup.yaml")
    with open(spec, "w") as out:
        out.write(SPEC)
    large = [plain, "large", "--rows", "100", "--state", "STATE"]
    form = [plain, "form", spec]
    items = ptybench.dialog_argv(100, os.path.join(folder, "items.txt"))
    inputbox = ["dialog", "--inputbox", "Full name", "8", "40"]
    with_dialog = ptybench.has("dialog")
    figures = {}

    def both(name, ours, theirs):
        figures[name] = (ours, theirs if with_dialog else None)

    def start(argv):
        return count(argv, [], folder)

    def key(argv, key, before=0):
        return per_key(argv, key, folder, before)

    both("instructions to the first frame (100-item list)", start(large), with_dialog and start(items))
    both("instructions to the first frame (5-field form / inputbox)", start(form),
         with_dialog and start(inputbox))
    both("instructions per Down", key(large, ptybench.DOWN), with_dialog and key(items, ptybench.DOWN))
    both("instructions per scrolling Down", key(large, ptybench.DOWN, before=40),
         with_dialog and key(items, ptybench.DOWN, before=40))
    both("instructions per Space", key(large, ptybench.SPACE), with_dialog and key(items, ptybench.SPACE))
    both("instructions per typed character", key(form, b"a"), with_dialog and key(inputbox, b"a"))
    return figures


def main():
    if not shutil.which("valgrind") or not shutil.which("objcopy"):
        print("instructions.py: valgrind or objcopy is missing: no instruction counts")
        return
    formtui = os.path.abspath(sys.argv[1])
    folder = tempfile.mkdtemp(prefix="instructions")
    try:
        figures = measure(formtui, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for name, (ours, theirs) in figures.items():
        print(f"{name:58} {ours or 0:>14,.0f} {theirs or 0:>14,.0f}")
    if "--json" in sys.argv:
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as out:
            json.dump(figures, out)


if __name__ == "__main__":
    main()
