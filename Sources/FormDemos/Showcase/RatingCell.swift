import FormCore
import FormUI

/// Draws a rating as stars with the standard row look: `Rating ....  ★★★★☆`.
public final class RatingCell: RowCell {
    private var content = RatingContent(title: "", stars: 0, maximum: 5)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: RatingContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = RatingContent(title: "", stars: 0, maximum: 5)
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let filled = String(repeating: "★", count: content.stars)
        let empty = String(repeating: "☆", count: content.maximum - content.stars)
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: [(filled, .on), (empty, .off)])
    }
}

extension RatingContent: CellContent { public typealias Cell = RatingCell }
