#define _GNU_SOURCE

#include "fatal_signals.h"

#include <errno.h>
#include <signal.h>
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

/// As in terminal_support.c: whether returning re-executes the faulting instruction.
static int fault_refires(int signal_number, const siginfo_t *info) {
    if (info == NULL || info->si_code <= 0) return 0;
    switch (signal_number) {
    case SIGILL:
    case SIGSEGV:
    case SIGBUS:
    case SIGFPE:
        return 1;
    case SIGTRAP:
#if defined(__x86_64__) || defined(__i386__)
        return 0;
#else
        return 1;
#endif
    default:
        return 0;
    }
}

static void on_fatal_signal(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    ts_fatal_cleanup();
    // Hand the signal on: a fault re-executes on return and reaches the previous handler with its
    // real context; any other signal is sent again, and acts once this handler returns.
    sigaction(signal_number, &previous_actions[signal_number], NULL);
    ours[signal_number] = 0;
    if (!fault_refires(signal_number, info)) raise(signal_number);
    errno = saved_errno;
}

static int is_default(const struct sigaction *action) {
    return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == SIG_DFL;
}

void ts_fatal_install(void) {
    if (installed) return;
    installed = 1;
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
