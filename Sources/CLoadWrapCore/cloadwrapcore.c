#define _GNU_SOURCE /* memrchr in glibc's <string.h> */
#include "cloadwrapcore.h"

#include <string.h>
#include <sys/ioctl.h>

int lw_get_winsize(int fd, unsigned short *rows, unsigned short *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

const void *lw_memrchr(const void *start, int byte, size_t length) {
#if defined(__GLIBC__)
    return memrchr(start, byte, length);
#else
    const unsigned char *p = (const unsigned char *)start + length;
    while (p > (const unsigned char *)start) {
        if (*--p == (unsigned char)byte) return p;
    }
    return NULL;
#endif
}
