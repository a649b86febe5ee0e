import Testing

/// The suites that read a line at a pseudo-terminal. Each read sets process-wide signal actions
/// (SIGCONT, and the stop signals for a secret) and puts back what it found there, so two reads at
/// once, from suites running in parallel, put back each other's: a read was left deaf to SIGCONT
/// (`aContinuedReadAsksAgain` timed out in a full run). They run one at a time.
@Suite(.serialized) enum LinesAtATerminal {}
