// One import for a form author: the model (`Form`, rows, `StateStore`), the screens and the
// headless tester, the real terminal, and JSON state files with their draft journal. The split
// products stay, for a program that wants less (no ncursesw, say).
@_exported import FormCore
@_exported import FormPersistence
@_exported import FormTerminal
@_exported import FormUI
