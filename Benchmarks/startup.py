#!/usr/bin/env python3
"""The start of `formtui large --rows N` through an 80x24 pty, repeated: medians of the time to
the first frame, the CPU the process used until then, its peak RSS and page faults; then where
the resident memory of one run is, by mapping. Wall times on a shared machine are noisy: the CPU
time (from /proc/PID/schedstat) is the steadier figure.

Usage: Benchmarks/startup.py BINARY [RUNS [ARGUMENTS...]] ; ROWS=N for another size (default 100);
ARGUMENTS start another command instead (`form signup.yaml`).
"""
import collections
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptybench  # noqa: E402


def start(binary, rows, state, arguments):
    program = ptybench.Program([binary] + (arguments or ["large", "--rows", str(rows), "--state", state]))
    _, last = program.drain(quiet=0.3, first=120)
    return program, (last - program.started) * 1000 if last else None


def main():
    binary = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    arguments = sys.argv[3:]
    rows = int(os.environ.get("ROWS", "100"))
    state = os.path.join(tempfile.mkdtemp(prefix="startup"), "large.json")
    first, cpu, rss, faults = [], [], [], []
    for _ in range(runs):
        program, frame = start(binary, rows, state, arguments)
        first.append(frame)
        with open(f"/proc/{program.pid}/schedstat") as schedstat:
            cpu.append(int(schedstat.read().split()[0]) / 1e6)
        with open(f"/proc/{program.pid}/stat") as stat:
            faults.append(int(stat.read().rsplit(")", 1)[1].split()[7]))
        rss.append(program.peak_rss_kb() / 1024)
        program.quit(keys=ptybench.ESC)
    print(f"first frame  median {statistics.median(first):.2f} ms  (min {min(first):.2f}, max {max(first):.2f})")
    print(f"CPU to first frame  median {statistics.median(cpu):.2f} ms  (min {min(cpu):.2f})")
    print(f"peak RSS  median {statistics.median(rss):.1f} MB;  minor faults median {statistics.median(faults):.0f}")

    program, _ = start(binary, rows, state, arguments)
    resident, name = collections.Counter(), None
    with open(f"/proc/{program.pid}/smaps") as smaps:
        for line in smaps:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):
                name = fields[5] if len(fields) > 5 else "[anonymous]"
            elif fields[0] == "Rss:":
                resident[name] += int(fields[1])
    program.quit(keys=ptybench.ESC)
    print("resident after the first frame, by mapping:")
    for mapping, kb in resident.most_common(8):
        print(f"  {kb / 1024:6.1f} MB  {mapping}")


if __name__ == "__main__":
    main()
