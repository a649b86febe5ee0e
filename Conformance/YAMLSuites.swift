/// The YAML suites' runners (none yet: the YAML reader lands with them).
let yamlSuites: [ConformanceSuite] = []
