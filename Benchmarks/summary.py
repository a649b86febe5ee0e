#!/usr/bin/env python3
"""The figures of issue 34 in one table, formtui beside dialog, each against its target (run by
`make bench` through ptybench.py, which puts the table at the top of Benchmarks/RESULTS.md). The
targets are what a person would notice, as ratios to dialog on the same machine in the same run:
a key ≤ 1.5× dialog's median, a burst ≤ 0.1×, a first frame ≤ 2× warm and ≤ 3× cold, a million
rows within 2× of a hundred; memory and size as absolute limits. Instructions are information.

  instructions     per start and per key, exact (callgrind: Benchmarks/instructions.py)
  latency          per Down, scrolling Down and Space, from ptybench's runs of 100 and 100,000
                   items; per typed character, `formtui form` of a text field against dialog's
                   inputbox
  first frame      warm: the median of 15 starts, each of formtui's followed by one of dialog's;
                   cold: the same after the binary's pages (and for dialog its libraries') are
                   dropped from the page cache (posix_fadvise)
  peak RSS         a 3-row list (`large --rows 3` / a 3-item checklist) and `formtui form` of a
                   5-field spec (dialog: an inputbox)
                   (first frames and RSS of formtui as `make install` installs it: stripped)
  flat in N        `large --rows 1000000` against `--rows 100`: first frame and a key
  binary           formtui stripped (a static executable: ncursesw, libyaml, libstdc++ and the C
                   library are in it); dialog with the libraries it loads but the C library's
                   (libc, libm): its ncurses
"""
import os
import shutil
import signal
import statistics
import subprocess
import tempfile

import instructions
import ptybench

MB = 1024 * 1024


def drop_from_cache(files):
    """The files' pages leave the page cache (those mapped by a running process stay)."""
    for path in files:
        try:
            descriptor = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(descriptor)


def libraries(binary):
    """The shared libraries `binary` loads (ldd), none for a static one."""
    found = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return [line.split("=>")[1].split("(")[0].strip() for line in found.splitlines()
            if "=>" in line and "/" in line.split("=>")[1]]


def first_frame(argv, files, cold):
    """Milliseconds from the start of `argv` to the last byte of its first frame (None when it drew
    nothing), its `files` dropped from the page cache first when `cold`."""
    if cold:
        drop_from_cache(files)
    program = ptybench.Program(argv)
    _, last = program.drain(quiet=0.3, first=60)
    program.quit(sig=signal.SIGTERM)
    return (last - program.started) * 1000 if last else None


def paired_first_frames(ours, our_files, theirs, their_files, cold, runs=15):
    """Medians of `runs` first frames of each program (`theirs` may be None), one of ours then one
    of theirs: both see the machine as it is at the time, so that their ratio holds still where
    each alone drifts (dialog's cold frame moved between 11.7 and 15.4 ms from run to run)."""
    mine, others = [], []
    for _ in range(runs):
        mine.append(first_frame(ours, our_files, cold))
        if theirs:
            others.append(first_frame(theirs, their_files, cold))
    return median_of_drawn(mine), median_of_drawn(others)


def median_of_drawn(times):
    drawn = [time for time in times if time is not None]
    return statistics.median(drawn) if drawn else None


def peak_rss_mb(argv, env=None, runs=3):
    sizes = []
    for _ in range(runs):
        program = ptybench.Program(argv, env=env)
        program.drain(quiet=0.3, first=60)
        kb = program.peak_rss_kb()
        program.quit(sig=signal.SIGTERM)
        if kb:
            sizes.append(kb / 1024)
    return statistics.median(sizes) if sizes else None


def typed_characters(argv, env=None, count=30):
    """Latency of `count` letters typed one at a time into the first field of `argv`."""
    program = ptybench.Program(argv, env=env)
    program.drain(quiet=0.3, first=60)
    figures = ptybench.single_keys(program, b"a", count)
    program.quit(sig=signal.SIGTERM)
    return figures


def measure(formtui, by_size, with_dialog):
    """[(figure, formtui, dialog, unit, target ratio or None, target text)]; `by_size` holds
    ptybench's runs by number of rows, for formtui and dialog (dicts as `ptybench.run` returns)."""
    folder = tempfile.mkdtemp(prefix="summary")
    rows = []
    try:
        # What `make install` installs. Dropped from the page cache once written: pages cached by the
        # write are mapped in larger folios than those a start reads, which shows as more memory.
        # (A folder of its own: instructions.py writes its copy as `formtui` in `folder`.)
        os.makedirs(os.path.join(folder, "installed"))
        stripped = os.path.join(folder, "installed", "formtui")
        subprocess.run(["strip", "-o", stripped, formtui], check=True)
        descriptor = os.open(stripped, os.O_RDONLY)
        os.fsync(descriptor)
        os.close(descriptor)
        drop_from_cache([stripped])
        counts = instructions.measure(formtui, folder) if shutil.which("valgrind") else {}
        for name, (ours, theirs) in counts.items():
            rows.append((name, ours, theirs, "instructions", None, ""))
        for size in (100, 100_000):
            if size not in by_size:
                continue
            ours, theirs = by_size[size]
            for key, name in (("down", "Down"), ("scroll", "scrolling Down"), ("space", "Space")):
                a = ours[key][0] if ours.get(key) else None
                b = theirs[key][0] if theirs.get(key) else None
                rows.append((f"{name}, median, {size:,} rows", a, b, "ms", 1.5, "≤ 1.5× dialog"))
            a, b = ours.get("burst"), theirs.get("burst")
            rows.append((f"burst of {size - 1:,} Downs", a, b, "ms", 0.1, "≤ 0.1× dialog"))
        spec = os.path.join(folder, "signup.yaml")
        with open(spec, "w") as out:
            out.write(instructions.SPEC)
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(folder, "config"))
        typed = typed_characters([formtui, "form", spec], env)
        typed_dialog = typed_characters(["dialog", "--inputbox", "Full name", "8", "40"]) if with_dialog else None
        rows.append(("typed character, median", typed[0] if typed else None,
                     typed_dialog[0] if typed_dialog else None, "ms", 1.5, "≤ 1.5× dialog"))
        if 100 in by_size and 1_000_000 in by_size:
            small, large_run = by_size[100][0], by_size[1_000_000][0]
            for key, name in (("first", "first frame"), ("down", "Down"), ("space", "Space")):
                a = large_run.get(key)
                b = small.get(key)
                if key != "first":
                    a, b = (a[0] if a else None), (b[0] if b else None)
                rows.append((f"{name}, 1,000,000 rows against 100 (formtui)", a, b, "ms", 2.0,
                             "≤ 2× of 100 rows"))
            a, b = large_run.get("rss"), small.get("rss")
            rows.append(("peak RSS, 1,000,000 rows against 100 (formtui)", a / 1024 if a else None,
                         b / 1024 if b else None, "MB", None, ""))
        large = [stripped, "large", "--rows", "100", "--state", os.path.join(folder, "large.json")]
        dialog = ptybench.dialog_argv(100, os.path.join(folder, "items.txt")) if with_dialog else None
        dialog_files = (["/usr/bin/dialog"] + libraries("/usr/bin/dialog")) if with_dialog else []
        for cold in (False, True):
            a, b = paired_first_frames(large, [stripped], dialog, dialog_files, cold)
            name = "first frame, cold" if cold else "first frame, warm"
            rows.append((name, a, b, "ms", 3.0 if cold else 2.0, "≤ 3× dialog" if cold else "≤ 2× dialog"))
        small = [stripped, "large", "--rows", "3", "--state", os.path.join(folder, "small.json")]
        rows.append(("peak RSS, 3-row list", peak_rss_mb(small),
                     peak_rss_mb(ptybench.dialog_argv(3, os.path.join(folder, "three.txt")))
                     if with_dialog else None, "MB", None, "≤ 12 MB"))
        rows.append(("peak RSS, `form` of 5 fields / inputbox", peak_rss_mb([stripped, "form", spec], env),
                     peak_rss_mb(["dialog", "--inputbox", "Full name", "8", "40"]) if with_dialog else None,
                     "MB", None, "≤ 12 MB"))
        theirs_size = None
        if with_dialog:
            theirs_size = sum(os.path.getsize(os.path.realpath(path)) for path in dialog_files
                              if not any(part in path for part in ("libc.so", "libm.so", "ld-linux"))) / MB
        rows.append(("binary, stripped", os.path.getsize(stripped) / MB, theirs_size, "MB", None,
                     "≤ 25 MB"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows


def verdict(ours, theirs, unit, target_ratio, target):
    if not target or ours is None:
        return target
    if target_ratio is not None:
        if theirs is None:
            return target
        return f"{target}: {'met' if ours <= target_ratio * theirs else 'missed'}"
    limit = float(target.split()[1])
    return f"{target}: {'met' if ours <= limit else 'missed'}"


def table(rows):
    lines = ["| figure | formtui | dialog | formtui / dialog | target |", "|---|---|---|---|---|"]

    def shown(value, unit):
        if value is None:
            return "–"
        if unit == "instructions":
            return f"{value / 1e6:.2f}M" if value >= 1e6 else f"{value / 1e3:.0f}k"
        if unit == "MB":
            return f"{value:.1f} MB"
        return ptybench.fmt(value)

    for name, ours, theirs, unit, target_ratio, target in rows:
        lines.append(f"| {name} | {shown(ours, unit)} | {shown(theirs, unit)} | "
                     f"{ptybench.ratio(ours, theirs)} | {verdict(ours, theirs, unit, target_ratio, target)} |")
    return lines
