// swift-tools-version:6.0
// Flipbook: deterministic offline renderer of UI motion (UIKit Dynamics on Box2D, Core Animation timing).
// The target list is the architecture: data flows scene file → resolved scene → simulation →
// display list → rasterizer → PNG / ffmpeg. See README.md and each module's README.
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
    ],
    dependencies: [
        // Argument parsing for the thin CLI layer.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // libyaml-based YAML parser: gives line/column marks for precise scene errors.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .target(name: "Geometry", exclude: ["README.md"]),
        .target(name: "Determinism", exclude: ["README.md"]),
        .target(
            name: "CBox2D",
            cxxSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]
        ),
        .target(name: "Dynamics", dependencies: ["Geometry", "CBox2D"], exclude: ["README.md"]),
        .target(name: "Timing", dependencies: ["Geometry", "Raster"], exclude: ["README.md"]),
        .target(name: "CustomBehaviors", dependencies: ["Dynamics", "Geometry"], exclude: ["README.md"]),
        .target(name: "SceneModel", dependencies: ["Geometry", "Raster", .product(name: "Yams", package: "Yams")],
                exclude: ["README.md"]),
        .target(name: "Raster", dependencies: ["Geometry"], exclude: ["README.md"]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]),
        .target(name: "PNG", dependencies: ["CPNG"], exclude: ["README.md"]),
        .target(name: "Export", dependencies: ["PNG", "Raster"], exclude: ["README.md"]),
        .target(name: "Pipeline", dependencies: ["Geometry", "SceneModel", "Dynamics", "CustomBehaviors", "Raster", "PNG", "Export"],
                exclude: ["README.md"]),
        .target(name: "Benchmarks", dependencies: ["Geometry", "Determinism", "Raster", "PNG", "SceneModel", "Pipeline"], exclude: ["README.md"]),
        .executableTarget(
            name: "FlipbookCLI",
            dependencies: ["Pipeline", "SceneModel", "Export", "PNG", "Raster", "Benchmarks", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "BuildSceneInCode", dependencies: ["Pipeline", "SceneModel", "Geometry", "Raster"], path: "Examples/BuildSceneInCode"),

        .target(name: "TestSupport", dependencies: ["Determinism"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing"]),
        .testTarget(name: "CustomBehaviorsTests", dependencies: ["CustomBehaviors", "Determinism"]),
        .testTarget(name: "SceneModelTests", dependencies: ["SceneModel"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PNG", "Determinism"], resources: [.copy("Goldens")]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "Determinism"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Export", "PNG", "TestSupport"]),
        .testTarget(name: "BenchmarksTests", dependencies: ["Benchmarks", "Raster", "Determinism"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PNG", "FlipbookCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
