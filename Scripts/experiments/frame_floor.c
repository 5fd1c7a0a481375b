/* The floor of one spinner frame on this machine: what the system calls a frame needs cost with
 * no program around them (issue 14: the idle-CPU and frame-in-the-idle-run rows). Every 80 ms, as
 * loadwrap does while the command is quiet: poll the four descriptors loadwrap watches (the
 * command's pseudo-terminal, the terminal's input, the control FIFO, the signal pipe; here two
 * ptys, one standing for a terminal nobody types on, and two pipes), TIOCGPGRP on the terminal
 * (in the foreground?), TCGETS on the pty (a pager or a prompt?), and one write of a 48-byte line
 * to the terminal.
 *
 *   cc -O2 -static -o /tmp/frame_floor Scripts/experiments/frame_floor.c
 *   script -qc '/tmp/frame_floor 62' /dev/null         # stderr must be a terminal
 *   script -qc '/tmp/frame_floor 62 wake' /dev/null    # the poll wake-ups alone
 *   script -qc '/tmp/frame_floor 62 epoll' /dev/null   # the same wake-ups through epoll_wait
 *   script -qc '/tmp/frame_floor 62 sleep' /dev/null   # a bare timer wake-up (nanosleep), no descriptors
 *
 * Prints the CPU time (user + system, getrusage) per frame in microseconds, over 62 frames (the
 * frames `make bench` counts in its 5 s idle run). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double wall_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static double cpu_us(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

int main(int argc, char **argv) {
    int frames = argc > 1 ? atoi(argv[1]) : 62;
    char mode = argc > 2 ? argv[2][0] : 'f';
    static const char line[] = "\r\033[?7l\033[36m\xe2\xa0\x8b\033[39m sleep 5 \033[2m1s\033[22m\033[K\033[?7h\r";
    int primary = posix_openpt(O_RDWR | O_NOCTTY);
    if (primary < 0 || grantpt(primary) || unlockpt(primary)) { perror("pty"); return 1; }
    int secondary = open(ptsname(primary), O_RDWR | O_NOCTTY);
    int keyboard = posix_openpt(O_RDWR | O_NOCTTY);
    if (keyboard < 0 || grantpt(keyboard) || unlockpt(keyboard)) { perror("pty"); return 1; }
    int keys = open(ptsname(keyboard), O_RDWR | O_NOCTTY);
    int control[2], signals[2];
    if (secondary < 0 || keys < 0 || pipe(control) || pipe(signals)) { perror("open"); return 1; }
    struct pollfd watched[4] = { { .fd = primary, .events = POLLIN }, { .fd = keys, .events = POLLIN },
                                 { .fd = control[0], .events = POLLIN }, { .fd = signals[0], .events = POLLIN } };
    int waiter = epoll_create1(EPOLL_CLOEXEC);
    for (int i = 0; i < 4; i++) {
        struct epoll_event event = { .events = EPOLLIN, .data.fd = watched[i].fd };
        epoll_ctl(waiter, EPOLL_CTL_ADD, watched[i].fd, &event);
    }
    double start = cpu_us(), began = wall_us();
    for (int i = 0; i < frames; i++) {
        if (mode == 'e') {
            struct epoll_event ready[4];
            epoll_wait(waiter, ready, 4, 80);
            continue;
        }
        if (mode == 's') {
            nanosleep(&(struct timespec){ .tv_nsec = 80000000 }, NULL);
            continue;
        }
        poll(watched, 4, 80);
        if (mode == 'w') continue;
        pid_t group;
        ioctl(2, TIOCGPGRP, &group);
        struct termios modes;
        tcgetattr(secondary, &modes);
        if (write(2, line, sizeof line - 1) < 0) { perror("write"); return 1; }
    }
    double spent = cpu_us() - start, took = wall_us() - began;
    if (write(2, "\r\033[K", 4) < 0) return 1;
    printf("%d frames in %.2f s: %.1f us of CPU a frame, %.2f ms in all\n", frames, took / 1e6, spent / frames,
           spent / 1000);
    return 0;
}
