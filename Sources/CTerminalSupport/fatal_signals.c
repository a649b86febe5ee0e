#define _GNU_SOURCE

#include "fatal_signals.h"
#include "signal_actions.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

// Read by a signal handler at any moment: written in an order that keeps what a handler sees
// whole (the length or the flag last, the buffer first), and handlers use only unlink,
// tcsetattr, sigaction and raise.

static const int crash_signals[] = {SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV};
// Their default action ends the program; nothing of ours handles them otherwise.
static const int ending_signals[] = {SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPROF};
#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static volatile sig_atomic_t installed;
static volatile sig_atomic_t cleaned;
static struct sigaction previous_actions[NSIG];
static unsigned char ours[NSIG];

// Two buffers, so that a handler never reads the one being written.
static char lock_paths[2][4096];
static volatile sig_atomic_t lock_index = -1;

// Whether a crash answers the "Press space to interact … (30s)" prompt of Swift's backtracer at
// once, as a full-screen session does (terminal_support.h): unless SWIFT_BACKTRACE asks for
// interactive=yes, read when the handlers are installed (getenv is no call for a handler).
static int decline_prompt;

static struct termios held_modes;
static volatile sig_atomic_t held_fd = -1;

void ts_fatal_cleanup(void) {
    if (cleaned) return;
    cleaned = 1;
    int fd = held_fd;
    if (fd >= 0) tcsetattr(fd, TCSANOW, &held_modes);
    int index = lock_index;
    if (index >= 0) unlink(lock_paths[index]);
}

/// Whether SWIFT_BACKTRACE holds interactive=yes (or on, true, 1, y, t).
static int wants_interactive_backtrace(void) {
    const char *settings = getenv("SWIFT_BACKTRACE");
    if (settings == NULL) return 0;
    for (const char *at = strstr(settings, "interactive"); at != NULL; at = strstr(at + 1, "interactive")) {
        const char *value = at + strlen("interactive");
        while (*value == ' ') value++;
        if (*value != '=') continue;
        value++;
        while (*value == ' ') value++;
        char word[8] = {0};
        size_t length = 0;
        while (value[length] != '\0' && value[length] != ',' && value[length] != ' ' && length < sizeof word - 1) {
            word[length] = (char)tolower((unsigned char)value[length]);
            length++;
        }
        if (!strcmp(word, "yes") || !strcmp(word, "on") || !strcmp(word, "true") || !strcmp(word, "1") ||
            !strcmp(word, "y") || !strcmp(word, "t"))
            return 1;
    }
    return 0;
}

static int is_crash_signal(int signal_number) {
    for (size_t index = 0; index < COUNT(crash_signals); index++) {
        if (crash_signals[index] == signal_number) return 1;
    }
    return 0;
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    int first = !cleaned;
    ts_fatal_cleanup();
    if (first && decline_prompt && is_crash_signal(signal_number) && isatty(STDIN_FILENO)) ts_answer_backtracer_prompt();
    struct sigaction previous = previous_actions[signal_number];
    sigaction(signal_number, &previous, NULL);
    ours[signal_number] = 0;
    // A fault re-executes on return and reaches the previous handler (Swift's backtracer) with its
    // real context and fault address.
    if (ts_fault_refires(signal_number, info)) {
        errno = saved_errno;
        return;
    }
    // Sent by a process or the tty (kill, raise, abort): nothing re-executes, and a handler that
    // returns (the backtracer does, once it has printed) would leave the program running. So the
    // previous handler runs here, then the default action ends the program with this signal.
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction != NULL) previous.sa_sigaction(signal_number, info, context);
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
        previous.sa_handler(signal_number);
    }
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
    sigset_t own;
    sigemptyset(&own);
    sigaddset(&own, signal_number);
    raise(signal_number);
    sigprocmask(SIG_UNBLOCK, &own, NULL);
    // Still here only for a signal whose default is to be ignored, which none of ours is.
    errno = saved_errno;
}

static int is_default(const struct sigaction *action) {
    return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == SIG_DFL;
}

void ts_fatal_install(void) {
    if (installed) return;
    installed = 1;
    decline_prompt = !wants_interactive_backtrace();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    // SA_ONSTACK: a stack overflow is only handled on the alternate stack Swift's runtime set up.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t index = 0; index < COUNT(crash_signals); index++) {
        int number = crash_signals[index];
        if (sigaction(number, &action, &previous_actions[number]) == 0) ours[number] = 1;
    }
    for (size_t index = 0; index < COUNT(ending_signals); index++) {
        int number = ending_signals[index];
        struct sigaction current;
        if (sigaction(number, NULL, &current) != 0 || !is_default(&current)) continue;
        if (sigaction(number, &action, &previous_actions[number]) == 0) ours[number] = 1;
    }
}

int ts_fatal_may_take(int signal_number) {
    if (signal_number <= 0 || signal_number >= NSIG) return 0;
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    if (is_default(&current)) return 1;
    return ours[signal_number] && (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_fatal_signal;
}

void ts_fatal_set_lock(const char *path) {
    ts_fatal_install();
    if (path == NULL || strlen(path) >= sizeof lock_paths[0]) {
        lock_index = -1;
        return;
    }
    int next = lock_index == 0 ? 1 : 0;
    strcpy(lock_paths[next], path);
    __atomic_store_n(&lock_index, next, __ATOMIC_SEQ_CST);
    cleaned = 0;
}

void ts_fatal_clear_lock(const char *path) {
    int index = lock_index;
    if (index < 0) return;
    if (path != NULL && strcmp(lock_paths[index], path) != 0) return;
    __atomic_store_n(&lock_index, -1, __ATOMIC_SEQ_CST);
}

int ts_fatal_hold_modes(int fd) {
    ts_fatal_install();
    struct termios modes;
    if (tcgetattr(fd, &modes) != 0) return -1;
    held_fd = -1;
    held_modes = modes;
    __atomic_store_n(&held_fd, fd, __ATOMIC_SEQ_CST);
    cleaned = 0;
    return 0;
}

void ts_fatal_release_modes(void) { __atomic_store_n(&held_fd, -1, __ATOMIC_SEQ_CST); }

int ts_fault_refires(int signal_number, const siginfo_t *info) {
    if (info == NULL || info->si_code <= 0) return 0;
    switch (signal_number) {
    case SIGILL:
    case SIGSEGV:
    case SIGBUS:
    case SIGFPE:
        return 1;
    case SIGTRAP:
#if defined(__x86_64__) || defined(__i386__)
        return 0; // int3 leaves the instruction pointer past the trap
#else
        return 1;
#endif
    default:
        return 0;
    }
}

void ts_answer_backtracer_prompt(void) {
    int fds[2];
    if (pipe(fds) != 0) return;
    (void)!write(fds[1], "q", 1);
    close(fds[1]);
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
}
