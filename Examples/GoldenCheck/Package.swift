// swift-tools-version:6.0
// An example of a package that depends on Flipbook: its own scene, its own goldens, and a golden
// check in its own `swift test`. It depends on Flipbook by path (`../..`); a team would write
// `.package(url: "https://…/flipbook", from: "…")` instead, which works because Flipbook's library
// products carry no unsafe flags when Flipbook is a dependency (see Flipbook's Package.swift).
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
                .product(name: "Goldens", package: "Flipbook"),
                .product(name: "SceneModel", package: "Flipbook"),
            ]
        )
    ]
)
