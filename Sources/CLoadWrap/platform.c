/* What Linux and Darwin do differently, behind Platform's Swift interface: written here, in C,
 * so that `make check-darwin` compiles and links the Darwin half on every change (no Swift
 * compiler for macOS runs on Linux), while the Linux suite runs the Swift that calls it. */
#define _GNU_SOURCE
#include "cloadwrap.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <libproc.h>
#include <mach-o/dyld.h> /* _NSGetExecutablePath */
#include <sys/param.h> /* NODEV, MAXPATHLEN */
#else
#include <dirent.h>
#endif

int lw_kernel_is_xnu(void) {
#if defined(__APPLE__)
    return 1;
#else
    return 0;
#endif
}

unsigned char lw_disabled_control_character(void) {
    /* '\0' in glibc's bits/posix_opt.h; ((unsigned char)'\377') in Darwin's sys/unistd.h, where
       XNU's line discipline compares with it (bsd/kern/tty.c CCEQ), so there 0 is a real key. */
    return (unsigned char)_POSIX_VDISABLE;
}

int lw_pipe_unread_bytes(int write_fd) {
#if defined(__APPLE__)
    /* XNU's FIONREAD on a write end counts that end's own, empty buffer; fstat reports the peer's
       count there (bsd/kern/sys_pipe.c pipe_stat: "must be stat'ing the write fd ... use it's
       info"). A socket's size says nothing. */
    struct stat info;
    if (fstat(write_fd, &info) != 0 || !S_ISFIFO(info.st_mode)) return -1;
    return (int)info.st_size;
#else
    /* FIONREAD counts a pipe's buffer from either end (pipe_ioctl in fs/pipe.c). */
    return lw_unread_bytes(write_fd);
#endif
}

long long lw_modification_seconds(const struct stat *info) {
    /* POSIX's st_mtime: st_mtim.tv_sec in glibc, st_mtimespec.tv_sec in Darwin (sys/stat.h). */
    return (long long)info->st_mtime;
}

const char *lw_memory_directory(void) {
#if defined(__linux__)
    return "/dev/shm"; /* tmpfs, where glibc's shm_open puts its files */
#else
    return NULL; /* macOS has no /dev/shm */
#endif
}

int lw_reopen_nonblocking(int fd) {
#if defined(__linux__)
    /* Opening /proc/self/fd/N opens the pipe anew, with an open file description of its own
       (proc(5)), so its O_NONBLOCK is not the other holders'. */
    char path[32];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    return open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
#else
    /* Darwin's /dev/fd/N duplicates the descriptor, sharing its flags (fdesc(5)). */
    (void)fd;
    errno = ENOTSUP;
    return -1;
#endif
}

int lw_executable_path(char *path, size_t size) {
#if defined(__APPLE__)
    /* _NSGetExecutablePath may give a path through symbolic links or with "..": dyld(3) says to
       pass it to realpath(3). It fails with -1 when the buffer is too small. */
    char found[MAXPATHLEN];
    uint32_t length = sizeof found;
    char resolved[MAXPATHLEN];
    if (_NSGetExecutablePath(found, &length) != 0 || !realpath(found, resolved)) return -1;
    if (strlen(resolved) >= size) return -1;
    strcpy(path, resolved);
    return 0;
#else
    /* The kernel's link to the running executable, valid even when argv[0] is a bare name found
       on PATH (proc(5)); readlink does not terminate the text, and fills a buffer it cut short. */
    ssize_t length = readlink("/proc/self/exe", path, size);
    if (length <= 0 || (size_t)length >= size) return -1;
    path[length] = '\0';
    return 0;
#endif
}

int lw_start_thread(void *(*body)(void *), void *context) {
    /* A new thread inherits the creating thread's signal mask (pthread_create(3)): blocking every
       signal around the creation keeps loadwrap's handlers and waitid on the main thread. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    int failed = pthread_create(&thread, NULL, body, context);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failed) return -1;
    pthread_detach(thread);
    return 0;
}

int lw_device_path(const char *name, char *path, size_t size) {
    /* devname_r's own fallback when no entry has the number: "#C16:3" (Apple Libc gen/devname.c). */
    if (name[0] == '\0' || name[0] == '#') return -1;
    int written = snprintf(path, size, "/dev/%s", name);
    return written >= 0 && (size_t)written < size ? 0 : -1;
}

#if defined(__APPLE__)
int lw_processes(struct lw_process *list, int capacity) {
    pid_t *pids = calloc((size_t)capacity, sizeof *pids);
    if (!pids) return -1;
    /* libproc.h: the count of pids written (the wrapper divides proc_listpids' bytes by sizeof(int)). */
    int found = proc_listallpids(pids, capacity * (int)sizeof *pids);
    if (found >= capacity) {
        free(pids);
        errno = ERANGE; /* a full buffer may have left pids out */
        return -1;
    }
    int count = 0;
    for (int i = 0; i < found; i++) {
        struct proc_bsdinfo info;
        /* Another user's process is refused (0 bytes): a timeout never signals those anyway. */
        if (proc_pidinfo(pids[i], PROC_PIDTBSDINFO, 0, &info, sizeof info) != (int)sizeof info) continue;
        list[count].pid = pids[i];
        list[count].parent = (pid_t)info.pbi_ppid;
        list[count].group = (pid_t)info.pbi_pgid;
        list[count].session = getsid(pids[i]);
        count++;
    }
    free(pids);
    return found < 0 ? -1 : count;
}

int lw_controlling_device(unsigned long long *device) {
    struct proc_bsdinfo info;
    if (proc_pidinfo(getpid(), PROC_PIDTBSDINFO, 0, &info, sizeof info) != (int)sizeof info) return -1;
    /* e_tdev is NODEV (-1) without a controlling terminal (bsd/kern/proc_info.c proc_pidbsdinfo). */
    if (info.e_tdev == (uint32_t)NODEV) return -1;
    *device = info.e_tdev;
    return 0;
}

int lw_controlling_terminal_path(char *path, size_t size) {
    unsigned long long device;
    char name[MAXPATHLEN];
    if (lw_controlling_device(&device) != 0) return -1;
    /* Apple's devname_r copies the entry's bare name ("ttys003"), not a path: Libc gen/devname.c;
       its ttyname_r writes "/dev/" first and then calls devname_r (gen/ttyname.c). */
    if (!devname_r((dev_t)device, S_IFCHR, name, (int)sizeof name)) return -1;
    return lw_device_path(name, path, size);
}
#else
/* The parent, group, session and terminal of `pid` from /proc/PID/stat: the fields after the ")"
   that ends the command name (which may hold a ")" itself) are the state, the parent, the process
   group, the session and tty_nr, encoded as st_rdev is (proc(5)). */
static int linux_stat(pid_t pid, struct lw_process *entry, int *tty) {
    char path[32];
    char text[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = read(fd, text, sizeof text - 1);
    close(fd);
    if (length <= 0) return -1;
    text[length] = '\0';
    const char *end = strrchr(text, ')');
    int parent, group, session, terminal;
    if (!end || sscanf(end + 1, " %*c %d %d %d %d", &parent, &group, &session, &terminal) != 4) return -1;
    entry->pid = pid;
    entry->parent = parent;
    entry->group = group;
    entry->session = session;
    *tty = terminal;
    return 0;
}

int lw_processes(struct lw_process *list, int capacity) {
    DIR *directory = opendir("/proc");
    if (!directory) return -1;
    int count = 0;
    struct dirent *item;
    while ((item = readdir(directory)) != NULL) {
        char *end;
        long pid = strtol(item->d_name, &end, 10);
        struct lw_process found;
        int tty;
        if (end == item->d_name || *end != '\0' || linux_stat((pid_t)pid, &found, &tty) != 0) continue;
        if (count == capacity) {
            closedir(directory);
            errno = ERANGE;
            return -1;
        }
        list[count++] = found;
    }
    closedir(directory);
    return count;
}

int lw_controlling_device(unsigned long long *device) {
    struct lw_process self;
    int tty;
    if (linux_stat(getpid(), &self, &tty) != 0 || tty <= 0) return -1;
    *device = (unsigned long long)tty;
    return 0;
}

int lw_controlling_terminal_path(char *path, size_t size) {
    /* Never needed on Linux: /dev/tty polls like the terminal's own device. */
    (void)path;
    (void)size;
    errno = ENOSYS;
    return -1;
}
#endif
