#!/usr/bin/env python3
"""Writes scenes/screens/home.svg: a phone screen as a design tool exports it, for the bundled
scene design-screen.yaml and the layer-tree tests.

It has the structure such exports have: a frame group clipped to the screen, nested groups with
ids (the parts a scene animates), text converted to paths (Inter's outlines, as Figma's
"Outline text" and Sketch's "Convert to outlines" write it), linear and radial gradients, a
masked avatar, group opacity, transforms (translate, rotate), and <defs> after the content, as
Figma puts them.

Run once by hand when the design changes (it needs fontTools: `pip install fonttools`); the
file is committed, so neither a render nor the tests need this script:

    python3 Tests/Tools/make_design_screen.py > scenes/screens/home.svg
"""

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

INTER = "/usr/share/fonts/opentype/inter/Inter-{}.otf"
_fonts = {}


def text(string, x, y, size, weight="Regular", fill="#1C1C1E", anchor="start"):
    """A <path> of `string`'s outlines, baseline at y, starting (or ending, or centred) at x."""
    font = _fonts.setdefault(weight, TTFont(INTER.format(weight)))
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    scale = size / font["head"].unitsPerEm
    names = [cmap[ord(c)] for c in string]
    width = sum(glyphs[n].width for n in names) * scale
    start = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.2f}".rstrip("0").rstrip("."))
    advance = 0.0
    for name in names:
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, start + advance, y)))
        advance += glyphs[name].width * scale
    return f'<path d="{pen.getCommands()}" fill="{fill}"/>'


def row(index, y, title, detail, color, icon):
    return f"""<g id="row-{index}" transform="translate(16 {y})">
<rect width="358" height="64" rx="14" fill="white"/>
<circle cx="32" cy="32" r="18" fill="{color}"/>
<path d="{icon}" stroke="white" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
{text(title, 62, 28, 16, "SemiBold")}
{text(detail, 62, 47, 13, fill="#8E8E93")}
<path d="M334 25L341 32L334 39" stroke="#C7C7CC" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
</g>"""


def screen():
    parts = [
        '<svg width="390" height="844" viewBox="0 0 390 844" fill="none" xmlns="http://www.w3.org/2000/svg">',
        '<g id="Home" clip-path="url(#clip0_2_18)">',
        '<rect width="390" height="844" fill="#F2F2F7"/>',
        '<g id="header">',
        '<rect width="390" height="260" fill="url(#paint0_linear_2_18)"/>',
        text("9:41", 36, 32, 16, "SemiBold", fill="white"),
        '<rect x="330" y="21" width="24" height="12" rx="3.5" stroke="white" stroke-opacity="0.5"/>',
        '<rect x="332" y="23" width="18" height="8" rx="2" fill="white"/>',
        text("Friday, 4 December", 24, 96, 15, "Medium", fill="white"),
        f'<g id="title">{text("Good morning", 24, 134, 32, "Bold", fill="white")}</g>',
        "</g>",
        '<g id="card" transform="translate(16 170)">',
        '<rect width="358" height="150" rx="20" fill="white"/>',
        '<rect x="0.5" y="0.5" width="357" height="149" rx="19.5" stroke="#000" stroke-opacity="0.06"/>',
        '<g id="avatar" transform="translate(20 20)">',
        '<g mask="url(#mask0_2_18)">',
        '<rect width="56" height="56" fill="url(#paint1_radial_2_18)"/>',
        text("MC", 28, 35, 20, "Bold", fill="white", anchor="middle"),
        "</g>",
        "</g>",
        text("Maya Chen", 92, 42, 18, "SemiBold"),
        text("3 new messages", 92, 64, 14, fill="#8E8E93"),
        '<g id="badge" transform="translate(306 30)">',
        '<circle cx="12" cy="12" r="12" fill="#FF3B30"/>',
        text("3", 12, 17, 14, "Bold", fill="white", anchor="middle"),
        "</g>",
        '<g id="progress">',
        '<rect x="20" y="104" width="318" height="8" rx="4" fill="#E5E5EA"/>',
        '<rect x="20" y="104" width="212" height="8" rx="4" fill="url(#paint2_linear_2_18)"/>',
        "</g>",
        text("2 of 3 goals today", 20, 134, 13, fill="#8E8E93"),
        "</g>",
        '<g id="promo" opacity="0.92" transform="translate(16 336)">',
        '<rect width="358" height="72" rx="16" fill="#1C1C1E"/>',
        text("Try the new studio", 20, 32, 16, "SemiBold", fill="white"),
        text("Scrub motion frame by frame", 20, 52, 13, fill="#AEAEB2"),
        '<circle cx="322" cy="36" r="16" fill="#0A84FF"/>',
        '<path d="M318 29L326 36L318 43" stroke="white" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
        "</g>",
        row(1, 424, "Morning run", "5.2 km · 28 min", "#34C759", "M40 32H24M32 24V40"),
        row(2, 500, "Design review", "11:00 · Studio B", "#5856D6", "M25 33L30 38L39 27"),
        row(3, 576, "Lunch with Sam", "12:30 · Corner Café", "#FF9500", "M32 24V32L37 35"),
        '<g id="fab" transform="translate(318 724) rotate(45)">',
        '<circle r="28" fill="#0A84FF"/>',
        '<path d="M0 -10V10M-10 0H10" stroke="white" stroke-width="3" stroke-linecap="round"/>',
        "</g>",
        '<g id="tab-bar">',
        '<rect y="760" width="390" height="84" fill="white" fill-opacity="0.94"/>',
        '<path d="M0 760.5H390" stroke="#000" stroke-opacity="0.1"/>',
        '<path d="M46 792L58 782L70 792V804H46Z" fill="#0A84FF"/>',
        '<circle cx="150" cy="792" r="10" stroke="#8E8E93" stroke-width="2"/>',
        '<path d="M157 799L163 805" stroke="#8E8E93" stroke-width="2" stroke-linecap="round"/>',
        '<rect x="228" y="782" width="24" height="22" rx="5" stroke="#8E8E93" stroke-width="2"/>',
        '<circle cx="344" cy="788" r="6" stroke="#8E8E93" stroke-width="2"/>',
        '<path d="M333 805C333 798 355 798 355 805" stroke="#8E8E93" stroke-width="2" stroke-linecap="round"/>',
        '<rect x="128" y="830" width="134" height="5" rx="2.5" fill="#000"/>',
        "</g>",
        "</g>",
        "<defs>",
        '<linearGradient id="paint0_linear_2_18" x1="0" y1="0" x2="390" y2="260" gradientUnits="userSpaceOnUse">',
        '<stop stop-color="#5E5CE6"/><stop offset="1" stop-color="#0A84FF"/>',
        "</linearGradient>",
        '<radialGradient id="paint1_radial_2_18" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" '
        'gradientTransform="translate(18 14) rotate(50) scale(60)">',
        '<stop stop-color="#FF9F0A"/><stop offset="1" stop-color="#FF375F"/>',
        "</radialGradient>",
        '<linearGradient id="paint2_linear_2_18" x1="20" y1="108" x2="232" y2="108" gradientUnits="userSpaceOnUse">',
        '<stop stop-color="#30D158"/><stop offset="1" stop-color="#34C759"/>',
        "</linearGradient>",
        '<mask id="mask0_2_18" style="mask-type:alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="56" height="56">',
        '<circle cx="28" cy="28" r="28" fill="#D9D9D9"/>',
        "</mask>",
        '<clipPath id="clip0_2_18"><rect width="390" height="844" fill="white"/></clipPath>',
        "</defs>",
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(screen(), end="")
