#if canImport(Glibc)
    import Glibc
#endif

/// What ended a run in the terminal, told apart where the terminal itself cannot say.
package enum HangUp {
    /// A closed terminal ends the input before or instead of its SIGHUP: the status is 129 all
    /// the same (128 + SIGHUP), whichever came first. The draft was written as the app stopped.
    package static func status(after status: Int32, app: App) -> Int32 {
        guard status < 128, app.exitStatus == nil else { return status }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return status }
        let hungUp = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        return descriptor.revents & hungUp != 0 ? 128 + SIGHUP : status
    }
}
