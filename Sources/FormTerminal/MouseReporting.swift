/// The sequences that turn the terminal's mouse reporting on and off: button presses and the
/// wheel (1000), reported in the SGR form (1006, any column, releases told apart) that
/// `ByteKeyDecoder` reads. Off whenever the shell has the terminal: on exit, on a stop signal, on
/// a crash (the safety net in CTerminalSupport writes it) and during Ctrl-Z. Terminals keep
/// Shift-drag for selecting text while it is on.
enum MouseReporting {
    static let on = "\u{1B}[?1000h\u{1B}[?1006h"
    static let off = "\u{1B}[?1006l\u{1B}[?1000l"
}
