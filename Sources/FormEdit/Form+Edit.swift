public import FormCore
public import FormDocument
public import FormSpec
public import FormTUI

extension Form where State == SpecAnswers {
    /// Opens a configuration file (JSON, JSONC, YAML or TOML) as a form built from its JSON
    /// Schema, in the terminal, until it is saved or left. Ctrl-S writes back only the bytes of
    /// the values that changed: comments, key order and layout stay as they were.
    ///
    /// ```swift
    /// let result = try Form.edit(file: "pyproject.toml", schema: "pyproject.schema.json")
    /// if case .saved(let document) = result { print(document.value["project"]?["name"] ?? "") }
    /// ```
    ///
    /// The schema is `schema` (a path), else the one the file names (`$schema`, a modeline),
    /// else the one a catalog folder (SchemaStore's `catalog.json`) matches to the file's name;
    /// without one, the form shows the values the file holds. A file that does not exist is
    /// created from the schema's defaults on save. `ConfigEditor` is the same call in two steps,
    /// for a form you change before it runs.
    ///
    /// - Returns: `.saved` with the document as written, `.cancelled`, or `.interrupted` (the
    ///   unsaved edit is kept in the journal and offered at the next run over the file).
    /// - Throws: `ConfigError` when the file cannot be read or does not parse (with its line and
    ///   column; the file is left as it was), `TerminalStartError` when there is no terminal.
    public static func edit(
        file: String, schema: String? = nil, catalogs: [String] = [],
        options: FormRunOptions = FormRunOptions()
    ) throws -> FormResult<Document> {
        try ConfigEditor(file: file, schema: schema, catalogs: catalogs).run(options: options)
    }
}
