# formtui — build, run and test. Every target installs what is missing first.
#   make run     start `formtui preferences` in this terminal (ARGS="..." adds options)
#   make test    build and run every test (unit, golden screens, tmux end to end)
#   make bench   build in release mode, print the in-process figures, then time `formtui large`
#                against `dialog --checklist` through a pty into Benchmarks/RESULTS.md
#                (BENCH_QUICK=1: N = 100 and 10k only)

SWIFT ?= swift
BIN_DIR := .build/debug
BIN := $(BIN_DIR)/formtui
ARGS ?=
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: all deps build run test bench format lint clean

all: build

# Installs the system packages the build and the tests need, only when they are missing.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "make: Swift 6 is not installed (https://www.swift.org/install/linux/)"; exit 1; }
	@missing=""; \
	dpkg -s libncurses-dev >/dev/null 2>&1 || [ -f /usr/include/ncursesw/curses.h ] || missing="$$missing libncurses-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(BIN) preferences $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	FORMTUI_BIN="$(CURDIR)/$(BIN)" $(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product formtui-bench
	$(SWIFT) build -c release --product formtui
	.build/release/formtui-bench
	@if command -v python3 >/dev/null 2>&1; then \
		python3 Benchmarks/ptybench.py .build/release/formtui --out Benchmarks/RESULTS.md; \
	else \
		echo "make bench: python3 is missing: no out-of-process figures"; \
	fi

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint -r Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build
