import FormCore
import FormDocument
import FormSchema
import FormSpec
import FormTUI
import Foundation
import Testing

@testable import FormEdit

/// Pages are made as they open, so a large file or schema opens at the cost of its first page:
/// the work is counted (pages made, fields made), not timed. What a page not made yet holds is
/// still found when it is needed: an answer from a draft, a map's keys, the page an error at
/// the top opens, a row Ctrl-G finds by its key path.
@Suite struct ConfigLazyPagesTests {
    /// `count` objects at the top, each with a number and an object holding a number and an
    /// object: `{"s0": {"y": 0, "inner": {"z": 0, "deep": {"x": 0}}}, …}`.
    static func nested(_ count: Int) -> String {
        "{"
            + (0..<count).map {
                "\"s\($0)\": {\"y\": \($0), \"inner\": {\"z\": \($0), \"deep\": {\"x\": \($0)}}}"
            }
            .joined(separator: ", ") + "}\n"
    }

    func builder(_ text: String, schema: DocumentValue? = nil) throws -> ConfigFormBuilder {
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(
            document: document, schema: try schema.map { try JSONSchema($0) }, title: "test")
    }

    /// Every line of the form laid out and every row's content read, as a first frame and a
    /// scroll to the end would; the count of lines that are rows.
    @discardableResult
    func drawAll(_ form: Form<SpecAnswers>, _ answers: SpecAnswers) -> Int {
        let layout = form.layout(for: answers)
        var rows = 0
        for line in 0..<layout.count {
            guard let row = layout.row(onLine: line)?.row else { continue }
            _ = row.anyContent(in: answers)
            rows += 1
        }
        return rows
    }

    @Test func aFileOfManyNestedObjectsMakesOnlyItsFirstPage() throws {
        let builder = try builder(Self.nested(200))
        let form = builder.form()
        let answers = builder.initialAnswers()
        drawAll(form, answers)
        #expect(builder.pagesMade == 1)
        // The first page's fields: each top object's own number (the object is a section there).
        #expect(builder.check.fields.count == 200)
        #expect(builder.check.fields.keys.allSatisfy { $0.split(separator: "/").count == 2 })
        // Opening one object's page makes that page, and its rows, alone.
        let inner = try #require(form.rowsByTitle(for: answers)["inner"]?.destination(in: answers))
        #expect(builder.pagesMade == 2)
        #expect(builder.check.fields.count == 201)
        #expect(inner.rowsByTitle(for: answers)["z"]?.anyContent(in: answers).rowText.value == "199")
        // Every page, for a tool that asks every field: both objects below each top one.
        builder.makeEveryPage()
        #expect(builder.pagesMade == 2 + 400)
        #expect(builder.check.fields.count == 600)
    }

    /// Renovate's managers are each `"$ref": "#"`: a member whose schema is the root's again
    /// opens a page (titled by its key, not the root's title), not a section of every setting.
    @Test func aMemberWhoseSchemaIsTheRootsAgainIsAPage() throws {
        var properties: [(String, DocumentValue)] = [("name", ["type": "string"])]
        for index in 0..<30 {
            properties.append(("m\(index)", ["$ref": "#", "description": .string("Manager \(index)")]))
        }
        let schema: DocumentValue = [
            "title": "The whole file", "type": "object",
            "properties": .object(.init(uniqueKeysWithValues: properties)),
        ]
        let builder = try builder("{}\n", schema: schema)
        let form = builder.form()
        let answers = builder.initialAnswers()
        // A row a member: 31, not the 30 sections of 31 rows each it was.
        #expect(drawAll(form, answers) == 31)
        let rows = form.rowsByTitle(for: answers)
        #expect(Set(rows.keys) == Set(["name"] + (0..<30).map { "m\($0)" }))
        #expect(builder.pagesMade == 1)
        let page = try #require(rows["m3"]?.destination(in: answers))
        #expect(Set(page.rowsByTitle(for: answers).keys) == Set(rows.keys))
        #expect(builder.pagesMade == 2)
    }

    /// A draft's answer inside a page not opened (the journal after a crash) is saved: the page
    /// that asks it is made when the answers are read back.
    @Test func anAnswerForAPageNotMadeYetIsSaved() throws {
        let text = Self.nested(20)
        let builder = try builder(text)
        var answers = builder.initialAnswers()
        #expect(builder.check.fields["/s7/inner/deep/x"] == nil)
        answers[answer: "/s7/inner/deep/x"] = .integer(70)
        let saved = try builder.updated(answers)
        #expect(
            String(decoding: saved.bytes, as: UTF8.self)
                == text.replacingOccurrences(of: #""deep": {"x": 7}"#, with: #""deep": {"x": 70}"#))
    }

    /// A map on a page opened later lists the file's keys (the first answers have none of it),
    /// and a key renamed there takes its value along.
    @Test func aMapOnAPageOpenedLaterHoldsTheFilesKeys() throws {
        let schema: DocumentValue = [
            "properties": [
                "a": [
                    "type": "object",
                    "properties": [
                        "b": [
                            "type": "object",
                            "properties": [
                                "env": ["type": "object", "additionalProperties": ["type": "string"]]
                            ],
                        ]
                    ],
                ]
            ]
        ]
        let text = #"{"a": {"b": {"env": {"HOME": "/root", "PATH": "/bin"}}}}"# + "\n"
        let builder = try builder(text, schema: schema)
        let form = builder.form()
        var answers = builder.initialAnswers()
        let b = try #require(form.rowsByTitle(for: answers)["b"]?.destination(in: answers))
        let env = try #require(b.rowsByTitle(for: answers)["env"]?.destination(in: answers))
        let keys = env.rowsByTitle(for: answers)
        #expect(keys["1."]?.anyContent(in: answers).rowText.value == "HOME")
        #expect(keys["2."]?.anyContent(in: answers).rowText.value == "PATH")
        #expect(try builder.updated(answers).bytes == Array(text.utf8))
        let map = try #require(builder.check.maps["/a/b/env"])
        answers[keyOf: map, 0] = "USERHOME"
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
                == text.replacingOccurrences(of: "HOME", with: "USERHOME"))
    }

    /// An error of the file at the top opens the deepest page that holds it, made for it.
    @Test func anErrorAtTheTopOpensTheDeepestPageThatHoldsIt() throws {
        let schema: DocumentValue = [
            "properties": [
                "a": ["properties": ["b": ["properties": ["c": ["type": "object", "required": ["x"]]]]]]
            ]
        ]
        let builder = try builder(#"{"a": {"b": {"c": {"y": 1}}}}"#, schema: schema)
        _ = builder.form()
        let answers = builder.initialAnswers()
        let error = try #require(builder.check.errorsAtTop(in: answers).first)
        #expect(error.instanceLocation.pointer == "/a/b/c")
        #expect(builder.check.page(containing: error.instanceLocation)?.pointer == "/a/b/c")
    }

    /// Ctrl-G finds a row by its key path on a page two levels down that was never opened.
    @Test func ctrlGFindsAKeyPathOnAPageNotOpened() throws {
        let folder = NSTemporaryDirectory() + "formtui-lazy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nested.json"
        let text = #"{"a": {"b": {"c": {"port": 80, "host": "h"}}}, "name": "x"}"# + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try Form.edit(
            file: path,
            options: FormRunOptions(
                keepsDrafts: false,
                display: .headless(script: "ctrl-g \"a.b.c.port\" enter ctrl-u \"81\" ctrl-s ctrl-s ctrl-s")))
        #expect(
            (try? String(contentsOfFile: path, encoding: .utf8))
                == text.replacingOccurrences(of: "80", with: "81"))
    }
}
