import FormDocument
import Testing

/// A hand-written pyproject.toml with the things people write: comments above and after, a
/// literal string, a multi-line string, inline tables with and without spaces, arrays over
/// several lines with a trailing comma, a hexadecimal and an underscored number, dotted keys,
/// a table only its sub-tables make (`tool`) and an array of tables.
let messyPyproject = """
    # pyproject for a messy project
    [build-system]
    requires = ["hatchling>=1.8", 'wheel']   # builders
    build-backend = "hatchling.build"

    [project]
    name = 'messy'
    version = "0.1.0"
    description = \"\"\"
    A messy project.\"\"\"
    authors = [
      { name = "Ann", email = "ann@example.com" },
      {name="Bob"},
    ]
    dependencies = [
        "requests>=2",  # http
        "rich",
    ]
    keywords = ["a", "b"]
    count = 0x00ff
    big = 1_000_000

    [project.urls]
    Homepage = "https://example.com"

    [tool.ruff]
    line-length = 88
    lint.select = ["E", "F"]
    lint.ignore = []

    # black's settings
    [tool.black]
    target-version = ['py311']

    [[tool.mypy.overrides]]
    module = "a.*"
    ignore_missing_imports = true

    [[tool.mypy.overrides]]
    module = "b"

    """

/// The document after `change`, which must read back as the change meant.
func editedTOML(_ text: String, _ change: DocumentChange) throws -> String {
    var document = try Document(reading: Array(text.utf8), format: .toml, engine: TOMLFormat())
    try document.apply(change)
    return String(decoding: document.bytes, as: UTF8.self)
}

/// `text` with one line (or run of lines) replaced: what an edit should have made.
func replacingTOML(_ text: String, _ old: String, _ new: String) -> String {
    precondition(text.contains(old), "the test's text has no \(old)")
    return text.replacing(old, with: new, maxReplacements: 1)
}

@Suite struct TOMLSetTests {
    let text = messyPyproject

    @Test func aLiteralStringStaysLiteralWhereItCan() throws {
        #expect(
            try editedTOML(text, .set(path("/project/name"), "tidy"))
                == replacingTOML(text, "name = 'messy'", "name = 'tidy'"))
        #expect(
            try editedTOML(text, .set(path("/project/name"), "it's"))
                == replacingTOML(text, "name = 'messy'", #"name = "it's""#))
    }

    @Test func aNumberKeepsItsBaseAndGrouping() throws {
        #expect(
            try editedTOML(text, .set(path("/project/count"), 4096))
                == replacingTOML(text, "0x00ff", "0x1000"))
        #expect(
            try editedTOML(text, .set(path("/project/big"), 2_500_000))
                == replacingTOML(text, "1_000_000", "2_500_000"))
        let float = DocumentValue.number(DocumentNumber(literal: "2.5")!)
        #expect(
            try editedTOML(text, .set(path("/project/big"), float)) == replacingTOML(text, "1_000_000", "2.5")
        )
    }

    @Test func aMultilineStringStaysMultiline() throws {
        #expect(
            try editedTOML(text, .set(path("/project/description"), "Tidy\nnow \"\"\" quoted"))
                == replacingTOML(text, "A messy project.\"\"\"", "Tidy\nnow \\\"\\\"\" quoted\"\"\""))
    }

    @Test func aValueInAnInlineTableOrArrayChangesAlone() throws {
        #expect(
            try editedTOML(text, .set(path("/project/authors/1/name"), "Rob"))
                == replacingTOML(text, #"{name="Bob"}"#, #"{name="Rob"}"#))
        #expect(
            try editedTOML(text, .set(path("/build-system/requires"), ["x"]))
                == replacingTOML(text, #"["hatchling>=1.8", 'wheel']   # builders"#, #"["x"]   # builders"#))
        #expect(
            try editedTOML(text, .set(path("/build-system/requires/1"), "setuptools"))
                == replacingTOML(text, "'wheel'", "'setuptools'"))
    }

    @Test func anArrayOverSeveralLinesStaysOverSeveralLines() throws {
        #expect(
            try editedTOML(text, .set(path("/project/dependencies"), ["a", "b"]))
                == replacingTOML(
                    text, "[\n    \"requests>=2\",  # http\n    \"rich\",\n]", "[\n    \"a\",\n    \"b\",\n]")
        )
    }

    @Test func aTableIsWrittenAnewUnderItsHeader() throws {
        #expect(
            try editedTOML(text, .set(path("/tool/ruff"), ["line-length": 100, "fix": true]))
                == replacingTOML(
                    text, "line-length = 88\nlint.select = [\"E\", \"F\"]\nlint.ignore = []\n",
                    "line-length = 100\nfix = true\n"))
    }

    @Test func aDottedTableIsWrittenAnewAsDottedKeys() throws {
        #expect(
            try editedTOML(text, .set(path("/tool/ruff/lint"), ["select": ["W"]]))
                == replacingTOML(
                    text, "lint.select = [\"E\", \"F\"]\nlint.ignore = []\n", "lint.select = [\"W\"]\n"))
    }

    @Test func nullIsRefusedWithAReason() throws {
        #expect(throws: DocumentError.self) { try editedTOML(text, .set(path("/project/name"), nil)) }
    }
}

@Suite struct TOMLInsertTests {
    let text = messyPyproject

    @Test func aKeyGoesAfterItsLastSiblingInItsTable() throws {
        #expect(
            try editedTOML(text, .insert(parent: path("/project"), key: "license", value: "MIT", before: nil))
                == replacingTOML(text, "big = 1_000_000\n", "big = 1_000_000\nlicense = \"MIT\"\n"))
    }

    @Test func aKeyGoesBeforeANamedSibling() throws {
        #expect(
            try editedTOML(
                text, .insert(parent: path("/project"), key: "readme", value: "README.md", before: "version"))
                == replacingTOML(text, "version = ", "readme = \"README.md\"\nversion = "))
    }

    @Test func aTableAmongDottedSiblingsIsWrittenDotted() throws {
        #expect(
            try editedTOML(
                text,
                .insert(
                    parent: path("/tool/ruff"), key: "format", value: ["quote-style": "single"], before: nil))
                == replacingTOML(
                    text, "lint.ignore = []\n", "lint.ignore = []\nformat.quote-style = \"single\"\n"))
        #expect(
            try editedTOML(
                text, .insert(parent: path("/tool/ruff/lint"), key: "fixable", value: ["ALL"], before: nil))
                == replacingTOML(text, "lint.ignore = []\n", "lint.ignore = []\nlint.fixable = [\"ALL\"]\n"))
    }

    @Test func aNewTableGoesAfterTheParentsLastSubTable() throws {
        #expect(
            try editedTOML(
                text, .insert(parent: path("/tool"), key: "isort", value: ["profile": "black"], before: nil))
                == text + "\n[tool.isort]\nprofile = \"black\"\n")
        #expect(
            try editedTOML(
                text,
                .insert(parent: path("/project"), key: "scripts", value: ["messy": "messy:main"], before: nil)
            )
                == replacingTOML(
                    text, "Homepage = \"https://example.com\"\n",
                    "Homepage = \"https://example.com\"\n\n[project.scripts]\nmessy = \"messy:main\"\n"))
    }

    @Test func aKeyOfATableWithoutAHeaderGetsOne() throws {
        #expect(
            try editedTOML(text, .insert(parent: path("/tool"), key: "enabled", value: true, before: nil))
                == text + "\n[tool]\nenabled = true\n")
    }

    @Test func aKeyInAnInlineTableStaysInline() throws {
        #expect(
            try editedTOML(
                text, .insert(parent: path("/project/authors/1"), key: "email", value: "b@x", before: nil))
                == replacingTOML(text, #"{name="Bob"}"#, #"{name="Bob", email="b@x"}"#))
        #expect(
            try editedTOML(
                text, .insert(parent: path("/project/authors/0"), key: "id", value: 1, before: "email"))
                == replacingTOML(text, #"{ name = "Ann", email"#, #"{ name = "Ann", id = 1, email"#))
    }

    @Test func aRootKeyGoesBeforeTheFirstTable() throws {
        #expect(
            try editedTOML(text, .insert(parent: .root, key: "title", value: "x", before: nil))
                == "title = \"x\"\n\n" + text)
    }

    /// Found by the generated documents (seed 5380155784405778874): the first table's header is
    /// not the first header when a sub-table's stands before it, and the key must precede both.
    @Test func aRootKeyGoesBeforeASubTableThatPrecedesItsTable() throws {
        let text = "\n[ b78.1 ]\n\n[b78]\na=[\"a\", \"b\"]\n"
        #expect(
            try editedTOML(text, .insert(parent: .root, key: "a b81", value: 25, before: nil))
                == "\n\"a b81\"=25\n\n[ b78.1 ]\n\n[b78]\na=[\"a\", \"b\"]\n")
    }

    @Test func anExistingKeyIsRefused() throws {
        #expect(throws: DocumentError.self) {
            try editedTOML(text, .insert(parent: path("/project"), key: "name", value: "x", before: nil))
        }
    }
}

@Suite struct TOMLDeleteTests {
    let text = messyPyproject

    @Test func aKeyGoesWithItsLine() throws {
        #expect(
            try editedTOML(text, .delete(path("/build-system/requires")))
                == replacingTOML(text, "requires = [\"hatchling>=1.8\", 'wheel']   # builders\n", ""))
        #expect(
            try editedTOML(text, .delete(path("/project/description")))
                == replacingTOML(text, "description = \"\"\"\nA messy project.\"\"\"\n", ""))
    }

    @Test func aTableGoesWithItsCommentsAndTheBlankLineBefore() throws {
        #expect(
            try editedTOML(text, .delete(path("/tool/black")))
                == replacingTOML(text, "\n# black's settings\n[tool.black]\ntarget-version = ['py311']\n", "")
        )
    }

    @Test func aDottedTableGoesWithAllItsLines() throws {
        #expect(
            try editedTOML(text, .delete(path("/tool/ruff/lint")))
                == replacingTOML(text, "lint.select = [\"E\", \"F\"]\nlint.ignore = []\n", ""))
    }

    @Test func anElementGoesWithItsLineOrItsComma() throws {
        #expect(
            try editedTOML(text, .delete(path("/project/dependencies/0")))
                == replacingTOML(text, "    \"requests>=2\",  # http\n", ""))
        #expect(
            try editedTOML(text, .delete(path("/project/keywords/1")))
                == replacingTOML(text, #"["a", "b"]"#, #"["a"]"#))
        #expect(
            try editedTOML(text, .delete(path("/project/keywords/0")))
                == replacingTOML(text, #"["a", "b"]"#, #"["b"]"#))
        #expect(
            try editedTOML(text, .delete(path("/project/authors/1/name")))
                == replacingTOML(text, #"{name="Bob"}"#, "{}"))
        #expect(
            try editedTOML(text, .delete(path("/project/authors/0/email")))
                == replacingTOML(text, #"{ name = "Ann", email = "ann@example.com" }"#, #"{ name = "Ann" }"#))
    }

    @Test func aCommaOnALaterLineStaysForTheElementsAroundIt() throws {
        #expect(try editedTOML("a = [ 1,\n2 # two\n, 3]\n", .delete(path("/a/1"))) == "a = [ 1,\n3]\n")
        #expect(try editedTOML("a = [\n  1,\n  2\n]\n", .delete(path("/a/1"))) == "a = [\n  1\n]\n")
    }

    @Test func aMemberOfADottedKeyInAnInlineTableGoes() throws {
        #expect(
            try editedTOML("t = {a.b = 1, a.c = 2}\n", .delete(path("/t/a/b"))) == "t = { a = { c = 2 } }\n")
    }

    @Test func theLastMemberOfATableWithoutTextOfItsOwnLeavesTheTable() throws {
        #expect(try editedTOML("x.y = 1\n", .delete(path("/x/y"))) == "x = {}\n")
        #expect(try editedTOML("[a.b]\nc = 1\n", .delete(path("/a/b"))) == "[a]\n")
        #expect(try editedTOML("[[a]]\nc = 1\n", .delete(path("/a/0"))) == "a = []\n")
    }

    @Test func anArrayOfTablesElementGoesWithItsSection() throws {
        #expect(
            try editedTOML(text, .delete(path("/tool/mypy/overrides/0")))
                == replacingTOML(
                    text, "\n[[tool.mypy.overrides]]\nmodule = \"a.*\"\nignore_missing_imports = true\n", ""))
    }
}

@Suite struct TOMLArrayTests {
    let text = messyPyproject

    @Test func appendKeepsTheArraysLayout() throws {
        #expect(
            try editedTOML(text, .append(array: path("/project/dependencies"), value: "httpx"))
                == replacingTOML(text, "    \"rich\",\n", "    \"rich\",\n    \"httpx\",\n"))
        #expect(
            try editedTOML(text, .append(array: path("/project/keywords"), value: "c"))
                == replacingTOML(text, #"["a", "b"]"#, #"["a", "b", "c"]"#))
        let noComma = "x = [\n  1,\n  2 # two\n]\n"
        #expect(
            try editedTOML(noComma, .append(array: path("/x"), value: 3))
                == "x = [\n  1,\n  2, # two\n  3\n]\n")
        #expect(try editedTOML("x = []\n", .append(array: path("/x"), value: 3)) == "x = [3]\n")
    }

    @Test func appendToAnArrayOfTablesAddsASection() throws {
        #expect(
            try editedTOML(text, .append(array: path("/tool/mypy/overrides"), value: ["module": "c"]))
                == text + "\n[[tool.mypy.overrides]]\nmodule = \"c\"\n")
        #expect(throws: DocumentError.self) {
            try editedTOML(text, .append(array: path("/tool/mypy/overrides"), value: 1))
        }
    }

    @Test func moveRewritesOnlyTheElementsBetween() throws {
        #expect(
            try editedTOML(text, .move(array: path("/project/keywords"), from: 0, to: 1))
                == replacingTOML(text, #"["a", "b"]"#, #"["b", "a"]"#))
        #expect(
            try editedTOML(text, .move(array: path("/project/dependencies"), from: 1, to: 0))
                == replacingTOML(
                    text, "\"requests>=2\",  # http\n    \"rich\",", "\"rich\",  # http\n    \"requests>=2\","
                ))
    }

    @Test func moveInAnArrayOfTablesMovesSections() throws {
        let first = "[[tool.mypy.overrides]]\nmodule = \"a.*\"\nignore_missing_imports = true\n"
        let second = "[[tool.mypy.overrides]]\nmodule = \"b\"\n"
        #expect(
            try editedTOML(text, .move(array: path("/tool/mypy/overrides"), from: 1, to: 0))
                == replacingTOML(text, first + "\n" + second, second + "\n" + first))
    }
}

@Suite struct TOMLLineEndingTests {
    @Test func aCRLFDocumentGetsCRLFLines() throws {
        let text = "[a]\r\nx = 1\r\n"
        #expect(
            try editedTOML(text, .insert(parent: path("/a"), key: "y", value: 2, before: nil))
                == "[a]\r\nx = 1\r\ny = 2\r\n")
        #expect(
            try editedTOML(text, .insert(parent: .root, key: "b", value: ["z": 1], before: nil))
                == "[a]\r\nx = 1\r\n\r\n[b]\r\nz = 1\r\n")
    }

    @Test func aDocumentWithoutAFinalNewlineKeepsItsLastLine() throws {
        #expect(
            try editedTOML("x = 1", .insert(parent: .root, key: "y", value: 2, before: nil))
                == "x = 1\ny = 2\n")
        #expect(try editedTOML("x = 1\ny = 2", .delete(path("/y"))) == "x = 1\n")
    }
}
