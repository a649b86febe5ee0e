#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads what is piped in (`formtui form -`, `--script -`); the form is then drawn on /dev/tty.
enum StandardInput {
    /// Everything on standard input up to its end, or nil when it cannot be read.
    static func readAll() -> Data? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return Data(bytes) }
            bytes += buffer[0..<count]
        }
    }

    /// The file at `path`, or standard input for `-`.
    static func contents(of path: String) -> Data? {
        path == "-" ? readAll() : FileManager.default.contents(atPath: path)
    }
}
