/* What the start-up steps loadwrap could defer or cut cost, each alone, in a tight loop on this
 * machine (issue 14, point 3): the control channel (made and removed), a pipe, opening /dev/tty.
 *
 *   cc -O2 -o /tmp/startup_costs Scripts/experiments/startup_costs.c && /tmp/startup_costs
 *
 * Prints microseconds per step, the median of 9 rounds of 2000. Compare with the start-up row of
 * `make bench` (3.1 ms for `CI=true loadwrap -- true` on the machine of 2026-12-02). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { ROUNDS = 9, STEPS = 2000 };

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void channel(void) {
    char dir[] = "/dev/shm/loadwrap-costs.XXXXXX";
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(1); }
    char fifo[64];
    snprintf(fifo, sizeof fifo, "%s/control", dir);
    if (mknod(fifo, S_IFIFO | 0600, 0) != 0) { perror("mknod"); exit(1); }
    int fd = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    close(fd);
    unlink(fifo);
    rmdir(dir);
}

static void a_pipe(void) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) { perror("pipe2"); exit(1); }
    close(fds[0]);
    close(fds[1]);
}

static void tty(void) {
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd >= 0) close(fd);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_us(void (*step)(void)) {
    double rounds[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double start = now_us();
        for (int i = 0; i < STEPS; i++) step();
        rounds[r] = (now_us() - start) / STEPS;
    }
    qsort(rounds, ROUNDS, sizeof rounds[0], compare);
    return rounds[ROUNDS / 2];
}

int main(void) {
    printf("control channel (mkdtemp, mknod, open, close, unlink, rmdir): %.1f us\n", median_us(channel));
    printf("pipe2 + two closes: %.1f us\n", median_us(a_pipe));
    printf("open /dev/tty + close (ENXIO without a controlling terminal): %.1f us\n", median_us(tty));
    return 0;
}
