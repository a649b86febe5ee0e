/// Every suite `make conformance` runs, in order. Each runner lives in a file of its own.
let conformanceSuites: [ConformanceSuite] = [
]
