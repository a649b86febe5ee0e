import FormDocument
import Testing

/// Reads `text` as YAML, or fails the test with the reader's error.
func readYAML(_ text: String) throws -> Document {
    try Document(reading: Array(text.utf8), format: .yaml, engine: YAMLFormat())
}

func slice(_ document: Document, _ range: Range<Int>) -> String {
    String(decoding: document.bytes[range], as: UTF8.self)
}

@Suite struct YAMLReadingTests {
    let workflow = """
        # CI for the project
        name: CI
        jobs:
          # The main build
          # on every push
          build:
            runs-on: ubuntu-latest  # the default runner
            steps:
              - uses: actions/checkout@v4
              # Set up the toolchain
              - run: |
                  make setup
            env: {CI: "true", LEVEL: 'high'}

        """

    @Test func spansOfNodesKeysAndMembers() throws {
        let document = try readYAML(workflow)
        let runsOn = try #require(document.root.node(at: DocumentPath(pointer: "/jobs/build/runs-on")!))
        #expect(slice(document, runsOn.span) == "ubuntu-latest")
        let member = try #require(document.root.member(at: DocumentPath(pointer: "/jobs/build/runs-on")!))
        #expect(slice(document, member.keySpan) == "runs-on")
        #expect(slice(document, member.span) == "runs-on: ubuntu-latest  # the default runner")
        let build = try #require(document.root.member(at: DocumentPath(pointer: "/jobs/build")!))
        #expect(slice(document, build.span).hasPrefix("# The main build\n  # on every push\n  build:"))
        let env = try #require(document.root.node(at: DocumentPath(pointer: "/jobs/build/env")!))
        #expect(slice(document, env.span) == #"{CI: "true", LEVEL: 'high'}"#)
        #expect(env.style == .flow)
        let level = try #require(document.root.node(at: DocumentPath(pointer: "/jobs/build/env/LEVEL")!))
        #expect(slice(document, level.span) == "'high'")
        #expect(level.style == .singleQuoted)
        let steps = try #require(document.root.node(at: DocumentPath(pointer: "/jobs/build/steps")!))
        #expect(steps.style == .blockCollection)
        #expect(slice(document, steps.span).hasPrefix("- uses: actions/checkout@v4"))
        #expect(slice(document, steps.span).hasSuffix("make setup"))
    }

    @Test func commentsAboveAndTrailing() throws {
        let document = try readYAML(workflow)
        let build = try #require(document.root.member(at: DocumentPath(pointer: "/jobs/build")!))
        #expect(build.comments.above == ["The main build", "on every push"])
        #expect(slice(document, build.comments.aboveSpan!) == "# The main build\n  # on every push")
        let runsOn = try #require(document.root.member(at: DocumentPath(pointer: "/jobs/build/runs-on")!))
        #expect(runsOn.comments.trailing == "the default runner")
        #expect(slice(document, runsOn.comments.trailingSpan!) == "# the default runner")
        let step = try #require(document.root.node(at: DocumentPath(pointer: "/jobs/build/steps/1")!))
        #expect(step.comments.above == ["Set up the toolchain"])
        let name = try #require(document.root.member(at: DocumentPath(pointer: "/name")!))
        #expect(name.comments.above == ["CI for the project"])
        let jobs = try #require(document.root.member(at: DocumentPath(pointer: "/jobs")!))
        #expect(jobs.comments.above.isEmpty)
    }

    @Test func blockScalarsKeepTheirHeaders() throws {
        let document = try readYAML("a: |-\n  one\n  two\nb: >+2\n   x\n\nc: |\n  kept\n")
        #expect(document.value["a"] == "one\ntwo")
        #expect(document.root.node(at: DocumentPath(pointer: "/a")!)?.style == .block(header: "|-"))
        #expect(document.root.node(at: DocumentPath(pointer: "/b")!)?.style == .block(header: ">+2"))
        #expect(document.value["b"] == " x\n\n")
        let c = try #require(document.root.node(at: DocumentPath(pointer: "/c")!))
        #expect(slice(document, c.span) == "|\n  kept")
    }

    @Test func scalarsResolveByTheCoreSchema() throws {
        let document = try readYAML(
            """
            a: yes
            b: on
            c: 08
            d: 0x1F
            e: 0o17
            f: 1.0
            g: .inf
            h: -.Inf
            i: ~
            j:
            k: True
            l: 1e3
            m: "12"
            n: .5
            o: 12
            """)
        #expect(document.value["a"] == "yes")
        #expect(document.value["b"] == "on")
        #expect(document.value["c"] == "08")
        #expect(document.value["d"] == 31)
        #expect(document.value["e"] == 15)
        #expect(document.value["f"] == .number(DocumentNumber(literal: "1.0")!))
        #expect(document.value["g"] == .number(DocumentNumber(special: .infinity)))
        #expect(document.value["h"] == .number(DocumentNumber(special: .negativeInfinity)))
        #expect(document.value["i"] == .null)
        #expect(document.value["j"] == .null)
        #expect(document.value["k"] == true)
        #expect(document.value["l"] == .number(DocumentNumber(literal: "1e3")!))
        #expect(document.value["m"] == "12")
        #expect(document.value["n"] == .number(DocumentNumber(literal: "0.5")!))
        #expect(document.value["o"] == 12)
        #expect(
            document.root.node(at: DocumentPath(pointer: "/d")!)?.style
                == .number(prefix: "0x", underscores: false))
    }

    /// Every core-schema spelling of null, a boolean and a special float, and the words and
    /// numbers that come near them, read as they mean.
    @Test(
        arguments: [
            ("~", DocumentValue.null), ("null", .null), ("Null", .null), ("NULL", .null),
            ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false),
            ("FALSE", false), ("nULL", "nULL"), ("tRUE", "tRUE"), ("nul", "nul"), ("nulls", "nulls"),
            ("type", "type"), ("text", "text"), ("name", "name"), ("f0", "f0"), ("Fa", "Fa"), ("n", "n"),
            ("~~", "~~"), (".inf", .number(DocumentNumber(special: .infinity))),
            ("+.INF", .number(DocumentNumber(special: .infinity))),
            ("-.inf", .number(DocumentNumber(special: .negativeInfinity))),
            (".NaN", .number(DocumentNumber(special: .nan))), (".nAn", ".nAn"), ("+12", 12), ("-3", -3),
            ("+.5", .number(DocumentNumber(literal: "0.5")!)), ("1000", 1000), ("0", 0),
        ])
    func plainScalarsResolveWhateverTheirFirstBytes(text: String, value: DocumentValue) throws {
        #expect(try readYAML("a: \(text)\n").value["a"] == value)
    }

    @Test func tagsApplyToValues() throws {
        let document = try readYAML("a: !!str 12\nb: !!int \"12\"\nc: !Ref Bucket\nd: !!float 1\n")
        #expect(document.value["a"] == "12")
        #expect(document.value["b"] == 12)
        #expect(document.value["c"] == "Bucket")
        #expect(document.root.node(at: DocumentPath(pointer: "/c")!)?.tag == "!Ref")
        #expect(document.root.node(at: DocumentPath(pointer: "/a")!)?.tag == "!!str")
        #expect(document.value["d"] == .number(DocumentNumber(literal: "1.0")!))
        #expect(throws: DocumentError.self) { try readYAML("a: !!int twelve\n") }
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let document = try readYAML(
            """
            base: &base
              image: node
              restart: always
            web:
              <<: *base
              restart: never
            copy: *base
            """)
        #expect(document.value["web"] == ["image": "node", "restart": "never"])
        #expect(document.value["copy"] == ["image": "node", "restart": "always"])
        let web = try #require(document.root.node(at: DocumentPath(pointer: "/web")!))
        guard case .object(let members) = web.content else {
            Issue.record("web is not a mapping")
            return
        }
        #expect(members.map(\.key) == ["image", "restart"])
        #expect(members.map(\.isMerged) == [true, false])
        let copy = try #require(document.root.node(at: DocumentPath(pointer: "/copy")!))
        guard case .alias(let name, _) = copy.content else {
            Issue.record("copy is not an alias")
            return
        }
        #expect(name == "base")
        #expect(document.root.node(at: DocumentPath(pointer: "/base")!)?.anchor == "base")
        #expect(YAMLFormat.aliasCount(of: DocumentPath(pointer: "/base/image")!, in: document.root) == 2)
        #expect(YAMLFormat.aliasCount(of: DocumentPath(pointer: "/base/restart")!, in: document.root) == 1)
        #expect(YAMLFormat.aliasCount(of: DocumentPath(pointer: "/web/restart")!, in: document.root) == 0)
    }

    /// A small mapping's keys are looked through and a large one's hashed: a key given twice is
    /// refused either way, wherever in the mapping, and says where the first stands; a merge
    /// key's members stay beneath the mapping's own.
    @Test(arguments: [3, 15, 16, 17, 40])
    func aKeyGivenTwiceIsRefusedInMappingsOfEverySize(keys: Int) throws {
        let lines = (0..<keys).map { "k\($0): \($0)" }
        for repeated in [0, keys - 1] {
            for flow in [false, true] {
                let body = lines + ["k\(repeated): again"]
                let text =
                    flow ? "{" + body.joined(separator: ", ") + "}\n" : body.joined(separator: "\n") + "\n"
                let error = try #require(throws: DocumentError.self) { try readYAML(text) }
                #expect(error.message.contains("'k\(repeated)' is given twice"), "\(error)")
                #expect(
                    error.message.contains(flow ? "line 1," : "line \(repeated + 1), column 1"), "\(error)")
            }
        }
        let merged = try readYAML(
            "base: &b {k0: base, extra: 1}\nmap:\n  <<: *b\n"
                + lines.map { "  " + $0 }.joined(separator: "\n"))
        #expect(merged.value["map"]?["k0"] == 0)
        #expect(merged.value["map"]?["extra"] == 1)
        guard case .object(let members)? = merged.value["map"] else {
            Issue.record("map is not a mapping")
            return
        }
        #expect(members.count == keys + 1)
    }

    @Test func severalDocumentsMakeAnArrayOfThem() throws {
        let stream = try readYAML("%YAML 1.2\n---\na: 1\n---\nb: 2\n...\n")
        #expect(stream.value == [["a": 1], ["b": 2]])
        #expect(stream.root.style == .blockCollection)
        #expect(stream.root.span == 0..<stream.bytes.count)
        let one = try readYAML("---\na: 1\n")
        #expect(one.value == ["a": 1])
        #expect(try readYAML("# only a comment\n").value == .null)
    }

    @Test func offsetsCountBytesPastMultibyteTextAndABOM() throws {
        let document = try Document(
            reading: [0xEF, 0xBB, 0xBF] + Array("é: ü\nb: x\r\nc: 'y'\n".utf8), format: .yaml,
            engine: YAMLFormat())
        let b = try #require(document.root.member(at: DocumentPath(pointer: "/b")!))
        #expect(slice(document, b.keySpan) == "b")
        #expect(b.keySpan == 10..<11)
        let c = try #require(document.root.node(at: DocumentPath(pointer: "/c")!))
        #expect(slice(document, c.span) == "'y'")
    }

    @Test func errorsSayWhereWithLineAndColumn() {
        let cases: [(String, Int, Int)] = [
            ("a: [1, 2\nb: 3\n", 2, 2),
            ("a: 1\na: 2\n", 2, 1),
            ("a: *missing\n", 1, 4),
            ("a: b: c\n", 1, 5),
            ("key: \"value\"# no space\n", 1, 13),
        ]
        for (text, line, column) in cases {
            do {
                _ = try readYAML(text)
                Issue.record("\(text.debugDescription) was read")
            } catch let error as DocumentError {
                #expect(error.line == line, "\(text.debugDescription): \(error)")
                #expect(error.column == column, "\(text.debugDescription): \(error)")
                #expect(!error.message.isEmpty)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func anUneditedDocumentKeepsEveryByte() throws {
        let text = "\u{FEFF}a:   1 \r\nb:  [x,  y]\n  # trailing\nc: 'q'"
        let document = try readYAML(text)
        #expect(document.bytes == Array(text.utf8))
        #expect(document.value == ["a": 1, "b": ["x", "y"], "c": "q"])
    }
}
