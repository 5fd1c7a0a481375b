#define _GNU_SOURCE
#include "cptytestsupport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#else
#include <libproc.h>
#include <sys/event.h>
#endif

#if defined(__linux__) && !defined(CLOSE_RANGE_CLOEXEC)
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

int ptyts_pipe(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    /* Darwin has no pipe2 (pipe(2)); the harness opens pipes from one thread at a time. */
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int ptyts_set_winsize(int fd, unsigned short rows, unsigned short cols) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols};
    return ioctl(fd, TIOCSWINSZ, &ws);
}

int ptyts_open(int *primary, int *secondary, unsigned short rows, unsigned short cols) {
    /* Darwin's posix_openpt takes O_RDWR and O_NOCTTY only (posix_openpt(3)): close-on-exec after. */
    int p = posix_openpt(O_RDWR | O_NOCTTY);
    if (p < 0) return -1;
    fcntl(p, F_SETFD, FD_CLOEXEC);
    char name[128];
    if (grantpt(p) != 0 || unlockpt(p) != 0 || ptsname_r(p, name, sizeof name) != 0) {
        int e = errno; close(p); errno = e; return -1;
    }
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) { int e = errno; close(p); errno = e; return -1; }
    if (ptyts_set_winsize(p, rows, cols) != 0) {
        int e = errno; close(p); close(s); errno = e; return -1;
    }
    *primary = p;
    *secondary = s;
    return 0;
}

/// Makes `fd` descriptor `target` in the child; dup2 onto itself would keep close-on-exec.
static int move_fd(int fd, int target) {
    if (fd == target) {
        int flags = fcntl(fd, F_GETFD);
        return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC);
    }
    return dup2(fd, target) < 0 ? -1 : 0;
}

/// Runs in the forked child: only async-signal-safe calls until execve.
/// Marks every descriptor from 3 up close-on-exec: close_range(2) on Linux, one by one up to
/// `limit` (the descriptor table's size, read before fork) elsewhere.
static void close_others_on_exec(int limit) {
#if defined(__linux__)
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    for (int fd = 3; fd < limit; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
}

static void child(const char *path, char *const argv[], char *const envp[],
                  int fd0, int fd1, int fd2, int ctty_fd, int report_fd, int limit) {
    sigset_t none;
    sigemptyset(&none);
    struct sigaction dfl = {0};
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) {
        if (s != SIGKILL && s != SIGSTOP) sigaction(s, &dfl, NULL);
    }
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (ctty_fd >= 0) {
        // A new session has no controlling terminal; TIOCSCTTY gives it this one and makes
        // the session's process group the foreground group, so ^C on the primary is SIGINT here.
        if (setsid() < 0 || ioctl(ctty_fd, TIOCSCTTY, 0) < 0) goto fail;
    }
    // The harness passes fresh descriptors (> 2), so moving them in order cannot clobber one.
    if (move_fd(fd0, 0) || move_fd(fd1, 1) || move_fd(fd2, 2)) goto fail;
    // Everything else (other tests' pipes included) must not leak into the program.
    close_others_on_exec(limit);
    execve(path, argv, envp);
fail:;
    int err = errno;
    (void)!write(report_fd, &err, sizeof err);
    _exit(127);
}

pid_t ptyts_spawn(const char *path, char *const argv[], char *const envp[],
                  int fd0, int fd1, int fd2, int ctty_fd) {
    int report[2];
    if (ptyts_pipe(report) != 0) return -1;
    long open_max = sysconf(_SC_OPEN_MAX);
    int limit = open_max > 0 && open_max < 65536 ? (int)open_max : 65536;
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno; close(report[0]); close(report[1]); errno = e; return -1;
    }
    if (pid == 0) child(path, argv, envp, fd0, fd1, fd2, ctty_fd, report[1], limit);
    close(report[1]);
    int err = 0;
    ssize_t n;
    do { n = read(report[0], &err, sizeof err); } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof err) {
        int code, signo;
        ptyts_wait(pid, &code, &signo);
        errno = err;
        return -1;
    }
    return pid;
}

int ptyts_wait(pid_t pid, int *code, int *signo) {
    int status;
    pid_t r;
    do { r = waitpid(pid, &status, 0); } while (r < 0 && errno == EINTR);
    if (r < 0) return -1;
    *code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signo = WIFSIGNALED(status) ? WTERMSIG(status) : -1;
    return 0;
}

int ptyts_exit_watch(pid_t pid) {
#if defined(__linux__)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    /* kqueue(2): EVFILT_PROC with NOTE_EXIT fires when `pid` exits; ESRCH if it is gone already. */
    int kq = kqueue();
    if (kq < 0) return -1;
    struct kevent change;
    EV_SET(&change, (uintptr_t)pid, EVFILT_PROC, EV_ADD | EV_ONESHOT, NOTE_EXIT, 0, NULL);
    if (kevent(kq, &change, 1, NULL, 0, NULL) != 0) {
        int e = errno; close(kq); errno = e; return -1;
    }
    return kq;
#endif
}

int ptyts_exit_wait(int watch, int timeout_ms) {
    /* A pidfd polls readable once the process has exited; so does a kqueue with an event pending. */
    struct pollfd p = {.fd = watch, .events = POLLIN};
    int r;
    do { r = poll(&p, 1, timeout_ms); } while (r < 0 && errno == EINTR);
    return r < 0 ? -1 : (r > 0 ? 1 : 0);
}

int ptyts_program_name(pid_t pid, char *name, int size) {
    if (size <= 0) return -1;
    name[0] = 0;
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/comm", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, name, (size_t)size - 1);
    close(fd);
    if (n <= 0) return -1;
    name[n] = 0;
    if (name[n - 1] == '\n') name[n - 1] = 0;
    return 0;
#else
    return proc_name(pid, name, (uint32_t)size) > 0 ? 0 : -1;
#endif
}

int ptyts_children(pid_t pid, pid_t *children, int capacity) {
#if defined(__linux__)
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n < 0) return -1;
    text[n] = 0;
    int count = 0;
    for (char *p = text; count < capacity && *p;) {
        char *end;
        long value = strtol(p, &end, 10);
        if (end == p) break;
        children[count++] = (pid_t)value;
        p = end;
    }
    return count;
#else
    int count = proc_listchildpids(pid, children, capacity * (int)sizeof *children);
    return count < 0 ? -1 : count;
#endif
}
