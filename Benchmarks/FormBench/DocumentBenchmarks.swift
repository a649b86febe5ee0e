import FormDocument
import FormPersistence
import Foundation

/// A configuration-like document of about `bytes` bytes in `format`: a list of services, each
/// with a name, a port, a flag, a ratio, tags and a nested table, as people write them by hand.
func generatedDocument(_ format: DocumentFormat, bytes: Int) -> [UInt8] {
    var text = ""
    var index = 0
    switch format {
    case .json, .jsonc:
        text = "{\n  \"title\": \"generated\",\n  \"services\": [\n"
        while text.utf8.count < bytes {
            if index > 0 { text += ",\n" }
            text += """
                    {
                      "name": "service-\(index)",
                      "port": \(8000 + index % 1000),
                      "enabled": \(index % 3 == 0),
                      "ratio": 0.\(index % 97 + 1),
                      "tags": ["web", "tier-\(index % 5)"],
                      "limits": {"cpu": \(index % 8 + 1), "memory": "\(index % 16 + 1)Gi"}
                    }
                """
            index += 1
        }
        text += "\n  ]\n}\n"
    case .yaml:
        text = "title: generated\nservices:\n"
        while text.utf8.count < bytes {
            text += """
                  - name: service-\(index)
                    port: \(8000 + index % 1000)
                    enabled: \(index % 3 == 0)
                    ratio: 0.\(index % 97 + 1)
                    tags: [web, tier-\(index % 5)]
                    limits:
                      cpu: \(index % 8 + 1)
                      memory: \(index % 16 + 1)Gi

                """
            index += 1
        }
    case .toml:
        text = "title = \"generated\"\n"
        while text.utf8.count < bytes {
            text += """

                [[services]]
                name = "service-\(index)"
                port = \(8000 + index % 1000)
                enabled = \(index % 3 == 0)
                ratio = 0.\(index % 97 + 1)
                tags = ["web", "tier-\(index % 5)"]
                limits = { cpu = \(index % 8 + 1), memory = "\(index % 16 + 1)Gi" }

                """
            index += 1
        }
    }
    return Array(text.utf8)
}

/// Issue 35's figures for documents: reading a generated 1 MB document, and one edit of a member
/// in its middle with the check that reads it back (target ≤ 20 ms; the session before measured
/// 55 ms JSON, 118 ms YAML, 155 ms TOML).
func documentBenchmarks() {
    for format in [DocumentFormat.json, .yaml, .toml] {
        let bytes = generatedDocument(format, bytes: 1 << 20)
        measure("document \(format.rawValue) 1 MB: read", repeats: 5) {
            _ = try? Document(reading: bytes, format: format)
        }
        guard let document = try? Document(reading: bytes, format: format),
            case .array(let services)? = document.value["services"]
        else {
            print("document \(format.rawValue) 1 MB: did not read")
            continue
        }
        let middle = services.count / 2
        let port = DocumentPath(pointer: "/services/\(middle)/port")!
        let tags = DocumentPath(pointer: "/services/\(middle)/tags")!
        measure("document \(format.rawValue) 1 MB: set a number + read-back", repeats: 5) {
            var copy = document
            _ = try? copy.apply(.set(port, 9999))
        }
        measure("document \(format.rawValue) 1 MB: append to a list + read-back", repeats: 5) {
            var copy = document
            _ = try? copy.apply(.append(array: tags, value: "new"))
        }
    }
}

/// A state file of 100,000 answers saved with one changed: what Ctrl-S costs on a large form,
/// now that a save changes the file member by member (read, decoded, updated, read back).
func stateFileBenchmarks() {
    struct Answers: Codable, Equatable {
        var members: [String: String]
        init(members: [String: String]) { self.members = members }
        init(from decoder: any Decoder) throws { members = try [String: String](from: decoder) }
        func encode(to encoder: any Encoder) throws { try members.encode(to: encoder) }
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formbench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = JSONStateFile<Answers>(path: folder.appendingPathComponent("state.json").path)
    var answers = Answers(
        members: Dictionary(uniqueKeysWithValues: (0..<100_000).map { ("row\($0)", "answer \($0)") }))
    try? file.save(answers)
    var round = 0
    measure("state file 100,000 members: save with one changed", repeats: 5) {
        round += 1
        answers.members["row50000"] = "changed \(round)"
        try? file.save(answers)
    }
}
