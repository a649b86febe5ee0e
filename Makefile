# formtui — build, run and test. Every target installs what is missing first.
#   make run     start `formtui preferences` in this terminal (ARGS="..." adds options)
#   make test    build and run every test (unit, golden screens, tmux end to end; installs
#                asciinema and zsh when missing)
#   make bench   build in release mode, print the in-process figures, then measure formtui against
#                dialog through a pty (times, instructions by callgrind, memory, binary size) into
#                Benchmarks/RESULTS.md (BENCH_QUICK=1: N = 100 and 10k only; installs valgrind and
#                dialog when missing); then `formtui form` of 20k- and 100k-row specs in each language
#                (Benchmarks/specload.py)
#   make install build in release mode (a static executable, stripped) and install formtui, its manual page (formtui.1)
#                and its bash/zsh/fish completions under PREFIX (default /usr/local; DESTDIR stages a package)
#   make man     write the manual page alone into .build/man
#   make docs    build the DocC documentation of the library modules into .build/docs (a combined
#                archive; a broken symbol link or another DocC warning fails it; CI runs it)
#   make demos   re-record every walkthrough's transcript (demos/*.out, demos/forms/*.out) and pictures
#                (docs/screens)
#   make soak    generated key sequences against every demo, SOAK_KEYS of them, and SOAK_SPECS
#                mutated example specs a language (release build)
#   make startup-order  re-list the code and data a start touches (Build/startup.order), which
#                release builds place side by side, and what each command touches before its first
#                frame (Build/startup.hot), which they keep apart from the rest (needs valgrind;
#                installs it when missing; ~8 min)

SWIFT ?= swift
BIN_DIR := .build/debug
BIN := $(BIN_DIR)/formtui
ARGS ?=
SOAK_KEYS ?= 2000000
SOAK_SPECS ?= 100000
PREFIX ?= /usr/local
DESTDIR ?=
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

DEMOS := preferences hotspot registration showcase

# Release builds are static executables: the Swift runtime, FoundationEssentials (not Foundation: no
# ICU), ncursesw, libyaml, libstdc++ and glibc are inside the binary, so at start the loader maps,
# relocates and looks up nothing. Against a position-independent binary with only the Swift runtime
# linked in, that was about 4.5 MB less resident memory and 2-3 ms less to the first frame
# (Benchmarks/ptybench.py). The costs: no address
# randomization for the program's own code, and the glibc functions that load modules at run time
# (getpwuid, used when HOME is unset) need the build's glibc version on the machine. -ltinfo:
# Debian's static ncursesw leaves its terminfo half in libtinfo.a.
# Each function in its own section, and the code and data a start touches placed together in the
# order of Build/startup.order (`make startup-order` writes it). The kernel maps a file's pages 64 KB
# at a time around each page a program touches (fault-around; no madvise turns it off, it only stops at the mapping's edge), so spread
# over the binary they kept 10 MB of it resident for 0.7 MB actually touched. lld, the toolchain's
# own linker, because it orders by symbol (a prebuilt object without one section per function moves
# as a whole, which still gathers it) and orders data too; gold orders code sections by name only.
# `formtui large` peaked at 11.4 MB with gold and peaks at 7.5 MB so (Benchmarks/startup.py, COLD=1).
# A stale list only costs that memory.
# Concrete generic types (`[Int: AnyObject]`, a `FormScreen<Large>`) are reached through their
# metadata accessors, not by mangled name: the runtime otherwise decodes each name on first use
# and checks its requirements (`Key: Hashable`) by scanning every conformance record of the static
# binary, about 250k instructions a requirement; that was 4.4M of the 11.9M to the first frame
# (7.5M without). The cost is a few KB of code.
# Identical functions are kept once (--icf=all): generic specialisations and thunks that compile
# to the same bytes, 0.58 MB of the stripped binary. Nothing here compares function addresses.
# No .eh_frame_hdr (0.34 MB): only an unwinder reads it, to find a frame's entry fast, and the one
# unwinding here is rare (Swift errors are returns; toml++ is built without exceptions; only
# CTOMLReader throws, to its own catch); the C++ runtime's unwinder still finds entries through
# the frames crtbeginT.o registers, and a crash prints what it printed with it (`formtui debug-crash`).
# Those frames are registered at the first unwind, not at start (--wrap, see
# Sources/CTOMLReader/lazy_unwind_tables.c): registering reads .eh_frame's first word, which kept
# all 0.4 MB of it among the pages a cold start waits for; now it lies after everything a start reads.
# Public functions of our modules (and argument-parser's) are not kept for their own sake
# (-internalize-at-link): Swift otherwise marks every public symbol "used", which --gc-sections must
# keep though nothing in the executable calls it (a library API the command line never uses);
# 0.24 MB. Nothing looks a symbol up by name at run time.
# No unwind tables (.eh_frame) for the toolchain's prebuilt Swift libraries: the release link reads
# copies of them without it (LEAN_STATIC below, swapped in by lld's --remap-inputs-file), 1.05 MB.
# Only C++ unwinds here, from a throw to its catch inside CTOMLReader (a sink's stop, a toml++
# check, bad_alloc), through toml++, libstdc++ and libgcc_eh frames, whose tables stay; the Swift
# runtime and Foundation are built without C++ exceptions, and a crash prints what it printed.
# lld cannot drop .eh_frame for some inputs only, and dropping all of it turned the TOML reader's
# stop into an abort. Our own Swift objects keep theirs (0.33 MB; swiftc has no flag to omit them).
# The code after the data (Build/layout.ld, added to lld's default layout). A cold start reads the
# binary around its first page faults, as much as the disk's read-ahead allows (here 8 MB: a data
# fault at offset X reads X - 4 MB to X + 4 MB, a code fault X to X + 8 MB), and a touch of the
# read's last quarter starts the next 8 MB. The first fault is the kernel's, clearing the end of the
# data segment (1.2 MB in). With the code first the data was at the file's end and the code a start
# uses at its beginning, so a start read the whole binary in three synchronous reads. Now the
# metadata, the data and the ordered code a start uses are within the file's first 6 MB, where the
# first read brings them in file order; tables no start reads and the unordered code follow.
# Cold first frame 24.1 -> 17.2 ms (interleaved runs, same machine), with the order file listing
# each command's start first and real starts' pages (Build/startup-order.py). The read-only data no
# start touches (Build/startup.cold, which `make startup-order` lists and layout.ld includes: hence
# -L Build), the reflection metadata and .eh_frame follow the code too, so the code a start uses
# begins at 1.65 MB instead of 2.54 MB.
# No run-time exclusivity checks (-enforce-exclusivity=unchecked): each access to a class's stored
# property that the compiler cannot prove exclusive costs a call into the runtime's access set, about
# 6k instructions of a Space (66.8k -> 60.8k), 6k of a typed character, 5.5k of a Down. The checks
# only turn a programming error (overlapping inout accesses) into a trap: the tests (debug builds)
# and `make soak` (a release build without these flags) keep them.
# Not -Osize: 0.23 MB less, but 7-8% more instructions per start and 12-20% more per key.
# Both release products use the same flags, so building one does not rebuild the other.
RELEASE_FLAGS ?= -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker -ltinfo \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -enforce-exclusivity=unchecked \
	-Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/Build/startup.order \
	-Xlinker --no-warn-symbol-ordering -Xlinker --icf=all -Xlinker --no-eh-frame-hdr \
	-Xlinker --wrap=__register_frame_info -Xlinker --wrap=__deregister_frame_info \
	-Xlinker --wrap=_Unwind_Find_FDE -Xlinker --remap-inputs-file=$(LEAN_STATIC)/remap \
	-Xlinker -L$(CURDIR)/Build -Xlinker -T -Xlinker $(CURDIR)/Build/layout.ld

# The toolchain's static libraries that formtui links, copied without .eh_frame (see above) by the
# toolchain's llvm-objcopy; `remap` lists each original and its copy for lld. Remade when the
# toolchain changes; a library not listed here is linked as it is, unwind tables and all.
LEAN_STATIC := $(CURDIR)/.build/lean-static
LEAN_LIBS := swiftCore swift_Concurrency swift_StringProcessing swift_RegexParser swiftSynchronization \
	swiftGlibc FoundationEssentials _FoundationCShims _FoundationCollections dispatch BlocksRuntime
SWIFT_RESOURCES = $(shell $(SWIFT) -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
SWIFT_STATIC = $(SWIFT_RESOURCES)_static/linux
OBJCOPY = $(firstword $(wildcard $(SWIFT_RESOURCES)/../../bin/llvm-objcopy) objcopy)

# What the release link must keep (Build/release-check.sh, after each release build): the
# walkthroughs and spec examples play as their transcripts say, and C++ unwinds from CTOMLReader's
# throw to its catch. A TOML text past the 1 MB limit stops the reader's walk by a throw, which must
# come back as formtui's error (status 3), not an abort (134), as it did with no unwind tables at all.
RELEASE_CHECK = @Build/release-check.sh .build/release/formtui

# Where a start's pages end, written into the release binary after each link of formtui
# (Build/resident-pages.py, from the names in Build/startup.hot). First thing in main the binary splits its
# mappings there, so that the kernel's fault-around maps the neighbours of a touched page from the
# same stretch only: the standard library's code is one 1.6 MB section, a page of which here and
# there kept all of it resident (why and what it costs: Sources/CResidentPages/resident_pages.c).
RESIDENT_PAGES = @if command -v python3 >/dev/null 2>&1; then python3 Build/resident-pages.py .build/release/formtui; \
	else echo "make: python3 is missing: .build/release/formtui keeps more of itself resident"; fi

$(LEAN_STATIC)/remap: $(foreach lib,$(LEAN_LIBS),$(wildcard $(SWIFT_STATIC)/lib$(lib).a))
	@mkdir -p $(LEAN_STATIC)
	@: > $@.new; for lib in $(LEAN_LIBS); do \
		from="$(SWIFT_STATIC)/lib$$lib.a"; to="$(LEAN_STATIC)/lib$$lib.a"; \
		[ -f "$$from" ] || continue; \
		$(OBJCOPY) --remove-section=.eh_frame --remove-section=.rela.eh_frame "$$from" "$$to" || exit 1; \
		echo "$$from=$$to" >> $@.new; \
	done; mv $@.new $@

# The end of each target's check for what is missing: installs the packages its recipe gathered
# in the shell variable `missing`, if any (one line to the shell: make joins the lines).
APT_INSTALL_MISSING = if [ -n "$$missing" ]; then \
	echo "Installing:$$missing"; \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

.PHONY: all deps test-deps build run test bench soak demos install uninstall man docs startup-order format lint clean conformance

all: build

# Installs the system packages the build and the tests need, only when they are missing.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "make: Swift 6 is not installed (https://www.swift.org/install/linux/)"; exit 1; }
	@missing=""; \
	dpkg -s libncurses-dev >/dev/null 2>&1 || [ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	dpkg -s libyaml-dev >/dev/null 2>&1 || [ -f /usr/include/yaml.h ] || missing="$$missing libyaml-dev"; \
	dpkg -s libtomlplusplus-dev >/dev/null 2>&1 || [ -f /usr/include/toml++/toml.h ] || missing="$$missing libtomlplusplus-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	$(APT_INSTALL_MISSING)

build: deps
	$(SWIFT) build

# The state of `make run` stays in the build folder: trying the demo never touches ~/.config.
RUN_STATE ?= .build/run/preferences.json

run: build
	@# Status 1 only says nothing was saved: not a failure of make.
	$(BIN) preferences --state $(RUN_STATE) $(ARGS) || [ $$? -eq 1 ]

# What only the tests use: asciinema, to play recordings back (`asciinema cat`) as a viewer would
# (without it those checks are skipped), zsh, in which `formtui form --format env` answers are
# evaluated as in sh and bash, and python3 with binutils for Build/resident-pages.py.
test-deps: deps
	@missing=""; \
	command -v asciinema >/dev/null 2>&1 || missing="$$missing asciinema"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	command -v readelf >/dev/null 2>&1 || missing="$$missing binutils"; \
	$(APT_INSTALL_MISSING)

# The tests run the debug build; the release build (what `make install` installs, ordered and laid
# out by RELEASE_FLAGS) then plays every walkthrough and example against the same transcripts.
test: test-deps $(LEAN_STATIC)/remap
	$(SWIFT) build --build-tests
	FORMTUI_BIN="$(CURDIR)/$(BIN)" $(SWIFT) test --skip-build
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RESIDENT_PAGES)
	$(RELEASE_CHECK)

# Other projects' suites (../shared/suites: JSONTestSuite, toml-test, the YAML test suite, the JSON
# Schema test suite, SchemaStore), counted per suite against Conformance/recorded. A
# clone without ../shared/suites says the suites were skipped.
SUITES ?= $(CURDIR)/../shared/suites

conformance: deps
	@if [ -d "$(SUITES)" ]; then \
		$(SWIFT) build -c release --product formtui-conformance && \
		.build/release/formtui-conformance "$(SUITES)" --check Conformance/recorded; \
	else \
		echo "make conformance: $(SUITES) is not here: the conformance suites were skipped"; \
	fi

# Each walkthrough played headless at 80x24 with a throwaway state file: its transcript (with
# the state it saved) and one SVG per snapshot. `make test` checks the transcripts.
demos: build
	@mkdir -p docs/screens
	@for demo in $(DEMOS); do \
		state=$$(mktemp -u); \
		$(BIN) $$demo --headless --script demos/$$demo.keys --state "$$state" --print-state \
			> demos/$$demo.out || { rm -f "$$state"; exit 1; }; \
		rm -f "$$state" docs/screens/$$demo-*.svg; \
		$(BIN) $$demo --headless --script demos/$$demo.keys --state "$$state" \
			--snapshot-format svg --snapshot-dir docs/screens --theme dark > /dev/null || { rm -f "$$state"; exit 1; }; \
		rm -f "$$state"; \
		echo "demos/$$demo.out, docs/screens/$$demo-*.svg"; \
	done
	@config=$$(mktemp -d); for example in registration.yaml:json preferences.toml:json server-setup.yaml:env; do \
		spec=$${example%%:*}; name=$${spec%%.*}; format=$${example##*:}; \
		TZ=UTC XDG_CONFIG_HOME=$$config $(BIN) form demos/forms/$$spec --format $$format --headless \
			--size 80x24 --script demos/forms/$$name.keys > demos/forms/$$name.out || { rm -rf $$config; exit 1; }; \
		echo "demos/forms/$$name.out"; \
	done; rm -rf $$config

# valgrind counts instructions (Benchmarks/instructions.py); dialog is what formtui is measured against.
bench: deps $(LEAN_STATIC)/remap
	@missing=""; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	command -v dialog >/dev/null 2>&1 || missing="$$missing dialog"; \
	$(APT_INSTALL_MISSING)
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RESIDENT_PAGES)
	$(RELEASE_CHECK)
	.build/release/formtui-bench
	@if command -v python3 >/dev/null 2>&1; then \
		python3 Benchmarks/ptybench.py .build/release/formtui --out Benchmarks/RESULTS.md && \
		python3 Benchmarks/specload.py .build/release/formtui --out Benchmarks/RESULTS.md; \
	else \
		echo "make bench: python3 is missing: no out-of-process figures"; \
	fi

install: deps $(LEAN_STATIC)/remap
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RESIDENT_PAGES)
	$(RELEASE_CHECK)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/release/formtui "$(DESTDIR)$(PREFIX)/bin/formtui"
	@# Without its symbols and debug information: 15 MB instead of 35, and a cold start reads 2 MB less.
	@# A crash prints the same (the message and where it was raised; no backtrace is symbolized).
	$(OBJCOPY) --strip-all "$(DESTDIR)$(PREFIX)/bin/formtui"
	.build/release/formtui --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/formtui"
	.build/release/formtui --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_formtui"
	.build/release/formtui --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/formtui.fish"
	$(SWIFT) build --product generate-manual
	@mkdir -p .build/man-release
	$(BIN_DIR)/generate-manual .build/release/formtui --section 1 --output-directory .build/man-release
	install -d "$(DESTDIR)$(PREFIX)/share/man/man1"
	awk -f Build/man-page.awk .build/man-release/formtui.1 > "$(DESTDIR)$(PREFIX)/share/man/man1/formtui.1"

# The manual page alone, into .build/man (`man -l .build/man/formtui.1`): argument-parser's
# generator reads the same help the commands print, so the page cannot drift from --help;
# Build/man-page.awk keeps the help's indented lines (commands, a spec) as they are printed.
man: build
	$(SWIFT) build --product generate-manual
	@mkdir -p .build/man
	$(BIN_DIR)/generate-manual $(BIN) --section 1 --output-directory .build/man
	awk -f Build/man-page.awk .build/man/formtui.1 > .build/man/formtui.1.tmp
	mv .build/man/formtui.1.tmp .build/man/formtui.1
	@echo ".build/man/formtui.1"

# The library's documentation: its modules' `///` comments and their catalogs
# (Sources/*/Documentation.docc), as one archive whose pages link across modules. Warnings are
# errors, so that a link to a symbol renamed or removed fails CI. FormTUI (the one-import
# product, with the getting-started article) joins once its sources are there.
DOC_TARGETS := FormCore FormUI FormTerminal FormPersistence $(if $(wildcard Sources/FormTUI/*.swift),FormTUI)
DOCS_DIR := .build/docs

docs: deps
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		$(addprefix --target ,$(DOC_TARGETS)) --enable-experimental-combined-documentation \
		--warnings-as-errors --output-path $(DOCS_DIR)
	@echo "$(DOCS_DIR) (swift package --disable-sandbox preview-documentation --target FormCore serves it)"

# Re-lists the symbols a start touches, for RELEASE_FLAGS' ordering (after changes to the start path).
startup-order: deps $(LEAN_STATIC)/remap
	@command -v valgrind >/dev/null 2>&1 || { $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends valgrind; }
	$(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/release/formtui.map --product formtui
	@# Split as a release build is, so that what the split itself calls is listed too.
	$(RESIDENT_PAGES)
	python3 Build/startup-order.py .build/release/formtui --map .build/release/formtui.map \
		--hot Build/startup.hot.new --cold Build/startup.cold.new > Build/startup.order.new
	mv Build/startup.order.new Build/startup.order
	mv Build/startup.hot.new Build/startup.hot
	mv Build/startup.cold.new Build/startup.cold

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/formtui" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/formtui" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_formtui" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/formtui.fish" \
		"$(DESTDIR)$(PREFIX)/share/man/man1/formtui.1"

# The generators of `make test`'s GeneratedKeyTests for millions of keys; prints keys a second and
# every distinct finding with the seed that replays it (FORMTUI_FUZZ_SEED=...). Optimized, since a
# debug build plays under a thousand keys a second; -enable-testing for the other test targets.
soak: deps
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	SOAK_KEYS=$(SOAK_KEYS) $(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --filter SoakTests
	@# Mutated example specs, SOAK_SPECS a language, from a random seed it prints (make test plays
	@# 100 a language from a fixed one); FORMTUI_SPEC_FUZZ_SEED=<seed> replays a run.
	FORMTUI_SPEC_FUZZ_CASES=$(SOAK_SPECS) FORMTUI_SPEC_FUZZ_SEED=$${FORMTUI_SPEC_FUZZ_SEED:-$$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')} \
		$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --filter SpecFuzzTests

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks Examples

lint:
	$(SWIFT) format lint -r Package.swift Sources Tests Benchmarks Examples

clean:
	rm -rf .build
