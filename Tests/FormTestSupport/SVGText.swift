import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an SVG picture of a screen back as text: the one SVG reader of the tests.
///
/// ```swift
/// let lines = try #require(SVGText.lines(of: SVGImage.render(canvas, theme: .standard)))
/// ```
package enum SVGText {
    /// The text of every `<text>` element, its `<tspan>`s joined; nil when the SVG is not XML.
    package static func lines(of svg: String) -> [String]? {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector.texts : nil
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if name == "text" { inText = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
    }
}
