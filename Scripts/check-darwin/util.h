/* A stand-in for Apple's <util.h>, which zig's bundled macOS headers lack, for Scripts/check-darwin.sh
 * only: the macOS build itself uses the SDK's. The three prototypes are Apple's, word for word
 * (Libc, include/util.h: "int openpty(int *, int *, char *, struct termios *, struct winsize *);",
 * "pid_t forkpty(int *, char *, struct termios *, struct winsize *);", "int login_tty(int);"), as
 * are the headers that file includes for their types (struct winsize from <sys/ttycom.h>). */
#ifndef LOADWRAP_CHECK_DARWIN_UTIL_H
#define LOADWRAP_CHECK_DARWIN_UTIL_H

#include <sys/cdefs.h>
#include <sys/ttycom.h>
#include <sys/types.h>
#include <termios.h>

__BEGIN_DECLS
int login_tty(int);
int openpty(int *, int *, char *, struct termios *, struct winsize *);
pid_t forkpty(int *, char *, struct termios *, struct winsize *);
__END_DECLS

#endif
