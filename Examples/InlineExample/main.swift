import FormTUI

struct Deploy: Equatable {
    var name = "web"
    var tls = true
}

let form = Form<Deploy>(title: "Deploy") {
    Section("Target") {
        TextRow("Name", \.name)
        Toggle("TLS", \.tls)
    }
}

// Drawn in 8 lines below what the shell printed last (no alternate screen); cleared at the end.
let result = try form.run(state: Deploy(), options: FormRunOptions(display: .inline(height: .lines(8))))
if let saved = result.savedState {
    print("Deploy \(saved.name), TLS \(saved.tls ? "on" : "off")")
} else {
    print("Not deployed.")
}
