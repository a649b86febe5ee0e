#if canImport(Glibc)
    import Glibc
#endif

@main
enum Main {
    static func main() {
        if let quick = QuickStart(arguments: Array(CommandLine.arguments.dropFirst())) {
            exit(quick.run())
        }
        FormTUI.main()
    }
}
