#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names the seeds being played when the process traps.
///
/// A trap in the code under test ends the whole test process before the property checker can
/// report its input, so each running session writes its rerun line into a slot first; a handler
/// for the fatal signals writes every filled slot to stderr and then hands the signal on to the
/// handler that was there before (the runtime's backtracer, or the default), so the crash itself
/// is reported as usual. Tests run in parallel, so there is one slot per demo.
enum TrapReport {
    static let slotCount = 8
    static let slotBytes = 512

    /// Fills `slot` with `line` until `clear(slot)`; installs the handler on first use.
    static func set(_ slot: Int, _ line: String) {
        installOnce()
        let base = buffer + slot * slotBytes
        let bytes = Array(line.utf8.prefix(slotBytes - 2)) + [UInt8(ascii: "\n")]
        // Length zero while the text changes, so a crash meanwhile prints nothing half-written.
        lengths[slot] = 0
        for (offset, byte) in bytes.enumerated() { base[offset] = byte }
        lengths[slot] = bytes.count
    }

    static func clear(_ slot: Int) {
        lengths[slot] = 0
    }

    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(
        capacity: slotCount * slotBytes)
    nonisolated(unsafe) private static let lengths: UnsafeMutablePointer<Int> = {
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
        lengths.initialize(repeating: 0, count: slotCount)
        return lengths
    }()
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)

    private static let installed: Void = {
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handle
            #else
                action.__sigaction_u.__sa_handler = handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
    }()

    private static func installOnce() { _ = installed }

    /// Only async-signal-safe calls: write(2) and sigaction(2).
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let header: StaticString =
            "\nGenerated key test trapped while playing (rerun one with its FORMTUI_FUZZ_SEED):\n"
        _ = write(2, header.utf8Start, header.utf8CodeUnitCount)
        for slot in 0..<TrapReport.slotCount where TrapReport.lengths[slot] > 0 {
            _ = write(2, TrapReport.buffer + slot * TrapReport.slotBytes, TrapReport.lengths[slot])
        }
        // Back to the handler from before; returning re-runs the trapping instruction (or, for a
        // raised signal, delivers it again once unblocked), which now reaches that handler.
        sigaction(signal, TrapReport.previous + Int(signal), nil)
        if signal == SIGABRT { raise(signal) }
    }
}
