// swift-tools-version:6.0
// A package that snapshot-tests its own scene with swift-snapshot-testing: `assertSnapshot(of:
// scene, as: .motion)` and `.trace` store a contact sheet and a trace excerpt in __Snapshots__.
// It depends on Flipbook by path (`../..`); a team writes
// `.package(url: "https://…/flipbook", from: "0.1.0")` instead.
import PackageDescription

let package = Package(
    name: "SnapshotTestingExample",
    dependencies: [
        .package(name: "Flipbook", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "ToastSnapshotTests",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "FlipbookSnapshotTesting", package: "Flipbook"),
            ],
            exclude: ["__Snapshots__"]
        )
    ]
)
