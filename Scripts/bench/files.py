"""Scratch files for the throughput figures, made in the run's temporary directory."""

import contextlib
import hashlib
import os
import struct

from .config import MIB


def make_binary(path, size):
    """`size` bytes of 1 MiB random blocks, each stamped with its index (so order shows); sha256."""
    block = bytearray(os.urandom(MIB))
    digest = hashlib.sha256()
    with open(path, "wb") as f:
        for i in range(size // MIB):
            block[:8] = struct.pack("<Q", i)
            f.write(block)
            digest.update(block)
    return digest.hexdigest()


def make_text(path, size):
    """`seq 1 100000` repeated to about `size` bytes (whole copies); returns (bytes, lines)."""
    block = "".join(f"{i}\n" for i in range(1, 100001)).encode()
    copies = max(1, size // len(block))
    with open(path, "wb") as f:
        for _ in range(copies):
            f.write(block)
    return copies * len(block), copies * 100000


@contextlib.contextmanager
def scratch(path, make, size):
    """`make(path, size)` for the duration of one figure; the file is removed after, so big
    files do not pile up in the temporary directory."""
    try:
        yield make(path, size)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
