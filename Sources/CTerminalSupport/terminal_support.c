#define _GNU_SOURCE // mkostemp, O_CLOEXEC, memfd_create
#define NCURSES_WIDECHAR 1

#include "terminal_support.h"
#include "fatal_signals.h"
#include "signal_actions.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

// Everything below may be read by a signal handler at any moment, so the handlers only use
// async-signal-safe calls (write, read, lseek, dup2, close, pipe, tcsetattr, sigaction, raise)
// plus endwin(), which is not formally safe but is what ncurses' own handlers call: leaving the
// screen in the alternate buffer would hide the very message the user needs.

// SIGQUIT too: left to Swift's runtime, it prints a backtrace over the screen and the program
// carries on, while Ctrl-\ means "quit" to the user.
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV};
// Signals that end the program by default and that nothing else of ours handles: while left to
// that default (or to fatal_signals.c, which ends it the same way), they give the terminal back
// first as a crash does, instead of leaving it raw, in the alternate screen, reporting the mouse.
static const int ending_signals[] = {SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPROF};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static volatile sig_atomic_t session_running;
static volatile sig_atomic_t curses_owns_screen;
static volatile sig_atomic_t restore_started;
static volatile sig_atomic_t pending_stop_signal;
static volatile sig_atomic_t pending_suspend;

static int tty_fd = -1;
static int have_saved_modes;
static struct termios saved_modes;
static int decline_prompt;

static int saved_stderr_fd = -1;
static int capture_fd = -1;

// Written around endwin() whenever curses gives the screen up (exit, crash, Ctrl-Z), and when it
// takes it back after a Ctrl-Z.
static struct sequence {
    char bytes[64];
    size_t length;
} leave_sequence, after_leave_sequence, reenter_sequence;

// Inline mode (ts_inline_started): no curses, the program draws in a few lines below the prompt.
// Giving the terminal up writes the active one of two leave sequences (which clears the area from
// wherever the program's cursor is in it, so it changes as the cursor moves) and puts the saved
// modes back. Two buffers, so that a handler never reads one that is being rewritten.
static volatile sig_atomic_t inline_mode;
static struct sequence inline_leave[2];
static volatile sig_atomic_t inline_leave_index;
static volatile sig_atomic_t inline_resumed;
// A curses session came back from Ctrl-Z: curses repainted its copy of the screen (the last
// frame); the key reader reports it as a resize, so that the program draws again at the size the
// terminal has now.
static volatile sig_atomic_t screen_resumed;

// MARK: Output capture
//
// Why a memfd under fd 1: ncurses writes with write(SP->_ofd), where _ofd is fileno() of the FILE
// given to newterm, so a stdio cookie (fileno -1) cannot catch it; and ncurses 6.4 flushes as it
// goes (at every cursor move until its screen was once given up and taken back, which
// NcursesTerminal's start does for that reason; and whenever its buffer of about a screenful of
// cells fills up), so a frame reached the terminal in 3 to 6 writes, each one a wake-up for the
// terminal and a chance to show half a frame. Pointing fd 1 at
// a memfd (dup2) collects a frame whole; it then goes to the terminal in one write (through a copy
// of the real fd 1), and the very same bytes to the recording. fd 1 stays the memfd from the
// start's first frame until the screen is given up (the end, a crash, Ctrl-Z): one dup2 at each
// end instead of two per frame, and one lseek per frame to find where it ends. What is written to
// stdout between two frames is held too and goes out with the next one (or with the way out), so
// the recording still has every byte the terminal got. A memfd, not a pipe: a full-screen repaint
// can exceed a pipe's capacity, and nobody would be reading it. Interposing write() would avoid
// the dup2 calls but reroutes every write in the process (and fights sanitizers' own
// interceptors), which a library has no business doing.
//
// The price: while fd 1 is the memfd it is not a tty, and ncurses uses the same fd for the tty's
// modes and size. So curses calls that set modes (cbreak, def_prog_mode, ...) come before the
// first ts_capture_output; endwin() and the repaint after Ctrl-Z have their mode changes made
// here (leave_curses, ts_suspend); and the size is asked of the terminal by whoever reads input
// (ts_take_resize), since doupdate()'s own look after a SIGWINCH fails on the memfd and leaves
// curses at the old size; recheck_size raises the signal again after a frame that consumed one.
static int held_output_fd = -1;         // the memfd
static int terminal_output_fd = -1;     // a copy of the real fd 1
static unsigned char *held_output_map;  // the memfd, mapped
static size_t held_output_map_size;
static off_t held_output_start;         // where the frame being held back began
// Frames are written one after the other and read where they are, from the start again once past
// held_output_rewind (the pages written stay with the memfd and count as the process's memory);
// a full repaint of a large screen is tens of kilobytes, a key's frame a few hundred bytes.
static const size_t held_output_capacity = 1u << 20;
static const size_t held_output_rewind = 64u << 10;
static volatile sig_atomic_t holding_output;  // fd 1 is the memfd
static volatile sig_atomic_t frame_open;      // between ts_capture_output and ts_send_output
static unsigned char *send_buffer;
static size_t send_capacity;
static ts_output_sink output_sink;
static void *output_sink_context;
static volatile sig_atomic_t resize_signals;
static sig_atomic_t resize_signals_checked;
static sig_atomic_t resize_signals_taken;

// Written to by the handlers of the signals the input loop acts on (stop, Ctrl-Z, resize) and
// watched by its poll next to the terminal: a signal that lands between the loop's look at the
// flags and its poll still wakes it, so the poll needs no timeout to notice signals.
static int wake_pipe[2] = {-1, -1};

static struct sigaction previous_actions[NSIG];
static unsigned char handler_installed[NSIG];
static int atexit_registered;

// MARK: - Async-signal-safe helpers

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        count -= (size_t)written;
    }
}

static void wake_input(void) {
    if (wake_pipe[1] < 0) return;
    char byte = 0;
    // Non-blocking: a full pipe already wakes the poll.
    (void)!write(wake_pipe[1], &byte, 1);
}

static void write_sequence(const struct sequence *sequence) {
    if (sequence->length > 0) write_all(STDOUT_FILENO, sequence->bytes, sequence->length);
}

static void set_sequence(struct sequence *sequence, const char *text) {
    sequence->length = 0;
    if (text == NULL) return;
    size_t length = strlen(text);
    if (length >= sizeof sequence->bytes) return;
    memcpy(sequence->bytes, text, length);
    sequence->length = length;
}

/// Points fd 1 at the memfd; 1 if it did (0 when already holding or there is no memfd).
static int hold_output(void) {
    if (held_output_fd < 0 || terminal_output_fd < 0 || holding_output) return 0;
    // Set before the dup2: a signal arriving in between finds fd 1 still the terminal, and putting
    // it back there is harmless.
    holding_output = 1;
    if (dup2(held_output_fd, STDOUT_FILENO) < 0) {
        holding_output = 0;
        return 0;
    }
    return 1;
}

/// Points fd 1 back at the terminal; what was held back stays in the memfd.
static void stop_holding(void) {
    if (!holding_output) return;
    dup2(terminal_output_fd, STDOUT_FILENO);
    holding_output = 0;
}

/// Forgets what was held back (a frame cut short by a crash or a stop signal).
static void discard_held_output(void) {
    if (held_output_fd >= 0) lseek(held_output_fd, 0, SEEK_SET);
    held_output_start = 0;
}

/// Sends what was held back to the terminal, from a signal handler: no allocation, no sink, in
/// pieces if need be.
static void send_held_output_in_handler(void) {
    off_t held = held_output_fd >= 0 ? lseek(held_output_fd, 0, SEEK_CUR) : 0;
    char buffer[4096];
    off_t start = held_output_start <= held ? held_output_start : 0;
    for (off_t offset = start; offset < held;) {
        size_t want = (size_t)(held - offset) < sizeof buffer ? (size_t)(held - offset) : sizeof buffer;
        ssize_t count = pread(held_output_fd, buffer, want, offset);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        write_all(terminal_output_fd, buffer, (size_t)count);
        offset += count;
    }
    if (held_output_fd >= 0) lseek(held_output_fd, 0, SEEK_SET);
    held_output_start = 0;
}

/// Sends what was held back to the terminal in one write, then to the sink. The bytes are read
/// where the memfd is mapped, from where the last frame ended: one lseek per frame, and a rewind
/// only once in a while. A frame that runs past the mapping is read into a buffer instead.
static void send_held_output(void) {
    fflush(stdout);
    off_t end = lseek(held_output_fd, 0, SEEK_CUR);
    if (end < 0) return;
    off_t start = held_output_start;
    if (end < start) start = 0; // someone else rewound it: take all of it
    size_t count = (size_t)(end - start);
    const unsigned char *bytes = NULL;
    if (held_output_map != NULL && (size_t)end <= held_output_map_size) {
        bytes = held_output_map + start;
    } else if (count > 0) {
        if (count > send_capacity) {
            size_t capacity = send_capacity == 0 ? 65536 : send_capacity;
            while (capacity < count) capacity *= 2;
            unsigned char *bigger = realloc(send_buffer, capacity);
            if (bigger == NULL) {
                // Out of memory: the terminal still gets its frame, in pieces; nothing is recorded.
                send_held_output_in_handler();
                held_output_start = 0;
                return;
            }
            send_buffer = bigger;
            send_capacity = capacity;
        }
        size_t got = 0;
        while (got < count) {
            ssize_t piece = pread(held_output_fd, send_buffer + got, count - got, start + (off_t)got);
            if (piece < 0 && errno == EINTR) continue;
            if (piece <= 0) break;
            got += (size_t)piece;
        }
        count = got;
        bytes = send_buffer;
    }
    if (count > 0) write_all(terminal_output_fd, (const char *)bytes, count);
    if (output_sink != NULL && count > 0) output_sink(output_sink_context, bytes, count);
    // Start again from the beginning once past held_output_rewind (the sink is done with the bytes).
    if ((size_t)end > held_output_rewind) {
        lseek(held_output_fd, 0, SEEK_SET);
        held_output_start = 0;
    } else {
        held_output_start = end;
    }
}

int ts_take_resize(void) {
    sig_atomic_t seen = resize_signals;
    if (seen == resize_signals_taken) return 0;
    resize_signals_taken = seen;
    return 1;
}

/// A SIGWINCH that doupdate() consumed while fd 1 was the memfd left curses at the old size (its
/// size query failed): raise it again, so that the input side (ts_take_resize) looks at the size.
static void recheck_size(void) {
    sig_atomic_t seen = resize_signals;
    if (seen == resize_signals_checked) return;
    resize_signals_checked = seen;
    struct winsize size;
    if (ioctl(terminal_output_fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return;
    if (size.ws_row != LINES || size.ws_col != COLS) raise(SIGWINCH);
}

/// Takes the screen from curses: leave sequence, endwin() (normal screen, cursor shown, the tty
/// modes from before), then the after-leave sequence, which endwin's own output cannot undo. All
/// of it goes out as one write (and to the sink, outside a signal handler).
static void leave_curses(int in_handler) {
    if (!curses_owns_screen) return;
    curses_owns_screen = 0;
    if (inline_mode) {
        // Written straight to the terminal: an inline session never holds its output back.
        write_sequence(&inline_leave[inline_leave_index]);
        if (have_saved_modes) tcsetattr(tty_fd, TCSADRAIN, &saved_modes);
        return;
    }
    // A frame cut short by a signal is not sent: the screen is being left anyway. With it goes what
    // was written to stdout since the last frame was sent (nothing of ours writes there while
    // curses has the screen; marking where each frame begins would cost an lseek per frame).
    // Between frames, what was written goes out first, as it would have had fd 1 been the terminal.
    if (frame_open) discard_held_output();
    frame_open = 0;
    hold_output();
    int held = holding_output;
    write_sequence(&leave_sequence);
    endwin();
    write_sequence(&after_leave_sequence);
    if (!held) return;
    if (in_handler) {
        send_held_output_in_handler();
    } else {
        send_held_output();
    }
    // The shell, or whatever the program prints next, writes to the terminal itself.
    stop_holding();
    // endwin's own tcsetattr acted on the memfd and failed: give the shell its modes here.
    if (have_saved_modes) tcsetattr(tty_fd, TCSADRAIN, &saved_modes);
}

/// Gives the screen back, then the saved modes in case endwin could not.
static void restore_screen(int in_handler) {
    leave_curses(in_handler);
    if (have_saved_modes) tcsetattr(tty_fd, TCSANOW, &saved_modes);
}

/// Puts the real stderr back on fd 2 and copies what was captured meanwhile to it.
static void release_stderr(void) {
    int saved = saved_stderr_fd;
    int captured = capture_fd;
    saved_stderr_fd = -1;
    capture_fd = -1;
    if (saved < 0) return;
    dup2(saved, STDERR_FILENO);
    close(saved);
    if (captured < 0) return;
    // fd 2 shared the capture file's offset, which now sits at its end.
    if (lseek(captured, 0, SEEK_SET) == 0) {
        char buffer[4096];
        for (;;) {
            ssize_t count = read(captured, buffer, sizeof buffer);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            write_all(STDERR_FILENO, buffer, (size_t)count);
        }
    }
    close(captured);
}

// MARK: - Signal handlers

static void on_crash_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    if (!restore_started) {
        restore_started = 1;
        restore_screen(1);
        release_stderr();
        ts_fatal_cleanup();
        if (decline_prompt) ts_answer_backtracer_prompt();
    }
    // Hand the signal to whoever had it before (Swift's backtracer, or the default action). A fault
    // re-executes on return, so that handler sees the real context and fault address; any other
    // signal is sent again (it stays blocked until we return, then goes to that handler).
    sigaction(signal_number, &previous_actions[signal_number], NULL);
    handler_installed[signal_number] = 0;
    if (!ts_fault_refires(signal_number, info)) raise(signal_number);
    errno = saved_errno;
}

static void on_stop_signal(int signal_number) {
    int saved_errno = errno;
    if (pending_stop_signal != 0 && !restore_started) {
        // The program has not looked at the first stop signal: it may be stuck, so stop it now.
        restore_started = 1;
        restore_screen(1);
        release_stderr();
        ts_fatal_cleanup();
        struct sigaction default_action;
        memset(&default_action, 0, sizeof default_action);
        default_action.sa_handler = SIG_DFL;
        sigemptyset(&default_action.sa_mask);
        sigaction(signal_number, &default_action, NULL);
        raise(signal_number);
    } else {
        pending_stop_signal = signal_number;
        wake_input();
    }
    errno = saved_errno;
}

/// Only noted: suspending means endwin() and, later, a repaint, which cannot be done safely from
/// a handler that may interrupt curses in the middle of drawing.
static void on_suspend_signal(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    pending_suspend = 1;
    wake_input();
    errno = saved_errno;
}

/// Counts SIGWINCH for recheck_size, then hands it to ncurses' own handler, which must still see
/// it: that is how KEY_RESIZE arrives.
static void on_resize_signal(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    resize_signals++;
    const struct sigaction *previous = &previous_actions[SIGWINCH];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction != NULL) previous->sa_sigaction(signal_number, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler != NULL) {
        previous->sa_handler(signal_number);
    }
    wake_input();
    errno = saved_errno;
}

static void install(int signal_number, struct sigaction *action, int unless_ignored) {
    struct sigaction previous;
    if (sigaction(signal_number, NULL, &previous) != 0) return;
    // A stop signal ignored at launch (nohup, a background job) stays ignored.
    if (unless_ignored && !(previous.sa_flags & SA_SIGINFO) && previous.sa_handler == SIG_IGN) return;
    if (sigaction(signal_number, action, &previous_actions[signal_number]) == 0)
        handler_installed[signal_number] = 1;
}

static void install_handlers(void) {
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = on_stop_signal;
    sigemptyset(&stop.sa_mask);
    // No SA_RESTART: a blocking read must return so that the input loop sees the flag.
    stop.sa_flags = 0;
    for (size_t index = 0; index < COUNT(stop_signals); index++) install(stop_signals[index], &stop, 1);

    // Installed before newterm, this also keeps ncurses from handling SIGTSTP: its handler runs
    // endwin() inside whatever curses call the signal interrupts, and doupdate() sets SIGTSTP to
    // SIG_IGN while it draws, so a Ctrl-Z typed during a frame was lost.
    struct sigaction suspend;
    memset(&suspend, 0, sizeof suspend);
    suspend.sa_handler = on_suspend_signal;
    sigemptyset(&suspend.sa_mask);
    suspend.sa_flags = 0; // as for the stop signals: wake the input loop up
    install(SIGTSTP, &suspend, 1);

    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_sigaction = on_crash_signal;
    sigemptyset(&crash.sa_mask);
    // SA_ONSTACK: a stack overflow can only be handled on the alternate stack Swift's runtime set up.
    crash.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t index = 0; index < COUNT(crash_signals); index++) install(crash_signals[index], &crash, 0);
    for (size_t index = 0; index < COUNT(ending_signals); index++) {
        if (ts_fatal_may_take(ending_signals[index])) install(ending_signals[index], &crash, 0);
    }
}

static void uninstall_handlers(void) {
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (!handler_installed[signal_number]) continue;
        sigaction(signal_number, &previous_actions[signal_number], NULL);
        handler_installed[signal_number] = 0;
    }
}

// MARK: - Public API

ts_terminal_probe ts_probe_terminal(const char *term, int fd) {
    // Loading a terminal would replace the running session's one.
    if (session_running) return TS_TERMINAL_SESSION_RUNNING;
    int status = 0;
    // With an errret pointer setupterm reports instead of printing and exiting.
    if (setupterm(term, fd, &status) != OK) {
        if (status == -1) return TS_TERMINAL_NO_DATABASE;
        if (status == 1) return TS_TERMINAL_NO_CURSOR_ADDRESSING; // found, but hardcopy
        return TS_TERMINAL_UNKNOWN;
    }
    const char *cup = tigetstr("cup");
    int hardcopy = tigetflag("hc") > 0;
    ts_terminal_probe result =
        (cup == NULL || cup == (const char *)-1 || hardcopy) ? TS_TERMINAL_NO_CURSOR_ADDRESSING : TS_TERMINAL_OK;
    // newterm loads its own copy; drop this one.
    del_curterm(cur_term);
    return result;
}

static void restore_at_exit(void) {
    // The program is ending without having stopped the session: whatever the sink belonged to may
    // be half torn down.
    output_sink = NULL;
    ts_end();
}

int ts_begin(int fd, int decline_backtrace_prompt) {
    if (session_running) {
        errno = EBUSY;
        return -1;
    }
    tty_fd = fd;
    have_saved_modes = tcgetattr(fd, &saved_modes) == 0;
    decline_prompt = decline_backtrace_prompt;
    pending_stop_signal = 0;
    pending_suspend = 0;
    restore_started = 0;
    curses_owns_screen = 0;
    inline_mode = 0;
    inline_resumed = 0;
    screen_resumed = 0;
    inline_leave_index = 0;
    set_sequence(&inline_leave[0], NULL);
    set_sequence(&leave_sequence, NULL);
    set_sequence(&after_leave_sequence, NULL);
    set_sequence(&reenter_sequence, NULL);
    if (!atexit_registered) atexit_registered = atexit(restore_at_exit) == 0;
    // Under this session's handlers, so that a crash restores the screen first, then the rest.
    ts_fatal_install();
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        wake_pipe[0] = -1;
        wake_pipe[1] = -1;
    }
    install_handlers();
    session_running = 1;
    return 0;
}

static int capture_stderr(void) {
    const char *directory = getenv("TMPDIR");
    char path[4096];
    if (directory == NULL || directory[0] == '\0' || strlen(directory) > sizeof path - 32) directory = "/tmp";
    strcpy(path, directory);
    strcat(path, "/formtui-stderr-XXXXXX");
    int file = mkostemp(path, O_CLOEXEC);
    if (file < 0) return -1;
    // Unlinked at once: nothing is left behind however the process ends.
    unlink(path);
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) {
        close(file);
        return -1;
    }
    capture_fd = file;
    saved_stderr_fd = saved;
    if (dup2(file, STDERR_FILENO) < 0) {
        saved_stderr_fd = -1;
        capture_fd = -1;
        close(saved);
        close(file);
        return -1;
    }
    return 0;
}

/// The memfd and the copy of the terminal's fd that holding output back needs; without them
/// output goes straight to the terminal, as curses writes it.
/* Counts SIGWINCH from zero, chaining to the handler installed before (ncurses' own after
 * newterm; none in inline mode). */
static void watch_resize_signals(void) {
    resize_signals = 0;
    resize_signals_checked = 0;
    resize_signals_taken = 0;
    struct sigaction resize;
    memset(&resize, 0, sizeof resize);
    resize.sa_sigaction = on_resize_signal;
    sigemptyset(&resize.sa_mask);
    resize.sa_flags = SA_SIGINFO;
    install(SIGWINCH, &resize, 0);
}

static void prepare_output_capture(void) {
    int held = memfd_create("formtui-frame", MFD_CLOEXEC);
    if (held < 0) return;
    int terminal = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (terminal < 0) {
        close(held);
        return;
    }
    // Sized, so that the mapping is backed; pages are only taken as frames are written into them.
    if (ftruncate(held, (off_t)held_output_capacity) == 0) {
        void *map = mmap(NULL, held_output_capacity, PROT_READ, MAP_SHARED, held, 0);
        if (map != MAP_FAILED) {
            held_output_map = map;
            held_output_map_size = held_output_capacity;
        }
    }
    held_output_fd = held;
    terminal_output_fd = terminal;
    held_output_start = 0;
    holding_output = 0;
    frame_open = 0;
    // After newterm, so that the handler this chains to is ncurses' own.
    watch_resize_signals();
}

static void release_output_capture(void) {
    stop_holding();
    discard_held_output();
    frame_open = 0;
    if (held_output_map != NULL) munmap(held_output_map, held_output_map_size);
    held_output_map = NULL;
    held_output_map_size = 0;
    if (held_output_fd >= 0) close(held_output_fd);
    if (terminal_output_fd >= 0) close(terminal_output_fd);
    held_output_fd = -1;
    terminal_output_fd = -1;
    output_sink = NULL;
    output_sink_context = NULL;
}

int ts_curses_started(const char *leave, const char *after_leave, const char *reenter) {
    set_sequence(&leave_sequence, leave);
    set_sequence(&after_leave_sequence, after_leave);
    set_sequence(&reenter_sequence, reenter);
    prepare_output_capture();
    curses_owns_screen = 1;
    return capture_stderr();
}

int ts_inline_started(const char *leave) {
    set_sequence(&inline_leave[0], leave);
    inline_leave_index = 0;
    inline_mode = 1;
    watch_resize_signals();
    curses_owns_screen = 1;
    return capture_stderr();
}

int ts_inline_load_terminfo(const char *term, int fd) {
    int status = 0;
    return setupterm(term, fd, &status) == OK ? 0 : -1;
}

void ts_inline_unload_terminfo(void) {
    if (cur_term != NULL) del_curterm(cur_term);
}

void ts_inline_set_leave(const char *leave) {
    sig_atomic_t next = inline_leave_index == 0 ? 1 : 0;
    set_sequence(&inline_leave[next], leave);
    __atomic_store_n(&inline_leave_index, next, __ATOMIC_SEQ_CST);
}

int ts_inline_resumed(void) { return inline_resumed; }

int ts_inline_take_resumed(void) { return __atomic_exchange_n(&inline_resumed, 0, __ATOMIC_SEQ_CST); }

int ts_screen_resumed(void) { return screen_resumed; }

int ts_take_screen_resumed(void) { return __atomic_exchange_n(&screen_resumed, 0, __ATOMIC_SEQ_CST); }

void ts_set_output_sink(ts_output_sink sink, void *context) {
    output_sink = sink;
    output_sink_context = context;
}

void ts_capture_output(void) {
    if (!curses_owns_screen || restore_started) return;
    hold_output();
    frame_open = holding_output;
}

void ts_send_output(void) {
    if (!holding_output) return;
    send_held_output();
    frame_open = 0;
    recheck_size();
}

void ts_end(void) {
    if (!session_running) return;
    // Set first, so that a signal arriving meanwhile only records itself instead of restoring too.
    if (!restore_started) {
        restore_started = 1;
        restore_screen(0);
        release_stderr();
    }
    uninstall_handlers();
    release_output_capture();
    // Forgotten before closed: a handler still running on another thread must not write into a
    // descriptor number that is reused meanwhile.
    int wake_read = wake_pipe[0], wake_write = wake_pipe[1];
    wake_pipe[0] = -1;
    wake_pipe[1] = -1;
    if (wake_read >= 0) close(wake_read);
    if (wake_write >= 0) close(wake_write);
    session_running = 0;
    inline_mode = 0;
    pending_stop_signal = 0;
    pending_suspend = 0;
}

int ts_wake_fd(void) { return wake_pipe[0]; }

void ts_clear_wake(void) {
    if (wake_pipe[0] < 0) return;
    char bytes[64];
    while (read(wake_pipe[0], bytes, sizeof bytes) == (ssize_t)sizeof bytes) {
    }
}

int ts_take_stop_signal(void) { return __atomic_exchange_n(&pending_stop_signal, 0, __ATOMIC_SEQ_CST); }

int ts_take_suspend_request(void) { return __atomic_exchange_n(&pending_suspend, 0, __ATOMIC_SEQ_CST); }

void ts_suspend(void) {
    if (!session_running || restore_started) return;
    int owned = curses_owns_screen;
    // The program's modes, for the way back: ncurses' own reset_prog_mode would set them on fd 1,
    // which is the memfd while the repaint is held back.
    struct termios program_modes;
    int have_program_modes = tcgetattr(tty_fd, &program_modes) == 0;
    leave_curses(0);

    // Stop as the shell expects of Ctrl-Z: by SIGTSTP's default action, so that it reports the job
    // as stopped. Our handler is put back once the shell continues us.
    struct sigaction stop_now, ours;
    memset(&stop_now, 0, sizeof stop_now);
    stop_now.sa_handler = SIG_DFL;
    sigemptyset(&stop_now.sa_mask);
    sigaction(SIGTSTP, &stop_now, &ours);
    sigset_t tstp, previous_mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &tstp, &previous_mask);
    raise(SIGTSTP);
    // Continued.
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
    sigaction(SIGTSTP, &ours, NULL);
    pending_suspend = 0;

    // Modes changed meanwhile at the shell (stty) are the ones to give back at the end, as
    // ncurses does for its own suspend.
    if (have_saved_modes) tcgetattr(tty_fd, &saved_modes);
    if (!owned) return;
    if (inline_mode) {
        // The program reserves its lines again below wherever the shell left the cursor and
        // repaints: the key reader reports a resize, which the inline terminal reads as that.
        curses_owns_screen = 1;
        if (have_program_modes) tcsetattr(tty_fd, TCSADRAIN, &program_modes);
        inline_resumed = 1;
        resize_signals++;
        wake_input();
        return;
    }
    def_shell_mode();
    // Set first, so that a crash or a second stop signal during the repaint gives the screen back.
    curses_owns_screen = 1;
    int held = have_program_modes && hold_output();
    if (held) {
        frame_open = 1;
        tcsetattr(tty_fd, TCSADRAIN, &program_modes);
        // The terminal may have changed size while we were stopped; doupdate's own look at the size
        // fails while holding back, so have it looked at again afterwards.
        resize_signals++;
    }
    // After endwin, doupdate puts back the alternate screen and the cursor's visibility (and, when
    // not holding back, the program's tty modes), and repaints every cell.
    doupdate();
    // reset_prog_mode skips the keypad sequence when its tcsetattr fails, as it does on the memfd.
    if (held) keypad(stdscr, TRUE);
    write_sequence(&reenter_sequence);
    if (held) {
        send_held_output();
        frame_open = 0;
        recheck_size();
    } else {
        resize_signals++;
    }
    // The key reader reports it (as a resize of the same size), or the next frame takes it.
    screen_resumed = 1;
}
