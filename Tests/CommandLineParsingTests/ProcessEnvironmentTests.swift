import FormTerminal
import Foundation
import Testing

/// The variables read one by one at start are what the whole environment holds.
struct ProcessEnvironmentTests {
    @Test func readsTheVariablesThatAreSetAndOnlyThose() {
        let name = "FORMTUI_TEST_\(getpid())"
        setenv(name, "a=b c", 1)
        defer { unsetenv(name) }
        let found = ProcessEnvironment.values([name, "FORMTUI_TEST_NEVER_SET", "PATH"])
        #expect(found[name] == "a=b c")
        #expect(found["FORMTUI_TEST_NEVER_SET"] == nil)
        #expect(found["PATH"] == ProcessInfo.processInfo.environment["PATH"])
        #expect(found.count == (ProcessInfo.processInfo.environment["PATH"] == nil ? 1 : 2))
    }
}
