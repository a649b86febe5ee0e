import Foundation
import Testing

@testable import FormPersistence

private struct Ratio: Codable, Equatable {
    var name: String
    var ratio: Double
}

private struct Count: Codable, Equatable {
    var count: Int
}

private struct Nested: Codable, Equatable {
    var items: [Ratio]
}

/// The reason a load of `stored` as `State` failed with.
private func loadError<State: Codable>(_ type: State.Type, _ stored: String) throws -> String? {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let path = temporary.path + "/state.json"
    try write(Array(stored.utf8), to: path)
    let error = stateFileError { _ = try JSONStateFile<State>(path: path).load() }
    guard case .corrupt(_, let reason)? = error else {
        Issue.record("expected .corrupt, got \(String(describing: error))")
        return nil
    }
    #expect(try bytes(at: path) == Array(stored.utf8))
    return reason
}

@Suite("A number the program cannot hold is reported where it is, in plain words")
struct NumberErrorTests {
    @Test("A number beyond a Double's range in a known member: line, column, the number, why")
    func tooLarge() throws {
        let reason = try loadError(Ratio.self, "{\n  \"name\": \"a\",\n  \"ratio\": 1e400\n}\n")
        #expect(reason == "line 3, column 12: the number 1e400 is too large (at most about 1.8e308)")
    }

    @Test("Too close to zero, too large for a whole number, nested in a list")
    func otherNumbers() throws {
        #expect(
            try loadError(Ratio.self, #"{"name": "a", "ratio": -1e-400}"#)
                == "line 1, column 24: the number -1e-400 is too close to zero to be kept")
        #expect(
            try loadError(Count.self, #"{"count": 12345678901234567890123}"#)
                == "line 1, column 11: the number 12345678901234567890123 is too large for this setting")
        #expect(
            try loadError(Count.self, #"{"count": 1.5}"#)
                == "line 1, column 11: the number 1.5 does not fit this setting (it takes whole numbers)")
        #expect(
            try loadError(
                Nested.self, #"{"items": [{"name": "a", "ratio": 1}, {"name": "b", "ratio": 2e999}]}"#)
                == "line 1, column 62: the number 2e999 is too large (at most about 1.8e308)")
    }

    @Test("A number the decoder takes but JSON does not allow is a syntax error at its place")
    func malformedNumbers() throws {
        #expect(
            try loadError(Count.self, #"{"count": 01}"#)
                == "line 1, column 11: a number cannot start with 0 unless it is 0 (write 5 or 0.5)")
        #expect(
            try loadError(Count.self, #"{"count": 1.}"#)
                == "line 1, column 12: a digit was expected after the decimal point (write 1.0, not 1.)")
        #expect(
            try loadError(Count.self, #"{"count": -}"#)
                == "line 1, column 11: a digit was expected after this minus sign"
        )
    }
}
