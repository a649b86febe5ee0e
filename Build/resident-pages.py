#!/usr/bin/env python3
"""Writes into a release binary where its start's pages end, for Sources/CResidentPages to split
its mappings there first thing in main (see resident_pages.c for why). Run by the Makefile after each
release link of `formtui`; without it the binary works as before, only with more memory resident.

The pages a start uses are those that hold the names in Build/startup.hot (written by `make
startup-order`: what each command touches before its first frame, with a mask of the commands),
found by name in the binary's symbol table, so the list follows the code as it moves from link to
link. The loaded segments are cut into runs of pages used by the same commands (or none); every
other run is written into the table, and the mappings split at their edges.

Usage: Build/resident-pages.py BINARY [HOT_NAMES]   (HOT_NAMES: default Build/startup.hot)
Needs nm and readelf (binutils). Exits 0 without change, saying why, when the binary has no table
(not linked with CResidentPages) or the list is missing.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

MAGIC = 0x646C6F63  # "cold", as resident_pages.c sets it
CAPACITY = 1024  # stretches resident_pages.c has room for
PAGE = 4096


def load_segments(binary):
    """[(virtual address, file offset, file size)] of the PT_LOAD segments."""
    segments = []
    headers = subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout
    for line in headers.split("\n"):
        fields = line.split()
        if fields and fields[0] == "LOAD":
            segments.append((int(fields[2], 16), int(fields[1], 16), int(fields[4], 16)))
    return segments


def symbols(binary):
    """{name: [(address, size)]}, every definition (local names may be defined more than once)."""
    found = {}
    listing = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True,
                             check=True).stdout
    for line in listing.split("\n"):
        parts = line.split(" ", 3)
        if len(parts) == 4:
            found.setdefault(parts[3], []).append((int(parts[0], 16), int(parts[1], 16)))
        elif len(parts) == 3:  # no size known (`main` in a debug build): its first byte
            found.setdefault(parts[2], []).append((int(parts[0], 16), 0))
    return found


def marked_stretches(segments, page_masks, min_pages=1):
    """[(first page, page count)] to mark, so that the mappings split wherever the set of commands
    whose start touches a page changes: runs of whole pages with one mask (0: no start touches
    them), every other run marked, since neighbouring mappings with the same flags are merged. A
    fault then maps neighbours only from pages the same starts use. A run shorter than `min_pages`
    takes in the next page; past CAPACITY stretches, runs are made longer."""
    stretches = []
    for address, _, size in segments:
        first = (address + PAGE - 1) // PAGE  # a page shared with the previous segment is not split
        end = (address + size) // PAGE
        runs = []
        for page in range(first, end):
            mask = page_masks.get(page, 0)
            if runs and (runs[-1][2] == mask or page - runs[-1][0] < min_pages):
                runs[-1][1] += 1
            else:
                runs.append([page, 1, mask])
        stretches += [(start, count) for start, count, _ in runs[1::2]]
    if len(stretches) > CAPACITY:
        return marked_stretches(segments, page_masks, min_pages + 1)
    return stretches


def mappings_while_running(binary):
    """How many mappings of `binary` a running `formtui` has: it is started headless on a script
    that is a FIFO, so that it waits, split or not, until the FIFO is closed."""
    folder = tempfile.mkdtemp(prefix="resident-pages")
    try:
        script = os.path.join(folder, "keys")
        os.mkfifo(script)
        process = subprocess.Popen([os.path.abspath(binary), "preferences", "--headless", "--script", script,
                                    "--state", os.path.join(folder, "state.json")],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   env=dict(os.environ, XDG_CONFIG_HOME=folder))
        writer = os.open(script, os.O_WRONLY)  # returns once the program opened it: past its start
        try:
            with open(f"/proc/{process.pid}/maps") as maps:
                target = os.path.realpath(binary)
                return sum(1 for line in maps if line.rstrip("\n").endswith(" " + target))
        finally:
            os.close(writer)
            process.wait(timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_table(binary, offset, words):
    """Writes the count and stretches after the table's magic word, which it checks first."""
    with open(binary, "r+b") as out:
        out.seek(offset)
        if struct.unpack("<I", out.read(4))[0] != MAGIC:
            sys.exit(f"resident-pages: formtui_cold_pages in {binary} does not start with its magic word")
        out.write(struct.pack(f"<{len(words)}I", *words))


def main():
    binary = sys.argv[1]
    hot_file = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "startup.hot")
    defined = symbols(binary)
    if "formtui_cold_pages" not in defined:
        print(f"resident-pages: {binary} has no formtui_cold_pages table: left as it is")
        return
    if not os.path.exists(hot_file):
        print(f"resident-pages: no {hot_file} (make startup-order writes it): {binary} left as it is")
        return
    segments = load_segments(binary)
    base = min(address - offset for address, offset, _ in segments if offset == 0)
    page_masks = {}
    with open(hot_file) as lines:
        for line in lines:
            mask, _, name = line.rstrip("\n").partition(" ")
            for address, size in defined.get(name, []):
                for page in range(address // PAGE, (address + max(size, 1) - 1) // PAGE + 1):
                    page_masks[page] = page_masks.get(page, 0) | int(mask, 16)
    table, _ = defined["formtui_cold_pages"][0]
    offset = next(table - address + file_offset for address, file_offset, size in segments
                  if address <= table < address + size)
    stretches = marked_stretches(segments, page_masks)
    words = [len(stretches)] + [word for first, count in stretches for word in (first - base // PAGE, count)]
    write_table(binary, offset, [0])  # as linked, for the count of mappings to compare with
    unsplit = mappings_while_running(binary) if stretches else 0
    write_table(binary, offset, words)
    # The proof that the binary splits itself: each marked stretch is a mapping more at least.
    if stretches and (found := mappings_while_running(binary)) < unsplit + len(stretches):
        sys.exit(f"resident-pages: {binary} runs with {found} mappings of itself, {unsplit} without the "
                 f"table: it did not split the {len(stretches)} stretches marked")
    kept_apart = sum(count for _, count in stretches)
    print(f"resident-pages: {binary}: {len(stretches)} stretches marked ({kept_apart} pages), around "
          f"{len(page_masks)} pages that starts use")


if __name__ == "__main__":
    main()
