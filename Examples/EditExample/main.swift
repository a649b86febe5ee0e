import FormEdit
import FormTUI

// `EditExample FILE [SCHEMA]`: the file as a form built from its JSON Schema (the schema it
// names, or none: a form of its values). Ctrl-S writes back only the values that changed.
let arguments = CommandLine.arguments.dropFirst()
guard let file = arguments.first else {
    print("usage: EditExample FILE [SCHEMA]")
    exit(2)
}
switch try Form.edit(file: file, schema: arguments.dropFirst().first) {
case .saved(let document): print("Saved \(file) (\(document.bytes.count) bytes).")
case .cancelled: print("Nothing saved.")
case .interrupted: print("Stopped: the edit is kept as a draft for the next run.")
}
