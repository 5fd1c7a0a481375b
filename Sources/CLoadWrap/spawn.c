#define _GNU_SOURCE
#include "cloadwrap.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* posix_spawnp for the usual case: the environment's file actions and attributes, in one call. */
static int spawn_posix(const struct lw_spawn_plan *plan, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    /* Linux gives a session leader the first terminal it opens: reopening the secondary by name
       after SETSID makes it the controlling terminal (glibc runs SETSID before the file actions). */
    if (plan->terminal_path) posix_spawn_file_actions_addopen(&actions, plan->terminal_fd, plan->terminal_path, O_RDWR, 0);
    for (int i = 0; i < plan->count; i++) posix_spawn_file_actions_adddup2(&actions, plan->fds[i], plan->streams[i]);
    if (plan->terminal_path) posix_spawn_file_actions_addclose(&actions, plan->terminal_fd);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
#ifdef POSIX_SPAWN_SETSID
    if (plan->group == LW_GROUP_SESSION) flags |= POSIX_SPAWN_SETSID;
#endif
    if (plan->group == LW_GROUP_NEW) flags |= POSIX_SPAWN_SETPGROUP;
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setsigdefault(&attributes, plan->defaults);
    posix_spawnattr_setsigmask(&attributes, plan->mask);
    posix_spawnattr_setflags(&attributes, flags);
    int status = posix_spawnp(pid, plan->file, &actions, &attributes, plan->argv, plan->envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

/* The files execvp would try, in order, built before fork: the child may not allocate. */
static char **candidates(const char *file) {
    const char *path = strchr(file, '/') ? NULL : getenv("PATH");
    if (!strchr(file, '/') && !path) path = "/usr/bin:/bin"; /* _PATH_DEFPATH, as posix_spawnp */
    size_t count = 1;
    for (const char *p = path; p && *p; p++) count += *p == ':';
    char **list = calloc(count + 1, sizeof *list);
    if (!list) return NULL;
    if (!path) {
        list[0] = strdup(file);
        return list;
    }
    size_t n = 0;
    for (const char *start = path;; n++) {
        const char *end = strchr(start, ':');
        size_t length = end ? (size_t)(end - start) : strlen(start);
        /* An empty PATH entry means the current directory. */
        list[n] = malloc(length + strlen(file) + 3);
        if (list[n]) snprintf(list[n], length + strlen(file) + 3, "%.*s/%s", (int)length, length ? start : ".", file);
        if (!end) break;
        start = end + 1;
    }
    return list;
}

static void free_candidates(char **list) {
    for (char **p = list; p && *p; p++) free(*p);
    free(list);
}

/* Installs `fd` as `target`; dup2 onto itself would keep close-on-exec. */
static int install(int fd, int target) {
    if (fd != target) return dup2(fd, target) < 0 ? -1 : 0;
    int flags = fcntl(fd, F_GETFD);
    return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC);
}

/* Tries each candidate like execvp: past ENOENT and ENOTDIR, remembering EACCES; returns the error. */
static int exec_first(char *const *files, char *const argv[], char *const envp[]) {
    int error = ENOENT, denied = 0;
    for (; *files; files++) {
        execve(*files, argv, envp);
        error = errno;
        if (error == EACCES) denied = 1;
        else if (error != ENOENT && error != ENOTDIR) return error;
    }
    return denied ? EACCES : error;
}

/* Between fork and exec: async-signal-safe calls only (POSIX.1-2017 2.4.3). */
static void child(const struct lw_spawn_plan *plan, char *const *files, int report) {
    for (int signo = 1; signo < NSIG; signo++) {
        if (sigismember(plan->defaults, signo) == 1) signal(signo, SIG_DFL);
    }
    int error = 0;
    /* Only a session leader without a terminal may take one with TIOCSCTTY (XNU bsd/kern/tty.c
       ttioctl_locked, Linux tiocsctty); it also makes the session's group the foreground one. */
    if (plan->group == LW_GROUP_SESSION && setsid() < 0) error = errno;
    if (!error && plan->terminal_fd >= 0 && ioctl(plan->terminal_fd, TIOCSCTTY, 0) < 0) error = errno;
    if (!error && plan->group == LW_GROUP_NEW && setpgid(0, 0) < 0) error = errno;
    for (int i = 0; !error && i < plan->count; i++) {
        if (install(plan->fds[i], plan->streams[i]) < 0) error = errno;
    }
    if (!error) {
        sigprocmask(SIG_SETMASK, plan->mask, NULL);
        error = exec_first(files, plan->argv, plan->envp);
    }
    (void)!write(report, &error, sizeof error);
    _exit(127);
}

/* fork → setsid → TIOCSCTTY → exec, for XNU, whose posix_spawn runs the file actions before it
   applies POSIX_SPAWN_SETSID (bsd/kern/kern_exec.c posix_spawn: exec_handle_file_actions, then
   the SETSID flag), so a reopened terminal never becomes the controlling one there. */
static int spawn_forked(const struct lw_spawn_plan *plan, pid_t *pid) {
    char **files = candidates(plan->file);
    int report[2];
    if (!files) return ENOMEM;
    if (lw_pipe(report, 0, 0) != 0) {
        int error = errno;
        free_candidates(files);
        return error;
    }
    /* Everything blocked across fork: loadwrap's handlers must not run in the child before reset. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t forked = fork();
    if (forked == 0) child(plan, files, report[1]);
    int error = forked < 0 ? errno : 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    free_candidates(files);
    if (!error) {
        ssize_t n;
        int reported = 0;
        do n = read(report[0], &reported, sizeof reported); while (n < 0 && errno == EINTR);
        /* End of file without a report: the exec closed the pipe, the command runs. */
        if (n == (ssize_t)sizeof reported) {
            int status;
            while (waitpid(forked, &status, 0) < 0 && errno == EINTR) {}
            error = reported;
        }
    }
    close(report[0]);
    if (!error) *pid = forked;
    return error;
}

int lw_spawn(const struct lw_spawn_plan *plan, pid_t *pid) {
    if (plan->fork_for_terminal && plan->group == LW_GROUP_SESSION) return spawn_forked(plan, pid);
    return spawn_posix(plan, pid);
}
