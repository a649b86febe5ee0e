/// The TOML suites' runners (none yet: the TOML reader lands with them).
let tomlSuites: [ConformanceSuite] = []
