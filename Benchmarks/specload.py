#!/usr/bin/env python3
"""Times `formtui form` on large specs: N rows written by specgen.py in YAML, JSON and TOML,
loaded headless and left with Esc (the time to the first frame and out, its CPU and peak memory).

Usage: specload.py FORMTUI [--out FILE] [--rows N,N]   (default 20,000 and 100,000 rows)

With --out, the table replaces the section "## Large specs" of FILE (or is added at its end):
`make bench` runs it after ptybench.py, which writes Benchmarks/RESULTS.md.
"""

import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HEADING = "## Large specs: `formtui form` loaded and left with Esc"


def run_once(formtui, spec, keys, state):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    result = subprocess.run(
        [formtui, "form", spec, "--headless", "--script", keys, "--state", state],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 1:  # Esc leaves unsaved: status 1
        sys.exit(f"specload: {spec}: status {result.returncode}: {result.stderr.decode()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of children is the largest of any child so far: each size is measured from small
    # to large, so the last run's peak is its own.
    return wall, cpu, after.ru_maxrss / 1024


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    formtui = sys.argv[1]
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
    sizes = [20_000, 100_000]
    if "--rows" in sys.argv:
        sizes = [int(n) for n in sys.argv[sys.argv.index("--rows") + 1].split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        keys = os.path.join(folder, "esc.keys")
        with open(keys, "w") as file:
            file.write("esc\n")
        for size in sorted(sizes):
            for language in ["yaml", "json", "toml"]:
                spec = os.path.join(folder, f"big{size}.{language}")
                with open(spec, "w") as file:
                    subprocess.run([sys.executable, os.path.join(HERE, "specgen.py"), "--rows", str(size),
                                    "--format", language], stdout=file, check=True)
                megabytes = os.path.getsize(spec) / 1e6
                samples = [run_once(formtui, spec, keys, os.path.join(folder, "state.json")) for _ in range(3)]
                wall = sorted(s[0] for s in samples)[1]
                cpu = sorted(s[1] for s in samples)[1]
                peak = max(s[2] for s in samples)
                rows.append((f"{size:,}", language, f"{megabytes:.1f} MB", f"{wall:.2f} s", f"{cpu:.2f} s",
                             f"{peak:.0f} MB"))
                print(f"spec {size:>7,} rows {language:4}  {megabytes:5.1f} MB  wall {wall:6.2f} s  "
                      f"cpu {cpu:6.2f} s  peak {peak:5.0f} MB", flush=True)
    load = os.getloadavg()[0]
    table = [HEADING, "",
             f"Median of three runs; load average {load:.1f} at the end (wall times are noisy above about 1; "
             "CPU is user + system). Specs from Benchmarks/specgen.py: rows of nine kinds in sections of 100; "
             f"binary {os.path.relpath(formtui)}.",
             "", "| rows | language | size | wall | CPU | peak RSS |", "|---|---|---|---|---|---|"]
    table += ["| " + " | ".join(row) + " |" for row in rows]
    text = "\n".join(table) + "\n"
    if out:
        previous = open(out).read() if os.path.exists(out) else ""
        if HEADING in previous:
            head, rest = previous.split(HEADING, 1)
            following = rest.find("\n## ")
            previous = head + (rest[following + 1:] if following >= 0 else "")
        with open(out, "w") as file:
            file.write(previous.rstrip("\n") + "\n\n" + text)


if __name__ == "__main__":
    main()
