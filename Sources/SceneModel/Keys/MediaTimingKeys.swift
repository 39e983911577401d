import SceneSyntax
import Timing

// The `CAMediaTiming` keys, shared by `items[i].timing` and every animation. Their values are
// checked by Timing's own `MediaTiming.validate` (the one place Core Animation's timing rules
// live), not by key checks here: the ranges below only write the schema's bounds and the docs.

enum MediaTimingKeys {
    /// Built once and never mutated, as `ItemKeys.spec` is (why there).
    nonisolated(unsafe) static let spec: ObjectSpec<MediaTiming> = definition
    /// Its keys, listed once.
    nonisolated(unsafe) static let declared = DeclaredKeys(spec)

    private static var definition: ObjectSpec<MediaTiming> {
        ObjectSpec(
            name: "mediaTiming", schemaPath: ["$defs", "layerTiming"], what: "a layer timing",
            doc: "The layer's own CAMediaTiming; composes parent → child.", prototype: MediaTiming(),
            keys: [
                .number(
                    "beginTime", \.beginTime, unit: "s",
                    doc:
                        "Begin in the parent's time, s. For an animation, 0 = the layer's local time when it is added.",
                    rangeDoc: "finite"),
                .number(
                    "timeOffset", \.timeOffset, unit: "s",
                    doc: "Offset in active local time, s (wraps, does not shorten).", rangeDoc: "finite"),
                .float(
                    "speed", \.speed, doc: "Parent → local rate; 0 freezes at `timeOffset`, negative plays backwards.",
                    rangeDoc: "finite, fits a Float"),
                .number(
                    "duration", \.duration, range: .nonNegative, unit: "s",
                    doc: "One pass, s. Animations: 0 = 0.25 s (springs: their settling duration). Layers: 0 = infinite."
                ),
                .custom(
                    "repeatCount", docType: "number or `forever`", doc: "Passes, may be fractional; 0 = one.",
                    defaultDoc: "`0`", rangeDoc: "≥ 0",
                    decode: { d, n, at, t in
                        if case .string("forever")? = n.scalarMeaning {
                            t.repeatCount = .infinity
                        } else {
                            guard case .number? = n.scalarMeaning else {
                                throw d.error(
                                    at: n, at(), "expected a number or 'forever', found \(n.foundDescription)")
                            }
                            t.repeatCount = try d.float(n, at: at())
                        }
                    }),
                .number(
                    "repeatDuration", \.repeatDuration, range: .nonNegative, unit: "s",
                    doc: "Seconds to repeat for; 0 = ignored; wins over `repeatCount`."),
                .bool("autoreverses", \.autoreverses, doc: "Play backwards after each pass."),
                .word("fillMode", \.fillMode, doc: "What shows outside the active span."),
            ])
    }
}

extension Key {
    /// A number that must fit a Float (Core Animation's `speed` and `repeatCount` are Floats).
    static func float(_ name: String, _ path: WritableKeyPath<Object, Float>, doc: String, rangeDoc: String? = nil)
        -> Key
    {
        Key(
            doc: KeyDoc(name: name, type: .number, doc: doc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in object[keyPath: path] = try d.float(node, at: at()) },
            check: nil,
            defaultValue: { .number(Double($0[keyPath: path])) })
    }
}
