import Foundation
import SceneSyntax

// Every declared object, and the generated files they produce.

package enum SceneKeys {
    /// Every declared object, in the order the schema generator rewrites them (an object before
    /// the objects nested in it).
    package static var specs: [AnySpec] {
        [
            AnySpec(RootKeys.spec), AnySpec(OutputKeys.spec), AnySpec(CanvasKeys.spec), AnySpec(ItemKeys.spec),
            AnySpec(LayersKeys.spec), AnySpec(BorderKeys.spec), AnySpec(ShadowKeys.spec),
            AnySpec(FilterKeys.spec), AnySpec(GaussianBlurKeys.spec), AnySpec(BackgroundEffectKeys.spec),
            AnySpec(ScrollKeys.spec), AnySpec(ScrollDragKeys.spec), AnySpec(OffsetChangeKeys.spec),
            AnySpec(MediaTimingKeys.spec), AnySpec(ShapeKeys.spec), AnySpec(TouchesKeys.spec), AnySpec(FrameKeys.spec),
            AnySpec(TextKeys.spec), AnySpec(FontKeys.spec),
            AnySpec(AnimationKeys.basic), AnySpec(AnimationKeys.keyframe), AnySpec(AnimationKeys.spring),
            AnySpec(ViewAnimationKeys.spec), AnySpec(ViewSpringKeys.spec), AnySpec(KeyframeBlockKeys.spec),
            AnySpec(CompletionKeys.spec), AnySpec(AnimatorKeys.spec), AnySpec(AnimatorBlockKeys.spec),
            AnySpec(TimingParametersKeys.spec), AnySpec(AnimatorCallKeys.spec), AnySpec(LayerCallKeys.spec),
            AnySpec(ScrubDragKeys.spec),
            AnySpec(ScrubDragKeys.spec, at: AnimatorCallKeys.spec.schemaPath + ["properties", "drag"]),
            AnySpec(DynamicsTimelineKeys.spec), AnySpec(DragKeys.spec), AnySpec(ItemGroupKeys.spec),
            AnySpec(ViewDragKeys.spec), AnySpec(AnimationKeys.group),
            AnySpec(ComponentKeys.spec), AnySpec(RepeatKeys.spec), AnySpec(ControlKeys.spec), AnySpec(ImageKeys.spec),
            AnySpec(LottieKeys.spec), AnySpec(GradientKeys.spec), AnySpec(GradientKeys.body),
        ] + NestedKeys.schemaSpecs + BehaviorKeys.specs
    }

    /// The tables of docs/scene-format.md: marker, objects, and whether a "kind" column comes first.
    package static var docTables: [(marker: String, specs: [AnySpec], kindColumn: Bool)] {
        [
            ("top", [AnySpec(RootKeys.spec)], false),
            ("canvas", [AnySpec(CanvasKeys.spec)], false),
            ("item", [AnySpec(ItemKeys.spec)], false),
            ("behaviors", BehaviorKeys.specs, true),
            ("mediaTiming", [AnySpec(MediaTimingKeys.spec)], false),
            ("shape", [AnySpec(ShapeKeys.spec)], false),
            ("output", [AnySpec(OutputKeys.spec)], false),
            ("touches", [AnySpec(TouchesKeys.spec)], false),
            ("frame", [AnySpec(FrameKeys.spec)], false),
            ("filter", [AnySpec(FilterKeys.spec), AnySpec(GaussianBlurKeys.spec)], true),
            ("backgroundEffect", [AnySpec(BackgroundEffectKeys.spec)], false),
            (
                "scroll", [AnySpec(ScrollKeys.spec), AnySpec(ScrollDragKeys.spec), AnySpec(OffsetChangeKeys.spec)],
                false
            ),
            ("image", [AnySpec(ImageKeys.spec)], false),
            ("lottie", [AnySpec(LottieKeys.spec)], false),
            ("layers", [AnySpec(LayersKeys.spec)], false),
            ("gradient", [AnySpec(GradientKeys.spec), AnySpec(GradientKeys.body)], false),
            ("text", [AnySpec(TextKeys.spec)], false),
            ("font", [AnySpec(FontKeys.spec)], false),
            ("animations", AnimationKeys.docSpecs, true),
            ("viewAnimation", [AnySpec(ViewAnimationKeys.spec)], false),
            ("animator", [AnySpec(AnimatorKeys.spec)], false),
            ("layerCall", [AnySpec(LayerCallKeys.spec)], false),
            ("itemGroup", [AnySpec(ItemGroupKeys.spec)], false),
            ("dynamicsTimeline", [AnySpec(DynamicsTimelineKeys.spec)], false),
            ("control", [AnySpec(ControlKeys.spec)], false),
            ("component", [AnySpec(ComponentKeys.spec)], false),
            ("repeat", [AnySpec(RepeatKeys.spec)], false),
        ]
    }

    /// The call tables of docs/scene-format.md (`<!-- calls:<marker> -->`): one row per call.
    package static var callTables: [(marker: String, calls: [CallDeclaration], arguments: AnySpec)] {
        [("animatorCall", AnimatorCallKeys.declarations, AnySpec(AnimatorCallKeys.spec))]
    }
}
