/// The running program as its user started it: `formtui`, or a program of theirs that runs a
/// form with `Form.run`. Messages name it, so that they say what to run or what holds a file.
package enum RunningProgram {
    /// The file name it was started by (no folder); nil when the system gave none.
    package static var name: String? {
        CommandLine.arguments.first?.split(separator: "/").last.map(String.init)
    }
}
