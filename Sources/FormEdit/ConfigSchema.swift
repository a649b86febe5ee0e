import FormDocument
import FormSchema

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The schema a configuration file is checked against, and where it came from: `--schema`, the
/// file's own reference (`$schema`, a modeline), or a catalog's `fileMatch`. References to other
/// documents are read from the schema's folder and the catalogs, never fetched.
///
/// ```swift
/// let found = try ConfigSchema.find(for: config, schemaPath: nil, catalogs: [catalog])
/// found?.schema.validate(config.document.value)
/// ```
public struct ConfigSchema: Sendable {
    public var schema: JSONSchema
    /// The file the schema was read from.
    public var file: String
    /// Why this schema: "--schema", "its $schema", "the catalog's fileMatch".
    public var reason: String

    /// The schema for `config`: `schemaPath` first, then the file's own reference, then the
    /// catalogs; nil when none names one.
    public static func find(
        for config: ConfigFile, schemaPath: String?, catalogs: [SchemaCatalogFolder],
        defaultDialect: SchemaDialect = .draft202012
    ) throws(ConfigError) -> ConfigSchema? {
        let folder = config.path.contains("/") ? String(config.path[..<config.path.lastIndex(of: "/")!]) : "."
        if let schemaPath {
            return try load(file: schemaPath, reason: "--schema", catalogs: catalogs, dialect: defaultDialect)
        }
        if let reference = ConfigSchemaReference.find(in: config.document) {
            guard let file = locate(reference, relativeTo: folder, catalogs: catalogs) else {
                throw ConfigError(
                    "\(config.path) names its schema \(reference), which is not a file here nor in a schema "
                        + "catalog (formtui reads schemas from disk only: pass --schema FILE or --catalog DIR)"
                )
            }
            return try load(
                file: file, reason: "its own $schema", catalogs: catalogs, dialect: defaultDialect)
        }
        for catalog in catalogs {
            if let url = catalog.url(forFile: absolute(config.path)), let file = catalog.file(forURL: url) {
                return try load(
                    file: file, reason: "the catalog \(catalog.path)", catalogs: catalogs,
                    dialect: defaultDialect)
            }
        }
        return nil
    }

    /// Reads and compiles the schema in `file`.
    public static func load(
        file: String, reason: String, catalogs: [SchemaCatalogFolder], dialect: SchemaDialect
    ) throws(ConfigError) -> ConfigSchema {
        let document = try ConfigFile.readDocument(at: file, what: "schema")
        let base = "file://" + absolute(file)
        // The schema's own folder is a catalog too: SchemaStore's schemas refer to each other by
        // URL, and a folder of them holds each under the last part of its URL.
        let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) : "."
        let searched = catalogs + ((try? SchemaCatalogFolder(path: folder)).map { [$0] } ?? [])
        let resolver = SchemaResolverClosure { uri in Self.document(for: uri, catalogs: searched) }
        do {
            let schema = try JSONSchema(
                document.value, options: SchemaOptions(defaultDialect: dialect, baseURI: base),
                resolver: resolver)
            return ConfigSchema(schema: schema, file: file, reason: reason)
        } catch {
            throw ConfigError("the schema \(file) cannot be used: \(error)")
        }
    }

    /// A referenced document: a `file://` URI from disk, a URL from the catalogs' files.
    private static func document(for uri: String, catalogs: [SchemaCatalogFolder]) -> DocumentValue? {
        var path: String?
        if uri.hasPrefix("file://") {
            path = String(uri.dropFirst("file://".count))
        } else {
            path = catalogs.lazy.compactMap { $0.file(forURL: uri) }.first
        }
        guard let path, let document = try? ConfigFile.readDocument(at: path, what: "schema") else {
            return nil
        }
        return document.value
    }

    /// The file a reference names: a path (relative to the configuration's folder), a `file://`
    /// URI, or a URL found in a catalog.
    static func locate(_ reference: String, relativeTo folder: String, catalogs: [SchemaCatalogFolder])
        -> String?
    {
        if reference.hasPrefix("file://") { return String(reference.dropFirst("file://".count)) }
        if reference.contains("://") {
            return catalogs.lazy.compactMap { $0.file(forURL: reference) }.first
        }
        let path = reference.hasPrefix("/") ? reference : folder + "/" + reference
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
