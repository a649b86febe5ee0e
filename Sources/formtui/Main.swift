@main
enum Main {
    static func main() {
        FormTUI.main()
    }
}
