import Foundation
import SceneSyntax
import Text

// The declarations of `items[i].text` and its `font`, and of the top-level `fonts:` list.
// Defaults come from `TextSpec` and `Text.TextStyle`; numbers are checked by their declared
// ranges. The string's length and whether a family exists are `checked` rules of their own: the
// family needs the scene's own fonts, so that check reads the scene's registry.

enum TextKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<TextSpec> = definition
    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<TextSpec> {
        ObjectSpec(
            name: "text", schemaPath: ["$defs", "text"], what: "a text",
            doc:
                "Text drawn by Flipbook: shaped by HarfBuzz, bidi by FriBidi, glyph outlines from FreeType filled by Flipbook's rasterizer.",
            prototype: TextSpec(string: ""),
            keys: [
                .string(
                    "string", \.string, required: "string: the text to draw",
                    doc: "The characters; `\"\\n\"` breaks lines.",
                    rangeDoc: "≤ \(TextLimits.maxStringScalars.formatted) Unicode scalars",
                    schemaBounds: [("maxLength", .int(TextLimits.maxStringScalars))]
                ).checked { _, text, at in
                    let scalars = text.string.unicodeScalars.count
                    if scalars > TextLimits.maxStringScalars {
                        throw Violation(
                            keyPath: at,
                            message:
                                "text of \(scalars) Unicode scalars is longer than the limit of \(TextLimits.maxStringScalars)"
                        )
                    }
                },
                .custom(
                    "font", docType: "mapping", doc: "Family, size and weight, see [below](#font-itemsitextfont).",
                    defaultDoc: "Inter 17 pt regular",
                    decode: { d, node, at, text in
                        try d.decode(FontKeys.spec, node, at: at(), into: &text.style, declared: FontKeys.declared)
                    },
                    check: { scene, text, at in try FontKeys.spec.check(text.style, in: scene, at: at) }),
                .colour(
                    "color", \.color, doc: "Animatable as `textColor` (alias `foregroundColor`, CATextLayer's name)."),
                .word(
                    "alignment", \.style.alignment,
                    doc: "Each line in the bounds' width; `natural` is right for a right-to-left paragraph."),
                .integer(
                    "numberOfLines", \.style.numberOfLines, range: .atLeast(0), noun: "a number of lines",
                    doc: "As UILabel; 0 = unlimited."),
                .word(
                    "lineBreakMode", \.style.lineBreakMode,
                    doc:
                        "Lines break at word boundaries (and between CJK characters; a word wider than the line breaks between characters). `wordWrap` drops lines past `numberOfLines`; `truncateTail` ends the last one with \"…\"."
                ),
                .word(
                    "verticalAlignment", \.style.verticalAlignment,
                    doc:
                        "Where the lines sit in the bounds' height: `center` as UILabel draws, `top` as CATextLayer does. With `center` and `bottom` the height also limits the lines, as UILabel's does: the whole lines that fit (at least one), the last cut by `lineBreakMode`; with `top` every line is drawn, past the bottom if need be."
                ),
                .bool(
                    "adjustsFontSizeToFitWidth", \.style.adjustsFontSizeToFitWidth,
                    doc:
                        "As UILabel: the font shrinks, down to `minimumScaleFactor` of its size, until the whole text fits the bounds (the largest such size, to 1/1024 of the range); at the floor the text is cut as usual."
                ),
                .number(
                    "minimumScaleFactor", \.style.minimumScaleFactor, range: .closed(0, 1),
                    noun: "a minimum scale factor",
                    doc:
                        "The smallest scale `adjustsFontSizeToFitWidth` may use; 0 (UILabel's default) keeps the size."
                ),
                .number(
                    "lineHeight", \.style.lineHeight, range: .positiveAtMost(10_000), noun: "a line height in points",
                    unit: "points",
                    doc:
                        "Baseline-to-baseline distance in points; the font's ascender and descender are centred in it.",
                    defaultDoc: "the font's"
                ),
                .number(
                    "letterSpacing", \.style.letterSpacing, range: .closed(-1000, 1000),
                    noun: "a letter spacing in points",
                    unit: "points",
                    doc: "Points after every glyph that advances (NSAttributedString's `kern`)."),
            ])
    }

    /// `fonts: [file, …]` at the top level, read by `SceneDecoder.decodeFonts`.
    static var fonts: Key<Scene> {
        .custom(
            "fonts", docType: "list of strings",
            doc:
                "The scene's own font files (`.ttf`, `.otf`, `.ttc`), relative to the scene file; their families join Inter and DejaVu Sans, for text items and for the `<text>` of icons and layered SVGs. A path leaving the folder, a missing file or one FreeType cannot open is a load error at its entry.",
            defaultDoc: "`[]`",
            rangeDoc:
                "≤ \(TextLimits.maxSceneFonts) files, each ≤ \(TextLimits.maxFontFileBytes >> 20) MiB, inside the scene's folder",
            decode: { d, node, _, scene in scene.fonts = try d.decodeFonts(node) })
    }

    /// `fonts`, read by hand before the items (`SceneDecoder.decode`): icons set text in them.
    static var fontsReadFirst: Key<Scene> { fonts.readByHand }
}

enum FontKeys {
    /// UIFont.Weight names and their CSS weights.
    static let weightNames = [
        ("ultraLight", 200), ("thin", 100), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<TextStyle> = definition

    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<TextStyle> {
        ObjectSpec(
            name: "font", schemaPath: ["$defs", "text", "properties", "font"], what: "a font",
            doc: "The font. Default Inter 17 pt regular.", prototype: TextStyle(),
            keys: [
                .string(
                    "family", \.family,
                    doc: "An unknown family is a load error listing the available ones, with a suggestion.",
                    rangeDoc: "`Inter`, `DejaVu Sans`, or a family from `fonts:` (case-insensitive)", hasDefault: true
                ).checked { scene, style, at in
                    do {
                        _ = try scene.fontRegistry.face(family: style.family, weight: style.weight)
                    } catch let TextError.unknownFamily(name, available, suggestion) {
                        throw Violation(
                            keyPath: at,
                            message: "unknown font family \"\(name)\"; available: \(available.joined(separator: ", "))",
                            suggestion: suggestion.map { "did you mean \"\($0)\"?" }
                                ?? "add the font file to the scene's fonts: list")
                    } catch {
                        throw Violation(keyPath: at, message: "\(error)")
                    }
                },
                .number(
                    "size", \.size, range: .closed(TextLimits.fontSizes.lowerBound, TextLimits.fontSizes.upperBound),
                    noun: "a font size in points", unit: "points", doc: "Points per em."),
                Key(
                    doc: KeyDoc(
                        name: "weight", type: .other(docType: "integer or name", schemaRef: nil),
                        doc: "The nearest face by CSS font matching.",
                        rangeDoc:
                            "1 … 1000, or "
                            + weightNames.map { "`\($0.0)` \($0.1)" }.joined(separator: ", ")),
                    decode: { d, node, at, style in style.weight = try d.fontWeight(node, at: at()) },
                    check: { _, style, at in
                        if !(1...1000).contains(style.weight) {
                            throw Violation(
                                keyPath: at,
                                message:
                                    "expected a weight from 1 to 1000 (400 regular, 700 bold), found \(style.weight)")
                        }
                    },
                    defaultValue: { .int($0.weight) }),
            ])
    }
}

extension Int {
    /// `10000` as `10,000`, for the docs.
    fileprivate var formatted: String {
        let digits = String(self)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}

extension Key {
    /// The same key without a default (an argument only some calls take, and then need).
    var withoutDefault: Key {
        var key = self
        key.defaultValue = nil
        key.doc.defaultDoc = "—"
        return key
    }

    /// The same key with its own rule in place of the range's (the range still writes the schema's
    /// bounds and the docs' range cell): for rules whose words tests and users already know.
    func checked(_ check: @escaping (Scene, Object, String) throws -> Void) -> Key {
        var key = self
        key.check = check
        return key
    }
}
