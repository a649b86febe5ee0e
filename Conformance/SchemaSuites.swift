/// The Schema suites' runners (none yet: the Schema reader lands with them).
let schemaSuites: [ConformanceSuite] = []
