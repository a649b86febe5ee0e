#!/usr/bin/env python3
"""Writes Build/startup.order: the symbols, code and data, that `formtui` touches from its start to
its first frames and then takes for a few keys, in the order it first touches them, for the linker to
place side by side (`make` passes it to lld as --symbol-ordering-file). Every command's start to its
first frame comes first (what real starts touch that valgrind's runs did not, see --hot, follows the
first command's), then what the keys touched after the first frames.

Why: the kernel maps a file's pages 64 KB at a time around each page a program touches (fault-around,
on every read fault of a file mapping, whatever madvise says). A start touches about 0.5 MB of code
and 0.2 MB of data spread over the binary's code (18 MB, 12 MB since ICU left it) and read-only data
(37 MB then, 2 MB now), so unordered it kept 10 MB of the binary resident. Placed together they
take about what they weigh. lld moves the section that holds each listed symbol: a function in our
code (built with -function-sections), a function of the prebuilt libraries that have one section
per function, or else the whole .text or .rodata of a prebuilt object, which still gathers what a
start uses. A stale list only costs memory
again (what is missing from it lands elsewhere), never correctness.

Two kinds of symbol would undo the gathering, and are dealt with here:
- A name defined more than once (a local symbol: each object keeps its own copy of, say, a value
  witness of `Range`). lld moves every section that defines a listed name; one copy touched in our
  code dragged the whole .text of _RegexParser, _StringProcessing and five Foundation objects
  (1.4 MB that no start touches) into the middle of the code a start uses. With the link's map
  (--map), a name is left out when its definitions in sections of 4 KB or more that no start
  touches weigh 64 KB or more in all; its touched copy then stays among the unlisted code
  (Build/layout.ld puts our objects' merged functions, the usual such names, first).
- The C library's string functions come in one variant per instruction set (`__memmove_evex_...`,
  `__memmove_avx_...`), chosen at start by the processor. valgrind's processor has no AVX-512, so
  the run here touches other variants than most machines, and sometimes none where a real start
  uses one. A real start's choices are read from its GOT and listed after the first command's
  first frame; every other variant of a touched function follows the first frames, grouped by
  instruction set.

--hot FILE also writes the names touched before a command's first frame (under valgrind, and in
each page a real start touches: found by splitting a copy at every page), in the same order, each
after a hexadecimal mask of the commands that touch it (bit 0 `large`, bit 1 `form`, ...): that is
Build/startup.hot, from which Build/resident-pages.py splits the binary's mappings.

--cold FILE (with --map) also writes the read-only data no run touched, as linker script patterns:
Build/startup.cold, which Build/layout.ld places after the code.

Usage: Build/startup-order.py BINARY [--map LINK_MAP] [--hot FILE] [--cold FILE] > Build/startup.order
Needs valgrind. BINARY must be a release build (as `make install` builds it); each demo and a small
`formtui form` start under valgrind's lackey, which reports every instruction and memory access, in
an 80x24 pty, take a few keys and quit. `large` comes first, then a spec form.
"""
import bisect
import fcntl
import importlib.util
import os
import pty
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios

KEYS = [b"\x1b[B", b"\x1b[B", b" ", b" ", b"\x1b[A"]
# The 5-field spec `make bench` measures (Benchmarks/instructions.py): text, email, number, select
# and switch rows, so that each row kind's code a spec form draws is listed.
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
# lackey runs the program about 200 times slower: quiet this long means it waits for a key.
QUIET = 8


def drain(fd, quiet, first=None):
    """Reads what the program draws until it is quiet for `quiet` seconds (waiting up to `first`
    seconds for its first byte). Answers the device attributes question as a terminal does (and
    Benchmarks/ptybench.py): a start reads that answer, and its code is then traced too."""
    started, tail = False, b""
    while True:
        ready, _, _ = select.select([fd], [], [], quiet if started or first is None else first)
        if not ready:
            return
        try:
            data = os.read(fd, 65536)
        except OSError:
            return
        if not data:
            return
        if b"\x1b[c" in tail + data:
            os.write(fd, b"\x1b[?62;22c")
        tail = data[-2:]
        started = True


def run(argv, folder, trace):
    """Runs `argv` in a pty, gives it KEYS and quits; returns the size of `trace` when the first
    frame was drawn (what was traced up to then, give or take valgrind's last unwritten lines)."""
    pid, fd = pty.fork()
    if pid == 0:
        env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
        env.update(TERM="xterm-256color", LANG="C.UTF-8", HOME=folder, XDG_CONFIG_HOME=folder)
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    drain(fd, QUIET, first=120)  # valgrind reads the binary's symbols first
    first_frame = os.path.getsize(trace) if os.path.exists(trace) else 0
    for key in KEYS:
        os.write(fd, key)
        drain(fd, QUIET / 2)
    os.write(fd, b"\x1b")
    drain(fd, QUIET / 2)
    os.write(fd, b"\x1b")  # a form asks before it drops changes: the second Esc leaves
    drain(fd, QUIET / 2)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return first_frame


def touched(argv, folder, limit):
    """Addresses below `limit` that the command touches, first touch first, and how many of them it
    touched before its first frame."""
    # To a file, not a pipe: a reader slower than the program would stall it, and the pauses would
    # look like a wait for keys.
    trace = os.path.join(folder, "trace")
    first_frame = run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={trace}"] + argv, folder, trace)
    # "I  0401000,3" (an instruction) or " L 1ac7aa0,8" (a load; S a store, M both). Whole addresses:
    # type descriptors and conformance records are a few bytes each, a coarser step names a neighbour.
    access = re.compile(rb"^(?:I |  ?[LSM]) ?([0-9a-f]+),", re.MULTILINE)
    addresses, rest, read, before_first_frame = {}, b"", 0, None
    with open(trace, "rb") as lines:
        while chunk := lines.read(1 << 26):
            chunk = rest + chunk
            cut = chunk.rfind(b"\n") + 1
            start = read - len(rest)
            if before_first_frame is None and start + cut >= first_frame:
                mark = chunk.rfind(b"\n", 0, max(0, first_frame - start)) + 1
                addresses.update(dict.fromkeys(access.findall(chunk, 0, mark)))
                before_first_frame = list(addresses)
            addresses.update(dict.fromkeys(access.findall(chunk, 0, cut)))
            read += len(chunk) - len(rest)
            rest = chunk[cut:]
    os.unlink(trace)
    early = set(before_first_frame or addresses)
    order, count = [], 0
    for hexadecimal in addresses:
        address = int(hexadecimal, 16)
        if address < limit:
            order.append(address)
            count += hexadecimal in early
    return order, count


# A section this size or more that no start touches is not moved for a listed name, unless all
# such sections the name would move weigh less than DRAGGED_IN_ALL.
DRAGGED = 4096
DRAGGED_IN_ALL = 64 * 1024
# The instruction sets of the C library's string function variants, as their names spell them.
VARIANT = re.compile(r"^(__[a-z0-9]+(?:_[a-z0-9]+)*?)_(sse2|ssse3|sse41|sse4_1|sse4_2|sse42|avx2|avx512|avx|evex512|evex|fma4|fma)"
                     r"(?:_[a-z0-9_]+)?$")


def map_sections(map_file):
    """The input sections of lld's link map: [(start, size, [symbol names], output section, input
    section as the map names it)]."""
    line_format = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")
    sections, output = [], None
    with open(map_file) as lines:
        for line in lines:
            match = line_format.match(line.rstrip("\n"))
            if not match:
                continue
            depth = len(match.group(3)) // 8  # 0 an output section, 1 an input section, 2 a symbol
            if depth == 0:
                output = match.group(4)
            elif depth == 1:
                sections.append((int(match.group(1), 16), int(match.group(2), 16), [], output, match.group(4)))
            elif depth == 2 and sections:
                sections[-1][2].append(match.group(4))
    return sections


def names_dragging_cold_sections(sections, addresses):
    """Names defined more than once whose other definitions are in large sections (of the link map,
    `map_sections`) no start touches, DRAGGED_IN_ALL or more of them."""
    sections = sorted(sections)
    starts = [section[0] for section in sections]
    touched_sections = set()
    for address in addresses:
        at = bisect.bisect_right(starts, address) - 1
        if at >= 0 and address < sections[at][0] + sections[at][1]:
            touched_sections.add(at)
    homes = {}
    for index, section in enumerate(sections):
        for name in section[2]:
            homes.setdefault(name, set()).add(index)
    dragged = {name: sum(sections[place][1] for place in places
                         if sections[place][1] >= DRAGGED and place not in touched_sections)
               for name, places in homes.items() if len(places) > 1}
    return {name for name, size in dragged.items() if size >= DRAGGED_IN_ALL}


# A file or section name a linker script may hold as it is: no quotes, blanks, parentheses or glob
# characters.
SCRIPT_WORD = re.compile(r"^[A-Za-z0-9_.$+/:-]+$")


def cold_read_only_data(sections, names, addresses, pages):
    """Linker script patterns for the read-only data no run touched: the .rodata input sections (of
    the link map, `map_sections`) that hold no listed name and no traced address, and lie on no page
    a real start touched. With them after the code (Build/layout.ld includes the list), .rodata,
    which lies before the code a start uses, went from 1147 to 909 KB. Merged strings and constants
    (the map's <internal>) are one section for all objects, partly touched: they stay. Should a later
    start touch a listed section after all, it costs that start a read at the file's end, and the
    next `make startup-order` takes it back."""
    listed, traced = set(names), sorted(set(addresses))
    cold = {}  # pattern: whether every section it matches is cold (an object may have two .rodata)
    for start, size, symbol_names, output, section in sections:
        # Those the last list moved are in .rodata.cold, and stay there while untouched.
        if output not in (".rodata", ".rodata.cold") or size == 0 or section.startswith("<internal>"):
            continue
        pattern = script_pattern(section)
        if not pattern:
            continue
        at = bisect.bisect_left(traced, start)
        touched = (any(name in listed for name in symbol_names) or (at < len(traced) and traced[at] < start + size)
                   or any(page in pages for page in pages_of(start, size)))
        cold[pattern] = cold.get(pattern, True) and not touched
    return [pattern for pattern, untouched in cold.items() if untouched]


def script_pattern(section):
    """The map's `folder/libX.a(member.o):(name)` as the linker script's `*libX.a:member.o(name)`,
    `folder/Module.build/file.o:(name)` as `*Module.build/file.o(name)` (paths differ between
    clones); None for a name that would need quoting."""
    archived = re.match(r"^(.*)\(([^()]*)\):\((.*)\)$", section)
    plain = re.match(r"^(.*):\((.*)\)$", section)
    if archived:
        file, name = archived.group(1).rsplit("/", 1)[-1] + ":" + archived.group(2), archived.group(3)
    elif plain:
        file, name = "/".join(plain.group(1).split("/")[-2:]), plain.group(2)
    else:
        return None
    return f"*{file}({name})" if SCRIPT_WORD.match(file) and SCRIPT_WORD.match(name) else None


def chosen_variants(binary, folder):
    """The C library functions this machine's processor was given, read from a real start: a static
    binary's IRELATIVE relocations are resolved at start, into its GOT."""
    relocations = subprocess.run(["readelf", "-rW", binary], capture_output=True, text=True, check=True).stdout
    slots = [int(line.split()[0], 16) for line in relocations.split("\n") if "R_X86_64_IRELATIVE" in line]
    if not slots:
        return set()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(binary, [binary, "large", "--rows", "3", "--state", os.path.join(folder, "chosen.json")],
                   dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", HOME=folder, XDG_CONFIG_HOME=folder))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        drain(fd, 0.5, first=30)
        with open(f"/proc/{pid}/mem", "rb") as memory:
            targets = set()
            for slot in slots:
                memory.seek(slot)
                targets.add(struct.unpack("<Q", memory.read(8))[0])
    finally:
        os.kill(pid, 15)
        os.waitpid(pid, 0)
        os.close(fd)
    return targets


def real_first_frame_pages(binary, argv, folder):
    """The pages of `binary` a real start of `argv` (not valgrind's) has touched at its first frame.
    A copy is split at every page, a window of pages at a time (Build/resident-pages.py's table holds
    so many), so that no fault maps a neighbour and the resident pages are the touched ones. Catches
    what valgrind's run misses: another processor's code paths, pages without a symbol of their own
    beside one that has."""
    here = os.path.dirname(os.path.abspath(__file__))
    loader = importlib.util.spec_from_file_location("resident_pages", os.path.join(here, "resident-pages.py"))
    resident = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(resident)
    defined = resident.symbols(binary)
    if "formtui_cold_pages" not in defined:
        return set()
    segments = resident.load_segments(binary)
    base = min(address - offset for address, offset, _ in segments if offset == 0) // resident.PAGE
    table, _ = defined["formtui_cold_pages"][0]
    offset = next(table - address + file_offset for address, file_offset, size in segments
                  if address <= table < address + size)
    copy = os.path.join(folder, "census")
    shutil.copy(binary, copy)
    first = min(address for address, _, _ in segments) // resident.PAGE
    last = max(address + size for address, _, size in segments) // resident.PAGE + 1
    touched_pages = set()
    for window in range(first, last, 2 * resident.CAPACITY):
        pages = range(window, min(last, window + 2 * resident.CAPACITY))
        marked = pages[::2]  # a page marked, a page not: each a mapping of its own
        resident.write_table(copy, offset, [len(marked)] + [word for page in marked for word in (page - base, 1)])
        drop_from_page_cache(copy)
        touched_pages |= {page for page in resident_pages(copy, argv, folder) if page in pages}
    return touched_pages


def drop_from_page_cache(path):
    """Written pages are cached in large folios, which a fault maps whole: read back, as a start does."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def resident_pages(binary, argv, folder):
    """The pages of `binary`'s file mappings resident when `binary argv` has drawn its first frame."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(binary, [binary] + argv, dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", HOME=folder,
                                                  XDG_CONFIG_HOME=folder))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    pages = set()
    try:
        drain(fd, 0.5, first=30)
        target = os.path.realpath(binary)
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
            for line in maps:
                fields = line.split()
                if len(fields) > 5 and fields[5] == target:
                    start, end = (int(value, 16) // 4096 for value in fields[0].split("-"))
                    pagemap.seek(start * 8)
                    entries = pagemap.read((end - start) * 8)
                    pages |= {start + index for index in range(end - start)
                              if struct.unpack_from("<Q", entries, index * 8)[0] >> 63}
    finally:
        os.kill(pid, 15)
        os.waitpid(pid, 0)
        os.close(fd)
    return pages


def pages_of(start, size):
    """The pages a symbol or section of `size` bytes at `start` lies on."""
    return range(start // 4096, (start + size - 1) // 4096 + 1)


def string_variants(names, all_names):
    """Every variant of the C library's string functions among `names`, grouped by instruction set."""
    families = {match.group(1) for name in names if (match := VARIANT.match(name))}
    listed, groups = set(names), {}
    for name in sorted(set(all_names)):
        match = VARIANT.match(name)
        if match and match.group(1) in families and name not in listed:
            groups.setdefault(match.group(2), []).append(name)
    return [name for group in sorted(groups) for name in groups[group]]


def main():
    binary = os.path.abspath(sys.argv[1])
    map_file = sys.argv[sys.argv.index("--map") + 1] if "--map" in sys.argv else None
    hot_file = sys.argv[sys.argv.index("--hot") + 1] if "--hot" in sys.argv else None
    cold_file = sys.argv[sys.argv.index("--cold") + 1] if "--cold" in sys.argv else None
    folder = tempfile.mkdtemp(prefix="startup-order")
    try:
        # valgrind cannot read the DWARF of a Swift binary this size: give it the symbols only.
        plain = os.path.join(folder, "formtui")
        subprocess.run(["strip", "--strip-debug", "-o", plain, binary], check=True)
        spec = os.path.join(folder, "spec.yaml")
        with open(spec, "w") as out:
            out.write(SPEC)
        # Every symbol with a size, code and data; a static executable is not relocated.
        symbols, unsized = [], []
        listing = subprocess.run(["nm", "-S", "--defined-only", plain], capture_output=True, text=True,
                                 check=True).stdout
        for line in listing.split("\n"):
            parts = line.split(" ", 3)
            if len(parts) == 4 and parts[2] in "tTwWdDrRbBvV" and int(parts[1], 16) > 0:
                symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
            elif len(parts) == 3 and parts[1] in "tT":  # assembly with no size (crtbegin's frame_dummy)
                unsized.append((int(parts[0], 16), parts[2]))
        symbols.sort()
        # An unsized name reaches to the next sized one (a page at most).
        sized_starts = [start for start, _, _ in symbols]
        sized = set(sized_starts)
        for start, name in unsized:
            if start not in sized:
                at = bisect.bisect_right(sized_starts, start)
                end = min(sized_starts[at] if at < len(sized_starts) else start + 1, start + 4096)
                symbols.append((start, end - start, name))
        symbols.sort()
        starts = [start for start, _, _ in symbols]
        limit = symbols[-1][0] + symbols[-1][1]
        # A spec form second: after what every start uses, its own code (the spec readers) is the
        # largest of any command's, and it is the shell's way in.
        commands = [["large", "--rows", "100"], ["form", spec], ["preferences"], ["hotspot"], ["registration"],
                    ["showcase"]]
        # What each command touches up to its first frame comes first, command by command, then what
        # their keys touched after it: a cold start then finds all it needs in the file's first pages,
        # read before the disk's read-ahead reaches the rest (the Makefile says why that matters).
        early_names, later_names, addresses, first_frames, first_command = [], [], [], {}, 0
        for index, command in enumerate(commands):
            if index == 1:
                first_command = len(early_names)
            state = os.path.join(folder, f"state{index}.json")
            order, early = touched([plain] + command + ["--state", state], folder, limit)
            for position, address in enumerate(order):
                addresses.append(address)
                at = bisect.bisect_right(starts, address) - 1
                if at >= 0 and address < symbols[at][0] + symbols[at][1]:
                    name = symbols[at][2]
                    if position < early:
                        first_frames[name] = first_frames.get(name, 0) | 1 << index
                        early_names.append(name)
                    else:
                        later_names.append(name)
        # Names the order leaves out (see names_dragging_cold_sections) stay where they are.
        sections = map_sections(map_file) if map_file else []
        dragging = names_dragging_cold_sections(sections, addresses)
        # What real starts touch besides (the C library's start, with the vDSO valgrind has not; the
        # terminal's answers; another processor's code paths): a page a real start touches that holds
        # no listed name valgrind saw that command touch before its first frame names every name in
        # it hot for the command. Pages valgrind explains add nothing: their other names are another
        # command's, and naming them hot here would keep their pages resident.
        census, real_pages = [], set()
        for index, command in enumerate(commands):
            real = real_first_frame_pages(plain, command + ["--state", os.path.join(folder, f"real{index}.json")],
                                          folder)
            real_pages |= real
            explained = {page for start, size, name in symbols
                         if first_frames.get(name, 0) >> index & 1 and name not in dragging
                         for page in pages_of(start, size)}
            for start, size, name in symbols:
                if any(page in real and page not in explained for page in pages_of(start, size)):
                    first_frames[name] = first_frames.get(name, 0) | 1 << index
                    census.append(name)
        # Every command uses the string functions: those this machine's processor was given follow
        # the first command's first frame (valgrind's processor called others), then what real
        # starts touch besides; every other variant of a touched one follows the first frames,
        # grouped by instruction set. So the first command's start needs nothing further on.
        chosen = chosen_variants(plain, folder)
        variants = [name for start, _, name in symbols if start in chosen]
        for name in variants:
            first_frames[name] = (1 << len(commands)) - 1
        others = string_variants(early_names + later_names + variants, [name for _, _, name in symbols])
        names = list(dict.fromkeys(early_names[:first_command] + variants + census + early_names[first_command:]
                                   + others + later_names))
        if hot_file:  # every name, those left out of the order too: their touched copies are used
            with open(hot_file, "w") as out:
                out.writelines(f"{first_frames[name]:x} {name}\n" for name in names if name in first_frames)
        names = [name for name in names if name not in dragging]
        for name in names:
            print(name)
        if cold_file and map_file:
            with open(cold_file, "w") as out:
                out.write("/* Written by Build/startup-order.py (make startup-order): read-only data no start\n"
                          "   touched, which Build/layout.ld puts after the code. */\n")
                out.writelines(f"{pattern}\n" for pattern in cold_read_only_data(sections, names, addresses,
                                                                                  real_pages))
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
