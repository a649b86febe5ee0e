import FormDocument
import FormSchema

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of schemas in SchemaStore's layout: `catalog.json` (each schema's name, `fileMatch`
/// globs and `url`) and the schema files, named as the last part of their URL, in the folder or
/// its `schemas/` folder. Schemas are found by the file they describe or by URL, and read from
/// the folder: nothing is fetched.
///
/// ```swift
/// let catalog = try SchemaCatalogFolder(path: "/usr/share/formtui/schemas")
/// catalog.url(forFile: "pyproject.toml")  // "https://json.schemastore.org/pyproject.json"
/// ```
public struct SchemaCatalogFolder: Sendable {
    public struct Entry: Sendable {
        public var name: String
        public var fileMatch: [String]
        public var url: String
    }

    public let path: String
    public let entries: [Entry]

    /// Reads the folder's `catalog.json`; a folder without one is a catalog of no entries whose
    /// files are still found by URL.
    public init(path: String) throws(ConfigError) {
        self.path = path
        let catalog = path + "/catalog.json"
        guard FileManager.default.fileExists(atPath: catalog) else {
            entries = []
            return
        }
        let document = try ConfigFile.readDocument(at: catalog, what: "schema catalog")
        var entries: [Entry] = []
        if case .array(let schemas)? = document.value["schemas"] {
            for schema in schemas {
                guard case .string(let name)? = schema["name"], case .string(let url)? = schema["url"] else {
                    continue
                }
                var globs: [String] = []
                if case .array(let matches)? = schema["fileMatch"] {
                    for case .string(let glob) in matches { globs.append(glob) }
                }
                entries.append(Entry(name: name, fileMatch: globs, url: url))
            }
        }
        self.entries = entries
    }

    /// The URL of the schema whose `fileMatch` matches `file` (its name, or its path for a glob
    /// with a `/`), or nil.
    public func url(forFile file: String) -> String? {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        for entry in entries {
            for glob in entry.fileMatch {
                let subject = glob.contains("/") ? file : name
                let pattern = glob.hasPrefix("**/") ? String(glob.dropFirst(3)) : glob
                if fnmatch(pattern, subject, 0) == 0 || fnmatch(glob, file, 0) == 0 { return entry.url }
            }
        }
        return nil
    }

    /// The file in the folder that holds the schema at `url`, or nil.
    public func file(forURL url: String) -> String? {
        var url = Substring(url)
        if let hash = url.firstIndex(of: "#") { url = url[..<hash] }
        guard let last = url.split(separator: "/").last, !last.isEmpty else { return nil }
        var names = [String(last)]
        if !last.hasSuffix(".json") { names.append(last + ".json") }
        for name in names {
            for folder in [path, path + "/schemas", path + "/schemas/json"] {
                let candidate = folder + "/" + name
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
