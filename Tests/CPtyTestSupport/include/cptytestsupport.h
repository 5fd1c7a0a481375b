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

/// Watches for `pid`'s exit (a pidfd on Linux, a kqueue with EVFILT_PROC NOTE_EXIT on Darwin);
/// returns a descriptor to pass to `ptyts_exit_wait` and close, or -1 (ESRCH: already gone).
int ptyts_exit_watch(pid_t pid);

/// Waits up to `timeout_ms` for the watched process to exit; returns 1 if it has, 0 on timeout,
/// -1 on error.
int ptyts_exit_wait(int watch, int timeout_ms);

/// Writes the program name of `pid` (Linux /proc/PID/comm, Darwin proc_name) to `name`;
/// returns 0, or -1 when the process is gone.
int ptyts_program_name(pid_t pid, char *name, int size);

/// Writes up to `capacity` child pids of `pid` (Linux /proc/PID/task/PID/children, Darwin
/// proc_listchildpids); returns how many, or -1.
int ptyts_children(pid_t pid, pid_t *children, int capacity);

#endif
