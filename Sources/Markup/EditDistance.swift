/// Optimal string alignment distance (Levenshtein plus adjacent transposition, so "crad" → "card"
/// costs 1, the commonest typo): the one edit distance behind every did-you-mean the tools print
/// (scene keys and ids, font families, a mistyped goldens folder).
public func editDistance(_ a: String, _ b: String) -> Int {
    let s = Array(a)
    let t = Array(b)
    if s.isEmpty { return t.count }
    if t.isEmpty { return s.count }
    var previous2 = [Int](repeating: 0, count: t.count + 1)
    var previous = Array(0...t.count)
    var current = [Int](repeating: 0, count: t.count + 1)
    for i in 1...s.count {
        current[0] = i
        for j in 1...t.count {
            let cost = s[i - 1] == t[j - 1] ? 0 : 1
            var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                best = min(best, previous2[j - 2] + 1)
            }
            current[j] = best
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[t.count]
}
