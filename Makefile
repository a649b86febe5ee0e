# formtui — build, run and test. Every target installs what is missing first.
#   make run     start `formtui preferences` in this terminal (ARGS="..." adds options)
#   make test    build and run every test (unit, golden screens, tmux end to end; installs
#                asciinema and zsh when missing)
#   make bench   build in release mode, print the in-process figures, then measure formtui against
#                dialog through a pty (times, instructions by callgrind, memory, binary size) into
#                Benchmarks/RESULTS.md (BENCH_QUICK=1: N = 100 and 10k only; installs valgrind and
#                dialog when missing); then `formtui form` of 20k- and 100k-row specs in each language
#                (Benchmarks/specload.py)
#   make install build in release mode (stripped) and install formtui, its manual page (formtui.1)
#                and its bash/zsh/fish completions under PREFIX (default /usr/local; DESTDIR stages a package)
#   make man     write the manual page alone into .build/man
#   make docs    build the DocC documentation of the library modules into .build/docs (a combined
#                archive; a broken symbol link or another DocC warning fails it; CI runs it)
#   make demos   re-record every walkthrough's transcript (demos/*.out, demos/forms/*.out,
#                demos/edit/*.out with the files they save, demos/edit/*.saved.*) and pictures
#                (docs/screens)
#   make soak    generated key sequences against every demo, SOAK_KEYS of them, SOAK_SPECS
#                mutated example specs a language, and SOAK_DOCS generated documents a format
#                (release build)
#   make conformance  run other projects' suites (../shared/suites) and print their counts

SWIFT ?= swift
BIN_DIR := .build/debug
BIN := $(BIN_DIR)/formtui
ARGS ?=
SOAK_KEYS ?= 2000000
SOAK_SPECS ?= 100000
SOAK_DOCS ?= 20000
PREFIX ?= /usr/local
DESTDIR ?=
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

DEMOS := preferences hotspot registration showcase
# `formtui edit` walkthroughs (demos/edit): name, the file it edits (a copy), its schema.
EDIT_DEMOS := pyproject:pyproject.toml:pyproject ci:ci.yml:workflow settings:settings.json:settings

# The release build is SwiftPM's own, a static executable (the Swift standard library, ncursesw,
# libyaml, libstdc++ and the C library are inside it: it runs on any x86-64 Linux without Swift or
# those packages) stripped by `make install`. Static, because the loader then maps, relocates and
# looks up nothing at start. The figure it serves is issue 34's peak memory of at most 12 MB on a
# small form, which issue 34 allows a static executable for: dynamic, the loader's relocated data
# and the shared libraries' pages put `large --rows 3` at 14.4 MB and a 5-field `form` at 15.2 MB;
# static, 10.7 and 11.5 MB (make bench, Benchmarks/RESULTS.md). Keys and first frames cost the same
# either way.
# -ltinfo: Debian's static ncursesw leaves its terminfo half in libtinfo.a. The C library's
# password lookups (FoundationEssentials asks them for a home folder when HOME is unset) still load
# the system's NSS modules. Nothing else: no linker script, no symbol ordering, no patched binary.
RELEASE_FLAGS ?= -c release --static-swift-stdlib -Xswiftc -static-executable -Xlinker -ltinfo
STRIP ?= strip

# What `make install` installs is checked as it is built (Build/release-check.sh): the walkthroughs
# and spec examples play as their transcripts say with the release binary too.
RELEASE_CHECK = @Build/release-check.sh .build/release/formtui

# The end of each target's check for what is missing: installs the packages its recipe gathered
# in the shell variable `missing`, if any (one line to the shell: make joins the lines).
APT_INSTALL_MISSING = if [ -n "$$missing" ]; then \
	echo "Installing:$$missing"; \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

.PHONY: all deps test-deps build run test bench soak demos install uninstall man docs format lint clean conformance

all: build

# Installs the system packages the build and the tests need, only when they are missing.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "make: Swift 6 is not installed (https://www.swift.org/install/linux/)"; exit 1; }
	@missing=""; \
	dpkg -s libncurses-dev >/dev/null 2>&1 || [ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	dpkg -s libyaml-dev >/dev/null 2>&1 || [ -f /usr/include/yaml.h ] || missing="$$missing libyaml-dev"; \
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
# evaluated as in sh and bash, and binutils for `strip`.
test-deps: deps
	@missing=""; \
	command -v asciinema >/dev/null 2>&1 || missing="$$missing asciinema"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v $(STRIP) >/dev/null 2>&1 || missing="$$missing binutils"; \
	$(APT_INSTALL_MISSING)

# The tests run the debug build; the release build (what `make install` installs) then plays every
# walkthrough and example against the same transcripts; then the conformance suites, where
# ../shared/suites is there.
test: test-deps
	$(SWIFT) build --build-tests
	FORMTUI_BIN="$(CURDIR)/$(BIN)" $(SWIFT) test --skip-build
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RELEASE_CHECK)
	@$(MAKE) --no-print-directory conformance

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
	@work=$$(mktemp -d); for example in $(EDIT_DEMOS); do \
		name=$${example%%:*}; rest=$${example#*:}; file=$${rest%%:*}; schema=$${rest#*:}; \
		cp demos/edit/$$file "$$work/$$file"; \
		XDG_STATE_HOME=$$work/state $(BIN) edit "$$work/$$file" --schema demos/edit/$$schema.schema.json --review \
			--headless --script demos/edit/$$name.keys > demos/edit/$$name.out || { rm -rf $$work; exit 1; }; \
		cp "$$work/$$file" demos/edit/$$name.saved.$${file##*.}; \
		echo "demos/edit/$$name.out, demos/edit/$$name.saved.$${file##*.}"; \
	done; rm -rf $$work

# valgrind counts instructions (Benchmarks/instructions.py); dialog is what formtui is measured against.
bench: deps
	@missing=""; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	command -v dialog >/dev/null 2>&1 || missing="$$missing dialog"; \
	$(APT_INSTALL_MISSING)
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RELEASE_CHECK)
	.build/release/formtui-bench
	@if command -v python3 >/dev/null 2>&1; then \
		python3 Benchmarks/ptybench.py .build/release/formtui --out Benchmarks/RESULTS.md && \
		python3 Benchmarks/specload.py .build/release/formtui --out Benchmarks/RESULTS.md; \
	else \
		echo "make bench: python3 is missing: no out-of-process figures"; \
	fi

install: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product formtui
	$(RELEASE_CHECK)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 .build/release/formtui "$(DESTDIR)$(PREFIX)/bin/formtui"
	@# Without its symbols and debug information (a crash still prints its message and where).
	$(STRIP) "$(DESTDIR)$(PREFIX)/bin/formtui"
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
	@# Generated JSON, JSONC, YAML and TOML documents, SOAK_DOCS a format (make test reads and
	@# edits 300 a format): each read back byte for byte, edited, and the edits read back as meant
	@# and to the tree a fresh read gives. Each prints its seed; FORMTUI_DOC_FUZZ_SEED replays one.
	FORMTUI_DOC_FUZZ_CASES=$(SOAK_DOCS) \
		$(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --filter '(JSON|YAML|TOML)GeneratedTests'

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks Examples

lint:
	$(SWIFT) format lint -r Package.swift Sources Tests Benchmarks Examples

clean:
	rm -rf .build
