/// A conservative linear pre-scan of YAML text for its nesting depth, so that Yams' recursive
/// composer never sees a file deep enough to overflow the stack.
///
/// Upper bound, never an under-estimate: the depth of a line is the number of enclosing block
/// indentation levels, plus the sequence/complex-key indicators (`- `, `? `) and `key: ` pairs
/// that open on the line, plus the open flow brackets (`[`, `{`) outside quotes and comments.
/// The bundled scenes score at most 13 (an over-estimate); the limit is 256.
package enum YAMLDepthScan {
    /// The first 1-based line whose estimated depth exceeds `limit`, with that depth; nil if none.
    package static func firstTooDeep(_ text: String, limit: Int) -> (line: Int, depth: Int)? {
        var indents: [Int] = []
        var flow = 0
        var line = 1
        var column = 0
        var atLineStart = true
        var lineOpenings = 0
        var inSingle = false
        var inDouble = false
        var inComment = false
        var previous: UInt8 = 0x20
        let bytes = Array(text.utf8)
        var i = 0
        func check() -> Bool { indents.count + lineOpenings + flow > limit }
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                column = 0
                atLineStart = true
                lineOpenings = 0
                inComment = false
                // Quoted scalars may span lines in YAML; keep the quote state.
                previous = 0x20
                i += 1
                continue
            }
            if inComment {
                i += 1
                continue
            }
            if atLineStart && flow == 0 && !inSingle && !inDouble {
                if c == 0x20 {
                    column += 1
                    i += 1
                    continue
                }
                atLineStart = false
                if c != 0x23 {  // not a comment line
                    while let last = indents.last, last >= column { indents.removeLast() }
                    indents.append(column)
                }
            }
            atLineStart = false
            if inDouble {
                if c == 0x5C {
                    i += 2
                    continue
                }  // backslash escape
                if c == 0x22 { inDouble = false }
            } else if inSingle {
                if c == 0x27 { inSingle = false }
            } else {
                let next: UInt8 = i + 1 < bytes.count ? bytes[i + 1] : 0x20
                let nextIsSpace = next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09
                switch c {
                case 0x23 where previous == 0x20 || previous == 0x09: inComment = true
                case 0x22: inDouble = true
                case 0x27
                where previous == 0x20 || previous == 0x5B || previous == 0x7B || previous == 0x2C || previous == 0x3A:
                    inSingle = true
                case 0x5B, 0x7B: flow += 1
                case 0x5D, 0x7D: flow = max(0, flow - 1)
                // Inside brackets the brackets are the nesting: `- `, `? ` and `key: ` there open
                // nothing, so a one-line flow list of any length scores its bracket depth.
                case 0x2D, 0x3F, 0x3A: if nextIsSpace && flow == 0 { lineOpenings += 1 }
                default: break
                }
                if check() { return (line, indents.count + lineOpenings + flow) }
            }
            previous = c
            i += 1
        }
        return nil
    }
}
