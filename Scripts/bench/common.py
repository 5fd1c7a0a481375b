"""The two ways a run fails, progress output, and finding programs."""

import shutil
import sys


class Misbehaved(Exception):
    """loadwrap did something wrong while being measured: exit 1."""


class Unusable(Exception):
    """The benchmark cannot run on this machine: exit 2."""


def log(message):
    """Progress on stderr, so stdout stays the table."""
    print(message, file=sys.stderr, flush=True)


def which(name):
    """The absolute path of a program on PATH."""
    path = shutil.which(name)
    if not path:
        raise Unusable(f"{name!r} not found on PATH")
    return path
