#!/usr/bin/env python3
"""The start of `formtui large --rows N` through an 80x24 pty, repeated: medians of the time to
the first frame, the CPU the process used until then, its peak RSS and page faults; then where
the resident memory of one run is, by mapping. Wall times on a shared machine are noisy: the CPU
time (from /proc/PID/schedstat) is the steadier figure.

The peak RSS depends on how the binary's pages came into the page cache: the kernel maps more
around a touched page than it touches, and on this machine (Linux 6.18) more for a file just
written (`cp`, `install`) than for one read by starting it, presumably its larger page-cache
folios. The same bytes measured 8.2 MB when read by starting them and 9.0 MB just after `cp`. COLD=1 drops the binary's pages from the cache first (its own pages only,
posix_fadvise), so that binaries built or copied differently compare alike; the first start then
reads the file, which the medians hide.

Usage: Benchmarks/startup.py BINARY [RUNS [ARGUMENTS...]] ; ROWS=N for another size (default 100);
ARGUMENTS start another command instead (`form signup.yaml`); COLD=1 as above.
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
    if os.environ.get("COLD") == "1":
        descriptor = os.open(binary, os.O_RDONLY)
        os.fsync(descriptor)  # written pages must be clean to be dropped
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(descriptor)
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
