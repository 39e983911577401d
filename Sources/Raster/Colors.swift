// `ColorRGBA8` lives in the leaf module `Colors`, which the scene model and timing import
// without the rasterizer; re-exported so code that imports Raster keeps seeing it.
@_exported import Colors
