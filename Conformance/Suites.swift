/// Every suite `make conformance` runs, in order. Each format's runners live in a file of their
/// own (JSONSuites.swift, TOMLSuites.swift, YAMLSuites.swift, SchemaSuites.swift).
let conformanceSuites: [ConformanceSuite] = jsonSuites + tomlSuites + yamlSuites + schemaSuites + editSuites
