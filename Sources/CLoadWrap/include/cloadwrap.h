#ifndef CLOADWRAP_H
#define CLOADWRAP_H

#include <stddef.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "cloadwrapcore.h"

/// Opens a pseudo-terminal pair with both ends close-on-exec; returns 0 or -1 with errno set.
int lw_openpty(int *primary, int *secondary);

/// Creates a pipe with both ends close-on-exec, each end non-blocking when asked (pipe2 on
/// Linux: one system call instead of up to seven); returns 0 or -1 with errno set.
int lw_pipe(int fds[2], int nonblock_read, int nonblock_write);

/// Sets the window size of `fd`; returns 0 or -1.
int lw_set_winsize(int fd, unsigned short rows, unsigned short cols);

/// Installs a handler for `signo` that writes three bytes to `pipe_fd`: the signal number; 1 when
/// its `si_code` says another process sent it (kill(2)), 0 when the kernel did (a terminal key);
/// 1 when loadwrap's group was then the foreground group of the terminal `lw_watch_foreground` set.
int lw_catch_signal(int signo, int pipe_fd);

/// Sets the terminal (or -1) whose foreground group the handler compares with loadwrap's own at
/// each delivery: where `si_code` does not tell a key from kill(2), that comparison decides.
void lw_watch_foreground(int tty_fd);

/// Puts `signo` back to its default action and unblocks it.
void lw_default_signal(int signo);

/// Returns 1 when `signo` is ignored (SIG_IGN) now; loadwrap asks before changing any handler,
/// so this is the disposition it inherited.
int lw_signal_is_ignored(int signo);

/// Sets the core-file size limit to zero, so re-raising a core-dumping signal leaves no core.
void lw_disable_core_dumps(void);

/// Bytes waiting to be read from `fd` (FIONREAD, which Swift's Darwin overlay cannot import: there
/// it is the function-like macro `_IOR('f', 127, int)` of <sys/filio.h>), or -1 on error.
int lw_unread_bytes(int fd);

/// Where the spawned command starts: loadwrap's process group, a new one, or a new session.
enum { LW_GROUP_SAME = 0, LW_GROUP_NEW = 1, LW_GROUP_SESSION = 2 };

/// What `lw_spawn` starts, and how.
struct lw_spawn_plan {
    /// The program, found on PATH like execvp when it has no slash.
    const char *file;
    /// Its arguments and environment, each NULL-terminated.
    char *const *argv;
    char *const *envp;
    /// Descriptor `fds[i]` becomes standard stream `streams[i]`, for `count` pairs; the others are inherited.
    const int *fds;
    const int *streams;
    int count;
    /// An LW_GROUP_ value.
    int group;
    /// The pseudo-terminal secondary (or -1) that becomes the controlling terminal of a new
    /// session, and its name, which posix_spawn reopens there.
    int terminal_fd;
    const char *terminal_path;
    /// 1: start such a session by fork → setsid → TIOCSCTTY → exec instead (needed on XNU).
    int fork_for_terminal;
    /// Signals that go back to their default action, and the mask the command starts with.
    const sigset_t *defaults;
    const sigset_t *mask;
};

/// Starts what `plan` describes; returns 0 with `*pid` set, or the error number, exec's own
/// included, as posix_spawnp reports them.
int lw_spawn(const struct lw_spawn_plan *plan, pid_t *pid);

/// Makes orphaned descendants reparent to this process (Linux PR_SET_CHILD_SUBREAPER), so a
/// timeout can find and end them all; returns 0, or -1 where unsupported.
int lw_become_subreaper(void);

/// One process as a timeout looks for it: who it is, its parent, its group and its session.
struct lw_process {
    pid_t pid;
    pid_t parent;
    pid_t group;
    pid_t session;
};

/// The functions below are what the two kernels do differently (platform.c), each compiled for
/// both: Platform's Swift calls them on every platform, and `make check-darwin` compiles Darwin's.

/// 1 where the kernel is XNU (macOS), else 0: which of Platform.Traits' two sets applies.
int lw_kernel_is_xnu(void);

/// Fills `list` with up to `capacity` processes: every one in `/proc` on Linux, this user's on
/// Darwin (libproc: proc_listallpids, then proc_pidinfo PROC_PIDTBSDINFO and getsid); returns how
/// many, or -1, with errno ERANGE when `capacity` was too small.
int lw_processes(struct lw_process *list, int capacity);

/// Sets `*device` to the device number of this process's controlling terminal (Linux: tty_nr of
/// /proc/self/stat; Darwin: proc_bsdinfo's e_tdev); returns 0, or -1 when there is none.
int lw_controlling_device(unsigned long long *device);

/// Writes the path of this process's controlling terminal (`/dev/ttys003`, from proc_bsdinfo's
/// e_tdev, devname_r's name and lw_device_path) to `path`; returns 0, or -1 when there is none,
/// and always on Linux, where it is never needed.
int lw_controlling_terminal_path(char *path, size_t size);

/// Writes `/dev/NAME` to `path` for a device's entry name as devname_r gives it (`ttys003`);
/// returns 0, or -1 when it does not fit, or when `name` is empty or devname_r's made-up `#C…`.
int lw_device_path(const char *name, char *path, size_t size);

/// Bytes written to the pipe `write_fd` (a write end) and not yet read (Linux: FIONREAD; Darwin:
/// fstat's size, as FIONREAD counts nothing there); -1 when it cannot be told (a socket).
int lw_pipe_unread_bytes(int write_fd);

/// The value of a termios control character that is turned off (`_POSIX_VDISABLE`: 0 on Linux,
/// 0xFF on Darwin, a cast Swift does not import).
unsigned char lw_disabled_control_character(void);

/// When the file `info` describes last changed, in seconds since the epoch (`st_mtime`).
long long lw_modification_seconds(const struct stat *info);

/// A memory-backed directory for small files besides `XDG_RUNTIME_DIR` (`/dev/shm`), or NULL.
const char *lw_memory_directory(void);

/// The pipe `fd` opened anew for writing, non-blocking, with an open file description of its own
/// (Linux: `/proc/self/fd/N`); -1 where that cannot be done (Darwin), or on error.
int lw_reopen_nonblocking(int fd);

/// Writes the absolute path of loadwrap's own executable to `path` (Linux: readlink of
/// /proc/self/exe, proc(5); Darwin: _NSGetExecutablePath then realpath, dyld(3)); returns 0, or -1
/// when it cannot be told or does not fit.
int lw_executable_path(char *path, size_t size);

/// Runs `body(context)` on a new detached thread started with every signal blocked; 0, or -1
/// when no thread could be made.
int lw_start_thread(void *(*body)(void *), void *context);

/// The process environment (`environ`; Darwin reaches it through _NSGetEnviron).
char **lw_environ(void);

/// Returns 1 when `fd` is a FIFO owned by the calling user, so a forged path is never written to.
int lw_is_own_fifo(int fd);

/// The first occurrence of `needle` in `haystack`, or NULL (memmem where libc has it).
const void *lw_memmem(const void *haystack, size_t length, const void *needle, size_t needle_length);

/// Returns 1 when `fd` is a regular file owned by the calling user.
int lw_is_own_file(int fd);

/// Decodes a wait status: returns the exit code (0-255), or -N for death by signal N,
/// or -1000 when the child only stopped or continued.
int lw_decode_wait_status(int status);

/// Moves up to `length` bytes from the pipe `in` to `out` inside the kernel (Linux splice(2),
/// non-blocking on both pipes); -1 with errno ENOSYS elsewhere, where the caller copies instead.
ssize_t lw_splice(int in, int out, size_t length);

/// The version `make build` stamps in (`-Xcc -DLOADWRAP_VERSION="…"`, from Scripts/version.sh),
/// or NULL for a build without it (`swift build`), which then reports LoadWrapVersion's constant.
/// In C because a Swift `-D` carries no value, and a generated Swift file would dirty the checkout.
const char *lw_build_version(void);

/// Returns 1 when every byte is printable ASCII (0x20-0x7E), LF or CR: text that sanitising
/// leaves as it is, so a literal absent from the bytes is absent from every line (watch.c).
int lw_is_plain_text(const void *bytes, size_t length);

#include <stdint.h>

/// Table entries of a line automaton that are outcomes, not states (LineAutomaton).
enum { LW_MATCHED = -1, LW_DEAD = -2, LW_UNDECIDED = -3, LW_LINE_BREAK = -4 };
/// What lw_automaton_run says: no match, maybe one, or bytes it does not decide.
enum { LW_NO = 0, LW_MAYBE = 1, LW_UNDECIDED_VERDICT = 2 };

/// A line automaton's tables: 256 next states per state, whether each state accepts at a line end.
typedef struct {
    const int32_t *table;
    const unsigned char *accepts_at_end;
    int32_t start;
} lw_automaton;

/// Runs `automaton` over up to `count` bytes from `first`, `step` (1 or -1) apart, up to a line end.
int lw_automaton_run(const lw_automaton *automaton, const unsigned char *first, size_t count, int step);

/// A literal to look for, the index of its byte searched first, and the automata that read the
/// text before (reversed) and after an occurrence; both NULL when there are none.
typedef struct {
    const unsigned char *literal;
    size_t length;
    size_t anchor;
    const lw_automaton *before;
    const lw_automaton *after;
} lw_literal_search;

/// The offset of the first occurrence at or after `from` that its neighbours do not rule out, or -1.
ptrdiff_t lw_next_candidate(const lw_literal_search *search, const unsigned char *region, size_t length, size_t from);

/// The offset of the last occurrence starting before `limit` that its neighbours do not rule out, or -1.
ptrdiff_t lw_last_candidate(const lw_literal_search *search, const unsigned char *region, size_t length, size_t limit);

/// A Unix stream socket listening at `path` (which must not exist), close-on-exec and
/// non-blocking; returns its descriptor or -1 with errno set.
int lw_listen_unix(const char *path);

/// A close-on-exec, non-blocking Unix stream socket connected to `path`; returns it or -1.
int lw_connect_unix(const char *path);

/// A connected pair of Unix stream sockets, both close-on-exec and non-blocking (and no SIGPIPE
/// on Darwin); 0 or -1 with errno set.
int lw_socket_pair(int pair[2]);

/// Sends `length` bytes and copies of `count` (0–4) descriptors over the Unix socket `socket` in
/// one sendmsg (SCM_RIGHTS, unix(7)); returns the bytes sent or -1 with errno set.
ssize_t lw_send_record(int socket, const void *bytes, size_t length, const int *fds, int count);

/// Receives up to `capacity` bytes from the Unix socket `socket`, and the descriptors that came
/// with them (close-on-exec) into `fds`, which has room for `*count` (set to how many came;
/// those beyond the room are closed). Returns the bytes received, 0 at end of file, -1 with errno.
ssize_t lw_receive_record(int socket, void *bytes, size_t capacity, int *fds, int *count);

/// Sends a copy of `fd` over the Unix socket `socket` (SCM_RIGHTS, unix(7)), with one byte; 0 or -1.
int lw_send_fd(int socket, int fd);

/// Reads from the Unix socket `socket` without waiting: 1 with a descriptor received in `*fd`
/// (close-on-exec), 0 at end of file (the other side closed), -1 with errno set (EAGAIN: nothing yet).
int lw_receive_fd(int socket, int *fd);

#endif
