#if canImport(Glibc)
    import Glibc
#endif

/// What another program prints, for a short question to a tool on the machine (tmux's options):
/// its standard output, its input and errors sent to `/dev/null`.
///
/// ```swift
/// let value = ProgramOutput.of(["tmux", "show-options", "-Apv", "allow-passthrough"])  // "off\n"
/// ```
enum ProgramOutput {
    /// The output of `arguments` (the program found on `PATH`), or nil when it cannot be started,
    /// fails, or says nothing within `timeout` (it is then stopped: a start never waits on it).
    static func of(_ arguments: [String], timeout: Duration = .milliseconds(200)) -> String? {
        guard !arguments.isEmpty else { return nil }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        defer { close(pipeEnds[0]) }
        // Neither end is left open in the program (its output goes to a copy of the write end).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let arguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        guard let program = arguments[0] else { return nil }
        let started = posix_spawnp(&pid, program, &actions, nil, arguments, environ)
        close(pipeEnds[1])
        guard started == 0 else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var ended = false
        while output.count < 4096 {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left.components.attoseconds / 1_000_000_000_000_000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                break
            }
            output += buffer[0..<count]
        }
        if !ended { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited with 0: WIFEXITED and WEXITSTATUS, which the module does not import.
        guard ended, status & 0xFFFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
