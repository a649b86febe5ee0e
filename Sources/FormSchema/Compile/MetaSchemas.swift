import FormDocument

/// The meta-schemas of the five drafts, built in so that `$schema` and `$ref`s to them resolve
/// without a network (SchemaStore's schemas and the suite's "validate against the meta-schema"
/// cases use them). Written here in this module's own words after the drafts' published
/// meta-schemas, which JSON Schema's specification publishes for implementations to use
/// (BSD-3-Clause / AFL-3.0); only the keywords' constraints matter here, not their prose.
enum MetaSchemas {
    static func document(for uri: String) -> DocumentValue? {
        var key = uri
        if key.hasPrefix("http://json-schema.org/draft/") { key = "https://" + key.dropFirst(7) }
        if key.hasPrefix("https://json-schema.org/draft-") { key = "http://" + key.dropFirst(8) }
        return documents[key]
    }

    private static let documents: [String: DocumentValue] = {
        var result: [String: DocumentValue] = [:]
        for (uri, text) in texts {
            guard let node = try? JSONFormat().read(Array(text.utf8)) else {
                preconditionFailure("the built-in meta-schema \(uri) does not read as JSON")
            }
            result[uri] = node.value
        }
        return result
    }()

    private static let simpleTypes =
        ##"{"enum": ["array", "boolean", "integer", "null", "number", "object", "string"]}"##

    private static func draft4To7(_ version: String) -> String {
        let id = version == "04" ? "id" : "$id"
        let positive = version == "04" ? "positiveInteger" : "nonNegativeInteger"
        let boolOrSchema =
            version == "04"
            ? ##"{"anyOf": [{"type": "boolean"}, {"$ref": "#"}], "default": {}}"## : ##"{"$ref": "#"}"##
        var properties = ##"""
            "\##(id)": {"type": "string"},
            "$schema": {"type": "string"},
            "title": {"type": "string"},
            "description": {"type": "string"},
            "default": true,
            "maximum": {"type": "number"},
            "minimum": {"type": "number"},
            "maxLength": {"$ref": "#/definitions/\##(positive)"},
            "minLength": {"$ref": "#/definitions/\##(positive)Default0"},
            "pattern": {"type": "string", "format": "regex"},
            "additionalItems": \##(boolOrSchema),
            "items": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/schemaArray"}], "default": true},
            "maxItems": {"$ref": "#/definitions/\##(positive)"},
            "minItems": {"$ref": "#/definitions/\##(positive)Default0"},
            "uniqueItems": {"type": "boolean", "default": false},
            "maxProperties": {"$ref": "#/definitions/\##(positive)"},
            "minProperties": {"$ref": "#/definitions/\##(positive)Default0"},
            "required": {"$ref": "#/definitions/stringArray"},
            "additionalProperties": \##(boolOrSchema),
            "definitions": {"type": "object", "additionalProperties": {"$ref": "#"}, "default": {}},
            "properties": {"type": "object", "additionalProperties": {"$ref": "#"}, "default": {}},
            "patternProperties": {"type": "object", "additionalProperties": {"$ref": "#"}, "default": {}},
            "dependencies": {"type": "object", "additionalProperties": {"anyOf": [{"$ref": "#"}, {"$ref": "#/definitions/stringArray"}]}},
            "enum": {"type": "array"},
            "type": {"anyOf": [{"$ref": "#/definitions/simpleTypes"}, {"type": "array", "items": {"$ref": "#/definitions/simpleTypes"}, "minItems": 1, "uniqueItems": true}]},
            "format": {"type": "string"},
            "allOf": {"$ref": "#/definitions/schemaArray"},
            "anyOf": {"$ref": "#/definitions/schemaArray"},
            "oneOf": {"$ref": "#/definitions/schemaArray"},
            "not": {"$ref": "#"}
            """##
        if version == "04" {
            properties += ##"""
                ,
                "multipleOf": {"type": "number", "minimum": 0, "exclusiveMinimum": true},
                "exclusiveMaximum": {"type": "boolean", "default": false},
                "exclusiveMinimum": {"type": "boolean", "default": false}
                """##
        } else {
            properties += ##"""
                ,
                "$ref": {"type": "string", "format": "uri-reference"},
                "examples": {"type": "array"},
                "multipleOf": {"type": "number", "exclusiveMinimum": 0},
                "exclusiveMaximum": {"type": "number"},
                "exclusiveMinimum": {"type": "number"},
                "contains": {"$ref": "#"},
                "propertyNames": {"$ref": "#"},
                "const": true
                """##
        }
        if version == "07" {
            properties += ##"""
                ,
                "$comment": {"type": "string"},
                "readOnly": {"type": "boolean", "default": false},
                "writeOnly": {"type": "boolean", "default": false},
                "contentMediaType": {"type": "string"},
                "contentEncoding": {"type": "string"},
                "if": {"$ref": "#"},
                "then": {"$ref": "#"},
                "else": {"$ref": "#"}
                """##
        }
        let minimum = version == "04" ? "" : ##", "type": ["object", "boolean"]"##
        return ##"""
            {
                "\##(id)": "http://json-schema.org/draft-\##(version)/schema#",
                "$schema": "http://json-schema.org/draft-\##(version)/schema#",
                "definitions": {
                    "schemaArray": {"type": "array", "minItems": 1, "items": {"$ref": "#"}},
                    "\##(positive)": {"type": "integer", "minimum": 0},
                    "\##(positive)Default0": {"allOf": [{"$ref": "#/definitions/\##(positive)"}, {"default": 0}]},
                    "simpleTypes": \##(simpleTypes),
                    "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
                },
                "properties": {\##(properties)},
                "default": true\##(version == "04" ? ##", "type": "object", "dependencies": {"exclusiveMaximum": ["maximum"], "exclusiveMinimum": ["minimum"]}"## : minimum)
            }
            """##
    }

    /// A 2019-09 or 2020-12 vocabulary meta-schema: `{"properties": …}` with the draft's
    /// recursion (`$recursiveRef` / `$dynamicRef`).
    private static func vocabulary(_ draft: String, _ name: String, _ vocabularies: [String], _ body: String)
        -> (String, String)
    {
        let dynamic = draft == "2020-12"
        let anchor = dynamic ? ##""$dynamicAnchor": "meta""## : ##""$recursiveAnchor": true"##
        let uri =
            name.isEmpty
            ? "https://json-schema.org/draft/\(draft)/schema"
            : "https://json-schema.org/draft/\(draft)/meta/\(name)"
        let list = vocabularies.map { "\"https://json-schema.org/draft/\(draft)/vocab/\($0)\": true" }.joined(
            separator: ", ")
        let meta = dynamic ? ##"{"$dynamicRef": "#meta"}"## : ##"{"$recursiveRef": "#"}"##
        let text = ##"""
            {"$schema": "https://json-schema.org/draft/\##(draft)/schema", "$id": "\##(uri)",
             "$vocabulary": {\##(list)}, \##(anchor), "type": ["object", "boolean"], \##(body.replacing("META", with: meta))}
            """##
        return (uri, text)
    }

    private static let texts: [(String, String)] = {
        var texts: [(String, String)] = [
            ("http://json-schema.org/draft-04/schema", draft4To7("04")),
            ("http://json-schema.org/draft-06/schema", draft4To7("06")),
            ("http://json-schema.org/draft-07/schema", draft4To7("07")),
        ]
        let validation = ##"""
            "properties": {
                "type": {"anyOf": [{"$ref": "#/$defs/simpleTypes"}, {"type": "array", "items": {"$ref": "#/$defs/simpleTypes"}, "minItems": 1, "uniqueItems": true}]},
                "const": true, "enum": {"type": "array", "items": true},
                "multipleOf": {"type": "number", "exclusiveMinimum": 0},
                "maximum": {"type": "number"}, "exclusiveMaximum": {"type": "number"},
                "minimum": {"type": "number"}, "exclusiveMinimum": {"type": "number"},
                "maxLength": {"$ref": "#/$defs/nonNegativeInteger"}, "minLength": {"$ref": "#/$defs/nonNegativeIntegerDefault0"},
                "pattern": {"type": "string", "format": "regex"},
                "maxItems": {"$ref": "#/$defs/nonNegativeInteger"}, "minItems": {"$ref": "#/$defs/nonNegativeIntegerDefault0"},
                "uniqueItems": {"type": "boolean", "default": false},
                "maxContains": {"$ref": "#/$defs/nonNegativeInteger"}, "minContains": {"$ref": "#/$defs/nonNegativeInteger", "default": 1},
                "maxProperties": {"$ref": "#/$defs/nonNegativeInteger"}, "minProperties": {"$ref": "#/$defs/nonNegativeIntegerDefault0"},
                "required": {"$ref": "#/$defs/stringArray"},
                "dependentRequired": {"type": "object", "additionalProperties": {"$ref": "#/$defs/stringArray"}}
            },
            "$defs": {
                "nonNegativeInteger": {"type": "integer", "minimum": 0},
                "nonNegativeIntegerDefault0": {"$ref": "#/$defs/nonNegativeInteger", "default": 0},
                "simpleTypes": \##(simpleTypes),
                "stringArray": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "default": []}
            }
            """##
        let metaData = ##"""
            "properties": {
                "title": {"type": "string"}, "description": {"type": "string"}, "default": true,
                "deprecated": {"type": "boolean", "default": false}, "readOnly": {"type": "boolean", "default": false},
                "writeOnly": {"type": "boolean", "default": false}, "examples": {"type": "array", "items": true}
            }
            """##
        let content =
            ##""properties": {"contentEncoding": {"type": "string"}, "contentMediaType": {"type": "string"}, "contentSchema": META}"##
        let format = ##""properties": {"format": {"type": "string"}}"##
        let applicatorCommon = ##"""
            "contains": META, "additionalProperties": META,
            "properties": {"type": "object", "additionalProperties": META, "default": {}},
            "patternProperties": {"type": "object", "additionalProperties": META, "propertyNames": {"format": "regex"}, "default": {}},
            "dependentSchemas": {"type": "object", "additionalProperties": META, "default": {}},
            "propertyNames": META, "if": META, "then": META, "else": META,
            "allOf": {"$ref": "#/$defs/schemaArray"}, "anyOf": {"$ref": "#/$defs/schemaArray"}, "oneOf": {"$ref": "#/$defs/schemaArray"},
            "not": META
            """##
        // 2019-09
        texts += [
            vocabulary(
                "2019-09", "", ["core", "applicator", "validation", "meta-data", "format", "content"],
                ##"""
                "allOf": [{"$ref": "meta/core"}, {"$ref": "meta/applicator"}, {"$ref": "meta/validation"}, {"$ref": "meta/meta-data"}, {"$ref": "meta/format"}, {"$ref": "meta/content"}],
                "properties": {
                    "definitions": {"type": "object", "additionalProperties": META, "default": {}},
                    "dependencies": {"type": "object", "additionalProperties": {"anyOf": [META, {"$ref": "meta/validation#/$defs/stringArray"}]}}
                }
                """##),
            vocabulary(
                "2019-09", "core", ["core"],
                ##"""
                "properties": {
                    "$id": {"type": "string", "format": "uri-reference", "pattern": "^[^#]*#?$"},
                    "$schema": {"type": "string", "format": "uri"},
                    "$anchor": {"type": "string", "pattern": "^[A-Za-z][-A-Za-z0-9.:_]*$"},
                    "$ref": {"type": "string", "format": "uri-reference"},
                    "$recursiveRef": {"type": "string", "format": "uri-reference"},
                    "$recursiveAnchor": {"type": "boolean", "default": false},
                    "$vocabulary": {"type": "object", "propertyNames": {"type": "string", "format": "uri"}, "additionalProperties": {"type": "boolean"}},
                    "$comment": {"type": "string"},
                    "$defs": {"type": "object", "additionalProperties": META, "default": {}}
                }
                """##),
            vocabulary(
                "2019-09", "applicator", ["applicator"],
                ##"""
                "properties": {
                    "additionalItems": META, "unevaluatedItems": META,
                    "items": {"anyOf": [META, {"$ref": "#/$defs/schemaArray"}]},
                    "unevaluatedProperties": META,
                    \##(applicatorCommon)
                },
                "$defs": {"schemaArray": {"type": "array", "minItems": 1, "items": META}}
                """##),
            vocabulary("2019-09", "validation", ["validation"], validation),
            vocabulary("2019-09", "meta-data", ["meta-data"], metaData),
            vocabulary("2019-09", "format", ["format"], format),
            vocabulary("2019-09", "content", ["content"], content),
        ]
        // 2020-12
        texts += [
            vocabulary(
                "2020-12", "",
                [
                    "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation",
                    "content",
                ],
                ##"""
                "allOf": [{"$ref": "meta/core"}, {"$ref": "meta/applicator"}, {"$ref": "meta/unevaluated"}, {"$ref": "meta/validation"}, {"$ref": "meta/meta-data"}, {"$ref": "meta/format-annotation"}, {"$ref": "meta/content"}],
                "properties": {
                    "definitions": {"type": "object", "additionalProperties": META, "deprecated": true, "default": {}},
                    "dependencies": {"type": "object", "additionalProperties": {"anyOf": [META, {"$ref": "meta/validation#/$defs/stringArray"}]}, "deprecated": true, "default": {}},
                    "$recursiveAnchor": {"$ref": "meta/core#/$defs/anchorString", "deprecated": true},
                    "$recursiveRef": {"$ref": "meta/core#/$defs/uriReferenceString", "deprecated": true}
                }
                """##),
            vocabulary(
                "2020-12", "core", ["core"],
                ##"""
                "properties": {
                    "$id": {"$ref": "#/$defs/uriReferenceString", "pattern": "^[^#]*#?$"},
                    "$schema": {"$ref": "#/$defs/uriString"},
                    "$ref": {"$ref": "#/$defs/uriReferenceString"},
                    "$anchor": {"$ref": "#/$defs/anchorString"},
                    "$dynamicRef": {"$ref": "#/$defs/uriReferenceString"},
                    "$dynamicAnchor": {"$ref": "#/$defs/anchorString"},
                    "$vocabulary": {"type": "object", "propertyNames": {"$ref": "#/$defs/uriString"}, "additionalProperties": {"type": "boolean"}},
                    "$comment": {"type": "string"},
                    "$defs": {"type": "object", "additionalProperties": META}
                },
                "$defs": {
                    "anchorString": {"type": "string", "pattern": "^[A-Za-z_][-A-Za-z0-9._]*$"},
                    "uriString": {"type": "string", "format": "uri"},
                    "uriReferenceString": {"type": "string", "format": "uri-reference"}
                }
                """##),
            vocabulary(
                "2020-12", "applicator", ["applicator"],
                ##"""
                "properties": {
                    "prefixItems": {"$ref": "#/$defs/schemaArray"}, "items": META,
                    \##(applicatorCommon)
                },
                "$defs": {"schemaArray": {"type": "array", "minItems": 1, "items": META}}
                """##),
            vocabulary(
                "2020-12", "unevaluated", ["unevaluated"],
                ##""properties": {"unevaluatedItems": META, "unevaluatedProperties": META}"##),
            vocabulary("2020-12", "validation", ["validation"], validation),
            vocabulary("2020-12", "meta-data", ["meta-data"], metaData),
            vocabulary("2020-12", "format-annotation", ["format-annotation"], format),
            vocabulary("2020-12", "format-assertion", ["format-assertion"], format),
            vocabulary("2020-12", "content", ["content"], content),
        ]
        return texts
    }()
}
