#ifndef CPTYTESTSUPPORT_H
#define CPTYTESTSUPPORT_H

#include <sys/types.h>

/// Opens a pseudo-terminal pair (both ends close-on-exec, neither our controlling terminal)
/// with the given window size; returns 0 or -1 with errno set.
int ptyts_open(int *primary, int *secondary, unsigned short rows, unsigned short cols);

/// Creates a pipe with both ends close-on-exec (pipe2 is not visible to Swift); 0 or -1.
int ptyts_pipe(int fds[2]);

/// Sets the window size of `fd` (TIOCSWINSZ); returns 0 or -1 with errno set.
int ptyts_set_winsize(int fd, unsigned short rows, unsigned short cols);

/// Forks and execs `path`. In the child, between fork and exec: when `ctty_fd` >= 0, a new
/// session with `ctty_fd` as its controlling terminal (setsid + TIOCSCTTY); `fd0..fd2` become
/// descriptors 0..2; every signal back to its default action and unblocked; every other
/// descriptor closed on exec. Returns the pid, or -1 with errno set (exec failures included).
pid_t ptyts_spawn(const char *path, char *const argv[], char *const envp[],
                  int fd0, int fd1, int fd2, int ctty_fd);

/// Waits for `pid` (retrying on EINTR); returns 0 with `*code` the exit code (0-255) or
/// `*signo` the signal that killed it (the other set to -1), or -1 with errno set.
int ptyts_wait(pid_t pid, int *code, int *signo);

/// Opens a pidfd for `pid` (readable once the process has terminated); returns it or -1.
int ptyts_pidfd_open(pid_t pid);

/// Waits up to `timeout_ms` for the pidfd to become readable; returns 1 if the process has
/// terminated, 0 on timeout, -1 on error.
int ptyts_pidfd_wait(int pidfd, int timeout_ms);

#endif
