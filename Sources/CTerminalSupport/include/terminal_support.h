#ifndef FORMTUI_TERMINAL_SUPPORT_H
#define FORMTUI_TERMINAL_SUPPORT_H

// The parts of running a curses screen that must be C and keep process-wide state: signal flags,
// the crash-time terminal restore, stderr capture and the atexit hook. One curses session at a
// time; every function is called from the thread that owns the session.
//
// Order of use: ts_probe_terminal, ts_begin (before newterm), ts_curses_started (after newterm),
// then ts_take_stop_signal and ts_take_suspend_request (with ts_suspend) while running, and ts_end
// to leave (also run by atexit).

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What ts_probe_terminal found out about a terminal type.
typedef enum {
    /// terminfo knows the type and it can address the cursor.
    TS_TERMINAL_OK = 0,
    /// terminfo has no entry of that name.
    TS_TERMINAL_UNKNOWN = 1,
    /// No terminfo database was found at all.
    TS_TERMINAL_NO_DATABASE = 2,
    /// Known, but it cannot move the cursor (no `cup`, e.g. TERM=dumb) or is a hardcopy terminal.
    TS_TERMINAL_NO_CURSOR_ADDRESSING = 3,
    /// A session is running already: only one at a time (curses keeps global state).
    TS_TERMINAL_SESSION_RUNNING = 4,
} ts_terminal_probe;

/// Looks `term` up in terminfo without printing anything or exiting, and leaves no terminal loaded.
ts_terminal_probe ts_probe_terminal(const char *term, int fd);

/// Prepares a curses session on the terminal `tty_fd`: saves its modes, installs the stop-signal
/// handlers (SIGINT, SIGTERM, SIGHUP, SIGQUIT, unless ignored), the Ctrl-Z handler (SIGTSTP, unless
/// ignored) and the crash handlers (SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV; also SIGUSR1,
/// SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ and SIGPROF while left to their default
/// action, which then still ends the program), under fatal_signals.h's net (lock file, modes), and
/// registers the atexit hook once. Call it before newterm so that ncurses keeps its hands off
/// SIGINT, SIGTERM and SIGTSTP.
///
/// `decline_backtrace_prompt`: on a crash, give Swift's backtracer a stdin that answers its
/// "Press space to interact" prompt at once, so that the process ends instead of waiting 30 s.
///
/// Returns 0, or -1 with errno EBUSY when a session is already running.
int ts_begin(int tty_fd, int decline_backtrace_prompt);

/// Tells the safety net that an inline session (no curses: a few lines drawn below the cursor with
/// relative moves) owns the terminal: from now on giving it up (at the end, on a crash or a stop
/// signal, and for Ctrl-Z) writes the leave sequence (under 64 bytes, e.g. "move to the area's first
/// row, erase below, show the cursor") and puts back the modes saved by ts_begin. Captures stderr as
/// ts_curses_started does and counts resizes for ts_take_resize. After Ctrl-Z and `fg` the program's
/// modes are set again and ts_inline_resumed is 1 until taken: the area is to be reserved again.
int ts_inline_started(const char *leave);

/// Loads terminfo's entry for `term` (setupterm, reporting instead of exiting) so that tigetstr and
/// tigetflag answer for it, without starting curses; 0 or -1. ts_inline_unload_terminfo drops it.
int ts_inline_load_terminfo(const char *term, int fd);
void ts_inline_unload_terminfo(void);

/// Replaces the inline leave sequence (the program's cursor moved within its area); safe against a
/// signal arriving meanwhile. NULL: nothing is written on the way out.
void ts_inline_set_leave(const char *leave);

/// Whether an inline session came back from Ctrl-Z and has not reserved its area again yet
/// (ts_inline_take_resumed clears it).
int ts_inline_resumed(void);
int ts_inline_take_resumed(void);

/// Whether a curses session came back from Ctrl-Z and has not drawn since (curses repainted its
/// copy of the screen, the last frame): ts_take_screen_resumed clears it. The resume also counts as
/// a resize for ts_take_resize.
int ts_screen_resumed(void);
int ts_take_screen_resumed(void);

/// Tells the safety net that curses owns the screen: from now on giving it up (at the end, on a
/// crash or a stop signal, and for Ctrl-Z) writes `leave` to stdout, calls endwin(), then writes
/// `after_leave`; taking it back after Ctrl-Z writes `reenter` after the repaint. Each may be NULL
/// (e.g. `leave` "disable bracketed paste", `after_leave` "clear the screen" where there is no
/// alternate screen, `reenter` "enable bracketed paste"); each must be under 64 bytes.
///
/// Also sends stderr to an unlinked temporary file until ts_end, so that messages written meanwhile
/// are not painted into the screen and lost; they are written to the real stderr on the way out.
/// Returns 0, or -1 when stderr could not be captured (the session still works).
int ts_curses_started(const char *leave, const char *after_leave, const char *reenter);

/// Leaves the session: exit sequence and endwin() if curses owns the screen, the tty modes saved by
/// ts_begin, the real stderr (replaying what was captured), and the previous signal handlers.
/// Safe to call more than once; the atexit hook calls it too.
void ts_end(void);

/// The stop signal (SIGINT, SIGTERM, SIGHUP or SIGQUIT) received since the last call, or 0; clears it.
/// A second stop signal that arrives before the first was taken restores the terminal and ends
/// the process with that signal, so a program stuck in a loop can still be stopped.
int ts_take_stop_signal(void);

/// A descriptor that becomes readable when a stop signal, Ctrl-Z or a resize arrives (-1 outside a
/// session, or when it could not be made): poll it next to the terminal, with no timeout, and
/// call ts_clear_wake once it woke the poll, before looking at the flags again.
int ts_wake_fd(void);

/// Empties ts_wake_fd, so that it wakes the next poll only for a signal still to come.
void ts_clear_wake(void);

/// Whether Ctrl-Z (SIGTSTP) was received since the last call; clears it. The handler only records
/// it: the program suspends with ts_suspend when it is between two curses calls.
int ts_take_suspend_request(void);

/// Receives every piece of output sent to the terminal while a sink is set: `bytes` are exactly
/// what was written, in order, `count` of them (only valid during the call).
/// Whether the terminal was resized (a SIGWINCH) since the last call: the key reader, which does
/// not read through curses, asks before each wait and resizes curses itself.
int ts_take_resize(void);

typedef void (*ts_output_sink)(void *context, const unsigned char *bytes, size_t count);

/// Hands what is sent to the terminal from now on to `sink` (NULL: to nobody). ts_end clears it
/// after handing over the bytes that leave the screen. Never called from a signal handler: what a
/// crash or a second stop signal writes on the way out goes to the terminal only.
void ts_set_output_sink(ts_output_sink sink, void *context);

/// Begins a frame: everything written to standard output from now on is held back until
/// ts_send_output, which sends it to the terminal in one write and hands it to the sink.
/// Standard output stays the holding file after that, until the screen is given up (ts_end, a
/// crash, a stop signal, Ctrl-Z): what is written between frames goes out with the next frame.
/// So curses calls that touch the tty's modes or size (cbreak, noraw, def_prog_mode, ...) must
/// come before the first call: they would act on the holding file instead of the terminal.
/// A frame cut short by a crash or a second stop signal is not sent. Does nothing outside a
/// session.
void ts_capture_output(void);

/// Ends a frame: sends what was held back since the last send to the terminal (one write) and to
/// the sink.
void ts_send_output(void);

/// Suspends the process as Ctrl-Z does: gives the screen up as ts_curses_started describes, stops
/// with SIGTSTP, and once continued (`fg`) takes the screen back and repaints it. Tty modes set at
/// the shell meanwhile become the ones restored at the end. Does nothing outside a session.
void ts_suspend(void);

#ifdef __cplusplus
}
#endif

#endif
