import FormDocument
import Testing

/// Applies `change` to `text` and returns the new text (each change is read back by Document).
func editYAML(_ text: String, _ change: DocumentChange) throws -> String {
    var document = try readYAML(text)
    try document.apply(change)
    return String(decoding: document.bytes, as: UTF8.self)
}

@Suite struct YAMLWorkflowEditingTests {
    let workflow = """
        # CI for the project
        name: CI

        on:
          push:
            branches: [main]
          pull_request:

        jobs:
          # The main build
          build:
            runs-on: ubuntu-latest  # the default runner
            timeout-minutes: 10
            steps:
              - uses: actions/checkout@v4
              # Set up the toolchain
              - name: Setup
                run: |
                  swift --version
                  make setup
              - run: make test

        """

    func expect(_ change: DocumentChange, replacing old: String, with new: String) throws {
        let edited = try editYAML(workflow, change)
        #expect(workflow.contains(old), "the test's old text is not in the workflow")
        #expect(edited == workflow.replacing(old, with: new), "\(change)\n\(edited)")
    }

    @Test func setKeepsPlainTextAndTheComment() throws {
        try expect(
            .set(path("/jobs/build/runs-on"), "ubuntu-24.04"),
            replacing: "runs-on: ubuntu-latest  # the default runner",
            with: "runs-on: ubuntu-24.04  # the default runner")
        try expect(
            .set(path("/jobs/build/timeout-minutes"), 20), replacing: "minutes: 10", with: "minutes: 20")
    }

    @Test func setQuotesTextThatPlainWouldReadOtherwise() throws {
        for (text, written) in [
            ("yes", "'yes'"), ("on", "'on'"), ("08", "'08'"), ("1.0", "'1.0'"), ("null", "'null'"),
            ("~", "'~'"), ("", "''"), (": x", "': x'"), ("#x", "'#x'"), ("a\tb", "\"a\\tb\""),
        ] {
            try expect(.set(path("/name"), .string(text)), replacing: "name: CI", with: "name: \(written)")
        }
    }

    @Test func setABlockScalarKeepsItsStyle() throws {
        try expect(
            .set(path("/jobs/build/steps/1/run"), "swift build\nmake test\n"),
            replacing: "run: |\n          swift --version\n          make setup",
            with: "run: |\n          swift build\n          make test")
        try expect(
            .set(path("/jobs/build/steps/1/run"), "one line"),
            replacing: "run: |\n          swift --version\n          make setup",
            with: "run: |-\n          one line")
    }

    @Test func setAnEmptyValueToACollection() throws {
        try expect(
            .set(path("/on/pull_request"), ["branches": ["main"]]),
            replacing: "  pull_request:\n",
            with: "  pull_request:\n    branches:\n      - main\n")
    }

    @Test func insertBeforeANamedMemberAndAfterTheLast() throws {
        try expect(
            .insert(parent: path("/jobs/build"), key: "env", value: ["CI": "true"], before: "steps"),
            replacing: "    timeout-minutes: 10\n",
            with: "    timeout-minutes: 10\n    env:\n      CI: \"true\"\n")
        try expect(
            .insert(parent: path("/on"), key: "workflow_dispatch", value: nil, before: nil),
            replacing: "  pull_request:\n",
            with: "  pull_request:\n  workflow_dispatch: null\n")
        try expect(
            .insert(parent: path("/on/push"), key: "tags", value: ["v*"], before: nil),
            replacing: "    branches: [main]\n",
            with: "    branches: [main]\n    tags:\n      - v*\n")
    }

    @Test func deleteTakesTheMembersLinesAndItsComments() throws {
        try expect(
            .delete(path("/jobs/build/timeout-minutes")), replacing: "    timeout-minutes: 10\n", with: "")
        try expect(
            .delete(path("/jobs/build/steps/1")),
            replacing:
                "      # Set up the toolchain\n      - name: Setup\n        run: |\n          swift --version\n          make setup\n",
            with: "")
        try expect(
            .delete(path("/jobs/build")),
            replacing:
                "jobs:\n  # The main build\n  build:\n    runs-on: ubuntu-latest  # the default runner\n    timeout-minutes: 10\n    steps:\n      - uses: actions/checkout@v4\n      # Set up the toolchain\n      - name: Setup\n        run: |\n          swift --version\n          make setup\n      - run: make test\n",
            with: "jobs: {}\n")
    }

    @Test func appendRemoveAndMoveSequenceElements() throws {
        try expect(
            .append(array: path("/jobs/build/steps"), value: ["run": "make lint"]),
            replacing: "      - run: make test\n",
            with: "      - run: make test\n      - run: make lint\n")
        try expect(
            .append(array: path("/on/push/branches"), value: "release"), replacing: "[main]",
            with: "[main, release]")
        try expect(.delete(path("/on/push/branches/0")), replacing: "[main]", with: "[]")
        try expect(
            .move(array: path("/jobs/build/steps"), from: 2, to: 0),
            replacing:
                "      - uses: actions/checkout@v4\n      # Set up the toolchain\n      - name: Setup\n        run: |\n          swift --version\n          make setup\n      - run: make test\n",
            with:
                "      - run: make test\n      - uses: actions/checkout@v4\n      # Set up the toolchain\n      - name: Setup\n        run: |\n          swift --version\n          make setup\n"
        )
    }

    @Test func replaceASubtree() throws {
        try expect(
            .set(path("/on"), ["push": nil]),
            replacing: "on:\n  push:\n    branches: [main]\n  pull_request:\n",
            with: "on:\n  push: null\n")
        try expect(
            .set(path("/jobs/build/steps"), []),
            replacing:
                "    steps:\n      - uses: actions/checkout@v4\n      # Set up the toolchain\n      - name: Setup\n        run: |\n          swift --version\n          make setup\n      - run: make test\n",
            with: "    steps: []\n")
    }
}

@Suite struct YAMLComposeEditingTests {
    let compose = """
        version: "3.8"

        x-defaults: &defaults
          restart: unless-stopped
          image: node:20

        services:
          web:
            <<: *defaults
            ports:
              - "80:80"   # http
              - "443:443"
            environment:
              NODE_ENV: production
          worker:
            <<: *defaults
            command: ["npm", "run", "worker"]

        """

    func expect(_ change: DocumentChange, replacing old: String, with new: String) throws {
        let edited = try editYAML(compose, change)
        #expect(compose.contains(old), "the test's old text is not in the compose file")
        #expect(edited == compose.replacing(old, with: new), "\(change)\n\(edited)")
    }

    @Test func quotedScalarsStayQuoted() throws {
        try expect(.set(path("/version"), "3.9"), replacing: "\"3.8\"", with: "\"3.9\"")
        try expect(
            .set(path("/services/web/ports/0"), "8080:80"), replacing: "\"80:80\"", with: "\"8080:80\"")
    }

    @Test func anEditOfAnAnchoredValueIsFollowedByItsAliases() throws {
        var document = try readYAML(compose)
        #expect(YAMLFormat.aliasCount(of: path("/x-defaults/image"), in: document.root) == 2)
        try document.apply(.set(path("/x-defaults/image"), "node:22"))
        #expect(
            String(decoding: document.bytes, as: UTF8.self)
                == compose.replacing("image: node:20", with: "image: node:22"))
        #expect(document.value["services"]?["worker"]?["image"] == "node:22")
        // Through a merged member: the text is in the anchored mapping, and every place follows.
        #expect(YAMLFormat.aliasCount(of: path("/services/web/restart"), in: document.root) == 2)
        try document.apply(.set(path("/services/web/restart"), "always"))
        #expect(document.value["x-defaults"]?["restart"] == "always")
        #expect(document.value["services"]?["worker"]?["restart"] == "always")
    }

    @Test func flowSequencesTakeAppendsInFlow() throws {
        try expect(
            .append(array: path("/services/worker/command"), value: "--verbose"),
            replacing: "[\"npm\", \"run\", \"worker\"]", with: "[\"npm\", \"run\", \"worker\", \"--verbose\"]"
        )
        try expect(
            .move(array: path("/services/worker/command"), from: 0, to: 2),
            replacing: "[\"npm\", \"run\", \"worker\"]", with: "[\"run\", \"worker\", \"npm\"]")
        try expect(
            .delete(path("/services/worker/command/1")),
            replacing: "[\"npm\", \"run\", \"worker\"]", with: "[\"npm\", \"worker\"]")
    }

    @Test func membersAndElementsComeAndGoWithTheirLines() throws {
        try expect(
            .insert(parent: path("/services/web"), key: "depends_on", value: ["db"], before: nil),
            replacing: "      NODE_ENV: production\n",
            with: "      NODE_ENV: production\n    depends_on:\n      - db\n")
        try expect(
            .delete(path("/services/web/ports/0")), replacing: "      - \"80:80\"   # http\n", with: "")
        try expect(
            .move(array: path("/services/web/ports"), from: 1, to: 0),
            replacing: "      - \"80:80\"   # http\n      - \"443:443\"\n",
            with: "      - \"443:443\"\n      - \"80:80\"   # http\n")
        try expect(
            .delete(path("/services/worker")),
            replacing: "  worker:\n    <<: *defaults\n    command: [\"npm\", \"run\", \"worker\"]\n", with: ""
        )
        try expect(
            .insert(parent: path("/services/web/environment"), key: "PORT", value: "80", before: "NODE_ENV"),
            replacing: "      NODE_ENV: production\n",
            with: "      PORT: \"80\"\n      NODE_ENV: production\n")
    }

    @Test func aMergedMemberIsNotDeletedWhereItIsNotWritten() throws {
        #expect(throws: DocumentError.self) { try editYAML(compose, .delete(path("/services/web/image"))) }
    }

    @Test func crlfDocumentsGetCRLFLines() throws {
        let text = "a: 1\r\nlist:\r\n  - x\r\n"
        #expect(
            try editYAML(text, .append(array: path("/list"), value: "z"))
                == "a: 1\r\nlist:\r\n  - x\r\n  - z\r\n")
        #expect(
            try editYAML(text, .insert(parent: .root, key: "b", value: 2, before: nil)) == text + "b: 2\r\n")
    }
}
