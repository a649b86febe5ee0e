import CTerminalSupport

/// Ctrl-Z. The signal handler only notes it; the suspension itself (endwin, stop, repaint) happens
/// here, between two curses calls, where it cannot tear a frame or the terminal state in half.
enum JobControl {
    /// Suspends the process if Ctrl-Z was pressed since the last look, and returns once the shell
    /// has continued it, with the screen taken back and repainted.
    static func suspendIfRequested() {
        if ts_take_suspend_request() != 0 { ts_suspend() }
    }
}
