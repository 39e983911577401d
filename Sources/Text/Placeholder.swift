import Geometry
import CFreeTypeSystem
import CHarfBuzz
import CFriBidi
let a = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_SCALE
let b = HB_DIRECTION_RTL
let c = FRIBIDI_PAR_ON
let e = FT_CURVE_TAG_ON
