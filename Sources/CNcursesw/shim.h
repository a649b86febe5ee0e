#ifndef FORMTUI_CNCURSESW_SHIM_H
#define FORMTUI_CNCURSESW_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which hides the wide-character API (cchar_t,
// setcchar, mvwadd_wch); this brings it back without touching the rest of the C library.
#define NCURSES_WIDECHAR 1

#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stddef.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

// glibc declares this only under _XOPEN_SOURCE, which SwiftPM does not pass.
extern int wcwidth(wchar_t c);

// Only stateless wrappers belong here: a header's static state would be copied into every Swift
// module that imports it. Anything that keeps state lives in CTerminalSupport.

// Reading these globals from Swift 6 is a hard error (they are not concurrency-safe), so they are
// read through functions.
static inline WINDOW *formtui_stdscr(void) { return stdscr; }
static inline int formtui_color_pairs(void) { return COLOR_PAIRS; }

// glibc's stdin/stdout are globals too; ncurses wants the FILE pointers.
static inline SCREEN *formtui_newterm(const char *term) { return newterm(term, stdout, stdin); }
static inline FILE *formtui_stdout(void) { return stdout; }

// Attribute macros are expressions Swift cannot import.
static inline attr_t formtui_a_normal(void) { return A_NORMAL; }
static inline attr_t formtui_a_bold(void) { return A_BOLD; }
static inline attr_t formtui_a_dim(void) { return A_DIM; }
static inline attr_t formtui_a_reverse(void) { return A_REVERSE; }
static inline attr_t formtui_a_underline(void) { return A_UNDERLINE; }
static inline attr_t formtui_color_pair(int pair) { return COLOR_PAIR(pair); }

// Whether the text form of the locale's character set is UTF-8 (nl_langinfo needs no state of ours).
static inline const char *formtui_codeset(void) { return nl_langinfo(CODESET); }

#endif
