// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "formtui",
    products: [
        // Everything a form author needs, in one import: `import FormTUI`.
        .library(name: "FormTUI", targets: ["FormTUI"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        .library(name: "FormUI", targets: ["FormUI"]),
        .library(name: "FormTerminal", targets: ["FormTerminal"]),
        .library(name: "FormPersistence", targets: ["FormPersistence"]),
        .library(name: "FormDemos", targets: ["FormDemos"]),
        .library(name: "FormDocument", targets: ["FormDocument"]),
        .library(name: "FormSchema", targets: ["FormSchema"]),
        .library(name: "FormEdit", targets: ["FormEdit"]),
        .executable(name: "formtui", targets: ["formtui"]),
        .executable(name: "formtui-bench", targets: ["FormBench"]),
    ],
    // The command line needs argument-parser; the form libraries do not. A package that uses only
    // the libraries turns the trait off (`.package(url: …, from: …, traits: [])`) and SwiftPM then
    // neither fetches nor builds it. (Spec files are read with FormDocument, whose YAML tokenizer
    // is the system's libyaml.)
    traits: [
        .trait(
            name: "CommandLine",
            description:
                "The formtui command line (swift-argument-parser)."
        ),
        .default(enabledTraits: ["CommandLine"]),
    ],
    dependencies: [
        // `swift package generate-documentation` (`make docs`); used by no target, so never
        // fetched by packages that depend on this one.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Generated key sequences in tests only: seeds, reproduction and shrinking.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // Ordered objects in the document model (a config's key order is part of its text).
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // The ncursesw C API, seen through a shim header of stateless wrappers.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libyaml from the system (Debian: libyaml-dev), not through Yams, whose Swift half imports
        // all of Foundation and with it ICU and its 34 MB of data: FormDocument's YAML tokenizer.
        .systemLibrary(
            name: "CLibYAML",
            path: "Sources/CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // C that must keep state: signal flags, crash-time terminal restore, stderr capture.
        .target(
            name: "CTerminalSupport",
            path: "Sources/CTerminalSupport",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        // The form model: no terminal, no files.
        .target(name: "FormCore"),
        // Canvas, table view with reusable cells, screens, keys, scripts: draws on a surface tests read.
        .target(name: "FormUI", dependencies: ["FormCore"]),
        // The real terminal through ncursesw.
        .target(
            name: "FormTerminal",
            dependencies: ["FormUI", "CNcursesw", "CTerminalSupport"]
        ),
        // Codable state as JSON files, written atomically, read and changed member by member
        // through FormDocument (the one JSON reader), so a person's own layout of a file stays.
        .target(
            name: "FormPersistence",
            dependencies: [
                "FormDocument", .product(name: "OrderedCollections", package: "swift-collections"),
            ]),
        // One import and one call: re-exports the four above; `Form.run` in the terminal or
        // headless, with a state file and its draft journal.
        .target(
            name: "FormTUI", dependencies: ["FormCore", "FormUI", "FormTerminal", "FormPersistence"]),
        // Configuration files (JSON, JSONC, YAML, TOML) read losslessly and edited by splices: one
        // reader a format, every node with its byte span and comments. No Swift package keeps a
        // config file's comments and layout through an edit, so this is ours. Depends on nothing
        // of ours; YAML's tokenizer is libyaml, whose marks give every node's exact bytes.
        .target(
            name: "FormDocument",
            dependencies: [
                "CLibYAML", .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // JSON Schema drafts 4 to 2020-12 over the document model's values: validation with errors
        // a form can place, and what a form needs to know of a schema. No Swift package here
        // validates JSON Schema, so this is ours (with its own ECMA-262 pattern engine, bounded).
        .target(name: "FormSchema", dependencies: ["FormDocument"]),
        // A configuration file opened against its schema: format by name or text, the schema from
        // the file, a catalog or the caller, errors placed on lines, values set, saved in place.
        .target(
            name: "FormEdit",
            dependencies: [
                "FormDocument", "FormSchema", "FormPersistence", "FormCore", "FormSpec", "FormTUI",
            ]),
        // The demo forms, as a library so tests and benchmarks can use them.
        .target(name: "FormDemos", dependencies: ["FormCore", "FormUI", "FormPersistence"]),
        // Forms described in YAML, TOML or JSON files, for `formtui form`: parsing, checks with
        // positions, the form over a dynamic state, and the answers as JSON or shell lines.
        .target(
            name: "FormSpec",
            dependencies: [
                "FormCore", "FormPersistence", "FormDocument",
            ]
        ),
        .executableTarget(
            name: "formtui",
            dependencies: [
                "FormDemos", "FormSpec", "FormTUI", "FormTerminal", "FormUI", "FormPersistence",
                "FormDocument", "FormSchema", "FormEdit",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser",
                    condition: .when(traits: ["CommandLine"])),
            ]
        ),
        // The library example of the README, kept here so that it is compiled with every build.
        .executableTarget(
            name: "HotspotExample",
            dependencies: ["FormTUI"],
            path: "Examples/HotspotExample"
        ),
        // The README's `Form.edit` example: a configuration file as a form, in one call.
        .executableTarget(
            name: "EditExample",
            dependencies: ["FormEdit", "FormTUI"],
            path: "Examples/EditExample"
        ),
        // `Form.run` drawn inline, below the shell's output: run by the end-to-end tests.
        .executableTarget(
            name: "InlineExample",
            dependencies: ["FormTUI"],
            path: "Examples/InlineExample"
        ),
        .executableTarget(
            name: "FormBench",
            dependencies: [
                "FormCore", "FormUI", "FormDemos", "FormSpec", "FormDocument", "FormSchema",
                "FormPersistence", "FormEdit",
            ],
            path: "Benchmarks/FormBench"
        ),
        // What the tests share: one headless driver of forms and apps, one reader of SVG pictures.
        .target(
            name: "FormTestSupport", dependencies: ["FormCore", "FormUI"], path: "Tests/FormTestSupport"),
        .testTarget(name: "FormCoreTests", dependencies: ["FormCore"]),
        .testTarget(name: "FormUITests", dependencies: ["FormUI", "FormCore", "FormTestSupport"]),
        .testTarget(name: "FormPersistenceTests", dependencies: ["FormPersistence"]),
        // The one import as a user has it: `Form.run` headless, the public tester, the result.
        .testTarget(name: "FormTUITests", dependencies: ["FormTUI"]),
        .testTarget(
            name: "FormDemosTests",
            dependencies: ["FormDemos", "FormUI", "FormCore", "FormPersistence", "FormTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "FormSpecTests", dependencies: ["FormSpec", "FormCore", "FormUI", "FormTestSupport"]),
        // Generated key sequences against every demo, checking invariants after every key.
        .testTarget(
            name: "GeneratedKeyTests",
            dependencies: [
                "FormDemos", "FormUI", "FormCore", "FormPersistence",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["FormTestSupport"]),
        .testTarget(name: "FormDocumentTests", dependencies: ["FormDocument", "FormTestSupport"]),
        .testTarget(
            name: "FormSchemaTests", dependencies: ["FormSchema", "FormDocument", "FormTestSupport"]),
        .testTarget(
            name: "FormEditTests",
            dependencies: [
                "FormEdit", "FormSchema", "FormDocument", "FormCore", "FormSpec", "FormTUI",
                "FormTestSupport",
            ]),
        // `make conformance`: other projects' suites in ../shared/suites, counted per suite.
        .executableTarget(
            name: "formtui-conformance",
            dependencies: ["FormDocument", "FormSchema", "FormEdit", "FormCore", "FormSpec"],
            path: "Conformance",
            exclude: ["recorded"]
        ),
        // The command line's own pieces: line mode at a pty, the terminal's answers, themes.
        .testTarget(
            name: "CommandLineParsingTests",
            dependencies: ["formtui", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // A row kind written as a library user would: another module, no @testable, public API only.
        .testTarget(
            name: "CustomRowTests",
            dependencies: ["FormCore", "FormUI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
