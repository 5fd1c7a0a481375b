# loadwrap — build, test, install, benchmark.
SWIFT ?= swift
PREFIX ?= /usr/local
# The Swift runtime is linked in, so start-up costs about what `env` costs: on Linux the whole
# executable is static, which spares the dynamic linker ~60% of start-up (callgrind: relocations
# for libstdc++, libm, libgcc_s). macOS has no static executables; the runtime is in the OS there.
RELEASE_FLAGS = -c release --static-swift-stdlib
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS += -Xswiftc -static-executable
endif

.PHONY: build test fuzz install bench clean

build:
	$(SWIFT) build $(RELEASE_FLAGS)

test:
	$(SWIFT) build
	$(SWIFT) test

# The differential, argument and control-channel fuzz suites with many seeds (the default
# `make test` runs a few dozen); FUZZ_SEED, FUZZ_COUNT and FUZZ_FEATURES choose them.
FUZZ_COUNT ?= 500
fuzz:
	$(SWIFT) build
	FUZZ_COUNT=$(FUZZ_COUNT) $(SWIFT) test --filter FuzzTests

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap" $(DESTDIR)$(PREFIX)/bin/loadwrap

bench: build
	python3 Scripts/bench.py

clean:
	rm -rf .build
