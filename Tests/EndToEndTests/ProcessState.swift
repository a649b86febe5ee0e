import Foundation

/// What Linux's /proc says about a process the tests started (through tmux).
enum ProcessState {
    /// The children of `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let text = read("/proc/\(pid)/task/\(pid)/children")
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// The first descendant of `pid` whose command line contains `name`, looking `depth` levels down.
    static func descendant(of pid: Int32, named name: String, depth: Int = 3) -> Int32? {
        var level = [pid]
        for _ in 0..<depth {
            level = level.flatMap { children(of: $0) }
            if let match = level.first(where: { commandLine($0).contains(name) }) { return match }
        }
        return nil
    }

    static func commandLine(_ pid: Int32) -> String {
        read("/proc/\(pid)/cmdline").replacingOccurrences(of: "\0", with: " ")
    }

    /// The state letter of /proc/PID/stat: R running, S sleeping, T stopped, Z zombie…; nil when
    /// the process is gone.
    static func state(_ pid: Int32) -> Character? {
        let stat = read("/proc/\(pid)/stat")
        // The command name in parentheses may hold spaces: the state follows the last ")".
        guard let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].first(where: { $0 != " " })
    }

    /// Bytes the process has read and written so far (rchar and wchar of /proc/PID/io).
    static func io(_ pid: Int32) -> (read: Int, written: Int)? {
        let values = fields(read("/proc/\(pid)/io"))
        guard let read = values["rchar"], let written = values["wchar"] else { return nil }
        return (read, written)
    }

    /// The read and write system calls the process has made so far (syscr and syscw of
    /// /proc/PID/io).
    static func systemCalls(_ pid: Int32) -> (reads: Int, writes: Int)? {
        let values = fields(read("/proc/\(pid)/io"))
        guard let reads = values["syscr"], let writes = values["syscw"] else { return nil }
        return (reads, writes)
    }

    /// How many times the process's main thread has gone to sleep and been woken since it started
    /// (voluntary_ctxt_switches of /proc/PID/status).
    static func wakeUps(_ pid: Int32) -> Int? {
        fields(read("/proc/\(pid)/status"))["voluntary_ctxt_switches"]
    }

    /// `name: number` lines as a dictionary.
    private static func fields(_ text: String) -> [String: Int] {
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Int(parts[1]) { values[parts[0]] = value }
        }
        return values
    }

    /// The descriptor the process is blocked writing to (from /proc/PID/syscall), or nil when it
    /// is not in write(2).
    static func blockedWrite(_ pid: Int32) -> Int32? {
        #if arch(x86_64)
            let write = 1
        #else
            let write = 64  // aarch64 and the other generic-syscall architectures
        #endif
        let fields = read("/proc/\(pid)/syscall").split(separator: " ")
        guard fields.count > 1, Int(fields[0]) == write else { return nil }
        return Int32(fields[1].dropFirst(2), radix: 16)
    }

    /// What descriptor `fd` of the process is open on (the target of /proc/PID/fd/FD), or nil.
    static func openFile(_ pid: Int32, descriptor fd: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
