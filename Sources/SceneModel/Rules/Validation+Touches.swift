import SceneSyntax

// Ranges of `touches:` and of the canvas's device framing.

extension Scene {
    func checkTouchesAndFraming() throws(Violation) {
        try checkFinite(touches.size, at: "touches.size")
        if !(touches.size > 0 && touches.size <= 1000) {
            throw Violation(
                keyPath: "touches.size",
                message: "expected a diameter in points greater than 0 and at most 1000, found \(format(touches.size))",
                suggestion: "44 is a fingertip")
        }
        let shorter = min(canvas.size.width, canvas.size.height)
        try checkFinite(canvas.screenCornerRadius, at: "canvas.screenCornerRadius")
        if !(canvas.screenCornerRadius >= 0 && canvas.screenCornerRadius <= shorter / 2) {
            throw Violation(
                keyPath: "canvas.screenCornerRadius",
                message:
                    "expected a radius in points from 0 to half the canvas's shorter side (\(format(shorter / 2))), found \(format(canvas.screenCornerRadius))"
            )
        }
        if let frame = canvas.frame {
            try checkFinite(frame.width, at: "canvas.frame.width")
            if !(frame.width >= 0 && frame.width < shorter / 2) {
                throw Violation(
                    keyPath: "canvas.frame.width",
                    message:
                        "expected a width in points from 0 to less than half the canvas's shorter side (\(format(shorter / 2))), found \(format(frame.width))"
                )
            }
        }
    }
}
