import CResidentPages

#if canImport(Glibc)
    import Glibc
#endif

@main
enum Main {
    static func main() {
        // Before anything else of main touches its pages (Sources/CResidentPages).
        formtui_split_cold_pages()
        if let quick = QuickStart(arguments: Array(CommandLine.arguments.dropFirst())) {
            exit(OutputFailure.status(after: quick.run()))
        }
        FormTUI.main()
    }
}
