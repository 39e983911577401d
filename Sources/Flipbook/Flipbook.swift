// The library a package imports to build, load, render and check scenes: `import Flipbook`.
//
// One import brings every type its API speaks of: the geometry and colours a scene is written
// in, the scene model and its loader with their error, Core Animation timing and UIKit Dynamics
// (for behaviours written in Swift), the render pipeline, image and trace comparison, and goldens.

@_exported import Colors
@_exported import Dynamics
@_exported import Geometry
@_exported import Goldens
@_exported import ImageDiff
@_exported import Pipeline
@_exported import SceneLoading
@_exported import SceneModel
@_exported import SceneSyntax
@_exported import Timing
