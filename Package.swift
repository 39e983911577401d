// swift-tools-version:6.0
// Flipbook: deterministic offline renderer of UI motion (UIKit Dynamics on Box2D, Core Animation timing).
// The target list is the architecture: data flows scene file → resolved scene → simulation →
// display list → rasterizer → PNG / ffmpeg. See README.md and each module's README.
import PackageDescription

// Layering rule: the model and timing never import the rasterizer, PNG or export.
// `Timing`, `SceneModel` (and the leaf modules under them: `Geometry`, `Colors`, `VideoFormats`)
// list none of `Raster`, `CRasterKernels`, `PNG`, `CPNG` or `Export` in their dependencies, and
// `Tests/PipelineTests/LayeringTests.swift` greps their sources' imports and walks their whole
// dependency closures so the rule holds. Images (decoded `image:` files, a plain `SceneImage`)
// reaches PNG's reader, never Raster: the pipeline builds the drawable picture once per render.

// Hot loops (Box2D, the raster kernels, ImageDiff's per-pixel loops) are compiled with -O even in
// debug builds of this checkout, so `swift test` (a debug build) does not spend minutes in them.
// Only when this package is the root or a local (path) dependency: SwiftPM refuses unsafe flags
// in a versioned dependency, so a package that depends on Flipbook by version (its checkout lies
// under `.build/checkouts/`) sees none and gets SwiftPM's own optimisation in `-c release`.
let optimizesInDebug = !Context.packageDirectory.contains("/checkouts/")
func debugFlags(_ flags: [String]) -> [String]? { optimizesInDebug ? flags : nil }
let fastDebugC: [CSetting] = debugFlags(["-O2"]).map { [.unsafeFlags($0, .when(configuration: .debug))] } ?? []
let fastDebugCXX: [CXXSetting] = debugFlags(["-O2"]).map { [.unsafeFlags($0, .when(configuration: .debug))] } ?? []
let fastDebugSwift: [SwiftSetting] = debugFlags(["-O"]).map { [.unsafeFlags($0, .when(configuration: .debug))] } ?? []

let package = Package(
    name: "Flipbook",
    products: [
        .executable(name: "flipbook", targets: ["FlipbookCLI"]),
        // `flipbook studio` runs this program from beside `flipbook`: the server stack (Hummingbird,
        // swift-nio) is built only for it, never for rendering.
        .executable(name: "flipbook-studio", targets: ["FlipbookStudio"]),
        // For packages that build, load, render or check scenes in their own code and tests
        // (`import Flipbook`: Examples/GoldenCheck depends on it by path, and `make test` once by version).
        .library(name: "Flipbook", targets: ["Flipbook"]),
        // Snapshot strategies for swift-snapshot-testing: `assertSnapshot(of: scene, as: .motion)`.
        .library(name: "FlipbookSnapshotTesting", targets: ["FlipbookSnapshotTesting"]),
    ],
    dependencies: [
        // Argument parsing for the thin CLI layer.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // libyaml-based YAML parser: gives line/column marks for precise scene errors.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // The studio's local HTTP server (server-sent events for live reload).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own networking; named for the bound socket's port (`--port 0`).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Hummingbird's logger, set to errors only so the studio's terminal shows its own lines.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The snapshot-testing library Swift developers already use; FlipbookSnapshotTesting adds
        // strategies for scenes to it (its SnapshotTesting product only: no swift-syntax is built).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation`: the library products' reference (`make docs`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "Geometry", exclude: ["README.md"]),
        // Leaf modules the model names without the rasterizer or the encoder.
        .target(name: "Colors", dependencies: ["Geometry"], exclude: ["README.md"]),
        .target(name: "VideoFormats", exclude: ["README.md"]),
        // Atomic, durable file writes (temporary name, fsync, rename, fsync of the folder).
        .target(name: "FileSystem", exclude: ["README.md"]),
        .target(name: "Determinism", exclude: ["README.md"], swiftSettings: fastDebugSwift),
        // Vector shapes in path units: the stroker, SVG path data, shape helpers (knows no pixels).
        .target(name: "Shapes", dependencies: ["Geometry", "CPolygonUnion"], exclude: ["README.md"]),
        // Polygon union (Clipper, Debian's libpolyclipping) for strokes of several pieces.
        .target(
            name: "CPolygonUnion",
            exclude: ["README.md"],
            cxxSettings: fastDebugCXX,
            linkerSettings: [.linkedLibrary("polyclipping"), .linkedLibrary("stdc++")]
        ),
        .target(name: "Markup"),
        .target(
            name: "CBox2D",
            cxxSettings: fastDebugCXX,
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]
        ),
        // The values behaviour parameters accept, shared by Dynamics (Swift API) and SceneModel (scene files).
        .target(name: "BehaviorRules", exclude: ["README.md"]),
        .target(name: "Dynamics", dependencies: ["Geometry", "CBox2D", "BehaviorRules"], exclude: ["README.md"]),
        .target(name: "Timing", dependencies: ["Geometry", "Colors"], exclude: ["README.md"]),
        // Scroll views and flicks: rubber band, glide, bounce and paging as closed forms of time.
        .target(name: "Scrolling", dependencies: ["Geometry", "Timing"], exclude: ["README.md"]),
        .target(name: "CustomBehaviors", dependencies: ["Dynamics", "Geometry"], exclude: ["README.md"]),
        // Icons from SVG files (a checked subset, parsed by Foundation's XMLParser over libxml2).
        .target(
            name: "Icons",
            dependencies: ["Geometry", "Colors", "Shapes", "Determinism", "Images", "Text", "CLibDeflate"],
            exclude: ["README.md"]),
        // A scene file's text as a located tree (YAML, strict JSON), and the one error type.
        .target(
            name: "SceneSyntax", dependencies: ["Markup", .product(name: "Yams", package: "Yams")],
            exclude: ["README.md"]),
        // The resolved scene, its key declarations, the decoding from the tree and the rules.
        .target(
            name: "SceneModel",
            dependencies: [
                "SceneSyntax", "Geometry", "Colors", "VideoFormats", "Timing", "Shapes", "Icons", "Text",
                "BehaviorRules",
                "Images", "Scrolling", "LottiePlayback",
            ],
            exclude: ["README.md"]),
        // scenes/schema.json and docs/scene-format.md's key tables, generated from the declarations.
        .target(name: "SceneSchema", dependencies: ["SceneModel", "SceneSyntax"], exclude: ["README.md"]),
        // A file to a validated scene: the file checks, components and imports, controls and write-back.
        .target(
            name: "SceneLoading", dependencies: ["SceneModel", "SceneSyntax", "Colors", "Geometry", "Markup", "Kit"],
            exclude: ["README.md"]),
        // Component files shipped with Flipbook (`imports: [ios]`): the iOS kit.
        .target(name: "Kit", exclude: ["README.md"], resources: [.copy("ios")]),
        // The rasterizer's innermost loops (sweep and blend, AVX2 chosen at run time), -O even in
        // debug builds (`fastDebugC`): debug test builds would otherwise spend minutes in them.
        .target(name: "CRasterKernels", exclude: ["README.md"], cSettings: fastDebugC),
        // -O in debug too (`fastDebugSwift`): the shadow blur and the per-pixel paint code are Swift,
        // and unoptimised they made a debug render 10x slower, which the end-to-end tests pay.
        .target(
            name: "Raster", dependencies: ["Geometry", "Colors", "Shapes", "CRasterKernels"], exclude: ["README.md"],
            swiftSettings: fastDebugSwift),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]),
        // The PNG writer: libdeflate (a system-library target found by pkg-config) and our own
        // chunk framing; libpng (CPNG) stays the reader and the zlib writer.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "CPNGDeflate", dependencies: ["CLibDeflate"], exclude: ["README.md"], cSettings: fastDebugC),
        .target(name: "PNG", dependencies: ["CPNG", "CPNGDeflate", "FileSystem"], exclude: ["README.md"]),
        // RGBA to yuv420p for the MP4 writer, exact integers (Sources/CVideoPixels/README.md).
        .target(name: "CVideoPixels", exclude: ["README.md"], cSettings: fastDebugC),
        .target(name: "Export", dependencies: ["FileSystem", "VideoFormats", "CVideoPixels"], exclude: ["README.md"]),
        // JPEG decoding: the system libjpeg-turbo's TurboJPEG API (pkg-config supplies the flags).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        // Image files (PNG, JPEG) decoded within limits into sRGB pixels for `image:` items.
        // WebP images (libwebp): still images, lossy and lossless, for `image:` items.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        // `lottie:` on an item: a Lottie file checked before rlottie reads it, and played frame by frame.
        .target(name: "LottiePlayback", dependencies: ["CRLottie", "Determinism"], exclude: ["README.md"]),
        .target(name: "Images", dependencies: ["PNG", "Determinism", "CTurboJPEG", "CWebP"], exclude: ["README.md"]),
        // The text libraries as system-library targets: pkg-config supplies include paths and
        // link flags (no unsafeFlags), each a module map over the library's own headers.
        .systemLibrary(
            name: "CFreeTypeSystem", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // The figures' FreeType shim, compiled against the system target's headers.
        .target(name: "CFreeType", dependencies: ["CFreeTypeSystem"]),
        // Fonts, shaping, bidi and line breaking: strings become glyph outlines (Geometry.Path).
        .target(
            name: "Text",
            dependencies: ["Geometry", "Determinism", "Markup", "CFreeTypeSystem", "CHarfBuzz", "CFriBidi"],
            exclude: ["README.md"]),
        .target(
            name: "Figures",
            dependencies: ["Markup", "Geometry", "Raster", "PNG", "Pipeline", "SceneModel", "CFreeType"],
            exclude: ["README.md"]),
        .target(
            name: "Pipeline",
            dependencies: [
                "SceneSyntax",
                "Determinism", "Geometry", "Shapes", "Icons", "Images", "SceneModel", "Text", "Dynamics",
                "CustomBehaviors", "Raster", "PNG", "Export", "Timing", "Scrolling", "LottiePlayback",
            ],
            exclude: ["README.md"]),
        // `flipbook export --format lottie`: a scene's ticks read back into Lottie layers with fitted keyframes.
        .target(
            name: "LottieExport",
            dependencies: [
                "Geometry", "Colors", "Raster", "PNG", "Pipeline", "SceneModel", "SceneSyntax", "CLibDeflate",
            ],
            exclude: ["README.md"]),
        .target(
            name: "Benchmarks",
            dependencies: [
                "Geometry", "Determinism", "Raster", "Shapes", "PNG", "Export", "SceneModel", "Pipeline", "Text",
                "Icons", "Colors", "FileSystem",
            ], exclude: ["README.md"]),
        // Comparison strategies and reports (knows no scene types); the render-and-compare of goldens on top.
        // -O even in debug builds (`fastDebugSwift`): the per-pixel loops (hash, YIQ distance) run
        // ~20× faster, which keeps `swift test` (a debug build) fast on 640×1136 frames.
        .target(
            name: "ImageDiff", dependencies: ["Markup", "PNG", "Determinism"], exclude: ["README.md"],
            swiftSettings: fastDebugSwift),
        // The self-contained HTML player written beside every render's frames (plain HTML/CSS/JS resources).
        .target(
            name: "Player", dependencies: ["Markup", "Pipeline", "SceneModel", "Export"], exclude: ["README.md"],
            resources: [.copy("Resources")]),
        // `flipbook studio`: a local server over the same pipeline the CLI calls, with live reload.
        .target(
            name: "Studio",
            dependencies: [
                "SceneLoading",
                "Pipeline", "SceneModel", "Export", "Player", "Markup",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]),
        .target(
            name: "Goldens",
            dependencies: ["SceneLoading", "ImageDiff", "Pipeline", "SceneModel", "PNG", "Player", "Raster"],
            exclude: ["README.md"]),
        .target(
            name: "Flipbook",
            dependencies: [
                "Colors", "Dynamics", "Geometry", "Goldens", "ImageDiff", "Pipeline", "SceneLoading", "SceneModel",
                "SceneSyntax", "Timing",
            ],
            exclude: ["README.md"]),
        .target(
            name: "FlipbookSnapshotTesting",
            dependencies: [
                "Figures", "ImageDiff", "PNG", "SceneModel", "Geometry",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["README.md"]),
        .executableTarget(
            name: "FlipbookCLI",
            dependencies: [
                "SceneLoading", "SceneSchema", "SceneSyntax",
                "Pipeline", "SceneModel", "Export", "PNG", "Raster", "Benchmarks", "Figures", "ImageDiff", "Goldens",
                "Markup", "Player", "LottieExport", "FileSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "FlipbookStudio",
            dependencies: ["Studio", "Export", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "BuildSceneInCode", dependencies: ["Pipeline", "SceneModel", "Geometry", "Raster", "Dynamics"],
            path: "Examples/BuildSceneInCode"),

        .target(name: "TestSupport", dependencies: ["Determinism"], path: "Tests/TestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "ShapesTests", dependencies: ["Shapes", "Geometry", "Raster"]),
        .testTarget(name: "IconsTests", dependencies: ["Icons", "Geometry", "Raster", "Text"]),
        .testTarget(name: "DeterminismTests", dependencies: ["Determinism"]),
        .target(
            name: "DynamicsTestSupport", dependencies: ["Dynamics", "Geometry"], path: "Tests/DynamicsTestSupport"),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "DynamicsTestSupport", "Determinism"]),
        .testTarget(name: "TimingTests", dependencies: ["Timing", "Colors", "Determinism"]),
        .testTarget(name: "ScrollingTests", dependencies: ["Scrolling", "Geometry"]),
        .testTarget(
            name: "CustomBehaviorsTests", dependencies: ["CustomBehaviors", "Determinism", "DynamicsTestSupport"]),
        .testTarget(
            name: "SceneModelTests",
            dependencies: [
                "SceneLoading", "SceneSchema", "SceneSyntax", "SceneModel", "Markup", "Text", "Raster", "Kit", "Colors",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "RasterTests",
            dependencies: ["Raster", "CRasterKernels", "PNG", "Determinism", "Shapes", "TestSupport"],
            resources: [.copy("Goldens")]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Geometry", "Raster", "CFreeType", "TestSupport"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "Determinism"]),
        .testTarget(name: "LottiePlaybackTests", dependencies: ["LottiePlayback"]),
        .testTarget(
            name: "ImagesTests",
            dependencies: [
                "SceneLoading", "SceneSyntax",
                "Images", "Raster", "Pipeline", "PNG", "Geometry", "SceneModel", "Determinism", "CRasterKernels",
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "PNG", "TestSupport", "CVideoPixels"]),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "SceneLoading", "SceneSyntax", "SceneModel", "Pipeline", "Export", "PNG", "TestSupport",
                "LottiePlayback",
            ]),
        .testTarget(
            name: "BenchmarksTests", dependencies: ["Benchmarks", "Raster", "Determinism", "PNG"],
            exclude: ["callgrind-budget.txt"]),
        .testTarget(
            name: "FiguresTests",
            dependencies: ["SceneLoading", "Figures", "Pipeline", "SceneModel", "Raster", "PNG", "Geometry"],
            resources: [.copy("Goldens")]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "PNG", "Determinism", "TestSupport"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player"]),
        .testTarget(
            name: "FlipbookSnapshotTestingTests",
            dependencies: [
                "FlipbookSnapshotTesting", "SceneModel", "SceneLoading", "PNG", "ImageDiff", "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "TestSupport"]),
        .testTarget(
            name: "GoldensTests",
            dependencies: ["Goldens", "ImageDiff", "SceneModel", "Geometry", "Raster", "PNG", "TestSupport"]),
        .testTarget(name: "LottieExportTests", dependencies: ["LottieExport", "Geometry", "Raster", "Colors"]),
        .testTarget(name: "EndToEndTests", dependencies: ["PNG", "FlipbookCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer harnesses (Tests/Fuzz/README.md) are products only when FLIPBOOK_FUZZERS is set, as
// `make fuzz-build` sets it: they are built with AddressSanitizer in a build folder of their own,
// and leaving them out of every other build spares the suite's debug build six executables'
// compiles and links (about 40 s of CPU on 2 cores, measured) that no test runs.
if Context.environment["FLIPBOOK_FUZZERS"] != nil {
    package.products += [
        .executable(name: "scene-decode-fuzzer", targets: ["SceneDecodeFuzzer"]),
        .executable(name: "icon-load-fuzzer", targets: ["IconLoadFuzzer"]),
        .executable(name: "image-decode-fuzzer", targets: ["ImageDecodeFuzzer"]),
        .executable(name: "text-shape-fuzzer", targets: ["TextShapeFuzzer"]),
        .executable(name: "raster-fuzzer", targets: ["RasterFuzzer"]),
        .executable(name: "scene-render-fuzzer", targets: ["SceneRenderFuzzer"]),
        .executable(name: "lottie-load-fuzzer", targets: ["LottieLoadFuzzer"]),
    ]
    package.targets += [
        // libFuzzer harness of the scene decoder (Tests/Fuzz/README.md); a replayer of saved inputs otherwise.
        .executableTarget(
            name: "SceneDecodeFuzzer", dependencies: ["SceneLoading", "SceneSyntax", "FuzzDriver", "SceneModel"],
            path: "Tests/Fuzz/SceneDecodeFuzzer"),
        // The other harnesses (Tests/Fuzz/README.md), over the driver entry and input reader they share.
        .target(name: "FuzzDriver", path: "Tests/Fuzz/FuzzDriver"),
        .executableTarget(
            name: "IconLoadFuzzer", dependencies: ["FuzzDriver", "Icons", "Geometry", "Raster", "Pipeline"],
            path: "Tests/Fuzz/IconLoadFuzzer"),
        .executableTarget(
            name: "ImageDecodeFuzzer",
            dependencies: ["FuzzDriver", "Images", "CTurboJPEG", "CWebP", "Geometry", "Raster"],
            path: "Tests/Fuzz/ImageDecodeFuzzer"),
        .executableTarget(
            name: "TextShapeFuzzer", dependencies: ["FuzzDriver", "Text", "Geometry", "Raster"],
            path: "Tests/Fuzz/TextShapeFuzzer"),
        .executableTarget(
            name: "LottieLoadFuzzer", dependencies: ["FuzzDriver", "LottiePlayback"],
            path: "Tests/Fuzz/LottieLoadFuzzer"),
        .executableTarget(
            name: "RasterFuzzer", dependencies: ["FuzzDriver", "Raster", "Geometry", "Colors"],
            path: "Tests/Fuzz/RasterFuzzer"),
        .executableTarget(
            name: "SceneRenderFuzzer",
            dependencies: ["SceneLoading", "SceneSyntax", "FuzzDriver", "Pipeline", "SceneModel", "Raster"],
            path: "Tests/Fuzz/SceneRenderFuzzer"),
    ]
}
