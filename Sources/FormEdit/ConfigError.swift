/// Why a configuration file or its schema could not be opened, checked or saved, said for a
/// person: the file and, for a text that does not read, its line and column.
///
/// ```swift
/// catch let error as ConfigError { print("formtui: \(error)") }
/// // formtui: settings.json:4:12: a comma or } was expected after this member
/// ```
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
