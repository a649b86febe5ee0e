import FormCore
import FormDocument
import FormSchema
import FormSpec
import Foundation
import Testing

@testable import FormEdit

/// Which row a setting gets from its schema beyond its type: secret text, date pickers that
/// write the text their format requires, steppers and sliders for near bounds, read-only
/// labels, a key back to the default, rows that come with their condition, and members the
/// schema forbids.
@Suite struct ConfigRowChoiceTests {
    func builder(_ text: String, schema: DocumentValue) throws -> ConfigFormBuilder {
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "test")
    }

    /// The rows of the form's root page for `answers`, by title.
    func rows(_ builder: ConfigFormBuilder, _ answers: SpecAnswers) -> [String: any FormRow<SpecAnswers>] {
        builder.form().rowsByTitle(for: answers)
    }

    static let kinds: DocumentValue = [
        "type": "object",
        "properties": [
            "token": ["type": "string", "writeOnly": true],
            "password": ["type": "string", "format": "password"],
            "day": ["type": "string", "format": "date"],
            "at": ["type": "string", "format": "date-time"],
            "alarm": ["type": "string", "format": "time"],
            "level": ["type": "integer", "minimum": 1, "maximum": 5],
            "percent": ["type": "integer", "minimum": 0, "maximum": 100],
            "ratio": ["type": "number", "minimum": 0, "maximum": 1],
            "port": ["type": "integer", "minimum": 1, "maximum": 65535],
            "id": ["type": "string", "readOnly": true],
        ],
    ]

    @Test func eachFormatAndBoundGetsItsRow() throws {
        let builder = try builder(
            #"{"day": "2024-02-29", "at": "2024-05-01T09:30:15+09:00", "id": "abc", "token": "s3cret"}"#,
            schema: Self.kinds)
        let answers = builder.initialAnswers()
        let kinds = builder.check.fields.mapValues(\.kind)
        #expect(kinds["/token"] == .secret)
        #expect(kinds["/password"] == .secret)
        #expect(kinds["/day"] == .formattedDate(.date))
        #expect(kinds["/at"] == .formattedDate(.dateTime))
        #expect(kinds["/alarm"] == .formattedDate(.time))
        let rows = rows(builder, answers)
        #expect(rows["token"]?.textInput(in: answers)?.isSecure == true)
        #expect(rows["token"]?.anyContent(in: answers) is TextFieldContent)
        #expect(rows["day"]?.anyContent(in: answers) is PickerValueContent)
        #expect(rows["level"]?.anyContent(in: answers) is StepperContent)
        #expect(rows["percent"]?.anyContent(in: answers) is SliderContent)
        #expect(rows["ratio"]?.anyContent(in: answers) is SliderContent)
        #expect(rows["port"]?.textInput(in: answers) != nil, "a wide range is typed")
        #expect(rows["id (read-only)"]?.isFocusable == false)
    }

    @Test func aPickedDateIsWrittenAsItsFormatRequires() throws {
        let builder = try builder(
            #"{"day": "2024-02-29", "at": "2024-05-01T09:30:15+09:00", "alarm": "07:15:30-05:00"}"#,
            schema: Self.kinds)
        var answers = builder.initialAnswers()
        #expect(try builder.updated(answers).bytes == builder.document.bytes, "opened and saved: the same")
        let day = try #require(answers[date: "/day"])
        answers[date: "/day"] = day.addingTimeInterval(86400)
        let at = try #require(answers[date: "/at"])
        answers[date: "/at"] = at.addingTimeInterval(3600)
        let alarm = try #require(answers[date: "/alarm"])
        answers[date: "/alarm"] = alarm.addingTimeInterval(60)
        let saved = String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
        // The offset the file wrote the date-time in, the time's seconds and offset, stay.
        #expect(
            saved == #"{"day": "2024-03-01", "at": "2024-05-01T10:30:15+09:00", "alarm": "07:16:30-05:00"}"#)
        // A date with a fraction of a second cannot be kept by the wheels: it is typed.
        let fraction = try self.builder(#"{"at": "2024-05-01T09:30:15.25Z"}"#, schema: Self.kinds)
        _ = fraction.initialAnswers()
        #expect(fraction.check.fields["/at"]?.kind == .text(multiline: false))
    }

    @Test func ctrlRSetsAValueBackToItsDefault() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "width": ["type": "integer", "default": 88], "quiet": ["type": "boolean", "default": false],
            ],
        ]
        let builder = try builder(#"{"width": 120}"#, schema: schema)
        var answers = builder.initialAnswers()
        let rows = rows(builder, answers)
        let width = try #require(rows["width"])
        #expect(width.hints(in: answers).map(\.label).contains("Default (88)"))
        #expect(width.perform(.named("reset to default"), on: &answers) == .changed)
        #expect(answers[integer: "/width"] == 88)
        #expect(
            !width.hints(in: answers).map(\.label).contains("Default (88)"),
            "at the default: nothing to reset")
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self) == #"{"width": 88}"#)
        // A setting the file does not have already stands at its default: no key for it.
        let quiet = try #require(rows["quiet"])
        #expect(!quiet.hints(in: answers).contains { $0.label.hasPrefix("Default") })
    }

    @Test func rowsComeAndGoWithTheirCondition() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": ["tls": ["type": "boolean"], "name": ["type": "string"]],
            "if": ["properties": ["tls": ["const": true]], "required": ["tls"]],
            "then": ["properties": ["cert": ["type": "string", "title": "Certificate"]]],
            "else": ["properties": ["plain": ["type": "boolean", "title": "Plain text"]]],
            "dependentSchemas": ["name": ["properties": ["alias": ["type": "string"]]]],
        ]
        let builder = try builder(#"{"tls": false}"#, schema: schema)
        var answers = builder.initialAnswers()
        var titles = Set(rows(builder, answers).keys)
        #expect(titles.contains("Plain text") && !titles.contains("Certificate") && !titles.contains("alias"))
        answers[flag: "/tls"] = true
        answers[text: "/name"] = "web"
        titles = Set(rows(builder, answers).keys)
        #expect(titles.contains("Certificate") && !titles.contains("Plain text") && titles.contains("alias"))
        answers[text: "/cert"] = "a.pem"
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"tls": true, "name": "web", "cert": "a.pem"}"#, "new members in the schema's order")
    }

    /// A member the file does not have goes where the schema orders it among the file's: after
    /// the nearest one named before it, else before the nearest named after it; one the schema
    /// does not name, and an object made on the way, likewise at its own level.
    @Test func newMembersGoWhereTheSchemaOrdersThem() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "name": ["type": "string"], "version": ["type": "string"], "description": ["type": "string"],
                "build": [
                    "type": "object",
                    "properties": ["backend": ["type": "string"], "requires": ["type": "string"]],
                ],
                "license": ["type": "string"],
            ],
        ]
        let builder = try builder(#"{"name": "x", "license": "MIT"}"#, schema: schema)
        let form = builder.form()
        var answers = builder.initialAnswers()
        _ = form.rowsByTitle(for: answers)["build"]?.destination(in: answers)
        // Set in the reverse of the schema's order, and not in pointer order either.
        answers[text: "/version"] = "1.0"
        answers[text: "/description"] = "d"
        answers[text: "/build/requires"] = "r"
        answers[text: "/build/backend"] = "b"
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"name": "x", "version": "1.0", "description": "d", "build": {"backend": "b", "requires": "r"}, "license": "MIT"}"#
        )
        // Where the file's order is not the schema's, the nearest named before it decides.
        let other = try self.builder(#"{"license": "MIT", "name": "x"}"#, schema: schema)
        var more = other.initialAnswers()
        more[text: "/description"] = "d"
        more[text: "/version"] = "1.0"
        #expect(
            String(decoding: try other.updated(more).bytes, as: UTF8.self)
                == #"{"license": "MIT", "name": "x", "version": "1.0", "description": "d"}"#)
    }

    @Test func aRowHiddenByItsConditionWritesNothingAndItsHelpGoesWithIt() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": ["tls": ["type": "boolean"], "port": ["type": "integer"]],
            "if": ["properties": ["tls": ["const": true]], "required": ["tls"]],
            "then": [
                "properties": [
                    "cert": ["type": "string", "title": "Certificate", "description": "A PEM file."]
                ]
            ],
        ]
        let builder = try builder(#"{"tls": false, "port": 80}"#, schema: schema)
        let form = builder.form()
        var answers = builder.initialAnswers()
        let footers = { (answers: SpecAnswers) in form.sections.compactMap { $0.footer(answers) } }
        #expect(!footers(answers).contains("A PEM file."))
        answers[flag: "/tls"] = true
        answers[text: "/cert"] = "a.pem"
        #expect(rows(builder, answers)["Certificate"] != nil)
        #expect(footers(answers).contains("A PEM file."))
        // Typed while the condition held, then the condition goes: the row, its help and its value go.
        answers[flag: "/tls"] = false
        #expect(rows(builder, answers)["Certificate"] == nil)
        #expect(!footers(answers).contains("A PEM file."))
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"tls": false, "port": 80}"#)
        // Back again, it comes back with what was typed.
        answers[flag: "/tls"] = true
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"tls": true, "port": 80, "cert": "a.pem"}"#)
    }

    @Test func aMemberTheFileHasStaysWhateverItsCondition() throws {
        let schema: DocumentValue = [
            "type": "object", "properties": ["tls": ["type": "boolean"]],
            "if": ["properties": ["tls": ["const": true]], "required": ["tls"]],
            "then": ["properties": ["cert": ["type": "string", "title": "Certificate"]]],
        ]
        let builder = try builder(#"{"tls": true, "cert": "a.pem"}"#, schema: schema)
        var answers = builder.initialAnswers()
        answers[flag: "/tls"] = false
        answers[text: "/cert"] = "b.pem"
        #expect(rows(builder, answers)["Certificate"] != nil)
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"tls": false, "cert": "b.pem"}"#)
    }

    @Test func membersTheSchemaForbidsAreFlagged() throws {
        let schema: DocumentValue = [
            "type": "object", "properties": ["name": ["type": "string"]], "additionalProperties": false,
        ]
        let builder = try builder(#"{"name": "x", "stray": 1}"#, schema: schema)
        let answers = builder.initialAnswers()
        let headers = builder.form().sections.compactMap { $0.header(answers) }
        #expect(headers.contains("Not allowed by the schema"), "\(headers)")
        #expect(builder.check.errorsAtTop(in: answers).count == 1, "the file's own error, at the top")
    }

    @Test func aOneOfIsAChooserThatKeepsTheMatchingBranchAndWritesAnothersLeastValue() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "cache": [
                    "title": "Cache",
                    "oneOf": [
                        ["type": "boolean"], ["type": "string", "title": "folder"],
                        ["type": "integer", "minimum": 5],
                    ],
                ]
            ],
        ]
        let builder = try builder(#"{"cache": true}"#, schema: schema)
        var answers = builder.initialAnswers()
        let chooser = "/cache" + ConfigField.branchMark + "variant"
        #expect(answers[text: chooser] == "boolean")
        var titles = Set(rows(builder, answers).keys)
        #expect(titles.isSuperset(of: ["Cache", "  boolean"]) && !titles.contains("  folder"), "\(titles)")
        answers[text: chooser] = "integer"
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self) == #"{"cache": 5}"#)
        answers[text: chooser] = "folder"
        titles = Set(rows(builder, answers).keys)
        #expect(titles.contains("  folder") && !titles.contains("  boolean"))
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self) == #"{"cache": ""}"#)
        answers[text: "/cache" + ConfigField.branchMark + "1"] = "/tmp"
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self) == #"{"cache": "/tmp"}"#)
        answers[text: chooser] = "boolean"
        #expect(try builder.updated(answers).bytes == builder.document.bytes, "back to the file's branch")
    }

    @Test func anObjectChosenOpensThePageOfItsMembersAtOnce() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "target": [
                    "oneOf": [
                        ["type": "string"],
                        [
                            "type": "object",
                            "properties": [
                                "host": ["type": "string"], "tls": ["type": "boolean", "default": true],
                            ],
                        ],
                    ]
                ]
            ],
        ]
        let builder = try builder(#"{"target": "x"}"#, schema: schema)
        var answers = builder.initialAnswers()
        let chooser = "/target" + ConfigField.branchMark + "variant"
        #expect(answers[text: chooser] == "string")
        answers[text: chooser] = "object"
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self) == #"{"target": {}}"#)
        let object = try #require(rows(builder, answers)["  object"])
        let page = try #require(object.destination(in: answers), "the chosen object opens its page")
        let inner = page.rowsByTitle(for: answers)
        #expect(inner["host"] != nil, "\(inner.keys)")
        #expect(inner["tls"]?.anyContent(in: answers).rowText.value == "On", "its default shown")
        answers[text: "/target/host"] = "example.org"
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == #"{"target": {"host": "example.org"}}"#)
        // Chosen back: the page's edits go with its branch.
        answers[text: chooser] = "string"
        #expect(try builder.updated(answers).bytes == builder.document.bytes)
    }
}

/// A map's keys as a list: added with the value its schema takes least, renamed with their
/// value, deleted with it.
@Suite struct ConfigMapKeysTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "name": ["type": "string"],
            "env": ["type": "object", "additionalProperties": ["type": "string"]],
        ],
    ]

    func builder(_ text: String) throws -> ConfigFormBuilder {
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(document: document, schema: try JSONSchema(Self.schema), title: "test")
    }

    func saved(_ builder: ConfigFormBuilder, _ answers: SpecAnswers) throws -> String {
        String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
    }

    @Test func keysAreAddedRenamedAndDeleted() throws {
        let text = #"{"name": "x", "env": {"HOME": "/root", "PATH": "/bin"}}"#
        let builder = try builder(text)
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/env"])
        #expect(answers[keysOf: keys].map(\.name) == ["HOME", "PATH"])
        #expect(try saved(builder, answers) == text, "nothing changed: the same bytes")
        // Renamed, its value (and the edit of it) goes along.
        answers[text: "/env/HOME"] = "/home/me"
        answers[keyOf: keys, 0] = "USERHOME"
        #expect(
            try saved(builder, answers) == #"{"name": "x", "env": {"USERHOME": "/home/me", "PATH": "/bin"}}"#)
        // Added: the least value its schema takes; a blank name is not written yet.
        answers[keysOf: keys].append(MapKey(name: "", origin: ""))
        #expect(
            try saved(builder, answers) == #"{"name": "x", "env": {"USERHOME": "/home/me", "PATH": "/bin"}}"#)
        answers[keyOf: keys, 2] = "LANG"
        #expect(
            try saved(builder, answers)
                == #"{"name": "x", "env": {"USERHOME": "/home/me", "PATH": "/bin", "LANG": ""}}"#)
        // Deleted: its row goes too.
        answers[keysOf: keys].remove(at: 1)
        #expect(builder.check.isRemoved("/env/PATH", in: answers))
        #expect(try saved(builder, answers) == #"{"name": "x", "env": {"USERHOME": "/home/me", "LANG": ""}}"#)
        // A name given twice is said on the list.
        answers[keyOf: keys, 1] = "USERHOME"
        #expect(builder.check.message(for: keys.keysID, in: answers) == "Two keys are named USERHOME.")
    }

    @Test func anAddedKeysValueRowIsThereAtOnce() throws {
        let text = #"{"name": "x", "env": {"HOME": "/root"}}"#
        let builder = try builder(text)
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/env"])
        let form = builder.form()
        func titles() -> [String] {
            let layout = form.layout(for: answers)
            return (0..<layout.count).compactMap { layout.row(onLine: $0)?.row.title }
        }
        #expect(!titles().contains("LANG"))
        answers[keysOf: keys].append(MapKey(name: "LANG", origin: ""))
        #expect(titles().contains("LANG"), "\(titles())")
        // Typed in its row, the value is the added key's.
        let layout = form.layout(for: answers)
        let row = try #require(
            (0..<layout.count).compactMap { layout.row(onLine: $0)?.row }.first { $0.title == "LANG" })
        let input = try #require(row.textInput(in: answers))
        #expect(input.text == "")
        answers[text: "/env/LANG"] = "C.UTF-8"
        #expect(try saved(builder, answers) == #"{"name": "x", "env": {"HOME": "/root", "LANG": "C.UTF-8"}}"#)
        // Renamed before it was saved: the old name's row goes, what was typed in it stays.
        answers[keyOf: keys, 1] = "LC_ALL"
        #expect(!titles().contains("LANG") && titles().contains("LC_ALL"))
        #expect(
            try saved(builder, answers) == #"{"name": "x", "env": {"HOME": "/root", "LC_ALL": "C.UTF-8"}}"#)
    }

    /// Renamed as a person types, a letter at a time and through a blank name, an added key
    /// keeps what was typed in its row; saved with no frame drawn between (its new name's rows
    /// are made for the save).
    @Test func anAddedKeyRenamedByTypingKeepsItsValue() throws {
        let text = #"{"name": "x", "env": {"HOME": "/root"}}"#
        let builder = try builder(text)
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/env"])
        answers[keysOf: keys].append(MapKey(name: "", origin: ""))
        for name in ["L", "LA", "LAN", "LANG"] { answers[keyOf: keys, 1] = name }
        answers[text: "/env/LANG"] = "C.UTF-8"
        for name in ["LAN", "LA", "L", "", "H", "HO", "HOM", "HOME", "HOMER"] {
            answers[keyOf: keys, 1] = name
        }
        #expect(
            try saved(builder, answers) == #"{"name": "x", "env": {"HOME": "/root", "HOMER": "C.UTF-8"}}"#)
        // On the way, "HOME" was the file's key: two keys named alike, the value waiting.
        answers[keyOf: keys, 1] = "HOME"
        #expect(builder.check.message(for: keys.keysID, in: answers) == "Two keys are named HOME.")
        answers[keyOf: keys, 1] = "LANG"
        #expect(try saved(builder, answers) == #"{"name": "x", "env": {"HOME": "/root", "LANG": "C.UTF-8"}}"#)
        // Deleted, its value goes with it: a key added under its name later starts anew.
        answers[keysOf: keys].remove(at: 1)
        answers[keysOf: keys].append(MapKey(name: "", origin: ""))
        answers[keyOf: keys, 1] = "LANG"
        #expect(try saved(builder, answers) == #"{"name": "x", "env": {"HOME": "/root", "LANG": ""}}"#)
    }

    /// Two added keys that swap names each keep their own value, though each name was the
    /// other's on the way.
    @Test func addedKeysThatSwapNamesKeepTheirValues() throws {
        let builder = try builder(#"{"env": {}}"#)
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/env"])
        answers[keysOf: keys] = [MapKey(name: "", origin: ""), MapKey(name: "", origin: "")]
        answers[keyOf: keys, 0] = "a"
        answers[keyOf: keys, 1] = "b"
        answers[text: "/env/a"] = "first"
        answers[text: "/env/b"] = "second"
        answers[keyOf: keys, 0] = "b"
        #expect(builder.check.message(for: keys.keysID, in: answers) == "Two keys are named b.")
        answers[keyOf: keys, 1] = "a"
        #expect(try saved(builder, answers) == #"{"env": {"b": "first", "a": "second"}}"#)
        #expect(
            answers[text: "/env/b"] == "first" && answers[text: "/env/a"] == "second", "rows show their own")
    }

    /// An added key whose value is an object: what was typed on its page goes with the key.
    @Test func anAddedObjectKeyRenamedKeepsItsPage() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "services": [
                    "type": "object",
                    "additionalProperties": ["type": "object", "properties": ["host": ["type": "string"]]],
                ]
            ],
        ]
        let document = try Document(
            reading: Array(#"{"services": {}}"#.utf8), format: .json, engine: JSONFormat())
        let builder = ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "test")
        let form = builder.form()
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/services"])
        answers[keysOf: keys].append(MapKey(name: "web", origin: ""))
        let web = try #require(form.rowsByTitle(for: answers)["web"]?.destination(in: answers))
        #expect(web.rowsByTitle(for: answers)["host"] != nil)
        answers[text: "/services/web/host"] = "example.org"
        answers[keyOf: keys, 0] = "www"
        #expect(
            try saved(builder, answers) == #"{"services": {"www": {"host": "example.org"}}}"#)
    }
}
