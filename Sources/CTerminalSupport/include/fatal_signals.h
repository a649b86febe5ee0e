#ifndef FORMTUI_FATAL_SIGNALS_H
#define FORMTUI_FATAL_SIGNALS_H

// The last safety net for a signal that ends the process, in every mode (the line mode has no
// curses session): before the signal's own action runs, the terminal modes held here are put
// back (a secret question's echo) and the lock file named here is removed. The full-screen and
// inline sessions (terminal_support.h) restore their screen first and then come here.
//
// Handled: the crash signals (SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, handed on to
// whoever had them, Swift's backtracer), and the signals whose default action ends the program
// without one of its handlers (SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ,
// SIGPROF) while they are left to that default: a signal the program handles or ignores stays so.
// Each then ends the process by its default action, so the status is the signal's (SIGPIPE 141).

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the handlers, once per process (later calls do nothing). The other calls install them too.
void ts_fatal_install(void);

/// The lock file to remove if a fatal signal arrives (NULL, or a path over 4095 bytes: none).
void ts_fatal_set_lock(const char *path);

/// Forgets the lock file, when it is still `path` (NULL: whatever it is).
void ts_fatal_clear_lock(const char *path);

/// Keeps the modes `fd` (a terminal) has now, to be put back if a fatal signal arrives before
/// ts_fatal_release_modes: called before a secret question turns the echo off. 0, or -1.
int ts_fatal_hold_modes(int fd);

/// The modes need no putting back any more (the echo is on again).
void ts_fatal_release_modes(void);

/// Whether `signal_number` is one ts_fatal_install handles here and its action is still this
/// file's handler, or whether it is left to its default: a session may then take it too.
int ts_fatal_may_take(int signal_number);

/// Puts the held modes back and removes the lock, from a signal handler (async-signal-safe;
/// the session's handler calls it after restoring the screen). Does it once.
void ts_fatal_cleanup(void);

#ifdef __cplusplus
}
#endif

#endif
