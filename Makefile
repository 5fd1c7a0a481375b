# loadwrap — build, test, install, benchmark.
SWIFT ?= swift
PREFIX ?= /usr/local
# The Swift runtime is linked in, so start-up costs about what `env` costs (no dynamic loading of libswiftCore).
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: build test install bench clean

build:
	$(SWIFT) build $(RELEASE_FLAGS)

test:
	$(SWIFT) build
	$(SWIFT) test

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/loadwrap" $(DESTDIR)$(PREFIX)/bin/loadwrap

bench: build
	python3 Scripts/bench.py

clean:
	rm -rf .build
