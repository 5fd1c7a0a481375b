#define _GNU_SOURCE
#include "cloadwrap.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <sys/wait.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <crt_externs.h>
#include <util.h>
#else
#include <pty.h>
#endif

int lw_openpty(int *primary, int *secondary) {
    if (openpty(primary, secondary, NULL, NULL, NULL) != 0) return -1;
    fcntl(*primary, F_SETFD, FD_CLOEXEC);
    fcntl(*secondary, F_SETFD, FD_CLOEXEC);
    return 0;
}

int lw_pipe(int fds[2], int nonblock_read, int nonblock_write) {
#if defined(__linux__)
    /* One system call where the flags agree; the common case (a signal pipe) needs no fcntl. */
    int both = nonblock_read && nonblock_write;
    if (pipe2(fds, O_CLOEXEC | (both ? O_NONBLOCK : 0)) != 0) return -1;
    if (both) return 0;
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
#endif
    /* A new pipe's status flags are known (O_RDONLY, O_WRONLY): no F_GETFL needed. */
    if (nonblock_read) fcntl(fds[0], F_SETFL, O_NONBLOCK);
    if (nonblock_write) fcntl(fds[1], F_SETFL, O_WRONLY | O_NONBLOCK);
    return 0;
}

int lw_set_winsize(int fd, unsigned short rows, unsigned short cols) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    ws.ws_row = rows;
    ws.ws_col = cols;
    return ioctl(fd, TIOCSWINSZ, &ws);
}

/* One write end per signal number; written only before handlers are installed. */
static int signal_pipe[NSIG];

/* The terminal whose foreground group each delivery is compared with, or -1. */
static volatile int foreground_tty = -1;

void lw_watch_foreground(int tty_fd) {
    foreground_tty = tty_fd;
}

static void on_signal(int signo, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    /* SI_USER/SI_QUEUE/SI_TKILL are <= 0: a process sent it. Terminal keys come from the kernel
       (Linux). XNU sets 0 for every signal but SIGCHLD (bsd/dev/arm/unix_signal.c and i386/unix_signal.c sendsig: sinfo is zeroed, only SIGCHLD and faults fill si_code), so
       whether loadwrap's group is in the foreground is recorded too; tcgetpgrp and getpgrp are
       async-signal-safe (POSIX.1-2017 2.4.3). */
    int tty = foreground_tty;
    int foreground = tty >= 0 && tcgetpgrp(tty) == getpgrp();
    unsigned char message[3] = {(unsigned char)signo, (unsigned char)(info && info->si_code <= 0),
                                (unsigned char)foreground};
    ssize_t ignored = write(signal_pipe[signo], message, sizeof message);
    (void)ignored;
    errno = saved;
}

int lw_catch_signal(int signo, int pipe_fd) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    signal_pipe[signo] = pipe_fd;
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}

void lw_default_signal(int signo) {
    sigset_t set;
    signal(signo, SIG_DFL);
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int lw_signal_is_ignored(int signo) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN;
}

int lw_decode_wait_status(int status) {
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return -WTERMSIG(status);
    return -1000;
}

void lw_disable_core_dumps(void) {
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
}

int lw_unread_bytes(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}

int lw_become_subreaper(void) {
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    return -1;
#endif
}

#if !defined(__APPLE__)
extern char **environ;
#endif

char **lw_environ(void) {
#if defined(__APPLE__)
    return *_NSGetEnviron();
#else
    return environ;
#endif
}

int lw_is_own_fifo(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0) return 0;
    return S_ISFIFO(info.st_mode) && info.st_uid == getuid();
}

const void *lw_memmem(const void *haystack, size_t length, const void *needle, size_t needle_length) {
    return memmem(haystack, length, needle, needle_length);
}

int lw_is_own_file(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0) return 0;
    return S_ISREG(info.st_mode) && info.st_uid == getuid();
}

ssize_t lw_splice(int in, int out, size_t length) {
#if defined(__linux__)
    return splice(in, NULL, out, NULL, length, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
#else
    (void)in;
    (void)out;
    (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

const char *lw_build_version(void) {
#ifdef LOADWRAP_VERSION
    return LOADWRAP_VERSION;
#else
    return NULL;
#endif
}

/// Fills `address` with `path`; -1 (ENAMETOOLONG) when it does not fit.
static int lw_unix_address(struct sockaddr_un *address, const char *path) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address->sun_path, path);
    return 0;
}

/// A Unix stream socket, close-on-exec and non-blocking (Darwin has no SOCK_CLOEXEC).
static int lw_unix_socket(void) {
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
#if defined(__APPLE__)
    int on = 1;  // a write to a closed peer fails with EPIPE instead of raising SIGPIPE
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    return fd;
}

int lw_listen_unix(const char *path) {
    struct sockaddr_un address;
    if (lw_unix_address(&address, path) != 0) return -1;
    int fd = lw_unix_socket();
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, 64) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int lw_connect_unix(const char *path) {
    struct sockaddr_un address;
    if (lw_unix_address(&address, path) != 0) return -1;
    int fd = lw_unix_socket();
    if (fd < 0) return -1;
    // A Unix stream socket connects at once while the listener's backlog has room (EAGAIN when
    // full): no wait for accept(2).
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int lw_socket_pair(int pair[2]) {
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return -1;
    for (int side = 0; side < 2; side++) {
        fcntl(pair[side], F_SETFD, FD_CLOEXEC);
        fcntl(pair[side], F_SETFL, fcntl(pair[side], F_GETFL) | O_NONBLOCK);
#if defined(__APPLE__)
        int on = 1;  // a write to a closed peer fails with EPIPE instead of raising SIGPIPE
        setsockopt(pair[side], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    }
    return 0;
}

/// Room for the descriptors one record carries (SCM_RIGHTS, unix(7)).
#define LW_RECORD_FDS 4

ssize_t lw_send_record(int socket, const void *bytes, size_t length, const int *fds, int count) {
    if (count < 0 || count > LW_RECORD_FDS) {
        errno = EINVAL;
        return -1;
    }
    struct iovec part = {.iov_base = (void *)bytes, .iov_len = length};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(LW_RECORD_FDS * sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    if (count > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(count * sizeof(int));
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(count * sizeof(int));
        memcpy(CMSG_DATA(header), fds, count * sizeof(int));
    }
#if defined(MSG_NOSIGNAL)
    int flags = MSG_NOSIGNAL;
#else
    int flags = 0;
#endif
    return sendmsg(socket, &message, flags);
}

ssize_t lw_receive_record(int socket, void *bytes, size_t capacity, int *fds, int *count) {
    struct iovec part = {.iov_base = bytes, .iov_len = capacity};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(LW_RECORD_FDS * sizeof(int))];
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1, .msg_control = control.space,
                             .msg_controllen = sizeof control.space};
#if defined(MSG_CMSG_CLOEXEC)
    int flags = MSG_CMSG_CLOEXEC;
#else
    int flags = 0;
#endif
    int room = *count;
    *count = 0;
    ssize_t received = recvmsg(socket, &message, flags);
    if (received <= 0) return received;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t carried = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < carried; index++) {
            int fd;
            memcpy(&fd, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            fcntl(fd, F_SETFD, FD_CLOEXEC);
            if (*count < room) fds[(*count)++] = fd; else close(fd);  // no room: not leaked
        }
    }
    return received;
}

int lw_send_fd(int socket, int fd) {
    char byte = 0;
    return lw_send_record(socket, &byte, 1, &fd, 1) == 1 ? 0 : -1;
}

int lw_receive_fd(int socket, int *fd) {
    char byte;
    int count = 1;
    ssize_t received = lw_receive_record(socket, &byte, 1, fd, &count);
    if (received <= 0) return (int)received;
    if (count == 1) return 1;
    errno = EAGAIN;  // a byte without a descriptor: nothing to take
    return -1;
}
