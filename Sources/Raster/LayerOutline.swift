/// A layer's body as every layer drawer sees it (`drawLayer`, `drawShadedLayer`, band-wise
/// frames): its rounded shape and, with a visible border, the border's inner edge. Core
/// Animation's border is the band between the two.
struct LayerOutline {
    let shape: RoundedRect
    /// The border's inner edge: nil without a visible border, and nil too when the border is so
    /// wide it swallows the whole shape (inner coverage then stays 0, so the border covers
    /// everything the shape does).
    let hole: RoundedRect?
    /// Whether the border shows: a positive width and a colour that is not clear.
    let hasBorder: Bool

    /// `rect`'s outline under `paint` (its border colour and opacity byte); nil when the layer
    /// shows nothing: opacity 0, or neither its fill (`fillShows`) nor its border shows.
    /// (`borrowing`: an initializer would otherwise take a copy of the rect, its arrays retained.)
    init?(of rect: borrowing DrawRect, paint: LayerPaint, fillShows: Bool) {
        hasBorder = rect.borderWidth > 0 && paint.border.a > 0
        guard paint.opacity > 0, fillShows || hasBorder else { return nil }
        shape = RoundedRect(
            size: rect.size, cornerRadius: rect.cornerRadius,
            maskedCorners: rect.maskedCorners, cornerCurve: rect.cornerCurve, transform: rect.transform)
        hole = hasBorder ? shape.inset(by: rect.borderWidth) : nil
    }
}
