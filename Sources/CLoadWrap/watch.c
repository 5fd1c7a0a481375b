#include "cloadwrap.h"

// Written so the compiler vectorises it (no early exit inside a block): the test runs over every
// chunk a --until or --progress-from literal is looked for in, at memchr-like speed.
int lw_is_plain_text(const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    enum { block = 4096 };
    for (size_t done = 0; done < length; done += block) {
        size_t end = length - done < block ? length - done : block;
        unsigned char bad = 0;
        for (size_t i = 0; i < end; i++) {
            unsigned char b = p[done + i];
            bad |= (unsigned char)((unsigned char)(b - 0x20) >= 0x5F) & (b != '\n') & (b != '\r');
        }
        if (bad) return 0;
    }
    return 1;
}
