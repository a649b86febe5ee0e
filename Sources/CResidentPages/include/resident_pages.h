#ifndef FORMTUI_RESIDENT_PAGES_H
#define FORMTUI_RESIDENT_PAGES_H

/// Splits the binary's mappings where the table Build/resident-pages.py wrote says (see
/// resident_pages.c); does nothing in a binary without one. The first thing `formtui`'s main
/// does, not earlier: the Swift runtime's start reads /proc/self/maps line by line to find argv,
/// and each mapping more is a line more to parse.
///
///     formtui_split_cold_pages()  // from Swift, first in main
void formtui_split_cold_pages(void);

#endif
