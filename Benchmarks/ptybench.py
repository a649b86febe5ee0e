#!/usr/bin/env python3
"""formtui against dialog, measured from outside through a pty (run by `make bench`).

Starts `formtui large --rows N` and, when it is installed, `dialog --checklist` with the same N
items in an 80x24 pseudo-terminal, types keys, and times the output as it arrives: no terminal
emulator, so the figures are the programs' own. Standard library only; Linux (/proc) for RSS.

  first frame   start to the last byte of the first screen (output quiet for QUIET seconds),
                the median of three starts
  burst         N-1 Downs written as fast as the pty takes them, to the last byte drawn
  Down, Space   one key at a time, each once the previous answer went quiet: time from the
                key to the last byte of its answer (median, p90), bytes per key, and CPU time
                per key (user and system, from /proc/PID/schedstat)
  peak RSS      VmHWM before quitting
  quit          Esc (or SIGTERM) to the exit of the process

Usage: ptybench.py FORMTUI [--out FILE] ; BENCH_QUICK=1 runs N = 100 and 10k only.
"""
import os
import platform
import pty
import resource
import select
import signal
import statistics
import struct
import sys
import tempfile
import time
import fcntl
import termios

QUIET = 0.05
COLS, ROWS = 80, 24
now = time.perf_counter


class Program:
    """A command in a pty: writes keys, reads what it draws, times it."""

    def __init__(self, argv, env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # dialog takes its items as arguments: make room for a million of them.
            resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
            env = {k: v for k, v in (env or os.environ).items() if k not in ("LINES", "COLUMNS")}
            env.update(TERM="xterm-256color", LANG="C.UTF-8")
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        # Non-blocking: a write into a full pty must not wait for a program that waits for us.
        fcntl.fcntl(self.fd, fcntl.F_SETFL, fcntl.fcntl(self.fd, fcntl.F_GETFL) | os.O_NONBLOCK)
        self.started = now()
        self.total = 0
        # The end of the last read: a question split between two reads is still seen.
        self.tail = b""
        # Cursor keys as the program asked for them: ESC O B once it sent smkx (keypad mode).
        self.applicationKeys = False

    def drain(self, quiet=QUIET, first=1.0):
        """Reads until nothing comes for `quiet` s (or nothing at all for `first` s); returns
        (bytes read, time of the last byte or None)."""
        count, last, start = 0, None, now()
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                if last is not None or now() - start > first:
                    break
                continue
            try:
                data = os.read(self.fd, 65536)
            except BlockingIOError:
                continue
            except OSError:
                break
            if not data:
                break
            count += len(data)
            last = now()
            if b"\x1b[c" in self.tail + data:
                # Primary Device Attributes, which every terminal answers (as a VT220 here):
                # formtui asks it after its background question (OSC 11), which a terminal may
                # not know, so that its wait ends with this answer. A pty that answered nothing
                # would cost that wait's whole timeout (100 ms) at every start, which no
                # terminal does.
                os.write(self.fd, b"\x1b[?62;22c")
            self.tail = data[-2:]
            if b"\x1b[?1h" in data:
                self.applicationKeys = True
            elif b"\x1b[?1l" in data:
                self.applicationKeys = False
        self.total += count
        return count, last

    def send(self, data):
        view = memoryview(data)
        while view:
            readable, writable, _ = select.select([self.fd], [self.fd], [], 1)
            try:
                if readable:
                    os.read(self.fd, 65536)  # keep the program drawing while the pty is full
                if writable:
                    view = view[os.write(self.fd, view[:4096]) :]
            except BlockingIOError:
                continue
            except OSError:
                return  # it exited

    def cpu_ms(self):
        """CPU time used so far, in ms (Linux schedstat: nanoseconds on a CPU), or None."""
        try:
            with open(f"/proc/{self.pid}/schedstat") as stat:
                return int(stat.read().split()[0]) / 1e6
        except (OSError, ValueError, IndexError):
            return None

    def peak_rss_kb(self):
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None

    def quit(self, keys=None, sig=None):
        """Esc (keys) or a signal; returns ms to the exit, or None when it had already exited
        (dialog with a million items gives up after its first frame)."""
        pid, _ = os.waitpid(self.pid, os.WNOHANG)
        if pid:
            os.close(self.fd)
            return None
        start = now()
        if sig:
            os.kill(self.pid, sig)
        else:
            self.send(keys)
        deadline = start + 10
        while now() < deadline:
            pid, _ = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return (now() - start) * 1000
            select.select([self.fd], [], [], 0.001)
            try:
                os.read(self.fd, 65536)
            except OSError:
                pass  # nothing to read yet, or it exited
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        return None


DOWN, UP, SPACE, ESC = b"\x1b[B", b"\x1b[A", b" ", b"\x1b"


def key(program, sequence):
    return b"\x1bO" + sequence[2:] if sequence.startswith(b"\x1b[") and program.applicationKeys else sequence


def single_keys(program, sequence, count):
    """Latency and bytes of `count` single keys, each after the previous answer went quiet."""
    times, sizes = [], []
    cpu_before = program.cpu_ms()
    for _ in range(count):
        sent = now()
        program.send(key(program, sequence))
        size, last = program.drain()
        if last is not None:
            times.append((last - sent) * 1000)
            sizes.append(size)
    if not times:
        return None
    cpu_after = program.cpu_ms()
    cpu = (cpu_after - cpu_before) / count if cpu_before is not None and cpu_after is not None else None
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], statistics.median(sizes), cpu


def first_frame(argv):
    """Start to the last byte of the first screen of one more start, which then quits."""
    program = Program(argv)
    _, last = program.drain(quiet=0.3, first=120)
    program.quit(sig=signal.SIGTERM)
    return (last - program.started) * 1000 if last else None


def run(argv, rows, burst=True, keys=40, sigterm=False):
    figures = {}
    program = Program(argv)
    _, last = program.drain(quiet=0.3, first=120)
    # The median of three starts: one start now and then waits for the disk or the host.
    starts = [(last - program.started) * 1000 if last else None]
    if not sigterm:
        starts += [first_frame(argv), first_frame(argv)]
    starts = [start for start in starts if start is not None]
    figures["first"] = statistics.median(starts) if starts else None
    # Single keys near the top, where a Down does not scroll; Space twice leaves it unmodified.
    figures["down"] = single_keys(program, DOWN, min(keys, 12))
    figures["space"] = single_keys(program, SPACE, keys)
    if burst and rows > 60:
        # Past the first screen, every Down scrolls the list by a row.
        program.send(key(program, DOWN) * 20)
        program.drain(quiet=0.3, first=60)
        figures["scroll"] = single_keys(program, DOWN, min(keys, 30))
    if burst:
        start = now()
        program.send(key(program, DOWN) * (rows - 1))
        _, last = program.drain(quiet=0.3, first=600)
        figures["burst"] = (last - start) * 1000 if last else None
    figures["rss"] = program.peak_rss_kb()
    figures["quit"] = program.quit(sig=signal.SIGTERM) if sigterm else program.quit(keys=ESC)
    return figures


def round_trip():
    """The pty's own share of a key's time: `cat` in raw mode echoing the three bytes of a Down,
    measured as single keys are. No program can answer faster through this pty."""
    program = Program(["sh", "-c", "stty raw -echo; exec cat"])
    program.drain(quiet=0.3, first=2)
    figures = single_keys(program, DOWN, 40)
    program.quit(sig=signal.SIGKILL)
    return figures


def dialog_argv(rows, listing):
    with open(listing, "w") as out:
        for index in range(1, rows + 1):
            out.write(f"{index}\nItem {index}\noff\n")
    with open(listing) as items:
        return ["dialog", "--checklist", "Pick", "20", "60", "12"] + items.read().split("\n")[:-1]


def has(command):
    return any(os.access(os.path.join(p, command), os.X_OK) for p in os.environ["PATH"].split(":"))


def fmt(value, unit=""):
    if value is None:
        return "–"
    if unit == "MB":
        return f"{value / 1024:.1f} MB"
    return f"{value:.2f} ms" if value < 100 else f"{value:.0f} ms"


def ratio(a, b):
    return f"{a / b:.2f}×" if a and b else "–"


def main():
    formtui = os.path.abspath(sys.argv[1])
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else None
    quick = os.environ.get("BENCH_QUICK") == "1"
    sizes = [100, 10_000] if quick else [100, 10_000, 100_000, 1_000_000]
    with_dialog = has("dialog")
    tmp = tempfile.mkdtemp(prefix="ptybench")
    lines = []
    by_size = {}

    def emit(text=""):
        print(text, flush=True)
        lines.append(text)

    emit(f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.node()}: {platform.machine()}, "
         f"{os.cpu_count()} CPUs, {platform.system()} {platform.release()}; pty {COLS}x{ROWS}; "
         f"load average {os.getloadavg()[0]:.1f} at the start (times are noisy above about 1).")
    if not with_dialog:
        emit("dialog is not installed: formtui only (apt-get install dialog to compare).")
    emit()
    emit("| N | figure | formtui | dialog | formtui / dialog |")
    emit("|---|---|---|---|---|")
    for rows in sizes:
        state = os.path.join(tmp, f"large{rows}.json")
        ours = run([formtui, "large", "--rows", str(rows), "--state", state], rows)
        ours["sigterm"] = run([formtui, "large", "--rows", str(rows), "--state", state], rows,
                              burst=False, keys=2, sigterm=True)["quit"]
        theirs = {}
        if with_dialog:
            argv = dialog_argv(rows, os.path.join(tmp, "items.txt"))
            # dialog's burst to the end of a million takes minutes: up to 100k only.
            theirs = run(argv, rows, burst=rows <= 100_000)
            theirs["sigterm"] = run(argv, rows, burst=False, keys=2, sigterm=True)["quit"]
        by_size[rows] = (ours, theirs)
        def row(name, key, pick=lambda v: v, unit=""):
            a = pick(ours.get(key)) if ours.get(key) is not None else None
            b = pick(theirs.get(key)) if theirs.get(key) is not None else None
            shown = (lambda v: f"{v:.0f} B" if v is not None else "–") if unit == "B" else (lambda v: fmt(v, unit))
            emit(f"| {rows:,} | {name} | {shown(a)} | {shown(b)} | {ratio(a, b)} |")
        row("first frame", "first")
        row(f"burst of {rows - 1:,} Downs", "burst")
        row("Down, median", "down", lambda v: v[0])
        row("Down, p90", "down", lambda v: v[1])
        row("scrolling Down, median", "scroll", lambda v: v[0])
        row("Space, median", "space", lambda v: v[0])
        row("Space, p90", "space", lambda v: v[1])
        row("Down, CPU per key", "down", lambda v: v[3])
        row("Space, CPU per key", "space", lambda v: v[3])
        row("bytes per Down", "down", lambda v: v[2], "B")
        row("bytes per scrolling Down", "scroll", lambda v: v[2], "B")
        row("bytes per Space", "space", lambda v: v[2], "B")
        row("peak RSS", "rss", unit="MB")
        row("quit on Esc", "quit")
        row("quit on SIGTERM", "sigterm")
    emit()
    floor = round_trip() if has("cat") and has("stty") else None
    if floor:
        emit(f"The pty's round trip alone (`cat` echoing a Down, same measure): median {fmt(floor[0])}, "
             f"p90 {fmt(floor[1])}, CPU per key {fmt(floor[3])}.")
        emit()
    emit("Times are to the last byte of each answer (output quiet for 50 ms after it), so a "
         "key's figure includes the program reading it and drawing. dialog's Esc waits for its "
         "escape delay.")
    print("\nThe summary (instructions under callgrind take a few minutes):", flush=True)
    import summary  # it uses this module: imported once this one is loaded
    overview = summary.table(summary.measure(formtui, by_size, with_dialog))
    print("\n".join(overview), flush=True)
    if out:
        with open(out, "w") as results:
            results.write("# formtui benchmarks\n\nWritten by `make bench` (Benchmarks/ptybench.py, "
                          "summary.py, instructions.py).\n\n## Against dialog, and the targets of issue 34\n\n")
            results.write(lines[0] + "\n\n" + "\n".join(overview) + "\n\n")
            results.write("```\n" + summary.__doc__.split("\n\n", 1)[1].rstrip() + "\n```\n\n")
            results.write("Instructions are counted by callgrind (exact, whatever the load); a key "
                          "is (2K keys - K keys) / K, so the start, the quit and formtui's one "
                          "draft write after the last key cancel out. Down alternates with Up near "
                          "the top, so that neither list scrolls.\n\n")
            results.write("## `formtui large --rows N` against `dialog --checklist` with N items\n\n")
            results.write("\n".join(lines[1:]) + "\n")


if __name__ == "__main__":
    main()
