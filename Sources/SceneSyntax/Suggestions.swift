import Markup

// Did-you-mean: the closest allowed word by edit distance (`editDistance`, in Markup).
//
// Optimal string alignment distance (Levenshtein plus adjacent transposition, so "crad" → "card"
// costs 1, the commonest typo), compared case-insensitively first so "CornerRadius" finds
// "cornerRadius". A candidate counts only if it is close relative to its length: at most
// max(1, length/3) edits and fewer than half its characters, which accepts "fil" → "fill" and
// "dampnig" → "damping" but refuses "x" → "z" or "ot" → "to", guesses about one- and
// two-letter words that would mislead more often than help.

/// The candidate closest to `word`, if one is close enough to be a plausible typo.
/// Ties go to the earlier candidate, so the answer never depends on anything but the inputs.
package func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        guard distance <= max(1, candidate.count / 3), 2 * distance < candidate.count else { continue }
        if let current = best, current.distance <= distance { continue }
        best = (candidate, distance)
    }
    return best?.candidate
}

/// "did you mean 'card'?" for the closest candidate, or nil.
package func didYouMean(_ word: String, _ candidates: [String]) -> String? {
    closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
}

/// "a, b, c" — or the first `limit` followed by "and N more", so a message stays one short line.
package func listing(_ words: [String], limit: Int = 12) -> String {
    guard words.count > limit else { return words.joined(separator: ", ") }
    return words.prefix(limit).joined(separator: ", ") + " and \(words.count - limit) more"
}
