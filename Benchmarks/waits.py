#!/usr/bin/env python3
"""The waits a person feels on a large form (issue 34, point 6), through a pty as ptybench.py
measures: typing into a text row with and without pauses, SIGTERM, the review's Ctrl-S and Esc,
Ctrl-G on a million rows, and piped answers in the line mode (CPU time).

    python3 Benchmarks/waits.py .build/release/formtui [--rows 100000]

Each pair of figures is the small form (100 rows) and the large one; a wait that follows the
size of the form shows as a large figure growing with --rows. Standard library only; Linux.
"""
import argparse
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptybench as pb  # noqa: E402
import specgen  # noqa: E402

now = time.perf_counter


def spec(rows, folder, required=True):
    path = os.path.join(folder, f"spec-{rows}-{int(required)}.yaml")
    with open(path, "w") as out:
        specgen.write_yaml(rows, out)
    if not required:
        with open(path) as text:
            body = text.read().replace(", required: true", "")
        with open(path, "w") as out:
            out.write(body)
    return path


def start(argv, folder):
    program = pb.Program(argv, env=dict(os.environ, XDG_CONFIG_HOME=folder))
    program.drain(quiet=0.5, first=120)
    return program


def one(program, data, quiet=pb.QUIET):
    sent = now()
    program.send(data)
    _, last = program.drain(quiet=quiet, first=10)
    return (last - sent) * 1000 if last else None


def typing(binary, path, folder):
    program = start([binary, "form", path], folder)
    before = program.cpu_ms()
    keys = [one(program, b"a") for _ in range(30)]
    cpu = (program.cpu_ms() - before) / 30
    paused = []
    for _ in range(6):
        time.sleep(0.4)  # past the journal's 0.3 s
        paused.append(one(program, b"b"))
    program.send(b"c")
    program.drain()
    quit_ms = program.quit(sig=signal.SIGTERM)
    return statistics.median([k for k in keys if k]), cpu, statistics.median(paused), quit_ms


def review(binary, path, folder):
    program = start([binary, "form", "--review", path], folder)
    one(program, b"x")
    time.sleep(0.5)
    program.drain()
    save = one(program, b"\x13", quiet=0.3)
    time.sleep(0.3)
    back = one(program, b"\x1b", quiet=0.3)
    program.quit(sig=signal.SIGKILL)
    return save, back


def jump(binary, rows, folder):
    program = start([binary, "large", "--rows", str(rows)], folder)
    program.send(b"\x07")
    program.drain(quiet=0.3)
    sent = now()
    program.send(f"Item {rows - 1}".encode())
    _, last = program.drain(quiet=1.5, first=30)
    program.quit(sig=signal.SIGKILL)
    return (last - sent) * 1000 if last else None


def lines(binary, rows, folder):
    path = os.path.join(folder, f"lines-{rows}.json")
    sections = [
        {"header": f"P{s}", "rows": [{"id": f"t{i}", "type": "text", "title": f"Text {i}"} for i in range(s * 100, min(rows, s * 100 + 100))]}
        for s in range((rows + 99) // 100)
    ]
    with open(path, "w") as out:
        json.dump({"title": "Lines", "sections": sections}, out)
    answers = "".join(f"a{i}\n" for i in range(rows)) + "y\n" * 3
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [binary, "form", "--accessible", path], input=answers.encode(), capture_output=True,
        env=dict(os.environ, XDG_CONFIG_HOME=folder))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("formtui")
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    for rows in (100, args.rows):
        key, cpu, paused, quit_ms = typing(args.formtui, spec(rows, folder), folder)
        print(f"{rows} rows: key {key:.2f} ms ({cpu:.2f} ms CPU), key after a pause {paused:.1f} ms, SIGTERM {quit_ms:.0f} ms")
        save, back = review(args.formtui, spec(rows, folder, required=False), folder)
        print(f"{rows} rows: review Ctrl-S {save:.0f} ms, Esc {back:.0f} ms")
    print(f"Ctrl-G 'Item 999999' on 1,000,000 rows: found and quiet after {jump(args.formtui, 1_000_000, folder):.0f} ms")
    for rows in (5_000, 10_000):
        print(f"line mode, {rows} piped answers: {lines(args.formtui, rows, folder):.0f} ms CPU")


if __name__ == "__main__":
    main()
