/// The JSON suites' runners (none yet: the JSON reader lands with them).
let jsonSuites: [ConformanceSuite] = []
