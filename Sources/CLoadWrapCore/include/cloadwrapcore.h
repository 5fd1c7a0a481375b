#ifndef CLOADWRAPCORE_H
#define CLOADWRAPCORE_H

#include <stddef.h>

/// What the rendering core and the library need from C, and nothing else: the tool's process,
/// signal and terminal calls are in CLoadWrap, which a program linking only LoadWrapKit never
/// compiles.

/// Reads the window size of `fd`; returns 0 or -1.
int lw_get_winsize(int fd, unsigned short *rows, unsigned short *cols);

/// The last `byte` in `[start, start+length)`, or NULL; memrchr where libc has it.
const void *lw_memrchr(const void *start, int byte, size_t length);

#endif
