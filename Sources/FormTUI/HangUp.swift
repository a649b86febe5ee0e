#if canImport(Glibc)
    import Glibc
#endif

/// What ended a run in the terminal, told apart where the terminal itself cannot say.
package enum HangUp {
    /// A closed terminal ends the input before or instead of its SIGHUP: the status is 129 all
    /// the same (128 + SIGHUP), whichever came first. The draft was written as the app stopped.
    package static func status(after status: Int32, app: App) -> Int32 {
        guard status < 128, app.exitStatus == nil else { return status }
        return hasHungUp(STDIN_FILENO) ? 128 + SIGHUP : status
    }

    /// The line mode's status: 129 when its answers ended because the terminal they came from
    /// (`descriptor`, a terminal at the start: `fromTerminal`) closed, else the session's.
    package static func status(
        afterLines status: Int32, inputEnded: Bool, fromTerminal: Bool, descriptor: Int32
    ) -> Int32 {
        guard status != 0, inputEnded, fromTerminal, hasHungUp(descriptor) else { return status }
        return 128 + SIGHUP
    }

    /// Whether `descriptor`, a terminal, was closed (hung up): its input ended that way, not
    /// with Ctrl-D.
    package static func hasHungUp(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watched, 1, 0) >= 0 else { return false }
        let hungUp = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        return watched.revents & hungUp != 0
    }
}
