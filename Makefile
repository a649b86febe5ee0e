# formtui — build, run and test. Every target installs what is missing first.
#   make run     start `formtui preferences` in this terminal (ARGS="..." adds options)
#   make test    build and run every test (unit, golden screens, tmux end to end)
#   make bench   build in release mode and print the benchmark figures
#   make soak    generated key sequences against every demo, SOAK_KEYS of them (release build)

SWIFT ?= swift
BIN_DIR := .build/debug
BIN := $(BIN_DIR)/formtui
ARGS ?=
SOAK_KEYS ?= 2000000
SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo)

.PHONY: all deps build run test bench soak format lint clean

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
	.build/release/formtui-bench

# The generators of `make test`'s GeneratedKeyTests for millions of keys; prints keys a second and
# every distinct finding with the seed that replays it (FORMTUI_FUZZ_SEED=...). Optimized, since a
# debug build plays under a thousand keys a second; -enable-testing for the other test targets.
soak: deps
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	SOAK_KEYS=$(SOAK_KEYS) $(SWIFT) test -c release --skip-build -Xswiftc -enable-testing --filter SoakTests

format:
	$(SWIFT) format -i -r Package.swift Sources Tests Benchmarks

lint:
	$(SWIFT) format lint -r Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build
