import FormEdit
import FormTUI

// `EditExample FILE [SCHEMA]`: the file as a form built from its JSON Schema (SCHEMA, else the
// one the file names, else none: a form of the values it holds). Ctrl-S writes back only the
// values that changed; comments, key order and layout stay as they were.
let arguments = Array(CommandLine.arguments.dropFirst())
let file = arguments.first ?? "settings.json"
switch try Form.edit(file: file, schema: arguments.dropFirst().first) {
case .saved(let document): print("Saved \(file) (\(document.bytes.count) bytes).")
case .cancelled: print("Nothing saved.")
case .interrupted: print("Stopped: the edit is kept as a draft for the next run.")
}
