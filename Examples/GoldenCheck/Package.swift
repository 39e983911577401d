// swift-tools-version:6.0
// An example of a package that depends on Flipbook: its own scene, its own goldens, and a golden
// check in its own `swift test`, and the README's Swift example. It depends on Flipbook by path
// (`../..`); a team writes `.package(url: "https://…/flipbook", from: "0.1.0")` instead, and
// `make test` builds a copy of this package that way, against a tagged clone of Flipbook.
import PackageDescription

let package = Package(
    name: "GoldenCheck",
    dependencies: [
        .package(name: "Flipbook", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "GoldenCheckTests",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook")
            ]
        )
    ]
)
