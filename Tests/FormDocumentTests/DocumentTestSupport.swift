import FormDocument

/// A path from its JSON pointer, for the tests of every format.
func path(_ pointer: String) -> DocumentPath { DocumentPath(pointer: pointer)! }
