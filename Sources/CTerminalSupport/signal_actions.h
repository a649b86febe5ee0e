#ifndef FORMTUI_SIGNAL_ACTIONS_H
#define FORMTUI_SIGNAL_ACTIONS_H

// What the two signal nets (fatal_signals.c and terminal_support.c's session handlers) both do
// when a crash signal arrives: kept here once, so that they cannot come to disagree. Internal to
// this module (not under include/). Both are async-signal-safe.

#include <signal.h>

/// Whether returning from the handler re-executes an instruction that raises the signal again: true
/// for a hardware fault, false for a signal sent by a process (kill, raise, abort) or the tty.
int ts_fault_refires(int signal_number, const siginfo_t *info);

/// Answers the "Press space to interact, D to debug, or any other key to quit (30s)" prompt that
/// Swift's backtracer shows when stdin and stdout were terminals at launch: a pipe holding one
/// "q" becomes stdin, so the backtrace is printed and the process ends at once.
void ts_answer_backtracer_prompt(void);

#endif
