#define _GNU_SOURCE
#include "cptytestsupport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

int ptyts_pipe(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int ptyts_set_winsize(int fd, unsigned short rows, unsigned short cols) {
    struct winsize ws = {.ws_row = rows, .ws_col = cols};
    return ioctl(fd, TIOCSWINSZ, &ws);
}

int ptyts_open(int *primary, int *secondary, unsigned short rows, unsigned short cols) {
    int p = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (p < 0) return -1;
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
static void child(const char *path, char *const argv[], char *const envp[],
                  int fd0, int fd1, int fd2, int ctty_fd, int report_fd) {
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
    if (syscall(SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        for (int fd = 3; fd < 65536; fd++) {
            fcntl(fd, F_SETFD, FD_CLOEXEC);
        }
    }
    execve(path, argv, envp);
fail:;
    int err = errno;
    (void)!write(report_fd, &err, sizeof err);
    _exit(127);
}

pid_t ptyts_spawn(const char *path, char *const argv[], char *const envp[],
                  int fd0, int fd1, int fd2, int ctty_fd) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno; close(report[0]); close(report[1]); errno = e; return -1;
    }
    if (pid == 0) child(path, argv, envp, fd0, fd1, fd2, ctty_fd, report[1]);
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

int ptyts_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int ptyts_pidfd_wait(int pidfd, int timeout_ms) {
    struct pollfd p = {.fd = pidfd, .events = POLLIN};
    int r;
    do { r = poll(&p, 1, timeout_ms); } while (r < 0 && errno == EINTR);
    return r < 0 ? -1 : (r > 0 ? 1 : 0);
}
